import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { ensureConsoleBuilt, launchBrowser, listen, screenshot, seriousViolations, type Listening, type RunningBrowser } from './browser.js';
import type { TraceInput } from '../traces/fixtures.js';
import type { SpanRecord } from '../../src/ports/traces.js';

const PASSWORD = 'correct horse battery staple';

/** What the console keeps in sessionStorage. */
interface StoredSession {
  kind: string;
  tokens: { accessToken: string; refreshToken: string | null };
}

function conversationTrace(id: string, name: string, question: string, sessionId: string): TraceInput {
  return {
    trace_id: id,
    name,
    metadata: { framework: 'langchain', agent_name: 'support-bot', session_id: sessionId },
    spans: [
      { span_id: 'root', name: 'agent', span_type: 'AGENT', status: 'success', latency_ms: 1200, start_time: '2026-11-01T11:00:00.000Z' },
      {
        span_id: 'llm-1',
        parent_span_id: 'root',
        name: 'plan step',
        span_type: 'LLM',
        status: 'success',
        latency_ms: 800,
        start_time: '2026-11-01T11:00:00.100Z',
        input: { messages: [{ role: 'system', content: 'You are a support agent.' }, { role: 'user', content: question }] },
        output: { messages: [{ role: 'assistant', content: 'Let me look up the order.' }] },
        metadata: { model: 'gpt-4o-mini', input_tokens: 120, output_tokens: 30, cost: 0.0021 },
      },
      { span_id: 'tool-1', parent_span_id: 'root', name: 'lookup order', span_type: 'TOOL', status: 'error', latency_ms: 300, start_time: '2026-11-01T11:00:00.950Z', error: 'order service timed out' },
    ],
  };
}

/**
 * A trace of `count` spans (a root, ten branches, leaves under them), written through the repository:
 * at 10,000 spans it is over the 1 MB a single API request may carry, as traces assembled from
 * OpenTelemetry batches can be.
 */
async function storeLargeTrace(server: TestServer, id: string, count: number, framework: string): Promise<void> {
  const start = server.clock.now().getTime() - 3_600_000;
  const spans: SpanRecord[] = [];
  for (let i = 0; i < count; i++) {
    const parentSpanId = i === 0 ? null : i <= 10 ? 's0' : `s${1 + ((i - 11) % 10)}`;
    spans.push({
      spanId: `s${i}`,
      parentSpanId,
      position: i,
      name: i === 0 ? 'run' : `step ${i}`,
      spanType: i === 0 ? 'WORKFLOW' : i % 3 === 0 ? 'LLM' : 'TOOL',
      status: i % 97 === 0 && i > 0 ? 'error' : 'success',
      latencyMs: i === 0 ? count * 2 : 2,
      cost: i % 3 === 0 && i > 0 ? 0.0001 : null,
      startTime: new Date(start + i * 2),
      input: { step: i },
      output: null,
      error: i % 97 === 0 && i > 0 ? 'step failed' : null,
      metadata: {},
    });
  }
  await server.runtime.store.traces.insertMany([
    {
      trace: {
        projectId: server.tenant.project.id,
        id,
        name: `large ${count}`,
        status: 'error',
        createdAt: new Date(start),
        sessionId: null,
        inputTokens: 0,
        outputTokens: 0,
        tags: [],
        userId: null,
        environment: null,
        release: null,
        latencyMs: count * 2,
        cost: spans.reduce((sum, s) => sum + (s.cost ?? 0), 0),
        spanCount: count,
        totalTokens: 0,
        framework,
        agentName: null,
        errorMessage: 'step failed',
        metadata: {},
      },
      spans,
      searchText: `large ${count}`,
    },
  ]);
}

/** Milliseconds from navigation to the first waterfall row on screen. */
async function timeToFirstRow(page: Page, url: string): Promise<number> {
  const started = Date.now();
  await page.goto(url);
  await page.locator('[role=treeitem]').first().waitFor({ state: 'visible', timeout: 30_000 });
  return Date.now() - started;
}

forEachAdapter((adapter) => {
  describe('web console (Chromium)', function () {
    this.timeout(120_000);
    let server: TestServer;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;
    let savedFilterId: string;
    let queueId: string;
    let batchId: string;
    const url = (path: string) => `${http.baseUrl}${path}`;
    const ingest = (...traces: TraceInput[]) => server.runtime.services.traceIngestion.ingestBatch(server.tenant.project.id, traces);
    const drainDetections = async () => {
      while ((await server.runtime.services.detectionEvaluation.runOnce('console-test')).length > 0);
    };

    before(async () => {
      ensureConsoleBuilt();
      server = await startTestServer(adapter);
      await server.runtime.services.identityProvisioning.setPassword(server.tenant.user.id, PASSWORD);
      await ingest(
        conversationTrace('refund-1', 'refund agent run', 'Where is my refund for order 1234?', 'sess-refund'),
        conversationTrace('shipping-1', 'shipping question', 'When will my parcel arrive?', 'sess-shipping'),
      );
      await storeLargeTrace(server, 'small-10', 10, 'crewai');
      await storeLargeTrace(server, 'large-10k', 10_000, 'custom');
      // A PII detection that fires opens a draft fix, so the board has a card.
      const pii = await server
        .request()
        .post('/api/v1/public/detections')
        .set('x-api-key', server.tenant.apiKey)
        .send({ slug: 'email-leak', displayName: 'Email leak', type: 'pii', severity: 'high', config: { kinds: ['email'] } });
      expect(pii.status, JSON.stringify(pii.body)).to.equal(201);
      await ingest({ trace_id: 'leak-1', name: 'leaky answer', spans: [{ span_id: 'a', name: 'answer', span_type: 'LLM', status: 'success', output: { text: 'mail me at jane@example.com' } }] });
      await drainDetections();
      // A second draft, to dismiss on the board.
      await server.runtime.services.fixes.create(server.tenant.project.id, { title: 'Slow answers', severity: 'medium', label: 'latency' }, 'user:seed');
      const saved = await server
        .request()
        .post('/api/v1/public/saved-filters')
        .set('x-api-key', server.tenant.apiKey)
        .send({ name: 'CrewAI only', filters: [{ id: 'r1', field: 'framework', operator: 'is', value: 'crewai' }] });
      expect(saved.status, JSON.stringify(saved.body)).to.equal(201);
      savedFilterId = saved.body.data.id;
      // An annotation queue with the signed-in user as its member, and a batch of two traces dispatched to them.
      const asAdmin = <T extends { set(name: string, value: string): T }>(req: T) => req.set('x-api-key', server.tenant.apiKey);
      const queue = await asAdmin(server.request().post('/api/v1/public/annotation-queues')).send({
        name: 'Answer quality',
        scoreConfig: { name: 'helpfulness', dataType: 'numeric', min: 1, max: 5 },
      });
      expect(queue.status, JSON.stringify(queue.body)).to.equal(201);
      queueId = queue.body.data.id;
      const member = await asAdmin(server.request().post(`/api/v1/public/annotation-queues/${queueId}/members`)).send({ userId: server.tenant.user.id });
      expect(member.status, JSON.stringify(member.body)).to.equal(201);
      const batch = await asAdmin(server.request().post(`/api/v1/public/annotation-queues/${queueId}/batches`)).send({
        items: [{ traceId: 'refund-1' }, { traceId: 'shipping-1' }],
        deadline: new Date(server.clock.now().getTime() + 86_400_000).toISOString(),
      });
      expect(batch.status, JSON.stringify(batch.body)).to.equal(201);
      batchId = batch.body.data.id;
      http = await listen(server.app);
      chrome = await launchBrowser();
      page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
      // The browser's clock runs normally but can jump ahead, to reach the token refresh.
      await page.clock.install();
    });
    after(async () => {
      await chrome?.close();
      await http?.close();
      await server?.close();
    });

    it('signs in with a password through the authorization code flow and opens the project', async () => {
      await page.goto(url('/'));
      await page.waitForURL(/\/sign-in/);
      expect(await seriousViolations(page)).to.deep.equal([]);
      await page.getByRole('button', { name: 'Sign in with your account' }).click();
      await page.waitForURL(/\/oauth\/authorize/);
      await page.getByLabel('Email').fill(server.tenant.user.email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.waitForURL(/\/projects/);
      // The projects come from GET /projects: the user's organization's, not another tenant's.
      await page.getByRole('button', { name: 'Alpha Org / Alpha Project' }).click();
      expect(await page.getByRole('button', { name: /Beta/ }).count()).to.equal(0);
      await page.waitForURL(/\/traces$/);
      await page.getByRole('link', { name: 'refund agent run' }).waitFor();
      expect(await page.locator('.switcher select').inputValue()).to.equal(server.tenant.project.id);
      const tokens = (await page.evaluate(`JSON.parse(sessionStorage.getItem('tracewell.session') ?? 'null')`)) as StoredSession;
      expect(tokens.kind).to.equal('oauth');
      expect(tokens.tokens.accessToken).to.match(/^tw_at_/);
      expect(tokens.tokens.refreshToken).to.be.a('string');
      expect(await page.evaluate(`Object.keys(localStorage).filter((k) => (localStorage.getItem(k) ?? '').includes('tw_'))`)).to.deep.equal([]);
      await screenshot(page, `${adapter}-trace-list`);
      expect(await seriousViolations(page)).to.deep.equal([]);
    });

    it('refreshes the access token before it expires (a minute early) and keeps working', async () => {
      const before = (await page.evaluate(`JSON.parse(sessionStorage.getItem('tracewell.session'))`)) as StoredSession;
      await page.clock.fastForward('59:30');
      await page.waitForFunction(`JSON.parse(sessionStorage.getItem('tracewell.session')).tokens.accessToken !== ${JSON.stringify(before.tokens.accessToken)}`);
      const after = (await page.evaluate(`JSON.parse(sessionStorage.getItem('tracewell.session'))`)) as StoredSession;
      expect(after.tokens.refreshToken).to.not.equal(before.tokens.refreshToken);
      await page.reload();
      await page.getByRole('link', { name: 'refund agent run' }).waitFor();
    });

    it('finds a trace by full-text search', async () => {
      await page.getByLabel('Search').fill('refund');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(/q=refund/);
      await page.getByRole('link', { name: 'refund agent run' }).waitFor();
      await page.getByText('1 matching').first().waitFor();
      expect(await page.locator('table.traces tbody tr').count()).to.equal(1);
    });

    it('opens the trace as a waterfall and shows the selected span input as a conversation', async () => {
      await page.getByRole('link', { name: 'refund agent run' }).click();
      await page.waitForURL(/\/traces\/refund-1/);
      const rows = page.locator('[role=treeitem]');
      await rows.first().waitFor();
      expect(await rows.count()).to.equal(3);
      expect(await rows.nth(2).innerText()).to.match(/TOOL\s+✕\s*error\s*lookup order\s+300 ms/);
      await rows.filter({ hasText: 'plan step' }).click();
      await page.waitForURL(/span=llm-1/);
      const panel = page.getByRole('complementary', { name: 'Selected span' });
      await panel.getByText('Where is my refund for order 1234?').waitFor();
      expect(await panel.locator('.message .role').allTextContents()).to.deep.equal(['system', 'user', 'assistant']);
      await panel.getByText('gpt-4o-mini', { exact: true }).waitFor();
      await screenshot(page, `${adapter}-waterfall`);
      expect(await seriousViolations(page)).to.deep.equal([]);
    });

    it('applies a saved filter to the trace list', async () => {
      await page.goto(url('/traces'));
      await page.getByLabel('Saved filter').selectOption({ label: 'CrewAI only' });
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(new RegExp(`savedFilterId=${savedFilterId}`));
      // The previous page stays on screen while the filtered one loads: wait for the table to change.
      await page.waitForFunction(`[...document.querySelectorAll('table.traces tbody tr td:nth-child(2)')].map((td) => td.textContent).join('|') === 'large 10'`);
      expect(await page.locator('table.traces tbody tr td:nth-child(2)').allTextContents()).to.deep.equal(['large 10']);
    });

    it('shows the fix board by status with the draft fix a detection opened', async () => {
      await page.goto(url('/fixes'));
      const draft = page.getByRole('region', { name: /Draft/ });
      await draft.getByRole('button', { name: /Email leak|email/i }).first().click();
      await page.getByRole('link', { name: 'leaky answer' }).waitFor();
      await page.getByLabel('Add a comment').fill('Looking into it');
      await page.getByRole('button', { name: 'Comment' }).click();
      await page.getByText('Looking into it').waitFor();
      await screenshot(page, `${adapter}-fix-board`);
      expect(await seriousViolations(page)).to.deep.equal([]);
    });

    it('filters the trace list by session', async () => {
      await page.goto(url('/traces'));
      await page.getByLabel('Session').fill('sess-shipping');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(/sessionId=sess-shipping/);
      await page.waitForFunction(`[...document.querySelectorAll('table.traces tbody tr td:nth-child(2)')].map((td) => td.textContent).join('|') === 'shipping question'`);
      expect(await page.locator('table.traces tbody tr td:nth-child(2)').allTextContents()).to.deep.equal(['shipping question']);
      expect(await seriousViolations(page)).to.deep.equal([]);
    });

    it('accepts a draft fix, moves it with a note, shows its investigation steps, and dismisses another with a reason', async () => {
      await page.goto(url('/fixes'));
      const column = (name: RegExp) => page.getByRole('region', { name });
      await column(/Draft/).getByRole('button', { name: /Email leak|email/i }).first().click();
      const detail = page.locator('.fix-detail');
      // The detection that opened the fix wrote its first investigation step.
      await detail.getByRole('region', { name: /Investigation steps/ }).getByText('detected').waitFor();
      await detail.getByRole('button', { name: 'Accept fix' }).click();
      await detail.getByText('open', { exact: true }).waitFor();
      await column(/Open/).getByRole('button', { name: /Email leak|email/i }).waitFor();
      await detail.getByLabel('Note for the move (optional)').fill('Taking this one');
      await detail.getByRole('button', { name: 'Start work' }).click();
      await detail.getByText('in progress', { exact: true }).waitFor();
      await column(/In progress/).getByRole('button', { name: /Email leak|email/i }).waitFor();
      expect(await seriousViolations(page)).to.deep.equal([]);

      await column(/Draft/).getByRole('button', { name: /Slow answers/ }).click();
      await detail.getByRole('heading', { name: 'Slow answers' }).waitFor();
      await detail.getByLabel('Reason for dismissing').fill('Expected during the load test');
      await detail.getByRole('button', { name: 'Dismiss fix' }).click();
      await detail.getByText('archived', { exact: true }).waitFor();
      await detail.getByText('Expected during the load test').waitFor();
      await column(/Archived/).getByRole('button', { name: /Slow answers/ }).waitFor();
      expect(await column(/Draft/).getByRole('button', { name: /Slow answers/ }).count()).to.equal(0);

      // Through the same REST API: the service agrees.
      const fixes = await server.request().get('/api/v1/public/fixes').set('x-api-key', server.tenant.apiKey);
      const statusOf = Object.fromEntries((fixes.body.data.fixes as { title: string; status: string }[]).map((f) => [f.title, f.status]));
      expect(statusOf['Slow answers']).to.equal('archived');
      expect(Object.values(statusOf)).to.include('in_progress');
    });

    it('creates an API key in settings, shows it once, and lists it by prefix only', async () => {
      await page.goto(url('/settings'));
      await page.getByLabel('Key name').fill('ci exporter');
      await page.getByRole('button', { name: 'Create key' }).click();
      const issued = page.locator('.issued code.secret');
      await issued.waitFor();
      const key = await issued.innerText();
      expect(key).to.match(/^tw_pk_/);
      const row = page.getByRole('row', { name: /ci exporter/ });
      await row.waitFor();
      expect(await row.locator('code').innerText()).to.equal(`${key.slice(0, 10)}…`);
      expect(await seriousViolations(page)).to.deep.equal([]);
      // Shown once: gone when dismissed, and never again after a reload.
      await page.getByRole('button', { name: 'I have copied it' }).click();
      await page.reload();
      await page.getByRole('row', { name: /ci exporter/ }).waitFor();
      expect(await page.content()).to.not.include(key);
      const works = await server.request().get('/api/v1/public/project').set('x-api-key', key);
      expect(works.status).to.equal(200);
      expect(works.body.data.id).to.equal(server.tenant.project.id);
    });

    it('invites someone with a link to pass on and sets the project retention in settings', async () => {
      await page.getByLabel('Email', { exact: true }).fill('new.colleague@example.com');
      await page.getByLabel('Role', { exact: true }).selectOption('viewer');
      await page.getByRole('button', { name: 'Invite' }).click();
      const link = page.locator('.issued code.secret').filter({ hasText: '/account/invitation?token=' });
      await link.waitFor();
      await page.getByText('new.colleague@example.com as viewer').waitFor();
      await page.getByLabel(/^Keep traces for/).fill('30');
      await page.getByRole('button', { name: 'Save retention' }).click();
      await page.getByText('Traces older than 30 days are hidden and deleted.').waitFor();
      // GET /projects reads the store (GET /project may answer from the credential cache, whose clock is frozen here).
      const projects = await server.request().get('/api/v1/public/projects').set('x-api-key', server.tenant.apiKey);
      expect((projects.body.data.projects as { id: string; retentionDays: number | null }[]).map((p) => [p.id, p.retentionDays])).to.deep.equal([[server.tenant.project.id, 30]]);
      const invitations = await server.request().get('/api/v1/public/invitations').set('x-api-key', server.tenant.orgApiKey).set('x-project-id', server.tenant.project.id);
      expect((invitations.body.data.invitations as { email: string; role: string }[]).map((i) => [i.email, i.role])).to.deep.equal([['new.colleague@example.com', 'viewer']]);
      expect(await seriousViolations(page)).to.deep.equal([]);
    });

    it("sets the project's experiment alpha in settings", async () => {
      await page.goto(url('/settings'));
      await page.getByText('Experiment runs are called significantly better or worse than the baseline at alpha 0.05.').waitFor();
      await page.getByLabel(/^Alpha/).fill('0.01');
      await page.getByRole('button', { name: 'Save alpha' }).click();
      await page.getByText('Experiment runs are called significantly better or worse than the baseline at alpha 0.01.').waitFor();
      // GET /projects reads the store (GET /project may answer from the credential cache).
      const projects = await server.request().get('/api/v1/public/projects').set('x-api-key', server.tenant.apiKey);
      expect((projects.body.data.projects as { id: string; experimentAlpha: number }[]).map((p) => [p.id, p.experimentAlpha])).to.deep.equal([[server.tenant.project.id, 0.01]]);
      expect(await seriousViolations(page)).to.deep.equal([]);
      // Later tests see the default again.
      expect((await server.request().patch('/api/v1/public/project').set('x-api-key', server.tenant.apiKey).send({ experimentAlpha: 0.05 })).status).to.equal(200);
    });

    it('creates a regex detection and shows it firing on a newly ingested trace', async () => {
      await page.goto(url('/detections'));
      expect(await seriousViolations(page)).to.deep.equal([]);
      await page.getByRole('link', { name: 'New detection' }).click();
      await page.getByLabel('Display name').fill('Refund promise');
      await page.getByLabel(/^Slug/).fill('refund-promise');
      await page.getByLabel(/^Pattern/).fill('refund\\s+guaranteed');
      expect(await seriousViolations(page)).to.deep.equal([]);
      await page.getByRole('button', { name: 'Create detection' }).click();
      await page.waitForURL(/\/detections$/);
      await page.getByRole('link', { name: 'Refund promise' }).waitFor();

      const res = await server
        .request()
        .post('/api/v1/public/traces')
        .set('x-api-key', server.tenant.apiKey)
        .send({ trace_id: 'promise-1', name: 'promise run', spans: [{ span_id: 'say', name: 'reply', span_type: 'LLM', status: 'success', output: { text: 'Your refund guaranteed by Friday.' } }] });
      expect(res.status).to.equal(201);
      expect(res.body.data.url).to.equal('/traces/promise-1');
      await drainDetections();
      await page.goto(url(res.body.data.url));
      const fired = page.getByRole('region', { name: 'Detections that fired' });
      await fired.getByRole('link', { name: 'Refund promise' }).waitFor();
      await page.goto(url('/detections'));
      const row = page.getByRole('row', { name: /Refund promise/ });
      await row.getByRole('cell', { name: '1', exact: true }).first().waitFor();
      await row.getByRole('button', { name: /Show trend/ }).click();
      await page.locator('.trend canvas').waitFor();
      await screenshot(page, `${adapter}-detections`);
    });

    it('lists the signed-in annotator\'s items without a batch link, pending first, and records a response as an annotation score', async () => {
      await page.goto(url('/annotations'));
      await page.getByRole('heading', { name: 'My annotation items' }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Annotations' }).waitFor();
      await page.getByRole('row', { name: /Answer quality/ }).getByText('helpfulness: a number from 1 to 5').waitFor();
      const items = page.locator('ol.annotation-items > li');
      await page.getByRole('listitem', { name: 'Answer quality: refund-1 (pending)' }).waitFor();
      await page.getByRole('listitem', { name: 'Answer quality: shipping-1 (pending)' }).waitFor();
      // One batch, one deadline: the server breaks the tie by item id, so the order of the two is not asserted.
      expect((await items.evaluateAll((lis) => lis.map((li) => li.getAttribute('aria-label')))).sort()).to.deep.equal(['Answer quality: refund-1 (pending)', 'Answer quality: shipping-1 (pending)']);
      const refund = page.getByRole('listitem', { name: 'Answer quality: refund-1 (pending)' });
      // The trace's input, compactly, and a link to its page.
      await refund.getByText(/Where is my refund for order 1234\?/).waitFor();
      expect(await refund.getByRole('link', { name: 'Open trace refund-1' }).getAttribute('href')).to.equal('/traces/refund-1');
      expect(await seriousViolations(page)).to.deep.equal([]);

      await refund.getByLabel(/helpfulness/).fill('4');
      await refund.getByLabel('Comment (optional)').fill('Clear and correct');
      await refund.getByRole('button', { name: 'Submit response' }).click();
      await page.getByRole('listitem', { name: 'Answer quality: refund-1 (answered)' }).getByText(/^Answered /).waitFor();
      // Pending first: the answered item moves below the open one.
      expect(await items.evaluateAll((lis) => lis.map((li) => li.getAttribute('aria-label')))).to.deep.equal(['Answer quality: shipping-1 (pending)', 'Answer quality: refund-1 (answered)']);

      // The service agrees: the item is done and its score is an annotation by the signed-in user.
      const stored = await server.request().get(`/api/v1/public/annotation-queues/${queueId}/batches/${batchId}`).set('x-api-key', server.tenant.apiKey);
      const answered = (stored.body.data.items as { traceId: string; status: string; scoreId: string | null }[]).find((i) => i.traceId === 'refund-1');
      expect(answered?.status).to.equal('done');
      const scores = await server.request().get('/api/v1/public/scores').query({ traceId: 'refund-1' }).set('x-api-key', server.tenant.apiKey);
      const score = (scores.body.data.scores as { id: string; name: string; value: unknown; source: string; author: string; comment: string | null }[]).find((s) => s.id === answered?.scoreId);
      expect(score).to.deep.include({ name: 'helpfulness', value: 4, source: 'annotation', author: `user:${server.tenant.user.id}`, comment: 'Clear and correct' });
      expect(await seriousViolations(page)).to.deep.equal([]);
    });

    it('answers a categorical span item and a boolean trace item with the controls of their score configuration', async () => {
      const admin = (path: string, body: object) => server.request().post(`/api/v1/public${path}`).set('x-api-key', server.tenant.apiKey).send(body);
      const dispatch = async (name: string, target: 'trace' | 'span', scoreConfig: object, item: { traceId: string; spanId?: string }) => {
        const queue = await admin('/annotation-queues', { name, target, scoreConfig });
        expect(queue.status, JSON.stringify(queue.body)).to.equal(201);
        expect((await admin(`/annotation-queues/${queue.body.data.id}/members`, { userId: server.tenant.user.id })).status).to.equal(201);
        const batch = await admin(`/annotation-queues/${queue.body.data.id}/batches`, { items: [item], deadline: new Date(server.clock.now().getTime() + 2 * 86_400_000).toISOString() });
        expect(batch.status, JSON.stringify(batch.body)).to.equal(201);
        return { queueId: queue.body.data.id as string, batchId: batch.body.data.id as string };
      };
      const plan = await dispatch('Plan check', 'span', { name: 'plan', dataType: 'categorical', categories: ['sound', 'wrong tool'] }, { traceId: 'refund-1', spanId: 'llm-1' });
      const safety = await dispatch('Safety', 'trace', { name: 'safe', dataType: 'boolean' }, { traceId: 'shipping-1' });
      // A dispatch notification's batch link still lands on the listing, which already holds both new items.
      await page.goto(url(`/annotations/${plan.queueId}/${plan.batchId}`));
      await page.waitForURL(/\/annotations$/);
      expect(safety.batchId).to.be.a('string');

      const span = page.getByRole('listitem', { name: 'Plan check: llm-1 (pending)' });
      expect(await span.getByRole('link', { name: 'Open span llm-1 of trace refund-1' }).getAttribute('href')).to.equal('/traces/refund-1?span=llm-1');
      await span.getByText(/Let me look up the order/).waitFor();
      expect(await span.getByLabel('plan').locator('option').allTextContents()).to.deep.equal(['Choose…', 'sound', 'wrong tool']);
      await span.getByLabel('plan').selectOption('wrong tool');
      await span.getByRole('button', { name: 'Submit response' }).click();
      await page.getByRole('listitem', { name: 'Plan check: llm-1 (answered)' }).waitFor();

      const trace = page.getByRole('listitem', { name: 'Safety: shipping-1 (pending)' });
      await trace.getByRole('group', { name: 'safe' }).getByLabel('No').check();
      await trace.getByRole('button', { name: 'Submit response' }).click();
      await page.getByRole('listitem', { name: 'Safety: shipping-1 (answered)' }).waitFor();
      expect(await seriousViolations(page)).to.deep.equal([]);

      const scores = async (traceId: string) =>
        ((await server.request().get('/api/v1/public/scores').query({ traceId }).set('x-api-key', server.tenant.apiKey)).body.data.scores as { name: string; value: unknown; spanId: string | null; source: string }[]).map(
          (s) => [s.name, s.value, s.spanId, s.source],
        );
      expect(await scores('refund-1')).to.deep.include.members([['plan', 'wrong tool', 'llm-1', 'annotation']]);
      expect(await scores('shipping-1')).to.deep.include.members([['safe', false, null, 'annotation']]);
    });

    it('opens a 10,000-span trace within budget and keeps the DOM virtualized while scrolling', async () => {
      const small = await timeToFirstRow(page, url('/traces/small-10'));
      const large = await timeToFirstRow(page, url('/traces/large-10k'));
      const ratio = large / Math.max(small, 1);
      console.log(`      [${adapter}] first rows: 10 spans ${small} ms, 10,000 spans ${large} ms, ratio ${ratio.toFixed(2)}`);
      // Fetching 10,000 spans costs more than 10, but the render must not scale with them.
      expect(large, `10,000 spans took ${large} ms vs ${small} ms`).to.be.below(Math.max(small * 12, 6000));
      // The first page (1,000 spans) is drawn while the rest loads: wait for all of them.
      const tree = page.getByRole('tree', { name: 'Spans (10,000)' });
      await tree.waitFor();
      expect(await page.locator('[role=treeitem]').count()).to.be.below(120);
      const scrollStarted = Date.now();
      await tree.evaluate((el: { scrollTop: number; scrollHeight: number }) => (el.scrollTop = el.scrollHeight));
      // Depth-first, the last row is the last leaf of the last branch (s10).
      await page.locator('[data-span-id="s9990"]').waitFor({ timeout: 5000 });
      const scrollMs = Date.now() - scrollStarted;
      console.log(`      [${adapter}] scroll to the last of 10,000 rows: ${scrollMs} ms`);
      expect(await page.locator('[role=treeitem]').count()).to.be.below(120);
      await screenshot(page, `${adapter}-waterfall-10k`);
      // Keyboard: Home goes back to the first row and Enter selects it.
      await tree.focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('Enter');
      await page.waitForURL(/span=s0/);
    });

    it('signs out and revokes the session tokens', async () => {
      const session = (await page.evaluate(`JSON.parse(sessionStorage.getItem('tracewell.session') ?? 'null')`)) as StoredSession;
      // The page leaves at once and revokes after (refresh token, then access token): wait for the last answer.
      const accessRevoked = page.waitForResponse((r) => r.url().endsWith('/oauth/revoke') && (r.request().postData() ?? '').includes('token_type_hint=access_token'));
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(/\/sign-in/);
      expect((await accessRevoked).status()).to.equal(200);
      expect(await page.evaluate(`sessionStorage.getItem('tracewell.session')`)).to.equal(null);
      const res = await server.request().get('/api/v1/public/project').set('host', new URL(http.baseUrl).host).set('authorization', `Bearer ${session.tokens.accessToken}`).set('x-project-id', server.tenant.project.id);
      expect(res.status).to.equal(401);
    });

    it('signs in by pasting a project API key', async () => {
      await page.getByLabel('API key', { exact: true }).fill(server.tenant.apiKey);
      await page.getByRole('button', { name: 'Use API key' }).click();
      await page.waitForURL(/\/traces$/);
      await page.getByRole('link', { name: 'refund agent run' }).waitFor();
      const stored = (await page.evaluate(`JSON.parse(sessionStorage.getItem('tracewell.session'))`)) as { kind: string; projectId: string };
      expect(stored).to.deep.include({ kind: 'apiKey', projectId: server.tenant.project.id });
    });

    it('shows a failed sign-in from the Problem body with its request id', async () => {
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('API key', { exact: true }).fill('tw_pk_not_a_real_key');
      await page.getByRole('button', { name: 'Use API key' }).click();
      const alert = page.getByRole('alert');
      await alert.getByText(/Request id: req_[0-9a-f]{32}/).waitFor();
      expect(await alert.locator('strong').first().innerText()).to.match(/\S/);
    });
  });
});
