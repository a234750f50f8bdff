import type { Knex } from 'knex';
import type { SearchDocument, TraceTextIndex } from '../sql/trace-text-index.js';

/**
 * Rows per INSERT. knex writes a multi-row SQLite insert as a compound SELECT, and SQLite allows at
 * most 500 terms in one (SQLITE_MAX_COMPOUND_SELECT): a larger chunk failed every batch of more
 * than 500 traces.
 */
const CHUNK = 500;

/** The project of a document, kept in the `scope` column (hex without dashes). */
const scopeToken = (projectId: string): string => `p${projectId.replace(/-/g, '').toLowerCase()}`;

/** Terms are letters and digits only (see the search service), so quoting each is always valid FTS5. */
const bodyExpression = (terms: string[]): string => `body : (${terms.map((term) => `"${term}"`).join(' AND ')})`;

/**
 * The match is on the body alone and the project is a comparison of the `scope` column. Matching
 * the scope token too (`scope : "p…" AND body : …`) gives the same rows and order, but bm25 counts
 * the documents of every phrase of the query on each search, and the scope token is in every
 * document of the project: at a million traces that scan alone was 34 ms per search.
 */
const scopedMatch = (qb: Knex.QueryBuilder, projectId: string, terms: string[]): Knex.QueryBuilder =>
  qb.whereRaw('trace_search MATCH ?', [bodyExpression(terms)]).where('scope', scopeToken(projectId));

/** SQLite FTS5 (`trace_search`, porter + unicode61 tokenizer), ranked by bm25. */
export const sqliteTraceTextIndex: TraceTextIndex = {
  async write(db, documents) {
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
  matches(db: Knex, projectId, terms) {
    return scopedMatch(db('trace_search').select('trace_id', db.raw('-bm25(trace_search) AS relevance')), projectId, terms);
  },
  matchingIds(db: Knex, projectId, terms) {
    return scopedMatch(db('trace_search').select('trace_id'), projectId, terms);
  },
};
