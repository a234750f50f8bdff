import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TenantSeed, type TestServer } from '../support/harness.js';
import { DOC_IMAGES, ensureConsoleBuilt, launchBrowser, listen, seriousViolations, type Listening, type RunningBrowser } from './browser.js';
import type { TraceInput } from '../traces/fixtures.js';
import type { SpanRecord } from '../../src/ports/traces.js';
import { DETAIL, seedDetailViews, type DetailViews } from './detail-view-seeds.js';

const PASSWORD = 'correct horse battery staple';
const THEMES = ['light', 'dark'] as const;

function conversationTrace(id: string, name: string, question: string): TraceInput {
  return {
    trace_id: id,
    name,
    metadata: { framework: 'langchain', agent_name: 'support-bot', session_id: `sess-${id}` },
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
 * One chat turn of a session (as the sessions browser test seeds them): the history so far plus the new
 * question in, the answer out; with `tool`, the answer calls lookup_order and a TOOL span holds its result.
 */
function sessionTurn(id: string, session: string, user: string, at: string, cost: number, history: { role: string; content: string }[], question: string, answer: string, tool?: { id: string; result: string }): TraceInput {
  const spans: TraceInput['spans'] = [
    {
      span_id: 'llm',
      name: 'chat',
      span_type: 'LLM',
      status: 'success',
      latency_ms: 900,
      start_time: at,
      input: { messages: [{ role: 'system', content: 'You are the support bot.' }, ...history, { role: 'user', content: question }] },
      output: tool
        ? { role: 'assistant', content: answer, tool_calls: [{ id: tool.id, type: 'function', function: { name: 'lookup_order', arguments: '{"order":"A-17"}' } }] }
        : { role: 'assistant', content: answer },
      metadata: { cost, tokens_used: 100 },
    },
  ];
  if (tool) spans.push({ span_id: 'tool', parent_span_id: 'llm', name: 'lookup_order', span_type: 'TOOL', status: 'success', start_time: at, output: { result: tool.result }, metadata: { tool_call_id: tool.id, tool_name: 'lookup_order' } });
  return { trace_id: id, name: `support turn ${id}`, metadata: { session_id: session, user_id: user }, spans };
}

/** Depth-first rows: run, plan, search, rank, answer (plan has two children, the others none). */
const TREE_TRACE: TraceInput = {
  trace_id: 'tree-1',
  name: 'keyboard tree',
  spans: [
    { span_id: 'run', name: 'run', span_type: 'AGENT', status: 'success', latency_ms: 900, start_time: '2026-11-01T11:10:00.000Z' },
    { span_id: 'plan', parent_span_id: 'run', name: 'plan', span_type: 'LLM', status: 'success', latency_ms: 400, start_time: '2026-11-01T11:10:00.010Z' },
    { span_id: 'search', parent_span_id: 'plan', name: 'search', span_type: 'TOOL', status: 'success', latency_ms: 100, start_time: '2026-11-01T11:10:00.020Z' },
    { span_id: 'rank', parent_span_id: 'plan', name: 'rank', span_type: 'TOOL', status: 'success', latency_ms: 100, start_time: '2026-11-01T11:10:00.130Z' },
    { span_id: 'answer', parent_span_id: 'run', name: 'answer', span_type: 'LLM', status: 'success', latency_ms: 300, start_time: '2026-11-01T11:10:00.500Z' },
  ],
};

/**
 * 3,000 spans in stored order: a root, then steps under it — except the span at position 5, whose
 * parent is the span at position 2,500 (as OpenTelemetry batches can deliver a child before its parent).
 */
async function storeStagedTrace(server: TestServer): Promise<void> {
  const start = new Date('2026-11-01T11:30:00.000Z').getTime();
  const spans: SpanRecord[] = Array.from({ length: 3000 }, (_, i) => ({
    spanId: i === 5 ? 'early-child' : i === 2500 ? 'late-parent' : `s${i}`,
    parentSpanId: i === 0 ? null : i === 5 ? 'late-parent' : 's0',
    position: i,
    name: i === 0 ? 'run' : i === 5 ? 'early child' : i === 2500 ? 'late parent' : `step ${i}`,
    spanType: i === 0 ? 'WORKFLOW' : 'TOOL',
    status: 'success',
    latencyMs: i === 0 ? 6000 : 2,
    cost: null,
    startTime: new Date(start + i * 2),
    input: null,
    output: null,
    error: null,
    metadata: {},
  }));
  await server.runtime.store.traces.insertMany([
    {
      trace: {
        projectId: server.tenant.project.id,
        id: 'staged-3k',
        name: 'staged 3000',
        status: 'success',
        createdAt: new Date(start),
        sessionId: null,
        inputTokens: 0,
        outputTokens: 0,
        tags: [],
        userId: null,
        environment: null,
        release: null,
        latencyMs: 6000,
        cost: 0,
        spanCount: 3000,
        totalTokens: 0,
        framework: null,
        agentName: null,
        errorMessage: null,
        metadata: {},
      },
      spans,
      searchText: 'staged 3000',
    },
  ]);
}

/** Every console page by its address (each is a deep link), the heading a person sees on it. */
interface PageCase {
  name: string;
  path: () => string;
  heading: string;
  /** What a person does before the page is checked (opening a form). */
  open?: (p: Page) => Promise<unknown>;
}

/** The default dashboard over the seeded day (2026-11-01 UTC), whatever the browser's clock says. */
const DASHBOARD_PATH = '/dashboards?range=custom&from=2026-11-01T00:00:00.000Z&to=2026-11-02T00:00:00.000Z&tz=UTC';

forEachAdapter((adapter) => {
  describe('console design: themes, deep links, empty states, keyboard and accessibility (Chromium)', function () {
    this.timeout(180_000);
    let server: TestServer;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;
    let detectionId: string;
    let fixId: string;
    let empty: TenantSeed;
    let queueId: string;
    let details: DetailViews;
    const url = (p: string) => `${http.baseUrl}${p}`;
    const theme = () => page.evaluate('document.documentElement.dataset.theme') as Promise<string>;

    /** From the sign-in page: the account's sign-in on the consent page, approved with the password. */
    async function approveSignIn(): Promise<void> {
      await page.getByRole('button', { name: 'Sign in with your account' }).click();
      await page.waitForURL(/\/oauth\/authorize/);
      await page.getByLabel('Email').fill(server.tenant.user.email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Approve' }).click();
    }

    /** Signs this tab in with the account unless it already is; the project is the seeded one. */
    async function signedIn(): Promise<void> {
      if (await page.evaluate(`sessionStorage.getItem('tracewell.session') !== null`).catch(() => false)) return;
      await page.goto(url('/sign-in'));
      await approveSignIn();
      await page.waitForURL(/\/(projects|traces)/);
      if (new URL(page.url()).pathname === '/projects') await page.getByRole('button', { name: 'Alpha Org / Alpha Project' }).click();
      await page.waitForURL(/\/traces$/);
    }

    async function chooseTheme(choice: 'system' | 'light' | 'dark'): Promise<void> {
      await page.getByLabel('Theme').selectOption(choice);
    }

    before(async () => {
      ensureConsoleBuilt();
      // Webhook deliveries and the playground's model go to local stand-ins on 127.0.0.1.
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      await server.runtime.services.identityProvisioning.setPassword(server.tenant.user.id, PASSWORD);
      const ingest = (...traces: TraceInput[]) => server.runtime.services.traceIngestion.ingestBatch(server.tenant.project.id, traces);
      const admin = (p: string, body: object) => server.request().post(`/api/v1/public${p}`).set('x-api-key', server.tenant.apiKey).send(body);
      await ingest(conversationTrace('refund-1', 'refund agent run', 'Where is my refund for order 1234?'), conversationTrace('shipping-1', 'shipping question', 'When will my parcel arrive?'), TREE_TRACE);
      const detection = await admin('/detections', { slug: 'email-leak', displayName: 'Email leak', type: 'pii', severity: 'high', config: { kinds: ['email'] } });
      expect(detection.status, JSON.stringify(detection.body)).to.equal(201);
      detectionId = detection.body.data.id;
      await ingest({ trace_id: 'leak-1', name: 'leaky answer', spans: [{ span_id: 'a', name: 'answer', span_type: 'LLM', status: 'success', start_time: '2026-11-01T11:20:00.000Z', output: { text: 'mail me at jane@example.com' } }] });
      while ((await server.runtime.services.detectionEvaluation.runOnce('design-test')).length > 0);
      const fixes = await server.request().get('/api/v1/public/fixes').set('x-api-key', server.tenant.apiKey);
      fixId = (fixes.body.data.fixes as { id: string }[])[0].id;
      const queue = await admin('/annotation-queues', { name: 'Answer quality', scoreConfig: { name: 'helpfulness', dataType: 'numeric', min: 1, max: 5 } });
      expect(queue.status, JSON.stringify(queue.body)).to.equal(201);
      queueId = queue.body.data.id;
      expect((await admin(`/annotation-queues/${queue.body.data.id}/members`, { userId: server.tenant.user.id })).status).to.equal(201);
      const batch = await admin(`/annotation-queues/${queue.body.data.id}/batches`, { items: [{ traceId: 'refund-1' }], deadline: '2026-11-02T12:00:00.000Z' });
      expect(batch.status, JSON.stringify(batch.body)).to.equal(201);
      await storeStagedTrace(server);
      // Two sessions: ada's two turns (the first calling a tool), and an older, costlier one of bo's.
      await ingest(
        sessionTurn('turn-1', 'support-42', 'ada', '2026-11-01T10:00:00.000Z', 0.0025, [], 'Where is my order A-17?', 'Let me look it up.', { id: 'call-1', result: 'shipped on Monday' }),
        sessionTurn('turn-2', 'support-42', 'ada', '2026-11-01T10:02:00.000Z', 0.004, [{ role: 'user', content: 'Where is my order A-17?' }, { role: 'assistant', content: 'Let me look it up.' }], 'When will it arrive?', 'By Thursday.'),
        sessionTurn('turn-3', 'billing-7', 'bo', '2026-11-01T08:00:00.000Z', 0.5, [], 'Why was I charged twice?', 'One charge is a hold.'),
      );
      details = await seedDetailViews(server);
      empty = await server.seedTenant('Empty');
      http = await listen(server.app);
      chrome = await launchBrowser({ viewport: { width: 1440, height: 900 } });
      page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
      // The page's clock stands at the server's: relative times and overdue marks are the same on every run.
      await page.clock.setFixedTime(server.clock.now());
    });
    after(async () => {
      await chrome?.close();
      await http?.close();
      await server?.close();
      await details?.close();
    });

    describe('theme', () => {
      afterEach(async () => {
        await page.emulateMedia({ colorScheme: 'light' });
        await page.evaluate(`localStorage.removeItem('tracewell.theme')`).catch(() => undefined);
      });

      it('follows the system preference while the toggle says System', async () => {
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.goto(url('/sign-in'));
        await page.getByRole('heading', { name: 'Sign in to Tracewell' }).waitFor();
        expect(await page.getByLabel('Theme').inputValue()).to.equal('system');
        expect(await theme()).to.equal('dark');
        expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).to.equal('rgb(13, 17, 23)');
        await page.emulateMedia({ colorScheme: 'light' });
        await page.waitForFunction(`document.documentElement.dataset.theme === 'light'`);
        expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).to.equal('rgb(255, 255, 255)');
      });

      it('keeps the chosen theme over the system preference, across reloads', async () => {
        await page.emulateMedia({ colorScheme: 'light' });
        await page.goto(url('/sign-in'));
        await chooseTheme('dark');
        expect(await theme()).to.equal('dark');
        await page.reload();
        await page.getByRole('heading', { name: 'Sign in to Tracewell' }).waitFor();
        expect(await page.getByLabel('Theme').inputValue()).to.equal('dark');
        expect(await theme()).to.equal('dark');
        expect(await page.evaluate(`localStorage.getItem('tracewell.theme')`)).to.equal('dark');
      });
    });

    it("the header's thirteen sections (Analytics grouping dashboards, sessions and users) and its controls fit one row at 1440 px (nothing scrolls sideways)", async () => {
      await signedIn();
      await page.goto(url('/sessions'));
      await page.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').count()).to.equal(13);
      expect(await page.evaluate('document.documentElement.scrollWidth')).to.be.at.most(1440);
      const signOut = await page.getByRole('button', { name: 'Sign out' }).boundingBox();
      expect(signOut!.x + signOut!.width).to.be.at.most(1440);
      const links = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').evaluateAll((as) => new Set(as.map((a) => Math.round(a.getBoundingClientRect().top))).size);
      expect(links, 'rows of nav links').to.equal(1);
    });

    it("the project switcher shows the chosen project's whole name, its organization as the option group, at 1440 and 1400 px", async () => {
      await signedIn();
      await page.goto(url('/notifications'));
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      // The selected label's width in the select's own font, against the room the select gives it
      // (its content box less Chromium's drop-down arrow, 20 px at most).
      const room = () =>
        page.evaluate(`(() => {
          const select = document.querySelector('.switcher select');
          const style = getComputedStyle(select);
          const context = document.createElement('canvas').getContext('2d');
          context.font = style.font;
          const option = select.options[select.selectedIndex];
          const content = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return { label: option.text, group: option.parentElement.label, title: select.title, spare: Math.floor(content - 20 - context.measureText(option.text).width) };
        })()`) as Promise<{ label: string; group: string; title: string; spare: number }>;
      try {
        for (const width of [1440, 1400]) {
          await page.setViewportSize({ width, height: 900 });
          const shown = await room();
          expect({ ...shown, spare: shown.spare >= 0 }, `at ${width} px: ${shown.spare} px spare`).to.deep.equal({ label: 'Alpha Project', group: 'Alpha Org', title: 'Alpha Org / Alpha Project', spare: true });
          expect(await page.evaluate('document.documentElement.scrollWidth')).to.be.at.most(width);
        }
      } finally {
        await page.setViewportSize({ width: 1440, height: 900 });
      }
    });

    // The axe sweep audits the console's markup in both themes; the data on each page reaches it through the
    // same API whose answers the REST suites prove equal on both adapters, so one adapter audits it (as the
    // docs screenshots below): the sweep is the suite's costliest minutes.
    if (adapter === 'sqlite') describe('every page by its address, in both themes', () => {
      const pages: PageCase[] = [
        { name: 'projects', path: () => '/projects', heading: 'Choose a project' },
        { name: 'traces', path: () => '/traces', heading: 'Traces' },
        { name: 'trace', path: () => '/traces/refund-1?span=llm-1', heading: 'refund agent run' },
        { name: 'trace-not-found', path: () => '/traces/no-such-trace', heading: 'Trace not found' },
        { name: 'detections', path: () => '/detections?trend=email-leak', heading: 'Detections' },
        { name: 'detection-new', path: () => '/detections/new', heading: 'New detection' },
        { name: 'detection-edit', path: () => `/detections/${detectionId}`, heading: 'Edit Email leak' },
        { name: 'fixes', path: () => `/fixes/${fixId}`, heading: 'Fixes' },
        { name: 'annotations', path: () => '/annotations', heading: 'My annotation items' },
        { name: 'settings', path: () => '/settings', heading: 'Settings' },
        { name: 'no-such-page', path: () => '/no-such-page', heading: 'There is no page at this address' },
        // The pages added since the design pass, as a project without their resources opens them.
        { name: 'webhooks', path: () => '/webhooks', heading: 'Webhooks' },
        { name: 'monitors', path: () => '/monitors', heading: 'Monitors' },
        { name: 'incidents', path: () => '/incidents', heading: 'Incidents' },
        { name: 'evaluators', path: () => '/evaluators', heading: 'Evaluators' },
        { name: 'notifications', path: () => '/notifications', heading: 'Notifications' },
        { name: 'service-accounts', path: () => '/settings/service-accounts', heading: 'Service accounts' },
        { name: 'model-prices', path: () => '/settings/model-prices', heading: 'Model prices' },
        { name: 'prompts', path: () => '/prompts', heading: 'Prompts' },
        { name: 'playground', path: () => '/playground', heading: 'Playground' },
        { name: 'datasets', path: () => '/datasets', heading: 'Datasets' },
        // The detail views, with the data seedDetailViews gave them.
        { name: 'webhook', path: () => `/webhooks/${details.webhookId}`, heading: `Webhook ${DETAIL.webhook}` },
        { name: 'monitor', path: () => `/monitors/${details.monitorId}`, heading: `Monitor ${DETAIL.monitor}` },
        { name: 'annotation-queue', path: () => `/annotation-queues/${queueId}`, heading: 'Answer quality' },
        { name: 'prompt', path: () => `/prompts/${encodeURIComponent(DETAIL.prompt)}`, heading: DETAIL.prompt },
        { name: 'dataset', path: () => `/datasets/${details.datasetId}`, heading: DETAIL.dataset },
        { name: 'experiment-compare', path: () => `/datasets/${details.datasetId}/compare?baseline=${details.runs.baseline}&candidate=${details.runs.candidate}`, heading: 'Comparison with greeting v1' },
        // Sessions, users and server-side runs, added after the detail views.
        { name: 'sessions', path: () => '/sessions', heading: 'Sessions' },
        { name: 'session', path: () => '/sessions/support-42', heading: 'Session support-42', open: (p) => p.getByText('By Thursday.').waitFor() },
        { name: 'users', path: () => '/users', heading: 'Users' },
        { name: 'user', path: () => '/users/ada', heading: 'User ada' },
        { name: 'dashboards', path: () => DASHBOARD_PATH, heading: 'Overview', open: (p) => p.getByRole('region', { name: 'Top users' }).locator('tbody tr').first().waitFor() },
        // The dashboard editor, opened as a copy of the built-in: eleven widget forms.
        { name: 'dashboard-editor', path: () => '/dashboards/new?copy=default', heading: 'New dashboard', open: (p) => p.getByRole('group', { name: 'Widget 11', exact: true }).waitFor() },
        { name: 'runs-new-server-run', path: () => `/datasets/${details.datasetId}/runs`, heading: `Experiment runs of ${DETAIL.dataset}`, open: openServerRunForm },
      ];
      for (const c of pages) {
        it(`${c.name}: opens at its address with its heading and no serious or critical axe violations`, async () => {
          await signedIn();
          await page.goto(url(c.path()));
          await page.getByRole('heading', { name: c.heading, level: 1 }).waitFor();
          // Wait for what loads: no skeleton left on screen.
          await page.locator('.skeleton').first().waitFor({ state: 'detached', timeout: 15_000 });
          await c.open?.(page);
          for (const t of THEMES) {
            await chooseTheme(t);
            expect(await theme()).to.equal(t);
            expect(await seriousViolations(page), `${c.name} in the ${t} theme`).to.deep.equal([]);
          }
          await chooseTheme('system');
        });
      }

      it('sign-in (signed out): opens at its address with no serious or critical axe violations', async () => {
        // A new tab has its own sessionStorage: signed out.
        const tab = await chrome.context.newPage();
        try {
          await tab.goto(url('/sign-in'));
          await tab.getByRole('heading', { name: 'Sign in to Tracewell', level: 1 }).waitFor();
          for (const t of THEMES) {
            await tab.getByLabel('Theme').selectOption(t);
            expect(await seriousViolations(tab), `sign-in in the ${t} theme`).to.deep.equal([]);
          }
          await tab.getByLabel('Theme').selectOption('system');
        } finally {
          await tab.close();
        }
      });

      it('the open fix and the open trend are in the address, so a link opens them', async () => {
        await signedIn();
        await page.goto(url(`/fixes/${fixId}`));
        await page.locator('.fix-detail').getByRole('link', { name: 'leaky answer' }).waitFor();
        await page.goto(url('/detections?trend=email-leak&per=hour'));
        await page.getByRole('heading', { name: 'Trend of email-leak' }).waitFor();
        expect(await page.getByLabel('per hour (24 h)').isChecked()).to.equal(true);
      });
    });

    describe('trace page', () => {
      it('shows one not-found state with the way back for a trace that does not exist', async () => {
        await signedIn();
        await page.goto(url('/traces/no-such-trace'));
        const notFound = page.getByRole('region', { name: 'Trace not found' });
        await notFound.getByText('No trace no-such-trace in this project.', { exact: false }).waitFor();
        expect(await page.getByRole('alert').count()).to.equal(0);
        expect(await page.getByRole('heading', { name: 'Trace not found' }).count()).to.equal(1);
        expect(await page.getByRole('heading', { name: 'Detections that fired' }).count()).to.equal(0);
        await notFound.getByRole('link', { name: 'Back to traces' }).click();
        await page.waitForURL(/\/traces$/);
      });

      it("keeps the last span's bar and the axis's last label inside the waterfall's box", async () => {
        await signedIn();
        // refund-1's last span (lookup order, an error: outlined bar) ends at the trace's end: its bar reaches 100 %.
        await page.goto(url('/traces/refund-1'));
        const bar = page.locator('[data-span-id="tool-1"] .bar');
        await bar.waitFor();
        const box = (await page.evaluate(`(() => {
          const panel = document.querySelector('.waterfall');
          const r = panel.getBoundingClientRect();
          // Inside the border: what overflow: hidden keeps.
          const inner = { left: r.left + panel.clientLeft, right: r.left + panel.clientLeft + panel.clientWidth };
          const bar = document.querySelector('[data-span-id="tool-1"] .bar');
          const outline = parseFloat(getComputedStyle(bar).outlineWidth) || 0;
          const labels = [...document.querySelectorAll('.waterfall-head .axis span')];
          const last = labels[labels.length - 1];
          return {
            inner,
            barRight: bar.getBoundingClientRect().right + outline,
            labelRight: last.getBoundingClientRect().right,
            labelText: last.textContent,
            barLabelRight: document.querySelector('[data-span-id="tool-1"] .bar-label').getBoundingClientRect().right,
          };
        })()`)) as { inner: { left: number; right: number }; barRight: number; labelRight: number; labelText: string; barLabelRight: number };
        expect(box.labelText).to.equal('1.25 s');
        expect(box.barRight, 'the last bar (with its error outline)').to.be.at.most(box.inner.right);
        expect(box.labelRight, "the axis's last label").to.be.at.most(box.inner.right);
        expect(box.barLabelRight, "the last bar's latency label").to.be.at.most(box.inner.right);
      });

      it('moves with ↑/↓, folds with ←/→ and opens the span with Enter', async () => {
        await signedIn();
        await page.goto(url('/traces/tree-1'));
        const tree = page.getByRole('tree', { name: 'Spans (5)' });
        const names = () => page.locator('[role=treeitem] .span-name').allInnerTexts();
        const active = () => page.locator('[role=treeitem].active .span-name').innerText();
        await tree.locator('[role=treeitem]').first().waitFor();
        expect(await names()).to.deep.equal(['run', 'plan', 'search', 'rank', 'answer']);
        await tree.focus();
        await page.keyboard.press('ArrowDown');
        expect(await active()).to.equal('plan');
        await page.keyboard.press('ArrowLeft');
        expect(await names()).to.deep.equal(['run', 'plan', 'answer']);
        expect(await page.locator('[data-span-id=plan]').getAttribute('aria-expanded')).to.equal('false');
        await page.keyboard.press('ArrowDown');
        expect(await active()).to.equal('answer');
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('ArrowRight');
        expect(await names()).to.deep.equal(['run', 'plan', 'search', 'rank', 'answer']);
        await page.keyboard.press('ArrowRight');
        expect(await active()).to.equal('search');
        await page.keyboard.press('Enter');
        await page.waitForURL(/span=search/);
        await page.getByRole('complementary', { name: 'Selected span' }).getByRole('heading', { name: 'search' }).waitFor();
      });
    });

    describe('loading', () => {
      it('shows a skeleton of the waterfall, not a blank pane, until the spans arrive', async () => {
        await signedIn();
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(/\/traces\/tree-1\/spans/, async (route) => {
          await held;
          await route.continue();
        });
        try {
          await page.goto(url('/traces/tree-1'));
          await page.getByRole('heading', { name: 'keyboard tree', level: 1 }).waitFor();
          await page.getByRole('status').filter({ hasText: 'Loading spans…' }).waitFor({ state: 'attached' });
          expect(await page.locator('.skeleton-line').count()).to.be.greaterThan(0);
          expect(await page.getByRole('tree').count()).to.equal(0);
          release();
          await page.getByRole('tree', { name: 'Spans (5)' }).waitFor();
          expect(await page.locator('.skeleton').count()).to.equal(0);
        } finally {
          release();
          await page.unroute(/\/traces\/tree-1\/spans/);
        }
      });
    });

    describe('a big trace while it loads', () => {
      it('draws the first page of spans at once, without spans whose parent is still to come, then all of them', async () => {
        await signedIn();
        // The pages after the first are held until the first is on screen.
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(/\/traces\/staged-3k\/spans\?.*cursor=/, async (route) => {
          await held;
          await route.continue();
        });
        try {
          await page.goto(url('/traces/staged-3k'));
          // 1,000 spans received; 'early child' waits for 'late parent' (position 2,500).
          await page.getByRole('tree', { name: 'Spans (999)' }).locator('[role=treeitem]').first().waitFor();
          await page.getByText('Loading more spans… 1,000 received so far.').waitFor();
          expect(await page.locator('[data-span-id="early-child"]').count()).to.equal(0);
          release();
          await page.getByRole('tree', { name: 'Spans (3,000)' }).waitFor();
          await page.getByText('3,000 of 3,000 spans shown.', { exact: false }).waitFor();
        } finally {
          release();
          await page.unroute(/\/traces\/staged-3k\/spans\?.*cursor=/);
        }
      });
    });

    describe('the / shortcut', () => {
      it('focuses the search field of the trace list', async () => {
        await signedIn();
        await page.goto(url('/traces'));
        await page.getByLabel('Search').waitFor();
        await page.keyboard.press('/');
        expect(await page.evaluate('document.activeElement?.id')).to.equal('f-q');
        expect(await page.getByLabel('Search').inputValue()).to.equal('');
      });

      it('opens the trace list and focuses its search from a page without one', async () => {
        await signedIn();
        await page.goto(url('/fixes'));
        await page.getByRole('heading', { name: 'Fixes', level: 1 }).waitFor();
        await page.keyboard.press('/');
        await page.waitForURL(/\/traces$/);
        await page.waitForFunction(`document.activeElement?.id === 'f-q'`);
      });

      it('types a slash into a field instead of jumping', async () => {
        await signedIn();
        await page.goto(url('/detections/new'));
        await page.getByLabel('Display name').fill('a');
        await page.getByLabel('Display name').press('/');
        expect(await page.getByLabel('Display name').inputValue()).to.equal('a/');
        expect(new URL(page.url()).pathname).to.equal('/detections/new');
      });
    });

    describe('empty states', () => {
      it('says how to send the first trace when a project has none', async () => {
        const tab = await chrome.context.newPage();
        // Signing in with the key remembers its project in localStorage, which the tabs share: put it back after.
        const remembered = (await page.evaluate(`localStorage.getItem('tracewell.projects')`).catch(() => null)) as string | null;
        try {
          await tab.goto(url('/sign-in'));
          await tab.getByLabel('API key', { exact: true }).fill(empty.apiKey);
          await tab.getByRole('button', { name: 'Use API key' }).click();
          const state = tab.getByRole('region', { name: 'No traces yet' });
          await state.getByText(/POST \/api\/v1\/public\/traces/).waitFor();
          expect(await state.getByRole('link', { name: 'Open the API reference' }).getAttribute('href')).to.equal('/docs');
        } finally {
          await tab.evaluate(remembered === null ? `localStorage.removeItem('tracewell.projects')` : `localStorage.setItem('tracewell.projects', ${JSON.stringify(remembered)})`);
          await tab.close();
        }
      });

      it('offers to clear the filters when nothing matches them', async () => {
        await signedIn();
        await page.goto(url('/traces?q=zebra'));
        const state = page.getByRole('region', { name: 'No traces match' });
        await state.waitFor();
        await state.getByRole('button', { name: 'Clear the filters' }).click();
        await page.waitForURL(/\/traces$/);
        await page.getByRole('link', { name: 'refund agent run' }).waitFor();
      });
    });

    describe('the last project', () => {
      it('opens again after signing out and in, without the project page', async () => {
        await signedIn();
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.waitForURL(/\/sign-in/);
        // This browser remembers nothing: the first sign-in asks, the second does not.
        await page.evaluate(`localStorage.removeItem('tracewell.projects')`);
        await approveSignIn();
        await page.waitForURL(/\/projects/);
        await page.getByRole('button', { name: 'Alpha Org / Alpha Project' }).click();
        await page.waitForURL(/\/traces$/);
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.waitForURL(/\/sign-in/);
        await approveSignIn();
        await page.waitForURL(/\/traces$/);
        await page.getByRole('link', { name: 'refund agent run' }).waitFor();
        expect(await page.locator('.switcher select').inputValue()).to.equal(server.tenant.project.id);
      });

      it("asks for the project when the remembered one is not this account's", async () => {
        await signedIn();
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.waitForURL(/\/sign-in/);
        // Another person's project, remembered by this browser.
        const theirs = [{ id: server.other.project.id, name: 'Beta Project', organizationName: 'Beta Org' }];
        await page.evaluate(`localStorage.setItem('tracewell.projects', ${JSON.stringify(JSON.stringify(theirs))})`);
        await approveSignIn();
        await page.waitForURL(/\/projects/);
        await page.getByRole('button', { name: 'Alpha Org / Alpha Project' }).click();
        await page.waitForURL(/\/traces$/);
        expect(await page.locator('.switcher select').inputValue()).to.equal(server.tenant.project.id);
      });
    });

    /**
     * docs/console.md's screenshots, 1440×900, written by the SQLite run only (the pages are the same on
     * both). Deterministic: fixed server and page clocks, UTC, en-US, animations stopped, the caret
     * hidden; what differs per run (ids, keys, emails) is masked.
     */
    /** Cell texts of a table's body rows, in order. */
    async function bodyRows(table: ReturnType<Page['locator']>): Promise<string[][]> {
      const rows = table.locator('tbody tr');
      const out: string[][] = [];
      for (let i = 0; i < (await rows.count()); i += 1) out.push((await rows.nth(i).locator('td, th').allInnerTexts()).map((t) => t.trim()));
      return out;
    }

    /** The delivery log, newest first: the 503 still to be retried, then the delivered test. */
    async function webhookLog(p: Page): Promise<void> {
      const log = p.getByRole('table', { name: 'Deliveries, newest first' });
      await log.locator('tbody tr').nth(1).waitFor();
      const rows = (await bodyRows(log)).map((row) => row.slice(0, 6));
      expect(rows.map((row) => row.slice(0, 5))).to.deep.equal([
        ['Nov 1, 2026, 12:01:02 PM', 'webhook.test', 'pending', '1', '503'],
        ['Nov 1, 2026, 12:00:02 PM', 'webhook.test', 'succeeded', '1', '200'],
      ]);
      // The retry comes 30 s ± 20 % after the failed attempt (docs/webhooks.md): 12:01:26 to 12:01:38.
      const retryAt = Date.parse(`${rows[0][5].replace(',', '').replace(', ', ' ')} UTC`);
      expect(retryAt - Date.parse('2026-11-01T12:01:02Z')).to.be.within(24_000, 36_000);
      expect(rows[1][5]).to.equal('—');
    }
    async function monitorView(p: Page): Promise<void> {
      const facts = p.locator('main dl.facts');
      expect(await facts.locator('dt').allInnerTexts()).to.deep.equal(['State', 'Alerts', 'Event type', 'Last evaluated window end', 'Incidents']);
      expect((await facts.locator('dd').allInnerTexts()).slice(0, 3)).to.deep.equal(['ok', 'active', 'alert.metric_threshold_breach']);
      expect(await p.getByLabel('Name', { exact: true }).inputValue()).to.equal(DETAIL.monitor);
      expect(await p.getByLabel('Threshold', { exact: true }).inputValue()).to.equal('100');
    }
    async function queueView(p: Page): Promise<void> {
      const batches = p.getByRole('table', { name: 'Batches of Answer quality, newest first' });
      await batches.locator('tbody tr').first().waitFor();
      expect(await bodyRows(batches)).to.deep.equal([['Nov 1, 2026, 12:00:00 PM', 'open', '0 of 1 answered', 'Nov 2, 2026, 12:00:00 PM']]);
      await p.getByText('Reviewers judge whole traces and answer helpfulness: a number from 1 to 5.', { exact: false }).waitFor();
    }
    /** The fix's edit form, opened, with its fields as stored and a recommended action being written. */
    async function fixEditView(p: Page): Promise<void> {
      await p.getByRole('button', { name: 'Edit fix' }).click();
      const form = p.getByRole('form', { name: 'Edit fix' });
      await form.waitFor();
      expect(await form.getByLabel('Title').inputValue()).to.equal('Email leak');
      expect(await form.getByLabel('Severity').inputValue()).to.equal('high');
      expect(await form.getByLabel('Label').inputValue()).to.equal('email-leak');
      await form.getByLabel('Recommended action').fill('Mask email addresses in answers before they are sent.');
      expect(await form.getByRole('button', { name: 'Save changes' }).isEnabled()).to.equal(true);
    }
    /** Versions newest first, usage per version (greet-2 and greet-3 on v2, greet-1 on v1), the v1 → v2 diff. */
    async function promptDiff(p: Page): Promise<void> {
      const diff = p.getByRole('table', { name: 'Differences from v1 to v2' });
      await diff.waitFor();
      const usage = p.getByRole('table', { name: `Usage of ${DETAIL.prompt} by version, newest first` });
      await usage.waitFor();
      // v2: latencies 600 and 800 ms → p50 700, p95 600 + 0.95·200 = 790 (type 7); cost 0.001 + 0.003.
      expect(await bodyRows(usage)).to.deep.equal([
        ['v2', '2', '700 ms', '790 ms', '$0.00400', '$0.00200', '0 %', '—'],
        ['v1', '1', '900 ms', '900 ms', '$0.00200', '$0.00200', '0 %', '—'],
      ]);
      expect(await diff.locator('tr.prompts-diff-removed code:not([aria-hidden])').allInnerTexts()).to.deep.equal(['You greet people.']);
      expect(await diff.locator('tr.prompts-diff-added code:not([aria-hidden])').allInnerTexts()).to.deep.equal(['You greet people in {{language}}.']);
      await p.getByText('2 changed lines.').waitFor();
    }
    /** v2 of the greeting run on the local stand-in: its streamed answer and the run's tokens. */
    async function playgroundRun(p: Page): Promise<void> {
      const side = p.getByRole('region', { name: 'Prompt' });
      await side.getByLabel('Message 1', { exact: true }).waitFor();
      expect(await side.getByLabel('Message 1', { exact: true }).inputValue()).to.equal('You greet people in {{language}}.');
      await p.getByLabel('name', { exact: true }).fill('Ada');
      await p.getByLabel('language', { exact: true }).fill('French');
      await side.getByRole('button', { name: 'Run', exact: true }).click();
      await p.waitForFunction("document.querySelector('.pg-answer')?.textContent === 'Bonjour, Ada!'");
      await side.getByText('12 prompt + 5 completion tokens · $0.00000 · ', { exact: false }).waitFor();
      await side.getByRole('link', { name: "Open the run's trace" }).waitFor();
    }
    async function datasetView(p: Page): Promise<void> {
      const items = p.locator('main table').first();
      await items.getByText(DETAIL.questions[0], { exact: false }).waitFor();
      expect((await bodyRows(items)).map((row) => row.slice(0, 4))).to.deep.equal(
        DETAIL.questions.map((question, x) => [JSON.stringify({ question }), `answer ${x + 1}`, 'active', String(x + 1)]),
      );
      await p.getByText('Version 3 · 3 active items').waitFor();
    }
    /**
     * Baseline accuracy 0.9, 0.8, 0.7 against 0.6, 0.9, 0.5: means 0.8 and 0.6667, differences −0.3, +0.1,
     * −0.2; exact Wilcoxon over 3 untied pairs (ranks 3, 1, 2; W+ = 1): two-sided p = 2·2/2³ = 0.5
     * (scipy.stats.wilcoxon(method="exact")); items worst change first.
     */
    async function comparison(p: Page): Promise<void> {
      const scores = p.getByRole('region', { name: 'Scores' }).locator('table');
      await scores.locator('tbody tr').first().waitFor();
      const [row] = await bodyRows(scores);
      expect([...row.slice(0, 5), ...row.slice(6, 8)]).to.deep.equal(['accuracy', 'greeting v2', '3', '0.8000', '0.6667', '0.5000', '0.5000']);
      expect(row[5]).to.match(/^−0\.1333 \(/);
      const items = p.getByRole('region', { name: 'Items side by side' }).locator('table');
      await items.getByText(DETAIL.questions[0], { exact: false }).waitFor();
      expect((await bodyRows(items)).map((r) => [r[0], r[r.length - 1]])).to.deep.equal([
        [JSON.stringify({ question: DETAIL.questions[0] }), '−0.3000'],
        [JSON.stringify({ question: DETAIL.questions[2] }), '−0.2000'],
        [JSON.stringify({ question: DETAIL.questions[1] }), '+0.1000'],
      ]);
    }

    /** Sessions most recently seen first: ada's support-42 (2 turns, $0.0025 + $0.004), then bo's billing-7 ($0.50). */
    async function sessionsList(p: Page): Promise<void> {
      const table = p.locator('table.sessions-table');
      await table.getByRole('link', { name: 'support-42' }).waitFor();
      const rows = await bodyRows(table);
      const seeded = rows.filter((r) => r[0] === 'support-42' || r[0] === 'billing-7');
      expect(seeded.map((r) => [r[0], r[1], r[2], r[5], r[7]])).to.deep.equal([
        ['support-42', 'ada', '2', '$0.00650', '0'],
        ['billing-7', 'bo', '1', '$0.5000', '0'],
      ]);
    }
    /** support-42 replayed: two turns in order, the first with its lookup_order call and result. */
    async function sessionReplay(p: Page): Promise<void> {
      await p.getByText('By Thursday.').waitFor();
      const turns = p.locator('.replay-turn');
      expect(await turns.count()).to.equal(2);
      expect(await turns.locator('.turn-cost').allInnerTexts()).to.deep.equal(['$0.00250', '$0.00400']);
      const first = await turns.nth(0).locator('li.message').allInnerTexts();
      expect(first[0]).to.match(/Where is my order A-17\?/);
      expect(first[1]).to.include('Let me look it up.').and.include('lookup_order').and.include('shipped on Monday');
      expect(await p.locator('.session-summary dt').allInnerTexts()).to.deep.equal(['User', 'Traces', 'Duration', 'Cost', 'Tokens', 'Input tokens', 'Output tokens', 'Errors', 'First seen']);
      expect((await p.locator('.session-summary dd').allInnerTexts()).slice(0, 2)).to.deep.equal(['ada', '2']);
      expect(await p.locator('.session-summary dd').nth(3).innerText()).to.equal('$0.00650');
      // The seeded spans report only a total: the split says so, rather than 0 beside 200.
      expect((await p.locator('.session-summary dd').allInnerTexts()).slice(4, 7)).to.deep.equal(['200', 'not reported', 'not reported']);
    }
    /** End users: ada (2 traces, 1 session) and bo (1 trace, 1 session). */
    async function usersList(p: Page): Promise<void> {
      const table = p.locator('table.users-table');
      await table.getByRole('link', { name: 'ada' }).waitFor();
      expect((await bodyRows(table)).map((r) => r[0])).to.deep.equal(['ada', 'bo']);
    }
    async function userView(p: Page): Promise<void> {
      await p.locator('table.sessions-table').waitFor();
      expect((await bodyRows(p.locator('table.sessions-table'))).map((r) => r[0])).to.deep.equal(['support-42']);
      expect(await p.locator('.session-summary').innerText()).to.match(/Traces\s+2/).and.match(/Sessions\s+1/).and.match(/Cost\s+\$0\.00650/);
    }
    /** The runs page's "New server-side run" form, opened. */
    async function openServerRunForm(p: Page): Promise<void> {
      await p.getByRole('button', { name: 'New server-side run' }).click();
      await p.getByRole('form', { name: 'New server-side run' }).waitFor();
    }
    /** The form filled in as a person would: the greeting prompt's production label on the stand-in, exact match. */
    async function serverRunForm(p: Page): Promise<void> {
      const runs = p.locator('table.exp-runs');
      await runs.getByText('greeting v2').waitFor();
      // Column 2 is the run (column 1 picks it for a comparison): the two client runs seedDetailViews completed.
      const names = (await bodyRows(runs)).map((r) => r[1]);
      expect(names).to.have.length(2);
      expect(names.some((n) => n.startsWith('greeting v1'))).to.equal(true);
      expect(names.some((n) => n.startsWith('greeting v2'))).to.equal(true);
      await openServerRunForm(p);
      const form = p.getByRole('form', { name: 'New server-side run' });
      await form.getByLabel('Run name').fill('greeting v2 on the stand-in');
      await form.getByLabel('Prompt', { exact: true }).selectOption(DETAIL.prompt);
      expect(await form.getByLabel('Label or version').inputValue()).to.equal('production');
      await form.getByLabel('Model connection').selectOption({ label: 'local stand-in (gpt-4o-mini)' });
      await form.getByLabel('exact_match').check();
      expect(await form.getByRole('button', { name: 'Start run' }).isEnabled()).to.equal(true);
    }

    /** The default dashboard over the seeded day, every widget drawn. */
    async function dashboardView(p: Page): Promise<void> {
      await p.getByRole('region', { name: 'Top users' }).locator('tbody tr').nth(1).waitFor();
      await p.locator('.widget-chart canvas').nth(4).waitFor();
      expect(await p.getByRole('region', { name: 'Traces' }).locator('.widget-number').innerText()).to.match(/^\d+$/);
    }

    // Written once (SQLite), not skipped on PostgreSQL: the block only exists for the SQLite run.
    if (adapter === 'sqlite') describe('docs screenshots', () => {
      const shots: { file: string; path: () => string; heading: string; theme: 'light' | 'dark'; ready?: (p: Page) => Promise<unknown>; masked?: string; fullPage?: boolean }[] = [
        { file: 'console.png', path: () => '/traces', heading: 'Traces', theme: 'light' },
        { file: 'console-traces.png', path: () => '/traces', heading: 'Traces', theme: 'light' },
        { file: 'console-traces-dark.png', path: () => '/traces', heading: 'Traces', theme: 'dark' },
        { file: 'console-trace.png', path: () => '/traces/refund-1?span=llm-1', heading: 'refund agent run', theme: 'light', ready: (p) => p.getByText('Where is my refund for order 1234?').first().waitFor() },
        { file: 'console-trace-dark.png', path: () => '/traces/refund-1?span=llm-1', heading: 'refund agent run', theme: 'dark', ready: (p) => p.getByText('Where is my refund for order 1234?').first().waitFor() },
        { file: 'console-trace-not-found.png', path: () => '/traces/no-such-trace', heading: 'Trace not found', theme: 'light' },
        { file: 'console-detections.png', path: () => '/detections', heading: 'Detections', theme: 'light' },
        { file: 'console-detection-form.png', path: () => '/detections/new', heading: 'New detection', theme: 'light' },
        { file: 'console-fixes.png', path: () => `/fixes/${fixId}`, heading: 'Fixes', theme: 'light', ready: (p) => p.locator('.fix-detail').getByRole('link', { name: 'leaky answer' }).waitFor() },
        { file: 'console-annotations.png', path: () => '/annotations', heading: 'My annotation items', theme: 'light', ready: (p) => p.getByText(/Where is my refund/).first().waitFor() },
        // The tables' rows are random per run: key prefixes, the seeded user's email, and the order of the
        // two keys the harness creates in the same instant (ties broken by random id); the members table's
        // column widths follow the email's length in glyphs, so its header is masked too.
        { file: 'console-settings.png', path: () => '/settings', heading: 'Settings', theme: 'light', masked: 'main tbody, main table:has(th:text-is("Organization role")) thead' },
        { file: 'console-projects.png', path: () => '/projects', heading: 'Choose a project', theme: 'light' },
        { file: 'console-webhooks.png', path: () => '/webhooks', heading: 'Webhooks', theme: 'light' },
        { file: 'console-monitors.png', path: () => '/monitors', heading: 'Monitors', theme: 'light' },
        { file: 'console-incidents.png', path: () => '/incidents', heading: 'Incidents', theme: 'light' },
        { file: 'console-evaluators.png', path: () => '/evaluators', heading: 'Evaluators', theme: 'light' },
        { file: 'console-notifications.png', path: () => '/notifications', heading: 'Notifications', theme: 'light' },
        { file: 'console-service-accounts.png', path: () => '/settings/service-accounts', heading: 'Service accounts', theme: 'light' },
        { file: 'console-model-prices.png', path: () => '/settings/model-prices', heading: 'Model prices', theme: 'light' },
        { file: 'console-prompts.png', path: () => '/prompts', heading: 'Prompts', theme: 'light' },
        { file: 'console-playground.png', path: () => '/playground', heading: 'Playground', theme: 'light' },
        { file: 'console-datasets.png', path: () => '/datasets', heading: 'Datasets', theme: 'light' },
        // The detail views (seedDetailViews); each ready step reads what a person sees before the picture.
        { file: 'console-webhook.png', path: () => `/webhooks/${details.webhookId}`, heading: `Webhook ${DETAIL.webhook}`, theme: 'light', ready: webhookLog, fullPage: true, masked: 'main table tbody tr:first-child td:nth-child(6)' },
        { file: 'console-monitor.png', path: () => `/monitors/${details.monitorId}`, heading: `Monitor ${DETAIL.monitor}`, theme: 'light', ready: monitorView },
        { file: 'console-annotation-queue.png', path: () => `/annotation-queues/${queueId}`, heading: 'Answer quality', theme: 'light', ready: queueView },
        { file: 'console-fix-edit.png', path: () => `/fixes/${fixId}`, heading: 'Fixes', theme: 'light', ready: fixEditView },
        // The versions table is masked whole: its author column is the seeded user's random id, whose glyph
        // widths move every column (as on the settings page).
        { file: 'console-prompt-diff.png', path: () => `/prompts/${encodeURIComponent(DETAIL.prompt)}`, heading: DETAIL.prompt, theme: 'light', ready: promptDiff, fullPage: true, masked: 'main table:has(th:text-is("Author"))' },
        { file: 'console-playground-run.png', path: () => `/playground?prompt=${encodeURIComponent(DETAIL.prompt)}&version=2`, heading: 'Playground', theme: 'light', ready: playgroundRun, fullPage: true, masked: '.pg-output p.muted' },
        { file: 'console-dataset.png', path: () => `/datasets/${details.datasetId}`, heading: DETAIL.dataset, theme: 'light', ready: datasetView },
        {
          file: 'console-experiment-compare.png',
          path: () => `/datasets/${details.datasetId}/compare?baseline=${details.runs.baseline}&candidate=${details.runs.candidate}`,
          heading: 'Comparison with greeting v1',
          theme: 'light',
          ready: comparison,
          fullPage: true,
        },
        { file: 'console-sessions.png', path: () => '/sessions', heading: 'Sessions', theme: 'light', ready: sessionsList },
        { file: 'console-session.png', path: () => '/sessions/support-42', heading: 'Session support-42', theme: 'light', ready: sessionReplay, fullPage: true },
        { file: 'console-users.png', path: () => '/users', heading: 'Users', theme: 'light', ready: usersList },
        { file: 'console-user.png', path: () => '/users/ada', heading: 'User ada', theme: 'light', ready: userView },
        { file: 'console-dashboards.png', path: () => DASHBOARD_PATH, heading: 'Overview', theme: 'light', ready: dashboardView, fullPage: true },
        { file: 'console-server-run.png', path: () => `/datasets/${details.datasetId}/runs`, heading: `Experiment runs of ${DETAIL.dataset}`, theme: 'light', ready: serverRunForm, fullPage: true },
      ];
      for (const shot of shots) {
        it(`docs/images/${shot.file}`, async () => {
          await signedIn();
          await page.goto(url(shot.path()));
          await page.getByRole('heading', { name: shot.heading, level: 1 }).waitFor();
          await page.locator('.skeleton').first().waitFor({ state: 'detached', timeout: 15_000 });
          await shot.ready?.(page);
          await chooseTheme(shot.theme);
          // The theme select keeps focus; the screenshot shows the page, not a focus ring.
          await page.evaluate('document.activeElement?.blur()');
          // Nor a hover: a ready step's click leaves the pointer over whatever moved under it.
          await page.mouse.move(0, 0);
          mkdirSync(DOC_IMAGES, { recursive: true });
          await page.screenshot({ path: path.join(DOC_IMAGES, shot.file), animations: 'disabled', caret: 'hide', fullPage: shot.fullPage ?? false, mask: shot.masked ? [page.locator(shot.masked)] : [] });
          await chooseTheme('system');
        });
      }

      it('sign-in page: docs/images/console-sign-in.png', async () => {
        const tab = await chrome.context.newPage();
        try {
          await tab.goto(url('/sign-in'));
          await tab.getByRole('heading', { name: 'Sign in to Tracewell', level: 1 }).waitFor();
          await tab.screenshot({ path: path.join(DOC_IMAGES, 'console-sign-in.png'), animations: 'disabled', caret: 'hide' });
        } finally {
          await tab.close();
        }
      });
    });
  });
});
