import type { Knex } from 'knex';
import type { SearchClause, SearchDocument, SearchQuery, TraceTextIndex } from '../sql/trace-text-index.js';
import { insertPrepared, transactionConnection } from './prepared-rows.js';

/**
 * Rows per INSERT. knex writes a multi-row SQLite insert as a compound SELECT, and SQLite allows at
 * most 500 terms in one (SQLITE_MAX_COMPOUND_SELECT): a larger chunk failed every batch of more
 * than 500 traces (test/traces/ingest.test.ts stores the documented maximum of 1000).
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

/** SQLite FTS5 (`trace_search`, porter + unicode61 tokenizer), ranked by bm25. */
export const sqliteTraceTextIndex: TraceTextIndex = {
  async write(db, documents) {
    const connection = await transactionConnection(db);
    if (connection) {
      insertPrepared(connection, 'trace_search', ['scope', 'trace_id', 'body'], documents.map((d) => [scopeToken(d.projectId), d.traceId, d.body]));
      return;
    }
    for (let start = 0; start < documents.length; start += CHUNK) {
      const rows = documents.slice(start, start + CHUNK).map((d) => ({ scope: scopeToken(d.projectId), trace_id: d.traceId, body: d.body }));
      await db('trace_search').insert(rows);
    }
  },
  // trace_id is UNINDEXED: this reads the project's documents. Only a late span of an OTLP trace
  // pays it (a resend changes nothing and skips it); PostgreSQL deletes by primary key.
  async remove(db, projectId, traceId) {
    await db('trace_search').where({ scope: scopeToken(projectId), trace_id: traceId }).delete();
  },
  // One pass over the project's documents (the scope token's postings) per chunk, not one per trace.
  async removeMany(db, projectId, traceIds) {
    for (let start = 0; start < traceIds.length; start += CHUNK) {
      const chunk = traceIds.slice(start, start + CHUNK);
      await db.raw(
        `DELETE FROM trace_search WHERE rowid IN (SELECT rowid FROM trace_search WHERE trace_search MATCH ? AND trace_id IN (${chunk.map(() => '?').join(', ')}))`,
        [`scope : "${scopeToken(projectId)}"`, ...chunk],
      );
    }
  },
  async replace(db, projectId, documents) {
    // Each rebuilt document goes back under its old rowid: rowid order is the store order that
    // recentMatches walks, and a fresh rowid would make every rebuilt trace the newest.
    const scope = scopeToken(projectId);
    const rowids = new Map<string, number>();
    for (let start = 0; start < documents.length; start += CHUNK) {
      const chunk = documents.slice(start, start + CHUNK).map((d) => d.traceId);
      const rows = (await db.raw(
        `SELECT rowid AS position, trace_id FROM trace_search WHERE trace_search MATCH ? AND trace_id IN (${chunk.map(() => '?').join(', ')})`,
        [`scope : "${scope}"`, ...chunk],
      )) as { position: number; trace_id: string }[];
      for (const row of rows) rowids.set(row.trace_id, row.position);
      const positions = rows.map((row) => row.position);
      if (positions.length > 0) await db.raw(`DELETE FROM trace_search WHERE rowid IN (${positions.map(() => '?').join(', ')})`, positions);
    }
    // null: SQLite gives a trace that had no document the next rowid, as write does.
    const rows = documents.map((d) => [rowids.get(d.traceId) ?? null, scope, d.traceId, d.body]);
    const connection = await transactionConnection(db);
    if (connection) {
      insertPrepared(connection, 'trace_search', ['rowid', 'scope', 'trace_id', 'body'], rows);
      return;
    }
    for (let start = 0; start < rows.length; start += CHUNK) {
      await db('trace_search').insert(rows.slice(start, start + CHUNK).map(([rowid, scopeValue, traceId, body]) => ({ rowid, scope: scopeValue, trace_id: traceId, body })));
    }
  },
  /**
   * FTS5 reads a doclist in rowid order, newest first with `ORDER BY rowid DESC`, so the window is
   * the first `window` matches read and bm25 runs for those only. The match is on the body alone
   * and the project is a comparison of the `scope` column: with the scope token in the match, bm25
   * counts the documents of every phrase of the query on each search, and the scope token is in
   * every document of the project (34 ms per search at a million traces). With a filter the join
   * is CROSS so the index stays the outer loop (its order is the window's).
   */
  recentMatches(db: Knex, projectId, query, window, filter) {
    const matches = db('trace_search')
      .select('trace_search.trace_id', db.raw('-bm25(trace_search) AS relevance'))
      .whereRaw('trace_search MATCH ?', [bodyExpression(query)])
      .where('trace_search.scope', scopeToken(projectId));
    if (filter) matches.joinRaw('CROSS JOIN traces AS t').whereRaw('t.id = trace_search.trace_id').where('t.project_id', projectId).modify(filter);
    return matches.orderBy('trace_search.rowid', 'desc').limit(window);
  },
  /**
   * Unranked, the project is best matched as its scope token inside the index: the index
   * intersects the two doclists, where comparing the column reads each matching row (a common
   * word at a million traces: 1.8 ms against 32 ms for the count).
   */
  matchingIds(db: Knex, projectId, query) {
    return db('trace_search').select('trace_id').whereRaw('trace_search MATCH ?', [`scope : "${scopeToken(projectId)}" AND ${bodyExpression(query)}`]);
  },
  matchCondition(projectId, query) {
    return { sql: 't.id IN (SELECT trace_id FROM trace_search WHERE trace_search MATCH ?)', bindings: [`scope : "${scopeToken(projectId)}" AND ${bodyExpression(query)}`] };
  },
};
