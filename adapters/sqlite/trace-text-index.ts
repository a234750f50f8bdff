import type { Knex } from 'knex';
import type { SearchDocument, TraceTextIndex } from '../sql/trace-text-index.js';

/** Rows per INSERT: 3 columns each, well under SQLite's 32766 bound parameters. */
const CHUNK = 5000;

/** One token per project (hex without dashes), so FTS5 intersects the project with the terms itself. */
const scopeToken = (projectId: string): string => `p${projectId.replace(/-/g, '').toLowerCase()}`;

/** Terms are letters and digits only (see the search service), so quoting each is always valid FTS5. */
const matchExpression = (projectId: string, terms: string[]): string =>
  `scope : "${scopeToken(projectId)}" AND body : (${terms.map((term) => `"${term}"`).join(' AND ')})`;

/** SQLite FTS5 (`trace_search`, porter + unicode61 tokenizer), ranked by bm25. */
export const sqliteTraceTextIndex: TraceTextIndex = {
  async write(db, documents) {
    for (let start = 0; start < documents.length; start += CHUNK) {
      const rows = documents.slice(start, start + CHUNK).map((d) => ({ scope: scopeToken(d.projectId), trace_id: d.traceId, body: d.body }));
      await db('trace_search').insert(rows);
    }
  },
  matches(db: Knex, projectId, terms) {
    return db('trace_search')
      .select('trace_id', db.raw('-bm25(trace_search) AS relevance'))
      .whereRaw('trace_search MATCH ?', [matchExpression(projectId, terms)]);
  },
  matchingIds(db: Knex, projectId, terms) {
    return db('trace_search').select('trace_id').whereRaw('trace_search MATCH ?', [matchExpression(projectId, terms)]);
  },
};
