import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { countRows, createRequest, newKey, Receiver, writerOf, type Caller } from './support.js';

const MISSING = '00000000-0000-4000-8000-000000000000';

forEachAdapter((adapter) => {
  describe('webhook management', () => {
    let server: TestServer;
    let writer: Caller;
    let reader: Caller;
    let receiver: Receiver;

    before(async () => {
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      writer = await writerOf(server);
      reader = await writerOf(server, ['configuration:read']);
      receiver = await new Receiver().start();
    });
    after(async () => {
      await server.close();
      await receiver.stop();
    });
    beforeEach(async () => {
      await server.runtime.database.knex('webhooks').delete();
    });

    const create = async (name: string) =>
      expectEnvelope<{ id: string; updatedAt: string }>(
        await createRequest(server, writer, { name, destinationUrl: receiver.url, eventTypes: ['alert.anomaly_detected'], secret: 'initial-secret' }),
        201,
      );
    const as = (caller: Caller, method: 'get' | 'patch' | 'delete' | 'post', path: string) =>
      server.request()[method](`/api/v1/public/webhooks${path}`).set('authorization', `Bearer ${caller.token}`).set('x-project-id', caller.projectId);

    describe('GET /api/v1/public/webhooks', () => {
      it('lists newest first with keyset pages and a reader token', async () => {
        for (const name of ['one', 'two', 'three']) {
          await create(name);
          server.clock.advance(1000);
        }
        const first = expectEnvelope<{ webhooks: { name: string }[]; page: { hasMore: boolean; limit: number; nextCursor: string } }>(
          await as(reader, 'get', '?limit=2'),
        );
        expect(first.webhooks.map((w) => w.name)).to.deep.equal(['three', 'two']);
        expect(first.page).to.include({ hasMore: true, limit: 2 });
        const second = expectEnvelope<{ webhooks: { name: string }[]; page: unknown }>(await as(reader, 'get', `?limit=2&cursor=${encodeURIComponent(first.page.nextCursor)}`));
        expect(second.webhooks.map((w) => w.name)).to.deep.equal(['one']);
        expect(second.page).to.deep.equal({ hasMore: false, limit: 2, nextCursor: null });
      });

      it('answers 400 PUBLIC_API_INVALID_CURSOR for a cursor of another credential', async () => {
        await create('a');
        await create('b');
        const page = expectEnvelope<{ page: { nextCursor: string } }>(await as(writer, 'get', '?limit=1')).page;
        expectProblem(await as(reader, 'get', `?limit=1&cursor=${encodeURIComponent(page.nextCursor)}`), 400, 'PUBLIC_API_INVALID_CURSOR');
      });

      it('answers 403 for a public API key', async () => {
        const res = await server.request().get('/api/v1/public/webhooks').set('x-api-key', server.tenant.apiKey).set('x-project-id', server.tenant.project.id);
        expectProblem(res, 403, 'PUBLIC_API_CREDENTIAL_NOT_ALLOWED');
      });
    });

    describe('GET /api/v1/public/webhooks/{webhookId}', () => {
      it('returns the webhook without destination or secret', async () => {
        const { id } = await create('single');
        const data = expectEnvelope<Record<string, unknown>>(await as(reader, 'get', `/${id}`));
        expect(data).to.deep.include({ id, name: 'single', destinationConfigured: true, enabled: true, eventTypes: ['alert.anomaly_detected'] });
        expect(JSON.stringify(data)).to.not.contain('127.0.0.1').and.not.contain('initial-secret');
      });

      it('answers 404 for an unknown id and for a webhook of another project', async () => {
        expectProblem(await as(reader, 'get', `/${MISSING}`), 404, 'PUBLIC_API_NOT_FOUND');
        const { id } = await create('elsewhere');
        const outsider = { token: await server.oauthToken(server.other.user.id, ['configuration:read']), projectId: server.other.project.id };
        expectProblem(await as(outsider, 'get', `/${id}`), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('PATCH /api/v1/public/webhooks/{webhookId}', () => {
      it('disables and enables again', async () => {
        const { id, updatedAt } = await create('toggled');
        server.clock.advance(5000);
        const disabled = expectEnvelope<{ enabled: boolean; updatedAt: string }>(await as(writer, 'patch', `/${id}`).send({ enabled: false }));
        expect(disabled).to.include({ enabled: false, updatedAt: new Date(Date.parse(updatedAt) + 5000).toISOString() });
        expect(expectEnvelope<{ enabled: boolean }>(await as(writer, 'patch', `/${id}`).send({ enabled: true })).enabled).to.equal(true);
      });

      it('changes event types and name, and rotates the secret without returning it', async () => {
        const { id } = await create('renamed');
        const before = (await server.runtime.database.knex('webhooks').where({ id }).first()).secret_ciphertext;
        const res = await as(writer, 'patch', `/${id}`).send({ name: 'renamed again', eventTypes: ['*'], secret: 'rotated-secret' });
        expect(expectEnvelope(res)).to.deep.include({ name: 'renamed again', eventTypes: ['*'] });
        const after = (await server.runtime.database.knex('webhooks').where({ id }).first()).secret_ciphertext;
        expect(after).to.not.equal(before).and.not.contain('rotated-secret');
      });

      it('refuses a new destination the SSRF policy refuses', async () => {
        const { id } = await create('moved');
        expectProblem(await as(writer, 'patch', `/${id}`).send({ destinationUrl: 'http://169.254.169.254/' }), 400, 'PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN');
      });

      it('answers 409 PUBLIC_API_WEBHOOK_CONFLICT when renaming onto another webhook', async () => {
        await create('taken');
        const { id } = await create('free');
        expectProblem(await as(writer, 'patch', `/${id}`).send({ name: 'taken' }), 409, 'PUBLIC_API_WEBHOOK_CONFLICT');
      });

      it('answers 400 for an empty change and 404 for an unknown webhook', async () => {
        const { id } = await create('unchanged');
        expectProblem(await as(writer, 'patch', `/${id}`).send({}), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expectProblem(await as(writer, 'patch', `/${MISSING}`).send({ enabled: false }), 404, 'PUBLIC_API_NOT_FOUND');
      });

      it('answers 403 for a reader token', async () => {
        const { id } = await create('read only');
        expectProblem(await as(reader, 'patch', `/${id}`).send({ enabled: false }), 403, 'PUBLIC_API_INSUFFICIENT_SCOPE');
      });
    });

    describe('DELETE /api/v1/public/webhooks/{webhookId}', () => {
      it('deletes the webhook with its deliveries; a second delete is 404', async () => {
        const { id } = await create('doomed');
        expectEnvelope(await as(writer, 'post', `/${id}/test`), 201);
        expect(expectEnvelope(await as(writer, 'delete', `/${id}`))).to.deep.equal({ id, deleted: true });
        expect(await countRows(server, 'webhook_deliveries')).to.equal(0);
        expectProblem(await as(writer, 'delete', `/${id}`), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('POST /api/v1/public/webhooks/{webhookId}/test', () => {
      it('enqueues a webhook.test delivery that the worker sends', async () => {
        const { id } = await create('tested');
        const delivery = expectEnvelope<Record<string, unknown>>(await as(writer, 'post', `/${id}/test`), 201);
        expect(delivery).to.deep.include({ eventType: 'webhook.test', status: 'pending', attempts: 0, attemptLog: [] });
        await server.runtime.services.webhookDispatcher.drain();
        const sent = JSON.parse(receiver.received[receiver.received.length - 1].body);
        expect(sent).to.deep.include({ type: 'webhook.test', projectId: server.tenant.project.id });
      });

      it('answers 409 PUBLIC_API_WEBHOOK_DISABLED for a disabled webhook', async () => {
        const { id } = await create('sleeping');
        await as(writer, 'patch', `/${id}`).send({ enabled: false });
        expectProblem(await as(writer, 'post', `/${id}/test`), 409, 'PUBLIC_API_WEBHOOK_DISABLED');
      });
    });

    describe('GET /api/v1/public/webhooks/{webhookId}/deliveries', () => {
      it('returns the delivery log with every attempt', async () => {
        const { id } = await create('logged');
        const sentAt = server.clock.now().toISOString();
        receiver.respondWith(500, 200);
        const { id: deliveryId } = expectEnvelope<{ id: string }>(await as(writer, 'post', `/${id}/test`), 201);
        await server.runtime.services.webhookDispatcher.drain();
        server.clock.advance(60_000);
        await server.runtime.services.webhookDispatcher.drain();
        const data = expectEnvelope<{ deliveries: Record<string, unknown>[]; page: unknown }>(await as(reader, 'get', `/${id}/deliveries`));
        expect(data.page).to.deep.equal({ hasMore: false, limit: 20, nextCursor: null });
        expect(data.deliveries).to.have.length(1);
        const [delivery] = data.deliveries as { id: string; status: string; attempts: number; nextAttemptAt: null; attemptLog: Record<string, unknown>[] }[];
        expect(delivery).to.deep.include({ id: deliveryId, status: 'succeeded', attempts: 2, nextAttemptAt: null });
        expect(delivery.attemptLog.map((a) => [a.attempt, a.statusCode, a.error])).to.deep.equal([
          [1, 500, 'HTTP 500'],
          [2, 200, null],
        ]);
        expect(delivery.attemptLog[0].startedAt).to.equal(sentAt);
        receiver.respondWith(200);
      });

      it('answers 404 for an unknown webhook', async () => {
        expectProblem(await as(reader, 'get', `/${MISSING}/deliveries`), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });
  });

  describe('public-api-mutations capability turned off', () => {
    let server: TestServer;
    let caller: Caller;
    before(async () => {
      server = await startTestServer(adapter, { env: { PUBLIC_API_MUTATIONS_ENABLED: 'false', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      caller = await writerOf(server);
    });
    after(async () => server.close());

    const as = (method: 'get' | 'patch' | 'delete' | 'post', path: string) =>
      server.request()[method](`/api/v1/public/webhooks${path}`).set('authorization', `Bearer ${caller.token}`).set('x-project-id', caller.projectId);

    it('answers 403 PUBLIC_API_MUTATIONS_DISABLED to create and writes nothing, not even the key', async () => {
      const res = await createRequest(server, caller, { name: 'off', destinationUrl: 'http://127.0.0.1:9/x', eventTypes: ['*'] }, newKey());
      const body = expectProblem(res, 403, 'PUBLIC_API_MUTATIONS_DISABLED');
      expect(body.retryable).to.equal(false);
      expect(await countRows(server, 'webhooks')).to.equal(0);
      expect(await countRows(server, 'idempotency_keys')).to.equal(0);
    });

    it('answers 403 to update, delete and test, and still serves reads', async () => {
      // A webhook written directly, as one created before the capability was turned off.
      const now = server.clock.now();
      const id = '11111111-1111-4111-8111-111111111111';
      await server.runtime.store.webhooks.create({ id, projectId: caller.projectId, name: 'existing', destinationUrl: 'http://127.0.0.1:9/x', secretCiphertext: null, enabled: true, eventTypes: ['*'], createdAt: now, updatedAt: now });
      expectProblem(await as('patch', `/${id}`).send({ enabled: false }), 403, 'PUBLIC_API_MUTATIONS_DISABLED');
      expectProblem(await as('delete', `/${id}`), 403, 'PUBLIC_API_MUTATIONS_DISABLED');
      expectProblem(await as('post', `/${id}/test`), 403, 'PUBLIC_API_MUTATIONS_DISABLED');
      expect(await countRows(server, 'webhook_deliveries')).to.equal(0);
      expect(expectEnvelope<{ enabled: boolean }>(await as('get', `/${id}`)).enabled).to.equal(true);
    });
  });
});
