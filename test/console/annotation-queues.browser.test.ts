import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { ensureConsoleBuilt, launchBrowser, listen, screenshot, seriousViolations, type Listening, type RunningBrowser } from './browser.js';
import { chooseProject, signInToConsole } from './console-sign-in.js';

interface QueueBody {
  id: string;
  name: string;
  target: string;
  scoreConfig: Record<string, unknown>;
  members: string[];
}

forEachAdapter((adapter) => {
  describe('console: annotation queues (Chromium)', function () {
    this.timeout(120_000);
    let server: TestServer;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;
    let reviewerId: string;
    let emptyProjectId: string;
    const url = (path: string) => `${http.baseUrl}${path}`;
    const api = (method: 'get' | 'post', path: string, projectId = server.tenant.project.id) =>
      server.request()[method](`/api/v1/public${path}`).set('x-api-key', server.tenant.orgApiKey).set('x-project-id', projectId);
    const createQueue = async (name: string): Promise<QueueBody> => {
      const res = await api('post', '/annotation-queues').send({ name, scoreConfig: { name: 'helpfulness', dataType: 'numeric', min: 1, max: 5 } });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      return res.body.data as QueueBody;
    };
    const inFuture = (days: number) => new Date(server.clock.now().getTime() + days * 86_400_000).toISOString();

    before(async () => {
      ensureConsoleBuilt();
      server = await startTestServer(adapter);
      const { provisioning } = server.runtime.services;
      reviewerId = (await provisioning.createUser('bea@example.com', 'Bea Reviewer', [{ organizationId: server.tenant.organization.id, role: 'member' }])).id;
      emptyProjectId = (await provisioning.createProject(server.tenant.organization.id, 'Empty Project')).id;
      await server.runtime.services.traceIngestion.ingestBatch(server.tenant.project.id, [
        { trace_id: 'refund-1', name: 'refund run', metadata: { framework: 'crewai' }, spans: [{ span_id: 'a', name: 'answer', span_type: 'LLM', status: 'success', input: { q: 'refund?' } }] },
        { trace_id: 'shipping-1', name: 'shipping run', metadata: { framework: 'langchain' }, spans: [{ span_id: 'b', name: 'answer', span_type: 'LLM', status: 'success', input: { q: 'parcel?' } }] },
      ]);
      const saved = await api('post', '/saved-filters').send({ name: 'CrewAI only', filters: [{ id: 'r1', field: 'framework', operator: 'is', value: 'crewai' }] });
      expect(saved.status, JSON.stringify(saved.body)).to.equal(201);
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

    it('says what to do on a project without queues and creates a span queue with a categorical question from there', async () => {
      await chooseProject(page, emptyProjectId);
      await page.goto(url('/annotations'));
      const queues = page.getByRole('region', { name: 'Annotation queues' });
      await queues.getByText(/This project has no annotation queues\. Create a queue with the question reviewers answer/).waitFor();
      expect(await seriousViolations(page)).to.deep.equal([]);
      await queues.getByRole('link', { name: 'Create a queue' }).click();
      await page.waitForURL(/\/annotation-queues\/new$/);
      await page.getByLabel('Queue name').fill('Tone check');
      await page.getByLabel('Reviewers judge').selectOption('span');
      await page.getByLabel('Score name').fill('tone');
      await page.getByLabel('Answer', { exact: true }).selectOption('categorical');
      await page.getByLabel('Choices (one per line)').fill('friendly\nrude\n');
      expect(await seriousViolations(page)).to.deep.equal([]);
      await page.getByRole('button', { name: 'Create queue' }).click();
      await page.waitForURL(/\/annotation-queues\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { name: 'Tone check', level: 1 }).waitFor();
      await page.getByText('Reviewers judge single spans and answer tone: one of friendly, rude.', { exact: false }).waitFor();
      await page.getByText('Nobody reviews for this queue yet.', { exact: false }).waitFor();

      const stored = await api('get', '/annotation-queues', emptyProjectId);
      expect((stored.body.data.annotationQueues as QueueBody[]).map((q) => [q.name, q.target, q.scoreConfig])).to.deep.equal([
        ['Tone check', 'span', { name: 'tone', dataType: 'categorical', categories: ['friendly', 'rude'] }],
      ]);
    });

    it("shows the service's field error when the queue's score name is not allowed", async () => {
      await chooseProject(page, server.tenant.project.id);
      await page.goto(url('/annotation-queues/new'));
      await page.getByLabel('Queue name').fill('Bad question');
      await page.getByLabel('Score name').fill('no spaces allowed');
      await page.getByRole('button', { name: 'Create queue' }).click();
      const alert = page.getByRole('alert');
      await alert.locator('code', { hasText: '/body/scoreConfig/name' }).waitFor();
      expect(await alert.locator('strong').first().innerText()).to.match(/\S/);
      expect(page.url()).to.match(/\/annotation-queues\/new$/);
      const stored = await api('get', '/annotation-queues');
      expect((stored.body.data.annotationQueues as QueueBody[]).map((q) => q.name)).to.not.include('Bad question');
    });

    it('removes a member with the Remove button: the list and the service lose them, and they are offered again', async () => {
      const queue = await createQueue('Shrinking team');
      const added = await api('post', `/annotation-queues/${queue.id}/members`).send({ userId: reviewerId });
      expect(added.status, JSON.stringify(added.body)).to.equal(201);
      await chooseProject(page, server.tenant.project.id);
      await page.goto(url(`/annotation-queues/${queue.id}`));
      const members = page.getByRole('region', { name: 'Members' });
      await members.locator('.aq-members .aq-member-name', { hasText: 'Bea Reviewer' }).waitFor();
      await members.getByText('Removing a member keeps the items already sent to them; new batches skip them.').waitFor();
      expect(await seriousViolations(page)).to.deep.equal([]);
      await members.getByRole('button', { name: 'Remove Bea Reviewer' }).click();
      await members.getByText('Nobody reviews for this queue yet.', { exact: false }).waitFor();
      expect(await members.getByLabel('Add a member').locator('option').allTextContents()).to.include('Bea Reviewer (bea@example.com)');
      const stored = await api('get', `/annotation-queues/${queue.id}`);
      expect(stored.body.data.members).to.deep.equal([]);
    });

    it("adds members, sends a batch from a saved filter's traces and a typed id with a deadline, and shows its progress", async () => {
      const queue = await createQueue('Answer quality');
      await chooseProject(page, server.tenant.project.id);
      await page.goto(url(`/annotation-queues/${queue.id}`));
      await page.getByRole('heading', { name: 'Answer quality', level: 1 }).waitFor();
      const members = page.getByRole('region', { name: 'Members' });
      await members.getByText('Nobody reviews for this queue yet.', { exact: false }).waitFor();
      await members.getByLabel('Add a member').selectOption({ label: 'Bea Reviewer (bea@example.com)' });
      await members.getByRole('button', { name: 'Add member' }).click();
      await members.locator('.aq-members li', { hasText: 'Bea Reviewer' }).waitFor();
      await members.getByLabel('Add a member').selectOption({ label: `${server.tenant.user.name} (${server.tenant.user.email})` });
      await members.getByRole('button', { name: 'Add member' }).click();
      await members.locator('.aq-members li', { hasText: server.tenant.user.name }).waitFor();
      // Listed in the service's order of the queue's members (not the order they were added in).
      const stored = await api('get', `/annotation-queues/${queue.id}`);
      const nameOf = new Map([[reviewerId, 'Bea Reviewer'], [server.tenant.user.id, server.tenant.user.name]]);
      expect(await members.locator('.aq-members .aq-member-name').allTextContents()).to.deep.equal((stored.body.data.members as string[]).map((id) => nameOf.get(id)));
      // Already a member: no longer offered.
      expect(await members.getByLabel('Add a member').locator('option').allTextContents()).to.deep.equal(['Choose a person…']);

      const batches = page.getByRole('region', { name: 'Batches' });
      await batches.getByText('No batches yet.', { exact: false }).waitFor();
      await batches.getByLabel('Add the traces of a saved filter').selectOption({ label: 'CrewAI only' });
      await batches.getByRole('button', { name: 'Add its traces' }).click();
      const items = batches.getByLabel('Traces (one trace id per line)');
      await page.waitForFunction(`document.querySelector('#aq-items').value === 'refund-1'`);
      await items.press('End');
      await items.pressSequentially('\nshipping-1');
      await batches.getByLabel('Deadline').fill('2026-12-24T17:30');
      expect(await seriousViolations(page)).to.deep.equal([]);
      await batches.getByRole('button', { name: 'Send batch' }).click();
      const row = batches.getByRole('row').nth(1);
      await row.getByRole('cell', { name: '0 of 2 answered' }).waitFor();
      expect(await row.getByRole('cell').nth(1).innerText()).to.equal('open');
      await screenshot(page, `${adapter}-annotation-queue`);

      // The service holds the batch as sent: both traces, dealt to the two members in turn, due at the local time typed.
      const list = await api('get', `/annotation-queues/${queue.id}/batches`);
      const [summary] = list.body.data.batches as { id: string; deadline: string }[];
      expect(summary.deadline).to.equal(new Date('2026-12-24T17:30').toISOString());
      const batch = await api('get', `/annotation-queues/${queue.id}/batches/${summary.id}`);
      const sent = batch.body.data.items as { traceId: string; assignee: string }[];
      expect(sent.map((i) => i.traceId).sort()).to.deep.equal(['refund-1', 'shipping-1']);
      expect(sent.map((i) => i.assignee).sort()).to.deep.equal([reviewerId, server.tenant.user.id].sort());

      await row.getByRole('link').click();
      await page.waitForURL(new RegExp(`/annotation-queues/${queue.id}/batches/${summary.id}$`));
      // The batch page's own table (the queue page's rows say "0 of 2 answered" too, and stay until the page's code has loaded).
      await page.getByRole('columnheader', { name: 'Assigned to' }).waitFor();
      await page.getByText('0 of 2 answered').waitFor();
      const assignees = Object.fromEntries(
        await page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [r.children[0]?.textContent ?? '', r.children[1]?.textContent ?? ''])),
      );
      expect(assignees).to.deep.equal(Object.fromEntries(sent.map((i) => [i.traceId, nameOf.get(i.assignee)])));
      expect(await seriousViolations(page)).to.deep.equal([]);
    });

    it("shows a batch's progress and completion after its item is answered on the annotator's page", async () => {
      const queue = await createQueue('Solo review');
      expect((await api('post', `/annotation-queues/${queue.id}/members`).send({ userId: server.tenant.user.id })).status).to.equal(201);
      const sent = await api('post', `/annotation-queues/${queue.id}/batches`).send({ items: [{ traceId: 'shipping-1' }], deadline: inFuture(3) });
      expect(sent.status, JSON.stringify(sent.body)).to.equal(201);
      const batchId = sent.body.data.id as string;
      await chooseProject(page, server.tenant.project.id);
      await page.goto(url(`/annotation-queues/${queue.id}/batches/${batchId}`));
      await page.getByText('0 of 1 answered').waitFor();
      expect(await page.locator('.aq-batch-status').innerText()).to.equal('Open');

      await page.getByRole('link', { name: 'My annotation items' }).click();
      const item = page.getByRole('listitem', { name: 'Solo review: shipping-1 (pending)' });
      await item.getByLabel(/helpfulness/).fill('5');
      await item.getByRole('button', { name: 'Submit response' }).click();
      await page.getByRole('listitem', { name: 'Solo review: shipping-1 (answered)' }).waitFor();

      await page.goto(url(`/annotation-queues/${queue.id}/batches/${batchId}`));
      await page.getByText('1 of 1 answered').waitFor();
      expect(await page.locator('.aq-batch-status').innerText()).to.equal('Completed');
      expect(await page.locator('tbody tr td').nth(2).innerText()).to.equal('answered');
      await page.getByRole('link', { name: '← Solo review' }).click();
      await page.getByRole('region', { name: 'Batches' }).getByRole('cell', { name: '1 of 1 answered' }).waitFor();
    });
  });
});
