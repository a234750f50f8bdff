import { bodyExpression, facetToken, scopedExpression } from '../../adapters/sqlite/trace-text-index.js';
import { CONFIG, rankText, tsqueryText } from '../../adapters/postgres/trace-text-index.js';
import { storeTiers } from '../../adapters/postgres/search-tiers.js';
import { parseSearchQuery, type SearchQuery } from '../../src/domain/traces/search-query.js';
import type { Dialect } from '../../src/ports/store.js';
import { percentile } from './load.js';
import type { BareDriver, BareRow, BareStatement } from './bare-driver.js';

export type BareKind = 'topRelevance' | 'topRecency' | 'count';

/** p50/p99 of one bare statement, run back to back in-process on the bench database. */
export interface BareLatency {
  p50Ms: number;
  p99Ms: number;
  runs: number;
  rows: number;
}

export interface BareSearchOptions {
  projectId: string;
  query: string;
  /** A framework to filter on, as the filtered query classes do. */
  framework?: string;
  limit: number;
  countLimit: number;
  /** The service ranks this many most recently stored matches (its count bound). */
  rankLimit: number;
  /** PostgreSQL: where the project's store tiers begin (readTierFloors), read once before the runs as the service keeps them. */
  tierFloors?: readonly number[];
}

/** A bench query parsed as the service parses it; the bench's own queries are always valid. */
export function parsedBenchQuery(query: string): SearchQuery {
  const parsed = parseSearchQuery(query);
  if ('code' in parsed) throw new Error(`bench query ${query}: ${parsed.message}`);
  return parsed;
}

/**
 * The best plain SQL a person would write over the same text index for a search page: the top
 * `limit` by the index's relevance of the `rankLimit` most recently stored matches (the service's
 * answer), the newest `limit` matches, and the capped count of matches.
 * Nothing of the service (no HTTP, MCP, validation, JSON) — the floor a search can approach. Each
 * returns the service's answer exactly, which the run checks (answer-check.ts): the service's own
 * relevance (bm25 with the scope and trace_id columns weighted 0 on SQLite — with the default
 * weights a prefix's top 50 was another 50) and its order of equals, newest trace first then the
 * greater id (without it a common word's ties came in whatever order the plan left them).
 */
export function bareSearchStatement(dialect: Dialect, kind: BareKind, options: BareSearchOptions): BareStatement {
  const parsed = parsedBenchQuery(options.query);
  const filter = options.framework ? ' AND t.framework = ?' : '';
  const filterBinding = options.framework ? [options.framework] : [];
  if (dialect === 'sqlite') {
    const match = bodyExpression(parsed);
    const scoped = scopedExpression(options.projectId, parsed);
    // Documents are stored under their traces' rowids (adapters/sqlite/trace-text-index.ts); a
    // framework is a facet token of the document's scope column, which names the project too.
    const faceted = options.framework ? `scope : "${facetToken(options.projectId, 'framework', options.framework)}" AND ${match}` : null;
    if (kind === 'topRelevance') {
      return faceted
        ? {
            sql: `SELECT * FROM (SELECT t.*, bm25(trace_search, 0.0, 0.0, 1.0) AS r FROM trace_search CROSS JOIN traces t WHERE trace_search MATCH ? AND t.rowid = trace_search.rowid ORDER BY trace_search.rowid DESC LIMIT ?) ORDER BY r, created_at DESC, id DESC LIMIT ?`,
            bindings: [faceted, options.rankLimit, options.limit],
          }
        : {
            sql: `SELECT * FROM (SELECT t.*, bm25(trace_search, 0.0, 0.0, 1.0) AS r FROM trace_search CROSS JOIN traces t WHERE trace_search MATCH ? AND t.rowid = trace_search.rowid AND t.project_id = ? ORDER BY trace_search.rowid DESC LIMIT ?) ORDER BY r, created_at DESC, id DESC LIMIT ?`,
            bindings: [match, options.projectId, options.rankLimit, options.limit],
          };
    }
    if (kind === 'topRecency') {
      return {
        sql: `SELECT t.* FROM traces t WHERE t.project_id = ? AND t.rowid IN (SELECT rowid FROM trace_search WHERE trace_search MATCH ?)${filter} ORDER BY t.created_at DESC, t.id DESC LIMIT ?`,
        bindings: [options.projectId, scoped, ...filterBinding, options.limit],
      };
    }
    return { sql: 'SELECT count(*) AS n FROM (SELECT 1 FROM trace_search WHERE trace_search MATCH ? LIMIT ?)', bindings: [faceted ?? scoped, options.countLimit] };
  }
  const q = `to_tsquery('${CONFIG}', ?)`;
  const text = tsqueryText(parsed);
  if (kind === 'topRelevance') {
    // The newest rankLimit matches, tier by tier of the store order as the service takes them (one
    // GIN scan over the words, the project — as text, as the index holds it —, the store block and
    // the framework — a copy in the search row — per tier; adapters/postgres/trace-text-index.ts).
    // Each joined to its trace by the primary key, stored_at included, in a fenced LATERAL: with
    // traces partitioned by week (migration 053) a join on (project_id, id) alone cannot be pruned,
    // and the planner hash-joined the matches to a sequential scan of every partition of traces
    // (EXPLAIN ANALYZE of a rare word's top-k at 100,000 traces: 31 ms over six weekly partitions,
    // 0.7 ms with them all in one); with stored_at but unfenced it still hash-joined (each probe
    // is costed on every partition: the run-time pruning is not).
    const tiers = storeTiers(options.tierFloors ?? [], 's.seq').map(
      (tier) => `(SELECT s.trace_id, s.stored_at, s.document, s.seq FROM trace_search s WHERE (s.project_id::text) = ? AND s.document @@ ${q} ${tier}${filter.replace('t.', 's.')} ORDER BY s.seq DESC LIMIT ?)`,
    );
    return {
      sql: `SELECT t.* FROM (SELECT w.trace_id, w.stored_at, ts_rank(w.document, ${q}, 1) AS r FROM (SELECT u.* FROM (${tiers.join(' UNION ALL ')}) u LIMIT ?) w) m CROSS JOIN LATERAL (SELECT * FROM traces WHERE traces.project_id = ? AND traces.id = m.trace_id AND traces.stored_at = m.stored_at OFFSET 0) t ORDER BY m.r DESC, t.created_at DESC, t.id DESC LIMIT ?`,
      bindings: [rankText(parsed), ...tiers.flatMap(() => [options.projectId, text, ...filterBinding, options.rankLimit]), options.rankLimit, options.projectId, options.limit],
    };
  }
  if (kind === 'topRecency') {
    // Joined on (project_id, trace_id) alone: with stored_at too the planner multiplied the three
    // columns' selectivities, expected 132 of the common word's 26,566 matches over six weekly
    // partitions and hash-joined them all (170 ms), where walking the time index and probing each
    // trace's document stops at the 50th (8 ms; EXPLAIN ANALYZE at 100,000 traces, the search's settings).
    return {
      sql: `SELECT t.* FROM traces t JOIN trace_search s ON s.project_id = t.project_id AND s.trace_id = t.id WHERE t.project_id = ? AND s.document @@ ${q}${filter} ORDER BY t.created_at DESC, t.id DESC LIMIT ?`,
      bindings: [options.projectId, text, ...filterBinding, options.limit],
    };
  }
  return {
    sql: `SELECT count(*) AS n FROM (SELECT 1 FROM trace_search s WHERE (s.project_id::text) = ? AND s.document @@ ${q}${filter.replace('t.', 's.')} LIMIT ?) c`,
    bindings: [options.projectId, text, ...filterBinding, options.countLimit],
  };
}

/** The ids of a top-k statement's rows, in order. */
export const idsOf = (rows: readonly BareRow[]): string[] => rows.map((row) => String(row.id));

/** The number a count statement returned (PostgreSQL's bigint arrives as a string). */
export const countOf = (rows: readonly BareRow[]): number => Number(rows[0]?.n ?? NaN);

/**
 * Runs the statement back to back for `seconds` (after a few warm-up runs) through the plain
 * driver and reports its latency, with the rows of its last run for the answer check.
 */
export async function measureBare(driver: BareDriver, statement: BareStatement, seconds: number): Promise<BareLatency & { answer: BareRow[] }> {
  let answer: BareRow[] = [];
  const warmUntil = Date.now() + Math.min(2000, seconds * 200);
  for (let i = 0; i < 5 && Date.now() < warmUntil; i++) answer = await driver.rows(statement);
  const times: number[] = [];
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until || times.length < 3) {
    const started = process.hrtime.bigint();
    answer = await driver.rows(statement);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return { p50Ms: round(percentile(times, 50)), p99Ms: round(percentile(times, 99)), runs: times.length, rows: answer.length, answer };
}
