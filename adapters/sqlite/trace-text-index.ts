import type { Knex } from 'knex';
import type { SearchClause, SearchDocument, SearchQuery, TraceTextIndex } from '../sql/trace-text-index.js';
import { runPrepared, transactionConnection } from './prepared-rows.js';

/**
 * Trace ids per statement that lists them: under SQLite's bound-parameter limit, and the size the
 * other multi-row writes use (test/traces/ingest.test.ts stores the documented maximum of 1000).
 */
const CHUNK = 500;

/** The project of a document, kept in the `scope` column (hex without dashes). */
export const scopeToken = (projectId: string): string => `p${projectId.replace(/-/g, '').toLowerCase()}`;

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
 * traces cascading) may still hold the rowid; it is replaced (no search could reach it).
 */
const WRITE = `INSERT OR REPLACE INTO trace_search (rowid, scope, trace_id, body) SELECT t.rowid, ?, t.id, ? FROM traces t WHERE t.project_id = ? AND t.id = ?`;

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
    const rows = documents.map((d) => [scopeToken(d.projectId), d.body, d.projectId, d.traceId]);
    const connection = await transactionConnection(db);
    if (connection) return runPrepared(connection, WRITE, rows);
    for (const row of rows) await db.raw(WRITE, row);
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
   * project's traces; bm25 runs for those only. The project (and any filter) is checked on the
   * trace reached by rowid. The match is on the body alone: with the scope token in it, bm25
   * would count the documents of every phrase of the query on each search, and the scope token is
   * in every document of the project (34 ms per search at a million traces). CROSS JOIN keeps the
   * index the outer loop (its order is the window's).
   */
  recentMatches(db: Knex, projectId, query, window, filter) {
    return db('trace_search')
      .select('t.id as trace_id', db.raw('-bm25(trace_search) AS relevance'), 'trace_search.rowid as recency')
      .joinRaw('CROSS JOIN traces AS t')
      .whereRaw('trace_search MATCH ?', [bodyExpression(query)])
      .whereRaw('t.rowid = trace_search.rowid')
      .where('t.project_id', projectId)
      .modify((qb: Knex.QueryBuilder) => filter?.condition(qb))
      .orderBy('trace_search.rowid', 'desc')
      .limit(window);
  },
  /**
   * Unranked, the project is best matched as its scope token inside the index: the index
   * intersects the two doclists, where comparing the column reads each matching row (a common
   * word at a million traces: 1.8 ms against 32 ms for the count). Filtered, each match's trace
   * is reached by rowid.
   */
  countMatches(db: Knex, projectId, query, limit, filter) {
    const matches = db('trace_search').select(db.raw('1')).whereRaw('trace_search MATCH ?', [scopedExpression(projectId, query)]);
    if (filter) matches.joinRaw('CROSS JOIN traces AS t').whereRaw('t.rowid = trace_search.rowid').where('t.project_id', projectId).modify(filter.condition);
    return db.from(matches.limit(limit).as('c')).count({ n: '*' });
  },
  matchCondition(projectId, query) {
    return { sql: 't.rowid IN (SELECT rowid FROM trace_search WHERE trace_search MATCH ?)', bindings: [scopedExpression(projectId, query)] };
  },
};
