import { ScimError } from './scim-error.js';
import { checkedText } from './scim-text.js';

/**
 * The SCIM filter grammar (RFC 7644 §3.4.2.2) for the attributes this service filters on, parsed by
 * recursive descent into a tree the repository turns into bound parameters — a value is never SQL
 * text. Bounds keep a hostile filter cheap: at most MAX_FILTER_LENGTH characters, MAX_COMPARISONS
 * comparisons and MAX_DEPTH nested groups; anything past them is a 400 `invalidFilter`.
 */
export const MAX_FILTER_LENGTH = 1000;
export const MAX_COMPARISONS = 10;
export const MAX_DEPTH = 5;

export type ScimFilterOperator = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'pr';
/** Filterable attributes: `email` is the primary email (emails / emails.value). */
export type ScimFilterAttribute = 'id' | 'userName' | 'externalId' | 'displayName' | 'email' | 'active';

export type ScimFilter =
  | { kind: 'compare'; attribute: ScimFilterAttribute; operator: ScimFilterOperator; value: string | boolean | null }
  | { kind: 'and' | 'or'; left: ScimFilter; right: ScimFilter }
  | { kind: 'not'; filter: ScimFilter };

const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:user:';
const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:group:';

/** Attribute names per resource type, lower-cased (attribute names are case-insensitive, RFC 7643 §2.1). */
export const USER_FILTER_ATTRIBUTES: Readonly<Record<string, ScimFilterAttribute>> = {
  id: 'id',
  username: 'userName',
  externalid: 'externalId',
  displayname: 'displayName',
  emails: 'email',
  'emails.value': 'email',
  active: 'active',
};
export const GROUP_FILTER_ATTRIBUTES: Readonly<Record<string, ScimFilterAttribute>> = { id: 'id', displayname: 'displayName', externalid: 'externalId' };

const OPERATORS = new Set(['eq', 'ne', 'co', 'sw', 'ew', 'pr', 'gt', 'ge', 'lt', 'le']);

type Token = { type: 'word'; text: string } | { type: 'string'; value: string } | { type: '(' | ')' | '[' | ']' };

const invalid = (detail: string): ScimError => new ScimError(400, detail, 'invalidFilter');

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ') {
      i++;
    } else if (c === '(' || c === ')' || c === '[' || c === ']') {
      tokens.push({ type: c });
      i++;
    } else if (c === '"') {
      // A JSON string (RFC 7644: compValue is a JSON value); JSON.parse reads its escapes.
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) throw invalid('A string in the filter is not closed.');
      let value: unknown;
      try {
        value = JSON.parse(text.slice(i, j + 1));
      } catch {
        throw invalid('A string in the filter has a bad escape.');
      }
      tokens.push({ type: 'string', value: value as string });
      i = j + 1;
    } else if (/[A-Za-z0-9:._$-]/.test(c)) {
      let j = i;
      while (j < text.length && /[A-Za-z0-9:._$-]/.test(text[j])) j++;
      tokens.push({ type: 'word', text: text.slice(i, j) });
      i = j;
    } else {
      throw invalid(`Unexpected character ${JSON.stringify(c)} at position ${i + 1} of the filter.`);
    }
  }
  return tokens;
}

class Parser {
  private position = 0;
  private comparisons = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly attributes: Readonly<Record<string, ScimFilterAttribute>>,
    private readonly schemaPrefix: string,
  ) {}

  parse(): ScimFilter {
    const filter = this.or(0);
    if (this.position < this.tokens.length) throw invalid('The filter has text after its end.');
    return filter;
  }

  private peekWord(): string | null {
    const token = this.tokens[this.position];
    return token?.type === 'word' ? token.text.toLowerCase() : null;
  }

  private or(depth: number): ScimFilter {
    let left = this.and(depth);
    while (this.peekWord() === 'or') {
      this.position++;
      left = { kind: 'or', left, right: this.and(depth) };
    }
    return left;
  }

  private and(depth: number): ScimFilter {
    let left = this.unary(depth);
    while (this.peekWord() === 'and') {
      this.position++;
      left = { kind: 'and', left, right: this.unary(depth) };
    }
    return left;
  }

  private unary(depth: number): ScimFilter {
    if (this.peekWord() === 'not') {
      this.position++;
      if (this.tokens[this.position]?.type !== '(') throw invalid('"not" must be followed by a parenthesized filter.');
      return { kind: 'not', filter: this.group(depth) };
    }
    if (this.tokens[this.position]?.type === '(') return this.group(depth);
    return this.comparison();
  }

  private group(depth: number): ScimFilter {
    if (depth + 1 > MAX_DEPTH) throw invalid(`The filter nests more than ${MAX_DEPTH} groups.`);
    this.position++; // (
    const inner = this.or(depth + 1);
    if (this.tokens[this.position]?.type !== ')') throw invalid('A parenthesis in the filter is not closed.');
    this.position++;
    return inner;
  }

  private comparison(): ScimFilter {
    const path = this.tokens[this.position++];
    if (path?.type !== 'word') throw invalid('The filter expects an attribute name.');
    if (this.tokens[this.position]?.type === '[') throw invalid('Value-path filters (attr[…]) are not supported; filter on emails or emails.value.');
    let name = path.text.toLowerCase();
    if (name.startsWith(this.schemaPrefix)) name = name.slice(this.schemaPrefix.length);
    const attribute = this.attributes[name];
    if (!attribute) throw invalid(`The filter cannot use the attribute ${path.text}; it supports ${Object.keys(this.attributes).join(', ')}.`);
    const operatorToken = this.tokens[this.position++];
    const operator = operatorToken?.type === 'word' ? operatorToken.text.toLowerCase() : '';
    if (!OPERATORS.has(operator)) throw invalid(`The filter expects an operator after ${path.text}.`);
    if (operator === 'gt' || operator === 'ge' || operator === 'lt' || operator === 'le') throw invalid(`The operator ${operator} is not supported on ${path.text}.`);
    if (++this.comparisons > MAX_COMPARISONS) throw invalid(`The filter has more than ${MAX_COMPARISONS} comparisons.`);
    if (attribute === 'id' && operator !== 'eq' && operator !== 'ne' && operator !== 'pr') throw invalid('id supports eq, ne and pr only.');
    if (operator === 'pr') return { kind: 'compare', attribute, operator, value: null };
    const valueToken = this.tokens[this.position++];
    let value: string | boolean;
    if (valueToken?.type === 'string') value = valueToken.value;
    else if (valueToken?.type === 'word' && (valueToken.text === 'true' || valueToken.text === 'false')) value = valueToken.text === 'true';
    else throw invalid(`The filter expects a quoted string or true/false after ${path.text} ${operator}.`);
    if ((attribute === 'active') !== (typeof value === 'boolean')) throw invalid(`${path.text} compares with ${attribute === 'active' ? 'true or false' : 'a quoted string'}.`);
    if (typeof value === 'boolean' && operator !== 'eq' && operator !== 'ne') throw invalid(`${path.text} supports eq and ne only.`);
    if (typeof value === 'string') {
      try {
        checkedText(value, 'A filter value', 320);
      } catch (error) {
        throw invalid((error as Error).message);
      }
    }
    return { kind: 'compare', attribute, operator: operator as ScimFilterOperator, value };
  }
}

/** Parses a Users (`resource: 'User'`) or Groups filter; refuses what it cannot answer exactly. */
export function parseScimFilter(text: string, resource: 'User' | 'Group'): ScimFilter {
  if (text.length > MAX_FILTER_LENGTH) throw new ScimError(400, `The filter is longer than ${MAX_FILTER_LENGTH} characters.`, 'invalidFilter');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text)) throw invalid('The filter contains a control character.');
  const tokens = tokenize(text);
  if (tokens.length === 0) throw invalid('The filter is empty.');
  return new Parser(tokens, resource === 'User' ? USER_FILTER_ATTRIBUTES : GROUP_FILTER_ATTRIBUTES, resource === 'User' ? USER_SCHEMA : GROUP_SCHEMA).parse();
}
