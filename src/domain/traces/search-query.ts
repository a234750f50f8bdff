import type { SearchClause, SearchQuery } from '../../ports/traces.js';
import { splitWords, STOP_WORDS } from './search-words.js';

export type { SearchClause, SearchQuery };

/** More clauses than this add cost, not precision. */
export const MAX_CLAUSES = 32;
/** Shorter prefixes match most of the vocabulary: the index walk costs as much as a scan. */
export const MIN_PREFIX_CHARS = 3;

export type QueryError = { code: 'no_terms' | 'prefix_too_short' | 'too_many_terms'; message: string };

/**
 * Parses the query syntax (docs/search.md): words (`timeout`), prefixes (`time*`), phrases
 * (`"rate limit"`), and exclusions (`-word`, `-"a phrase"`, `-time*`). Every word is split as
 * documents are (search-words.ts), so `TimeoutError` is the phrase timeout error and matches where
 * the document said TimeoutError. A clause of stop words alone is dropped.
 */
export function parseSearchQuery(query: string): SearchQuery | QueryError {
  const parsed: SearchQuery = { include: [], exclude: [] };
  let count = 0;
  // -?  then a quoted phrase (closing quote optional) or a bare word; then an optional *.
  const pattern = /(-?)(?:"([^"]*)"?|([^\s"]+))/gu;
  for (const match of query.matchAll(pattern)) {
    const [, minus, quoted, bare] = match;
    let text = quoted ?? bare ?? '';
    let prefix = false;
    if (quoted === undefined && text.endsWith('*')) {
      prefix = true;
      text = text.replace(/\*+$/, '');
    } else if (quoted !== undefined && query[(match.index ?? 0) + match[0].length] === '*') {
      prefix = true;
    }
    const clause = clauseOf(text, prefix);
    if (!clause) continue;
    if (clause.prefix && clause.words[clause.words.length - 1].length < MIN_PREFIX_CHARS) {
      return { code: 'prefix_too_short', message: `a prefix (word*) needs at least ${MIN_PREFIX_CHARS} letters or digits` };
    }
    if (++count > MAX_CLAUSES) return { code: 'too_many_terms', message: `holds more than ${MAX_CLAUSES} words, phrases and prefixes` };
    (minus ? parsed.exclude : parsed.include).push(clause);
  }
  if (parsed.include.length === 0) {
    return { code: 'no_terms', message: 'must contain at least one word, phrase or prefix to find (not only stop words or exclusions)' };
  }
  return parsed;
}

function clauseOf(text: string, prefix: boolean): SearchClause | null {
  const all = splitWords(text);
  if (all.length === 0) return null;
  // The word being typed is kept even when it is a stop word: `under*` means understand too.
  const last = prefix ? all.pop()! : null;
  const words = all.filter((word) => !STOP_WORDS.has(word));
  if (last !== null) words.push(last);
  return words.length > 0 ? { words, prefix } : null;
}

/**
 * Whether the query holds a phrase (a clause of several words, included or excluded): a text index
 * finds the traces holding its words, and the words' order is then checked on each of them
 * (PostgreSQL: on its document; SQLite FTS5: on its position lists).
 */
export function hasPhrase(query: SearchQuery): boolean {
  return [...query.include, ...query.exclude].some((clause) => clause.words.length > 1);
}
