import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { ensureConsoleBuilt, launchBrowser, listen, type Listening, type RunningBrowser } from './browser.js';

const DAY = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' };
const VIEW = `range=custom&from=${DAY.from}&to=${DAY.to}&tz=UTC`;
/** widget-view.tsx's palette: the series' colours in legend order. */
const PALETTE = ['#1f5fbf', '#c2410c', '#15803d'];

/** One trace of one LLM span at 1 Nov 2026 `hhmm`, of an agent, with tags and a model. */
const trace = (id: string, agent: string, hhmm: string, tags: string[], model: string) => ({
  trace_id: id,
  name: `run ${id}`,
  tags,
  metadata: { agent_name: agent },
  spans: [{ span_id: 's', name: 'call', span_type: 'LLM', status: 'success', latency_ms: 400, start_time: `2026-11-01T${hhmm.slice(0, 2)}:${hhmm.slice(2)}:00.000Z`, metadata: { model, cost: 0.01 } }],
});

interface Bar {
  label: string;
  index: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

forEachAdapter((adapter) => {
  describe('console dashboards: time bars of several series, and the drill-down by tag and by model (Chromium)', function () {
    this.timeout(240_000);
    let server: TestServer;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;
    let dashboardId: string;

    before(async () => {
      ensureConsoleBuilt();
      server = await startTestServer(adapter);
      // 10:00–11:00: support 3 traces, billing 2, triage 1; 11:00–12:00: support 1, billing 1. Tag vip on a1, a2, b1 (10:xx) and a4 (11:05).
      await server.runtime.services.traceIngestion.ingestBatch(server.tenant.project.id, [
        trace('a1', 'support', '1005', ['vip'], 'gpt-4o'),
        trace('a2', 'support', '1015', ['vip', 'beta'], 'claude'),
        trace('a3', 'support', '1025', [], 'gpt-4o'),
        trace('b1', 'billing', '1010', ['vip'], 'gpt-4o'),
        trace('b2', 'billing', '1035', [], 'claude'),
        trace('c1', 'triage', '1050', ['beta'], 'gpt-4o'),
        trace('a4', 'support', '1105', ['vip'], 'gpt-4o'),
        trace('b3', 'billing', '1120', ['beta'], 'gpt-4o'),
      ]);
      dashboardId = expectEnvelope<{ id: string }>(
        await server.request().post('/api/v1/public/dashboards').set('x-api-key', server.tenant.apiKey).send({
          name: 'Agents and tags',
          widgets: [
            { type: 'bar', title: 'Traces by agent over time', query: { measures: ['traceCount'], time: { bucket: 'hour' }, dimensions: [{ name: 'agent', top: 5 }] }, layout: { x: 0, y: 0, w: 12, h: 4 } },
            { type: 'line', title: 'Traces by tag', query: { measures: ['traceCount'], time: { bucket: 'hour' }, dimensions: [{ name: 'tag', top: 5 }] }, layout: { x: 0, y: 4, w: 6, h: 4 } },
            { type: 'line', title: 'Traces by model', query: { measures: ['traceCount'], time: { bucket: 'hour' }, dimensions: [{ name: 'model', top: 5 }] }, layout: { x: 6, y: 4, w: 6, h: 4 } },
          ],
        }),
        201,
      ).id;
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

    const openDashboard = async () => {
      await page.goto(`${http.baseUrl}/dashboards/${dashboardId}?${VIEW}`);
      for (const title of ['Traces by agent over time', 'Traces by tag', 'Traces by model']) await page.getByRole('region', { name: title }).locator('.widget-chart canvas').waitFor();
    };

    /** The bars as uPlot drew them (widget-view.tsx keeps them on the chart's element), in page pixels. */
    const drawnBars = (region: string): Promise<Bar[]> =>
      page.getByRole('region', { name: region }).locator('.widget-chart').evaluate((el) => {
        // The test's tsconfig has no DOM types: the element is read through the shape widget-view.tsx gives it.
        const chart = el as unknown as { drawnBars(): Bar[]; uplot: { over: { getBoundingClientRect(): { left: number; top: number } } } };
        const box = chart.uplot.over.getBoundingClientRect();
        return chart.drawnBars().map((b) => ({ ...b, left: box.left + b.left, top: box.top + b.top }));
      });

    /**
     * The colour a person sees over most of a page box of a widget's chart: the most frequent canvas
     * pixel inside it, as [r, g, b, a] (grid lines cross bars, so one pixel may be a line's).
     */
    const colourOf = (region: string, box: { left: number; top: number; width: number; height: number }): Promise<number[]> =>
      page.getByRole('region', { name: region }).locator('.widget-chart canvas').evaluate(
        (canvas, box) => {
          const c = canvas as unknown as { getBoundingClientRect(): { left: number; top: number; width: number }; width: number; getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } };
          const at = c.getBoundingClientRect();
          const ratio = c.width / at.width;
          // Inside the stroke: two pixels in from each edge.
          const [x, y] = [Math.ceil((box.left - at.left) * ratio) + 2, Math.ceil((box.top - at.top) * ratio) + 2];
          const [w, h] = [Math.max(1, Math.floor(box.width * ratio) - 4), Math.max(1, Math.floor(box.height * ratio) - 4)];
          const data = c.getContext('2d').getImageData(x, y, w, h).data;
          const counts = new Map<string, number>();
          for (let i = 0; i < data.length; i += 4) {
            const key = [data[i], data[i + 1], data[i + 2], data[i + 3]].join(',');
            counts.set(key, (counts.get(key) ?? 0) + 1);
          }
          return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0].split(',').map(Number);
        },
        box,
      );

    const traceNames = async () => (await page.getByRole('link', { name: /^run / }).allInnerTexts()).sort();

    it('lists the series in the legend in rank order: support, billing, triage', async () => {
      await openDashboard();
      const legend = page.getByRole('region', { name: 'Traces by agent over time' }).locator('.u-legend .u-series .u-label');
      expect((await legend.allInnerTexts()).filter((t) => t !== 'Time' && t !== '')).to.deep.equal(['support', 'billing', 'triage']);
    });

    it("draws a bucket's bars side by side in legend order, none overlapping, each in its series' colour", async () => {
      await openDashboard();
      const bars = await drawnBars('Traces by agent over time');
      const tenOClock = bars.filter((b) => b.index === 0).sort((a, b) => a.left - b.left);
      expect(tenOClock.map((b) => b.label)).to.deep.equal(['support', 'billing', 'triage']);
      for (let i = 1; i < tenOClock.length; i++) expect(tenOClock[i].left, `${tenOClock[i].label} starts after ${tenOClock[i - 1].label} ends`).to.be.at.least(tenOClock[i - 1].left + tenOClock[i - 1].width);
      expect(tenOClock.every((b) => b.width >= 4), 'every bar is wide enough to see and click').to.equal(true);
      // Heights follow the values 3, 2, 1 (one scale): the first is three times the last.
      expect(Math.round(tenOClock[0].height / tenOClock[2].height)).to.equal(3);
      // The 11:00 bucket has support's and billing's bars only (triage had no trace then).
      expect(bars.filter((b) => b.index === 1).map((b) => b.label).sort()).to.deep.equal(['billing', 'support']);
      for (const [k, bar] of tenOClock.entries()) {
        const [r, g, b, a] = await colourOf('Traces by agent over time', bar);
        const hex = PALETTE[k];
        const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
        expect([r, g, b].every((v, i) => Math.abs(v - want[i]) <= 3) && Math.abs(a - 0x55) <= 3, `${bar.label}'s bar is ${hex} (got ${[r, g, b, a]})`).to.equal(true);
      }
    });

    for (const [agent, names] of [
      ['support', ['run a1', 'run a2', 'run a3']],
      ['billing', ['run b1', 'run b2']],
      ['triage', ['run c1']],
    ] as const) {
      it(`a click on ${agent}'s 10:00 bar opens that hour's traces of ${agent}`, async () => {
        await openDashboard();
        const bar = (await drawnBars('Traces by agent over time')).find((b) => b.index === 0 && b.label === agent)!;
        await page.mouse.click(bar.left + bar.width / 2, bar.top + bar.height / 2);
        await page.waitForURL(/\/traces\?/);
        expect(Object.fromEntries(new URL(page.url()).searchParams)).to.deep.equal({ from: '2026-11-01T10:00:00.000Z', to: '2026-11-01T11:00:00.000Z', agentName: agent });
        await page.getByRole('link', { name: names[names.length - 1] }).waitFor();
        expect(await traceNames()).to.deep.equal(names);
      });
    }

    it("a click on the tag vip's 10:00 point opens the trace list filtered by that tag: a1, a2 and b1", async () => {
      await openDashboard();
      const at = await page.getByRole('region', { name: 'Traces by tag' }).locator('.widget-chart').evaluate((el) => {
        const u = (el as unknown as { uplot: { series: { label?: string }[]; over: { getBoundingClientRect(): { left: number; top: number } }; valToPos(v: number, scale: string): number } }).uplot;
        if (!u.series.some((s) => s.label === 'vip')) throw new Error('no series vip');
        const box = u.over.getBoundingClientRect();
        return { x: box.left + u.valToPos(Date.parse('2026-11-01T10:00:00Z') / 1000, 'x'), y: box.top + u.valToPos(3, 'y') };
      });
      await page.mouse.click(at.x, at.y);
      await page.waitForURL(/\/traces\?/);
      expect(Object.fromEntries(new URL(page.url()).searchParams)).to.deep.equal({ from: '2026-11-01T10:00:00.000Z', to: '2026-11-01T11:00:00.000Z', tag: 'vip' });
      await page.getByRole('link', { name: 'run b1' }).waitFor();
      expect(await traceNames()).to.deep.equal(['run a1', 'run a2', 'run b1']);
      expect(await page.getByLabel('Tag', { exact: true }).inputValue()).to.equal('vip');
    });

    it("a click on the model claude's 10:00 point opens the trace list filtered by that model: a2 and b2", async () => {
      await openDashboard();
      const at = await page.getByRole('region', { name: 'Traces by model' }).locator('.widget-chart').evaluate((el) => {
        const u = (el as unknown as { uplot: { series: { label?: string }[]; over: { getBoundingClientRect(): { left: number; top: number } }; valToPos(v: number, scale: string): number } }).uplot;
        if (!u.series.some((s) => s.label === 'claude')) throw new Error('no series claude');
        const box = u.over.getBoundingClientRect();
        return { x: box.left + u.valToPos(Date.parse('2026-11-01T10:00:00Z') / 1000, 'x'), y: box.top + u.valToPos(2, 'y') };
      });
      await page.mouse.click(at.x, at.y);
      await page.waitForURL(/\/traces\?/);
      expect(Object.fromEntries(new URL(page.url()).searchParams)).to.deep.equal({ from: '2026-11-01T10:00:00.000Z', to: '2026-11-01T11:00:00.000Z', model: 'claude' });
      await page.getByRole('link', { name: 'run b2' }).waitFor();
      expect(await traceNames()).to.deep.equal(['run a2', 'run b2']);
      expect(await page.getByLabel('Model', { exact: true }).inputValue()).to.equal('claude');
      expect(await page.getByText('Model filters cannot be saved (saved filters have no such field).').isVisible()).to.equal(true);
    });
  });
});
