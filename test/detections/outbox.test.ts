import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { detectionServicesFor } from '../support/detection-fixtures.js';
import { insertTrace } from '../support/trace-fixtures.js';
import { timeOrderedUuid } from '../../src/domain/time-ordered-id.js';
import { rejectionOf } from '../support/rejection.js';

forEachAdapter((adapter) => {
  describe('detection_jobs outbox', () => {
    let server: TestServer;
    let projectId: string;
    let services: ReturnType<typeof detectionServicesFor>;
    let n = 0;

    before(async () => {
      server = await startTestServer(adapter);
      projectId = server.tenant.project.id;
      services = detectionServicesFor(server);
      await services.detections.create(projectId, { slug: 'email', displayName: 'Email', type: 'pii', config: { kinds: ['email'] } });
    });
    after(async () => server.close());

    async function enqueueLeakyTrace(): Promise<string> {
      const traceId = `leak-${++n}`;
      await insertTrace(server.runtime.database.knex, { projectId, id: traceId, createdAt: server.clock.now(), spans: [{ spanId: 's', output: 'me@example.com' }] });
      await server.runtime.store.transaction((tx) => services.detectionEvaluation.enqueueTraceEvaluation(tx, [{ projectId, traceId }]));
      return traceId;
    }

    it('enqueues inside the caller transaction: a rolled-back ingest leaves no job', async () => {
      const store = server.runtime.store;
      // Only this error may end the transaction: an enqueue that failed on its own would leave no job either.
      const ingestFailed = new Error('ingest failed');
      const failure = await rejectionOf(
        store.transaction(async (tx) => {
          await services.detectionEvaluation.enqueueTraceEvaluation(tx, [{ projectId, traceId: 'never-committed' }]);
          throw ingestFailed;
        }),
      );
      expect(failure).to.equal(ingestFailed);
      expect(await store.detectionJobs.claim('probe', server.clock.now(), 1000, 10)).to.deep.equal([]);
    });

    it('schedules inside the caller transaction: pushes back a pending unclaimed job, adds one where the trace has none or only a claimed one, rolls back with it', async () => {
      const store = server.runtime.store;
      const now = server.clock.now();
      const at = (ms: number) => new Date(now.getTime() + ms);
      const job = (traceId: string) => ({ id: timeOrderedUuid(now.getTime()), projectId, traceId });
      const pending = async (traceId: string) =>
        (await server.runtime.database.knex('detection_jobs').where({ project_id: projectId, trace_id: traceId }).orderBy('created_at'))
          .map((row: Record<string, unknown>) => ({ status: row.status, leaseOwner: row.lease_owner, leaseExpiresAt: Number(row.lease_expires_at) }));
      await store.transaction((tx) => tx.detectionJobs.schedule([job('settling-a'), job('settling-b')], now, at(1_000)));
      await store.transaction((tx) => tx.detectionJobs.schedule([job('settling-a')], now, at(5_000)));
      expect(await pending('settling-a')).to.deep.equal([{ status: 'pending', leaseOwner: null, leaseExpiresAt: now.getTime() + 5_000 }]);
      expect(await pending('settling-b')).to.deep.equal([{ status: 'pending', leaseOwner: null, leaseExpiresAt: now.getTime() + 1_000 }]);
      // Claimed by a worker, settling-b's job is no longer pushed back: a new one follows it.
      server.clock.advance(1_000);
      const claimed = await store.detectionJobs.claim('worker', server.clock.now(), 60_000, 10);
      expect(claimed.map((j) => j.traceId)).to.deep.equal(['settling-b']);
      await store.transaction((tx) => tx.detectionJobs.schedule([job('settling-b')], now, at(9_000)));
      // Both were created at the same instant: compared as a set.
      expect((await pending('settling-b')).map((j) => j.leaseOwner)).to.have.deep.members(['worker', null]);
      const exportFailed = new Error('export failed');
      const failure = await rejectionOf(
        store.transaction(async (tx) => {
          await tx.detectionJobs.schedule([job('settling-a'), job('settling-c')], now, at(20_000));
          throw exportFailed;
        }),
      );
      expect(failure).to.equal(exportFailed);
      expect(await pending('settling-a')).to.deep.equal([{ status: 'pending', leaseOwner: null, leaseExpiresAt: now.getTime() + 5_000 }]);
      expect(await pending('settling-c')).to.deep.equal([]);
      // Later rules here claim whatever is due: these jobs go.
      await server.runtime.database.knex('detection_jobs').where({ project_id: projectId }).whereIn('trace_id', ['settling-a', 'settling-b']).delete();
    });

    it('lets concurrent claimers take each job once', async () => {
      await enqueueLeakyTrace();
      await enqueueLeakyTrace();
      const store = server.runtime.store;
      const [a, b] = await Promise.all([store.detectionJobs.claim('a', server.clock.now(), 60_000, 10), store.detectionJobs.claim('b', server.clock.now(), 60_000, 10)]);
      const claimed = [...a, ...b].map((j) => j.id);
      expect(claimed).to.have.length(2);
      expect(new Set(claimed).size).to.equal(2);
      expect(await store.detectionJobs.claim('c', server.clock.now(), 60_000, 10)).to.deep.equal([]);
      for (const job of [...a, ...b]) expect(await services.detectionEvaluation.process(job, job.leaseOwner!)).to.equal('done');
    });

    it('reclaims a crashed worker’s job after its lease expires, and the crashed worker cannot complete it', async () => {
      const traceId = await enqueueLeakyTrace();
      const store = server.runtime.store;
      const [job] = await store.detectionJobs.claim('crashed', server.clock.now(), 60_000, 10);
      expect(job.traceId).to.equal(traceId);
      // The worker dies here. Before the lease expires nobody else may take the job…
      expect(await store.detectionJobs.claim('rescuer', server.clock.now(), 60_000, 10)).to.deep.equal([]);
      server.clock.advance(60_000);
      // …afterwards another worker reclaims it and evaluates it.
      const [reclaimed] = await store.detectionJobs.claim('rescuer', server.clock.now(), 60_000, 10);
      expect(reclaimed).to.include({ id: job.id, leaseOwner: 'rescuer', attempts: 2 });
      expect(await services.detectionEvaluation.process(job, 'crashed')).to.equal('lost');
      expect(await store.detectionEvents.listForTrace(projectId, traceId)).to.deep.equal([]);
      expect(await services.detectionEvaluation.process(reclaimed, 'rescuer')).to.equal('done');
      expect(await store.detectionEvents.listForTrace(projectId, traceId)).to.have.length(1);
      expect((await store.detectionJobs.findById(job.id))!.status).to.equal('done');
    });

    it('records the firing, links it to the detection’s draft fix and publishes in the same transaction', async () => {
      const before = services.published.events.length;
      const traceId = await enqueueLeakyTrace();
      expect(await services.detectionEvaluation.runOnce('w')).to.deep.equal(['done']);
      const published = services.published.events.slice(before);
      expect(published.map((e) => e.type)).to.deep.equal(['alert.per_event_match']);
      expect(published[0].data).to.include({ detectionSlug: 'email', traceId, spanId: 's', score: 1 });
      const fix = await server.runtime.store.fixes.findOpenForDetection(projectId, published[0].data.detectionId as string);
      expect(fix).to.include({ status: 'draft', title: 'Email', label: 'email', creator: 'detector:email', severity: 'medium' });
      expect(published[0].data.fixId).to.equal(fix!.id);
      expect((await server.runtime.store.fixes.linkedTraces(fix!.id)).map((l) => l.traceId)).to.include(traceId);
    });

    it('groups later firings of the detection into the same fix, and opens a new one once it is archived', async () => {
      const detection = (await server.runtime.store.detections.findBySlug(projectId, 'email'))!;
      const first = (await server.runtime.store.fixes.findOpenForDetection(projectId, detection.id))!;
      const traceId = await enqueueLeakyTrace();
      await services.detectionEvaluation.runOnce('w');
      const same = (await server.runtime.store.fixes.findOpenForDetection(projectId, detection.id))!;
      expect(same.id).to.equal(first.id);
      expect((await server.runtime.store.fixes.linkedTraces(first.id)).map((l) => l.traceId)).to.include(traceId);

      await services.fixes.dismiss(projectId, first.id, 'noise', 'user:test');
      await enqueueLeakyTrace();
      await services.detectionEvaluation.runOnce('w');
      const next = (await server.runtime.store.fixes.findOpenForDetection(projectId, detection.id))!;
      expect(next.id).to.not.equal(first.id);
      expect(next.status).to.equal('draft');
    });

    it('never records a detection twice for one trace when the trace is evaluated again', async () => {
      const traceId = await enqueueLeakyTrace();
      await services.detectionEvaluation.runOnce('w');
      await server.runtime.store.transaction((tx) => services.detectionEvaluation.enqueueTraceEvaluation(tx, [{ projectId, traceId }]));
      const before = services.published.events.length;
      await services.detectionEvaluation.runOnce('w');
      expect(await server.runtime.store.detectionEvents.listForTrace(projectId, traceId)).to.have.length(1);
      expect(services.published.events.length).to.equal(before);
    });

    it('releases a failing job with a back-off and gives up after the attempts allowed', async () => {
      const store = server.runtime.store;
      await store.transaction((tx) => services.detectionEvaluation.enqueueTraceEvaluation(tx, [{ projectId, traceId: 'x' }]));
      const [job] = await store.detectionJobs.claim('w', server.clock.now(), 60_000, 10);
      await store.detectionJobs.release(job.id, 'w', 'boom', server.clock.now(), new Date(server.clock.now().getTime() + 1000), 5);
      expect(await store.detectionJobs.claim('w', server.clock.now(), 60_000, 10)).to.deep.equal([]);
      server.clock.advance(1000);
      const [again] = await store.detectionJobs.claim('w', server.clock.now(), 60_000, 10);
      expect(again).to.include({ id: job.id, attempts: 2, lastError: 'boom' });
      await store.detectionJobs.release(job.id, 'w', 'boom again', server.clock.now(), server.clock.now(), 2);
      expect((await store.detectionJobs.findById(job.id))!.status).to.equal('failed');
    });
  });
});
