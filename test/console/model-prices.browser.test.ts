import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { ensureConsoleBuilt, launchBrowser, listen, screenshot, seriousViolations, type Listening, type RunningBrowser } from './browser.js';
import { signInToConsole } from './console-sign-in.js';

type Price = { model: string; input: number; output: number; cacheRead?: number; cacheWrite?: number; reasoning?: number };

forEachAdapter((adapter) => {
  describe('console: model prices (Chromium)', function () {
    this.timeout(120_000);
    let server: TestServer;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;
    const url = (path: string) => `${http.baseUrl}${path}`;
    const asAdmin = <T extends { set(name: string, value: string): T }>(req: T) => req.set('x-api-key', server.tenant.apiKey);
    /** Each case starts from the prices it states (the list is the project's, shared by the cases). */
    const setPrices = async (prices: Price[]) => {
      const res = await asAdmin(server.request().put('/api/v1/public/project/model-prices')).send({ prices });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
    };
    const storedPrices = async (): Promise<Price[]> => (await asAdmin(server.request().get('/api/v1/public/project/model-prices'))).body.data.prices;
    const tableRows = () => page.locator('table.mp-table tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(0, 6).map((td) => td.textContent)));

    before(async () => {
      ensureConsoleBuilt();
      server = await startTestServer(adapter);
      http = await listen(server.app);
      chrome = await launchBrowser();
      page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
      await signInToConsole(page, server, http.baseUrl);
    });
    after(async () => {
      await chrome?.close();
      await http?.close();
      await server?.close();
    });

    it('says the deployment table prices everything when the project has no prices, adds one, and spans are priced by it', async () => {
      await setPrices([]);
      await page.goto(url('/settings'));
      await page.getByRole('link', { name: "See and change the project's model prices" }).click();
      await page.waitForURL(/\/settings\/model-prices$/);
      await page.getByText("This project sets no prices of its own: every model is priced by the deployment's table. Add a price below to override it.").waitFor();
      expect(await seriousViolations(page)).to.deep.equal([]);
      const add = page.getByRole('form', { name: 'Add a price' });
      await add.getByLabel('Model').fill('acme-small');
      await add.getByLabel('Input $ / 1M tokens').fill('0.15');
      await add.getByLabel('Output $ / 1M tokens').fill('0.6');
      await add.getByLabel('Cache read (optional)').fill('0.075');
      await add.getByRole('button', { name: 'Save price' }).click();
      await page.getByRole('row', { name: /acme-small/ }).waitFor();
      expect(await tableRows()).to.deep.equal([['acme-small', '$0.15', '$0.6', '$0.075', '—', '—']]);
      expect(await storedPrices()).to.deep.equal([{ model: 'acme-small', input: 0.15, output: 0.6, cacheRead: 0.075 }]);
      await screenshot(page, `${adapter}-model-prices`);

      // In force for spans ingested from now on: 1,000 input and 2,000 output tokens at $0.15 and $0.60 per million
      // cost 1000 × 0.15 / 1e6 + 2000 × 0.6 / 1e6 = $0.00135 (docs/opentelemetry.md#cost).
      const ingest = await asAdmin(server.request().post('/api/v1/public/traces')).send({
        trace_id: 'priced-1',
        name: 'priced',
        spans: [{ span_id: 'llm', name: 'call', span_type: 'LLM', status: 'success', metadata: { model: 'acme-small', input_tokens: 1000, output_tokens: 2000 } }],
      });
      expect(ingest.status, JSON.stringify(ingest.body)).to.equal(201);
      const spans = await asAdmin(server.request().get('/api/v1/public/traces/priced-1/spans'));
      expect(spans.body.data.spans[0].cost).to.be.closeTo(0.00135, 1e-12);
    });

    it('edits one price and deletes another', async () => {
      await setPrices([
        { model: 'acme-small', input: 0.15, output: 0.6 },
        { model: 'acme-large', input: 3, output: 15 },
      ]);
      await page.goto(url('/settings/model-prices'));
      await page.getByRole('button', { name: 'Edit acme-small' }).click();
      const edit = page.getByRole('form', { name: 'Edit acme-small' });
      expect(await edit.getByLabel('Output $ / 1M tokens').inputValue()).to.equal('0.6');
      await edit.getByLabel('Output $ / 1M tokens').fill('0.5');
      await edit.getByRole('button', { name: 'Save price' }).click();
      await edit.waitFor({ state: 'detached' });
      await page.getByRole('row', { name: /acme-small/ }).getByRole('cell', { name: '$0.5', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Delete acme-large' }).click();
      await page.getByRole('row', { name: /acme-large/ }).waitFor({ state: 'detached' });
      expect(await tableRows()).to.deep.equal([['acme-small', '$0.15', '$0.5', '—', '—', '—']]);
      expect(await storedPrices()).to.deep.equal([{ model: 'acme-small', input: 0.15, output: 0.5 }]);
    });

    it("shows the service's field error for a negative price and leaves the prices unchanged", async () => {
      await setPrices([{ model: 'acme-small', input: 0.15, output: 0.6 }]);
      await page.goto(url('/settings/model-prices'));
      // The stored prices first, as a person sees them before typing (the form is filled after they load).
      await page.getByRole('row', { name: /acme-small/ }).waitFor();
      const add = page.getByRole('form', { name: 'Add a price' });
      await add.getByLabel('Model').fill('acme-broken');
      await add.getByLabel('Input $ / 1M tokens').fill('-1');
      await add.getByLabel('Output $ / 1M tokens').fill('2');
      await add.getByRole('button', { name: 'Save price' }).click();
      const alert = page.getByRole('alert');
      await alert.locator('code', { hasText: '/body/prices/1/input' }).waitFor();
      expect(await alert.locator('strong').first().innerText()).to.match(/\S/);
      expect(await tableRows()).to.deep.equal([['acme-small', '$0.15', '$0.6', '—', '—', '—']]);
      expect(await storedPrices()).to.deep.equal([{ model: 'acme-small', input: 0.15, output: 0.6 }]);
      expect(await seriousViolations(page)).to.deep.equal([]);
    });
  });
});
