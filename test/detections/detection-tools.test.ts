import { expect } from 'chai';
import { isProblemError, type ProblemError } from '../../src/errors.js';
import type { ProjectRecord } from '../../src/ports/projects.js';
import { detectionToolMappings } from '../../src/tools/detection-tools.js';
import type { ToolContext, ToolDefinition } from '../../src/tools/tool-definition.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { detectionServicesFor } from '../support/detection-fixtures.js';
import { tool, toolContext, toolsOver } from '../support/tool-context.js';
import { insertTrace } from '../support/trace-fixtures.js';

type Result = Record<string, unknown>;
const HOUR = 3_600_000;

async function problemOf(call: Promise<unknown>): Promise<ProblemError> {
  try {
    await call;
  } catch (error) {
    if (isProblemError(error)) return error;
    throw error;
  }
  throw new Error('expected a ProblemError');
}

forEachAdapter((adapter) => {
  describe('detection tools', () => {
    let server: TestServer;
    let tools: ToolDefinition[];
    let ctx: ToolContext;
    let project: ProjectRecord;
    const now = Date.parse('2026-11-01T12:00:00.000Z');

    before(async () => {
      server = await startTestServer(adapter);
      tools = toolsOver(server, detectionToolMappings());
      ctx = toolContext(server, server.tenant);
      project = server.tenant.project;
      const services = detectionServicesFor(server);
      await services.detections.create(project.id, { slug: 'email', displayName: 'Email in output', description: 'PII: email addresses', severity: 'high', type: 'pii', config: { kinds: ['email'] } });
      await services.detections.create(project.id, { slug: 'lc-only', displayName: 'LangChain only', type: 'regex', frameworks: ['langchain'], isActive: false, config: { pattern: 'zzz' } });
      // Known counts per hour: 09:xx 2 traces (1 fires), 10:xx 4 traces (2 fire), 11:xx 1 trace (none), and one firing 3 days ago.
      const traces: [string, number, boolean][] = [
        ['a', now - 3 * HOUR + 10 * 60_000, true],
        ['b', now - 3 * HOUR + 20 * 60_000, false],
        ['c', now - 2 * HOUR + 1, true],
        ['d', now - 2 * HOUR + 2, true],
        ['e', now - 2 * HOUR + 3, false],
        ['f', now - HOUR - 1, false],
        ['g', now - 1, false],
        ['old', now - 72 * HOUR, true],
      ];
      for (const [id, at, leaky] of traces) {
        await insertTrace(server.runtime.database.knex, { projectId: project.id, id, createdAt: new Date(at), spans: [{ spanId: 's', output: leaky ? 'mail me: x@example.com' : 'no' }] });
      }
      await server.runtime.store.transaction((tx) => services.detectionEvaluation.enqueueTraceEvaluation(tx, traces.map(([traceId]) => ({ projectId: project.id, traceId }))));
      await services.detectionEvaluation.runOnce('w');
    });
    after(async () => server.close());

    const call = (name: string, input: Result, context = ctx) => tool(tools, name).handler(input, context) as Promise<Result>;

    describe('list_detections', () => {
      it('lists detections with fire counts, last firing and the totals', async () => {
        const result = await call('list_detections', {});
        // Both were created at the same instant: order by name to compare.
        (result.detections as Result[]).sort((a, b) => String(a.name).localeCompare(String(b.name)));
        expect(result).to.deep.equal({
          detections: [
            { name: 'email', display_name: 'Email in output', description: 'PII: email addresses', severity: 'high', fire_count_24h: 3, fire_count_7d: 4, last_fired: '2026-11-01T12:00:00.000Z', enabled: true },
            { name: 'lc-only', display_name: 'LangChain only', description: null, severity: 'medium', fire_count_24h: 0, fire_count_7d: 0, last_fired: null, enabled: false },
          ],
          total_count: 2,
          active_count: 1,
        });
      });

      it('filters by framework scope and limits the list but not the totals', async () => {
        const crewai = await call('list_detections', { framework: 'crewai' });
        expect((crewai.detections as Result[]).map((d) => d.name)).to.deep.equal(['email']);
        const limited = await call('list_detections', { framework: 'langchain', limit: 1 });
        expect(limited).to.include({ total_count: 2, active_count: 1 });
        expect(limited.detections).to.have.length(1);
      });

      it('answers 400 for an unknown framework', async () => {
        const problem = await problemOf(call('list_detections', { framework: 'not-a-framework' }));
        expect([problem.status, problem.code]).to.deep.equal([400, 'PUBLIC_API_VALIDATION_FAILED']);
      });

      it('shows another project nothing of this one', async () => {
        expect(await call('list_detections', {}, toolContext(server, server.other))).to.deep.equal({ detections: [], total_count: 0, active_count: 0 });
      });
    });

    describe('get_detection_trend', () => {
      it('buckets an ISO range hourly, with the share of the traces ingested in each hour', async () => {
        const result = await call('get_detection_trend', { detection_name: 'email', granularity: 'hour', date_range: '2026-11-01T09:00:00Z/2026-11-01T12:00:00Z' });
        expect(result).to.deep.equal({
          detection_name: 'email',
          granularity: 'hour',
          date_range: '2026-11-01T09:00:00Z/2026-11-01T12:00:00Z',
          trend: [
            { timestamp: '2026-11-01T09:00:00.000Z', count: 1, percentage_of_all_traces: 50 },
            { timestamp: '2026-11-01T10:00:00.000Z', count: 2, percentage_of_all_traces: 50 },
            { timestamp: '2026-11-01T11:00:00.000Z', count: 0, percentage_of_all_traces: 0 },
          ],
          total_count: 3,
          avg_per_day: 24,
        });
      });

      it('defaults to daily buckets over the last 7 days', async () => {
        const result = await call('get_detection_trend', { detection_name: 'email' });
        const trend = result.trend as Result[];
        expect(result).to.include({ granularity: 'day', date_range: 'last_7d', total_count: 4, avg_per_day: 0.57 });
        expect(trend.map((b) => b.timestamp)).to.deep.equal(
          ['10-25', '10-26', '10-27', '10-28', '10-29', '10-30', '10-31', '11-01'].map((d) => `2026-${d}T00:00:00.000Z`),
        );
        expect(trend.map((b) => b.count)).to.deep.equal([0, 0, 0, 0, 1, 0, 0, 3]);
        expect(trend.map((b) => b.percentage_of_all_traces)).to.deep.equal([0, 0, 0, 0, 100, 0, 0, 42.86]);
      });

      it('covers last_24h with hourly buckets, the first and last partial', async () => {
        const result = await call('get_detection_trend', { detection_name: 'email', granularity: 'hour', date_range: 'last_24h' });
        const trend = result.trend as Result[];
        expect(trend).to.have.length(25);
        expect(trend[0].timestamp).to.equal('2026-10-31T12:00:00.000Z');
        expect(trend.at(-1)!.timestamp).to.equal('2026-11-01T12:00:00.000Z');
        expect(result).to.include({ total_count: 3, avg_per_day: 3 });
      });

      it('answers 400 for a bad name, granularity or range, and 404 for an unknown detection', async () => {
        const cases: [Result, number][] = [
          [{ detection_name: 'bad name!' }, 400],
          [{}, 400],
          [{ detection_name: 'email', granularity: 'week' }, 400],
          [{ detection_name: 'email', date_range: 'last_year' }, 400],
          [{ detection_name: 'email', date_range: '2026-11-02/2026-11-01' }, 400],
          [{ detection_name: 'email', date_range: '2025-01-01/2026-11-01' }, 400],
          [{ detection_name: 'unknown' }, 404],
        ];
        for (const [input, status] of cases) expect((await problemOf(call('get_detection_trend', input))).status, JSON.stringify(input)).to.equal(status);
      });

      it('does not find another project’s detection', async () => {
        expect((await problemOf(call('get_detection_trend', { detection_name: 'email' }, toolContext(server, server.other)))).status).to.equal(404);
      });
    });
  });
});
