import { problems, type FieldError } from '../../errors.js';
import { canonicalJson } from '../../pagination/cursor.js';
import { TRACE_FIELDS, type FieldCatalog } from './field-catalog.js';
import { FILTER_LIMITS, FILTER_OPERATORS, type FilterGroup, type FilterNode, type FilterOperator, type FilterRule, type FilterValue } from './filter-types.js';
import { operandErrors } from './operand-rules.js';
import { codePoints, isPlainObject, pointerToken, valueShapeErrors } from './value-shape.js';

/** Problem bodies carry at most 20 field errors of paths up to 160 characters. */
const MAX_ERRORS = 20;
const MAX_PATH = 160;

export interface FilterValidationOptions {
  /** JSON pointer of the tree in the request, e.g. `/body/filters`. */
  path?: string;
  catalog?: FieldCatalog;
}

const GROUP_KEYS = new Set(['id', 'type', 'logicalOperator', 'rules']);
const RULE_KEYS = new Set(['id', 'field', 'label', 'operator', 'value']);
const OPERATORS: ReadonlySet<string> = new Set(FILTER_OPERATORS);

/**
 * Normalization, which is also what is stored and returned: `id`, `field` and `label` are trimmed
 * (values are kept verbatim: leading or trailing spaces in an operand can be meant), and the tree is
 * measured as canonical JSON (object keys sorted, no insignificant whitespace, UTF-8).
 */
export const normalizedBytes = (nodes: readonly FilterNode[]): number => Buffer.byteLength(canonicalJson(nodes), 'utf8');

/** Walks a tree once, collecting errors at the JSON pointer of each offending node. */
class TreeWalker {
  readonly errors: FieldError[] = [];
  private nodeCount = 0;

  constructor(private readonly catalog: FieldCatalog) {}

  fail(path: string, code: string, message: string): void {
    if (this.errors.length >= MAX_ERRORS) return;
    this.errors.push({ code, message: message.slice(0, 160), path: path.length <= MAX_PATH ? path : `${path.slice(0, MAX_PATH - 1)}…` });
  }

  topLevel(input: unknown, path: string): FilterNode[] {
    if (!Array.isArray(input)) {
      this.fail(path, 'type', 'must be an array of filter nodes');
      return [];
    }
    if (input.length > FILTER_LIMITS.topLevelNodes) this.fail(path, 'max_items', `must have at most ${FILTER_LIMITS.topLevelNodes} nodes`);
    return this.children(input, path, 0);
  }

  private children(items: unknown[], path: string, parentLevel: number): FilterNode[] {
    const nodes: FilterNode[] = [];
    items.forEach((item, index) => {
      const node = this.node(item, `${path}/${index}`, parentLevel);
      if (node) nodes.push(node);
    });
    return nodes;
  }

  private node(input: unknown, path: string, parentLevel: number): FilterNode | null {
    this.nodeCount++;
    if (this.nodeCount === FILTER_LIMITS.totalNodes + 1) {
      this.fail(path, 'max_nodes', `a filter has at most ${FILTER_LIMITS.totalNodes} nodes (rules and groups); this is node ${this.nodeCount}`);
    }
    if (!isPlainObject(input)) {
      this.fail(path, 'type', 'must be a rule or group object');
      return null;
    }
    if ('type' in input) {
      if (input.type === 'group') return this.group(input, path, parentLevel + 1);
      this.fail(`${path}/type`, 'const', 'must be "group" (rules have no type)');
      return null;
    }
    return this.rule(input, path);
  }

  private unknownKeys(input: Record<string, unknown>, allowed: ReadonlySet<string>, path: string): void {
    for (const key of Object.keys(input)) {
      if (!allowed.has(key)) this.fail(`${path}/${pointerToken(key)}`, 'additional_properties', `unknown property ${key.slice(0, 100)}`);
    }
  }

  /** A trimmed string of min..max code points, or null after recording why not. */
  private text(input: Record<string, unknown>, key: string, path: string, min: number, max: number, required: boolean): string | null {
    if (!(key in input)) {
      if (required) this.fail(path, 'required', `must have property ${key}`);
      return null;
    }
    const value = input[key];
    if (typeof value !== 'string') {
      this.fail(`${path}/${key}`, 'type', 'must be a string');
      return null;
    }
    const trimmed = value.trim();
    const length = codePoints(trimmed);
    if (length < min) this.fail(`${path}/${key}`, 'min_length', `must have at least ${min} character${min === 1 ? '' : 's'} after trimming`);
    else if (length > max) this.fail(`${path}/${key}`, 'max_length', `must have at most ${max} characters`);
    else return trimmed;
    return null;
  }

  private group(input: Record<string, unknown>, path: string, level: number): FilterGroup | null {
    if (level > FILTER_LIMITS.groupDepth) {
      // Deeper groups would repeat the same complaint; one error at the first group too deep says it.
      this.fail(path, 'max_depth', `groups nest at most ${FILTER_LIMITS.groupDepth} levels; this group is at level ${level}`);
      return null;
    }
    this.unknownKeys(input, GROUP_KEYS, path);
    const id = this.text(input, 'id', path, 1, FILTER_LIMITS.idLength, true);
    let logicalOperator: 'And' | 'Or' | null = null;
    if (!('logicalOperator' in input)) this.fail(path, 'required', 'must have property logicalOperator');
    else if (input.logicalOperator === 'And' || input.logicalOperator === 'Or') logicalOperator = input.logicalOperator;
    else this.fail(`${path}/logicalOperator`, 'enum', 'must be And or Or');

    let rules: FilterNode[] = [];
    if (!('rules' in input)) this.fail(path, 'required', 'must have property rules');
    else if (!Array.isArray(input.rules)) this.fail(`${path}/rules`, 'type', 'must be an array of filter nodes');
    else {
      if (input.rules.length > FILTER_LIMITS.rulesPerGroup) {
        this.fail(`${path}/rules`, 'max_items', `a group has at most ${FILTER_LIMITS.rulesPerGroup} rules`);
      }
      rules = this.children(input.rules, `${path}/rules`, level);
    }
    if (id === null || logicalOperator === null) return null;
    return { id, type: 'group', logicalOperator, rules };
  }

  private rule(input: Record<string, unknown>, path: string): FilterRule | null {
    this.unknownKeys(input, RULE_KEYS, path);
    const id = this.text(input, 'id', path, 1, FILTER_LIMITS.idLength, true);
    const field = this.text(input, 'field', path, 1, FILTER_LIMITS.fieldLength, true);
    const label = this.text(input, 'label', path, 0, FILTER_LIMITS.labelLength, false);
    const resolved = field === null ? null : this.catalog.resolve(field);
    if (field !== null && !resolved) {
      // Without spaces: the trace catalog's names fit in a message's 160 characters (the contract's bound).
      // The whole list no longer fits the 160 characters a field error's message may have.
      const names = this.catalog.names.join(',');
      this.fail(`${path}/field`, 'unknown_field', names.length <= 148 ? `not one of ${names}` : 'not a known field (the fields are listed in docs/saved-filters.md)');
    }

    let operator: FilterOperator | null = null;
    if (!('operator' in input)) this.fail(path, 'required', 'must have property operator');
    else if (typeof input.operator === 'string' && OPERATORS.has(input.operator)) operator = input.operator as FilterOperator;
    else this.fail(`${path}/operator`, 'enum', 'must be one of the 17 filter operators');

    if (!('value' in input)) {
      this.fail(path, 'required', 'must have property value (null for is_empty and is_not_empty)');
      return null;
    }
    const shapeErrors = valueShapeErrors(input.value, `${path}/value`);
    shapeErrors.forEach((error) => this.fail(error.path, error.code, error.message));
    if (shapeErrors.length === 0 && resolved && operator) {
      operandErrors(resolved, operator, input.value, `${path}/value`, `${path}/operator`).forEach((error) => this.fail(error.path, error.code, error.message));
    }
    if (id === null || field === null || operator === null) return null;
    const rule: FilterRule = { id, field, operator, value: structuredClone(input.value) as FilterValue };
    if (label !== null) rule.label = label;
    return rule;
  }
}

/** Every error of a filter tree, with the normalized tree when there are none. */
export function checkFilterTree(input: unknown, options: FilterValidationOptions = {}): { nodes: FilterNode[]; errors: FieldError[] } {
  const path = options.path ?? '/filters';
  const walker = new TreeWalker(options.catalog ?? TRACE_FIELDS);
  const nodes = walker.topLevel(input, path);
  if (walker.errors.length === 0 && normalizedBytes(nodes) > FILTER_LIMITS.normalizedBytes) {
    walker.fail(path, 'max_bytes', `the normalized filter is ${normalizedBytes(nodes)} bytes; at most ${FILTER_LIMITS.normalizedBytes} are allowed`);
  }
  return { nodes, errors: walker.errors };
}

/** The normalized tree, or ProblemError 400 PUBLIC_API_VALIDATION_FAILED whose errors point at the offending nodes. */
export function validateFilterTree(input: unknown, options: FilterValidationOptions = {}): FilterNode[] {
  const { nodes, errors } = checkFilterTree(input, options);
  if (errors.length) throw problems.validation('The filter is invalid; see errors.', errors);
  return nodes;
}
