import type { Knex } from 'knex';
import { FACET_COLUMNS, type SearchClause, type SearchDocument, type SearchFilter, type SearchQuery, type TraceTextIndex } from '../sql/trace-text-index.js';
import { matchShareBound, storeTiers, tierFloors, windowTierFloors } from './search-tiers.js';
import { registeredTraceRow } from './time-partitions.js';

/**
 * `english` with its stop list removed (migration 020): documents and queries arrive without stop
 * words already (search-words.ts), except the word of a prefix, which is kept (`under*`) and which
 * `english` would silently drop.
 */
export const CONFIG = 'tracewell_english';

/** A tsquery phrase; words are letters and digits only, so quoting is always valid. */
const phraseOf = (clause: SearchClause): string =>
  `(${clause.words.map((word, i) => `'${word}'${clause.prefix && i === clause.words.length - 1 ? ':*' : ''}`).join(' <-> ')})`;

/** `a & (b <-> c) & !d`, parsed by to_tsquery in CONFIG (which stems each word). */
export function tsqueryText(query: SearchQuery): string {
  return [...query.include.map(phraseOf), ...query.exclude.map((clause) => `!${phraseOf(clause)}`)].join(' & ');
}

/**
 * What a match is ranked by: the included clauses alone. ts_rank scores every word of the tsquery it
 * is given, a negated one too (a `!` is one more operand of the AND, whose proximity score then needs
 * the excluded word's positions): ranked by tsqueryText, `rate -"rate limit"` put traces holding
 * `limit` first and `rate -completions` scored every match the same, where bm25 on SQLite scores an
 * excluded phrase nothing in the rows it keeps (docs/search.md#order).
 */
export function rankText(query: SearchQuery): string {
  return query.include.map(phraseOf).join(' & ');
}

/**
 * The words of `query` as the GIN index answers exactly, without reading documents: every word of
 * every included clause (a phrase's words anywhere) and the exclusions of single words. Equal to
 * tsqueryText when the query has no phrase.
 */
function candidateText(query: SearchQuery): string {
  const words = query.include.map((clause) => phraseOf(clause).replace(/ <-> /g, ' & '));
  const exclusions = query.exclude.filter((clause) => clause.words.length === 1).map((clause) => `!${phraseOf(clause)}`);
  return [...words, ...exclusions].join(' & ');
}

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

const FACETS = FACET_COLUMNS.join(', ');

/**
 * Inserts the documents' tsvectors with their traces' facet columns (migration 026), read from the
 * trace rows the same transaction wrote or updated just before, and their stored_at (migration 052)
 * from the trace registry, which also names the trace row of that id; seq, the place in the store
 * order, comes from its identity default. LEFT JOIN: a document without its trace is refused (its
 * stored_at is null) rather than vanishing.
 *
 * The trace row is looked up per document by registeredTraceRow: a plain join made ingest quadratic
 * on a week without statistics (docs/partitioning.md, fifth pass).
 */
async function insertDocuments(db: Knex, documents: SearchDocument[], conflict: string): Promise<void> {
  for (const chunk of chunksOf(documents)) {
    const rows = chunk.map((d) => ({ project_id: d.projectId, trace_id: d.traceId, body: d.body }));
    await db.raw(
      `INSERT INTO trace_search (project_id, trace_id, stored_at, document, ${FACETS})
       SELECT x.project_id, x.trace_id, r.stored_at, to_tsvector('${CONFIG}', x.body), ${FACET_COLUMNS.map((c) => `t.${c}`).join(', ')}
       FROM json_to_recordset(?::json) AS x(project_id uuid, trace_id text, body text)
       LEFT JOIN trace_ids r ON r.project_id = x.project_id AND r.id = x.trace_id
       LEFT JOIN ${registeredTraceRow(FACETS, 'r')} t ON true ${conflict}`,
      [JSON.stringify(rows)],
    );
  }
}

/**
 * The project as the search's GIN index holds it (migration 030): as text, an expression no other
 * index has, so the planner cannot answer it from the project's btree indexes and check the words
 * on each of the project's documents instead (reading each from TOAST, which it does not cost).
 */
const PROJECT_IN_INDEX = '(project_id::text) = ?';
/** uuid's text form is lowercase. */
const projectKey = (projectId: string): string => projectId.toLowerCase();

/** A filter's facet equalities as conditions on trace_search, which its GIN index answers with the words. */
function facetConditions(filter: Pick<SearchFilter, 'facets'> | undefined): { sql: string; bindings: string[] } {
  const entries = Object.entries(filter?.facets ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return { sql: entries.map(([column]) => ` AND ${column} = ?`).join(''), bindings: entries.map(([, value]) => value) };
}

/**
 * Joins search rows `m` to their traces `t` for the part of a filter the index does not hold. By
 * `stored_at` too: a trace released by retention keeps its rows in a week that stays until the batch
 * path reaches them, and an id stored anew since must not meet them (docs/partitioning.md).
 */
function joinRest(qb: Knex.QueryBuilder, rest: (qb: Knex.QueryBuilder) => void): void {
  qb.join('traces as t', (on) => on.on('t.project_id', '=', 'm.project_id').andOn('t.id', '=', 'm.trace_id').andOn('t.stored_at', '=', 'm.stored_at')).modify(rest);
}

/**
 * The project's tier floors (tierFloors) for `window` matches of `query` and `filter`'s facets: less
 * the leading tiers that cannot hold half the window, with a floor of the window's own where it is
 * expected to fill (windowTierFloors, by the planner's estimate of the GIN scan's own condition).
 * A project under 2^16 documents has one tier: the planner is not asked. The bench's bare top-k
 * takes its tiers here too.
 */
export async function queryTierFloors(
  db: Knex,
  projectId: string,
  floors: readonly number[],
  query: SearchQuery,
  window: number,
  filter?: Pick<SearchFilter, 'facets'>,
): Promise<readonly number[]> {
  if (floors.every((floor) => floor === 0)) return floors;
  const facets = facetConditions(filter);
  const share = await matchShareBound(db, projectId, `document @@ to_tsquery('${CONFIG}', ?)${facets.sql}`, [candidateText(query), ...facets.bindings]);
  return windowTierFloors(floors, share, window);
}

/**
 * The planner settings a search's transaction takes (prepareSearch, where each is explained); the
 * bench's bare search statements run under the same ones (scripts/bench/phases/search.ts).
 */
export const SEARCH_SETTINGS = ['enable_seqscan = off', 'max_parallel_workers_per_gather = 0', "work_mem = '32MB'", 'jit = off'] as const;

/**
 * PostgreSQL tsvector (CONFIG) under a GIN index, ranked by ts_rank divided by
 * 1 + log(document length) (normalization 1): as bm25 does on SQLite, a word counts for more in a
 * short document. Unnormalized, every document holding a rare word once ranks the same, and a
 * search must then read every match's trace to order the ties.
 */
export const postgresTraceTextIndex: TraceTextIndex = {
  async write(db, documents) {
    await insertDocuments(db, documents, '');
  },
  // An upsert keeps the row, so its seq (the store order recentMatches walks) too.
  async replace(db, _projectId, documents) {
    await insertDocuments(
      db,
      documents,
      `ON CONFLICT (project_id, trace_id, stored_at) DO UPDATE SET document = EXCLUDED.document, ${FACET_COLUMNS.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`,
    );
  },
  async removeMany(db, projectId, traceIds) {
    // One array parameter: no bound-parameter limit to chunk under.
    if (traceIds.length > 0) await db.raw('DELETE FROM trace_search WHERE project_id = ? AND trace_id = ANY(?::text[])', [projectId, traceIds]);
  },
  /**
   * The GIN index finds the candidates: the project's documents holding every word (a phrase's
   * words anywhere, single-word exclusions applied — exact in the index, no recheck). Their `seq`
   * (a plain column read from the heap, never the document) orders them newest first. The project
   * is a condition of the same index scan (PROJECT_IN_INDEX, migration 030), so another project's
   * matches are never read; OFFSET 0 fences the scan, so no condition outside it is pushed in
   * where the planner would answer it from another index. A filter's facet equalities
   * (status, framework, session, user: copied into the search row, migration 026) are index
   * conditions of the same scan; the rest of a filter joins the candidates to their traces.
   *
   * The candidates come in tiers of the store order, newest first (storeTiers): the project's
   * newest 2^16 documents, then back to its 2^18th newest, then all older ones (where they begin:
   * `plan`, read by searchPlan). Each tier is one scan of the index
   * over the document and its store block, so a common word reads the heap for the matches of
   * the newest tier only (about 17,000 of its 266,767 at a million traces), not for all; a later
   * tier runs only when the earlier ones hold fewer than `window` (UNION ALL runs its parts in
   * order and LIMIT stops it). A search filtered on facets alone takes tiers too; one with any
   * other filter takes its window in one step.
   *
   * Without a phrase every candidate matches: a top-N sort per tier takes the newest `window` and
   * ts_rank detoasts and scores those only. With one, the newest candidates are checked one by
   * one against the whole query and the kept ranked at once (one document read by address each,
   * in a nested loop that stops at `window` kept; by partition and row address, a ctid being unique
   * within one week's partition only, migration 053 — the partition named by its key, `stored_at`,
   * so that each lookup is pruned at run time to that one partition: named by `tableoid` alone, which
   * no pruning reads, every candidate was looked up by ctid in every week's partition, a heap page
   * read in each, and filtered there; docs/partitioning.md, fourth pass): rechecking every candidate of a phrase of two
   * common words took 3.7 s at a million traces (the planner costs `@@` as a cheap operator and
   * ignores detoasting). Reading each document once for the check and the rank, not once per use,
   * took the phrase of two common words from 220 to 211 ms in-process at a million traces.
   */
  recentMatches(db, projectId, query, window, filter, plan) {
    const text = tsqueryText(query);
    const rank = rankText(query);
    const candidates = candidateText(query);
    const phrase = candidates !== text;
    const facets = facetConditions(filter);
    const rest = filter?.rest;
    // A filter beyond the facets (a range, a score): one tier. Each tier would join its matches to
    // the traces passing the filter, and a narrow filter needs several tiers (measured at a million
    // traces: common word + framework filter, then joined, 1.1 s in one step, 1.4 s in tiers).
    const tiers = (rest ? [''] : storeTiers(plan?.tierFloors ?? [])).map((tier) => {
      const ordered = db
        .from(
          db.raw(
            `(SELECT tableoid AS part, ctid AS position, project_id, trace_id, stored_at, seq, document FROM trace_search WHERE document @@ to_tsquery('${CONFIG}', ?) AND ${PROJECT_IN_INDEX}${facets.sql} ${tier} OFFSET 0) AS m`,
            [candidates, projectKey(projectId), ...facets.bindings],
          ),
        );
      if (rest) joinRest(ordered, rest);
      ordered.orderBy('m.seq', 'desc');
      return phrase ? ordered.select('m.part', 'm.position', 'm.stored_at') : ordered.select('m.trace_id', 'm.stored_at', 'm.document', 'm.seq').limit(window);
    });
    const newestFirst = db.raw(tiers.map(() => '(?)').join(' UNION ALL '), tiers);
    if (!phrase) {
      const newest = db.from(db.raw('(?) AS u', [newestFirst])).select('u.trace_id', 'u.stored_at', 'u.document', 'u.seq').limit(window);
      return db.from(newest.as('w')).select('w.trace_id', 'w.stored_at', db.raw(`ts_rank(w.document, to_tsquery('${CONFIG}', ?), 1) AS relevance`, [rank]), 'w.seq as recency');
    }
    // A nested loop keeps the candidates' order through the check; LIMIT takes the newest kept.
    // Each candidate's document is read once, for the check and the rank: `|| ''` yields it
    // detoasted, and both use that copy (each would otherwise detoast the stored one again).
    const kept = db
      .from(db.raw('(?) AS c', [newestFirst]))
      .joinRaw(
        `CROSS JOIN LATERAL (SELECT d.trace_id, d.stored_at, d.seq, ts_rank(d.document, to_tsquery('${CONFIG}', ?), 1) AS relevance
         FROM (SELECT s.trace_id, s.stored_at, s.seq, s.document || ''::tsvector AS document FROM trace_search s WHERE s.stored_at = c.stored_at AND s.tableoid = c.part AND s.ctid = c.position OFFSET 0) AS d
         WHERE d.document @@ to_tsquery('${CONFIG}', ?)) AS r`,
        [rank, text],
      )
      .select('r.trace_id', 'r.stored_at', 'r.relevance', 'r.seq as recency')
      .limit(window);
    return db.from(kept.as('w')).select('w.trace_id', 'w.stored_at', 'w.relevance', 'w.recency');
  },
  /**
   * The project's tier floors, less the leading tiers the planner's statistics show cannot hold half
   * the window, and with the window's own floor where it falls between two (windowTierFloors): a word
   * in a fifteenth of the documents otherwise scans the first tier and then the second, which meets
   * the first's matches again. Not asked when the tiers do not apply: a filter beyond the facets
   * (one step), or a project under 2^16 documents (one tier).
   */
  async searchPlan(db, projectId, query, window, filter) {
    const floors = await tierFloors(db, projectId);
    return { tierFloors: filter?.rest ? floors : await queryTierFloors(db, projectId, floors, query, window, filter) };
  },
  /**
   * A LATERAL subquery fenced by OFFSET 0, one probe of the primary key per candidate: as a plain
   * join the planner misjudged the candidates of a tiered window and hash-joined them to all the
   * project's traces (2.2 s at a million traces).
   */
  // By the search row's stored_at too (see joinRest): one probe of the primary key, which holds it.
  joinTraces(qb, projectId) {
    qb.joinRaw('CROSS JOIN LATERAL (SELECT * FROM traces WHERE traces.project_id = ? AND traces.id = m.trace_id AND traces.stored_at = m.stored_at OFFSET 0) AS t', [projectId]);
  },
  // Fenced as in recentMatches, the project and the facets in the index scan with the words.
  countMatches(db, projectId, query, limit, filter) {
    const facets = facetConditions(filter);
    const matches = db
      .from(
        db.raw(`(SELECT project_id, trace_id, stored_at FROM trace_search WHERE document @@ to_tsquery('${CONFIG}', ?) AND ${PROJECT_IN_INDEX}${facets.sql} OFFSET 0) AS m`, [
          tsqueryText(query),
          projectKey(projectId),
          ...facets.bindings,
        ]),
      )
      .select(db.raw('1'));
    if (filter?.rest) joinRest(matches, filter.rest);
    return db.from(matches.limit(limit).as('c')).count({ n: '*' });
  },
  // Unfenced: newest first, a common word is found by walking the time index and probing each
  // trace's document by primary key; the planner picks the GIN index for a rare one.
  matchCondition(_projectId, query) {
    return {
      sql: `EXISTS (SELECT 1 FROM trace_search s WHERE s.project_id = t.project_id AND s.trace_id = t.id AND s.stored_at = t.stored_at AND s.document @@ to_tsquery('${CONFIG}', ?))`,
      bindings: [tsqueryText(query)],
    };
  },
  // The planner costs `@@` as one cheap operator per row and ignores detoasting each (large)
  // tsvector, so it prefers a sequential scan that reads every document of the table; measured:
  // 8 ms at 3,000 traces and growing linearly, against ~1 ms through the GIN index. Searches go
  // through the index.
  // work_mem: recentMatches sorts the candidates' (address, seq) pairs — 10 MB for a common word
  // at a million traces — in memory instead of on disk. jit: these statements are costed high
  // and run in milliseconds; compiling them took 10–100 ms.
  // max_parallel_workers_per_gather: recentMatches relies on UNION ALL running its tiers in order,
  // which a parallel append would not.
  async prepareSearch(trx) {
    for (const setting of SEARCH_SETTINGS) await trx.raw(`SET LOCAL ${setting}`);
  },
};
