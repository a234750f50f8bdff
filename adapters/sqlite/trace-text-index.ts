import type { Knex } from 'knex';
import type { FacetColumn, SearchClause, SearchDocument, SearchFilter, SearchQuery, TraceTextIndex } from '../sql/trace-text-index.js';
import { transactionConnection } from './prepared-rows.js';
import type { RowStep } from './sqlite-thread.js';

/**
 * Trace ids per statement that lists them: under SQLite's bound-parameter limit, and the size the
 * other multi-row writes use (test/traces/ingest.test.ts stores the documented maximum of 1000).
 */
const CHUNK = 500;

/** The project of a document, kept in the `scope` column (hex without dashes). */
export const scopeToken = (projectId: string): string => `p${projectId.replace(/-/g, '').toLowerCase()}`;

/**
 * Facet tokens: each of a trace's equality-filter values (status, framework, session, user) as one
 * word of its document's `scope` column, beside the project's scope token, so a filtered search
 * intersects the words with the filter inside the text index instead of reading every match's
 * trace (migration 028). A token is its column's tag, the project (as in the scope token), the
 * value's UTF-8 bytes in hex — exact and case-sensitive, as the filter's equality is — and 64 `z`s:
 * FTS5's Porter stemmer leaves words over 64 characters as they are, and no hex digit is a `z`, so
 * distinct values always give distinct words.
 */
const FACET_TAGS: Record<FacetColumn, string> = { status: 'st', framework: 'fw', session_id: 'se', user_id: 'us' };
const FACET_PAD = 'z'.repeat(64);

export const facetToken = (projectId: string, column: FacetColumn, value: string): string =>
  `${FACET_TAGS[column]}${projectId.replace(/-/g, '').toLowerCase()}${Buffer.from(value, 'utf8').toString('hex')}${FACET_PAD}`;

/** The facet tokens of trace `t`, as SQL: the same words facetToken makes (SQLite's hex() is of the text's UTF-8 bytes; a NULL column gives none). */
export const FACET_TOKENS_SQL = (Object.entries(FACET_TAGS) as [FacetColumn, string][])
  .map(([column, tag]) => `CASE WHEN t.${column} IS NULL THEN '' ELSE ' ${tag}' || replace(lower(t.project_id), '-', '') || lower(hex(t.${column})) || '${FACET_PAD}' END`)
  .join(' || ');

/** A document's whole scope column, as WRITE makes it from the trace row: for writers that hold the trace's values (the bench's physical limit). */
export const scopeOf = (projectId: string, values: Partial<Record<FacetColumn, string | null>>): string =>
  [scopeToken(projectId), ...(Object.keys(FACET_TAGS) as FacetColumn[]).flatMap((column) => { const value = values[column]; return typeof value === 'string' ? [facetToken(projectId, column, value)] : []; })].join(' ');

/** The facet equalities a filter sets. */
const facetEntries = (facets: SearchFilter['facets']): [FacetColumn, string][] =>
  (Object.entries(facets) as [FacetColumn, string | undefined][]).filter((entry): entry is [FacetColumn, string] => entry[1] !== undefined);

/** `scope : "fw…" AND scope : "st…"`: the documents carrying every facet of the filter (each token names the project too). */
function facetExpression(projectId: string, facets: SearchFilter['facets']): string | null {
  const entries = facetEntries(facets);
  return entries.length === 0 ? null : entries.map(([column, value]) => `scope : "${facetToken(projectId, column, value)}"`).join(' AND ');
}

/** The filter's facets as an FTS5 expression, when its project's documents all carry their tokens (SearchFilter.facetsIndexed). */
const indexedFacets = (projectId: string, filter: SearchFilter | undefined): string | null =>
  filter?.facetsIndexed ? facetExpression(projectId, filter.facets) : null;

/**
 * Projects every document of which carries its facet tokens. Only migration 028 marks a project's
 * documents as lacking them (`search_reindexes.facets_pending`, cleared when the rebuild it queued
 * ends) and every document written since carries them, so once a project is found indexed it stays
 * so and is not asked again.
 */
const FACETS_INDEXED = new Set<string>();

/** An FTS5 phrase; words are letters and digits only, so quoting is always valid. */
const phraseOf = (clause: SearchClause): string => `"${clause.words.join(' ')}"${clause.prefix ? ' *' : ''}`;

/** `body : ((a AND "b c") NOT d NOT e*)`: FTS5's NOT is binary, so each exclusion wraps what precedes it. */
export function bodyExpression(query: SearchQuery): string {
  let expression = `(${query.include.map(phraseOf).join(' AND ')})`;
  for (const clause of query.exclude) expression = `(${expression} NOT ${phraseOf(clause)})`;
  return `body : ${expression}`;
}

/** Every document of the project, as an FTS5 expression (the scope token's doclist). */
export const scopeMatch = (projectId: string): string => `scope : "${scopeToken(projectId)}"`;

/** The project's documents matching the query, as one FTS5 expression (the scope token's doclist intersected with the body's). */
export const scopedExpression = (projectId: string, query: SearchQuery): string => `${scopeMatch(projectId)} AND ${bodyExpression(query)}`;

/**
 * A document is stored under its trace's rowid in `traces` (migration 024 re-keyed the older
 * ones), found by the trace's primary key in the same statement. OR REPLACE: SQLite hands a new
 * trace the rowid of the newest deleted one again, and the FTS table has no foreign key, so a
 * document left by a delete that went around the text index (a project row deleted directly, its
 * traces cascading) may still hold the rowid; it is replaced (no search could reach it). The scope
 * column gets the trace's facet tokens from the trace row itself, so a document rewritten after its
 * trace changed (an OTLP trace receiving more spans) follows it.
 */
const WRITE = `INSERT OR REPLACE INTO trace_search (rowid, scope, trace_id, body) SELECT t.rowid, ? || ${FACET_TOKENS_SQL}, t.id, ? FROM traces t WHERE t.project_id = ? AND t.id = ?`;

/** Writing these documents as one step of a call to the SQLite thread (run row by row through one kept statement). */
export function searchDocumentsStep(documents: readonly { projectId: string; traceId: string; body: string }[]): RowStep {
  return { sql: WRITE, rows: documents.map((d) => [scopeToken(d.projectId), d.body, d.projectId, d.traceId]) };
}

const listOf = (values: readonly unknown[]): string => values.map(() => '?').join(', ');

/**
 * SQLite FTS5 (`trace_search`, porter + unicode61 tokenizer), ranked by bm25.
 *
 * Each document's rowid is its trace's rowid in `traces`. A search then reaches a match's trace
 * by the table's own key — one page read — where the trace id (an UNINDEXED column) costs a read
 * of the document's row and then of the primary-key index: 47 ms against 285 ms for the 10,000
 * newest matches of a common word that pass a filter at a million traces. The rowid is also the
 * store order recentMatches walks (FTS5 reads a doclist in rowid order). VACUUM keeps the rowids
 * of both tables (test/traces/search-store-order.test.ts pins it).
 */
export const sqliteTraceTextIndex: TraceTextIndex = {
  async write(db, documents) {
    const step = searchDocumentsStep(documents);
    const connection = await transactionConnection(db);
    if (connection) {
      // Not waited for: a failure reaches the transaction's next statement (sqlite-thread.ts).
      connection.pipelineEach([step], (error) => error);
      return;
    }
    for (const row of step.rows) await db.raw(WRITE, row as Knex.RawBinding[]);
  },
  // Before the traces themselves are deleted (the rowids are looked up through them).
  async removeMany(db, projectId, traceIds) {
    for (let start = 0; start < traceIds.length; start += CHUNK) {
      const chunk = traceIds.slice(start, start + CHUNK);
      await db.raw(`DELETE FROM trace_search WHERE rowid IN (SELECT rowid FROM traces WHERE project_id = ? AND id IN (${listOf(chunk)}))`, [projectId, ...chunk]);
    }
  },
  // Written back under the same rowid, so each trace keeps its place in the store order.
  async replace(db, projectId, documents) {
    await sqliteTraceTextIndex.removeMany(db, projectId, documents.map((d) => d.traceId));
    await sqliteTraceTextIndex.write(db, documents);
  },
  /**
   * FTS5 reads the body's doclist newest rowid first and stops after `window` matches of the
   * project's traces; bm25 runs for those only. The match is on the body alone: with the scope token
   * in it, bm25 would count the documents of every phrase of the query on each search, and the scope
   * token is in every document of the project (34 ms per search at a million traces). So the project
   * is checked on the trace reached by rowid, CROSS JOIN keeping the index the outer loop (its order
   * is the window's).
   *
   * A filter's facets, once indexed, are phrases of the same match: their tokens name the project,
   * so no trace is read for the window, and only the documents passing the filter are walked (a
   * filter passed by one trace in six otherwise reads six traces per match kept). bm25 counts a
   * facet's documents once per search too, a project's share only; its weights leave the scope
   * column out of the score, so the ranking is the body's as without a filter.
   */
  recentMatches(db: Knex, projectId, query, window, filter) {
    const facets = indexedFacets(projectId, filter);
    const matches = db('trace_search')
      .select(db.raw('-bm25(trace_search, 0.0, 0.0, 1.0) AS relevance'), 'trace_search.rowid as recency')
      .whereRaw('trace_search MATCH ?', [facets ? `${facets} AND ${bodyExpression(query)}` : bodyExpression(query)]);
    const rest = facets ? filter?.rest : filter?.condition;
    if (!facets || rest) {
      matches.joinRaw('CROSS JOIN traces AS t').whereRaw('t.rowid = trace_search.rowid').where('t.project_id', projectId);
      if (rest) matches.modify(rest);
    }
    return matches.orderBy('trace_search.rowid', 'desc').limit(window);
  },
  /**
   * A candidate's document has its trace's rowid (`recency`): one lookup by the table's own key.
   * CROSS JOIN keeps the candidates the outer loop (SQLite has no estimate for the materialized
   * scores and would otherwise read every trace of the project).
   */
  joinTraces(qb: Knex.QueryBuilder, projectId: string) {
    qb.joinRaw('CROSS JOIN traces AS t').whereRaw('t.rowid = m.recency').where('t.project_id', projectId);
  },
  /**
   * Unranked, the project is best matched as its scope token inside the index: the index
   * intersects the two doclists, where comparing the column reads each matching row (a common
   * word at a million traces: 1.8 ms against 32 ms for the count). Indexed facets join the
   * intersection (their tokens name the project); the rest of a filter is checked on each
   * match's trace, reached by rowid.
   */
  countMatches(db: Knex, projectId, query, limit, filter) {
    const facets = indexedFacets(projectId, filter);
    const expression = facets ? `${facets} AND ${bodyExpression(query)}` : scopedExpression(projectId, query);
    const matches = db('trace_search').select(db.raw('1')).whereRaw('trace_search MATCH ?', [expression]);
    const rest = facets ? filter?.rest : filter?.condition;
    if (rest) matches.joinRaw('CROSS JOIN traces AS t').whereRaw('t.rowid = trace_search.rowid').where('t.project_id', projectId).modify(rest);
    return db.from(matches.limit(limit).as('c')).count({ n: '*' });
  },
  async facetsIndexed(db, projectId) {
    if (FACETS_INDEXED.has(projectId)) return true;
    const pending = await db('search_reindexes').where({ project_id: projectId, facets_pending: true }).first('project_id');
    if (pending) return false;
    FACETS_INDEXED.add(projectId);
    return true;
  },
  /**
   * One word in at most `limit` documents of the whole index (every project's: the page statements
   * walk the word's documents and check the project on each trace), its doclist read no further
   * than `limit` + 1 entries. No probe (null), so never few: a phrase, a prefix, several words or an
   * exclusion, each reading other doclists (a prefix every word it starts, a phrase or an AND its
   * words' lists) that this count does not bound; and indexed facets, whose documents bm25 counts
   * on every ranked search (a framework's, about a sixth of a million: 4.9 ms with a rare word).
   */
  fewMatches(db, query, limit, filter) {
    const [clause] = query.include;
    if (query.include.length !== 1 || query.exclude.length > 0 || clause.prefix || clause.words.length !== 1) return null;
    if (filter?.facetsIndexed && facetEntries(filter.facets).length > 0) return null;
    const documents = db('trace_search').select(db.raw('1')).whereRaw('trace_search MATCH ?', [`body : ${phraseOf(clause)}`]).limit(limit + 1);
    return db.from(documents.as('d')).count({ n: '*' });
  },
  matchCondition(projectId, query) {
    return { sql: 't.rowid IN (SELECT rowid FROM trace_search WHERE trace_search MATCH ?)', bindings: [scopedExpression(projectId, query)] };
  },
};
