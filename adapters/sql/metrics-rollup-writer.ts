import type { Knex } from 'knex';
import type { Dialect } from '../../src/ports/store.js';
import type { MetricsRollupWriter, SettleOutcome } from '../../src/ports/metrics-rollups.js';
import { filterDialectOf } from './filter-dialects.js';
import { binSql, encodeSketch } from './latency-sketch.js';
import { dimensionColumn, join, spanTokenColumns, sql } from './metrics-reader.js';
import type { FilterDialect, SqlFragment } from './filter-compiler.js';
import { daysOf, rebuildDailyRollups } from './metrics-daily-rollups.js';
import { HOUR_MS, SPAN_ROLLUP_DIMENSIONS, TRACE_ROLLUP_DIMENSIONS } from './metrics-rollup-grains.js';
import { ensureRollupWeeks, weekStart } from '../postgres/time-partitions.js';

type Row = Record<string, unknown>;
/** Any PostgreSQL advisory lock key of ours, for "one settler at a time" (and a rollup week's drop waits for it). */
export const SETTLE_LOCK = 470_047;
const INSERT_CHUNK = 500;

/** The hours of a project as the first table of a join: `hs(h)`. */
export function hoursTable(dialect: Dialect, hours: readonly number[]): SqlFragment {
  const list = JSON.stringify(hours);
  return dialect === 'postgres'
    ? sql('(SELECT CAST(value AS bigint) AS h FROM jsonb_array_elements_text(CAST(? AS jsonb))) hs', [list])
    : sql('(SELECT value AS h FROM json_each(?)) hs', [list]);
}

/**
 * Recomputes rollup rows (migration 047) from the stored traces and spans with the definitions of
 * the raw metrics query (metrics-reader.ts): per marked hour, one row for all the hour's traces
 * (dimension ''), one per value of each trace dimension (trace units) and of each span dimension
 * (span units), with the latency sketch of the units (latency-sketch.ts).
 */
export class SqlMetricsRollupWriter implements MetricsRollupWriter {
  private readonly filterDialect: FilterDialect;

  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
  ) {
    this.filterDialect = filterDialectOf(dialect);
  }

  async settle(maxHours: number): Promise<SettleOutcome> {
    if (this.dialect === 'postgres') {
      const locked = this.rowsOf(await this.db.raw('SELECT pg_try_advisory_xact_lock(?) AS locked', [SETTLE_LOCK]))[0].locked;
      if (!locked) return { hours: 0, more: true };
    }
    const picked = this.rowsOf(
      await this.db.raw('SELECT project_id, hour_ms FROM metrics_dirty_hours GROUP BY project_id, hour_ms ORDER BY MIN(id) LIMIT ?', [maxHours + 1]),
    );
    const more = picked.length > maxHours;
    const byProject = new Map<string, number[]>();
    for (const row of picked.slice(0, maxHours)) {
      const hours = byProject.get(row.project_id as string) ?? [];
      hours.push(Number(row.hour_ms));
      byProject.set(row.project_id as string, hours);
    }
    for (const [projectId, hours] of byProject) await this.settleProject(projectId, hours);
    return { hours: Math.min(picked.length, maxHours), more };
  }

  /**
   * The marks are read before the rows: a mark committed by then belongs to rows this transaction's
   * later statements see. A mark committed after (its rows unseen) is not among those removed, so
   * its hour stays marked.
   */
  private async settleProject(projectId: string, hours: number[]): Promise<void> {
    const marks = (await this.db('metrics_dirty_hours').where({ project_id: projectId }).whereIn('hour_ms', hours).select('id')).map((row: { id: string | number }) => row.id);
    const totals = await this.rowsOfQuery(this.unitsQuery(projectId, hours, 'totals'));
    const bins = await this.rowsOfQuery(this.unitsQuery(projectId, hours, 'bins'));
    const sketches = new Map<string, [number, number][]>();
    const keyOf = (row: Row) => JSON.stringify([Number(row.hour), row.dim, row.value === null || row.value === undefined ? null : String(row.value)]);
    for (const row of bins) {
      const key = keyOf(row);
      if (!sketches.has(key)) sketches.set(key, []);
      sketches.get(key)!.push([Number(row.bin), Number(row.n)]);
    }
    const rows = totals.map((row) => ({
      project_id: projectId,
      dimension: row.dim as string,
      hour_ms: Number(row.hour),
      value: row.value === null || row.value === undefined ? null : String(row.value),
      units: Number(row.units),
      traces: Number(row.traces),
      spans: Number(row.spans ?? 0),
      errors: Number(row.errors ?? 0),
      cost: Number(row.cost ?? 0),
      input_tokens: Number(row.inp ?? 0),
      output_tokens: Number(row.outp ?? 0),
      total_tokens: Number(row.tot ?? 0),
      latency_sketch: encodeSketch(sketches.get(keyOf(row)) ?? []),
    }));
    // Partitioned by week (migration 055): the weeks of hours far from now may have no partition yet.
    if (this.dialect === 'postgres' && rows.length > 0) await ensureRollupWeeks(this.db, rows.map((row) => weekStart(row.hour_ms)));
    await this.db('metrics_rollups').where({ project_id: projectId }).whereIn('hour_ms', hours).delete();
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) await this.db('metrics_rollups').insert(rows.slice(start, start + INSERT_CHUNK));
    for (let start = 0; start < marks.length; start += INSERT_CHUNK) await this.db('metrics_dirty_hours').whereIn('id', marks.slice(start, start + INSERT_CHUNK)).delete();
    await rebuildDailyRollups(this.db, projectId, daysOf(hours));
  }

  /**
   * One statement over the hours' units, trace units (`tu`) and span units (`su`), each dimension a
   * branch of a UNION ALL: `totals` the sums per (hour, dimension, value), `bins` the latency
   * counts per (hour, dimension, value, bin).
   */
  private unitsQuery(projectId: string, hours: number[], shape: 'totals' | 'bins'): SqlFragment {
    const { inp, outp } = spanTokenColumns(this.filterDialect, 'sp');
    const perTrace = (value: SqlFragment, name: string) => join([sql('(SELECT SUM('), value, sql(`) FROM spans sp WHERE sp.project_id = t.project_id AND sp.trace_id = t.id${this.filterDialect.sameStoredTrace('sp', 't')}) AS ${name}`)], '');
    const traceColumns = TRACE_ROLLUP_DIMENSIONS.map((d, k) => join([dimensionColumn(this.filterDialect, d), sql(`AS v${k}`)], ' '));
    const traceUnits = join(
      [
        sql('SELECT hs.h AS hour, t.id AS trace_id,'),
        join(traceColumns, ', '),
        sql(", t.latency_ms AS lat, t.cost AS cost, CASE WHEN t.status = 'error' THEN 1 ELSE 0 END AS err, t.span_count AS spans, t.total_tokens AS tot,"),
        perTrace(inp, 'inp'),
        sql(','),
        perTrace(outp, 'outp'),
        sql('FROM'),
        hoursTable(this.dialect, hours),
        sql(`CROSS JOIN traces t WHERE t.project_id = ? AND t.created_at >= hs.h AND t.created_at < hs.h + ${HOUR_MS}`, [projectId]),
      ],
      ' ',
    );
    const tokens = spanTokenColumns(this.filterDialect, 's');
    const spanColumns = SPAN_ROLLUP_DIMENSIONS.map((d, k) => {
      const column = dimensionColumn(this.filterDialect, d);
      return join([sql('CAST('), column, sql(`AS TEXT) AS v${k}`)], ' ');
    });
    const spanUnits = join(
      [
        sql('SELECT hs.h AS hour, t.id AS trace_id,'),
        join(spanColumns, ', '),
        sql(", s.latency_ms AS lat, COALESCE(s.cost, 0) AS cost, CASE WHEN s.status = 'error' THEN 1 ELSE 0 END AS err, 1 AS spans,"),
        join([tokens.inp, sql('AS inp,'), tokens.outp, sql('AS outp,'), tokens.tot, sql('AS tot')], ' '),
        sql('FROM'),
        hoursTable(this.dialect, hours),
        sql(`CROSS JOIN traces t JOIN spans s ON s.project_id = t.project_id AND s.trace_id = t.id${this.filterDialect.sameStoredTrace('s', 't')} WHERE t.project_id = ? AND t.created_at >= hs.h AND t.created_at < hs.h + ${HOUR_MS}`, [projectId]),
      ],
      ' ',
    );
    const measures = (unit: 'trace' | 'span') =>
      `COUNT(*) AS units, ${unit === 'trace' ? 'COUNT(*)' : 'COUNT(DISTINCT trace_id)'} AS traces, SUM(spans) AS spans, SUM(err) AS errors, SUM(cost) AS cost, SUM(inp) AS inp, SUM(outp) AS outp, SUM(tot) AS tot`;
    const branch = (table: 'tu' | 'su', dimension: string, value: string | null) => {
      const unit = table === 'tu' ? 'trace' : 'span';
      const valueSql = value ?? 'CAST(NULL AS TEXT)';
      if (shape === 'totals') return `SELECT hour, '${dimension}' AS dim, ${valueSql} AS value, ${measures(unit)} FROM ${table} GROUP BY hour${value ? `, ${value}` : ''}`;
      return `SELECT hour, '${dimension}' AS dim, ${valueSql} AS value, bin, COUNT(*) AS n FROM ${table} WHERE lat IS NOT NULL GROUP BY hour${value ? `, ${value}` : ''}, bin`;
    };
    const branches = [
      branch('tu', '', null),
      ...TRACE_ROLLUP_DIMENSIONS.map((d, k) => branch('tu', d, `v${k}`)),
      ...SPAN_ROLLUP_DIMENSIONS.map((d, k) => branch('su', d, `v${k}`)),
    ];
    const withBin = (units: SqlFragment) => (shape === 'bins' ? join([sql(`SELECT x.*, ${binSql('x.lat')} AS bin FROM (`), units, sql(') x')], '') : units);
    // Each unit table is read by several branches: computed once (reading JSON is the costly part).
    return join(
      [sql('WITH tu AS MATERIALIZED ('), withBin(traceUnits), sql('), su AS MATERIALIZED ('), withBin(spanUnits), sql(')'), sql(branches.join(' UNION ALL '))],
      ' ',
    );
  }

  private async rowsOfQuery(query: SqlFragment): Promise<Row[]> {
    return this.rowsOf(await this.db.raw(query.sql, query.bindings as Knex.RawBinding[]));
  }

  private rowsOf(result: unknown): Row[] {
    return this.dialect === 'postgres' ? (result as { rows: Row[] }).rows : (result as Row[]);
  }
}
