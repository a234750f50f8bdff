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
  TotalsField,
  TotalsOptions,
} from '../../src/ports/metrics.js';
import { SketchMerger } from './latency-sketch.js';
import { groupTotals, join, sql, type SqlMetricsReader } from './metrics-reader.js';
import { DAY_MS, HOUR_MS, SPAN_ROLLUP_DIMENSIONS, TRACE_ROLLUP_DIMENSIONS } from './metrics-rollup-grains.js';
import type { SqlFragment } from './filter-compiler.js';
import type { SqliteSearchReader } from '../sqlite/search-reader.js';

type Row = Record<string, unknown>;

const ROLLED_UP: ReadonlySet<MetricsDimension> = new Set([...TRACE_ROLLUP_DIMENSIONS, ...SPAN_ROLLUP_DIMENSIONS]);
/** Rankings whose sums are integers: the database orders them exactly as the parts' ranking does (which rounds double sums). */
const EXACT_RANKS: ReadonlySet<RankMeasure> = new Set(['traceCount', 'spanCount', 'inputTokens', 'outputTokens', 'totalTokens']);
/** Each sum of a group's totals: its rollup column and the name `groupTotals` reads it by. */
const SUMMED: readonly (readonly [TotalsField, string, string])[] = [
  ['units', 'units', 'units'],
  ['traces', 'traces', 'traces'],
  ['spans', 'spans', 'spans'],
  ['errors', 'errors', 'errors'],
  ['cost', 'cost', 'cost'],
  ['inputTokens', 'input_tokens', 'inp'],
  ['outputTokens', 'output_tokens', 'outp'],
  ['totalTokens', 'total_tokens', 'tot'],
];
const TOTALS_FIELDS: readonly TotalsField[] = SUMMED.map(([field]) => field);
/** The most rollup rows a statement may read on the request thread (boundedRows): a few milliseconds at most. */
const IN_PLACE_ROLLUP_ROWS = 2_000;
/** Dimensions with a value per end user: ranked and folded by the database (answerFromAggregates). */
const MANY_VALUES: ReadonlySet<MetricsDimension> = new Set(['user']);
const RANK_COLUMN: Record<RankMeasure, string> = {
  traceCount: 'traces',
  spanCount: 'spans',
  costSum: 'cost',
  inputTokens: 'input_tokens',
  outputTokens: 'output_tokens',
  totalTokens: 'total_tokens',
};

/**
 * Ranges of one length, each starting where the one before ends, numbered one after another: bucket
 * `firstIndex + ⌊(t − startMs) / lengthMs⌋` for a time t in [startMs, endMs). Null for any other list.
 */
function uniformRun(ranges: readonly MetricsBucket[]): { startMs: number; endMs: number; lengthMs: number; firstIndex: number } | null {
  if (ranges.length === 0) return null;
  const first = ranges[0];
  const lengthMs = first.endMs - first.startMs;
  for (let k = 1; k < ranges.length; k++) {
    const range = ranges[k];
    if (range.startMs !== ranges[k - 1].endMs || range.endMs - range.startMs !== lengthMs || range.index !== first.index + k) return null;
  }
  return { startMs: first.startMs, endMs: ranges[ranges.length - 1].endMs, lengthMs, firstIndex: first.index };
}

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

/** The `limit` values with the largest sums (rounded as the parts' sums are), ties in byte order. */
function topOf(sums: ReadonlyMap<string | number, number>, limit: number): (string | number)[] {
  return [...sums]
    .map(([value, n]) => ({ value, n: rounded(n) }))
    .sort((a, b) => b.n - a.n || byteOrder(a.value, b.value))
    .slice(0, limit)
    .map((r) => r.value);
}

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
    /** SQLite on a file: the request thread's own read connection, for the one statement over few rollup rows. */
    private readonly searchReader?: SqliteSearchReader,
  ) {}

  /**
   * One statement where rollups hold the whole scope: its plan, read as if no hour were marked,
   * has no raw part; the statement sums the columns the measures read, ranks and folds (below), returns the
   * sketch rows when percentiles are asked, and says whether any hour of the scope is marked. If one
   * is, the plan was wrong: null, and the parts are read as before (the rows it read are discarded).
   * A dashboard over settled days is one round trip instead of four (marks, top values, totals, latencies).
   *
   * Ranking and folding in SQL costs more than the sums (a window, two passes and three sorts, 3–4× the
   * plain grouping on SQLite). The dimensions whose values are the application's own (models, agents,
   * environments) hold a few values a bucket: for them the database returns each (bucket, value)
   * group, at most buckets × (top + 1) of them, and the reader ranks and folds; a scope that holds more
   * groups than that is read again with the database's fold. Users have one value each: folded by the database.
   */
  async answerFromAggregates(scope: MetricsScope, query: AggregatesQuery): Promise<AggregatesAnswer | null> {
    const dimension = query.dimension;
    if (!this.covers(scope, dimension ? [dimension.name] : [])) return null;
    if (scope.unit === 'span' && query.totals.traceCount) return null;
    // promptVersion is ranked by number, stored as text; a double sum is ranked rounded.
    if (dimension && (dimension.name === 'promptVersion' || !EXACT_RANKS.has(query.rankBy))) return null;
    const plan = this.planWith(scope, new Set());
    if (plan.raw.length > 0 || !fromRollups(plan)) return null;
    if (dimension && !MANY_VALUES.has(dimension.name)) {
      const cap = scope.buckets.length * (dimension.top + 1);
      const answer = await this.oneStatement(scope, plan, query, { groupsUpTo: cap });
      if (answer !== 'too many groups') return answer;
    }
    const answer = await this.oneStatement(scope, plan, query, { groupsUpTo: null });
    return answer === 'too many groups' ? null : answer;
  }

  /**
   * The one statement: with `groupsUpTo`, the (bucket, value) groups unranked, up to that many (more:
   * 'too many groups'), ranked and folded here; without, ranked and folded by the database.
   */
  private async oneStatement(scope: MetricsScope, plan: ReadPlan, query: AggregatesQuery, fold: { groupsUpTo: number | null }): Promise<AggregatesAnswer | null | 'too many groups'> {
    const dimension = query.dimension;
    const sums = SUMMED.filter(([field]) => query.sums.includes(field));
    const columns = [...sums.map(([, column]) => column), ...(dimension ? [`${RANK_COLUMN[query.rankBy]} AS n`] : []), ...(query.percentiles.length ? ['latency_sketch'] : [])];
    const parts: SqlFragment[] = [sql('WITH r AS ('), this.rollupUnion(scope, dimension?.name ?? '', plan, columns), sql(')')];
    const summed = sums.map(([, column, alias]) => `, SUM(r.${column}) AS ${alias}`).join('');
    const noSums = sums.map(([, , alias]) => `, NULL AS ${alias}`).join('');
    // Each column a row carries costs its conversion (a quarter of a small answer's read on SQLite):
    // `other` only where the database folds.
    const databaseFolds = dimension !== null && fold.groupsUpTo === null;
    const noOther = databaseFolds ? ', NULL AS other' : '';
    const noSketch = query.percentiles.length ? ', NULL AS sketch' : '';
    let grouped: string;
    if (dimension && fold.groupsUpTo !== null) {
      parts.push(sql(`, p AS (SELECT r.i AS bucket, r.value AS value, SUM(r.n) AS n${summed} FROM r GROUP BY r.i, r.value LIMIT ?)`, [fold.groupsUpTo + 1]));
      // The sketch column is added outside the CTE: PostgreSQL would type a NULL inside it as text, which no bytea unites with.
      grouped = `SELECT p.*${noSketch} FROM p`;
    } else if (dimension) {
      // Byte order on both, as the parts' ranking: SQLite compares text with memcmp, PostgreSQL's "C" collation does too.
      const order = this.dialect === 'sqlite' ? 'value' : 'value COLLATE "C"';
      parts.push(sql(`, top AS (SELECT value, ROW_NUMBER() OVER (ORDER BY SUM(n) DESC, ${order}) AS rk FROM r WHERE value IS NOT NULL GROUP BY value ORDER BY rk LIMIT ?)`, [dimension.top]));
      const other = 'CASE WHEN r.value IS NOT NULL AND t.rk IS NULL THEN 1 ELSE 0 END';
      grouped = `SELECT r.i AS bucket, t.value AS value, t.rk AS n, ${other} AS other${summed}${noSketch} FROM r LEFT JOIN top t ON t.value = r.value GROUP BY r.i, t.value, t.rk, ${other}`;
    } else {
      // n typed here: PostgreSQL types a union's columns pair by pair, and NULL with NULL (the sketch rows') becomes text, which the marks row's integer does not unite with.
      grouped = `SELECT r.i AS bucket, NULL AS value, CAST(NULL AS bigint) AS n${summed}${noSketch} FROM r GROUP BY r.i`;
    }
    parts.push(sql(` ${grouped}`));
    // Rows tell themselves apart without a column for it: a sketch row has its sketch, the marks row no bucket.
    if (query.percentiles.length) parts.push(sql(`UNION ALL SELECT r.i AS bucket, r.value AS value, NULL AS n${noOther}${noSums}, r.latency_sketch AS sketch FROM r`));
    // The last row says whether an hour of the scope is marked (n = 1): then the plan was wrong.
    parts.push(
      sql(`UNION ALL SELECT NULL AS bucket, NULL AS value, CASE WHEN EXISTS (SELECT 1 FROM metrics_dirty_hours WHERE project_id = ? AND hour_ms >= ? AND hour_ms < ?) THEN 1 ELSE 0 END AS n${noOther}${noSums}${noSketch}`, [
        scope.projectId,
        Math.floor(scope.fromMs / HOUR_MS) * HOUR_MS,
        scope.toMs,
      ]),
    );
    const rows = await this.boundedRows(join(parts, ' '), scope, plan, dimension?.name ?? '');

    const groupRows: Row[] = [];
    const sketchRowsRead: Row[] = [];
    let marked = true;
    for (const row of rows) {
      if (row.bucket === null || row.bucket === undefined) marked = Number(row.n) > 0;
      else if (row.sketch !== null && row.sketch !== undefined) sketchRowsRead.push(row);
      else groupRows.push(row);
    }
    if (marked) return null;
    if (fold.groupsUpTo !== null && groupRows.length > fold.groupsUpTo) return 'too many groups';

    let groupings: Grouping[] = [];
    const totals: GroupTotals[] = [];
    if (dimension && fold.groupsUpTo !== null) {
      groupings = [{ dimension: dimension.name, keep: this.ranked(dimension.name, groupRows, dimension.top) }];
      totals.push(...this.foldHere(groupings[0], groupRows));
    } else {
      if (dimension) {
        // The database's fold: each kept value's rank is in `n`.
        const ranked = new Map<string | number, number>();
        for (const row of groupRows) if (row.n !== null && row.n !== undefined && Number(row.other) === 0) ranked.set(this.valueOf(dimension.name, row.value) as string | number, Number(row.n));
        groupings = [{ dimension: dimension.name, keep: [...ranked].sort((a, b) => a[1] - b[1]).map(([value]) => value) }];
      }
      for (const row of groupRows) totals.push(groupTotals(this.foldedKeyOf(Number(row.bucket), groupings[0], row.value, Number(row.other) === 1), row));
    }
    const sketches = new GroupSketches();
    for (const row of sketchRowsRead) sketches.of(this.keyOf(Number(row.bucket), groupings[0], row.value)).addEncoded(row.sketch as Uint8Array);
    return { groupings, totals, latencies: sketches.latencies(query.percentiles) };
  }

  /** The `top` non-null values with the largest summed `n`, ties in byte order (as the database's ranking; the sums are integers). */
  private ranked(dimension: MetricsDimension, groupRows: readonly Row[], top: number): (string | number)[] {
    const sums = new Map<string | number, number>();
    for (const row of groupRows) {
      const value = this.valueOf(dimension, row.value);
      if (value !== null) sums.set(value, (sums.get(value) ?? 0) + Number(row.n ?? 0));
    }
    return topOf(sums, top);
  }

  /** The (bucket, value) groups with the values past the kept ones added up into each bucket's `other`. */
  private foldHere(grouping: Grouping, groupRows: readonly Row[]): GroupTotals[] {
    const totals: GroupTotals[] = [];
    const others = new Map<number, GroupTotals>();
    for (const row of groupRows) {
      const bucket = Number(row.bucket);
      const key = this.keyOf(bucket, grouping, row.value);
      const group = groupTotals(key, row);
      if (!key.values[0].other) {
        totals.push(group);
        continue;
      }
      const other = others.get(bucket);
      if (!other) {
        others.set(bucket, group);
        totals.push(group);
        continue;
      }
      for (const field of TOTALS_FIELDS) other[field] += group[field];
    }
    return totals;
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
    return topOf(ranked, limit);
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
      for (const field of TOTALS_FIELDS) stored[field] += totals[field];
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
    const branch = (table: string, time: string, ranges: readonly MetricsBucket[]) => {
      const run = uniformRun(ranges);
      // Buckets of one length one after another (a daily series): each row's bucket is arithmetic on
      // its time, over one index range, instead of a join with a list of ranges (a third of a small
      // query's statement on SQLite).
      if (run) {
        return sql(`SELECT CAST((r.${time} - ?) / ? AS integer) + ? AS i, ${selected} FROM ${table} r WHERE r.project_id = ? AND r.dimension = ? AND r.${time} >= ? AND r.${time} < ?`, [
          run.startMs,
          run.lengthMs,
          run.firstIndex,
          scope.projectId,
          dimension,
          run.startMs,
          run.endMs,
        ]);
      }
      return join(
        [
          sql(`SELECT bk.i AS i, ${selected} FROM`),
          this.rangesTable(ranges),
          sql(`CROSS JOIN ${table} r WHERE r.project_id = ? AND r.dimension = ? AND r.${time} >= bk.s AND r.${time} < bk.e`, [scope.projectId, dimension]),
        ],
        ' ',
      );
    };
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

  /**
   * The one statement's rows. On SQLite on a file, where the scope holds at most IN_PLACE_ROLLUP_ROWS
   * rollup rows of the dimension (counted in the same snapshot, stopping past the limit), it runs on
   * the request thread's own read connection, as small searches and trace reads do
   * (SqliteSearchReader.readInPlace): the hand-offs to the SQLite thread and back cost more than such
   * a statement (0.3–0.5 ms against its 0.4 ms for 30 days × 7 values, two cores). Anything larger,
   * or a busy file, goes through the SQLite thread.
   */
  private async boundedRows(query: SqlFragment, scope: MetricsScope, plan: ReadPlan, dimension: string): Promise<Row[]> {
    if (this.searchReader) {
      const limit = IN_PLACE_ROLLUP_ROWS;
      const count = (table: string, time: string, ranges: readonly MetricsBucket[]) =>
        sql(`(SELECT COUNT(*) FROM (SELECT 1 FROM ${table} WHERE project_id = ? AND dimension = ? AND ${time} >= ? AND ${time} < ? LIMIT ?) c)`, [
          scope.projectId,
          dimension,
          ranges[0].startMs,
          ranges[ranges.length - 1].endMs,
          limit + 1,
        ]);
      const counts = [
        ...(plan.daily.length ? [count('metrics_daily_rollups', 'day_ms', plan.daily)] : []),
        ...(plan.rollup.length ? [count('metrics_rollups', 'hour_ms', plan.rollup)] : []),
      ];
      const probe = join([sql('SELECT'), join(counts, ' + '), sql('AS n')], ' ');
      const rows = this.searchReader.readInPlace((run) => run.readIfFew({ probe, limit }, query));
      if (rows) return rows;
    }
    return this.rows(query);
  }

  private async rows(query: SqlFragment): Promise<Row[]> {
    const result = await this.db.raw(query.sql, query.bindings as Knex.RawBinding[]);
    return this.dialect === 'postgres' ? (result as { rows: Row[] }).rows : (result as Row[]);
  }
}
