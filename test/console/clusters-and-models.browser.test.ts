import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { labeledCorpus } from '../support/labeled-corpus.js';
import { expectEnvelope } from '../support/problem.js';
import { drainDetections, ingest } from '../integration/support.js';
import { ensureConsoleBuilt, launchBrowser, listen, type Listening, type RunningBrowser } from './browser.js';

type Json = Record<string, unknown>;

const failing = (id: string, spanType: string, spanName: string, error: string) => ({
  trace_id: id,
  name: `support ${id}`,
  spans: [{ span_id: 'cause', name: spanName, span_type: spanType, status: 'error', error }],
});

forEachAdapter((adapter) => {
  describe('console failure clusters and learned model versions (Chromium)', function () {
    this.timeout(240_000);
    let server: TestServer;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;
    let learnedId: string;
    let scoredId: string;
    const key = () => ({ 'x-api-key': server.tenant.apiKey });

    before(async () => {
      ensureConsoleBuilt();
      server = await startTestServer(adapter);
      for (const [i, s] of [30, 5, 120].entries()) await ingest(server, failing(`timeout-${i}`, 'tool', 'http_get', `upstream timeout after ${s}s`));
      await ingest(server, failing('limit-0', 'llm', 'openai.chat', 'rate limit exceeded: retry after 250ms'));
      await drainDetections(server);
      // A learned detection trained on uploaded examples, not activated automatically; one learning from scores (none yet).
      learnedId = expectEnvelope<{ id: string }>(await server.request().post('/api/v1/public/detections').set(key()).send({ slug: 'refusals', displayName: 'Refusals', type: 'custom_trained', config: { labelSource: { kind: 'upload' }, seed: 42, autoActivate: false } }), 201).id;
      const examples = labeledCorpus(600, 42, 0.05).map((e) => ({ fields: e.texts, label: e.label }));
      expectEnvelope(await server.request().post(`/api/v1/public/detections/${learnedId}/trainings`).set(key()).send({ examples }), 201);
      await server.runtime.services.trainings.runOnce('browser-test');
      scoredId = expectEnvelope<{ id: string }>(await server.request().post('/api/v1/public/detections').set(key()).send({ slug: 'scored', displayName: 'Scored', type: 'custom_trained', config: { labelSource: { kind: 'score', scoreName: 'refused' } } }), 201).id;
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

    it('reaches the failure clusters from Detections: templates, counts and a 14-day sparkline per cluster', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Detections' }).click();
      await page.getByRole('link', { name: 'Failure clusters' }).click();
      await page.waitForURL(/\/detections\/clusters$/);
      await page.locator('table.clusters-table tbody tr').first().waitFor();
      const rows = await page.locator('table.clusters-table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as unknown as { innerText: string }).innerText.trim())));
      expect(rows.map((r) => [r[0], r[1], r[5]])).to.deep.equal([
        ['tool http_get: upstream timeout after <NUM>', '3', '0'],
        ['llm openai.chat: rate limit exceeded retry after <NUM>', '1', '0'],
      ]);
      expect(await page.getByRole('img', { name: 'Daily traces of tool http_get: upstream timeout after <NUM>: 3 traces in 14 days' }).count()).to.equal(1);
      expect(await page.locator('table.clusters-table .sparkline canvas').count()).to.equal(2);
    });

    it('opens a cluster with its traces and turns it into a draft fix with them linked', async () => {
      await page.getByRole('link', { name: 'tool http_get: upstream timeout after <NUM>' }).click();
      await page.getByRole('heading', { name: 'Failure cluster' }).waitFor();
      await page.locator('table.cluster-traces tbody tr').nth(2).waitFor();
      expect(await page.locator('.cluster-facts dd').first().innerText()).to.equal('3');
      expect((await page.locator('table.cluster-traces tbody tr td:nth-child(2)').allInnerTexts()).sort()).to.deep.equal(['support timeout-0', 'support timeout-1', 'support timeout-2']);
      await page.getByRole('button', { name: 'Create fix' }).click();
      await page.waitForURL(/\/fixes\/[0-9a-f-]{36}$/);
      const fixId = page.url().split('/').pop()!;
      const fix = expectEnvelope<Json & { linkedTraces: Json[] }>(await server.request().get(`/api/v1/public/fixes/${fixId}`).set(key()));
      expect(fix).to.deep.include({ title: 'Failure: tool http_get: upstream timeout after <NUM>', status: 'draft' });
      await page.getByText('Failure: tool http_get: upstream timeout after <NUM>').first().waitFor();
      expect(fix.linkedTraces.map((t) => t.traceId).sort()).to.deep.equal(['timeout-0', 'timeout-1', 'timeout-2']);
    });

    it('splits selected traces off into a new cluster and merges a cluster in, each after a confirmation, with the counts shown', async () => {
      const template = 'tool http_get: upstream timeout after <NUM>';
      const clusterOf = async (id: string) => expectEnvelope<Json>(await server.request().get(`/api/v1/public/clusters/${id}`).set(key()));
      await page.goto(`${http.baseUrl}/detections/clusters`);
      await page.getByRole('link', { name: template }).click();
      await page.locator('table.cluster-traces tbody tr').nth(2).waitFor();
      const sourceId = page.url().split('/').pop()!;
      await page.getByLabel('Select support timeout-2').check();
      await page.getByText('1 selected').waitFor();
      await page.getByRole('button', { name: 'Split off into a new cluster' }).click();
      await page.getByText('Move the 1 selected trace into a new cluster?').waitFor();
      await page.getByRole('button', { name: 'Yes, split' }).click();
      await page.waitForURL((url) => /\/detections\/clusters\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(sourceId));
      const splitId = page.url().split('/').pop()!;
      await page.locator('table.cluster-traces tbody tr').first().waitFor();
      await page.waitForFunction("document.querySelectorAll(`table.cluster-traces tbody tr`).length === 1");
      await page.waitForFunction("document.querySelector('.cluster-facts dd')?.textContent === '1'", undefined, { timeout: 10_000 }).catch(() => undefined);
      expect(await page.locator('.cluster-facts dd').first().innerText()).to.equal('1');
      expect(await page.locator('table.cluster-traces tbody tr td:nth-child(2)').allInnerTexts()).to.deep.equal(['support timeout-2']);
      expect(await clusterOf(sourceId)).to.deep.include({ count: 2, mergedInto: null });
      expect(await clusterOf(splitId)).to.deep.include({ count: 1, template });

      // Merge the source (2 traces) into the split-off cluster from its page.
      await page.getByLabel('Cluster to merge in').selectOption({ label: `${template} (2 traces)` });
      await page.getByRole('button', { name: 'Merge into this cluster' }).click();
      await page.getByText(`Move the 2 traces of "${template}" into this cluster? Its future traces will join this one too.`).waitFor();
      await page.getByRole('button', { name: 'Yes, merge' }).click();
      await page.waitForFunction("document.querySelectorAll(`table.cluster-traces tbody tr`).length === 3");
      // The facts and the trace list come from two reads: wait for the facts too, as a person would.
      await page.waitForFunction("document.querySelector('.cluster-facts dd')?.textContent === '3'", undefined, { timeout: 10_000 }).catch(() => undefined);
      expect(await page.locator('.cluster-facts dd').first().innerText()).to.equal('3');
      expect((await page.locator('table.cluster-traces tbody tr td:nth-child(2)').allInnerTexts()).sort()).to.deep.equal(['support timeout-0', 'support timeout-1', 'support timeout-2']);
      expect(await clusterOf(splitId)).to.deep.include({ count: 3, mergedInto: null });
      expect(await clusterOf(sourceId)).to.deep.include({ count: 0, mergedInto: splitId });
      // The offered clusters refreshed: the merged one is gone, only the rate-limit cluster is left.
      await page.waitForFunction("document.querySelectorAll(`#cluster-merge-other option`).length === 2");
      expect(await page.getByLabel('Cluster to merge in').locator('option').allInnerTexts()).to.deep.equal(['Choose a cluster…', 'llm openai.chat: rate limit exceeded retry after <NUM> (1 trace)']);
    });

    it("shows a learned detection's versions with the hold-out metrics the API stored, and activates one", async () => {
      const stored = expectEnvelope<{ models: { evaluation: { precision: number; recall: number; f1: number; rocAuc: number; confusionMatrix: Record<string, number> }; examples: { positive: number; negative: number } }[] }>(
        await server.request().get(`/api/v1/public/detections/${learnedId}/models`).set(key()),
      ).models[0]!;
      await page.goto(`${http.baseUrl}/detections/${learnedId}`);
      await page.getByRole('heading', { name: 'Model versions' }).waitFor();
      const row = page.locator('table.models-table tbody tr').first();
      await row.waitFor();
      const cells = await row.locator('td').allInnerTexts();
      const e = stored.evaluation;
      const c = e.confusionMatrix;
      expect(cells.slice(0, 8)).to.deep.equal([
        '1',
        'trained',
        e.precision.toFixed(3),
        e.recall.toFixed(3),
        e.f1.toFixed(3),
        e.rocAuc.toFixed(3),
        `${c.truePositives} / ${c.falsePositives} / ${c.trueNegatives} / ${c.falseNegatives}`,
        `${stored.examples.positive} / ${stored.examples.negative}`,
      ]);
      // F1 is the harmonic mean of the precision and recall the row shows (the stored numbers are proven in test/detections/learned-detections.test.ts).
      expect(e.f1).to.be.closeTo((2 * e.precision * e.recall) / (e.precision + e.recall), 1e-9);
      expect(await page.getByRole('button', { name: 'Train now' }).count()).to.equal(0); // upload source: the CLI or the API trains it
      await page.getByRole('button', { name: 'Activate version 1' }).click();
      await row.locator('td', { hasText: /^active$/ }).waitFor();
    });

    it('Train now queues a training; a refusal for too few examples is shown with its reason', async () => {
      await page.goto(`${http.baseUrl}/detections/${scoredId}`);
      await page.getByText('No versions yet: train the detection to make one.').waitFor();
      await page.getByRole('button', { name: 'Train now' }).click();
      await page.locator('table.models-table tbody tr td', { hasText: 'queued' }).waitFor();
      await server.runtime.services.trainings.runOnce('browser-test');
      await page.locator('table.models-table tbody tr td', { hasText: 'refused' }).waitFor({ timeout: 15_000 });
      expect(await page.locator('table.models-table tbody tr td .muted').innerText()).to.equal('Training needs at least 20 examples of each class; the label source gave 0 positive and 0 negative.');
    });

    it("saving a learned detection's edited name keeps its config and threshold (they are not the form's to rewrite)", async () => {
      const before = expectEnvelope<Json>(await server.request().get(`/api/v1/public/detections/${learnedId}`).set(key()));
      await page.goto(`${http.baseUrl}/detections/${learnedId}`);
      await page.getByText("Its configuration is changed through the API or the CLI; saving here keeps it.").waitFor();
      expect(await page.getByLabel('Kind').inputValue()).to.equal('custom_trained');
      expect(await page.getByLabel('Pattern (JavaScript regular expression)').count()).to.equal(0);
      await page.getByLabel('Display name').fill('Refusals (renamed)');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.waitForURL(/\/detections$/);
      const after = expectEnvelope<Json>(await server.request().get(`/api/v1/public/detections/${learnedId}`).set(key()));
      expect(after.displayName).to.equal('Refusals (renamed)');
      expect(after.config).to.deep.equal({ labelSource: { kind: 'upload' }, fields: ['input', 'output'], seed: 42, holdoutFraction: 0.2, autoActivate: false });
      expect(after.config).to.deep.equal(before.config);
      expect(after.threshold).to.equal(before.threshold);
      expect(after.type).to.equal('custom_trained');
    });
  });
});
