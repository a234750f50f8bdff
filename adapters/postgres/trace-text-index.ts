import type { SearchDocument, TraceTextIndex } from '../sql/trace-text-index.js';

/** Bytes of document text per INSERT; the whole chunk travels as one JSON parameter. */
const CHUNK_BYTES = 4 * 1024 * 1024;

function* chunksOf(documents: SearchDocument[]): Generator<SearchDocument[]> {
  let chunk: SearchDocument[] = [];
  let bytes = 0;
  for (const document of documents) {
    chunk.push(document);
    bytes += document.body.length + 200;
    if (bytes >= CHUNK_BYTES) {
      yield chunk;
      chunk = [];
      bytes = 0;
    }
  }
  if (chunk.length) yield chunk;
}

/** PostgreSQL tsvector (`english` configuration) under a GIN index, ranked by ts_rank. */
export const postgresTraceTextIndex: TraceTextIndex = {
  async write(db, documents) {
    for (const chunk of chunksOf(documents)) {
      const rows = chunk.map((d) => ({ project_id: d.projectId, trace_id: d.traceId, body: d.body }));
      await db.raw(
        `INSERT INTO trace_search (project_id, trace_id, document)
         SELECT x.project_id, x.trace_id, to_tsvector('english', x.body)
         FROM json_to_recordset(?::json) AS x(project_id uuid, trace_id text, body text)`,
        [JSON.stringify(rows)],
      );
    }
  },
  matches(db, projectId, terms) {
    const text = terms.join(' ');
    return db('trace_search')
      .select('trace_id', db.raw(`ts_rank(document, plainto_tsquery('english', ?)) AS relevance`, [text]))
      .where('project_id', projectId)
      .whereRaw(`document @@ plainto_tsquery('english', ?)`, [text]);
  },
};
