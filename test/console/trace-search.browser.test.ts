import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { ensureConsoleBuilt, launchBrowser, listen, type Listening, type RunningBrowser } from './browser.js';
import type { TraceInput } from '../traces/fixtures.js';

/** A trace of one span named `step`, created (its span started) at `time` on 2026-11-01. */
const trace = (id: string, time: string, name: string): TraceInput => ({
  trace_id: id,
  name,
  spans: [{ span_id: 'root', name: 'step', span_type: 'AGENT', status: 'success', latency_ms: 10, start_time: `2026-11-01T${time}.000Z` }],
});

/**
 * The traces queries find. Search ranks by relevance: a trace saying a word more often first, though
 * older (docs/search.md#order); only traces that match alike are listed newest first.
 */
const CORPUS: TraceInput[] = [
  trace('rate-limit', '10:01:00', 'rate limit rate limit'),
  trace('limit-rate', '10:02:00', 'limit hits rate'),
  trace('rate-card', '10:03:00', 'rate rate card'),
  trace('timeout', '10:04:00', 'timeout calling tool'),
  trace('timed', '10:05:00', 'timed calling tool'),
];

/** More than the console's page of 50, all found by `bulk`. */
const BULK: TraceInput[] = Array.from({ length: 60 }, (_, i) => trace(`bulk-${i}`, `09:${String(i).padStart(2, '0')}:00`, `bulk item ${i}`));

/** The trace names listed, top to bottom. */
const listedNames = (page: Page) => page.locator('table.traces tbody tr td:nth-child(2)').allTextContents();

forEachAdapter((adapter) => {
  describe('console trace search (Chromium)', function () {
    this.timeout(120_000);
    let server: TestServer;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;
    /** Every search request the page sent, as its query parameters. */
    const searches: URLSearchParams[] = [];

    /** Waits (with a deadline) until the table lists exactly `names`, then asserts it; a Problem on the page fails at once. */
    const expectListed = async (names: string[]) => {
      const deadline = Date.now() + 20_000;
      let listed = await listedNames(page);
      while (JSON.stringify(listed) !== JSON.stringify(names) && Date.now() < deadline) {
        if (await page.getByRole('alert').count()) expect.fail(`the page shows a problem: ${await page.getByRole('alert').first().innerText()}`);
        await page.waitForTimeout(50);
        listed = await listedNames(page);
      }
      expect(listed).to.deep.equal(names);
      expect(await page.getByRole('alert').count()).to.equal(0);
    };

    /** Clears the search box, types `text` key by key and presses Enter, as a person would. */
    const typeSearch = async (text: string) => {
      const box = page.getByLabel('Search');
      await box.fill('');
      await box.pressSequentially(text);
      await box.press('Enter');
    };

    before(async () => {
      ensureConsoleBuilt();
      server = await startTestServer(adapter);
      await server.runtime.services.traceIngestion.ingestBatch(server.tenant.project.id, [...CORPUS, ...BULK]);
      http = await listen(server.app);
      chrome = await launchBrowser();
      page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/v1/public/search/traces') searches.push(url.searchParams);
      });
      await page.goto(`${http.baseUrl}/sign-in`);
      await page.getByLabel('API key', { exact: true }).fill(server.tenant.apiKey);
      await page.getByRole('button', { name: 'Use API key' }).click();
      await page.waitForURL(/\/traces$/);
      await page.getByRole('link', { name: 'timed calling tool' }).waitFor();
    });
    after(async () => {
      await chrome?.close();
      await http?.close();
      await server?.close();
    });

    it('finds traces with all of several words: rate limit', async () => {
      await typeSearch('rate limit');
      await page.waitForURL(/\?q=rate\+limit$/);
      await expectListed(['rate limit rate limit', 'limit hits rate']);
    });

    it('finds a phrase: "rate limit"', async () => {
      await typeSearch('"rate limit"');
      await expectListed(['rate limit rate limit']);
    });

    it('finds words by a prefix: time*', async () => {
      await typeSearch('time*');
      await expectListed(['timed calling tool', 'timeout calling tool']);
    });

    it('leaves out what follows a minus: rate -limit', async () => {
      await typeSearch('rate -limit');
      await expectListed(['rate rate card']);
      await typeSearch('time* -timeout');
      await expectListed(['timed calling tool']);
    });

    it('starts a new query at its first page: after paging forward, another query lists its own first page', async () => {
      await typeSearch('bulk');
      await expectListed(Array.from({ length: 50 }, (_, i) => `bulk item ${59 - i}`));
      await page.getByRole('button', { name: 'Next page' }).click();
      await expectListed(Array.from({ length: 10 }, (_, i) => `bulk item ${9 - i}`));
      expect(await page.getByRole('button', { name: 'Previous page' }).isEnabled()).to.equal(true);

      searches.length = 0;
      await typeSearch('limit');
      await expectListed(['rate limit rate limit', 'limit hits rate']);
      expect(await page.getByRole('button', { name: 'Previous page' }).isDisabled()).to.equal(true);
      // The new query never went out with the old query's cursor (the service would refuse it, 400).
      expect(searches.map((query) => Object.fromEntries(query))).to.deep.equal([{ q: 'limit', limit: '50' }]);
    });
  });
});
