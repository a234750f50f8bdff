import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { otlpJson, type TestSpan } from '../otlp/otlp-bodies.js';
import { ensureConsoleBuilt, launchBrowser, listen, type Listening, type RunningBrowser } from './browser.js';

const TRACE = 'f'.repeat(32);
const id = (c: string) => c.repeat(16);
const usage = (input: number, output: number) => ({ 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-4o-mini', 'gen_ai.usage.input_tokens': input, 'gen_ai.usage.output_tokens': output });

/**
 * An OTLP trace as an exporter sends it: children before parents (they end first), three spans
 * starting in the same millisecond, two priced model calls.
 */
const SPANS: TestSpan[] = [
  { traceId: TRACE, spanId: id('5'), parentSpanId: id('2'), name: 'tool', startMs: 40, durationMs: 5 },
  { traceId: TRACE, spanId: id('4'), parentSpanId: id('1'), name: 'second llm', startMs: 20, durationMs: 30, attributes: usage(2000, 100) },
  { traceId: TRACE, spanId: id('3'), parentSpanId: id('2'), name: 'retrieve', startMs: 0, durationMs: 5 },
  { traceId: TRACE, spanId: id('2'), parentSpanId: id('1'), name: 'llm', startMs: 0, durationMs: 50, attributes: usage(1000, 200) },
  { traceId: TRACE, spanId: id('1'), name: 'agent', startMs: 0, durationMs: 100 },
];

/**
 * Costs from the bundled price table (src/domain/pricing/model-prices.json: gpt-4o-mini at $0.15 input
 * and $0.60 output per million tokens), computed here by hand:
 * llm 1000 × 0.15 + 200 × 0.60 = 270 µ$; second llm 2000 × 0.15 + 100 × 0.60 = 360 µ$; trace 630 µ$.
 */
const LLM_COST = (1000 * 0.15 + 200 * 0.6) / 1e6;
const SECOND_COST = (2000 * 0.15 + 100 * 0.6) / 1e6;

forEachAdapter((adapter) => {
  describe('console trace numbers and order (Chromium)', function () {
    this.timeout(120_000);
    let server: TestServer;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;

    before(async () => {
      ensureConsoleBuilt();
      server = await startTestServer(adapter);
      const sent = await server.request().post('/v1/traces').set('x-api-key', server.tenant.apiKey).set('content-type', 'application/json').send(otlpJson(SPANS));
      expect(sent.status).to.equal(200);
      http = await listen(server.app);
      chrome = await launchBrowser();
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

    it('REST: the trace sums tokens and the priced costs of its spans; each span carries its own', async () => {
      const trace = expectEnvelope<Record<string, unknown>>(await server.request().get(`/api/v1/public/traces/${TRACE}`).set('x-api-key', server.tenant.apiKey));
      expect({ inputTokens: trace.inputTokens, outputTokens: trace.outputTokens, totalTokens: trace.totalTokens }).to.deep.equal({ inputTokens: 3000, outputTokens: 300, totalTokens: 3300 });
      expect(trace.cost as number).to.be.closeTo(LLM_COST + SECOND_COST, 1e-12);
      const { spans } = expectEnvelope<{ spans: Record<string, unknown>[] }>(await server.request().get(`/api/v1/public/traces/${TRACE}/spans`).set('x-api-key', server.tenant.apiKey));
      expect(spans.map((s) => [s.name, s.inputTokens, s.outputTokens, s.totalTokens])).to.deep.equal([
        ['agent', null, null, null],
        ['llm', 1000, 200, 1200],
        ['retrieve', null, null, null],
        ['second llm', 2000, 100, 2100],
        ['tool', null, null, null],
      ]);
      expect(spans[1].cost as number).to.be.closeTo(LLM_COST, 1e-12);
      expect(spans[3].cost as number).to.be.closeTo(SECOND_COST, 1e-12);
    });

    it('the trace header shows the token totals and the cost', async () => {
      await page.goto(`${http.baseUrl}/traces/${TRACE}`);
      const facts = page.locator('.trace-head dl');
      await facts.waitFor();
      const terms = await facts.locator('dt').allTextContents();
      const values = await facts.locator('dd').allInnerTexts();
      const shown = Object.fromEntries(terms.map((t, i) => [t, values[i]]));
      expect({ Cost: shown.Cost, Tokens: shown.Tokens }).to.deep.equal({ Cost: '$0.00063', Tokens: '3,300 (in 3,000, out 300)' });
    });

    it('the tree lists the spans by start time, parents before children, however they were sent', async () => {
      await page.locator('.span-row').first().waitFor();
      expect(await page.locator('.span-row .span-name').allTextContents()).to.deep.equal(['agent', 'llm', 'retrieve', 'tool', 'second llm']);
    });

    it("a span's panel shows its tokens and cost", async () => {
      await page.locator('.span-row', { hasText: 'second llm' }).click();
      const panel = page.getByRole('complementary', { name: 'Selected span' });
      await panel.getByRole('heading', { name: 'second llm' }).waitFor();
      const terms = await panel.locator('dl.facts dt').allTextContents();
      const values = await panel.locator('dl.facts dd').allInnerTexts();
      const shown = Object.fromEntries(terms.map((t, i) => [t, values[i]]));
      expect({ Cost: shown.Cost, Tokens: shown.Tokens }).to.deep.equal({ Cost: '$0.00036', Tokens: '2,100 (in 2,000, out 100)' });
    });
  });
});
