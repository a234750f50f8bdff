import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { JudgeStandIn } from '../evaluations/judge-stand-in.js';
import { ensureConsoleBuilt, launchBrowser, listen, seriousViolations, type Listening, type RunningBrowser } from './browser.js';

const WORDS = ['apple', 'pear', 'plum'];

forEachAdapter((adapter) => {
  describe('console: new server-side run on the runs page (Chromium)', function () {
    this.timeout(180_000);
    let server: TestServer;
    let model: JudgeStandIn;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;
    let datasetId: string;
    const key = () => server.tenant.apiKey;

    before(async () => {
      ensureConsoleBuilt();
      model = await new JudgeStandIn().start();
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      const project = server.tenant.project.id;
      datasetId = (await server.runtime.services.datasets.create(project, { name: 'words' })).dataset.id;
      for (const word of WORDS) {
        server.clock.advance(1);
        await server.runtime.services.datasets.createItem(project, datasetId, { input: { word }, expectedOutput: `Echo: say ${word}` });
      }
      expectEnvelope(await server.request().post('/api/v1/public/model-connections').set('x-api-key', key()).send({ name: 'stand-in', baseUrl: model.baseUrl, model: 'gpt-4o-mini', apiKey: 'sk-test' }), 201);
      await server.runtime.services.prompts.createVersion(project, { author: 'user:test', isAdmin: true }, { name: 'say', type: 'text', template: 'say {{word}}', labels: ['production'] });
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
      await model?.stop();
    });

    it('starts a run of a registry prompt with a scorer, shows its progress, and shows it completed once the worker ran it', async () => {
      await page.goto(`${http.baseUrl}/datasets/${datasetId}/runs`);
      await page.getByRole('button', { name: 'New server-side run' }).click();
      const form = page.getByRole('form', { name: 'New server-side run' });
      await form.getByLabel('Run name').fill('console run');
      await form.getByLabel('Prompt', { exact: true }).selectOption('say');
      await form.getByLabel('Model connection').selectOption({ label: 'stand-in (gpt-4o-mini)' });
      await form.getByLabel('exact_match').check();
      await form.getByRole('button', { name: 'Start run' }).click();

      // Created running, nothing answered yet: the progress bar is shown.
      const row = page.locator('table.exp-runs tbody tr', { hasText: 'console run' });
      await row.waitFor();
      expect(await row.locator('td').nth(2).innerText()).to.contain('running');
      expect(await row.getByRole('progressbar', { name: 'Progress of console run' }).count()).to.equal(1);
      expect(await row.locator('td').nth(3).innerText()).to.contain('0 of 3');

      // The worker runs it (the test server starts none); the page reads the progress again by itself.
      for (let round = 0; round < 10; round++) if ((await server.runtime.services.serverRunPipeline.runOnce('console-test')).length === 0) break;
      await row.locator('td', { hasText: 'completed' }).waitFor({ timeout: 20_000 });
      expect(await row.locator('td').nth(2).innerText()).to.contain('server-side: say v1');
      expect(await row.locator('td').nth(3).innerText()).to.contain('3 of 3');

      const runs = expectEnvelope<{ runs: { name: string; id: string; status: string }[] }>(await server.request().get(`/api/v1/public/datasets/${datasetId}/runs`).set('x-api-key', key())).runs;
      const run = runs.find((r) => r.name === 'console run')!;
      const results = expectEnvelope<{ results: { scores: { name: string; value: boolean }[] }[] }>(await server.request().get(`/api/v1/public/datasets/${datasetId}/runs/${run.id}/results`).set('x-api-key', key())).results;
      expect(results.map((r) => r.scores.map((s) => [s.name, s.value]))).to.deep.equal([[['exact_match', true]], [['exact_match', true]], [['exact_match', true]]]);
    });

    it("shows the service's refusal with its path (no connection chosen)", async () => {
      await page.goto(`${http.baseUrl}/datasets/${datasetId}/runs`);
      await page.getByRole('button', { name: 'New server-side run' }).click();
      const form = page.getByRole('form', { name: 'New server-side run' });
      await form.getByLabel('Template').check();
      await form.getByRole('button', { name: 'Start run' }).click();
      await form.locator('.problem').waitFor();
      expect(await form.locator('.problem').innerText()).to.contain('/body/task/modelConnectionId');
    });

    it('has no serious or critical accessibility violations with the form open', async () => {
      await page.goto(`${http.baseUrl}/datasets/${datasetId}/runs`);
      await page.getByRole('button', { name: 'New server-side run' }).click();
      await page.getByRole('form', { name: 'New server-side run' }).waitFor();
      expect(await seriousViolations(page)).to.deep.equal([]);
    });
  });
});
