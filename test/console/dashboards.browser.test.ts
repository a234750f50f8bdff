import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { ensureConsoleBuilt, launchBrowser, listen, type Listening, type RunningBrowser } from './browser.js';

const DAY = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' };
const PATH = `/dashboards?range=custom&from=${DAY.from}&to=${DAY.to}&tz=UTC`;

/** One trace of one LLM span: its agent, user, model, start, cost and status. */
const trace = (id: string, agent: string, user: string, model: string, at: string, cost: number, status: 'success' | 'error' = 'success') => ({
  trace_id: id,
  name: `run ${id}`,
  metadata: { agent_name: agent, user_id: user },
  spans: [{ span_id: 's', name: 'call', span_type: 'LLM', status, latency_ms: 400, start_time: at, metadata: { model, cost, input_tokens: 100, output_tokens: 20 } }],
});

forEachAdapter((adapter) => {
  describe('console dashboards (Chromium)', function () {
    this.timeout(240_000);
    let server: TestServer;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;

    before(async () => {
      ensureConsoleBuilt();
      server = await startTestServer(adapter);
      // Three traces on 1 Nov 2026: two of ada's at 10:xx (0.25 + 0.125 dollars), one of bo's at 14:00 (0.5, failing).
      await server.runtime.services.traceIngestion.ingestBatch(server.tenant.project.id, [
        trace('d1', 'support', 'ada', 'gpt-4o', '2026-11-01T10:05:00.000Z', 0.25),
        trace('d2', 'support', 'ada', 'claude', '2026-11-01T10:40:00.000Z', 0.125),
        trace('d3', 'billing', 'bo', 'gpt-4o', '2026-11-01T14:00:00.000Z', 0.5, 'error'),
      ]);
      http = await listen(server.app);
      chrome = await launchBrowser({ viewport: { width: 1440, height: 900 } });
      page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
      await page.goto(`${http.baseUrl}/sign-in`);
      await page.getByLabel('API key', { exact: true }).fill(server.tenant.apiKey);
      await page.getByRole('button', { name: 'Use API key' }).click();
      await page.waitForURL(/\/traces$/);
    });
    after(async () => {
      await chrome?.close();
      await http?.close();
      await server?.close();
    });

    /** queryMetrics' own answer for a measure over the day, as the widgets must show it. */
    const measured = async (measure: string): Promise<number> =>
      expectEnvelope<{ rows: { values: Record<string, number> }[] }>(
        await server.request().post('/api/v1/public/metrics/query').set('x-api-key', server.tenant.apiKey).send({ ...DAY, measures: [measure] }),
      ).rows[0].values[measure];

    it('opens from the header\'s Analytics entry on the default dashboard, its widgets titled in order', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
      await page.waitForURL(/\/dashboards$/);
      await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
      expect(await page.locator('.widget h2').allInnerTexts()).to.deep.equal([
        'Traces',
        'Error rate',
        'Cost ($)',
        'Total tokens',
        'Traces over time',
        'Error rate over time',
        'Latency p50 / p95 (ms)',
        'Cost by model over time ($)',
        'Tokens over time',
        'Cost by model ($)',
        'Top users',
      ]);
      expect(await page.getByLabel('Time range').inputValue()).to.equal('24h');
    });

    it('shows the numbers queryMetrics answers over the chosen range: 3 traces, 33.3 % errors, $0.88, 360 tokens', async () => {
      await page.goto(`${http.baseUrl}${PATH}`);
      const number = (title: string) => page.getByRole('region', { name: title, exact: true }).locator('.widget-number');
      await number('Traces').getByText('3').waitFor();
      // Independently: 3 traces, 1 failing; 0.25 + 0.125 + 0.5 = 0.875 dollars; 3 × (100 + 20) tokens.
      expect([await measured('traceCount'), await measured('errorRate'), await measured('costSum'), await measured('totalTokens')]).to.deep.equal([3, 1 / 3, 0.875, 360]);
      expect(await number('Traces').innerText()).to.equal('3');
      expect(await number('Error rate').innerText()).to.equal('33.3%');
      expect(await number('Cost ($)').innerText()).to.equal('$0.88');
      expect(await number('Total tokens').innerText()).to.equal('360');
      const users = page.getByRole('region', { name: 'Top users' });
      await users.locator('tbody tr').nth(1).waitFor();
      const rows = await users.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim())));
      // Ranked by cost: bo (0.5) before ada (0.375).
      expect(rows).to.deep.equal([
        ['bo', '1', '$0.50', '120', '100.0%'],
        ['ada', '2', '$0.38', '240', '0.0%'],
      ]);
      const bars = await page.getByRole('region', { name: 'Cost by model ($)' }).locator('li').allInnerTexts();
      expect(bars.map((b) => b.replace(/\s+/g, ' ').trim())).to.deep.equal(['gpt-4o $0.75', 'claude $0.13']);
    });

    it("drills down from a table row to the trace list of that user in the range", async () => {
      await page.goto(`${http.baseUrl}${PATH}`);
      const users = page.getByRole('region', { name: 'Top users' });
      await users.getByRole('link', { name: '$0.50' }).click();
      await page.waitForURL(/\/traces\?/);
      const address = new URL(page.url());
      expect(Object.fromEntries(address.searchParams)).to.deep.equal({ from: DAY.from, to: DAY.to, userId: 'bo' });
      await page.getByRole('link', { name: 'run d3' }).waitFor();
      expect(await page.getByRole('link', { name: /^run d/ }).allInnerTexts()).to.deep.equal(['run d3']);
    });
  });
});
