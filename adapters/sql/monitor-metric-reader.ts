import type { Knex } from 'knex';
import type { Dialect } from '../../src/ports/store.js';
import type { MetricQuery, MetricValue, MonitorMetricReader } from '../../src/ports/monitors.js';
import type { MonitorMetric } from '../../src/domain/monitors/monitor-types.js';
import { whereFilter } from './filter-compiler.js';
import { filterDialectOf } from './filter-dialects.js';

type ScopeQuery = Omit<MetricQuery, 'metric' | 'detectionId' | 'scoreName'>;

const PERCENTILES: Partial<Record<MonitorMetric, number>> = { latency_p50: 50, latency_p95: 95, latency_p99: 99 };
const GROUPED: Partial<Record<MonitorMetric, { column: 'cost' | 'total_tokens'; by: 'user_id' | 'session_id' }>> = {
  cost_per_user: { column: 'cost', by: 'user_id' },
  cost_per_session: { column: 'cost', by: 'session_id' },
  tokens_per_user: { column: 'total_tokens', by: 'user_id' },
  tokens_per_session: { column: 'total_tokens', by: 'session_id' },
};

/**
 * Sums of doubles may be added in a different order by the two databases (PostgreSQL can aggregate in
 * parallel); rounding to 9 decimals (a billionth of a dollar) makes them compare equal.
 */
const money = (value: unknown): number => Number(Number(value ?? 0).toFixed(9));

/**
 * Monitor metrics in SQL; the scope's saved filter arrives as rules and is compiled here, in the
 * reader's dialect. Every aggregate is one both databases compute the same way: counts, integer
 * sums, sums of doubles rounded, and percentiles by nearest rank — the row at rank ⌈p·n/100⌉ of the
 * window's latencies sorted ascending (ties broken by trace id), read with ORDER BY … LIMIT 1
 * OFFSET, so no dialect's interpolating percentile function is involved.
 */
export class SqlMonitorMetricReader implements MonitorMetricReader {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
  ) {}

  /** Traces of the project created in [from, to), narrowed by the scope. Aliased `t`. */
  private traces(query: ScopeQuery): Knex.QueryBuilder {
    const builder = this.db('traces as t').where('t.project_id', query.projectId).andWhere('t.created_at', '>=', query.fromMs).andWhere('t.created_at', '<', query.toMs);
    const { framework, agentName, sessionId, userId } = query.scope;
    if (framework !== undefined) builder.andWhere('t.framework', framework);
    if (agentName !== undefined) builder.andWhere('t.agent_name', agentName);
    if (sessionId !== undefined) builder.andWhere('t.session_id', sessionId);
    if (userId !== undefined) builder.andWhere('t.user_id', userId);
    if (query.filter) whereFilter(builder, query.filter, filterDialectOf(this.dialect), { table: 't' });
    return builder;
  }

  async countTraces(query: ScopeQuery): Promise<number> {
    const row = await this.traces(query).count<{ n: number | string }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async measure(query: MetricQuery): Promise<MetricValue> {
    const percentile = PERCENTILES[query.metric];
    if (percentile !== undefined) return this.percentile(query, percentile);
    const grouped = GROUPED[query.metric];
    if (grouped) return this.highestGroup(query, grouped.column, grouped.by);
    switch (query.metric) {
      case 'trace_count': {
        const n = await this.countTraces(query);
        return { value: n, sampleSize: n };
      }
      case 'error_rate': {
        const row = await this.traces(query)
          .select(this.db.raw('COUNT(*) AS n'), this.db.raw("SUM(CASE WHEN t.status = 'error' THEN 1 ELSE 0 END) AS errors"))
          .first();
        const n = Number(row?.n ?? 0);
        return { value: n === 0 ? null : Number(row.errors) / n, sampleSize: n };
      }
      case 'cost_sum':
      case 'tokens_sum': {
        const column = query.metric === 'cost_sum' ? 't.cost' : 't.total_tokens';
        const row = await this.traces(query).select(this.db.raw('COUNT(*) AS n'), this.db.raw(`SUM(${column}) AS total`)).first();
        const n = Number(row?.n ?? 0);
        return { value: query.metric === 'cost_sum' ? money(row?.total) : Number(row?.total ?? 0), sampleSize: n };
      }
      case 'detection_fire_count':
        return this.firings(query);
      case 'score_avg':
        return this.scoreAverage(query);
      default:
        throw new Error(`unknown monitor metric ${query.metric}`);
    }
  }

  private async percentile(query: MetricQuery, p: number): Promise<MetricValue> {
    const n = await this.countTraces(query);
    if (n === 0) return { value: null, sampleSize: 0 };
    const rank = Math.ceil((p * n) / 100);
    const row = await this.traces(query).select('t.latency_ms').orderBy('t.latency_ms', 'asc').orderBy('t.id', 'asc').offset(rank - 1).limit(1).first();
    return { value: Number(row.latency_ms), sampleSize: n };
  }

  /** The user's (or session's) total that is highest in the window; ties go to the smallest key in byte order. */
  private async highestGroup(query: MetricQuery, column: 'cost' | 'total_tokens', by: 'user_id' | 'session_id'): Promise<MetricValue> {
    const n = await this.countTraces(query);
    // Byte order on both: PostgreSQL would otherwise sort keys by the database's locale.
    const key = this.dialect === 'postgres' ? `t.${by} COLLATE "C"` : `t.${by}`;
    const row = await this.traces(query)
      .whereNotNull(`t.${by}`)
      .select(this.db.raw(`t.${by} AS group_key`), this.db.raw(`SUM(t.${column}) AS total`))
      .groupBy(`t.${by}`)
      .orderByRaw(`SUM(t.${column}) DESC, ${key} ASC`)
      .limit(1)
      .first();
    if (!row) return { value: null, sampleSize: n };
    return { value: column === 'cost' ? money(row.total) : Number(row.total), groupKey: row.group_key as string, sampleSize: n };
  }

  /**
   * The mean of the scores named `scoreName` on the window's traces in the scope (trace- and
   * span-targeted scores; a session's are on no one trace). Numeric scores count with their value,
   * boolean ones as 1/0 (as stored); categorical ones have no number and are left out. The sum is
   * rounded before dividing, like the other sums of doubles, so both databases give the same mean.
   */
  private async scoreAverage(query: MetricQuery): Promise<MetricValue> {
    const traces = this.traces(query).select(this.db.raw('1')).whereRaw('t.id = s.trace_id');
    const row = await this.db('scores as s')
      .where('s.project_id', query.projectId)
      .andWhere('s.name', query.scoreName ?? '')
      .whereIn('s.data_type', ['numeric', 'boolean'])
      .whereNotNull('s.numeric_value')
      .whereNotNull('s.trace_id')
      .whereExists(traces)
      .select(this.db.raw('COUNT(*) AS n'), this.db.raw('SUM(s.numeric_value) AS total'))
      .first();
    const n = Number(row?.n ?? 0);
    return { value: n === 0 ? null : money(money(row.total) / n), sampleSize: n };
  }

  /** Firings recorded in the window, of one detection or all; the scope applies to the fired-on trace. */
  private async firings(query: MetricQuery): Promise<MetricValue> {
    const builder = this.db('detection_events as e')
      .where('e.project_id', query.projectId)
      .andWhere('e.created_at', '>=', query.fromMs)
      .andWhere('e.created_at', '<', query.toMs);
    if (query.detectionId) builder.andWhere('e.detection_id', query.detectionId);
    const scoped = query.filter !== null || Object.keys(query.scope).some((k) => k !== 'savedFilterId');
    if (scoped) {
      // The same scope as the trace metrics, on the trace each firing is about (any creation time).
      const traces = this.traces({ ...query, fromMs: Number.MIN_SAFE_INTEGER, toMs: Number.MAX_SAFE_INTEGER }).select(this.db.raw('1')).whereRaw('t.id = e.trace_id');
      builder.whereExists(traces);
    }
    const row = await builder.count<{ n: number | string }[]>({ n: '*' }).first();
    const n = Number(row?.n ?? 0);
    return { value: n, sampleSize: n };
  }
}
