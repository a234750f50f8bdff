import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startListeningServer, type ListeningServer } from './cli-harness.js';

const span = (id: string, model: string, latency: number, cost: number, start: string, status: 'success' | 'error' = 'success') => ({
  span_id: id,
  name: 'call',
  span_type: 'LLM',
  status,
  latency_ms: latency,
  start_time: start,
  metadata: { model, cost, input_tokens: 100, output_tokens: 20 },
});

forEachAdapter((adapter) => {
  describe('tracewell metrics query (queryMetrics)', function (this: Mocha.Suite) {
    this.timeout(60_000);
    let listening: ListeningServer;
    let env: Record<string, string>;
    const range = ['--from', '2026-10-30T00:00:00Z', '--to', '2026-11-01T00:00:00Z'];

    before(async () => {
      listening = await startListeningServer(adapter);
      env = { TRACEWELL_API_KEY: listening.server.tenant.apiKey };
      // Two days: on the 30th gpt-4o twice (0.5 + 0.25 dollars) and claude once; on the 31st claude once, failing.
      await listening.server.runtime.services.traceIngestion.ingestBatch(listening.server.tenant.project.id, [
        { trace_id: 'm1', name: 'a', spans: [span('s', 'gpt-4o', 100, 0.5, '2026-10-30T10:00:00.000Z')] },
        { trace_id: 'm2', name: 'a', spans: [span('s', 'gpt-4o', 300, 0.25, '2026-10-30T11:00:00.000Z')] },
        { trace_id: 'm3', name: 'a', spans: [span('s', 'claude', 200, 0.125, '2026-10-30T12:00:00.000Z')] },
        { trace_id: 'm4', name: 'a', spans: [span('s', 'claude', 50, 1, '2026-10-31T09:00:00.000Z', 'error')] },
      ]);
    });
    after(async () => listening.close());

    it('prints one row per day and model with the measures formatted', async () => {
      const printed = await listening.cli(['metrics', 'query', ...range, '--bucket', 'day', '--by', 'model', '--measure', 'costSum', '--measure', 'latencyP95', '--measure', 'errorRate'], { env });
      expect(printed.code, printed.stderr).to.equal(0);
      expect(printed.stdout).to.equal(
        'TIME                      MODEL   COSTSUM  LATENCYP95  ERRORRATE\n' +
          '2026-10-30T00:00:00.000Z  claude  $0.1250  200 ms      0.0%\n' +
          '2026-10-30T00:00:00.000Z  gpt-4o  $0.7500  300 ms      0.0%\n' +
          '2026-10-31T00:00:00.000Z  claude  $1.0000  50 ms       100.0%\n',
      );
    });

    it('--json prints the API data; a bad measure exits 1 with the Problem', async () => {
      const json = await listening.cli(['metrics', 'query', ...range, '--measure', 'totalTokens', '--json'], { env });
      expect(JSON.parse(json.stdout)).to.deep.equal({
        from: '2026-10-30T00:00:00.000Z',
        to: '2026-11-01T00:00:00.000Z',
        unit: 'trace',
        measures: ['totalTokens'],
        dimensions: [],
        rows: [{ groups: [], values: { totalTokens: 480 } }],
      });
      const bad = await listening.cli(['metrics', 'query', ...range, '--measure', 'median'], { env });
      expect(bad.code).to.equal(1);
      expect(bad.stderr).to.include('PUBLIC_API_VALIDATION_FAILED');
    });
  });
});
