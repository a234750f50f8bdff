import type { Knex } from 'knex';
import type { Dialect } from '../../src/ports/store.js';
import type {
  DimensionValue,
  GroupKey,
  GroupLatencies,
  GroupScores,
  GroupTotals,
  Grouping,
  MetricsDimension,
  MetricsReader,
  AggregatesAnswer,
  MetricsScope,
  RankMeasure,
  TotalsOptions,
} from '../../src/ports/metrics.js';
import { compileFilterSql, type FilterDialect, type SqlFragment } from './filter-compiler.js';
import { filterDialectOf } from './filter-dialects.js';
import { binSql } from './latency-sketch.js';

type Row = Record<string, unknown>;
type Binding = string | number;

export const sql = (text: string, bindings: Binding[] = []): SqlFragment => ({ sql: text, bindings });

/** Fragments joined into one, bindings in order. */
export function join(parts: readonly SqlFragment[], separator: string): SqlFragment {
  return { sql: parts.map((p) => p.sql).join(separator), bindings: parts.flatMap((p) => p.bindings) };
}

/**
 * A group's totals from a row of sums named units, traces, spans, errors, cost, inp, outp and tot.
 * Built property by property: `{ ...key, units, … }` over a few hundred rows cost about 1 ms in V8
 * (Node 20) — an object spread followed by more properties is ~100× slower than a literal.
 */
export function groupTotals(key: GroupKey, row: Record<string, unknown>): GroupTotals {
  return {
    bucket: key.bucket,
    values: key.values,
    units: Number(row.units ?? 0),
    traces: Number(row.traces ?? 0),
    spans: Number(row.spans ?? 0),
    errors: Number(row.errors ?? 0),
    cost: Number(row.cost ?? 0),
    inputTokens: Number(row.inp ?? 0),
    outputTokens: Number(row.outp ?? 0),
    totalTokens: Number(row.tot ?? 0),
  };
}

/** A value ranked by rankedValues. */
export interface RankedValue {
  value: string | number;
  n: number;
}

/** A dimension's value as SQL over traces `t` and spans `s`. */
export function dimensionColumn(filterDialect: FilterDialect, dimension: MetricsDimension): SqlFragment {
  const json = (key: string, type: 'string' | 'number') => filterDialect.jsonValue('s.metadata', key, type);
  switch (dimension) {
    case 'framework':
      return sql('t.framework');
    case 'agent':
      return sql('t.agent_name');
    case 'status':
      return sql('t.status');
    case 'user':
      return sql('t.user_id');
    case 'session':
      return sql('t.session_id');
    case 'environment':
      return sql('t.environment');
    case 'release':
      return sql('t.release');
    case 'tag':
      // The row of one of the trace's tags, joined by base (NULL for a trace without tags).
      return sql('tg.tag');
    case 'spanType':
      return sql('s.span_type');
    case 'model':
      return json('model', 'string');
    case 'provider':
      return json('provider', 'string');
    case 'promptName':
      return json('prompt_name', 'string');
    case 'promptVersion':
      return json('prompt_version', 'number');
  }
}

/** Span token columns (src/domain/traces/span-tokens.ts): input, output, and tokens_used else their sum. */
export function spanTokenColumns(filterDialect: FilterDialect, alias: string): { inp: SqlFragment; outp: SqlFragment; tot: SqlFragment } {
  const number = (key: string) => filterDialect.jsonValue(`${alias}.metadata`, key, 'number');
  const inp = number('input_tokens');
  const outp = number('output_tokens');
  const tot = join(
    [sql('COALESCE('), number('tokens_used'), sql(', CASE WHEN'), inp, sql('IS NOT NULL OR'), outp, sql('IS NOT NULL THEN COALESCE('), inp, sql(', 0) + COALESCE('), outp, sql(', 0) END)')],
    ' ',
  );
  return { inp, outp, tot };
}

/**
 * The metrics query (docs/analytics.md) as SQL both databases run alike. Every query reads one
 * common table `base`: a row per unit (trace, or span of a trace) of the range passing the filter,
 * with its bucket number, its grouping columns and its measure columns. Buckets arrive as a JSON
 * list, the outer loop of the join, so each is one range scan of traces (project_id, created_at).
 * Percentile ranks are read with ROW_NUMBER() and integer arithmetic, so no dialect's own
 * percentile function or float rounding decides a number.
 */
export class SqlMetricsReader implements MetricsReader {
  private readonly filterDialect: FilterDialect;

  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
  ) {
    this.filterDialect = filterDialectOf(dialect);
  }

  /** The raw rows are no stored aggregate: the service reads the parts. */
  async answerFromAggregates(): Promise<AggregatesAnswer | null> {
    return null;
  }

  async topValues(scope: MetricsScope, dimension: MetricsDimension, rankBy: RankMeasure, limit: number): Promise<(string | number)[]> {
    return (await this.rankedValues(scope, dimension, rankBy, limit, false)).map((ranked) => ranked.value);
  }

  /**
   * A dimension's non-null values with their `rankBy` over the scope, highest first, ties by value
   * (byte order); `limit` null for all of them. `byBuckets`: over the scope's buckets only (the
   * rollup reader's raw ranges), else over [fromMs, toMs).
   */
  async rankedValues(scope: MetricsScope, dimension: MetricsDimension, rankBy: RankMeasure, limit: number | null, byBuckets: boolean): Promise<RankedValue[]> {
    const base = this.base(scope, [], { buckets: byBuckets, ranked: dimension });
    const rank = this.rankSql(scope, rankBy);
    // Byte order on both: SQLite compares text with memcmp, PostgreSQL's "C" collation does too.
    const order = dimension === 'promptVersion' || this.dialect === 'sqlite' ? 'v' : 'v COLLATE "C"';
    const query = join(
      [
        sql('WITH base AS ('),
        base,
        sql(`) SELECT v, ${rank} AS n FROM base WHERE v IS NOT NULL GROUP BY v ORDER BY n DESC, ${order}${limit === null ? '' : ' LIMIT ?'}`, limit === null ? [] : [limit]),
      ],
      '',
    );
    const rows = await this.rows(query);
    return rows.map((row) => ({ value: dimension === 'promptVersion' ? Number(row.v) : String(row.v), n: Number(row.n ?? 0) }));
  }

  /** Each group's latencies as sketch bins (latency-sketch.ts): the rollup reader's raw part. */
  async latencyBins(scope: MetricsScope, groupings: readonly Grouping[]): Promise<(GroupKey & { bin: number; count: number })[]> {
    const base = this.base(scope, groupings, { buckets: true });
    const keys = this.keyColumns(groupings);
    const query = join([sql('WITH base AS ('), base, sql(`) SELECT ${keys}, ${binSql('lat')} AS bin, COUNT(*) AS n FROM base WHERE lat IS NOT NULL GROUP BY ${keys}, bin`)], '');
    return (await this.rows(query)).map((row) => {
      const { bucket, values } = this.keyOf(row, groupings);
      return { bucket, values, bin: Number(row.bin), count: Number(row.n) };
    });
  }

  async totals(scope: MetricsScope, groupings: readonly Grouping[], options: TotalsOptions): Promise<GroupTotals[]> {
    const base = this.base(scope, groupings, { buckets: true, inputOutputTokens: options.inputOutputTokens });
    const keys = this.keyColumns(groupings);
    const traces = scope.unit === 'trace' ? 'COUNT(*)' : 'COUNT(DISTINCT trace_id)';
    const query = join(
      [
        sql('WITH base AS ('),
        base,
        sql(
          `) SELECT ${keys}, COUNT(*) AS units, ${traces} AS traces, SUM(spans) AS spans, SUM(err) AS errors, SUM(cost) AS cost, ` +
            `SUM(inp) AS inp, SUM(outp) AS outp, SUM(tot) AS tot FROM base GROUP BY ${keys}`,
        ),
      ],
      '',
    );
    return (await this.rows(query)).map((row) => groupTotals(this.keyOf(row, groupings), row));
  }

  async latencies(scope: MetricsScope, groupings: readonly Grouping[], percentiles: readonly number[]): Promise<GroupLatencies[]> {
    const base = this.base(scope, groupings, { buckets: true });
    const keys = this.keyColumns(groupings);
    for (const p of percentiles) if (!Number.isInteger(p) || p < 1 || p > 99) throw new Error(`percentile ${p} is not an integer 1–99`);
    // Nearest rank (Hyndman & Fan type 1): the value at 1-based rank ceil(p·n/100), in integers.
    const picks = percentiles.map((p) => `MIN(CASE WHEN rn = (${p} * n + 99) / 100 THEN lat END) AS p${p}`).join(', ');
    const query = join(
      [
        sql('WITH base AS ('),
        base,
        sql(
          `), ranked AS (SELECT ${keys}, lat, ROW_NUMBER() OVER (PARTITION BY ${keys} ORDER BY lat) AS rn, COUNT(*) OVER (PARTITION BY ${keys}) AS n ` +
            `FROM base WHERE lat IS NOT NULL) SELECT ${keys}, ${picks} FROM ranked GROUP BY ${keys}`,
        ),
      ],
      '',
    );
    return (await this.rows(query)).map((row) => {
      const { bucket, values } = this.keyOf(row, groupings);
      return { bucket, values, latencies: Object.fromEntries(percentiles.map((p) => [p, row[`p${p}`] === null || row[`p${p}`] === undefined ? null : Number(row[`p${p}`])])) };
    });
  }

  async scores(scope: MetricsScope, groupings: readonly Grouping[], name: string): Promise<GroupScores[]> {
    const base = this.base(scope, groupings, { buckets: true });
    const keys = this.keyColumns(groupings);
    const query = join(
      [
        sql('WITH base AS ('),
        base,
        sql(
          `), traced AS (SELECT DISTINCT ${keys}, trace_id FROM base) SELECT ${keys.split(', ').map((k) => `b.${k}`).join(', ')}, COUNT(*) AS n, SUM(sc.numeric_value) AS total FROM traced b ` +
            `JOIN scores sc ON sc.project_id = ? AND sc.trace_id = b.trace_id AND sc.target = 'trace' AND sc.name = ? AND sc.data_type = 'numeric' AND sc.numeric_value IS NOT NULL ` +
            `GROUP BY ${keys.split(', ').map((k) => `b.${k}`).join(', ')}`,
          [scope.projectId, name],
        ),
      ],
      '',
    );
    return (await this.rows(query)).map((row) => {
      const { bucket, values } = this.keyOf(row, groupings);
      return { bucket, values, count: Number(row.n), sum: Number(row.total) };
    });
  }

  /** The grouping columns of `base`: the bucket, then a value and an `other` flag per grouping. */
  private keyColumns(groupings: readonly Grouping[]): string {
    return ['bucket', ...groupings.flatMap((_, k) => [`d${k}`, `o${k}`])].join(', ');
  }

  private keyOf(row: Row, groupings: readonly Grouping[]): GroupKey {
    return {
      bucket: Number(row.bucket),
      values: groupings.map((grouping, k) => {
        const raw = row[`d${k}`];
        const value: DimensionValue = raw === null || raw === undefined ? null : grouping.dimension === 'promptVersion' ? Number(raw) : String(raw);
        return { value, other: Number(row[`o${k}`]) === 1 };
      }),
    };
  }

  /** The aggregate a dimension's values are ranked by, over `base`. */
  private rankSql(scope: MetricsScope, rankBy: RankMeasure): string {
    switch (rankBy) {
      case 'traceCount':
        return scope.unit === 'trace' ? 'COUNT(*)' : 'COUNT(DISTINCT trace_id)';
      case 'spanCount':
        return 'SUM(spans)';
      case 'costSum':
        return 'SUM(cost)';
      case 'inputTokens':
        return 'SUM(inp)';
      case 'outputTokens':
        return 'SUM(outp)';
      case 'totalTokens':
        return 'SUM(tot)';
    }
  }

  /** A grouping's value (kept values as themselves, else NULL) and its `other` flag. */
  private groupingSql(grouping: Grouping, k: number): SqlFragment {
    // The raw value is read once per row (r{k}, by the inner select): reading JSON is the costly part.
    const value = sql(`r${k}`);
    if (grouping.keep.length === 0) {
      return join([sql(`NULL AS d${k}, CASE WHEN`), value, sql(`IS NOT NULL THEN 1 ELSE 0 END AS o${k}`)], ' ');
    }
    const list = sql(grouping.keep.map(() => '?').join(', '), [...grouping.keep]);
    return join(
      [
        sql('CASE WHEN'), value, sql('IN ('), list, sql(') THEN'), value, sql(`END AS d${k}, CASE WHEN`),
        value, sql('IS NOT NULL AND NOT ('), value, sql('IN ('), list, sql(`)) THEN 1 ELSE 0 END AS o${k}`),
      ],
      ' ',
    );
  }

  /**
   * `base`: an inner select reading each unit's raw dimension values (r0, r1; `v` for a ranked
   * dimension) and measure columns once, and an outer one mapping the raw values to groups.
   */
  private base(scope: MetricsScope, groupings: readonly Grouping[], options: { buckets: boolean; inputOutputTokens?: boolean; ranked?: MetricsDimension }): SqlFragment {
    const columns: SqlFragment[] = [];
    columns.push(sql(options.buckets ? 'bk.i AS bucket' : '0 AS bucket'));
    groupings.forEach((grouping, k) => columns.push(join([dimensionColumn(this.filterDialect, grouping.dimension), sql(`AS r${k}`)], ' ')));
    if (options.ranked) columns.push(join([dimensionColumn(this.filterDialect, options.ranked), sql('AS v')], ' '));
    columns.push(sql('t.id AS trace_id'));
    // A trace has a row per tag: grouped by tag, a unit appears once per tag (so a trace counts in the
    // group of each of its tags), and its rows mapped to the same group — two tags both in `other` —
    // are made one again by DISTINCT over the unit's id and values.
    const byTag = options.ranked === 'tag' || groupings.some((g) => g.dimension === 'tag');
    if (byTag) columns.push(sql(scope.unit === 'span' ? 's.span_id AS unit_id' : "'' AS unit_id"));
    if (scope.unit === 'trace') {
      columns.push(sql("t.latency_ms AS lat, t.cost AS cost, CASE WHEN t.status = 'error' THEN 1 ELSE 0 END AS err, t.span_count AS spans, t.total_tokens AS tot"));
      if (options.inputOutputTokens) {
        const { inp, outp } = spanTokenColumns(this.filterDialect, 'sp');
        const perTrace = (value: SqlFragment, name: string) =>
          join([sql('(SELECT SUM('), value, sql(`) FROM spans sp WHERE sp.project_id = t.project_id AND sp.trace_id = t.id${this.filterDialect.sameStoredTrace('sp', 't')}) AS ${name}`)], '');
        columns.push(perTrace(inp, 'inp'), perTrace(outp, 'outp'));
      } else {
        columns.push(sql('0 AS inp, 0 AS outp'));
      }
    } else {
      const { inp, outp, tot } = spanTokenColumns(this.filterDialect, 's');
      columns.push(sql("s.latency_ms AS lat, COALESCE(s.cost, 0) AS cost, CASE WHEN s.status = 'error' THEN 1 ELSE 0 END AS err, 1 AS spans"));
      columns.push(join([inp, sql('AS inp,'), outp, sql('AS outp,'), tot, sql('AS tot')], ' '));
    }

    const from: SqlFragment[] = [];
    if (options.buckets) {
      const list = JSON.stringify(scope.buckets.map((b) => ({ i: b.index, s: b.startMs, e: b.endMs })));
      from.push(
        this.dialect === 'postgres'
          ? sql('jsonb_to_recordset(CAST(? AS jsonb)) AS bk(i integer, s bigint, e bigint)', [list])
          : sql("(SELECT json_extract(value, '$.i') AS i, json_extract(value, '$.s') AS s, json_extract(value, '$.e') AS e FROM json_each(?)) AS bk", [list]),
      );
      // CROSS JOIN keeps the buckets the outer loop on SQLite (its planner honours the order).
      from.push(sql('CROSS JOIN traces t'));
    } else {
      from.push(sql('traces t'));
    }
    if (scope.unit === 'span') from.push(sql(`JOIN spans s ON s.project_id = t.project_id AND s.trace_id = t.id${this.filterDialect.sameStoredTrace('s', 't')}`));
    if (byTag) from.push(sql(`LEFT JOIN trace_tags tg ON tg.project_id = t.project_id AND tg.trace_id = t.id${this.filterDialect.sameStoredTrace('tg', 't')}`));
    from.push(sql('WHERE t.project_id = ? AND t.created_at >= ? AND t.created_at < ?', [scope.projectId, scope.fromMs, scope.toMs]));
    if (options.buckets) from.push(sql('AND t.created_at >= bk.s AND t.created_at < bk.e'));
    const filter = compileFilterSql(scope.rules, this.filterDialect, { table: 't' });
    if (filter.sql !== '1=1') from.push(join([sql('AND'), filter], ' '));

    const outer = [
      sql('bucket'),
      ...groupings.map((grouping, k) => this.groupingSql(grouping, k)),
      ...(options.ranked ? [sql('v')] : []),
      sql(`trace_id, ${byTag ? 'unit_id, ' : ''}lat, cost, err, spans, tot, inp, outp`),
    ];
    // OFFSET 0 keeps PostgreSQL from pulling the inner select up, which would copy each raw value's
    // expression back into every place the outer one reads it.
    const fence = this.dialect === 'postgres' ? ' OFFSET 0' : '';
    return join([sql(byTag ? 'SELECT DISTINCT' : 'SELECT'), join(outer, ', '), sql('FROM (SELECT'), join(columns, ', '), sql('FROM'), join(from, ' '), sql(`${fence}) x`)], ' ');
  }

  private async rows(query: SqlFragment): Promise<Row[]> {
    const result = await this.db.raw(query.sql, query.bindings as Knex.RawBinding[]);
    return this.dialect === 'postgres' ? (result as { rows: Row[] }).rows : (result as Row[]);
  }
}
