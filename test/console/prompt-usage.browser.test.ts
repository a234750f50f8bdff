import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { ensureConsoleBuilt, launchBrowser, listen, seriousViolations, type Listening, type RunningBrowser } from './browser.js';
import type { TraceInput } from '../traces/fixtures.js';

const NAME = 'support/triage';
const UNUSED = 'support/unused';

interface Used {
  id: string;
  start: string;
  latency: number;
  cost: number;
  status?: 'success' | 'error';
  version: number;
}

/** One LLM span that recorded the prompt's name and version (what links a trace to a version). */
const traceOf = ({ id, start, latency, cost, status = 'success', version }: Used): TraceInput => ({
  trace_id: id,
  name: `triage ${id}`,
  spans: [
    {
      span_id: 'root',
      name: 'triage',
      span_type: 'LLM',
      status,
      error: status === 'error' ? 'model refused' : undefined,
      latency_ms: latency,
      start_time: start,
      metadata: { cost, prompt_name: NAME, prompt_version: version },
    },
  ],
});

/**
 * The server's clock stands at 2026-11-01T12:00Z (the harness), the page's at the same instant.
 * In the last 7 days — v1: latencies 100, 200, 400, 800, 1600 ms, costs 1.25 in all, one error;
 * v2: 10, 20, 30, 50 ms at 0.5 each. Twelve days before, one more v1 trace (9,000 ms, $2, error),
 * inside 30 days only. v3 exists but no trace used it.
 */
const TRACES: Used[] = [
  { id: 'a1', start: '2026-11-01T10:01:00.000Z', latency: 100, cost: 0.25, version: 1 },
  { id: 'a2', start: '2026-11-01T10:02:00.000Z', latency: 200, cost: 0.5, version: 1 },
  { id: 'a3', start: '2026-11-01T10:03:00.000Z', latency: 400, cost: 0.25, status: 'error', version: 1 },
  { id: 'a4', start: '2026-11-01T10:04:00.000Z', latency: 800, cost: 0.125, version: 1 },
  { id: 'a5', start: '2026-11-01T10:05:00.000Z', latency: 1600, cost: 0.125, version: 1 },
  { id: 'b1', start: '2026-11-01T11:01:00.000Z', latency: 30, cost: 0.5, version: 2 },
  { id: 'b2', start: '2026-11-01T11:02:00.000Z', latency: 10, cost: 0.5, version: 2 },
  { id: 'b3', start: '2026-11-01T11:03:00.000Z', latency: 50, cost: 0.5, version: 2 },
  { id: 'b4', start: '2026-11-01T11:04:00.000Z', latency: 20, cost: 0.5, version: 2 },
  { id: 'old', start: '2026-10-20T12:00:00.000Z', latency: 9000, cost: 2, status: 'error', version: 1 },
];

/*
 * Expected numbers, computed by hand with Hyndman & Fan (1996) definition 7 (NumPy's percentile
 * default): for n ascending values, h = (n−1)·p and the value is x[⌊h⌋] + (h−⌊h⌋)·(x[⌊h⌋+1]−x[⌊h⌋]).
 *   7 days, v1 [100, 200, 400, 800, 1600]: p50 h=2 → 400; p95 h=3.8 → 800 + 0.8·800 = 1440 ms.
 *     cost 0.25+0.5+0.25+0.125+0.125 = 1.25, per trace 0.25; errors 1/5 = 20 %.
 *     quality scores 0.5 (a1), 1 and 0.25 (a2): mean 1.75/3 = 0.58333… → 0.583.
 *   7 days, v2 [10, 20, 30, 50]: p50 h=1.5 → 20 + 0.5·10 = 25; p95 h=2.85 → 30 + 0.85·20 = 47 ms.
 *     cost 2, per trace 0.5; errors 0 %; quality 0.75 (b1), n = 1.
 *   30 days, v1 [100, 200, 400, 800, 1600, 9000]: p50 h=2.5 → 400 + 0.5·400 = 600;
 *     p95 h=4.75 → 1600 + 0.75·7400 = 7150 ms; cost 3.25, per trace 0.541666… → $0.5417; errors 2/6 = 33.3 %.
 */
const HEAD = ['Version', 'Traces', 'Latency p50', 'Latency p95', 'Total cost', 'Cost per trace', 'Error rate', 'Score means'];

forEachAdapter((adapter) => {
  describe('console prompt page: usage by version (Chromium)', function () {
    this.timeout(120_000);
    let server: TestServer;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;
    const url = (path: string) => `${http.baseUrl}${path}`;
    const post = (path: string, body: object) => server.request().post(`/api/v1/public${path}`).set('x-api-key', server.tenant.apiKey).send(body);
    const usageTable = () => page.getByRole('table', { name: `Usage of ${NAME} by version, newest first` });
    const rowsOf = async () => {
      const rows = usageTable().locator('tbody tr');
      const count = await rows.count();
      const texts: string[][] = [];
      for (let i = 0; i < count; i += 1) texts.push(await rows.nth(i).locator('td').allInnerTexts());
      return texts;
    };

    before(async () => {
      ensureConsoleBuilt();
      server = await startTestServer(adapter);
      for (const template of ['one', 'two', 'three']) expectEnvelope(await post('/prompts', { name: NAME, type: 'text', template }), 201);
      expectEnvelope(await post('/prompts', { name: UNUSED, type: 'text', template: 'never run' }), 201);
      await server.runtime.services.traceIngestion.ingestBatch(server.tenant.project.id, TRACES.map(traceOf));
      for (const [traceId, value] of [['a1', 0.5], ['a2', 1], ['a2', 0.25], ['b1', 0.75]] as const) {
        expectEnvelope(await post('/scores', { name: 'quality', dataType: 'numeric', value, traceId }), 201);
      }
      http = await listen(server.app);
      chrome = await launchBrowser();
      page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
      // The window ends at the page's now: the server's instant, so the seeded traces fall where the numbers say.
      await page.clock.setFixedTime(server.clock.now());
      await page.goto(url('/sign-in'));
      await page.getByLabel('API key', { exact: true }).fill(server.tenant.apiKey);
      await page.getByRole('button', { name: 'Use API key' }).click();
      await page.waitForURL(/\/traces$/);
    });
    after(async () => {
      await chrome?.close();
      await http?.close();
      await server?.close();
    });

    describe('GET /prompts/{name}/usage on the prompt page', () => {
      it('shows, per version newest first, the traces, latency p50/p95, cost, error rate and score means of the last 7 days', async () => {
        await page.goto(url(`/prompts/${encodeURIComponent(NAME)}`));
        await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
        await usageTable().waitFor();
        expect(await page.getByLabel('Window').inputValue()).to.equal('7');
        expect(await usageTable().locator('thead th').allInnerTexts()).to.deep.equal(HEAD);
        expect(await rowsOf()).to.deep.equal([
          ['v2', '4', '25 ms', '47 ms', '$2.0000', '$0.5000', '0 %', 'quality 0.75 (n = 1)'],
          ['v1', '5', '400 ms', '1.44 s', '$1.2500', '$0.2500', '20 %', 'quality 0.583 (n = 3)'],
        ]);
        await page.getByText('Traces created from Oct 25, 2026, 12:00:00 PM to Nov 1, 2026, 12:00:00 PM', { exact: false }).waitFor();
        expect(await seriousViolations(page)).to.deep.equal([]);
      });

      it('reads the chosen window: 30 days take in the older v1 trace', async () => {
        await page.goto(url(`/prompts/${encodeURIComponent(NAME)}`));
        await usageTable().waitFor();
        await page.getByLabel('Window').selectOption({ label: 'Last 30 days' });
        await usageTable().locator('tbody tr', { hasText: '7.15 s' }).waitFor();
        expect(await rowsOf()).to.deep.equal([
          ['v2', '4', '25 ms', '47 ms', '$2.0000', '$0.5000', '0 %', 'quality 0.75 (n = 1)'],
          ['v1', '6', '600 ms', '7.15 s', '$3.2500', '$0.5417', '33.3 %', 'quality 0.583 (n = 3)'],
        ]);
      });

      it('says so when no trace in the window used the prompt', async () => {
        await page.goto(url(`/prompts/${encodeURIComponent(UNUSED)}`));
        await page.getByText(`No trace in this window used ${UNUSED}.`).waitFor();
        expect(await page.getByRole('table', { name: `Usage of ${UNUSED} by version, newest first` }).count()).to.equal(0);
      });
    });
  });
});
