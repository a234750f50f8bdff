import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { ensureConsoleBuilt, launchBrowser, listen, seriousViolations, type Listening, type RunningBrowser } from './browser.js';
import { OpenAiStreamStandIn } from '../playground/openai-stream-stand-in.js';

const GREETING_V1 = [
  { type: 'message', role: 'system', content: 'You greet people.' },
  { type: 'message', role: 'user', content: 'Say hello to {{name}}.' },
];
const GREETING_V2 = [
  { type: 'message', role: 'system', content: 'You greet people in {{language}}.' },
  { type: 'message', role: 'user', content: 'Say hello to {{name}}.' },
];

forEachAdapter((adapter) => {
  describe('console prompts and playground (Chromium)', function () {
    this.timeout(120_000);
    let server: TestServer;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;
    let model: OpenAiStreamStandIn;
    let n = 0;
    const url = (path: string) => `${http.baseUrl}${path}`;
    const api = () => ({
      post: (path: string, body: object) => server.request().post(`/api/v1/public${path}`).set('x-api-key', server.tenant.apiKey).send(body),
      put: (path: string, body: object) => server.request().put(`/api/v1/public${path}`).set('x-api-key', server.tenant.apiKey).send(body),
    });

    /** A prompt of its own for a case: v1 (labelled production) and v2 of the greeting. */
    async function greetingPrompt(folder = 'support'): Promise<string> {
      const name = `${folder}/greeting-${++n}`;
      expectEnvelope(await api().post('/prompts', { name, type: 'chat', template: GREETING_V1, config: { model: 'gpt-4o-mini', temperature: 0.3 }, labels: ['production'], commitMessage: 'first greeting' }), 201);
      expectEnvelope(await api().post('/prompts', { name, type: 'chat', template: GREETING_V2, config: { model: 'gpt-4o-mini', temperature: 0.3 }, commitMessage: 'greet in a language' }), 201);
      return name;
    }

    /** The text of the answer box of a side, once it holds `expected` (the run may still be streaming). */
    const answerOf = (side: string) => page.getByRole('region', { name: side }).locator('.pg-answer');

    before(async () => {
      ensureConsoleBuilt();
      model = await new OpenAiStreamStandIn().start();
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*', EVALUATOR_TIMEOUT_MS: '10000' } });
      expectEnvelope(await api().post('/model-connections', { name: 'stand-in', baseUrl: model.baseUrl, model: 'gpt-4o-mini', apiKey: 'sk-console' }), 201);
      expectEnvelope(await api().put('/project/prompt-protected-labels', { labels: ['production'] }));
      http = await listen(server.app);
      chrome = await launchBrowser();
      page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
      await page.goto(url('/sign-in'));
      await page.getByLabel('API key', { exact: true }).fill(server.tenant.apiKey);
      await page.getByRole('button', { name: 'Use API key' }).click();
      await page.waitForURL(/\/traces$/);
    });
    after(async () => {
      await chrome?.close();
      await http?.close();
      await server?.close();
      await model?.stop();
    });

    describe('prompt list (/prompts)', () => {
      it('lists prompts in folders with their labels, and filters by label', async () => {
        const name = await greetingPrompt('billing');
        await page.goto(url('/prompts'));
        const folder = page.getByRole('region', { name: 'Folder billing' });
        const row = folder.getByRole('row', { name: new RegExp(name) });
        await row.waitFor();
        expect((await row.locator('td').allInnerTexts()).slice(0, 4)).to.deep.equal([`${name} chat`, '2', 'latest → v2, production → v1', '']);
        await page.getByLabel('Label').fill('no-such-label');
        await page.getByRole('button', { name: 'Filter' }).click();
        await page.getByText('No prompts match.').waitFor();
        expect(await seriousViolations(page)).to.deep.equal([]);
      });
    });

    describe('prompt page (/prompts/{name})', () => {
      it('shows the versions with their labels, protected ones marked, and the diff between two versions', async () => {
        const name = await greetingPrompt();
        await page.goto(url(`/prompts/${encodeURIComponent(name)}`));
        await page.getByRole('heading', { name, level: 1 }).waitFor();
        const v1 = page.getByRole('row', { name: /^v1/ });
        await v1.waitFor();
        expect(await v1.locator('td').nth(1).innerText()).to.equal('production (protected)');
        expect(await page.getByRole('row', { name: /^v2/ }).locator('td').nth(2).innerText()).to.equal('greet in a language');
        const diff = page.getByRole('table', { name: 'Differences from v1 to v2' });
        expect(await diff.locator('tr.prompts-diff-removed code:not([aria-hidden])').allInnerTexts()).to.deep.equal(['You greet people.']);
        expect(await diff.locator('tr.prompts-diff-added code:not([aria-hidden])').allInnerTexts()).to.deep.equal(['You greet people in {{language}}.']);
        expect(await diff.locator('tr.prompts-diff-added td.num').allInnerTexts(), 'old and new line numbers').to.deep.equal(['', '2']);
        await page.getByText('2 changed lines.').waitFor();
        expect(await seriousViolations(page)).to.deep.equal([]);
      });

      it('moves a label to another version', async () => {
        const name = await greetingPrompt();
        await page.goto(url(`/prompts/${encodeURIComponent(name)}`));
        await page.getByRole('row', { name: /^v2/ }).waitFor();
        await page.getByLabel('Label', { exact: true }).fill('staging');
        await page.getByLabel('Version', { exact: true }).selectOption({ label: 'v1' });
        await page.getByRole('button', { name: 'Move label' }).click();
        await page.getByRole('status').filter({ hasText: 'staging now names v1.' }).waitFor();
        await page.getByRole('row', { name: /^v1/ }).getByText('staging').waitFor();
        expect(await page.getByRole('row', { name: /^v1/ }).locator('td').nth(1).innerText()).to.equal('production (protected)staging');
      });
    });

    describe('playground (/playground)', () => {
      it('opens a prompt version, fills its variables and streams the answer in as it arrives', async () => {
        const name = await greetingPrompt();
        await page.goto(url(`/prompts/${encodeURIComponent(name)}`));
        await page.getByRole('link', { name: 'Open v2 in playground' }).click();
        await page.waitForURL(/\/playground\?prompt=/);
        const side = page.getByRole('region', { name: 'Prompt' });
        await side.getByRole('link', { name, exact: true }).waitFor();
        expect(await side.getByLabel('Message 1', { exact: true }).inputValue()).to.equal('You greet people in {{language}}.');
        expect(await side.getByLabel('Temperature').inputValue()).to.equal('0.3');
        await page.getByLabel('name', { exact: true }).fill('Ada');
        await page.getByLabel('language', { exact: true }).fill('French');
        // HOLD: the stand-in sends its first piece and waits; the page shows it while the run goes on.
        await side.getByLabel('Message 2', { exact: true }).fill('Say hello to {{name}}. HOLD');
        const calls = model.calls.length;
        await side.getByRole('button', { name: 'Run', exact: true }).click();
        await page.waitForFunction("document.querySelector('.pg-answer')?.textContent === 'Bonjour'");
        expect(await side.getByRole('button', { name: 'Running…' }).isDisabled()).to.equal(true);
        model.release();
        await page.waitForFunction("document.querySelector('.pg-answer')?.textContent === 'Bonjour, Ada!'");
        await side.getByText('12 prompt + 5 completion tokens · $0.00000 · ', { exact: false }).waitFor();
        await side.getByRole('link', { name: "Open the run's trace" }).waitFor();
        expect(model.calls[calls]!.body.messages).to.deep.equal([
          { role: 'system', content: 'You greet people in French.' },
          { role: 'user', content: 'Say hello to Ada. HOLD' },
        ]);
        expect(await seriousViolations(page)).to.deep.equal([]);
      });

      it("shows the model's failure mid-stream with the text received until then", async () => {
        await page.goto(url('/playground'));
        const side = page.getByRole('region', { name: 'Prompt' });
        await side.getByLabel('Message 1', { exact: true }).fill('FAIL_MID please');
        await side.getByRole('button', { name: 'Run', exact: true }).click();
        await side.getByRole('alert').filter({ hasText: 'The model failed (model_error): The server had an error while processing your request. Sorry about that!' }).waitFor();
        expect(await answerOf('Prompt').innerText()).to.equal('Bonjour, ');
      });

      it("opens an LLM span from a trace with its messages, model and parameters", async () => {
        const traceId = `span-source-${++n}`;
        await server.runtime.services.traceIngestion.ingest(server.tenant.project.id, {
          trace_id: traceId,
          name: 'support run',
          spans: [
            {
              span_id: 'llm-1',
              name: 'answer',
              span_type: 'LLM',
              status: 'success',
              input: { messages: [{ role: 'system', content: 'You are a support agent.' }, { role: 'user', content: 'Where is order 1234?' }] },
              output: { role: 'assistant', content: 'On its way.' },
              metadata: { model: 'gpt-4o-mini', 'gen_ai.request.temperature': 0.7, 'gen_ai.request.max_tokens': 256 },
            },
          ],
        });
        await page.goto(url(`/traces/${traceId}?span=llm-1`));
        const panel = page.getByRole('complementary', { name: 'Selected span' });
        await panel.getByRole('link', { name: 'Open in playground' }).click();
        await page.waitForURL(/\/playground$/);
        const side = page.getByRole('region', { name: 'Prompt' });
        await side.getByLabel('Message 2', { exact: true }).waitFor();
        expect(await side.getByLabel('Message 1', { exact: true }).inputValue()).to.equal('You are a support agent.');
        expect(await side.getByLabel('Role of message 1', { exact: true }).inputValue()).to.equal('system');
        expect(await side.getByLabel('Message 2', { exact: true }).inputValue()).to.equal('Where is order 1234?');
        expect(await side.getByLabel('Model', { exact: true }).inputValue()).to.equal('gpt-4o-mini');
        expect(await side.getByLabel('Temperature').inputValue()).to.equal('0.7');
        expect(await side.getByLabel('Max tokens').inputValue()).to.equal('256');
      });

      it('compares two models side by side on the same variables', async () => {
        const name = await greetingPrompt();
        await page.goto(url(`/playground?prompt=${encodeURIComponent(name)}&version=2`));
        await page.getByRole('region', { name: 'Prompt' }).getByLabel('Message 1', { exact: true }).waitFor();
        await page.getByRole('button', { name: 'Compare side by side' }).click();
        const b = page.getByRole('region', { name: 'Side B' });
        await b.getByLabel('Model', { exact: true }).fill('gpt-4o-mini-2024-07-18');
        await page.getByLabel('name', { exact: true }).fill('Ada');
        await page.getByLabel('language', { exact: true }).fill('French');
        const calls = model.calls.length;
        await page.getByRole('button', { name: 'Run both' }).click();
        await page.waitForFunction("[...document.querySelectorAll('.pg-answer')].map((e) => e.textContent).join('|') === 'Bonjour, Ada!|Bonjour, Ada!'");
        expect(model.calls.slice(calls).map((c) => c.body.model).sort()).to.deep.equal(['gpt-4o-mini', 'gpt-4o-mini-2024-07-18']);
        await page.getByRole('region', { name: 'Side A' }).getByText('12 prompt + 5 completion tokens', { exact: false }).waitFor();
        await b.getByText('12 prompt + 5 completion tokens', { exact: false }).waitFor();
      });

      it('compares two versions side by side', async () => {
        const name = await greetingPrompt();
        await page.goto(url(`/playground?prompt=${encodeURIComponent(name)}&version=2`));
        await page.getByRole('region', { name: 'Prompt' }).getByLabel('Message 1', { exact: true }).waitFor();
        await page.getByRole('button', { name: 'Compare side by side' }).click();
        const b = page.getByRole('region', { name: 'Side B' });
        await b.getByLabel(`Version of ${name}`).selectOption({ label: 'v1 (production)' });
        expect(await b.getByLabel('Message 1', { exact: true }).inputValue()).to.equal('You greet people.');
        await page.getByLabel('name', { exact: true }).fill('Ada');
        await page.getByLabel('language', { exact: true }).fill('French');
        const calls = model.calls.length;
        await page.getByRole('button', { name: 'Run both' }).click();
        await page.waitForFunction("[...document.querySelectorAll('.pg-answer')].map((e) => e.textContent).join('|') === 'Bonjour, Ada!|Bonjour, Ada!'");
        expect(model.calls.slice(calls).map((c) => c.body.messages[0]!.content).sort()).to.deep.equal(['You greet people in French.', 'You greet people.']);
      });

      it('saves the edit as a new version of the prompt', async () => {
        const name = await greetingPrompt();
        await page.goto(url(`/playground?prompt=${encodeURIComponent(name)}&version=2`));
        const side = page.getByRole('region', { name: 'Prompt' });
        await side.getByLabel('Message 1', { exact: true }).fill('You greet people warmly in {{language}}.');
        await side.getByText('Save as a new version').click();
        await side.getByLabel('Commit message').fill('warmer');
        await side.getByRole('button', { name: 'Save version' }).click();
        await side.getByRole('status').filter({ hasText: `Saved as ${name} version 3.` }).waitFor();
        await side.getByRole('link', { name }).last().click();
        const v3 = page.getByRole('row', { name: /^v3/ });
        await v3.waitFor();
        expect(await v3.locator('td').nth(2).innerText()).to.equal('warmer');
        expect(await page.getByRole('table', { name: 'Differences from v2 to v3' }).locator('tr.prompts-diff-added code:not([aria-hidden])').allInnerTexts()).to.deep.equal([
          'You greet people warmly in {{language}}.',
        ]);
      });

      it("says the project's evaluation budget is spent instead of running", async () => {
        const connectionId = (await server.request().get('/api/v1/public/model-connections').set('x-api-key', server.tenant.apiKey)).body.data.modelConnections[0].id as string;
        // One token more than the cases before spent today: one more run (17 tokens) goes through and spends it.
        const spent = expectEnvelope<{ spentTodayTokens: number }>(await server.request().get('/api/v1/public/evaluation-budget').set('x-api-key', server.tenant.apiKey)).spentTodayTokens;
        expectEnvelope(await api().put('/evaluation-budget', { dailyBudgetTokens: spent + 1 }));
        try {
          expect((await api().post('/playground/runs', { modelConnectionId: connectionId, messages: [{ role: 'user', content: 'hi' }] })).status).to.equal(200);
          await page.goto(url('/playground'));
          const side = page.getByRole('region', { name: 'Prompt' });
          await side.getByLabel('Message 1', { exact: true }).fill('hello');
          await side.getByRole('button', { name: 'Run', exact: true }).click();
          const alert = side.getByRole('alert').filter({ hasText: "The project's evaluation budget is spent" });
          await alert.waitFor();
          expect(await alert.innerText()).to.contain('PUBLIC_API_EVALUATION_BUDGET_EXHAUSTED');
        } finally {
          // No budget: the pause is lifted for the other cases.
          expectEnvelope(await api().put('/evaluation-budget', {}));
        }
      });
    });
  });
});
