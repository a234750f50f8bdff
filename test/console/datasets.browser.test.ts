import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { ensureConsoleBuilt, launchBrowser, listen, seriousViolations, type Listening, type RunningBrowser } from './browser.js';

const DATASETS = '/api/v1/public/datasets';
const N = 8;
const BASELINE_ACCURACY = 0.9;
// Candidate accuracy on item x is 0.9 − 0.05·(x+1): every pair worse, by a different amount.
const candidateAccuracy = (x: number) => BASELINE_ACCURACY - 0.05 * (x + 1);
// Mean over x = 0..7: 0.9 − 0.05·4.5 = 0.675. Exact Wilcoxon, 8 same-signed untied differences:
// two-sided p = 2/2^8 = 0.0078125 (the one most extreme sign pattern on each side; Wilcoxon 1945,
// as scipy.stats.wilcoxon(method="exact") computes it); one comparison, so Holm leaves it as is.
const CANDIDATE_MEAN = '0.6750';
const EXACT_P = '0.0078';

forEachAdapter((adapter) => {
  describe('console datasets and experiments (Chromium)', function () {
    this.timeout(120_000);
    let server: TestServer;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;
    let datasetId: string;
    const itemIds: string[] = [];
    const runIds: { baseline: string; candidate: string } = { baseline: '', candidate: '' };
    const api = () => server.request();
    const key = () => server.tenant.apiKey;

    /** Fails at once when the page shows a Problem; otherwise nothing. */
    const noProblem = async () => {
      if (await page.locator('.problem').count()) expect.fail(`the page shows a problem: ${await page.locator('.problem').first().innerText()}`);
    };

    before(async () => {
      ensureConsoleBuilt();
      server = await startTestServer(adapter);
      const project = server.tenant.project.id;
      await server.runtime.services.traceIngestion.ingestBatch(project, [
        { trace_id: 'refund-question', name: 'refund question', spans: [{ span_id: 'root', name: 'answer', span_type: 'AGENT', status: 'success', latency_ms: 12, start_time: '2026-11-01T10:00:00.000Z', input: { question: 'Can I get a refund?' }, output: { text: 'Yes, within 30 days.' } }] },
      ]);
      datasetId = (await server.runtime.services.datasets.create(project, { name: 'support answers' })).dataset.id;
      for (let x = 0; x < N; x += 1) {
        server.clock.advance(1);
        itemIds.push((await server.runtime.services.datasets.createItem(project, datasetId, { input: { x }, expectedOutput: `answer ${x}` })).id);
      }
      for (const [role, accuracy] of [['baseline', () => BASELINE_ACCURACY], ['candidate', candidateAccuracy]] as const) {
        server.clock.advance(1000);
        const run = expectEnvelope<{ id: string }>(await api().post(`${DATASETS}/${datasetId}/runs`).set('x-api-key', key()).send({ name: role === 'baseline' ? 'prompt v1' : 'prompt v2' }), 201);
        runIds[role] = run.id;
        const results = itemIds.map((itemId, x) => ({
          itemId,
          output: `${role} says ${x}`,
          ...(role === 'candidate' && x === 0 ? { traceId: 'refund-question' } : {}),
          scores: [{ name: 'accuracy', value: accuracy(x) }],
        }));
        expectEnvelope(await api().post(`${DATASETS}/${datasetId}/runs/${run.id}/results`).set('x-api-key', key()).send({ results }));
        expectEnvelope(await api().patch(`${DATASETS}/${datasetId}/runs/${run.id}`).set('x-api-key', key()).send({ status: 'completed' }));
      }
      http = await listen(server.app);
      chrome = await launchBrowser();
      page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
      await page.goto(`${http.baseUrl}/sign-in`);
      await page.getByLabel('API key', { exact: true }).fill(key());
      await page.getByRole('button', { name: 'Use API key' }).click();
      await page.waitForURL(/\/traces$/);
    });
    after(async () => {
      await chrome?.close();
      await http?.close();
      await server?.close();
    });

    it('lists datasets and creates one, landing on its page', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
      await page.getByRole('link', { name: 'support answers' }).waitFor();
      const row = await page.locator('table.ds-list tbody tr').first().locator('td').allInnerTexts();
      expect(row.slice(0, 4)).to.deep.equal(['support answers', '—', String(N), String(N)]);
      await page.getByLabel('Name').fill('faq');
      await page.getByRole('button', { name: 'Create dataset' }).click();
      await page.getByRole('heading', { level: 1, name: 'faq' }).waitFor();
      expect(await page.getByText('Version 0 · 0 active items').count()).to.equal(1);
      await noProblem();
    });

    it('adds, edits and archives an item; each change is a version, and an earlier version reads as it was', async () => {
      await page.getByLabel('Input', { exact: true }).fill('How do I reset my password?');
      await page.getByLabel('Expected output', { exact: true }).fill('{"steps": 3}');
      await page.getByRole('button', { name: 'Add item' }).click();
      await page.getByText('Version 1 · 1 active item').waitFor();
      await page.locator('table.ds-items tbody tr').first().waitFor(); // the items are read after the dataset
      expect(await page.locator('table.ds-items tbody tr td').allInnerTexts()).to.deep.equal(['How do I reset my password?', '{"steps":3}', 'active', '1', '—', 'Edit Archive']);

      await page.getByRole('button', { name: 'Edit item How do I reset my password?' }).click();
      const editInput = page.locator('table.ds-items textarea').first();
      await editInput.fill('How do I reset my password quickly?');
      await page.getByRole('button', { name: 'Save item' }).click();
      await page.getByText('Version 2 · 1 active item').waitFor();
      await page.getByRole('button', { name: 'Archive item How do I reset my password quickly?' }).click();
      await page.getByText('Version 3 · 0 active items').waitFor();
      // The dataset's header and its items are two reads: wait for the items' own answer.
      await page.getByText('No items at this version.').waitFor();
      expect(await page.getByText('No items at this version.').count()).to.equal(1);

      await page.getByLabel('Show version').selectOption('1');
      await page.getByRole('note').waitFor();
      expect(await page.getByRole('note').innerText()).to.equal('You are reading version 1, as it was then. Edits apply to the current version.');
      await page.locator('table.ds-items tbody tr').first().waitFor();
      expect(await page.locator('table.ds-items tbody tr td').first().innerText()).to.equal('How do I reset my password?');
      expect(await page.getByRole('button', { name: /^Edit item/ }).count()).to.equal(0);
      await page.getByLabel('Show version').selectOption('3');
      await page.getByLabel('Show archived items').check();
      await page.getByRole('button', { name: 'Restore item How do I reset my password quickly?' }).waitFor();
      await noProblem();
    });

    it('imports a JSONL file all or nothing: bad lines are listed and nothing is added; the fixed file is one new version', async () => {
      const bad = [JSON.stringify({ input: 'first' }), '{"input": broken', JSON.stringify({ input: 'third', expectedOutput: 'three' }), JSON.stringify({ input: 'x', colour: 'red' })].join('\n');
      await page.getByLabel('File (.jsonl or .csv)').setInputFiles({ name: 'items.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(bad) });
      await page.getByText('Nothing was imported from items.jsonl: fix these lines and import it again.').waitFor();
      const errors = await page.locator('.ds-import-errors li').allInnerTexts();
      expect(errors.map((e) => e.slice(0, 8))).to.deep.equal(['line 2: ', 'line 4: ']);
      expect(await page.getByText('Version 3 · 0 active items').count()).to.equal(1);

      const good = [JSON.stringify({ input: 'first' }), JSON.stringify({ input: 'third', expectedOutput: 'three' })].join('\n');
      await page.getByLabel('File (.jsonl or .csv)').setInputFiles({ name: 'fixed.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(good) });
      await page.getByText('Imported 2 items from fixed.jsonl; the dataset is now at version 4.').waitFor();
      await page.getByText('Version 4 · 2 active items').waitFor();
      expect(await page.locator('.ds-import-errors').count()).to.equal(0);
    });

    it('marks a baseline on the runs page and opens the comparison of a chosen run', async () => {
      await page.goto(`${http.baseUrl}/datasets/${datasetId}/runs`);
      await page.getByText('No run is the baseline yet: mark one to compare others with it.').waitFor();
      await page.getByRole('button', { name: 'Mark baseline: prompt v1' }).click();
      await page.locator('.exp-baseline').waitFor();
      const rows = await Promise.all((await page.locator('table.exp-runs tbody tr').all()).map((tr) => tr.locator('td').allInnerTexts()));
      const byName = Object.fromEntries(rows.map((cells) => [cells[1], cells]));
      expect(byName['prompt v1'].slice(2, 5).concat(byName['prompt v1'][6])).to.deep.equal(['completed', `${N} of ${N}`, String(N), 'Baseline']);
      await page.getByLabel('Compare prompt v2').check();
      await page.getByRole('button', { name: 'Compare with baseline' }).click();
      await page.waitForURL(new RegExp(`/datasets/${datasetId}/compare\\?baseline=${runIds.baseline}&candidate=${runIds.candidate}$`));
      await noProblem();
    });

    it('shows the score row with its interval, p, adjusted p and a "regressed" badge', async () => {
      await page.getByRole('heading', { level: 1, name: 'Comparison with prompt v1' }).waitFor();
      const row = page.locator('table.exp-aggregate tbody tr');
      await row.waitFor();
      const comparison = expectEnvelope<{ comparisons: { confidenceInterval: { lower: number; upper: number } }[] }>(
        await api().get(`${DATASETS}/${datasetId}/runs/compare`).set('x-api-key', key()).query({ baseline: runIds.baseline, candidate: runIds.candidate }),
      ).comparisons[0];
      const minus = (v: number) => `−${Math.abs(v).toFixed(4)}`;
      expect(await row.locator('th, td').allInnerTexts()).to.deep.equal([
        'accuracy',
        'prompt v2',
        String(N),
        '0.9000',
        CANDIDATE_MEAN,
        `−0.2250 (${minus(comparison.confidenceInterval.lower)} to ${minus(comparison.confidenceInterval.upper)})`,
        EXACT_P,
        EXACT_P,
        '▼ regressed',
      ]);
      expect(await row.locator('.exp-badge').getAttribute('title')).to.equal(`p = ${EXACT_P}, adjusted p = ${EXACT_P}`);
    });

    it('has no serious or critical accessibility violations on the comparison, runs, dataset and datasets pages', async () => {
      await page.locator('table.exp-items tbody tr').first().waitFor();
      expect(await seriousViolations(page), 'comparison').to.deep.equal([]);
      for (const [name, address, ready] of [
        ['runs', `/datasets/${datasetId}/runs`, 'table.exp-runs'],
        ['dataset', `/datasets/${datasetId}`, 'table.ds-items'],
        ['datasets', '/datasets', 'table.ds-list'],
      ] as const) {
        await page.goto(`${http.baseUrl}${address}`);
        await page.locator(ready).waitFor();
        expect(await seriousViolations(page), name).to.deep.equal([]);
      }
    });

    it('lists items side by side, worst change first, re-sorted best first on request, with a link to the trace', async () => {
      await page.goto(`${http.baseUrl}/datasets/${datasetId}/compare?baseline=${runIds.baseline}&candidate=${runIds.candidate}`);
      const firstRow = page.locator('table.exp-items tbody tr').first();
      await firstRow.waitFor();
      expect(await firstRow.locator('td').allInnerTexts()).to.deep.equal(['{"x":7}', 'answer 7', 'baseline says 7\n\naccuracy 0.9', `candidate says 7\n\naccuracy ${candidateAccuracy(7)}`, '−0.4000']);
      const deltas = await page.locator('table.exp-items tbody tr td:last-child').allInnerTexts();
      expect(deltas).to.deep.equal([7, 6, 5, 4, 3, 2, 1, 0].map((x) => `−${(0.05 * (x + 1)).toFixed(4)}`));
      await page.getByLabel('Order').selectOption('desc');
      expect(await page.locator('table.exp-items tbody tr td:last-child').first().innerText()).to.equal('−0.0500');
      await page.locator('table.exp-items tbody tr').first().getByRole('link', { name: 'trace' }).click();
      await page.waitForURL(/\/traces\/refund-question$/);
      await page.getByRole('heading', { level: 1, name: 'refund question' }).waitFor();
    });

    it('adds the trace to a dataset from the trace page, copying its input and output', async () => {
      await page.goto(`${http.baseUrl}/traces/refund-question`);
      await page.getByRole('button', { name: 'Add to dataset' }).click();
      await page.getByLabel('Add the trace to').selectOption({ label: 'support answers' });
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Added to support answers.' }).waitFor();
      const items = expectEnvelope<{ items: { input: unknown; expectedOutput: unknown; sourceTraceId: string | null }[] }>(
        await api().get(`${DATASETS}/${datasetId}/items`).set('x-api-key', key()).query({ limit: 100 }),
      ).items;
      expect(items.filter((i) => i.sourceTraceId === 'refund-question').map((i) => [i.input, i.expectedOutput])).to.deep.equal([[{ question: 'Can I get a refund?' }, { text: 'Yes, within 30 days.' }]]);
      await noProblem();
    });
  });
});
