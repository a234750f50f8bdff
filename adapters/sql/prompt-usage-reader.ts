import type { Knex } from 'knex';
import type { Dialect } from '../../src/ports/store.js';
import type { PromptUsageQuery, PromptUsageReader, RankedLatency, VersionScoreTotals, VersionTotals } from '../../src/ports/prompt-usage.js';
import { spanPromptColumns } from './span-prompt-columns.js';

type Row = Record<string, unknown>;

/**
 * A recorded version as an integer, or NULL when the span recorded something else there (spans stored
 * before prompt versions were validated may hold any JSON): a cast of such text would fail the query
 * on PostgreSQL, so only digit strings are cast.
 */
function versionNumberSql(dialect: Dialect): string {
  const { version } = spanPromptColumns(dialect, 's');
  return dialect === 'postgres'
    ? `(CASE WHEN ${version} ~ '^[0-9]{1,9}$' THEN CAST(${version} AS integer) END)`
    : `(CASE WHEN json_type(s.metadata, '$.prompt_version') = 'integer' THEN ${version} END)`;
}

/**
 * The usage of a prompt's versions as SQL aggregates over one common table: each (version, trace)
 * once, found through spans_prompt_idx (project, prompt name, version) and joined to the trace for
 * its window, latency, cost and status. Percentile ranks are read with ROW_NUMBER(), which both
 * databases have, so no dialect's own percentile function decides a number.
 */
export class SqlPromptUsageReader implements PromptUsageReader {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
  ) {}

  async totals(query: PromptUsageQuery): Promise<VersionTotals[]> {
    const { sql, bindings } = this.base(query);
    const rows = await this.rows(
      `WITH base AS (${sql}) SELECT version, COUNT(*) AS n, SUM(cost) AS cost, SUM(CASE WHEN status = 'error' THEN 1 ELSE 0 END) AS errors FROM base GROUP BY version ORDER BY version DESC`,
      bindings,
    );
    return rows.map((row) => ({ version: Number(row.version), traceCount: Number(row.n), costTotal: Number(row.cost), errorCount: Number(row.errors) }));
  }

  async latenciesAtRanks(query: PromptUsageQuery, ranks: readonly { version: number; rank: number }[]): Promise<RankedLatency[]> {
    if (ranks.length === 0) return [];
    const { sql, bindings } = this.base(query);
    const wanted = ranks.map(() => '(version = ? AND position = ?)').join(' OR ');
    const rows = await this.rows(
      `WITH base AS (${sql}), ranked AS (SELECT version, latency_ms, ROW_NUMBER() OVER (PARTITION BY version ORDER BY latency_ms, trace_id) - 1 AS position FROM base) ` +
        `SELECT version, position, latency_ms FROM ranked WHERE ${wanted}`,
      [...bindings, ...ranks.flatMap(({ version, rank }) => [version, rank])],
    );
    return rows.map((row) => ({ version: Number(row.version), rank: Number(row.position), latencyMs: Number(row.latency_ms) }));
  }

  async scores(query: PromptUsageQuery): Promise<VersionScoreTotals[]> {
    const { sql, bindings } = this.base(query);
    const rows = await this.rows(
      `WITH base AS (${sql}) SELECT b.version, sc.name, COUNT(*) AS n, SUM(sc.numeric_value) AS total FROM base b ` +
        `JOIN scores sc ON sc.project_id = ? AND sc.trace_id = b.trace_id AND sc.target = 'trace' AND sc.data_type = 'numeric' AND sc.numeric_value IS NOT NULL ` +
        'GROUP BY b.version, sc.name ORDER BY b.version DESC, sc.name',
      [...bindings, query.projectId],
    );
    return rows.map((row) => ({ version: Number(row.version), name: row.name as string, count: Number(row.n), sum: Number(row.total) }));
  }

  /** Each (version, trace) of the window once; a trace that used two versions is a row of each. */
  private base(query: PromptUsageQuery): { sql: string; bindings: unknown[] } {
    const columns = spanPromptColumns(this.dialect, 's');
    const version = versionNumberSql(this.dialect);
    const bindings: unknown[] = [query.projectId, query.name];
    let sql =
      `SELECT DISTINCT ${version} AS version, t.id AS trace_id, t.latency_ms, t.cost, t.status FROM spans s ` +
      `JOIN traces t ON t.project_id = s.project_id AND t.id = s.trace_id ` +
      `WHERE s.project_id = ? AND ${columns.name} = ? AND t.created_at >= ? AND t.created_at < ?`;
    bindings.push(query.fromMs, query.toMs);
    if (query.version !== undefined) {
      sql += ` AND ${columns.version} = ?`;
      bindings.push(columns.versionBinding(query.version));
    }
    sql += ` AND ${version} IS NOT NULL`;
    return { sql, bindings };
  }

  private async rows(sql: string, bindings: unknown[]): Promise<Row[]> {
    const result = await this.db.raw(sql, bindings as Knex.RawBinding[]);
    return this.dialect === 'postgres' ? (result as { rows: Row[] }).rows : (result as Row[]);
  }
}
