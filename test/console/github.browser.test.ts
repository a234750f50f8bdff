import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { GitHubStandIn } from '../integrations/github-stand-in.js';
import { ensureConsoleBuilt, launchBrowser, listen, seriousViolations, type Listening, type RunningBrowser } from './browser.js';
import { signInToConsole } from './console-sign-in.js';

forEachAdapter((adapter) => {
  describe('console: the GitHub target in Settings and a fix dispatched to GitHub (Chromium)', function () {
    this.timeout(180_000);
    let server: TestServer;
    let github: GitHubStandIn;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;
    const url = (path: string) => `${http.baseUrl}${path}`;
    const projectId = () => server.tenant.project.id;

    before(async () => {
      ensureConsoleBuilt();
      github = new GitHubStandIn();
      await github.start();
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*', GITHUB_API_URL: github.url } });
      await server.runtime.services.notifications.updateSettings(projectId(), { dispatchApprovalRequired: false });
      http = await listen(server.app);
      chrome = await launchBrowser();
      page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
      await signInToConsole(page, server, http.baseUrl);
    });
    after(async () => {
      await chrome?.close();
      await http?.close();
      await server?.close();
      await github?.close();
    });

    it('connects GitHub in Settings, shows the webhook secret once and never the token', async () => {
      await page.goto(url('/settings'));
      const card = page.getByRole('region', { name: 'GitHub' });
      await card.getByLabel('Repository (owner/name)').fill('acme/agent-app');
      await card.getByLabel('Labels (comma-separated)').fill('tracewell, bug');
      await card.getByLabel('Token (Issues: read and write)').fill('ghp_console_token');
      await card.getByRole('button', { name: 'Connect GitHub' }).click();
      const secret = await card.getByRole('status').textContent();
      expect(secret).to.match(/Webhook secret \(shown once.*ghws_[A-Za-z0-9_-]{32}/);
      await card.getByRole('link', { name: 'acme/agent-app' }).waitFor();
      await card.getByText(`/api/v1/public/integrations/github/webhook/${projectId()}`).waitFor();
      expect(await card.getByText('tracewell, bug', { exact: true }).count()).to.equal(1);
      expect(await page.content()).not.to.contain('ghp_console_token');
      expect(await seriousViolations(page)).to.deep.equal([]);
      await page.reload();
      await card.getByRole('link', { name: 'acme/agent-app' }).waitFor();
      expect(await card.getByRole('status').count(), 'the secret is not shown again').to.equal(0);
      const stored = await server.runtime.store.github.findTarget(projectId());
      expect(stored).to.include({ repository: 'acme/agent-app' });
      expect(stored!.labels).to.deep.equal(['tracewell', 'bug']);
    });

    it('dispatches a fix to GitHub from its page and links the issue once it exists', async () => {
      // Runs alone too: the target the previous case connects is set here when absent.
      if (!(await server.runtime.store.github.findTarget(projectId()))) await server.runtime.services.githubTargets.set(projectId(), { repository: 'acme/agent-app', token: 'ghp_console_token', labels: ['tracewell'] }, 'user:seed');
      const fix = await server.runtime.services.fixes.create(projectId(), { title: 'Refund loop', severity: 'high', recommendedAction: 'Return the full result.' }, 'user:seed');
      await server.runtime.services.fixes.accept(projectId(), fix.id, 'user:seed');
      await page.goto(url(`/fixes/${fix.id}`));
      const dispatch = page.locator('.fx-dispatch');
      await dispatch.getByLabel('Send to').selectOption({ label: 'GitHub issue in acme/agent-app' });
      await dispatch.getByRole('button', { name: 'Request dispatch' }).click();
      await dispatch.getByRole('button', { name: 'Send to GitHub (acme/agent-app)' }).click();
      await dispatch.getByText('sent, waiting for the receiver', { exact: true }).waitFor();
      expect(await server.runtime.services.githubIssues.drain()).to.equal(1);
      expect(github.requests.at(-1)!.schemaErrors).to.equal(null);
      await page.reload();
      const link = dispatch.getByRole('link', { name: '#42' });
      await link.waitFor();
      expect(await link.getAttribute('href')).to.equal('https://github.com/acme/agent-app/issues/42');
      await dispatch.getByText('acknowledged by the receiver', { exact: true }).waitFor();
    });
  });
});
