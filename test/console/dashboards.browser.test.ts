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

    /** A dashboard saved over REST, as a person would have made it: hourly traces by user (line) and by agent (bars). */
    const byUserAndAgent = async (): Promise<string> =>
      expectEnvelope<{ id: string }>(
        await server.request().post('/api/v1/public/dashboards').set('x-api-key', server.tenant.apiKey).send({
          name: 'Who and which agent',
          widgets: [
            { type: 'line', title: 'Traces by user', query: { measures: ['traceCount'], time: { bucket: 'hour' }, dimensions: [{ name: 'user', top: 5 }] }, layout: { x: 0, y: 0, w: 6, h: 4 } },
            { type: 'bar', title: 'Traces by agent over time', query: { measures: ['traceCount'], time: { bucket: 'hour' }, dimensions: [{ name: 'agent', top: 5 }] }, layout: { x: 6, y: 0, w: 6, h: 4 } },
          ],
        }),
        201,
      ).id;

    /** Where on the page uPlot drew a series' value at a bucket start (the centre of a point, the middle of a bar's height). */
    const pointOf = (region: string, label: string, bucketStart: string, value: number) =>
      page.getByRole('region', { name: region }).locator('.widget-chart').evaluate(
        (el, { label, ts, value }) => {
          // The chart uPlot drew, which widget-view.tsx keeps on its element (the test's tsconfig has no DOM types).
          const u = (el as unknown as { uplot: { series: { label?: string }[]; over: { getBoundingClientRect(): { left: number; top: number } }; valToPos(v: number, scale: string): number } }).uplot;
          if (!u.series.some((series: { label?: string }) => series.label === label)) throw new Error(`no series ${label}`);
          const box = u.over.getBoundingClientRect();
          return { x: box.left + u.valToPos(ts, 'x'), y: box.top + u.valToPos(value, 'y') };
        },
        { label, ts: Date.parse(bucketStart) / 1000, value },
      );

    const traceNames = async () => (await page.getByRole('link', { name: /^run d/ }).allInnerTexts()).sort();

    it("drills down from a line's point to the trace list of that hour and that user", async () => {
      const id = await byUserAndAgent();
      await page.goto(`${http.baseUrl}/dashboards/${id}?range=custom&from=${DAY.from}&to=${DAY.to}&tz=UTC`);
      await page.getByRole('region', { name: 'Traces by user' }).locator('.widget-chart canvas').waitFor();
      // ada's two traces (10:05, 10:40) are the 10:00 bucket's point of her series.
      const at = await pointOf('Traces by user', 'ada', '2026-11-01T10:00:00Z', 2);
      await page.mouse.click(at.x, at.y);
      await page.waitForURL(/\/traces\?/);
      expect(Object.fromEntries(new URL(page.url()).searchParams)).to.deep.equal({ from: '2026-11-01T10:00:00.000Z', to: '2026-11-01T11:00:00.000Z', userId: 'ada' });
      await page.getByRole('link', { name: 'run d2' }).waitFor();
      expect(await traceNames()).to.deep.equal(['run d1', 'run d2']);
    });

    it("drills down from a time bar to the trace list of that hour and that agent", async () => {
      const id = await byUserAndAgent();
      await page.goto(`${http.baseUrl}/dashboards/${id}?range=custom&from=${DAY.from}&to=${DAY.to}&tz=UTC`);
      await page.getByRole('region', { name: 'Traces by agent over time' }).locator('.widget-chart canvas').waitFor();
      // billing's one trace at 14:00: the middle of its bar, as uPlot drew it (beside support's slot of the bucket).
      const bar = await page.getByRole('region', { name: 'Traces by agent over time' }).locator('.widget-chart').evaluate((el) => {
        // The bars widget-view.tsx keeps on the chart's element (the test's tsconfig has no DOM types).
        const chart = el as unknown as { drawnBars(): { label: string; index: number; left: number; top: number; width: number; height: number }[]; uplot: { over: { getBoundingClientRect(): { left: number; top: number } } } };
        const box = chart.uplot.over.getBoundingClientRect();
        const found = chart.drawnBars().find((b) => b.label === 'billing');
        if (!found) throw new Error('no bar of billing');
        return { x: box.left + found.left + found.width / 2, y: box.top + found.top + found.height / 2 };
      });
      await page.mouse.click(bar.x, bar.y);
      await page.waitForURL(/\/traces\?/);
      expect(Object.fromEntries(new URL(page.url()).searchParams)).to.deep.equal({ from: '2026-11-01T14:00:00.000Z', to: '2026-11-01T15:00:00.000Z', agentName: 'billing' });
      await page.getByRole('link', { name: 'run d3' }).waitFor();
      expect(await traceNames()).to.deep.equal(['run d3']);
    });

    it('names each bar: the model beside its bar, and the agents of time bars in the legend', async () => {
      await page.goto(`${http.baseUrl}${PATH}`);
      const models = page.getByRole('region', { name: 'Cost by model ($)' });
      await models.locator('li').nth(1).waitFor();
      // Each label is visible inside its own row, left of its bar (not stacked somewhere else on the page).
      const placement = await models.locator('li').evaluateAll((items) =>
        items.map((li) => {
          const [label, track] = [li.querySelector('.category-bar-label')!, li.querySelector('.category-bar-track')!].map((e) => e.getBoundingClientRect());
          const row = li.getBoundingClientRect();
          return { text: li.querySelector('.category-bar-label')!.textContent, inRow: label.top >= row.top && label.bottom <= row.bottom && label.width > 0, leftOfBar: label.right <= track.left };
        }),
      );
      expect(placement).to.deep.equal([
        { text: 'gpt-4o', inRow: true, leftOfBar: true },
        { text: 'claude', inRow: true, leftOfBar: true },
      ]);
      const id = await byUserAndAgent();
      await page.goto(`${http.baseUrl}/dashboards/${id}?range=custom&from=${DAY.from}&to=${DAY.to}&tz=UTC`);
      const legend = page.getByRole('region', { name: 'Traces by agent over time' }).locator('.u-legend .u-series .u-label');
      await legend.nth(1).waitFor();
      expect((await legend.allInnerTexts()).filter((t) => t !== 'Time' && t !== '')).to.deep.equal(['support', 'billing']);
      await legend.filter({ hasText: 'billing' }).waitFor({ state: 'visible' });
    });

    it('keeps the built-in dashboard read-only: no Edit, a Copy instead, and the service refuses a change (409)', async () => {
      await page.goto(`${http.baseUrl}${PATH}`);
      await page.getByRole('link', { name: 'Copy to a new dashboard' }).waitFor();
      expect(await page.getByRole('link', { name: 'Edit dashboard' }).count()).to.equal(0);
      await page.goto(`${http.baseUrl}/dashboards/default/edit`);
      await page.getByText('The built-in dashboard cannot be changed.').waitFor();
      expect(await page.getByRole('button', { name: 'Save dashboard' }).count()).to.equal(0);
      const refused = await server.request().patch('/api/v1/public/dashboards/default').set('x-api-key', server.tenant.apiKey).send({ name: 'Mine' });
      expect([refused.status, refused.body.code]).to.deep.equal([409, 'PUBLIC_API_DASHBOARD_BUILT_IN']);
    });

    it('creates a dashboard in the editor; a refused field shows its message at that field, and the saved widgets show in order', async () => {
      await page.goto(`${http.baseUrl}${PATH}`);
      await page.getByRole('link', { name: 'New dashboard', exact: true }).click();
      await page.getByRole('heading', { name: 'New dashboard', level: 1 }).waitFor();
      await page.getByLabel('Name', { exact: true }).fill('Team spend');
      const widget = (n: number) => page.getByRole('group', { name: `Widget ${n}`, exact: true });
      // Widget 1: the number of support's traces (a filter rule of the saved-filter language).
      await widget(1).getByLabel('Type').selectOption('number');
      await widget(1).getByLabel('Title').fill('Support traces');
      await widget(1).getByLabel('Time bucket').selectOption('');
      await widget(1).getByRole('button', { name: 'Add rule' }).click();
      await widget(1).getByLabel('Field of rule 1').fill('agentName');
      await widget(1).getByLabel('Value of rule 1').fill('support');
      // Widget 2: a table of users with traces and cost.
      await page.getByRole('button', { name: 'Add widget' }).click();
      await widget(2).getByLabel('Type').selectOption('table');
      await widget(2).getByLabel('Title').fill('Users');
      await widget(2).getByLabel('Time bucket').selectOption('');
      await widget(2).getByRole('checkbox', { name: 'Cost', exact: true }).check();
      await widget(2).getByRole('button', { name: 'Add dimension' }).click();
      await widget(2).getByLabel('Dimension 1', { exact: true }).selectOption('user');
      // Widget 3: daily cost by agent, asking for more top values than the metrics query allows.
      await page.getByRole('button', { name: 'Add widget' }).click();
      await widget(3).getByLabel('Title').fill('Cost by agent');
      await widget(3).getByRole('checkbox', { name: 'Traces', exact: true }).uncheck();
      await widget(3).getByRole('checkbox', { name: 'Cost', exact: true }).check();
      await widget(3).getByLabel('Time bucket').selectOption('day');
      await widget(3).getByRole('button', { name: 'Add dimension' }).click();
      await widget(3).getByLabel('Dimension 1', { exact: true }).selectOption('agent');
      await widget(3).getByLabel('Top of dimension 1').fill('51');
      await page.getByRole('button', { name: 'Create dashboard' }).click();
      // The service's error for /body/widgets/2/query/dimensions/0/top, beside that field and nowhere else.
      const topField = widget(3).locator('.field', { has: page.getByLabel('Top of dimension 1') });
      await topField.locator('.field-error').waitFor();
      expect(await topField.locator('.field-error').innerText()).to.equal('must be <= 50');
      expect(await page.locator('.field-error').count()).to.equal(1);
      expect(await widget(3).getByLabel('Top of dimension 1').getAttribute('aria-invalid')).to.equal('true');
      expect(await page.getByRole('alert').filter({ hasText: '/body/widgets/2/query/dimensions/0/top' }).count()).to.equal(1);
      expect((await server.request().get('/api/v1/public/dashboards').set('x-api-key', server.tenant.apiKey)).body.data.dashboards.map((d: { name: string }) => d.name)).to.not.include('Team spend');

      await widget(3).getByLabel('Top of dimension 1').fill('5');
      await page.getByRole('button', { name: 'Create dashboard' }).click();
      await page.getByRole('heading', { name: 'Team spend', exact: true, level: 1 }).waitFor();
      expect(await page.locator('.widget h2').allInnerTexts()).to.deep.equal(['Support traces', 'Users', 'Cost by agent']);
    });

    it('renames the dashboard, reorders and removes widgets; the view shows the new name, order and values', async () => {
      const saved = expectEnvelope<{ dashboards: { id: string; name: string }[] }>(await server.request().get('/api/v1/public/dashboards').set('x-api-key', server.tenant.apiKey));
      const id = saved.dashboards.find((d) => d.name === 'Team spend')!.id;
      await page.goto(`${http.baseUrl}/dashboards/${id}?range=custom&from=${DAY.from}&to=${DAY.to}&tz=UTC`);
      await page.getByRole('link', { name: 'Edit dashboard' }).click();
      await page.getByRole('heading', { name: 'Edit Team spend', level: 1 }).waitFor();
      await page.getByLabel('Name', { exact: true }).fill('Team costs');
      await page.getByRole('button', { name: 'Move widget 3 up' }).click();
      await page.getByRole('button', { name: 'Move widget 2 up' }).click();
      expect(await page.locator('.widget-form > legend').allInnerTexts()).to.deep.equal(['Widget 1: Cost by agent', 'Widget 2: Support traces', 'Widget 3: Users']);
      await page.getByRole('button', { name: 'Remove widget 3' }).click();
      await page.getByRole('button', { name: 'Save dashboard' }).click();
      // Back on the view, over the same day as before the edit.
      await page.waitForURL((url) => url.pathname === `/dashboards/${id}` && url.searchParams.get('from') === DAY.from);
      await page.getByRole('heading', { name: 'Team costs', exact: true, level: 1 }).waitFor();
      expect(await page.locator('.widget h2').allInnerTexts()).to.deep.equal(['Cost by agent', 'Support traces']);
      // d1 and d2 are support's (ada's); the filter rule keeps them.
      const number = page.getByRole('region', { name: 'Support traces' }).locator('.widget-number');
      await number.getByText('2').waitFor({ timeout: 10_000 }).catch(async (e) => {
        throw new Error(`${e}; the widget shows: ${await page.getByRole('region', { name: 'Support traces' }).innerText()}`);
      });
      expect(await number.innerText()).to.equal('2');
      // The picker's list is refetched when the view mounts: the new name arrives there a moment after the heading.
      await page.getByLabel('Dashboard').locator('option', { hasText: 'Team costs' }).waitFor({ state: 'attached' });
      expect(await page.getByLabel('Dashboard').locator('option').allInnerTexts()).to.include('Team costs');
      const stored = expectEnvelope<{ name: string; widgets: { title: string; layout: object }[] }>(await server.request().get(`/api/v1/public/dashboards/${id}`).set('x-api-key', server.tenant.apiKey));
      expect([stored.name, stored.widgets.map((w) => [w.title, w.layout])]).to.deep.equal(['Team costs', [['Cost by agent', { x: 0, y: 0, w: 6, h: 4 }], ['Support traces', { x: 6, y: 0, w: 6, h: 4 }]]]);
    });

    it('deletes a dashboard after a confirmation, and returns to the default one', async () => {
      const saved = expectEnvelope<{ dashboards: { id: string; name: string }[] }>(await server.request().get('/api/v1/public/dashboards').set('x-api-key', server.tenant.apiKey));
      const id = saved.dashboards.find((d) => d.name === 'Team costs')!.id;
      await page.goto(`${http.baseUrl}/dashboards/${id}/edit`);
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Delete the dashboard "Team costs"?').waitFor();
      await page.getByRole('button', { name: 'Yes, delete' }).click();
      await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
      expect(await page.getByLabel('Dashboard').locator('option').allInnerTexts()).to.not.include('Team costs');
      expect((await server.request().get(`/api/v1/public/dashboards/${id}`).set('x-api-key', server.tenant.apiKey)).status).to.equal(404);
    });
  });
});
