import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { forEachPortAdapter, seedDialect } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import type { MetricQuery } from '../../src/ports/monitors.js';
import type { MonitorMetric } from '../../src/domain/monitors/monitor-types.js';
import type { FilterNode } from '../../src/domain/filters/index.js';
import { MemoryMonitorMetricReader } from '../../adapters/memory/monitor-metric-reader.js';
import { memoryRowsOf } from '../support/memory-rows.js';
import { MINUTE, seedScores, seedTraces, SERVER_ENV, T0, type SeedTrace } from './support.js';

const W = 10 * MINUTE;

/**
 * One window of 10 traces (and one trace on either side of it, which no metric may count). Latencies
 * 10, 20, …, 100 ms; costs and tokens chosen so sums are exact in binary floating point.
 */
const IN_WINDOW: SeedTrace[] = Array.from({ length: 10 }, (_, i) => ({
  id: `t${i}`,
  at: T0 + i * MINUTE,
  latencyMs: (10 - i) * 10,
  status: i < 3 ? 'error' : 'success',
  cost: [0.5, 0.25, 0.25, 1, 0.125, 0.125, 2, 0, 0, 0.75][i],
  tokens: (i + 1) * 100,
  framework: i < 5 ? 'langchain' : 'crewai',
  agentName: i % 2 ? 'planner' : 'writer',
  userId: i < 4 ? 'alice' : i < 7 ? 'bob' : null,
  sessionId: i < 2 ? 's-1' : 's-2',
  metadata: { tier: i < 6 ? 'gold' : 'free' },
}));
const OUTSIDE: SeedTrace[] = [
  { id: 'before', at: T0 - 1, latencyMs: 99_999, cost: 100, tokens: 99_999, userId: 'alice', status: 'error' },
  { id: 'after', at: T0 + W, latencyMs: 99_999, cost: 100, tokens: 99_999, userId: 'alice', status: 'error' },
];

/**
 * The monitor-metric behaviour table, run against every adapter of the MonitorMetricReader port:
 * both SQL adapters, and the in-memory adapter over the rows seeded into SQLite.
 */
forEachPortAdapter((adapter) => {
  describe('monitor metrics (the same numbers on every adapter)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(seedDialect(adapter), { env: SERVER_ENV });
      await seedTraces(server.runtime.database.knex, server.tenant.project.id, [...IN_WINDOW, ...OUTSIDE]);
    });
    after(async () => server.close());

    // The in-memory reader is built over the rows as they are at each question (a test may add some).
    const reader = async () => (adapter === 'memory' ? new MemoryMonitorMetricReader(await memoryRowsOf(server.runtime.database.knex)) : server.runtime.store.monitorMetrics);
    const measure = async (metric: MonitorMetric, extra: Partial<MetricQuery> = {}) =>
      (await reader()).measure({ projectId: server.tenant.project.id, metric, fromMs: T0, toMs: T0 + W, scope: {}, filter: null, detectionId: null, ...extra });

    it('trace_count counts the traces created in [start, end)', async () => {
      expect(await measure('trace_count')).to.deep.equal({ value: 10, sampleSize: 10 });
    });

    it('error_rate is errors over traces, null for an empty window', async () => {
      expect(await measure('error_rate')).to.deep.equal({ value: 0.3, sampleSize: 10 });
      expect(await measure('error_rate', { fromMs: T0 + 2 * W, toMs: T0 + 3 * W })).to.deep.equal({ value: null, sampleSize: 0 });
    });

    it('latency percentiles are nearest-rank: the ⌈p·n/100⌉-th smallest latency', async () => {
      expect(await measure('latency_p50')).to.deep.equal({ value: 50, sampleSize: 10 });
      expect(await measure('latency_p95')).to.deep.equal({ value: 100, sampleSize: 10 });
      expect(await measure('latency_p99')).to.deep.equal({ value: 100, sampleSize: 10 });
      // the 5 crewai traces (10…50 ms): p50 is the ⌈2.5⌉ = 3rd smallest
      expect(await measure('latency_p50', { scope: { framework: 'crewai' } })).to.deep.equal({ value: 30, sampleSize: 5 });
      expect(await measure('latency_p95', { fromMs: T0 + 2 * W, toMs: T0 + 3 * W })).to.deep.equal({ value: null, sampleSize: 0 });
    });

    it('cost_sum and tokens_sum add up the window', async () => {
      expect(await measure('cost_sum')).to.deep.equal({ value: 5, sampleSize: 10 });
      expect(await measure('tokens_sum')).to.deep.equal({ value: 5500, sampleSize: 10 });
    });

    it('per-user and per-session metrics are the highest total of one user or session, naming it', async () => {
      // alice 0.5+0.25+0.25+1 = 2, bob 0.125+0.125+2 = 2.25
      expect(await measure('cost_per_user')).to.deep.equal({ value: 2.25, groupKey: 'bob', sampleSize: 10 });
      // alice 100+200+300+400 = 1000, bob 500+600+700 = 1800
      expect(await measure('tokens_per_user')).to.deep.equal({ value: 1800, groupKey: 'bob', sampleSize: 10 });
      expect(await measure('cost_per_session')).to.deep.equal({ value: 4.25, groupKey: 's-2', sampleSize: 10 });
      expect(await measure('tokens_per_session')).to.deep.equal({ value: 5200, groupKey: 's-2', sampleSize: 10 });
      expect(await measure('cost_per_user', { scope: { userId: 'alice' } })).to.deep.equal({ value: 2, groupKey: 'alice', sampleSize: 4 });
      expect(await measure('cost_per_user', { scope: { framework: 'nothing' } })).to.deep.equal({ value: null, sampleSize: 0 });
    });

    it('the scope narrows by framework, agent, session, user and a saved filter, all at once', async () => {
      expect(await measure('trace_count', { scope: { framework: 'langchain' } })).to.deep.equal({ value: 5, sampleSize: 5 });
      expect(await measure('trace_count', { scope: { agentName: 'planner' } })).to.deep.equal({ value: 5, sampleSize: 5 });
      expect(await measure('trace_count', { scope: { sessionId: 's-1' } })).to.deep.equal({ value: 2, sampleSize: 2 });
      const gold: FilterNode[] = [{ id: 'r', field: 'metadata.tier', operator: 'is', value: 'gold' }];
      expect(await measure('trace_count', { filter: gold })).to.deep.equal({ value: 6, sampleSize: 6 });
      expect(await measure('error_rate', { filter: gold, scope: { framework: 'langchain', userId: 'alice' } })).to.deep.equal({ value: 0.75, sampleSize: 4 });
    });

    it('countTraces counts the traces of the scope created in [start, end)', async () => {
      const gold: FilterNode[] = [{ id: 'r', field: 'metadata.tier', operator: 'is', value: 'gold' }];
      const count = async (extra: Partial<MetricQuery>) => (await reader()).countTraces({ projectId: server.tenant.project.id, fromMs: T0, toMs: T0 + W, scope: {}, filter: null, ...extra });
      expect(await count({})).to.equal(10);
      expect(await count({ fromMs: T0 - 1 })).to.equal(11);
      // crewai is t5…t9, gold t0…t5: only t5 is both
      expect(await count({ scope: { framework: 'crewai' }, filter: gold })).to.equal(1);
      expect(await count({ fromMs: T0 + 2 * W, toMs: T0 + 3 * W })).to.equal(0);
    });

    it('detection_fire_count counts firings recorded in the window, of one detection or all, scoped by their trace', async () => {
      const { detections } = server.runtime.services;
      const projectId = server.tenant.project.id;
      const pii = await detections.create(projectId, { slug: 'pii-m', displayName: 'PII', type: 'pii', threshold: 0.5, severity: 'high', config: {} });
      const other = await detections.create(projectId, { slug: 'pii-n', displayName: 'PII 2', type: 'pii', threshold: 0.5, severity: 'low', config: {} });
      const firing = (detectionId: string, traceId: string, at: number) => ({ id: randomUUID(), project_id: projectId, detection_id: detectionId, trace_id: traceId, span_id: null, score: 1, evidence: '{}', trace_created_at: T0, created_at: at });
      await server.runtime.database.knex('detection_events').insert([
        firing(pii.id, 't0', T0 + MINUTE),
        firing(pii.id, 't6', T0 + 2 * MINUTE),
        firing(pii.id, 'before', T0 + W), // recorded after the window
        firing(other.id, 't1', T0 + 3 * MINUTE),
      ]);
      expect(await measure('detection_fire_count')).to.deep.equal({ value: 3, sampleSize: 3 });
      expect(await measure('detection_fire_count', { detectionId: pii.id })).to.deep.equal({ value: 2, sampleSize: 2 });
      expect(await measure('detection_fire_count', { detectionId: pii.id, scope: { framework: 'crewai' } })).to.deep.equal({ value: 1, sampleSize: 1 });
    });

    it('score_avg averages the numeric and boolean (1/0) scores of one name on the window’s traces in the scope', async () => {
      const projectId = server.tenant.project.id;
      await seedScores(server.runtime.database.knex, projectId, [
        { name: 'quality', value: 0.5, traceId: 't0' },
        { name: 'quality', value: 0.25, traceId: 't1' },
        { name: 'quality', value: 1, traceId: 't6', target: 'span' }, // a span's score is on its trace
        { name: 'quality', value: true, traceId: 't7' },
        { name: 'quality', value: false, traceId: 't8' },
        { name: 'quality', value: 'good', traceId: 't9' }, // categorical: no number, left out
        { name: 'quality', value: 0, traceId: 'before', at: T0 + MINUTE }, // its trace is before the window
        { name: 'quality', value: 0, traceId: null, target: 'session' }, // on no one trace
        { name: 'helpfulness', value: 0.9, traceId: 't0' },
      ]);
      // (0.5 + 0.25 + 1 + 1 + 0) / 5
      expect(await measure('score_avg', { scoreName: 'quality' })).to.deep.equal({ value: 0.55, sampleSize: 5 });
      // crewai traces t6, t7, t8: 2/3, rounded to 9 decimals on both databases
      expect(await measure('score_avg', { scoreName: 'quality', scope: { framework: 'crewai' } })).to.deep.equal({ value: 0.666666667, sampleSize: 3 });
      expect(await measure('score_avg', { scoreName: 'helpfulness' })).to.deep.equal({ value: 0.9, sampleSize: 1 });
      expect(await measure('score_avg', { scoreName: 'absent' })).to.deep.equal({ value: null, sampleSize: 0 });
      expect(await measure('score_avg', { scoreName: 'quality', fromMs: T0 + 2 * W, toMs: T0 + 3 * W })).to.deep.equal({ value: null, sampleSize: 0 });
    });
  });
});
