import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { ensureConsoleBuilt, launchBrowser, listen, type Listening, type RunningBrowser } from './browser.js';
import type { TraceInput } from '../traces/fixtures.js';

/** A one-span trace started at `minute` past 10:00 with a latency, a cost, tokens, and a question and answer. */
const trace = (id: string, minute: number, latency: number, cost: number, tokens: number): TraceInput => ({
  trace_id: id,
  name: id,
  spans: [
    {
      span_id: 'root',
      name: 'agent',
      span_type: 'AGENT',
      status: 'success',
      latency_ms: latency,
      start_time: new Date(Date.UTC(2026, 10, 1, 10, minute)).toISOString(),
      metadata: { cost, tokens_used: tokens },
      input: { messages: [{ role: 'user', content: `question of ${id}` }] },
      output: { text: `answer of ${id}` },
    },
  ],
});

const TRACES = [trace('slow-cheap', 1, 9000, 0.001, 50), trace('fast-pricey', 2, 100, 0.9, 10), trace('mid', 3, 500, 0.05, 7000)];

forEachAdapter((adapter) => {
  describe('console trace list: sort, columns, preview (Chromium)', function () {
    this.timeout(120_000);
    let server: TestServer;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;

    /** The trace names listed, top to bottom (waiting until they are `names`, with a deadline). */
    const expectListed = async (names: string[]) => {
      const read = () => page.locator('table.traces tbody tr td a').allTextContents();
      const deadline = Date.now() + 20_000;
      let listed = await read();
      while (JSON.stringify(listed) !== JSON.stringify(names) && Date.now() < deadline) {
        await page.waitForTimeout(50);
        listed = await read();
      }
      expect(listed).to.deep.equal(names);
    };
    const headers = () => page.locator('table.traces thead th').allInnerTexts();

    before(async () => {
      ensureConsoleBuilt();
      server = await startTestServer(adapter);
      await server.runtime.services.traceIngestion.ingestBatch(server.tenant.project.id, TRACES);
      http = await listen(server.app);
      chrome = await launchBrowser();
      page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
      await page.goto(`${http.baseUrl}/sign-in`);
      await page.getByLabel('API key', { exact: true }).fill(server.tenant.apiKey);
      await page.getByRole('button', { name: 'Use API key' }).click();
      await page.waitForURL(/\/traces$/);
      await expectListed(['mid', 'fast-pricey', 'slow-cheap']);
    });
    after(async () => {
      await chrome?.close();
      await http?.close();
      await server?.close();
    });

    it('sorts by a column header: highest first, then the other way; the order is in the address', async () => {
      await page.getByRole('button', { name: 'Latency' }).click();
      await expectListed(['slow-cheap', 'mid', 'fast-pricey']);
      expect(new URL(page.url()).searchParams.get('sort')).to.equal('latencyMs:desc');
      expect(await page.locator('th[aria-sort="descending"]').innerText()).to.equal('Latency ▼');
      await page.getByRole('button', { name: 'Latency' }).click();
      await expectListed(['fast-pricey', 'mid', 'slow-cheap']);
      await page.getByRole('button', { name: 'Cost' }).click();
      await expectListed(['fast-pricey', 'mid', 'slow-cheap']);
      await page.getByRole('button', { name: 'Tokens' }).click();
      await expectListed(['mid', 'slow-cheap', 'fast-pricey']);
      await page.getByRole('button', { name: 'Time' }).click();
      await expectListed(['mid', 'fast-pricey', 'slow-cheap']);
    });

    it('shows the input/output preview column when chosen, and keeps the choice in this browser after a reload', async () => {
      expect(await headers()).to.deep.equal(['Status', 'Name', 'Time ▼', 'Latency', 'Cost', 'Tokens', 'Spans', 'Framework', 'Agent']);
      await page.getByText('Columns', { exact: true }).click();
      await page.getByRole('checkbox', { name: 'Input / output' }).check();
      await page.getByRole('checkbox', { name: 'Framework' }).uncheck();
      await page.getByRole('checkbox', { name: 'Spans' }).uncheck();
      expect(await headers()).to.deep.equal(['Status', 'Name', 'Time ▼', 'Input / output', 'Latency', 'Cost', 'Tokens', 'Agent']);
      const previews = page.locator('table.traces tbody td.conv-preview');
      // The list is read again with previews (preview=true) once the column is shown.
      await page.locator('td.conv-preview > span').nth(5).waitFor();
      expect(await previews.allInnerTexts()).to.deep.equal([
        '→ question of mid\n← answer of mid',
        '→ question of fast-pricey\n← answer of fast-pricey',
        '→ question of slow-cheap\n← answer of slow-cheap',
      ]);
      await page.reload();
      await expectListed(['mid', 'fast-pricey', 'slow-cheap']);
      expect(await headers()).to.deep.equal(['Status', 'Name', 'Time ▼', 'Input / output', 'Latency', 'Cost', 'Tokens', 'Agent']);
    });
  });
});
