import type { Knex } from 'knex';
import type { Dialect } from '../../src/ports/store.js';
import type {
  AggregatesAnswer,
  AggregatesQuery,
  DimensionValue,
  GroupKey,
  GroupLatencies,
  GroupScores,
  GroupTotals,
  Grouping,
  MetricsBucket,
  MetricsDimension,
  MetricsReader,
  MetricsScope,
  RankMeasure,
  TotalsOptions,
} from '../../src/ports/metrics.js';
import { SketchMerger } from './latency-sketch.js';
import { groupTotals, join, sql, type SqlMetricsReader } from './metrics-reader.js';
import { DAY_MS, HOUR_MS, SPAN_ROLLUP_DIMENSIONS, TRACE_ROLLUP_DIMENSIONS } from './metrics-rollup-grains.js';
import type { SqlFragment } from './filter-compiler.js';

type Row = Record<string, unknown>;

const ROLLED_UP: ReadonlySet<MetricsDimension> = new Set([...TRACE_ROLLUP_DIMENSIONS, ...SPAN_ROLLUP_DIMENSIONS]);
/** Rankings whose sums are integers: the database orders them exactly as the parts' ranking does (which rounds double sums). */
const EXACT_RANKS: ReadonlySet<RankMeasure> = new Set(['traceCount', 'spanCount', 'inputTokens', 'outputTokens', 'totalTokens']);
const SUM_COLUMNS = ['units', 'traces', 'spans', 'errors', 'cost', 'input_tokens', 'output_tokens', 'total_tokens'] as const;
const RANK_COLUMN: Record<RankMeasure, string> = {
  traceCount: 'traces',
  spanCount: 'spans',
  costSum: 'cost',
  inputTokens: 'input_tokens',
  outputTokens: 'output_tokens',
  totalTokens: 'total_tokens',
};

/** Which parts of a scope rollups answer (day rows, hour rows) and which the raw rows do, as bucket-numbered ranges. */
interface ReadPlan {
  daily: MetricsBucket[];
  rollup: MetricsBucket[];
  raw: MetricsBucket[];
}

const fromRollups = (plan: ReadPlan): boolean => plan.daily.length + plan.rollup.length > 0;

const keyString = (key: GroupKey): string => JSON.stringify([key.bucket, key.values.map((v) => [v.value, v.other])]);
const rounded = (value: number): number => (value === 0 ? 0 : Number(value.toPrecision(12)));
const byteOrder = (a: string | number, b: string | number): number =>
  typeof a === 'number' && typeof b === 'number' ? a - b : Buffer.compare(Buffer.from(String(a)), Buffer.from(String(b)));

/** Latency sketches merged per group: a rollup row's encoded sketch or a raw bin at a time. */
class GroupSketches {
  private readonly groups = new Map<string, { key: GroupKey; sketch: SketchMerger }>();

  of(key: GroupKey): SketchMerger {
    const k = keyString(key);
    let group = this.groups.get(k);
    if (!group) {
      group = { key, sketch: new SketchMerger() };
      this.groups.set(k, group);
    }
    return group.sketch;
  }

  latencies(percentiles: readonly number[]): GroupLatencies[] {
    return [...this.groups.values()].map(({ key, sketch }) => ({ bucket: key.bucket, values: key.values, latencies: Object.fromEntries(percentiles.map((p) => [p, sketch.percentile(p)])) }));
  }
}

/**
 * The metrics query over rollups where they answer it (docs/analytics.md#rollups), the raw rows
 * elsewhere. A query without filters, grouped by at most one rolled-up dimension, reads every whole
 * UTC day of a bucket with no marked hour from `metrics_daily_rollups`, every other whole UTC hour
 * that is not marked changed from `metrics_rollups`, and the rest — the
 * partial hours at the buckets' edges (a range not on the hour, a zone at +05:30), the marked
 * hours — from the rows with the raw reader's definitions; the parts are added up group by
 * group. Anything else goes to the raw reader whole. Counts and sums are the raw ones (added in
 * another order: rounded as the raw ones are); percentiles read from rollups come from the merged
 * latency sketches, within 1 % of the exact value.
 */
export class SqlRollupMetricsReader implements MetricsReader {
  /** One query's plan, read once: the service passes the same scope to each of its reads. */
  private readonly plans = new WeakMap<MetricsScope, Promise<ReadPlan>>();

  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
    private readonly raw: SqlMetricsReader,
  ) {}

  /**
   * One statement where rollups hold the whole scope: its plan, read as if no hour were marked,
   * has no raw part; the statement ranks the dimension's values, folds those past the top into
   * `other`, adds up the totals, returns the sketch rows when percentiles are asked, and says
   * whether any hour of the scope is marked. If one is, the plan was wrong: null, and the parts
   * are read as before (the rows it read are discarded). A dashboard over settled days is one round trip
   * instead of four (marks, top values, totals, latencies).
   */
  async answerFromAggregates(scope: MetricsScope, query: AggregatesQuery): Promise<AggregatesAnswer | null> {
    const dimension = query.dimension;
    if (!this.covers(scope, dimension ? [dimension.name] : [])) return null;
    if (scope.unit === 'span' && query.totals.traceCount) return null;
    // promptVersion is ranked by number, stored as text; a double sum is ranked rounded.
    if (dimension && (dimension.name === 'promptVersion' || !EXACT_RANKS.has(query.rankBy))) return null;
    const plan = this.planWith(scope, new Set());
    if (plan.raw.length > 0 || !fromRollups(plan)) return null;

    const columns = [...SUM_COLUMNS, ...(dimension ? [`${RANK_COLUMN[query.rankBy]} AS n`] : []), ...(query.percentiles.length ? ['latency_sketch'] : [])];
    const parts: SqlFragment[] = [sql('WITH r AS ('), this.rollupUnion(scope, dimension?.name ?? '', plan, columns), sql(')')];
    parts.push(
      sql(', m AS (SELECT CASE WHEN EXISTS (SELECT 1 FROM metrics_dirty_hours WHERE project_id = ? AND hour_ms >= ? AND hour_ms < ?) THEN 1 ELSE 0 END AS c)', [
        scope.projectId,
        Math.floor(scope.fromMs / HOUR_MS) * HOUR_MS,
        scope.toMs,
      ]),
    );
    const sums = 'SUM(r.units) AS units, SUM(r.traces) AS traces, SUM(r.spans) AS spans, SUM(r.errors) AS errors, SUM(r.cost) AS cost, SUM(r.input_tokens) AS inp, SUM(r.output_tokens) AS outp, SUM(r.total_tokens) AS tot';
    const noSums = 'NULL AS units, NULL AS traces, NULL AS spans, NULL AS errors, NULL AS cost, NULL AS inp, NULL AS outp, NULL AS tot';
    let grouped: string;
    if (dimension) {
      // Byte order on both, as the parts' ranking: SQLite compares text with memcmp, PostgreSQL's "C" collation does too.
      const order = this.dialect === 'sqlite' ? 'value' : 'value COLLATE "C"';
      parts.push(sql(`, top AS (SELECT value, ROW_NUMBER() OVER (ORDER BY SUM(n) DESC, ${order}) AS rk FROM r WHERE value IS NOT NULL GROUP BY value ORDER BY rk LIMIT ?)`, [dimension.top]));
      const other = 'CASE WHEN r.value IS NOT NULL AND t.rk IS NULL THEN 1 ELSE 0 END';
      grouped = `SELECT 0 AS part, r.i AS bucket, t.value AS value, t.rk AS rk, ${other} AS other, ${sums}, NULL AS sketch FROM r LEFT JOIN top t ON t.value = r.value GROUP BY r.i, t.value, t.rk, ${other}`;
    } else {
      grouped = `SELECT 0 AS part, r.i AS bucket, NULL AS value, NULL AS rk, 0 AS other, ${sums}, NULL AS sketch FROM r GROUP BY r.i`;
    }
    const sketchRows = query.percentiles.length ? ` UNION ALL SELECT 1 AS part, r.i AS bucket, r.value AS value, NULL AS rk, 0 AS other, ${noSums}, r.latency_sketch AS sketch FROM r` : '';
    parts.push(sql(`, g AS (${grouped}${sketchRows}) SELECT m.c AS marked, g.* FROM m LEFT JOIN g ON 1 = 1`));
    const rows = await this.rows(join(parts, ' '));
    if (rows.length === 0 || Number(rows[0].marked) > 0) return null;

    const ranked = new Map<string | number, number>();
    for (const row of rows) if (Number(row.part) === 0 && row.rk !== null && row.rk !== undefined) ranked.set(this.valueOf(dimension?.name, row.value) as string | number, Number(row.rk));
    const groupings: Grouping[] = dimension ? [{ dimension: dimension.name, keep: [...ranked].sort((a, b) => a[1] - b[1]).map(([value]) => value) }] : [];
    const grouping = groupings[0];
    const totals: GroupTotals[] = [];
    const sketches = new GroupSketches();
    for (const row of rows) {
      if (row.part === null || row.part === undefined) continue; // m's row alone: no rollup row in the scope
      const bucket = Number(row.bucket);
      if (Number(row.part) === 1) {
        sketches.of(this.keyOf(bucket, grouping, row.value)).addEncoded(row.sketch as Uint8Array);
        continue;
      }
      totals.push(groupTotals(this.foldedKeyOf(bucket, grouping, row.value, Number(row.other) === 1), row));
    }
    return { groupings, totals, latencies: sketches.latencies(query.percentiles) };
  }

  async topValues(scope: MetricsScope, dimension: MetricsDimension, rankBy: RankMeasure, limit: number): Promise<(string | number)[]> {
    const plan = this.covers(scope, [dimension]) ? await this.plan(scope) : null;
    if (!plan || !fromRollups(plan)) return this.raw.topValues(scope, dimension, rankBy, limit);
    const ranked = new Map<string | number, number>();
    const rows = await this.rows(
      join([sql(`SELECT r.value AS value, SUM(r.n) AS n FROM`), this.rollupRows(scope, dimension, plan, [`${RANK_COLUMN[rankBy]} AS n`]), sql('WHERE r.value IS NOT NULL GROUP BY r.value')], ' '),
    );
    for (const row of rows) ranked.set(this.valueOf(dimension, row.value) as string | number, Number(row.n ?? 0));
    if (plan.raw.length > 0) {
      for (const { value, n } of await this.raw.rankedValues({ ...scope, buckets: plan.raw }, dimension, rankBy, null, true)) ranked.set(value, (ranked.get(value) ?? 0) + n);
    }
    return [...ranked]
      .map(([value, n]) => ({ value, n: rounded(n) }))
      .sort((a, b) => b.n - a.n || byteOrder(a.value, b.value))
      .slice(0, limit)
      .map((r) => r.value);
  }

  async totals(scope: MetricsScope, groupings: readonly Grouping[], options: TotalsOptions): Promise<GroupTotals[]> {
    // With a span dimension, `other` counts the distinct traces of several values: not a sum of rollup rows.
    const plan = this.covers(scope, groupings.map((g) => g.dimension)) && !(scope.unit === 'span' && options.traceCount) ? await this.plan(scope) : null;
    if (!plan || !fromRollups(plan)) return this.raw.totals(scope, groupings, options);
    const grouping = groupings[0];
    // The values beyond the kept ones are folded into `other` by the database, so a dimension of
    // 500 users answers buckets × (top + 2) rows, not a row per user and day.
    const fold = this.foldedValue(grouping);
    const rows = await this.rows(
      join(
        [
          sql('SELECT r.i AS bucket,'),
          fold,
          sql(
            ', SUM(r.units) AS units, SUM(r.traces) AS traces, SUM(r.spans) AS spans, SUM(r.errors) AS errors, SUM(r.cost) AS cost, ' +
              'SUM(r.input_tokens) AS inp, SUM(r.output_tokens) AS outp, SUM(r.total_tokens) AS tot FROM',
          ),
          this.rollupRows(scope, grouping?.dimension ?? '', plan, ['units', 'traces', 'spans', 'errors', 'cost', 'input_tokens', 'output_tokens', 'total_tokens']),
          sql('GROUP BY 1, 2, 3'),
        ],
        ' ',
      ),
    );
    const fromRows = rows.map((row) => groupTotals(this.foldedKeyOf(Number(row.bucket), grouping, row.value, Number(row.other) === 1), row));
    // The database grouped the rollup rows already: one row per group. Only raw parts need adding in.
    if (plan.raw.length === 0) return fromRows;
    const groups = new Map<string, GroupTotals>();
    const add = (totals: GroupTotals) => {
      const key = keyString(totals);
      const stored = groups.get(key);
      if (!stored) {
        groups.set(key, totals); // made for this call by the readers below: added to in place
        return;
      }
      for (const field of ['units', 'traces', 'spans', 'errors', 'cost', 'inputTokens', 'outputTokens', 'totalTokens'] as const) stored[field] += totals[field];
    };
    for (const totals of fromRows) add(totals);
    for (const totals of await this.raw.totals({ ...scope, buckets: plan.raw }, groupings, options)) add(totals);
    return [...groups.values()];
  }

  async latencies(scope: MetricsScope, groupings: readonly Grouping[], percentiles: readonly number[]): Promise<GroupLatencies[]> {
    const plan = this.covers(scope, groupings.map((g) => g.dimension)) ? await this.plan(scope) : null;
    if (!plan || !fromRollups(plan)) return this.raw.latencies(scope, groupings, percentiles);
    const grouping = groupings[0];
    const sketches = new GroupSketches();
    const rows = await this.rows(join([sql('SELECT r.i AS bucket, r.value AS value, r.latency_sketch AS sketch FROM'), this.rollupRows(scope, grouping?.dimension ?? '', plan, ['latency_sketch'])], ' '));
    // No unit read from a rollup (the hours held none): the exact answer costs the same raw read.
    if (rows.length === 0) return this.raw.latencies(scope, groupings, percentiles);
    for (const row of rows) sketches.of(this.keyOf(Number(row.bucket), grouping, row.value)).addEncoded(row.sketch as Uint8Array);
    if (plan.raw.length > 0) for (const { bucket, values, bin, count } of await this.raw.latencyBins({ ...scope, buckets: plan.raw }, groupings)) sketches.of({ bucket, values }).add(bin, count);
    return sketches.latencies(percentiles);
  }

  async scores(scope: MetricsScope, groupings: readonly Grouping[], name: string): Promise<GroupScores[]> {
    return this.raw.scores(scope, groupings, name);
  }

  /** Rollups hold single dimensions of unfiltered units. */
  private covers(scope: MetricsScope, dimensions: readonly MetricsDimension[]): boolean {
    return scope.rules.length === 0 && dimensions.length <= 1 && dimensions.every((d) => ROLLED_UP.has(d));
  }

  /**
   * Each bucket's whole UTC days none of whose hours is marked go to the day rows, its other whole
   * UTC hours that are not marked to the hour rows (consecutive ones as one range), the rest of the
   * bucket to the raw rows.
   */
  private plan(scope: MetricsScope): Promise<ReadPlan> {
    let plan = this.plans.get(scope);
    if (!plan) {
      plan = this.readPlan(scope);
      this.plans.set(scope, plan);
    }
    return plan;
  }

  private async readPlan(scope: MetricsScope): Promise<ReadPlan> {
    const first = Math.floor(scope.fromMs / HOUR_MS) * HOUR_MS;
    const marked = new Set(
      (await this.db('metrics_dirty_hours').where({ project_id: scope.projectId }).where('hour_ms', '>=', first).where('hour_ms', '<', scope.toMs).distinct('hour_ms')).map(
        (row: { hour_ms: unknown }) => Number(row.hour_ms),
      ),
    );
    return this.planWith(scope, marked);
  }

  /** The plan given the marked hours of the scope. */
  private planWith(scope: MetricsScope, marked: ReadonlySet<number>): ReadPlan {
    const plan: ReadPlan = { daily: [], rollup: [], raw: [] };
    const push = (list: MetricsBucket[], index: number, startMs: number, endMs: number) => {
      if (endMs <= startMs) return;
      const last = list.at(-1);
      if (last && last.index === index && last.endMs === startMs) last.endMs = endMs;
      else list.push({ index, startMs, endMs });
    };
    const hours = (index: number, fromMs: number, toMs: number) => {
      for (let hour = fromMs; hour < toMs; hour += HOUR_MS) push(marked.has(hour) ? plan.raw : plan.rollup, index, hour, hour + HOUR_MS);
    };
    for (const bucket of scope.buckets) {
      const wholeFrom = Math.ceil(bucket.startMs / HOUR_MS) * HOUR_MS;
      const wholeTo = Math.floor(bucket.endMs / HOUR_MS) * HOUR_MS;
      if (wholeTo <= wholeFrom) {
        push(plan.raw, bucket.index, bucket.startMs, bucket.endMs);
        continue;
      }
      push(plan.raw, bucket.index, bucket.startMs, wholeFrom);
      const daysFrom = Math.min(Math.ceil(wholeFrom / DAY_MS) * DAY_MS, wholeTo);
      const daysTo = Math.max(Math.floor(wholeTo / DAY_MS) * DAY_MS, daysFrom);
      hours(bucket.index, wholeFrom, daysFrom);
      for (let day = daysFrom; day < daysTo; day += DAY_MS) {
        let clean = true;
        for (let hour = day; hour < day + DAY_MS && clean; hour += HOUR_MS) clean = !marked.has(hour);
        if (clean) push(plan.daily, bucket.index, day, day + DAY_MS);
        else hours(bucket.index, day, day + DAY_MS);
      }
      hours(bucket.index, daysTo, wholeTo);
      push(plan.raw, bucket.index, wholeTo, bucket.endMs);
    }
    return plan;
  }

  /**
   * `r`: the project's rollup rows of one dimension ('' for all units) in the plan's ranges, day rows
   * and hour rows alike, each with its bucket `i` and the `columns` asked for (and `value`).
   */
  private rollupRows(scope: MetricsScope, dimension: string, plan: ReadPlan, columns: readonly string[]): SqlFragment {
    return join([sql('('), this.rollupUnion(scope, dimension, plan, columns), sql(') r')], ' ');
  }

  /** The rows of `rollupRows`, unnamed. */
  private rollupUnion(scope: MetricsScope, dimension: string, plan: ReadPlan, columns: readonly string[]): SqlFragment {
    const selected = ['value', ...columns].map((c) => (c.includes(' AS ') ? `r.${c}` : `r.${c} AS ${c}`)).join(', ');
    const branch = (table: string, time: string, ranges: readonly MetricsBucket[]) =>
      join(
        [
          sql(`SELECT bk.i AS i, ${selected} FROM`),
          this.rangesTable(ranges),
          sql(`CROSS JOIN ${table} r WHERE r.project_id = ? AND r.dimension = ? AND r.${time} >= bk.s AND r.${time} < bk.e`, [scope.projectId, dimension]),
        ],
        ' ',
      );
    const branches = [
      ...(plan.daily.length ? [branch('metrics_daily_rollups', 'day_ms', plan.daily)] : []),
      ...(plan.rollup.length ? [branch('metrics_rollups', 'hour_ms', plan.rollup)] : []),
    ];
    return join(branches, ' UNION ALL ');
  }

  /** `bk`: the ranges as a table (i, s, e). */
  private rangesTable(ranges: readonly MetricsBucket[]): SqlFragment {
    const list = JSON.stringify(ranges.map((b) => ({ i: b.index, s: b.startMs, e: b.endMs })));
    return this.dialect === 'postgres'
      ? sql('jsonb_to_recordset(CAST(? AS jsonb)) AS bk(i integer, s bigint, e bigint)', [list])
      : sql("(SELECT json_extract(value, '$.i') AS i, json_extract(value, '$.s') AS s, json_extract(value, '$.e') AS e FROM json_each(?)) AS bk", [list]);
  }

  private valueOf(dimension: MetricsDimension | undefined, raw: unknown): DimensionValue {
    if (raw === null || raw === undefined) return null;
    return dimension === 'promptVersion' ? Number(raw) : String(raw);
  }

  /**
   * `value, other`: a kept value as itself (other 0), any other value as null with other 1, no
   * value as null with other 0.
   */
  private foldedValue(grouping: Grouping | undefined): SqlFragment {
    const keep = (grouping?.keep ?? []).map(String);
    if (!grouping) return sql('r.value AS value, 0 AS other');
    if (keep.length === 0) return sql('CAST(NULL AS TEXT) AS value, CASE WHEN r.value IS NOT NULL THEN 1 ELSE 0 END AS other');
    const list = keep.map(() => '?').join(', ');
    return sql(`CASE WHEN r.value IN (${list}) THEN r.value END AS value, CASE WHEN r.value IS NOT NULL AND r.value NOT IN (${list}) THEN 1 ELSE 0 END AS other`, [...keep, ...keep]);
  }

  /** The group of a row folded by `foldedValue`. */
  private foldedKeyOf(bucket: number, grouping: Grouping | undefined, raw: unknown, other: boolean): GroupKey {
    if (!grouping) return { bucket, values: [] };
    if (other) return { bucket, values: [{ value: null, other: true }] };
    return { bucket, values: [{ value: this.valueOf(grouping.dimension, raw), other: false }] };
  }

  /** A rollup row's group: its value if kept, else `other`; none stays none. */
  private keyOf(bucket: number, grouping: Grouping | undefined, raw: unknown): GroupKey {
    if (!grouping) return { bucket, values: [] };
    const value = this.valueOf(grouping.dimension, raw);
    if (value === null) return { bucket, values: [{ value: null, other: false }] };
    return { bucket, values: [grouping.keep.includes(value) ? { value, other: false } : { value: null, other: true }] };
  }

  private async rows(query: SqlFragment): Promise<Row[]> {
    const result = await this.db.raw(query.sql, query.bindings as Knex.RawBinding[]);
    return this.dialect === 'postgres' ? (result as { rows: Row[] }).rows : (result as Row[]);
  }
}
