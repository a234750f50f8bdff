import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { ensureConsoleBuilt, launchBrowser, listen, screenshot, seriousViolations, type Listening, type RunningBrowser } from './browser.js';
import { signInToConsole } from './console-sign-in.js';

interface AccountBody {
  id: string;
  name: string;
  bindings: { projectId: string; role: string }[];
}

/**
 * The organization's security-lifecycle bucket allows 10 creations, mints, rotations and revocations
 * an hour (the clock is frozen here): the cases share one bound account made in `before` and spend
 * the bucket sparingly.
 */
forEachAdapter((adapter) => {
  describe('console: service accounts and tokens (Chromium)', function () {
    this.timeout(120_000);
    let server: TestServer;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;
    let bot: AccountBody;
    const url = (path: string) => `${http.baseUrl}${path}`;
    const asOrg = <T extends { set(name: string, value: string): T }>(req: T) => req.set('x-api-key', server.tenant.orgApiKey).set('x-project-id', server.tenant.project.id);
    const withToken = (token: string) => server.request().get('/api/v1/public/project').set('authorization', `Bearer ${token}`).set('x-project-id', server.tenant.project.id);
    const mint = async (scopes: string[]): Promise<{ token: string; prefix: string; id: string }> => {
      const res = await asOrg(server.request().post(`/api/v1/public/service-accounts/${bot.id}/tokens`)).send({ scopes });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      return { token: res.body.data.token, prefix: res.body.data.tokenInfo.prefix, id: res.body.data.tokenInfo.id };
    };
    const tokenRow = (prefix: string) => page.getByRole('region', { name: 'Tokens' }).getByRole('row').filter({ has: page.locator('code', { hasText: `${prefix}…` }) });

    before(async () => {
      ensureConsoleBuilt();
      server = await startTestServer(adapter);
      const created = await asOrg(server.request().post('/api/v1/public/service-accounts')).send({ name: 'deploy-bot', description: 'Sends traces from CI' });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      const bound = await asOrg(server.request().put(`/api/v1/public/service-accounts/${created.body.data.id}/binding`)).send({ role: 'editor' });
      expect(bound.status, JSON.stringify(bound.body)).to.equal(200);
      bot = bound.body.data;
      http = await listen(server.app);
      chrome = await launchBrowser();
      await chrome.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: http.baseUrl });
      page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
      await signInToConsole(page, server, http.baseUrl);
    });
    after(async () => {
      await chrome?.close();
      await http?.close();
      await server?.close();
    });

    it('creates a service account from settings, binds it to the project with a role, changes it and removes the binding', async () => {
      await page.goto(url('/settings'));
      const section = page.getByRole('region', { name: 'Service accounts' });
      // The section lists the account bound in `before` once its answer is in: the page has settled.
      await section.getByRole('link', { name: 'deploy-bot' }).waitFor();
      await section.getByRole('link', { name: 'Manage service accounts and their tokens' }).click();
      await page.waitForURL(/\/settings\/service-accounts$/);
      await page.getByRole('heading', { name: 'Service accounts', level: 1 }).waitFor();
      await page.getByRole('row', { name: /deploy-bot/ }).getByRole('cell', { name: 'editor' }).waitFor();
      expect(await seriousViolations(page)).to.deep.equal([]);
      await page.getByLabel('Name', { exact: true }).fill('nightly-evals');
      await page.getByLabel('Description (optional)').fill('Runs the evaluators at night');
      await page.getByRole('button', { name: 'Create service account' }).click();
      await page.waitForURL(/\/settings\/service-accounts\/[0-9a-f-]{36}$/);
      const accountId = page.url().split('/').pop() ?? '';
      await page.getByRole('heading', { name: 'nightly-evals', level: 1 }).waitFor();
      const binding = page.getByRole('region', { name: 'This project' });
      await binding.getByText('Not bound: its tokens do not work in this project.', { exact: false }).waitFor();
      await page.getByRole('region', { name: 'Tokens' }).getByText('No active tokens. Mint one below (and bind the account to this project so it works here).').waitFor();

      await binding.getByLabel('Role').selectOption('viewer');
      await binding.getByRole('button', { name: 'Bind to this project' }).click();
      await binding.getByText('Bound as viewer', { exact: false }).waitFor();
      await binding.getByLabel('Role').selectOption('admin');
      await binding.getByRole('button', { name: 'Change role' }).click();
      await binding.getByText('Bound as admin', { exact: false }).waitFor();
      const listed = async () => ((await asOrg(server.request().get('/api/v1/public/service-accounts'))).body.data.serviceAccounts as AccountBody[]).find((a) => a.id === accountId);
      expect((await listed())?.bindings).to.deep.equal([{ projectId: server.tenant.project.id, role: 'admin' }]);

      await page.getByRole('link', { name: '← Service accounts' }).click();
      await page.getByRole('row', { name: /nightly-evals/ }).getByRole('cell', { name: 'admin' }).waitFor();
      await page.getByRole('link', { name: 'nightly-evals' }).click();
      await binding.getByRole('button', { name: 'Remove from this project' }).click();
      await binding.getByText('Not bound', { exact: false }).waitFor();
      expect((await listed())?.bindings).to.deep.equal([]);
    });

    it('mints a token with the chosen scopes, shows it once with a copy button, and never again', async () => {
      await page.goto(url(`/settings/service-accounts/${bot.id}`));
      const tokens = page.getByRole('region', { name: 'Tokens' });
      await tokens.getByRole('heading', { name: 'Mint a token' }).waitFor();
      await tokens.getByRole('checkbox', { name: /observability:read/ }).check();
      await tokens.getByLabel('Expires after (days)').fill('7');
      await tokens.getByRole('button', { name: 'Mint token' }).click();
      const issued = page.getByRole('region', { name: 'New token' });
      const token = await issued.locator('code.secret').innerText();
      expect(token).to.match(/^tw_sa_/);
      await issued.getByText('it is shown only this once', { exact: false }).waitFor();
      await issued.getByRole('button', { name: 'Copy token' }).click();
      await issued.getByText('Copied.').waitFor();
      expect(await page.evaluate('navigator.clipboard.readText()')).to.equal(token);
      const row = tokenRow(token.slice(0, 10));
      await row.waitFor();
      expect(await row.getByRole('cell').nth(1).innerText()).to.equal('observability:write, observability:read');
      expect(await seriousViolations(page)).to.deep.equal([]);
      await screenshot(page, `${adapter}-service-account`);

      // The token works in the project with its scopes, and expires in the 7 days chosen.
      const works = await withToken(token);
      expect(works.status, JSON.stringify(works.body)).to.equal(200);
      const listed = await asOrg(server.request().get(`/api/v1/public/service-accounts/${bot.id}/tokens`));
      const info = (listed.body.data.tokens as { prefix: string; createdAt: string; expiresAt: string }[]).find((t) => token.startsWith(t.prefix));
      expect(Date.parse(info?.expiresAt ?? '') - Date.parse(info?.createdAt ?? '')).to.equal(7 * 86_400_000);

      await issued.getByRole('button', { name: 'I have copied it' }).click();
      await issued.waitFor({ state: 'detached' });
      await page.reload();
      await tokenRow(token.slice(0, 10)).waitFor();
      expect(await page.content()).to.not.include(token);
    });

    it('rotates a token: the new value is shown once and the old one stops working', async () => {
      const old = await mint(['observability:read']);
      await page.goto(url(`/settings/service-accounts/${bot.id}`));
      await tokenRow(old.prefix).getByRole('button', { name: `Rotate ${old.prefix}` }).click();
      const issued = page.getByRole('region', { name: 'New token' });
      await issued.getByText('(the old one no longer works)', { exact: false }).waitFor();
      const fresh = await issued.locator('code.secret').innerText();
      expect(fresh).to.match(/^tw_sa_/).and.not.equal(old.token);
      await tokenRow(fresh.slice(0, 10)).getByText('rotated').waitFor();
      expect((await withToken(old.token)).status).to.equal(401);
      expect((await withToken(fresh)).status).to.equal(200);
    });

    it('revokes a token: it leaves the list and stops working', async () => {
      const doomed = await mint(['observability:read']);
      await page.goto(url(`/settings/service-accounts/${bot.id}`));
      await tokenRow(doomed.prefix).getByRole('button', { name: `Revoke ${doomed.prefix}` }).click();
      await tokenRow(doomed.prefix).waitFor({ state: 'detached' });
      expect((await withToken(doomed.token)).status).to.equal(401);
    });

    it("shows the service's field error when a token is minted without scopes", async () => {
      await page.goto(url(`/settings/service-accounts/${bot.id}`));
      const tokens = page.getByRole('region', { name: 'Tokens' });
      await tokens.getByRole('checkbox', { name: /observability:write/ }).uncheck();
      await tokens.getByRole('button', { name: 'Mint token' }).click();
      await tokens.getByRole('alert').locator('code', { hasText: '/body/scopes' }).waitFor();
      expect(await page.getByRole('region', { name: 'New token' }).count()).to.equal(0);
    });
  });
});
