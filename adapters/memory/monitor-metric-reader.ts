import type { MetricQuery, MetricValue, MonitorMetricReader } from '../../src/ports/monitors.js';
import type { MonitorMetric } from '../../src/domain/monitors/monitor-types.js';
import type { TraceRecord } from '../../src/ports/traces.js';
import { compareBytes, TraceMatcher } from './trace-matching.js';
import { numericValueOf, type MemoryTraceRows } from './trace-rows.js';

type ScopeQuery = Omit<MetricQuery, 'metric' | 'detectionId' | 'scoreName'>;

const PERCENTILES: Partial<Record<MonitorMetric, number>> = { latency_p50: 50, latency_p95: 95, latency_p99: 99 };
const GROUPED: Partial<Record<MonitorMetric, { value: (t: TraceRecord) => number; by: 'userId' | 'sessionId'; money: boolean }>> = {
  cost_per_user: { value: (t) => t.cost, by: 'userId', money: true },
  cost_per_session: { value: (t) => t.cost, by: 'sessionId', money: true },
  tokens_per_user: { value: (t) => t.totalTokens, by: 'userId', money: false },
  tokens_per_session: { value: (t) => t.totalTokens, by: 'sessionId', money: false },
};

/** Sums of doubles rounded to 9 decimals, as the SQL reader rounds them (its databases add in their own order). */
const money = (value: number): number => Number(value.toFixed(9));
const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

/**
 * Monitor metrics over rows held in memory: the whole MonitorMetricReader port without SQL, with the
 * SQL reader's definitions (nearest-rank percentiles, highest group with ties to the smallest key in
 * byte order, rounded sums). The monitor-metric behaviour table holds both to the same numbers.
 */
export class MemoryMonitorMetricReader implements MonitorMetricReader {
  constructor(private readonly rows: MemoryTraceRows) {}

  /** The project's traces in the scope, created in [fromMs, toMs). */
  private traces(query: ScopeQuery, matcher = new TraceMatcher(this.rows)): TraceRecord[] {
    const { framework, agentName, sessionId, userId } = query.scope;
    return this.rows.traces.filter(
      (t) =>
        t.projectId === query.projectId &&
        matcher.passes(t, { fromMs: query.fromMs, toMs: query.toMs, framework, agentName, sessionId, userId }) &&
        (query.filter === null || matcher.satisfies(t, { kind: 'filter', rules: query.filter })),
    );
  }

  async countTraces(query: ScopeQuery): Promise<number> {
    return this.traces(query).length;
  }

  async measure(query: MetricQuery): Promise<MetricValue> {
    if (query.metric === 'detection_fire_count') return this.firings(query);
    if (query.metric === 'score_avg') return this.scoreAverage(query);
    const traces = this.traces(query);
    const n = traces.length;
    const percentile = PERCENTILES[query.metric];
    if (percentile !== undefined) {
      if (n === 0) return { value: null, sampleSize: 0 };
      const sorted = [...traces].sort((a, b) => a.latencyMs - b.latencyMs || compareBytes(a.id, b.id));
      return { value: sorted[Math.ceil((percentile * n) / 100) - 1].latencyMs, sampleSize: n };
    }
    const grouped = GROUPED[query.metric];
    if (grouped) return this.highestGroup(traces, grouped);
    switch (query.metric) {
      case 'trace_count':
        return { value: n, sampleSize: n };
      case 'error_rate':
        return { value: n === 0 ? null : traces.filter((t) => t.status === 'error').length / n, sampleSize: n };
      case 'cost_sum':
        return { value: money(sum(traces.map((t) => t.cost))), sampleSize: n };
      case 'tokens_sum':
        return { value: sum(traces.map((t) => t.totalTokens)), sampleSize: n };
      default:
        throw new Error(`unknown monitor metric ${query.metric}`);
    }
  }

  private highestGroup(traces: TraceRecord[], grouped: NonNullable<(typeof GROUPED)[MonitorMetric]>): MetricValue {
    const totals = new Map<string, number>();
    for (const trace of traces) {
      const key = trace[grouped.by];
      if (key !== null) totals.set(key, (totals.get(key) ?? 0) + grouped.value(trace));
    }
    const [best] = [...totals].sort(([aKey, a], [bKey, b]) => b - a || compareBytes(aKey, bKey));
    if (!best) return { value: null, sampleSize: traces.length };
    const [key, total] = best;
    return { value: grouped.money ? money(total) : total, groupKey: key, sampleSize: traces.length };
  }

  /** Numeric and boolean (1/0) scores of the name on the window's traces in the scope, any target with a trace. */
  private scoreAverage(query: MetricQuery): MetricValue {
    const traceIds = new Set(this.traces(query).map((t) => t.id));
    const values = this.rows.scores
      .filter((s) => s.projectId === query.projectId && s.name === (query.scoreName ?? '') && s.dataType !== 'categorical' && s.traceId !== null && traceIds.has(s.traceId))
      .map(numericValueOf)
      .filter((value): value is number => value !== null);
    const n = values.length;
    return { value: n === 0 ? null : money(money(sum(values)) / n), sampleSize: n };
  }

  /** Firings recorded in the window, of one detection or all; the scope applies to the fired-on trace at any creation time. */
  private firings(query: MetricQuery): MetricValue {
    const scoped = query.filter !== null || Object.keys(query.scope).some((k) => k !== 'savedFilterId');
    const inScope = scoped ? new Set(this.traces({ ...query, fromMs: Number.MIN_SAFE_INTEGER, toMs: Number.MAX_SAFE_INTEGER }).map((t) => t.id)) : null;
    const n = this.rows.firings.filter((e) => {
      const at = e.createdAt.getTime();
      return e.projectId === query.projectId && at >= query.fromMs && at < query.toMs && (!query.detectionId || e.detectionId === query.detectionId) && (!inScope || inScope.has(e.traceId));
    }).length;
    return { value: n, sampleSize: n };
  }
}
