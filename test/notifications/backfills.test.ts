import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { insertTrace } from '../support/trace-fixtures.js';
import { createRequest, writerOf } from '../webhooks/support.js';

const HOUR = 3_600_000;
/** The harness clock's start: trace times are fixed relative to it, whatever the clock reads later. */
const T0 = new Date('2026-11-01T12:00:00.000Z').getTime();
type Json = Record<string, unknown>;
type Backfill = { id: string; detectionId: string; status: string; total: number; processed: number; fired: number; batches: number; completedAt: string | null; requestedBy: string };

forEachAdapter((adapter) => {
  describe('detection backfills', () => {
    let server: TestServer;
    let detectionId: string;
    const key = () => ({ 'x-api-key': server.tenant.apiKey });
    const projectId = () => server.tenant.project.id;
    const path = () => `/api/v1/public/detections/${detectionId}/backfills`;
    const now = () => server.clock.now().getTime();
    const iso = (ms: number) => new Date(ms).toISOString();

    before(async () => {
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      // 46 traces an hour apart, ending an hour before now; every third has a slow LLM span.
      for (let i = 0; i < 46; i++) {
        await insertTrace(server.runtime.database.knex, {
          projectId: projectId(),
          id: `hist-${String(i).padStart(2, '0')}`,
          createdAt: new Date(T0 - (46 - i) * HOUR),
          spans: [{ spanId: 's1', latencyMs: i % 3 === 0 ? 9000 : 100 }],
        });
      }
      const detection = await server.runtime.services.detections.create(projectId(), {
        slug: 'slow-llm', displayName: 'Slow LLM span', type: 'conditional', threshold: 0.5, severity: 'medium',
        config: { rules: [{ id: 'r1', field: 'latency_ms', operator: 'greater_than', value: 5000 }] },
      });
      detectionId = detection.id;
      const caller = await writerOf(server);
      expectEnvelope(await createRequest(server, caller, { name: 'Everything', destinationUrl: 'http://127.0.0.1:9/hooks', eventTypes: ['*'] }), 201);
    });
    after(async () => server.close());

    describe('POST /detections/{id}/backfills (createDetectionBackfill) and its scheduled batches', () => {
      it('evaluates the range in batches of 20, one per tick, then emits notification.backfill_completed once', async () => {
        // Traces 1…44 (the first and the last fall outside the end-exclusive range); i = 3, 6, … 42 are slow.
        const from = T0 - 45 * HOUR;
        const to = T0 - 1 * HOUR;
        const inRange = Array.from({ length: 46 }, (_, i) => i).filter((i) => T0 - (46 - i) * HOUR >= from && T0 - (46 - i) * HOUR < to);
        expect(inRange).to.have.length(44);
        const slow = inRange.filter((i) => i % 3 === 0).length;
        const created = expectEnvelope<Backfill>(await server.request().post(path()).set(key()).send({ from: iso(from), to: iso(to) }), 201);
        expect(created).to.deep.include({ detectionId, status: 'running', total: 44, processed: 0, fired: 0, batches: 0, completedAt: null, requestedBy: `user:${server.tenant.user.id}` });

        const progress = async () => expectEnvelope<Backfill>(await server.request().get(`${path()}/${created.id}`).set(key()));
        await server.runtime.scheduler.tick();
        expect(await progress()).to.include({ status: 'running', processed: 20, batches: 1 });
        await server.runtime.scheduler.tick();
        expect(await progress()).to.include({ status: 'running', processed: 40, batches: 2 });
        server.clock.advance(1000);
        await server.runtime.scheduler.tick();
        const done = await progress();
        expect(done).to.include({ status: 'completed', processed: 44, fired: slow, batches: 3, completedAt: iso(now()) });
        await server.runtime.scheduler.tick();
        expect((await progress()).batches).to.equal(3);

        const deliveries = await server.runtime.database.knex('webhook_deliveries').select('event_type', 'body');
        // Historical firings are recorded without an alert each; the completion is announced once.
        expect(deliveries.map((d) => d.event_type)).to.deep.equal(['notification.backfill_completed']);
        expect(JSON.parse(deliveries[0].body as string).data).to.deep.include({ backfillId: created.id, detectionId, detectionSlug: 'slow-llm', processed: 44, fired: slow, recipientUserIds: [server.tenant.user.id] });
        const told = await server.runtime.store.notifications.listForUser(server.tenant.user.id, projectId(), true, null, 10);
        expect(told.map((n) => n.title)).to.deep.equal([`The backfill of Slow LLM span completed: ${slow} of 44 traces fired`]);
        const fixes = await server.runtime.services.fixes.listPage(projectId(), {}, { limit: 10 }, { credentialId: 'c', projectId: projectId(), endpoint: 'x', filters: {}, sort: 's' });
        expect(fixes.fixes.map((f) => [f.fix.title, f.linkedTraceIds.length])).to.deep.equal([['Slow LLM span', slow]]);
      });

      it('answers 409 PUBLIC_API_BACKFILL_RUNNING while one runs, and counts a re-run’s firings once', async () => {
        const range = { from: iso(T0 - 46 * HOUR), to: iso(T0 - 20 * HOUR) };
        const first = expectEnvelope<Backfill>(await server.request().post(path()).set(key()).send(range), 201);
        expectProblem(await server.request().post(path()).set(key()).send(range), 409, 'PUBLIC_API_BACKFILL_RUNNING');
        await server.runtime.scheduler.tick();
        await server.runtime.scheduler.tick();
        const done = expectEnvelope<Backfill>(await server.request().get(`${path()}/${first.id}`).set(key()));
        expect(done).to.include({ status: 'completed', processed: 26 });
        expect(done.fired).to.equal(1); // trace 0 is new here; 3, 6, … 24 fired in the first backfill already
      });

      it('answers 400 with the field path for an empty, future or longer-than-366-day range', async () => {
        const cases: [Json, string][] = [
          [{ from: iso(now() - HOUR), to: iso(now() - HOUR) }, '/body/from'],
          [{ from: iso(now() - HOUR), to: iso(now() + HOUR) }, '/body/to'],
          [{ from: iso(now() - 367 * 24 * HOUR), to: iso(now()) }, '/body/from'],
        ];
        for (const [body, where] of cases) {
          const res = expectProblem(await server.request().post(path()).set(key()).send(body), 400, 'PUBLIC_API_VALIDATION_FAILED');
          expect((res.errors as Json[])[0].path).to.equal(where);
        }
        expectProblem(await server.request().post(path()).set(key()).send({ from: 'yesterday', to: iso(now()) }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      });

      it('answers 404 for an unknown detection, another project’s, and an unknown backfill', async () => {
        const unknown = randomUUID();
        expectProblem(await server.request().post(`/api/v1/public/detections/${unknown}/backfills`).set(key()).send({ from: iso(now() - HOUR), to: iso(now()) }), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await server.request().post(path()).set('x-api-key', server.other.apiKey).send({ from: iso(now() - HOUR), to: iso(now()) }), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await server.request().get(`${path()}/${unknown}`).set(key()), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });
  });
});
