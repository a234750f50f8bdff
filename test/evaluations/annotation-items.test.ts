import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { ingest } from './support.js';

const HOUR = 3_600_000;

interface Item {
  id: string;
  queueId: string;
  queueName: string;
  batchId: string;
  traceId: string;
  spanId: string | null;
  status: string;
  deadline: string;
  respondedAt: string | null;
  scoreId: string | null;
}
interface Listing {
  items: Item[];
  page: { hasMore: boolean; limit: number; nextCursor: string | null };
}

forEachAdapter((adapter) => {
  describe('GET /api/v1/public/annotation-items (listMyAnnotationItems)', () => {
    let server: TestServer;
    let alice: string;
    let bob: string;
    let aliceToken: string;
    let queueA: string;
    let queueB: string;
    let soon: { id: string; items: { id: string; assignee: string; traceId: string }[] };
    let later: { id: string; items: { id: string; assignee: string; traceId: string }[] };

    const post = (path: string, body: object) => {
      server.clock.advance(1);
      return server.request().post(`/api/v1/public${path}`).set('x-api-key', server.tenant.apiKey).send(body);
    };
    const mine = (query: string, token = aliceToken) =>
      server.request().get(`/api/v1/public/annotation-items${query}`).set('authorization', `Bearer ${token}`).set('x-project-id', server.tenant.project.id);
    const at = (hours: number) => new Date(server.clock.now().getTime() + hours * HOUR).toISOString();

    before(async () => {
      server = await startTestServer(adapter);
      const { provisioning } = server.runtime.services;
      alice = (await provisioning.createUser('alice@example.com', 'Alice', [{ organizationId: server.tenant.organization.id, role: 'member' }])).id;
      bob = (await provisioning.createUser('bob@example.com', 'Bob', [{ organizationId: server.tenant.organization.id, role: 'member' }])).id;
      aliceToken = await server.oauthToken(alice, ['evaluation:read', 'evaluation:write']);
      for (const id of ['t-1', 't-2', 't-3', 't-4', 't-5', 't-6']) await ingest(server, server.tenant.apiKey, { trace_id: id, spans: [{ span_id: 'root', output: { answer: id } }] });
      queueA = expectEnvelope<{ id: string }>(await post('/annotation-queues', { name: 'Alpha', scoreConfig: { name: 'ok', dataType: 'boolean' } }), 201).id;
      queueB = expectEnvelope<{ id: string }>(await post('/annotation-queues', { name: 'Beta', scoreConfig: { name: 'ok', dataType: 'boolean' } }), 201).id;
      for (const q of [queueA, queueB]) {
        expectEnvelope(await post(`/annotation-queues/${q}/members`, { userId: alice }), 201);
        server.clock.advance(1);
        expectEnvelope(await post(`/annotation-queues/${q}/members`, { userId: bob }), 201);
      }
      // Queue A's batch is due later; queue B's sooner. Round-robin: alice gets t-1, t-3 (A) and t-4, t-6 (B).
      later = expectEnvelope(await post(`/annotation-queues/${queueA}/batches`, { items: [{ traceId: 't-1' }, { traceId: 't-2' }, { traceId: 't-3' }], deadline: at(72) }), 201);
      soon = expectEnvelope(await post(`/annotation-queues/${queueB}/batches`, { items: [{ traceId: 't-4' }, { traceId: 't-5' }, { traceId: 't-6' }], deadline: at(24) }), 201);
      // Alice answers her soonest item, t-4: done items come after every pending one.
      const res = await server
        .request()
        .post(`/api/v1/public/annotation-queues/${queueB}/batches/${soon.id}/items/${soon.items[0].id}/response`)
        .set('authorization', `Bearer ${aliceToken}`)
        .set('x-project-id', server.tenant.project.id)
        .send({ value: true });
      expectEnvelope(res, 201);
    });
    after(async () => server.close());

    const byTrace = (items: Item[]) => items.map((i) => `${i.traceId}:${i.status}`);
    const sorted = (items: { id: string }[]) => items.map((i) => i.id).sort();

    it("lists only the caller's items: pending first, then soonest deadline, then id", async () => {
      const data = expectEnvelope<Listing>(await mine(''));
      const pendingSoon = sorted(soon.items.filter((i) => i.assignee === alice && i.traceId !== 't-4'));
      const pendingLater = sorted(later.items.filter((i) => i.assignee === alice));
      expect(data.items.map((i) => i.id)).to.deep.equal([...pendingSoon, ...pendingLater, soon.items[0].id]);
      expect(byTrace(data.items).slice(0, 1)).to.deep.equal(['t-6:pending']);
      expect(data.page).to.deep.equal({ hasMore: false, limit: 20, nextCursor: null });
      const first = data.items[0];
      expect(first).to.deep.equal({
        id: soon.items[2].id,
        queueId: queueB,
        queueName: 'Beta',
        batchId: soon.id,
        traceId: 't-6',
        spanId: null,
        status: 'pending',
        deadline: data.items[0].deadline,
        respondedAt: null,
        scoreId: null,
      });
      const done = data.items[data.items.length - 1];
      expect(done).to.include({ traceId: 't-4', status: 'done', queueName: 'Beta' });
      expect(done.respondedAt).to.be.a('string');
      expect(done.scoreId).to.be.a('string');
      expect(data.items.every((i) => [...soon.items, ...later.items].find((s) => s.id === i.id)!.assignee === alice)).to.equal(true);
    });

    it('filters by status', async () => {
      expect(byTrace(expectEnvelope<Listing>(await mine('?status=done')).items)).to.deep.equal(['t-4:done']);
      expect(expectEnvelope<Listing>(await mine('?status=pending')).items.map((i) => i.status)).to.deep.equal(['pending', 'pending', 'pending']);
    });

    it('pages with a keyset cursor bound to the filter', async () => {
      const all = expectEnvelope<Listing>(await mine('')).items.map((i) => i.id);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Listing = expectEnvelope<Listing>(await mine(`?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
        seen.push(...page.items.map((i) => i.id));
        expect(page.page.limit).to.equal(1);
        cursor = page.page.nextCursor;
      } while (cursor);
      expect(seen).to.deep.equal(all);
      const firstPage = expectEnvelope<Listing>(await mine('?limit=1'));
      expectProblem(await mine(`?limit=1&status=pending&cursor=${encodeURIComponent(firstPage.page.nextCursor!)}`), 400, 'PUBLIC_API_INVALID_CURSOR');
    });

    it("gives a member with no items an empty list, and another user's items never", async () => {
      const token = await server.oauthToken(server.tenant.user.id, ['evaluation:read']);
      expect(expectEnvelope<Listing>(await mine('', token)).items).to.deep.equal([]);
      const bobs = expectEnvelope<Listing>(await mine('', await server.oauthToken(bob, ['evaluation:read']))).items;
      expect(bobs.map((i) => i.traceId).sort()).to.deep.equal(['t-2', 't-5']);
    });

    it('rejects a bad status or limit with its path', async () => {
      const status = expectProblem(await mine('?status=open'), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect((status.errors as { path: string }[])[0].path).to.equal('/query/status');
      const limit = expectProblem(await mine('?limit=0'), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect((limit.errors as { path: string }[])[0].path).to.equal('/query/limit');
    });

    it('refuses a token without evaluation:read, and a service account (it acts for no user)', async () => {
      const token = await server.oauthToken(alice, ['observability:read']);
      expectProblem(await mine('', token), 403, 'PUBLIC_API_INSUFFICIENT_SCOPE');
      const account = expectEnvelope<{ id: string }>(
        await server.request().post('/api/v1/public/service-accounts').set('x-api-key', server.tenant.orgApiKey).set('x-project-id', server.tenant.project.id).send({ name: 'ci' }),
        201,
      );
      const issued = expectEnvelope<{ token: string }>(
        await server
          .request()
          .post(`/api/v1/public/service-accounts/${account.id}/tokens`)
          .set('x-api-key', server.tenant.orgApiKey)
          .set('x-project-id', server.tenant.project.id)
          .send({ scopes: ['evaluation:read'] }),
        201,
      );
      expectProblem(await mine('', issued.token), 403, 'PUBLIC_API_CREDENTIAL_NOT_ALLOWED');
    });
    describe('GET /api/v1/public/annotation-queues/{id}/batches (listAnnotationBatches)', () => {
      const batches = (queueId: string, query = '') => server.request().get(`/api/v1/public/annotation-queues/${queueId}/batches${query}`).set('x-api-key', server.tenant.apiKey);
      interface Batches {
        batches: { id: string; queueId: string; status: string; deadline: string; remindAt: string | null; createdAt: string; completedAt: string | null }[];
        page: { hasMore: boolean; limit: number; nextCursor: string | null };
      }

      it("lists the queue's batches without items, newest first, with a cursor", async () => {
        const newer = expectEnvelope<{ id: string }>(await post(`/annotation-queues/${queueA}/batches`, { items: [{ traceId: 't-5' }], deadline: at(10) }), 201);
        const all = expectEnvelope<Batches>(await batches(queueA));
        expect(all.batches.map((b) => b.id)).to.deep.equal([newer.id, later.id]);
        expect(all.batches[1]).to.deep.equal({ id: later.id, queueId: queueA, status: 'open', deadline: all.batches[1].deadline, remindAt: null, createdAt: all.batches[1].createdAt, completedAt: null });
        expect(all.page).to.deep.equal({ hasMore: false, limit: 20, nextCursor: null });
        const first = expectEnvelope<Batches>(await batches(queueA, '?limit=1'));
        expect(first.batches.map((b) => b.id)).to.deep.equal([newer.id]);
        const second = expectEnvelope<Batches>(await batches(queueA, `?limit=1&cursor=${encodeURIComponent(first.page.nextCursor!)}`));
        expect(second.batches.map((b) => b.id)).to.deep.equal([later.id]);
        expect(second.page.hasMore).to.equal(false);
        expect(expectEnvelope<Batches>(await batches(queueB)).batches.map((b) => b.id)).to.deep.equal([soon.id]);
      });

      it('is 404 for an unknown queue and 400 for a bad limit', async () => {
        expectProblem(await batches('00000000-0000-4000-8000-000000000000'), 404, 'PUBLIC_API_NOT_FOUND');
        const limit = expectProblem(await batches(queueA, '?limit=101'), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((limit.errors as { path: string }[])[0].path).to.equal('/query/limit');
      });
    });
  });
});
