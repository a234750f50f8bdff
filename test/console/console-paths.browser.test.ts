import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Page, Request } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { eventually } from '../support/eventually.js';
import { Receiver } from '../webhooks/support.js';
import { JudgeStandIn } from '../evaluations/judge-stand-in.js';
import { seedTraces, verifies } from '../monitors/support.js';
import { ensureConsoleBuilt, launchBrowser, listen, screenshot, seriousViolations, type Listening, type RunningBrowser } from './browser.js';

const PASSWORD = 'correct horse battery staple';
const API = '/api/v1/public';
type Json = Record<string, unknown>;

/**
 * The console paths of issue #53 item 3 (part A): webhooks, monitors and incidents, evaluators with
 * model connections and the budget, and the notifications inbox. Each case acts in the browser as a
 * person would and reads what the page shows; where the point is a change on the server, it reads
 * that back through the REST API too.
 */
forEachAdapter((adapter) => {
  describe('console paths: webhooks, monitors, evaluators, notifications (Chromium)', function () {
    this.timeout(120_000);
    let server: TestServer;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;
    let receiver: Receiver;
    let judge: JudgeStandIn;
    /** An OAuth token of the signed-in user, for the REST reads and set-ups (webhooks take no API key). */
    let token: string;
    const url = (path: string) => `${http.baseUrl}${path}`;
    const asUser = () => ({ authorization: `Bearer ${token}`, 'x-project-id': server.tenant.project.id });
    const get = async <T = Json>(path: string): Promise<T> => expectEnvelope<T>(await server.request().get(`${API}${path}`).set(asUser()), 200);
    const post = async <T = Json>(path: string, body: object, headers: Record<string, string> = {}): Promise<T> =>
      expectEnvelope<T>(await server.request().post(`${API}${path}`).set(asUser()).set(headers).send(body), 201);
    const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
    /** A count as the browser's locale writes it (the console uses toLocaleString). */
    const localeCount = (n: number) => page.evaluate(`(${n}).toLocaleString()`) as Promise<string>;

    before(async () => {
      ensureConsoleBuilt();
      server = await startTestServer(adapter, {
        env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*', RATE_LIMIT_READ_PER_MINUTE: '1000000', RATE_LIMIT_WRITE_PER_MINUTE: '1000000', RATE_LIMIT_INGEST_PER_MINUTE: '1000000' },
      });
      await server.runtime.services.identityProvisioning.setPassword(server.tenant.user.id, PASSWORD);
      token = await server.oauthToken(
        server.tenant.user.id,
        ['observability:read', 'observability:write', 'configuration:read', 'configuration:write', 'evaluation:read', 'evaluation:write'],
        { expiresInMs: 30 * 86_400_000 },
      );
      receiver = await new Receiver().start();
      judge = await new JudgeStandIn().start();
      http = await listen(server.app);
      chrome = await launchBrowser();
      page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
      // Sign in once, as a person does; every case then opens its page by address (deep links).
      await page.goto(url('/'));
      await page.getByRole('button', { name: 'Sign in with your account' }).click();
      await page.getByLabel('Email').fill(server.tenant.user.email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('button', { name: 'Alpha Org / Alpha Project' }).click();
      await page.waitForURL(/\/traces$/);
    });
    after(async () => {
      await chrome?.close();
      await http?.close();
      await receiver?.stop();
      await judge?.stop();
      await server?.close();
    });

    const rowOf = (name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

    async function createWebhook(name: string, extra: Json = {}): Promise<string> {
      const created = await post<{ id: string }>('/webhooks', { name, destinationUrl: receiver.url, eventTypes: ['*'], ...extra }, { 'idempotency-key': randomUUID() });
      return created.id;
    }

    describe('webhooks (/webhooks, /webhooks/{id})', () => {
      it('creates a webhook with a generated secret shown once; a retried submission reuses its idempotency key and creates one webhook', async () => {
        const name = unique('Ops hook');
        const sent: Request[] = [];
        const onRequest = (request: Request) => {
          if (request.method() === 'POST' && new URL(request.url()).pathname === `${API}/webhooks`) sent.push(request);
        };
        page.on('request', onRequest);
        // The first submission reaches the service, but its answer is lost on the way back.
        let lose = true;
        await page.route(
          (u) => u.pathname === `${API}/webhooks`,
          async (route) => {
            if (route.request().method() !== 'POST' || !lose) return route.continue();
            lose = false;
            await route.fetch();
            await route.abort('connectionreset');
          },
        );
        try {
          await page.goto(url('/webhooks'));
          await page.getByText('No webhooks yet', { exact: false }).or(page.getByRole('table')).first().waitFor();
          await page.getByLabel('Name', { exact: true }).fill(name);
          await page.getByLabel('Destination URL').fill(receiver.url);
          await page.getByRole('button', { name: 'Generate a secret' }).click();
          const secret = await page.getByLabel(/Signing secret/).inputValue();
          expect(secret).to.match(/^whsec_[A-Za-z0-9+/]{32}$/);
          await page.getByRole('button', { name: 'Add webhook' }).click();
          await page.getByRole('alert').filter({ hasText: 'Something went wrong' }).waitFor();
          // The person tries again with the same form: the same submission, so the same key.
          await page.getByRole('button', { name: 'Add webhook' }).click();
          const shown = page.getByRole('status').filter({ hasText: 'Copy its signing secret now' });
          await shown.waitFor();
          expect(await shown.locator('code').textContent()).to.equal(secret);
          expect(sent).to.have.length(2);
          const keys = sent.map((r) => r.headers()['idempotency-key']);
          expect(keys[0]).to.match(/^[A-Za-z0-9_-]{43}$/);
          expect(keys[1]).to.equal(keys[0]);
          await rowOf(name).waitFor();
          expect(await rowOf(name).count()).to.equal(1);
          const listed = await get<{ webhooks: { id: string; name: string }[] }>('/webhooks?limit=100');
          const mine = listed.webhooks.filter((w) => w.name === name);
          expect(mine).to.have.length(1);
          // The secret shown is the one the service signs with.
          const from = receiver.received.length;
          await post(`/webhooks/${mine[0].id}/test`, {});
          await server.runtime.services.webhookDispatcher.drain();
          const [delivery] = receiver.received.slice(from);
          expect(verifies(secret, delivery.headers, delivery.body)).to.equal(true);
          // Dismissed, the secret is gone from the page for good.
          await page.getByRole('button', { name: 'Done' }).click();
          expect(await page.getByText(secret).count()).to.equal(0);
          // The next webhook is a new submission: a new key.
          const next = unique('Next hook');
          await page.getByLabel('Name', { exact: true }).fill(next);
          await page.getByLabel('Destination URL').fill(receiver.url);
          await page.getByRole('button', { name: 'Add webhook' }).click();
          await rowOf(next).waitFor();
          expect(sent).to.have.length(3);
          expect(sent[2].headers()['idempotency-key']).to.match(/^[A-Za-z0-9_-]{43}$/).and.not.equal(keys[0]);
          await page.getByRole('status').filter({ hasText: 'Its deliveries are unsigned (no secret).' }).waitFor();
          expect(await seriousViolations(page)).to.deep.equal([]);
          await screenshot(page, `${adapter}-webhooks`);
        } finally {
          page.off('request', onRequest);
          await page.unroute((u) => u.pathname === `${API}/webhooks`);
        }
      });

      it('shows the service’s Problem with its field path and creates nothing', async () => {
        const name = unique('Twice');
        await page.goto(url('/webhooks'));
        await page.getByLabel('Name', { exact: true }).fill(name);
        await page.getByLabel('Destination URL').fill('http://169.254.169.254/hooks');
        await page.getByRole('button', { name: 'Add webhook' }).click();
        const problem = page.getByRole('alert').filter({ hasText: 'PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN' });
        await problem.waitFor();
        expect(await problem.locator('code').first().textContent()).to.equal('/body/destinationUrl');
        expect((await get<{ webhooks: { name: string }[] }>('/webhooks?limit=100')).webhooks.filter((w) => w.name === name)).to.have.length(0);
      });

      it('edits, disables (a test send is then refused), enables and deletes a webhook', async () => {
        const id = await createWebhook(unique('Editable'));
        const renamed = unique('Renamed');
        await page.goto(url(`/webhooks/${id}`));
        await page.getByLabel('Name', { exact: true }).fill(renamed);
        await page.getByLabel('All events (*)').uncheck();
        await page.getByLabel('alert.threshold_breach', { exact: true }).check();
        await page.getByLabel('notification.mention', { exact: true }).check();
        await page.getByRole('button', { name: 'Save changes' }).click();
        await page.getByRole('heading', { name: `Webhook ${renamed}` }).waitFor();
        const events = page.locator('.facts div').filter({ hasText: 'Events' }).locator('dd');
        expect(await events.textContent()).to.equal('alert.threshold_breach, notification.mention');
        expect(await get<Json>(`/webhooks/${id}`)).to.deep.include({ name: renamed, eventTypes: ['alert.threshold_breach', 'notification.mention'], enabled: true });

        await page.getByRole('button', { name: 'Disable' }).click();
        await page.getByRole('button', { name: 'Enable' }).waitFor();
        expect(await page.locator('.facts div').filter({ hasText: 'State' }).locator('dd').textContent()).to.equal('disabled');
        await page.getByRole('button', { name: 'Send a test delivery' }).click();
        await page.getByRole('alert').filter({ hasText: '409 PUBLIC_API_WEBHOOK_DISABLED' }).waitFor();
        await page.getByRole('button', { name: 'Enable' }).click();
        await page.getByRole('button', { name: 'Disable' }).waitFor();
        expect((await get<Json>(`/webhooks/${id}`)).enabled).to.equal(true);

        await page.getByRole('button', { name: 'Delete' }).click();
        await page.getByRole('button', { name: 'Yes, delete' }).click();
        await page.waitForURL(/\/webhooks$/);
        expect((await server.request().get(`${API}/webhooks/${id}`).set(asUser())).status).to.equal(404);
        expect(await rowOf(renamed).count()).to.equal(0);
      });

      it('sends a test delivery and lists deliveries with status, attempts, response code and time, twenty a page', async () => {
        const name = unique('Logged');
        const id = await createWebhook(name);
        await page.goto(url(`/webhooks/${id}`));
        await page.getByText('No deliveries yet. Send a test delivery to see one here.').waitFor();
        await page.getByRole('button', { name: 'Send a test delivery' }).click();
        await page.getByRole('status').filter({ hasText: 'Test delivery queued' }).waitFor();
        receiver.respondWith(200);
        await server.runtime.services.webhookDispatcher.drain();
        await page.reload();
        const log = page.getByRole('table', { name: 'Deliveries, newest first' });
        const first = log.getByRole('row').nth(1);
        await first.waitFor();
        const cells = await first.getByRole('cell').allTextContents();
        // Created (the server's clock), event, status, attempts, response code, next attempt.
        expect(cells.slice(1, 6)).to.deep.equal(['webhook.test', 'succeeded', '1', '200', '—']);
        const [delivery] = (await get<{ deliveries: { createdAt: string }[] }>(`/webhooks/${id}/deliveries`)).deliveries;
        expect(cells[0]).to.equal(await page.evaluate(`new Date(${JSON.stringify(delivery.createdAt)}).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })`));
        await first.getByRole('button', { name: /Attempts/ }).click();
        await log.getByText(/^Attempt 1 at .*: 200$/).waitFor();

        // 21 deliveries: a full page of 20, then one more behind "Older".
        for (let i = 0; i < 20; i++) {
          server.clock.advance(1000); // a second apart on the server's clock, so the log has an order to show
          await post(`/webhooks/${id}/test`, {});
        }
        await page.reload();
        await log.getByRole('row').nth(20).waitFor();
        expect(await log.getByRole('row').count()).to.equal(21); // header + 20
        expect(await log.getByRole('cell', { name: 'pending' }).count()).to.equal(20);
        await page.getByRole('button', { name: 'Older' }).click();
        await log.getByRole('cell', { name: 'succeeded' }).waitFor();
        expect(await log.getByRole('row').count()).to.equal(2);
        await page.getByRole('button', { name: 'Newer' }).click();
        await log.getByRole('row').nth(20).waitFor();
      });

      it('Settings points to the Webhooks page', async () => {
        await page.goto(url('/settings'));
        await page.getByRole('link', { name: 'Webhooks page' }).click();
        await page.waitForURL(/\/webhooks$/);
        await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
      });
    });

    describe('monitors and incidents (/monitors, /monitors/new, /monitors/{id}, /incidents)', () => {
      async function newMonitor(fill: () => Promise<void>): Promise<string> {
        // A second apart on the server's clock, so "newest first" has an order to show.
        server.clock.advance(1000);
        await page.goto(url('/monitors/new'));
        await fill();
        await page.getByRole('button', { name: 'Create monitor' }).click();
        await page.waitForURL(/\/monitors\/[0-9a-f-]{36}$/);
        return page.url().split('/').pop()!;
      }

      it('creates a monitor of every kind, each with its own fields, listed newest first', async () => {
        const names = ['threshold', 'anomaly', 'silence', 'sla', 'compound'].map((k) => unique(`Mon ${k}`));
        const ids: string[] = [];
        ids.push(
          await newMonitor(async () => {
            await page.getByLabel('Name', { exact: true }).fill(names[0]);
            await page.getByLabel('Metric').selectOption('error_rate');
            await page.getByLabel('Alert when the value is').selectOption('gte');
            await page.getByLabel('Threshold', { exact: true }).fill('0.25');
            await page.getByLabel('Recover threshold (optional)').fill('0.1');
          }),
        );
        ids.push(
          await newMonitor(async () => {
            await page.getByLabel('Name', { exact: true }).fill(names[1]);
            await page.getByLabel('Kind').selectOption('anomaly');
            await page.getByLabel('Metric').selectOption('latency_p95');
            await page.getByLabel('z-score threshold (default 3.5)').fill('4');
            await page.getByLabel('Direction').selectOption('both');
            await page.getByLabel('Baseline windows (default 24)').fill('12');
          }),
        );
        ids.push(
          await newMonitor(async () => {
            await page.getByLabel('Name', { exact: true }).fill(names[2]);
            await page.getByLabel('Kind').selectOption('ingestion_silence');
            expect(await page.getByLabel('Metric').count()).to.equal(0);
            await page.getByLabel('Alert after this many windows without traces (default 6)').fill('3');
            await page.getByLabel('Window (minutes)').fill('10');
            await page.getByLabel('Framework').fill('langchain');
          }),
        );
        ids.push(
          await newMonitor(async () => {
            await page.getByLabel('Name', { exact: true }).fill(names[3]);
            await page.getByLabel('Kind').selectOption('sla');
            await page.getByLabel('Metric').selectOption('latency_p99');
            await page.getByLabel('Alert when the value is').selectOption('gt');
            await page.getByLabel('Agreed level (SLA)').fill('2000');
            await page.getByLabel('Warning margin in percent (default 10)').fill('20');
          }),
        );
        ids.push(
          await newMonitor(async () => {
            await page.getByLabel('Name', { exact: true }).fill(names[4]);
            await page.getByLabel('Kind').selectOption('compound');
            await page.getByLabel('Alert when', { exact: true }).selectOption('or');
            await page.getByLabel(names[0], { exact: true }).check();
            await page.getByLabel(names[3], { exact: true }).check();
          }),
        );
        await page.getByRole('heading', { name: `Monitor ${names[4]}` }).waitFor();

        const stored = await Promise.all(ids.map((id) => get<Json>(`/monitors/${id}`)));
        expect(stored.map((m) => [m.name, m.kind, m.metric, m.windowSeconds, m.scope, m.condition])).to.deep.equal([
          [names[0], 'threshold', 'error_rate', 300, {}, { operator: 'gte', threshold: 0.25, recoverThreshold: 0.1 }],
          [names[1], 'anomaly', 'latency_p95', 300, {}, { zThreshold: 4, recoverZThreshold: 4, direction: 'both', baselineWindows: 12, minBaseline: 8 }],
          [names[2], 'ingestion_silence', null, 600, { framework: 'langchain' }, { expectedWithinWindows: 3 }],
          [names[3], 'sla', 'latency_p99', 300, {}, { operator: 'gt', sla: 2000, marginPercent: 20 }],
          [names[4], 'compound', null, 300, {}, { combinator: 'or', monitorIds: [ids[0], ids[3]] }],
        ]);

        await page.goto(url('/monitors'));
        const table = page.getByRole('table', { name: 'Monitors, newest first' });
        await table.getByRole('link', { name: names[4], exact: true }).waitFor();
        const listed = (await table.getByRole('row').locator('td:first-child').allTextContents()).filter((n) => names.includes(n));
        expect(listed).to.deep.equal([...names].reverse());
        expect(await rowOf(names[2]).getByRole('cell').allTextContents()).to.deep.equal([names[2], 'ingestion_silence', '—', '10 minutes', 'ok', 'active', `History of ${names[2]}`]);
        expect(await seriousViolations(page)).to.deep.equal([]);
        await screenshot(page, `${adapter}-monitors`);
      });

      it('shows the Problem with its field path when a kind’s required field is missing', async () => {
        await page.goto(url('/monitors/new'));
        await page.getByLabel('Name', { exact: true }).fill(unique('Incomplete'));
        await page.getByRole('button', { name: 'Create monitor' }).click();
        const problem = page.getByRole('alert');
        await problem.getByText('/body/condition/threshold').waitFor();
        expect(page.url()).to.match(/\/monitors\/new$/);
      });

      it('edits, mutes, unmutes, disables and deletes a monitor', async () => {
        const created = await post<{ id: string }>('/monitors', { name: unique('Editable mon'), kind: 'threshold', metric: 'trace_count', windowSeconds: 300, condition: { operator: 'gt', threshold: 100 } });
        const renamed = unique('Edited mon');
        await page.goto(url(`/monitors/${created.id}`));
        await page.getByLabel('Name', { exact: true }).fill(renamed);
        await page.getByLabel('Threshold', { exact: true }).fill('250');
        await page.getByRole('button', { name: 'Save monitor' }).click();
        await page.getByRole('heading', { name: `Monitor ${renamed}` }).waitFor();
        expect(await get<Json>(`/monitors/${created.id}`)).to.deep.include({ name: renamed, condition: { operator: 'gt', threshold: 250 } });

        await page.getByRole('button', { name: 'Mute for 1 hour' }).click();
        await page.getByRole('button', { name: 'Unmute' }).waitFor();
        expect(await page.locator('.facts div').filter({ hasText: 'Alerts' }).locator('dd').textContent()).to.match(/^muted until /);
        expect((await get<Json>(`/monitors/${created.id}`)).mutedUntil).to.be.a('string');
        await page.getByRole('button', { name: 'Unmute' }).click();
        await page.getByRole('button', { name: 'Mute for 1 hour' }).waitFor();
        expect((await get<Json>(`/monitors/${created.id}`)).mutedUntil).to.equal(null);

        await page.getByRole('button', { name: 'Disable' }).click();
        await page.getByRole('button', { name: 'Enable' }).waitFor();
        expect(await page.locator('.facts div').filter({ hasText: 'Alerts' }).locator('dd').textContent()).to.equal('disabled');
        expect((await get<Json>(`/monitors/${created.id}`)).enabled).to.equal(false);

        await page.getByRole('button', { name: 'Delete' }).click();
        await page.getByRole('button', { name: 'Yes, delete' }).click();
        await page.waitForURL(/\/monitors$/);
        expect((await server.request().get(`${API}/monitors/${created.id}`).set(asUser())).status).to.equal(404);
      });

      it('lists a monitor’s incidents with state, start, end and values, linked from the monitor', async () => {
        const W = 300_000;
        const base = Math.floor(server.clock.now().getTime() / W) * W;
        const name = unique('Error rate');
        const monitor = await post<{ id: string }>('/monitors', { name, kind: 'threshold', metric: 'error_rate', windowSeconds: 300, condition: { operator: 'gt', threshold: 0.5 } });
        const knex = server.runtime.database.knex;
        const tag = randomUUID().slice(0, 8);
        const at = (window: number, i: number) => base + window * W + 1000 * (i + 1);
        // Window 0: 3 of 4 traces fail (0.75, opens); window 1: none fail (resolves); window 2: 2 of 2 fail (opens again).
        await seedTraces(knex, server.tenant.project.id, [
          ...[0, 1, 2].map((i) => ({ id: `${tag}-a${i}`, at: at(0, i), status: 'error' as const })),
          { id: `${tag}-a3`, at: at(0, 3) },
          ...[0, 1].map((i) => ({ id: `${tag}-b${i}`, at: at(1, i) })),
          ...[0, 1].map((i) => ({ id: `${tag}-c${i}`, at: at(2, i), status: 'error' as const })),
        ]);
        for (const end of [1, 2, 3]) {
          server.clock.set(new Date(base + end * W));
          await server.runtime.scheduler.tick();
        }
        const fmt = (iso: string) => page.evaluate(`new Date(${JSON.stringify(iso)}).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })`) as Promise<string>;

        await page.goto(url(`/monitors/${monitor.id}`));
        expect(await page.locator('.facts div').filter({ hasText: 'State' }).locator('dd').textContent()).to.equal('alerting');
        await page.getByRole('link', { name: 'Incident history' }).click();
        await page.waitForURL(new RegExp(`/incidents\\?monitorId=${monitor.id}$`));
        await page.getByRole('heading', { name: `Incidents of ${name}` }).waitFor();
        const rows = page.getByRole('table', { name: 'Incidents, newest first' }).getByRole('row');
        await rows.nth(2).waitFor();
        const incidents = (await get<{ incidents: { id: string; startedAt: string; resolvedAt: string | null }[] }>(`/incidents?monitorId=${monitor.id}`)).incidents;
        expect(incidents).to.have.length(2);
        expect(await rows.nth(1).getByRole('cell').allTextContents()).to.deep.equal([await fmt(incidents[0].startedAt), name, 'alerting', '—', '1', '1', '1', '1']);
        expect(await rows.nth(2).getByRole('cell').allTextContents()).to.deep.equal([await fmt(incidents[1].startedAt), name, 'resolved', await fmt(incidents[1].resolvedAt!), '0.75', '0.75', '0', '2']);
        await page.getByLabel('Status').selectOption('resolved');
        await page.waitForURL(/status=resolved/);
        await eventually(async () => expect(await rows.count()).to.equal(2), { timeoutMs: 10_000, intervalMs: 100, what: 'only the resolved incident' });

        await rows.nth(1).getByRole('link', { name: await fmt(incidents[1].startedAt) }).click();
        await page.getByRole('heading', { name: `Incident of ${name}` }).waitFor();
        const fact = (term: string) => page.locator('.facts div').filter({ has: page.getByText(term, { exact: true }) }).locator('dd').textContent();
        expect(await fact('Status')).to.equal('resolved');
        expect(await fact('Opening value')).to.equal('0.75');
        expect(await fact('Windows alerting')).to.equal('2');
        expect(await seriousViolations(page)).to.deep.equal([]);
      });
    });

    describe('evaluators, model connections and budget (/evaluators, /evaluators/{id})', () => {
      async function connection(name = unique('judge')): Promise<{ id: string; name: string }> {
        const created = await post<{ id: string }>('/model-connections', { name, baseUrl: judge.baseUrl, model: 'gpt-4o-mini', apiKey: 'sk-never-shown' });
        return { id: created.id, name };
      }

      it('adds a model connection whose API key is never shown back, and deletes it', async () => {
        const name = unique('Provider');
        await page.goto(url('/evaluators'));
        await page.getByLabel('Name', { exact: true }).last().fill(name);
        await page.getByLabel('Base URL (requests go to its /chat/completions)').fill(judge.baseUrl);
        await page.getByLabel('Model', { exact: true }).fill('gpt-4o-mini');
        await page.getByLabel('API key (stored sealed; never shown again)').fill('sk-super-secret-123');
        await page.getByRole('button', { name: 'Add model connection' }).click();
        const table = page.getByRole('table', { name: 'Model connections' });
        const row = table.getByRole('row').filter({ hasText: name });
        await row.waitFor();
        expect(await row.getByRole('cell').allTextContents()).to.include.members([name, judge.baseUrl, 'gpt-4o-mini', 'stored, never shown']);
        expect(await page.content()).not.to.include('sk-super-secret-123');
        expect(await page.getByLabel('API key (stored sealed; never shown again)').inputValue()).to.equal('');

        await row.getByRole('button', { name: `Delete ${name}` }).click();
        await row.getByRole('button', { name: `Yes, delete ${name}` }).click();
        await eventually(async () => expect(await table.getByRole('row').filter({ hasText: name }).count()).to.equal(0), { timeoutMs: 10_000, intervalMs: 100, what: 'the row gone' });
        const listed = await get<{ modelConnections: { name: string }[] }>('/model-connections?limit=100');
        expect(listed.modelConnections.map((c) => c.name)).not.to.include(name);
      });

      it('edits a model connection in place: a new name, model and key, the key never shown back', async () => {
        const conn = await connection();
        const renamed = unique('Renamed');
        await page.goto(url('/evaluators'));
        const table = page.getByRole('table', { name: 'Model connections' });
        await table.getByRole('button', { name: `Edit ${conn.name}` }).click();
        const form = page.getByRole('form', { name: `Edit ${conn.name}` });
        expect(await form.getByLabel('Name').inputValue()).to.equal(conn.name);
        expect(await form.getByLabel('New API key (leave empty to keep the stored one)').inputValue()).to.equal('');
        await form.getByLabel('Name').fill(renamed);
        await form.getByLabel('Model').fill('gpt-4o');
        await form.getByLabel('New API key (leave empty to keep the stored one)').fill('sk-rotated-456');
        await form.getByRole('button', { name: 'Save changes' }).click();
        const row = table.getByRole('row').filter({ hasText: renamed });
        await row.waitFor();
        expect(await row.getByRole('cell').allTextContents()).to.include.members([renamed, judge.baseUrl, 'gpt-4o', 'stored, never shown']);
        expect(await page.getByRole('form', { name: `Edit ${conn.name}` }).count()).to.equal(0);
        expect(await page.content()).not.to.include('sk-rotated-456');
        const listed = await get<{ modelConnections: { id: string; name: string; model: string }[] }>('/model-connections?limit=100');
        expect(listed.modelConnections.find((c) => c.id === conn.id)).to.include({ name: renamed, model: 'gpt-4o' });
        expect(await seriousViolations(page)).to.deep.equal([]);
      });

      it('shows the field error of an edit the service refuses and keeps the form', async () => {
        const conn = await connection();
        await page.goto(url('/evaluators'));
        await page.getByRole('table', { name: 'Model connections' }).getByRole('button', { name: `Edit ${conn.name}` }).click();
        const form = page.getByRole('form', { name: `Edit ${conn.name}` });
        await form.getByLabel('Base URL').fill('http://169.254.169.254/v1');
        await form.getByRole('button', { name: 'Save changes' }).click();
        await form.getByRole('alert').waitFor();
        expect(await form.getByRole('alert').innerText()).to.include('base URL is not a public http(s) address');
        const listed = await get<{ modelConnections: { id: string; baseUrl: string }[] }>('/model-connections?limit=100');
        expect(listed.modelConnections.find((c) => c.id === conn.id)?.baseUrl).to.equal(judge.baseUrl);
      });

      it('creates an evaluator of every template (a custom one with its placeholders mapped), disables and enables one', async () => {
        const conn = await connection();
        await page.goto(url('/evaluators'));
        const templates = ['hallucination', 'answer_relevance', 'toxicity', 'pii_leakage', 'custom'] as const;
        const names = templates.map((t) => unique(`Eval ${t}`));
        for (const [i, template] of templates.entries()) {
          const form = page.locator('section.card').filter({ has: page.getByRole('heading', { name: 'Add an evaluator' }) });
          await form.getByLabel('Name', { exact: true }).fill(names[i]);
          await form.getByLabel('Template', { exact: true }).selectOption(template);
          server.clock.advance(1000); // created a second apart: "newest first" has an order to show
          await form.getByLabel('Model connection').selectOption(conn.id);
          if (template === 'custom') {
            await form.getByLabel(/Judge prompt/).fill('Is {{answer}} polite, given {{question}}? Reply as JSON.');
            await form.getByLabel('{{answer}} is').selectOption('output');
            await form.getByLabel('{{question}} is').selectOption('input');
            await form.getByLabel(/Score name/).fill('politeness');
            await form.getByLabel(/Sampling rate/).fill('0.5');
            await form.getByLabel('Daily budget in dollars (optional)').fill('2');
            await form.getByRole('button', { name: 'Add rule' }).click();
            await form.getByLabel('Field of rule 1').fill('framework');
            await form.getByLabel('Value of rule 1').fill('langchain');
          }
          await form.getByRole('button', { name: 'Add evaluator' }).click();
          await page.getByRole('link', { name: names[i], exact: true }).waitFor();
        }
        const table = page.getByRole('table', { name: 'Evaluators, newest first' });
        const listed = (await table.getByRole('row').locator('td:first-child').allTextContents()).filter((n) => names.includes(n));
        expect(listed).to.deep.equal([...names].reverse());
        const custom = table.getByRole('row').filter({ has: page.getByRole('link', { name: names[4], exact: true }) });
        expect((await custom.getByRole('cell').allTextContents()).slice(0, 5)).to.deep.equal([names[4], 'custom', 'politeness', 'active', '50%']);

        const stored = (await get<{ evaluators: Json[] }>('/evaluators?limit=100')).evaluators.filter((e) => names.includes(e.name as string));
        const customStored = stored.find((e) => e.name === names[4])!;
        expect(customStored).to.deep.include({ template: 'custom', scoreName: 'politeness', samplingRate: 0.5, dailyBudgetUsd: 2, modelConnectionId: conn.id });
        expect(customStored.variables).to.deep.equal({ answer: 'output', question: 'input' });
        expect(customStored.filters).to.deep.equal([{ id: 'rule-1', field: 'framework', operator: 'is', value: 'langchain' }]);
        expect(stored.filter((e) => e.name !== names[4]).map((e) => e.filters)).to.deep.equal([[], [], [], []]);
        expect(stored.map((e) => e.template).sort()).to.deep.equal([...templates].sort());

        await custom.getByRole('button', { name: `Disable ${names[4]}` }).click();
        await eventually(async () => expect((await custom.getByRole('cell').allTextContents())[3]).to.equal('inactive'), { timeoutMs: 10_000, intervalMs: 100, what: 'inactive' });
        expect((await get<Json>(`/evaluators/${customStored.id}`)).state).to.equal('inactive');
        await custom.getByRole('button', { name: `Enable ${names[4]}` }).click();
        await eventually(async () => expect((await custom.getByRole('cell').allTextContents())[3]).to.equal('active'), { timeoutMs: 10_000, intervalMs: 100, what: 'active' });
        expect(await seriousViolations(page)).to.deep.equal([]);
        await screenshot(page, `${adapter}-evaluators`);
      });

      it('edits an evaluator’s sampling and budget and lists its runs with outcome, tokens and a link to the trace', async () => {
        const conn = await connection();
        const evaluator = await post<{ id: string; name: string }>('/evaluators', { name: unique('Runs judge'), template: 'hallucination', modelConnectionId: conn.id });
        const traceId = `eval-${randomUUID().slice(0, 8)}`;
        await server.runtime.services.traceIngestion.ingestBatch(server.tenant.project.id, [
          { trace_id: traceId, name: 'moon question', spans: [{ span_id: 'root', name: 'agent', span_type: 'AGENT', status: 'success', input: { question: 'What is the moon made of?' }, output: { answer: 'cheese' } }] },
        ]);
        for (let round = 0; round < 50 && (await server.runtime.services.evaluatorPipeline.runOnce('console-test')).length > 0; round++);

        await page.goto(url(`/evaluators/${evaluator.id}`));
        const runs = page.getByRole('table', { name: 'Runs, newest first' });
        const row = runs.getByRole('row').filter({ has: page.getByRole('link', { name: traceId }) });
        await row.waitFor();
        // The stand-in judge reports 100 prompt and 20 completion tokens per answer (judge-stand-in.ts).
        expect((await row.getByRole('cell').allTextContents()).slice(1, 4)).to.deep.equal([traceId, 'scored', '100 + 20']);

        await page.getByLabel('Sampling rate (0 to 1)').fill('0.25');
        await page.getByLabel('Daily budget in tokens (empty: none)').fill('5000');
        await page.getByRole('button', { name: 'Save evaluator' }).click();
        await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
        expect(await get<Json>(`/evaluators/${evaluator.id}`)).to.deep.include({ samplingRate: 0.25, dailyBudgetTokens: 5000, dailyBudgetUsd: null });
        expect(await page.locator('.facts div').filter({ hasText: 'Spent today' }).locator('dd').textContent()).to.match(new RegExp(` of ${await localeCount(5000)}$`));

        await row.getByRole('link', { name: traceId }).click();
        await page.waitForURL(new RegExp(`/traces/${traceId}$`));
      });

      it('shows today’s evaluation spend and sets and removes the daily limits', async () => {
        await page.goto(url('/evaluators'));
        const budget = page.locator('section.card').filter({ has: page.getByRole('heading', { name: /Evaluation budget/ }) });
        await budget.getByText('Spent today').waitFor();
        await page.getByLabel('Daily limit in dollars (empty: none)').fill('12.5');
        await page.getByLabel('Daily limit in tokens (empty: none)').fill('200000');
        await page.getByRole('button', { name: 'Save budget' }).click();
        await budget.getByText(/ of \$12\.5000$/).waitFor();
        const stored = await get<{ dailyBudgetUsd: number | null; dailyBudgetTokens: number | null; spentTodayTokens: number }>('/evaluation-budget');
        expect(stored).to.deep.include({ dailyBudgetUsd: 12.5, dailyBudgetTokens: 200000 });
        // Every judge call so far answered 100 + 20 tokens (judge-stand-in.ts), all on the server's today.
        const spent = judge.calls.length * 120;
        expect(stored.spentTodayTokens).to.equal(spent);
        expect(await budget.locator('.facts div').filter({ hasText: 'Tokens today' }).locator('dd').textContent()).to.equal(`${await localeCount(spent)} of ${await localeCount(200_000)}`);

        await page.getByLabel('Daily limit in dollars (empty: none)').fill('');
        await page.getByLabel('Daily limit in tokens (empty: none)').fill('');
        await page.getByRole('button', { name: 'Save budget' }).click();
        await budget.getByText(/of no dollar limit$/).waitFor();
        expect(await get<Json>('/evaluation-budget')).to.deep.include({ dailyBudgetUsd: null, dailyBudgetTokens: null });
      });
    });

    describe('notifications (/notifications and the navigation bar)', () => {
      let bobToken: string;
      before(async () => {
        const bob = await server.runtime.services.provisioning.createUser(`bob-${randomUUID()}@example.com`, 'Bob', [{ organizationId: server.tenant.organization.id, role: 'admin' }]);
        bobToken = await server.oauthToken(bob.id, ['observability:read', 'observability:write'], { expiresInMs: 30 * 86_400_000 });
      });
      /** Bob mentions the signed-in user on a new fix: one notification for them. */
      async function mention(title: string): Promise<void> {
        const fix = await server.runtime.services.fixes.create(server.tenant.project.id, { title, severity: 'medium' }, 'user:seed');
        const res = await server
          .request()
          .post(`${API}/fixes/${fix.id}/comments`)
          .set({ authorization: `Bearer ${bobToken}`, 'x-project-id': server.tenant.project.id })
          .send({ text: `@${server.tenant.user.email} please look` });
        expectEnvelope(res, 201);
      }
      const nav = () => page.getByRole('navigation', { name: 'Main' });

      it('shows the unread count in the navigation, marks one and then all read, and links to the subject', async () => {
        await server.runtime.database.knex('notifications').where({ user_id: server.tenant.user.id }).delete();
        const titles = [unique('Slow retrieval'), unique('Wrong tool'), unique('Missing citations')];
        for (const title of titles) {
          server.clock.advance(1000); // a second apart on the server's clock: the inbox lists newest first
          await mention(title);
        }
        await page.goto(url('/traces'));
        await nav().getByRole('link', { name: 'Notifications, 3 unread' }).waitFor();
        await nav().getByRole('link', { name: 'Notifications, 3 unread' }).click();
        await page.waitForURL(/\/notifications$/);
        const items = page.getByRole('list', { name: 'Notifications, newest first' }).getByRole('listitem');
        await items.nth(2).waitFor();
        expect(await items.locator('strong').allTextContents()).to.deep.equal([...titles].reverse().map((t) => `You were mentioned on the fix "${t}"`));
        await page.getByRole('status').filter({ hasText: '3 unread.' }).waitFor();

        await items.filter({ hasText: titles[2] }).getByRole('button', { name: /^Mark as read/ }).click();
        await page.getByRole('status').filter({ hasText: '2 unread.' }).waitFor();
        await nav().getByRole('link', { name: 'Notifications, 2 unread' }).waitFor();
        expect(await items.nth(0).textContent()).not.to.include('(unread)');

        await items.filter({ hasText: titles[1] }).getByRole('link', { name: /^Open the fix board/ }).click();
        await page.waitForURL(/\/fixes$/);
        await nav().getByRole('link', { name: 'Notifications, 1 unread' }).waitFor();

        await nav().getByRole('link', { name: /Notifications/ }).click();
        await page.getByRole('button', { name: 'Mark all as read' }).click();
        await page.getByRole('status').filter({ hasText: 'Nothing unread.' }).waitFor();
        await nav().getByRole('link', { name: 'Notifications', exact: true }).waitFor();
        expect((await get<{ unreadCount: number }>('/notifications')).unreadCount).to.equal(0);
        await page.getByLabel('Unread only').check();
        await page.getByText('No unread notifications.', { exact: false }).waitFor();
        expect(await seriousViolations(page)).to.deep.equal([]);
        await screenshot(page, `${adapter}-notifications`);
      });

      it('picks up a new notification on the next page change', async () => {
        await server.runtime.database.knex('notifications').where({ user_id: server.tenant.user.id }).delete();
        await page.goto(url('/monitors'));
        await nav().getByRole('link', { name: 'Notifications', exact: true }).waitFor();
        await mention(unique('Late answer'));
        await nav().getByRole('link', { name: 'Evaluators' }).click();
        await nav().getByRole('link', { name: 'Notifications, 1 unread' }).waitFor();
      });

      it('saves the notification settings and shows the latest daily digest in the project’s time zone', async () => {
        await page.goto(url('/notifications'));
        await page.getByLabel('Digest hour (0–23, local time)').fill('7');
        await page.getByLabel('Time zone (IANA, e.g. Europe/Berlin)').fill('Asia/Tokyo');
        await page.getByLabel('Weekly report on').selectOption('Friday');
        await page.getByRole('button', { name: 'Save notification settings' }).click();
        await page.getByRole('status').filter({ hasText: 'Notification settings saved.' }).waitFor();
        expect(await get<Json>('/project/notification-settings')).to.deep.include({ digestHour: 7, timezone: 'Asia/Tokyo', weeklyDay: 5 });

        await page.getByLabel('Time zone (IANA, e.g. Europe/Berlin)').fill('Mars/Olympus');
        await page.getByRole('button', { name: 'Save notification settings' }).click();
        await page.getByRole('alert').getByText('/body/timezone').waitFor();

        // Traces inside the latest daily period (07:00 Tokyo = 22:00 UTC), written before the digest is opened.
        const period = await get<{ periodStart: string; periodEnd: string }>('/project/digests/daily');
        expect(new Date(period.periodEnd).getUTCHours()).to.equal(22);
        const tag = randomUUID().slice(0, 8);
        await seedTraces(server.runtime.database.knex, server.tenant.project.id, [0, 1, 2, 3].map((i) => ({ id: `${tag}-d${i}`, at: Date.parse(period.periodStart) + (i + 1) * 3_600_000 })));
        await page.getByRole('button', { name: 'Latest daily digest' }).click();
        const digest = page.getByRole('region', { name: 'Daily digest' });
        await digest.waitFor();
        const summary = period;
        const counted = await server.runtime.database
          .knex('traces')
          .where('project_id', server.tenant.project.id)
          .andWhere('created_at', '>=', Date.parse(summary.periodStart))
          .andWhere('created_at', '<', Date.parse(summary.periodEnd))
          .count({ n: '*' })
          .first();
        expect(await digest.getByText('(Asia/Tokyo)', { exact: false }).count()).to.equal(1);
        expect(await digest.locator('.facts div').filter({ hasText: 'Traces' }).locator('dd').textContent()).to.equal(await localeCount(Number(counted?.n)));
        expect(Number(counted?.n)).to.be.at.least(4);
      });
    });
  });
});
