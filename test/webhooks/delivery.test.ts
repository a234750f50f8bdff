import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { ManualClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import type { DomainEvent } from '../../src/domain/events/event-publisher.js';
import { forEachAdapter, isolatedDatabase, type IsolatedDatabase } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { rejectionOf } from '../support/rejection.js';
import { createRequest, Receiver, writerOf, type Caller } from './support.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const HOUR = 3_600_000;

const firing = (projectId: string, type: DomainEvent['type'] = 'alert.per_event_match'): DomainEvent => ({
  type,
  projectId,
  data: { detection: 'hallucination', traceId: 'trace-1', score: 0.93 },
  occurredAt: new Date('2026-11-01T11:59:00.000Z'),
});

/** Verifies a Standard Webhooks signature the way a receiver would. */
function verifies(secret: string, headers: Record<string, string | string[] | undefined>, body: string): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64');
  return String(headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

async function deliveryRows(server: { runtime: Runtime }) {
  return server.runtime.database.knex('webhook_deliveries').orderBy('created_at');
}

async function attemptRows(server: { runtime: Runtime }) {
  return server.runtime.database.knex('webhook_delivery_attempts').orderBy('attempt');
}

forEachAdapter((adapter) => {
  describe('webhook delivery', () => {
    let server: TestServer;
    let caller: Caller;
    let receiver: Receiver;

    before(async () => {
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      caller = await writerOf(server);
    });
    after(async () => server.close());
    // One server for the suite (fast on two cores); each test starts from empty webhook tables.
    beforeEach(async () => {
      for (const table of ['webhook_delivery_attempts', 'webhook_deliveries', 'webhooks', 'idempotency_keys']) {
        await server.runtime.database.knex(table).delete();
      }
      receiver = await new Receiver().start();
    });
    afterEach(async () => receiver.stop());

    const subscribe = async (eventTypes: string[] = ['alert.per_event_match'], secret: string | null = SECRET, name = 'Receiver') =>
      expectEnvelope<{ id: string }>(await createRequest(server, caller, { name, destinationUrl: receiver.url, eventTypes, secret }), 201).id;

    const publish = (event: DomainEvent) => server.runtime.store.transaction((tx) => server.runtime.services.events.publish(tx, event));

    it('writes one delivery per subscribed enabled webhook in the publisher transaction', async () => {
      await subscribe(['alert.per_event_match'], SECRET, 'Exact');
      await subscribe(['*'], SECRET, 'Wildcard');
      await subscribe(['alert.anomaly_detected'], SECRET, 'Other type');
      const disabled = await subscribe(['*'], SECRET, 'Disabled');
      await server.runtime.services.webhooks.update(server.tenant.project, disabled, { enabled: false });
      await publish(firing(server.tenant.project.id));
      await publish(firing(server.other.project.id));
      const rows = await deliveryRows(server);
      expect(rows.map((row) => row.status)).to.deep.equal(['pending', 'pending']);
      expect(new Set(rows.map((row) => row.event_id)).size).to.equal(1);
    });

    it('writes nothing when the publishing transaction rolls back', async () => {
      await subscribe();
      // Only this error may end the transaction: a publish that failed on its own would write nothing either.
      const changeFailed = new Error('the change that caused the event failed');
      const failure = await rejectionOf(
        server.runtime.store.transaction(async (tx) => {
          await server.runtime.services.events.publish(tx, firing(server.tenant.project.id));
          throw changeFailed;
        }),
      );
      expect(failure).to.equal(changeFailed);
      expect(await deliveryRows(server)).to.have.length(0);
    });

    it('POSTs the JSON event with Standard Webhooks headers whose signature verifies with the secret', async () => {
      await subscribe();
      await publish(firing(server.tenant.project.id));
      expect(await server.runtime.services.webhookDispatcher.drain()).to.equal(1);
      expect(receiver.received).to.have.length(1);
      const [{ headers, body }] = receiver.received;
      const payload = JSON.parse(body);
      expect(payload).to.have.all.keys('id', 'type', 'createdAt', 'projectId', 'data');
      expect(payload).to.deep.include({
        type: 'alert.per_event_match',
        createdAt: '2026-11-01T11:59:00.000Z',
        projectId: server.tenant.project.id,
        data: { detection: 'hallucination', traceId: 'trace-1', score: 0.93 },
      });
      const [delivery] = await deliveryRows(server);
      expect(headers['content-type']).to.equal('application/json');
      expect(headers['webhook-id']).to.equal(delivery.id);
      expect(headers['webhook-timestamp']).to.equal(String(Date.parse('2026-11-01T12:00:00.000Z') / 1000));
      expect(headers['webhook-signature']).to.match(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(verifies(SECRET, headers, body)).to.equal(true);
      expect(verifies('whsec_d3Jvbmctc2VjcmV0', headers, body)).to.equal(false);
      expect(delivery.status).to.equal('succeeded');
    });

    it('sends without webhook-signature when the webhook has no secret', async () => {
      await subscribe(['*'], null);
      await publish(firing(server.tenant.project.id));
      await server.runtime.services.webhookDispatcher.drain();
      expect(receiver.received[0].headers).to.have.property('webhook-id');
      expect(receiver.received[0].headers).to.not.have.property('webhook-signature');
    });

    it('signs with the rotated secret from the next attempt on', async () => {
      const id = await subscribe();
      await server.runtime.services.webhooks.update(server.tenant.project, id, { secret: 'rotated-plain-secret' });
      await publish(firing(server.tenant.project.id));
      await server.runtime.services.webhookDispatcher.drain();
      const [{ headers, body }] = receiver.received;
      const expected = createHmac('sha256', 'rotated-plain-secret').update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64');
      expect(headers['webhook-signature']).to.equal(`v1,${expected}`);
    });

    it('retries a 500 with backoff, then succeeds; each attempt is recorded', async () => {
      receiver.respondWith(500, 200);
      await subscribe();
      await publish(firing(server.tenant.project.id));
      const { webhookDispatcher } = server.runtime.services;
      expect(await webhookDispatcher.drain()).to.equal(1);
      const [afterFirst] = await deliveryRows(server);
      expect(afterFirst.status).to.equal('pending');
      const delay = Number(afterFirst.next_attempt_at) - server.clock.now().getTime();
      expect(delay).to.be.within(24_000, 36_000); // 30 s ± 20 % jitter
      server.clock.advance(delay - 1);
      expect(await webhookDispatcher.drain(), 'not due yet').to.equal(0);
      server.clock.advance(1);
      expect(await webhookDispatcher.drain()).to.equal(1);
      expect(receiver.received).to.have.length(2);
      expect(receiver.received[0].headers['webhook-id']).to.equal(receiver.received[1].headers['webhook-id']);
      const [settled] = await deliveryRows(server);
      expect(settled).to.deep.include({ status: 'succeeded', attempts: 2, next_attempt_at: null });
      expect((await attemptRows(server)).map((a) => [a.attempt, a.status_code, a.error])).to.deep.equal([
        [1, 500, 'HTTP 500'],
        [2, 200, null],
      ]);
    });

    for (const status of [408, 429, 503]) {
      it(`retries a ${status}`, async () => {
        receiver.respondWith(status, 204);
        await subscribe();
        await publish(firing(server.tenant.project.id));
        await server.runtime.services.webhookDispatcher.drain();
        expect((await deliveryRows(server))[0].status).to.equal('pending');
      });
    }

    it('does not retry a 400: the delivery fails after one attempt', async () => {
      receiver.respondWith(400);
      await subscribe();
      await publish(firing(server.tenant.project.id));
      await server.runtime.services.webhookDispatcher.drain();
      server.clock.advance(24 * HOUR);
      expect(await server.runtime.services.webhookDispatcher.drain()).to.equal(0);
      expect(receiver.received).to.have.length(1);
      const [delivery] = await deliveryRows(server);
      expect(delivery).to.deep.include({ status: 'failed', attempts: 1, next_attempt_at: null });
    });

    it('retries a connection error and marks the delivery failed after 8 attempts', async () => {
      await subscribe();
      await receiver.stop(); // nothing listens on the port any more
      await publish(firing(server.tenant.project.id));
      for (let attempt = 1; attempt <= 8; attempt += 1) {
        expect(await server.runtime.services.webhookDispatcher.drain(), `attempt ${attempt}`).to.equal(1);
        server.clock.advance(8 * HOUR);
      }
      expect(await server.runtime.services.webhookDispatcher.drain()).to.equal(0);
      const [delivery] = await deliveryRows(server);
      expect(delivery).to.deep.include({ status: 'failed', attempts: 8, next_attempt_at: null });
      const attempts = await attemptRows(server);
      expect(attempts.map((a) => a.attempt)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(attempts.every((a) => a.status_code === null && String(a.error).startsWith('connection error'))).to.equal(true);
    });

    it('re-checks the destination at delivery: 169.254.169.254 is refused even if it got stored', async () => {
      const id = await subscribe();
      await server.runtime.database.knex('webhooks').where({ id }).update({ destination_url: 'http://169.254.169.254/latest/meta-data' });
      await publish(firing(server.tenant.project.id));
      await server.runtime.services.webhookDispatcher.drain();
      const [delivery] = await deliveryRows(server);
      expect(delivery.status).to.equal('failed');
      const [attempt] = await attemptRows(server);
      expect(attempt.status_code).to.equal(null);
      expect(attempt.error).to.match(/^destination refused: .*metadata/);
    });

    it('cancels pending deliveries of a webhook disabled before they came due', async () => {
      const id = await subscribe();
      await publish(firing(server.tenant.project.id));
      await server.runtime.services.webhooks.update(server.tenant.project, id, { enabled: false });
      await server.runtime.services.webhookDispatcher.drain();
      expect(receiver.received).to.have.length(0);
      expect((await deliveryRows(server))[0].status).to.equal('cancelled');
    });
  });

  describe('webhook delivery timeout', () => {
    let server: TestServer;
    let hanging: import('node:http').Server;
    before(async () => {
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*', WEBHOOK_DELIVERY_TIMEOUT_MS: '150' } });
      const { createServer } = await import('node:http');
      hanging = createServer(() => undefined); // accepts, never answers
      await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    });
    after(async () => {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
      await server.close();
    });

    it('records a timeout and schedules a retry', async () => {
      const caller = await writerOf(server);
      const port = (hanging.address() as import('node:net').AddressInfo).port;
      expectEnvelope(await createRequest(server, caller, { name: 'Slow', destinationUrl: `http://127.0.0.1:${port}/`, eventTypes: ['*'] }), 201);
      await server.runtime.store.transaction((tx) => server.runtime.services.events.publish(tx, firing(server.tenant.project.id)));
      expect(await server.runtime.services.webhookDispatcher.drain()).to.equal(1);
      const [delivery] = await deliveryRows(server);
      expect(delivery).to.deep.include({ status: 'pending', attempts: 1 });
      const [attempt] = await attemptRows(server);
      expect(attempt).to.deep.include({ status_code: null, error: 'timeout after 150 ms' });
      expect(Number(attempt.duration_ms)).to.be.at.least(100);
    });
  });

  describe('webhook delivery across a restart', () => {
    let database: IsolatedDatabase;
    let receiver: Receiver;
    const clock = new ManualClock(new Date('2026-11-01T12:00:00.000Z'));

    before(async () => {
      database = isolatedDatabase(adapter);
      receiver = await new Receiver().respondWith(500, 200).start();
    });
    after(async () => {
      await receiver.stop();
      await database.drop();
    });

    const boot = async (): Promise<Runtime> =>
      createRuntime(
        loadConfig({
          DATA_DIR: database.dataDir,
          SERVER_SECRET: 'restart-secret',
          WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*',
          WEBHOOK_POLL_INTERVAL_MS: '3600000', // the test drives the dispatcher itself
          ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
        }),
        { clock, sqliteFile: database.sqliteFile, postgresSchema: database.postgresSchema, log: () => undefined },
      );

    it('completes a delivery begun before the restart, recording each attempt exactly once', async () => {
      // Not started: its background dispatcher would race this test's drains for the delivery (its first
      // round runs whenever the pacer lets it, after the publish on a loaded machine). The test drives it.
      const first = await boot();
      const organization = await first.services.provisioning.createOrganization('Restart Org');
      const project = await first.services.provisioning.createProject(organization.id, 'Restart Project');
      const principal = { kind: 'oauth', scheme: 'oauth2', credentialId: 'cred-restart', organizationId: organization.id, userId: null, scopes: ['configuration:write'], project, grant: null } as const;
      await first.services.webhooks.create({ principal, project, operationId: 'post_api_v1_public_webhooks' }, 'Zq3xV8nR2pLk7Wm4Ty9Bc1Hd', {
        name: 'Survivor',
        destinationUrl: receiver.url,
        eventTypes: ['*'],
        secret: SECRET,
      });
      await first.store.transaction((tx) => first.services.events.publish(tx, firing(project.id, 'alert.anomaly_detected')));
      expect(await first.services.webhookDispatcher.drain()).to.equal(1); // 500: rescheduled
      await first.close(); // mid-schedule

      clock.advance(HOUR);
      const second = await boot();
      try {
        expect(await second.services.webhookDispatcher.drain()).to.equal(1);
        expect(await second.services.webhookDispatcher.drain()).to.equal(0);
        const deliveries = await second.database.knex('webhook_deliveries');
        expect(deliveries).to.have.length(1);
        expect(deliveries[0]).to.deep.include({ status: 'succeeded', attempts: 2 });
        const attempts = await second.database.knex('webhook_delivery_attempts').orderBy('attempt');
        expect(attempts.map((a) => [a.attempt, a.status_code])).to.deep.equal([
          [1, 500],
          [2, 200],
        ]);
        expect(receiver.received).to.have.length(2);
        expect(verifies(SECRET, receiver.received[1].headers, receiver.received[1].body)).to.equal(true);
      } finally {
        await second.close();
      }
    });

    it('takes over a delivery whose worker died holding its lease, once the lease lapses', async () => {
      const runtime = await boot();
      try {
        const [project] = await runtime.database.knex('projects');
        await runtime.store.transaction((tx) => runtime.services.events.publish(tx, firing(project.id)));
        const [pending] = await runtime.database.knex('webhook_deliveries').where({ status: 'pending' });
        // A worker leased it, then died before recording anything.
        await runtime.database.knex('webhook_deliveries').where({ id: pending.id }).update({ lease_owner: 'worker_dead', lease_until: clock.now().getTime() + 40_000 });
        receiver.respondWith(200);
        expect(await runtime.services.webhookDispatcher.drain(), 'lease still held').to.equal(0);
        clock.advance(40_000);
        expect(await runtime.services.webhookDispatcher.drain()).to.equal(1);
        const attempts = await runtime.database.knex('webhook_delivery_attempts').where({ delivery_id: pending.id });
        expect(attempts.map((a) => a.attempt)).to.deep.equal([1]);
      } finally {
        await runtime.close();
      }
    });
  });
});
