import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { ensureConsoleBuilt, launchBrowser, listen, screenshot, seriousViolations, type Listening, type RunningBrowser } from './browser.js';
import { signInToConsole } from './console-sign-in.js';
import type { UserRecord } from '../../src/ports/users.js';

forEachAdapter((adapter) => {
  describe('console: fix edit, assignee, dispatch and approval (Chromium)', function () {
    this.timeout(120_000);
    let server: TestServer;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;
    let reviewer: UserRecord;
    let reviewerId: string;
    let webhookId: string;
    const url = (path: string) => `${http.baseUrl}${path}`;
    const projectId = () => server.tenant.project.id;
    const asAdmin = <T extends { set(name: string, value: string): T }>(req: T) => req.set('x-api-key', server.tenant.apiKey);
    const draftFix = async (title: string) => (await server.runtime.services.fixes.create(projectId(), { title, severity: 'medium', label: 'latency' }, 'user:seed')).id;
    const openFix = async (title: string) => {
      const id = await draftFix(title);
      await server.runtime.services.fixes.accept(projectId(), id, 'user:seed');
      return id;
    };
    const storedFix = async (id: string) => (await asAdmin(server.request().get(`/api/v1/public/fixes/${id}`))).body.data;
    const storedDispatch = async (id: string) => (await asAdmin(server.request().get(`/api/v1/public/fixes/${id}/dispatch`))).body.data;
    const detail = () => page.locator('.fix-detail');

    before(async () => {
      ensureConsoleBuilt();
      // The dispatch target is a loopback webhook (nothing listens: its delivery is not under test here).
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      // An organization member: a viewer of the project unless made more.
      reviewer = await server.runtime.services.provisioning.createUser('bea@example.com', 'Bea Reviewer', [{ organizationId: server.tenant.organization.id, role: 'member' }]);
      reviewerId = reviewer.id;
      // Webhooks take no API key: the owner's OAuth token creates it.
      const owner = await server.oauthToken(server.tenant.user.id, ['configuration:write']);
      const hook = await server
        .request()
        .post('/api/v1/public/webhooks')
        .set('authorization', `Bearer ${owner}`)
        .set('x-project-id', projectId())
        .set('idempotency-key', randomUUID())
        .send({ name: 'Coding agent', destinationUrl: 'http://127.0.0.1:9/hooks', eventTypes: ['*'] });
      expect(hook.status, JSON.stringify(hook.body)).to.equal(201);
      webhookId = hook.body.data.id;
      await server.runtime.services.notifications.updateSettings(projectId(), { dispatchApprovalRequired: true });
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

    it("edits a fix's title, severity, label and recommended action on the fix's own page", async () => {
      const id = await draftFix('Slow answers');
      await page.goto(url(`/fixes/${id}`));
      await detail().getByRole('heading', { name: 'Slow answers' }).waitFor();
      expect(await page.getByRole('button', { name: /Slow answers/ }).getAttribute('aria-expanded')).to.equal('true');
      await detail().getByRole('button', { name: 'Edit fix' }).click();
      const form = page.getByRole('form', { name: 'Edit fix' });
      expect(await form.getByLabel('Title').inputValue()).to.equal('Slow answers');
      await form.getByLabel('Title').fill('Slow answers at peak hours');
      await form.getByLabel('Severity').selectOption('high');
      await form.getByLabel('Label').fill('capacity');
      await form.getByLabel('Recommended action').fill('Add a second worker pool');
      expect(await seriousViolations(page)).to.deep.equal([]);
      await form.getByRole('button', { name: 'Save changes' }).click();
      await form.waitFor({ state: 'detached' });
      await detail().getByRole('heading', { name: 'Slow answers at peak hours' }).waitFor();
      await detail().getByText('Label: capacity').waitFor();
      await detail().getByText('Add a second worker pool').waitFor();
      expect(await detail().getByText(/severity/).first().innerText()).to.match(/severity high/);
      await page.getByRole('region', { name: /Draft/ }).getByRole('button', { name: /high\s+Slow answers at peak hours/ }).waitFor();
      expect(await storedFix(id)).to.deep.include({ title: 'Slow answers at peak hours', severity: 'high', label: 'capacity', recommendedAction: 'Add a second worker pool' });
    });

    it("shows the service's field error when the title is emptied and keeps the fix as it was", async () => {
      const id = await draftFix('Token overuse');
      await page.goto(url(`/fixes/${id}`));
      await detail().getByRole('button', { name: 'Edit fix' }).click();
      const form = page.getByRole('form', { name: 'Edit fix' });
      await form.getByLabel('Title').fill('');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await form.getByRole('alert').locator('code', { hasText: '/body/title' }).waitFor();
      expect((await storedFix(id)).title).to.equal('Token overuse');
    });

    it('assigns the fix to a member and then to nobody', async () => {
      const id = await draftFix('Retry storms');
      await page.goto(url(`/fixes/${id}`));
      const assignee = page.getByRole('region', { name: 'Assignee' });
      await assignee.getByText('Nobody is assigned.').waitFor();
      await assignee.getByLabel('Assign to').selectOption({ label: 'Bea Reviewer' });
      await assignee.getByRole('button', { name: 'Save assignee' }).click();
      await assignee.locator('p strong', { hasText: 'Bea Reviewer' }).waitFor();
      expect((await storedDispatch(id)).assigneeUserId).to.equal(reviewerId);
      expect(await seriousViolations(page)).to.deep.equal([]);
      await assignee.getByLabel('Assign to').selectOption({ label: 'Nobody' });
      await assignee.getByRole('button', { name: 'Save assignee' }).click();
      await assignee.getByText('Nobody is assigned.').waitFor();
      expect((await storedDispatch(id)).assigneeUserId).to.equal(null);
    });

    it('requests a dispatch that waits for approval, approves it as the project admin and sends it, with the history in order', async () => {
      const id = await openFix('Loop in planner');
      await page.goto(url(`/fixes/${id}`));
      const dispatch = page.getByRole('region', { name: 'Dispatch' });
      await dispatch.getByText('Not requested yet.').waitFor();
      await dispatch.getByLabel('Send to').selectOption({ label: 'Coding agent' });
      await dispatch.getByLabel('Note (optional)').fill('for the coding agent');
      await dispatch.getByRole('button', { name: 'Request dispatch' }).click();
      await dispatch.getByText('waiting for approval', { exact: true }).waitFor();
      expect(await dispatch.locator('p').first().innerText()).to.match(/^Dispatch waiting for approval to Coding agent\. The request expires /);
      await screenshot(page, `${adapter}-fix-dispatch`);
      expect(await seriousViolations(page)).to.deep.equal([]);
      await dispatch.getByRole('button', { name: 'Approve dispatch' }).click();
      await dispatch.getByText('approved, not sent yet', { exact: true }).waitFor();
      await dispatch.getByRole('button', { name: 'Send to Coding agent' }).click();
      await dispatch.getByText('sent, waiting for the receiver', { exact: true }).waitFor();
      const actor = `user:${server.tenant.user.id}`;
      expect(await dispatch.getByRole('list', { name: 'Dispatch history' }).locator('li strong').allTextContents()).to.deep.equal(['request', 'approve', 'dispatch']);
      const first = await dispatch.getByRole('list', { name: 'Dispatch history' }).locator('li').first().innerText();
      expect(first).to.match(new RegExp(`^request → waiting for approval by ${server.tenant.user.name}, .* — for the coding agent$`));

      const stored = await storedDispatch(id);
      expect(stored).to.deep.include({ status: 'dispatched', webhookId });
      expect((stored.transitions as { action: string; actor: string }[]).map((t) => [t.action, t.actor])).to.deep.equal([
        ['request', actor],
        ['approve', actor],
        ['dispatch', actor],
      ]);
    });

    it('rejects a pending dispatch approval, after which it can be requested again', async () => {
      const id = await openFix('Prompt drift');
      expect((await asAdmin(server.request().post(`/api/v1/public/fixes/${id}/dispatch`)).send({ action: 'request', webhookId })).status).to.equal(200);
      await page.goto(url(`/fixes/${id}`));
      const dispatch = page.getByRole('region', { name: 'Dispatch' });
      await dispatch.getByText('waiting for approval', { exact: true }).waitFor();
      await dispatch.getByLabel('Note (optional)').fill('not before the release');
      await dispatch.getByRole('button', { name: 'Reject dispatch' }).click();
      await dispatch.getByText('rejected', { exact: true }).waitFor();
      await dispatch.getByRole('button', { name: 'Request dispatch' }).waitFor();
      expect(await dispatch.getByRole('button', { name: 'Approve dispatch' }).count()).to.equal(0);
      const stored = await storedDispatch(id);
      expect(stored.status).to.equal('rejected');
      expect((stored.transitions as { action: string; note: string | null }[]).map((t) => [t.action, t.note])).to.deep.equal([
        ['request', null],
        ['reject', 'not before the release'],
      ]);
    });

    it('tells a project viewer that only an admin decides a pending approval, and offers no buttons', async () => {
      const id = await openFix('Flaky retries');
      expect((await asAdmin(server.request().post(`/api/v1/public/fixes/${id}/dispatch`)).send({ action: 'request', webhookId })).status).to.equal(200);
      // Another person in their own browser, so the owner's session of the other cases is left alone.
      const theirs = await launchBrowser();
      try {
        const viewerPage = theirs.context.pages()[0] ?? (await theirs.context.newPage());
        await signInToConsole(viewerPage, server, http.baseUrl, reviewer);
        await viewerPage.goto(url(`/fixes/${id}`));
        const dispatch = viewerPage.getByRole('region', { name: 'Dispatch' });
        await dispatch.getByText('waiting for approval', { exact: true }).waitFor();
        await dispatch.getByText('Only a project admin can approve or reject this dispatch.').waitFor();
        expect(await dispatch.getByRole('button').count()).to.equal(0);
        await viewerPage.getByRole('region', { name: 'Assignee' }).getByText('Choosing an assignee needs the member list, which only project admins can read.').waitFor();
        expect(await seriousViolations(viewerPage)).to.deep.equal([]);
      } finally {
        await theirs.close();
      }
      expect((await storedDispatch(id)).status).to.equal('pending_approval');
    });

    it('moves a fix from draft to resolved and records a comment, on its own page', async () => {
      const id = await draftFix('Cache misses');
      await page.goto(url(`/fixes/${id}`));
      await detail().getByRole('button', { name: 'Accept fix' }).click();
      await detail().getByText('open', { exact: true }).waitFor();
      await detail().getByRole('button', { name: 'Start work' }).click();
      await detail().getByText('in progress', { exact: true }).waitFor();
      await detail().getByLabel('Note for the move (optional)').fill('Shipped the cache warmer');
      await detail().getByRole('button', { name: 'Mark resolved' }).click();
      await detail().getByText('resolved', { exact: true }).waitFor();
      await page.getByRole('region', { name: /Resolved/ }).getByRole('button', { name: /Cache misses/ }).waitFor();
      await detail().getByLabel('Add a comment').fill('Hit rate back to 97%');
      await detail().getByRole('button', { name: 'Comment' }).click();
      await detail().locator('.comments li', { hasText: 'Hit rate back to 97%' }).waitFor();
      const stored = await storedFix(id);
      expect(stored.status).to.equal('resolved');
      expect((stored.comments as { text: string }[]).map((c) => c.text)).to.deep.equal(['Hit rate back to 97%']);
    });
  });
});
