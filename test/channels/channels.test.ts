import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import type { DomainEvent } from '../../src/domain/events/event-publisher.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { rejectionOf } from '../support/rejection.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { createRequest as createWebhookRequest, writerOf, type Caller } from '../webhooks/support.js';
import { pagerDutyProblems, slackProblems, StandIn } from './stand-ins.js';
import { WAITING_FOR_EARLIER } from '../../src/domain/channels/channel-dispatcher.js';

const BASE = 'https://tracewell.example.com';
const ROUTING_KEY = 'e93facc04764012d7bfb002500d5d1a6';
const HOUR = 3_600_000;
const INCIDENT = '6f1c1f5e-7d4a-4c51-9a53-2f7d0b9e4a10';
const MONITOR = '0b7e6a43-9c52-4f0f-8d8e-5a3f8f0c1d22';

const incidentEvent = (projectId: string, status: 'alerting' | 'resolved'): DomainEvent => ({
  type: 'alert.metric_threshold_breach',
  projectId,
  occurredAt: new Date('2026-11-01T11:59:00.000Z'),
  data: { status, incidentId: INCIDENT, monitorId: MONITOR, monitorName: 'p95 latency', kind: 'threshold', metric: 'latency_p95', value: 4200, peakValue: 5100, windowStart: '2026-11-01T11:00:00.000Z', windowEnd: '2026-11-01T11:55:00.000Z' },
});

const firingEvent = (projectId: string, severity = 'high'): DomainEvent => ({
  type: 'alert.per_event_match',
  projectId,
  occurredAt: new Date('2026-11-01T11:58:00.000Z'),
  data: { detectionId: 'd1', detectionSlug: 'hallucination', severity, traceId: 'trace-42', fixId: null, score: 0.93 },
});

forEachAdapter((adapter) => {
  describe('notification channels', () => {
    let server: TestServer;
    let caller: Caller;
    let slack: StandIn;
    let pagerDuty: StandIn;
    let sink: SmtpSink;

    before(async () => {
      slack = await new StandIn(slackProblems, 200).start();
      pagerDuty = await new StandIn(pagerDutyProblems, 202).start();
      sink = await SmtpSink.start();
      server = await startTestServer(adapter, {
        env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*', SMTP_URL: sink.url, SMTP_FROM: 'Tracewell <alerts@tracewell.example.com>', PAGERDUTY_EVENTS_URL: pagerDuty.url, PUBLIC_BASE_URL: BASE },
      });
      caller = await writerOf(server);
    });
    after(async () => {
      await server.close();
      await slack.stop();
      await pagerDuty.stop();
      await sink.close();
    });
    beforeEach(async () => {
      for (const table of ['channel_deliveries', 'channels', 'webhook_delivery_attempts', 'webhook_deliveries', 'webhooks']) await server.runtime.database.knex(table).delete();
      slack.received.length = 0;
      pagerDuty.received.length = 0;
      slack.respondWith(200);
      pagerDuty.respondWith(202);
      sink.clear();
    });

    const api = () => ({
      post: (path: string, body?: object) => server.request().post(path).set('authorization', `Bearer ${caller.token}`).set('x-project-id', caller.projectId).send(body),
      get: (path: string) => server.request().get(path).set('authorization', `Bearer ${caller.token}`).set('x-project-id', caller.projectId),
      patch: (path: string, body: object) => server.request().patch(path).set('authorization', `Bearer ${caller.token}`).set('x-project-id', caller.projectId).send(body),
      delete: (path: string) => server.request().delete(path).set('authorization', `Bearer ${caller.token}`).set('x-project-id', caller.projectId),
    });
    const create = async (body: object) => expectEnvelope<{ id: string }>(await api().post('/api/v1/public/channels', body), 201).id;
    const slackChannel = (eventTypes = ['*'], name = 'Slack #alerts') => create({ name, kind: 'slack', eventTypes, slackWebhookUrl: slack.url });
    const pagerDutyChannel = (eventTypes = ['*']) => create({ name: 'PagerDuty', kind: 'pagerduty', eventTypes, routingKey: ROUTING_KEY });
    const publish = (event: DomainEvent) => server.runtime.store.transaction((tx) => server.runtime.services.events.publish(tx, event));
    const drain = () => server.runtime.services.channelDispatcher.drain();
    const deliveries = () => server.runtime.database.knex('channel_deliveries').orderBy('created_at');

    describe('POST /api/v1/public/channels', () => {
      it('creates a Slack channel and never returns its webhook URL', async () => {
        const res = await api().post('/api/v1/public/channels', { name: 'Slack #alerts', kind: 'slack', eventTypes: ['alert.per_event_match', '*'], slackWebhookUrl: slack.url });
        const data = expectEnvelope<Record<string, unknown>>(res, 201);
        expect(data).to.deep.include({ name: 'Slack #alerts', kind: 'slack', enabled: true, eventTypes: ['alert.per_event_match', '*'], destinationConfigured: true, recipients: null, webhookId: null, eventsUrl: null });
        expect(JSON.stringify(res.body)).to.not.include(slack.url);
        const [row] = await server.runtime.database.knex('channels');
        expect(row.secret_ciphertext).to.match(/^v1\./);
        expect(row.secret_ciphertext).to.not.include('services');
      });

      it('creates a PagerDuty channel on the deployment events URL unless it names its own', async () => {
        const id = await pagerDutyChannel();
        expect(expectEnvelope<Record<string, unknown>>(await api().get(`/api/v1/public/channels/${id}`)).eventsUrl).to.equal(pagerDuty.url);
        const eu = expectEnvelope<Record<string, unknown>>(
          await api().post('/api/v1/public/channels', { name: 'PD EU', kind: 'pagerduty', eventTypes: ['*'], routingKey: ROUTING_KEY, eventsUrl: `${pagerDuty.url}?eu` }),
          201,
        );
        expect(eu.eventsUrl).to.equal(`${pagerDuty.url}?eu`);
      });

      it('refuses a field of another kind at its path', async () => {
        const body = expectProblem(await api().post('/api/v1/public/channels', { name: 'x', kind: 'slack', eventTypes: ['*'], slackWebhookUrl: slack.url, routingKey: ROUTING_KEY }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(body.errors).to.deep.equal([{ code: 'not_for_kind', message: 'not a field of a slack channel', path: '/body/routingKey' }]);
      });

      it("refuses a channel without its kind's destination", async () => {
        const body = expectProblem(await api().post('/api/v1/public/channels', { name: 'x', kind: 'email', eventTypes: ['*'] }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(body.errors).to.deep.equal([{ code: 'required', message: 'required for a email channel', path: '/body/recipients' }]);
      });

      it('refuses a private Slack URL with the SSRF policy, at /body/slackWebhookUrl', async () => {
        const body = expectProblem(await api().post('/api/v1/public/channels', { name: 'x', kind: 'slack', eventTypes: ['*'], slackWebhookUrl: 'http://10.0.0.7/hook' }), 400, 'PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN');
        expect(body.errors).to.deep.equal([{ code: 'destination_forbidden', message: 'the destination is not a public http(s) address', path: '/body/slackWebhookUrl' }]);
        expect(await server.runtime.database.knex('channels')).to.have.length(0);
      });

      it('refuses a webhook channel naming no webhook of the project', async () => {
        const body = expectProblem(await api().post('/api/v1/public/channels', { name: 'x', kind: 'webhook', eventTypes: ['*'], webhookId: INCIDENT }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(body.errors).to.deep.equal([{ code: 'unknown_webhook', message: 'no webhook of this project has this id', path: '/body/webhookId' }]);
      });

      it('refuses an unknown event type at its index', async () => {
        const body = expectProblem(await api().post('/api/v1/public/channels', { name: 'x', kind: 'slack', eventTypes: ['alert.nope'], slackWebhookUrl: slack.url }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((body.errors as { path: string }[])[0].path).to.equal('/body/eventTypes/0');
      });

      it('refuses a second channel of the same name with 409', async () => {
        await slackChannel();
        expectProblem(await api().post('/api/v1/public/channels', { name: 'Slack #alerts', kind: 'slack', eventTypes: ['*'], slackWebhookUrl: slack.url }), 409, 'PUBLIC_API_CHANNEL_CONFLICT');
      });

      it('is recorded in the audit log', async () => {
        const id = await slackChannel();
        const rows = await server.runtime.database.knex('audit_events').where({ action: 'channel.created', target_id: id });
        expect(rows.map((row) => [row.target_type, typeof row.details === 'string' ? JSON.parse(row.details) : row.details])).to.deep.equal([['channel', { name: 'Slack #alerts', kind: 'slack' }]]);
      });
    });

    describe('GET /api/v1/public/channels', () => {
      it('lists the project channels newest first, paged by cursor', async () => {
        const first = await slackChannel(['*'], 'one');
        server.clock.advance(1000);
        const second = await pagerDutyChannel();
        const page1 = expectEnvelope<{ channels: { id: string }[]; page: { hasMore: boolean; nextCursor: string } }>(await api().get('/api/v1/public/channels?limit=1'));
        expect(page1.channels.map((c) => c.id)).to.deep.equal([second]);
        expect(page1.page.hasMore).to.equal(true);
        const page2 = expectEnvelope<{ channels: { id: string }[]; page: { hasMore: boolean } }>(await api().get(`/api/v1/public/channels?limit=1&cursor=${encodeURIComponent(page1.page.nextCursor)}`));
        expect(page2.channels.map((c) => c.id)).to.deep.equal([first]);
        expect(page2.page.hasMore).to.equal(false);
      });
    });

    describe('GET /api/v1/public/channels/{channelId}', () => {
      it("answers 404 for another project's channel", async () => {
        const other = await server.runtime.services.channels.create(
          { principal: { credentialId: 'x' } as never, project: server.other.project, operationId: 'createChannel' },
          { name: 'theirs', kind: 'slack', eventTypes: ['*'], slackWebhookUrl: slack.url },
        );
        expectProblem(await api().get(`/api/v1/public/channels/${other.id}`), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('PATCH /api/v1/public/channels/{channelId}', () => {
      it('changes routing and the enabled state', async () => {
        const id = await slackChannel();
        const data = expectEnvelope<Record<string, unknown>>(await api().patch(`/api/v1/public/channels/${id}`, { enabled: false, eventTypes: ['alert.sla_breach_warning'] }));
        expect(data).to.deep.include({ enabled: false, eventTypes: ['alert.sla_breach_warning'] });
      });

      it('refuses a field of another kind', async () => {
        const id = await slackChannel();
        const body = expectProblem(await api().patch(`/api/v1/public/channels/${id}`, { recipients: ['a@example.com'] }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((body.errors as { path: string }[])[0].path).to.equal('/body/recipients');
      });
    });

    describe('DELETE /api/v1/public/channels/{channelId}', () => {
      it('deletes the channel with its deliveries', async () => {
        const id = await slackChannel();
        await publish(firingEvent(server.tenant.project.id));
        expect(expectEnvelope(await api().delete(`/api/v1/public/channels/${id}`))).to.deep.equal({ id, deleted: true });
        expect(await deliveries()).to.have.length(0);
        expectProblem(await api().get(`/api/v1/public/channels/${id}`), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('routing and the outbox', () => {
      it('writes one delivery per enabled channel routed the event type or *, in the publisher transaction', async () => {
        await slackChannel(['alert.per_event_match'], 'exact');
        await slackChannel(['*'], 'wildcard');
        await slackChannel(['alert.sla_breach_warning'], 'other type');
        const disabled = await slackChannel(['*'], 'disabled');
        await api().patch(`/api/v1/public/channels/${disabled}`, { enabled: false });
        await publish(firingEvent(server.tenant.project.id));
        await publish(firingEvent(server.other.project.id));
        const rows = await deliveries();
        expect(rows.map((r) => r.status)).to.deep.equal(['pending', 'pending']);
        expect(new Set(rows.map((r) => r.event_id)).size).to.equal(1);
      });

      it('writes nothing when the publishing transaction rolls back', async () => {
        await slackChannel();
        const failure = new Error('the change failed');
        expect(
          await rejectionOf(
            server.runtime.store.transaction(async (tx) => {
              await server.runtime.services.events.publish(tx, firingEvent(server.tenant.project.id));
              throw failure;
            }),
          ),
        ).to.equal(failure);
        expect(await deliveries()).to.have.length(0);
      });

      it('cancels a pending delivery of a channel disabled before it came due', async () => {
        const id = await slackChannel();
        await publish(firingEvent(server.tenant.project.id));
        await api().patch(`/api/v1/public/channels/${id}`, { enabled: false });
        await drain();
        expect(slack.received).to.have.length(0);
        expect((await deliveries())[0].status).to.equal('cancelled');
      });
    });

    describe('Slack delivery', () => {
      it('posts a Block Kit message that passes Slack limits, with a button back to the console', async () => {
        await slackChannel();
        await publish(incidentEvent(server.tenant.project.id, 'alerting'));
        expect(await drain()).to.equal(1);
        expect(slack.received).to.have.length(1);
        const [request] = slack.received;
        expect(request.problems).to.deep.equal([]);
        const message = request.json as { text: string; blocks: Record<string, unknown>[] };
        expect(message.text).to.equal('Alerting: p95 latency');
        expect(message.blocks.map((b) => b.type)).to.deep.equal(['header', 'section', 'context', 'actions']);
        expect(message.blocks[0]).to.deep.equal({ type: 'header', text: { type: 'plain_text', text: 'Alerting: p95 latency', emoji: true } });
        expect((message.blocks[1].fields as { text: string }[]).map((f) => f.text)).to.deep.equal([
          '*Monitor*\np95 latency',
          '*Metric*\nlatency_p95',
          '*Value*\n4200',
          '*Peak*\n5100',
          '*Window start*\n2026-11-01T11:00:00.000Z',
          '*Window end*\n2026-11-01T11:55:00.000Z',
        ]);
        expect(message.blocks[3]).to.deep.equal({
          type: 'actions',
          elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open incident' }, url: `${BASE}/incidents/${INCIDENT}`, action_id: 'open_in_tracewell' }],
        });
        expect((await deliveries())[0]).to.deep.include({ status: 'succeeded', attempts: 1, response_code: 200, last_error: null });
      });

      it('cuts a long title to the header limit and keeps the message valid', async () => {
        await slackChannel();
        await publish({ ...incidentEvent(server.tenant.project.id, 'alerting'), data: { ...incidentEvent('', 'alerting').data, monitorName: 'm'.repeat(400) } });
        await drain();
        const header = (slack.received[0].json as { blocks: { text: { text: string } }[] }).blocks[0].text.text;
        expect(header).to.have.length(150);
        expect(header.endsWith('…')).to.equal(true);
        expect(slack.received[0].problems).to.deep.equal([]);
      });

      it('does not retry a 404 from Slack (a revoked webhook): the delivery fails after one attempt', async () => {
        slack.respondWith(404);
        await slackChannel();
        await publish(firingEvent(server.tenant.project.id));
        await drain();
        server.clock.advance(24 * HOUR);
        expect(await drain()).to.equal(0);
        expect((await deliveries())[0]).to.deep.include({ status: 'failed', attempts: 1, response_code: 404, last_error: 'HTTP 404', next_attempt_at: null });
      });

      it('retries a 500 on the webhook schedule, then succeeds', async () => {
        slack.respondWith(500, 200);
        await slackChannel();
        await publish(firingEvent(server.tenant.project.id));
        await drain();
        const [first] = await deliveries();
        expect(first).to.deep.include({ status: 'pending', attempts: 1, response_code: 500, last_error: 'HTTP 500' });
        const delay = Number(first.next_attempt_at) - server.clock.now().getTime();
        expect(delay).to.be.within(24_000, 36_000); // 30 s ± 20 %, src/domain/webhooks/retry-schedule.ts
        server.clock.advance(delay);
        expect(await drain()).to.equal(1);
        expect((await deliveries())[0]).to.deep.include({ status: 'succeeded', attempts: 2, response_code: 200, last_error: null, next_attempt_at: null });
      });
    });

    describe('PagerDuty delivery', () => {
      it('triggers when an incident starts and resolves when it ends, keyed by the incident id', async () => {
        await pagerDutyChannel();
        await publish(incidentEvent(server.tenant.project.id, 'alerting'));
        await publish(incidentEvent(server.tenant.project.id, 'resolved'));
        expect(await drain()).to.equal(2);
        expect(pagerDuty.received.map((r) => r.problems)).to.deep.equal([[], []]);
        const [trigger, resolve] = pagerDuty.received.map((r) => r.json as Record<string, unknown>);
        expect(trigger).to.deep.include({ routing_key: ROUTING_KEY, event_action: 'trigger', dedup_key: INCIDENT, client: 'Tracewell', client_url: BASE });
        expect(trigger.payload).to.deep.include({
          summary: `Alerting: p95 latency: alert.metric_threshold_breach in project ${server.tenant.project.id} at 2026-11-01T11:59:00.000Z.`,
          source: `tracewell project ${server.tenant.project.id}`,
          severity: 'error',
          timestamp: '2026-11-01T11:59:00.000Z',
          component: 'p95 latency',
          class: 'alert.metric_threshold_breach',
        });
        expect(trigger.links).to.deep.equal([{ href: `${BASE}/incidents/${INCIDENT}`, text: 'Open incident' }]);
        expect(resolve).to.deep.equal({ routing_key: ROUTING_KEY, event_action: 'resolve', dedup_key: INCIDENT });
      });

      for (const [detectionSeverity, pagerDutySeverity] of [['critical', 'critical'], ['high', 'error'], ['medium', 'warning'], ['low', 'info']]) {
        it(`triggers a detection firing of severity ${detectionSeverity} as ${pagerDutySeverity}, keyed by the event id`, async () => {
          await pagerDutyChannel();
          await publish(firingEvent(server.tenant.project.id, detectionSeverity));
          await drain();
          const [request] = pagerDuty.received;
          expect(request.problems).to.deep.equal([]);
          const body = request.json as { dedup_key: string; payload: { severity: string } };
          expect(body.payload.severity).to.equal(pagerDutySeverity);
          expect(body.dedup_key).to.equal((await deliveries())[0].event_id);
        });
      }

      it('keeps the summary within 1024 characters', async () => {
        await pagerDutyChannel();
        await publish({ ...incidentEvent(server.tenant.project.id, 'alerting'), data: { ...incidentEvent('', 'alerting').data, monitorName: 'x'.repeat(3000) } });
        await drain();
        expect(pagerDuty.received[0].problems).to.deep.equal([]);
        expect((pagerDuty.received[0].json as { payload: { summary: string } }).payload.summary).to.have.length(1024);
      });

      it('holds a resolve back while its trigger is being retried, so PagerDuty sees trigger before resolve', async () => {
        pagerDuty.respondWith(500, 202);
        await pagerDutyChannel();
        await publish(incidentEvent(server.tenant.project.id, 'alerting'));
        await publish(incidentEvent(server.tenant.project.id, 'resolved'));
        await drain();
        // The trigger failed and waits for its retry; the resolve was not sent and spent no attempt.
        expect(pagerDuty.received.map((r) => (r.json as { event_action: string }).event_action)).to.deep.equal(['trigger']);
        const [trigger, resolve] = await deliveries();
        expect(trigger).to.deep.include({ status: 'pending', attempts: 1, response_code: 500 });
        expect(resolve).to.deep.include({ status: 'pending', attempts: 0, last_error: WAITING_FOR_EARLIER });
        expect(Number(resolve.next_attempt_at)).to.be.greaterThan(Number(trigger.next_attempt_at));
        server.clock.advance(3_600_000);
        await drain();
        expect(pagerDuty.received.map((r) => (r.json as { event_action: string }).event_action)).to.deep.equal(['trigger', 'trigger', 'resolve']);
        expect((await deliveries()).map((d) => [d.status, d.attempts])).to.deep.equal([
          ['succeeded', 2],
          ['succeeded', 1],
        ]);
      });

      it('does not retry a 400 (an invalid event), but retries a 429', async () => {
        pagerDuty.respondWith(400);
        await pagerDutyChannel();
        await publish(firingEvent(server.tenant.project.id));
        await drain();
        expect((await deliveries())[0]).to.deep.include({ status: 'failed', attempts: 1, response_code: 400 });
        await server.runtime.database.knex('channel_deliveries').delete();
        pagerDuty.respondWith(429);
        await publish(firingEvent(server.tenant.project.id));
        await drain();
        expect((await deliveries())[0]).to.deep.include({ status: 'pending', attempts: 1, response_code: 429 });
      });
    });

    describe('email delivery', () => {
      it('sends HTML and text through SMTP to every recipient', async () => {
        await create({ name: 'On-call mail', kind: 'email', eventTypes: ['*'], recipients: ['oncall@example.com', 'lead@example.com'] });
        await publish(incidentEvent(server.tenant.project.id, 'alerting'));
        await drain();
        const [mail] = await sink.waitFor(1);
        expect(mail.envelopeTo).to.deep.equal(['oncall@example.com', 'lead@example.com']);
        expect(mail.parsed.subject).to.equal('[Tracewell] Alerting: p95 latency');
        expect(mail.parsed.from?.value).to.deep.equal([{ address: 'alerts@tracewell.example.com', name: 'Tracewell' }]);
        expect(mail.parsed.text).to.include('Monitor: p95 latency');
        expect(mail.parsed.text).to.include(`Open incident: ${BASE}/incidents/${INCIDENT}`);
        expect(mail.parsed.html).to.include(`<a href="${BASE}/incidents/${INCIDENT}">Open incident</a>`);
        expect((await deliveries())[0].status).to.equal('succeeded');
      });

      it('escapes HTML in what the event carries', async () => {
        await create({ name: 'mail', kind: 'email', eventTypes: ['*'], recipients: ['oncall@example.com'] });
        await publish({ ...incidentEvent(server.tenant.project.id, 'alerting'), data: { ...incidentEvent('', 'alerting').data, monitorName: '<script>x</script>' } });
        await drain();
        const [mail] = await sink.waitFor(1);
        expect(mail.parsed.html).to.include('&lt;script&gt;x&lt;/script&gt;');
        expect(mail.parsed.html).to.not.include('<script>');
      });

      it('retries a 451 from the mail server and fails on a 550', async () => {
        await create({ name: 'mail', kind: 'email', eventTypes: ['*'], recipients: ['oncall@example.com'] });
        sink.rejectNext(451);
        await publish(firingEvent(server.tenant.project.id));
        await drain();
        expect((await deliveries())[0]).to.deep.include({ status: 'pending', attempts: 1, response_code: 451 });
        await server.runtime.database.knex('channel_deliveries').delete();
        sink.rejectNext(550);
        await publish(firingEvent(server.tenant.project.id));
        await drain();
        expect((await deliveries())[0]).to.deep.include({ status: 'failed', attempts: 1, response_code: 550 });
      });
    });

    describe('webhook delivery', () => {
      it("sends the event envelope to the project webhook, signed with the webhook's secret", async () => {
        const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
        const webhookId = expectEnvelope<{ id: string }>(await createWebhookRequest(server, caller, { name: 'hook', destinationUrl: slack.url, eventTypes: ['alert.sla_breach_warning'], secret }), 201).id;
        await create({ name: 'via webhook', kind: 'webhook', eventTypes: ['alert.per_event_match'], webhookId });
        await publish(firingEvent(server.tenant.project.id));
        await drain();
        // The stand-in is Slack's, so it calls the envelope invalid; only the signature matters here.
        const [{ headers, body }] = slack.received;
        const expected = createHmac('sha256', Buffer.from(secret.slice(6), 'base64')).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64');
        expect(headers['webhook-signature']).to.equal(`v1,${expected}`);
        expect(JSON.parse(body)).to.deep.include({ type: 'alert.per_event_match', projectId: server.tenant.project.id });
      });
    });

    describe('POST /api/v1/public/channels/{channelId}/test', () => {
      it('sends a test message synchronously and answers the succeeded delivery', async () => {
        const id = await slackChannel(['alert.sla_breach_warning']);
        const data = expectEnvelope<Record<string, unknown>>(await api().post(`/api/v1/public/channels/${id}/test`));
        expect(data).to.deep.include({ eventType: 'channel.test', status: 'succeeded', attempts: 1, lastError: null, responseCode: 200, nextAttemptAt: null });
        expect(slack.received).to.have.length(1);
        expect(slack.received[0].problems).to.deep.equal([]);
        expect((slack.received[0].json as { text: string }).text).to.equal('Tracewell test message');
        expect(await drain(), 'the worker never sends it again').to.equal(0);
      });

      it('answers the failure with its response code and does not retry it', async () => {
        pagerDuty.respondWith(503);
        const id = await pagerDutyChannel();
        const data = expectEnvelope<Record<string, unknown>>(await api().post(`/api/v1/public/channels/${id}/test`));
        expect(data).to.deep.include({ status: 'failed', attempts: 1, lastError: 'HTTP 503', responseCode: 503, nextAttemptAt: null });
        server.clock.advance(HOUR);
        expect(await drain()).to.equal(0);
      });

      it('answers 409 for a disabled channel', async () => {
        const id = await slackChannel();
        await api().patch(`/api/v1/public/channels/${id}`, { enabled: false });
        expectProblem(await api().post(`/api/v1/public/channels/${id}/test`), 409, 'PUBLIC_API_CHANNEL_DISABLED');
      });
    });

    describe('GET /api/v1/public/channels/{channelId}/deliveries', () => {
      it('lists the log newest first with status, attempts, last error, response code and next attempt', async () => {
        slack.respondWith(500);
        const id = await slackChannel();
        await publish(firingEvent(server.tenant.project.id));
        await drain();
        const data = expectEnvelope<{ deliveries: Record<string, unknown>[] }>(await api().get(`/api/v1/public/channels/${id}/deliveries`));
        expect(data.deliveries).to.have.length(1);
        const [row] = await deliveries();
        expect(data.deliveries[0]).to.deep.equal({
          id: row.id,
          eventId: row.event_id,
          eventType: 'alert.per_event_match',
          status: 'pending',
          attempts: 1,
          lastError: 'HTTP 500',
          responseCode: 500,
          nextAttemptAt: new Date(Number(row.next_attempt_at)).toISOString(),
          createdAt: new Date(Number(row.created_at)).toISOString(),
          updatedAt: new Date(Number(row.updated_at)).toISOString(),
        });
      });
    });
  });

  describe('email channels without SMTP', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    it('answers 409 PUBLIC_API_CHANNEL_MAIL_NOT_CONFIGURED and stores nothing', async () => {
      const caller = await writerOf(server);
      const res = await server
        .request()
        .post('/api/v1/public/channels')
        .set('authorization', `Bearer ${caller.token}`)
        .set('x-project-id', caller.projectId)
        .send({ name: 'mail', kind: 'email', eventTypes: ['*'], recipients: ['oncall@example.com'] });
      expectProblem(res, 409, 'PUBLIC_API_CHANNEL_MAIL_NOT_CONFIGURED');
      expect(await server.runtime.database.knex('channels')).to.have.length(0);
    });
  });
});
