import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { ManualClock } from '../../src/clock.js';
import { TraceFinalizer, processOfOwner, wantedSize, type FinalizerScaled, type FinalizerScaling, type FinalizerWorker } from '../../src/domain/detections/trace-finalizer.js';
import type { FinalizerLoad } from '../../src/ports/detection-jobs.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TenantSeed, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { createRequest, Receiver, writerOf, type Caller } from '../webhooks/support.js';

const SCALING: FinalizerScaling = { minWorkers: 1, maxWorkers: 4, backlogPerWorker: 100, intervalMs: 600_000, scaleDownAfter: 2 };
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('trace finalizer sizing (wantedSize)', () => {
  it('wants one worker per backlogPerWorker due jobs, rounded up', () => {
    expect(wantedSize({ due: 201, leaseOwners: [] }, 'self0001', SCALING)).to.deep.equal({ size: 3, replicas: 1 });
  });
  it('never goes below minWorkers, even with nothing due', () => {
    expect(wantedSize({ due: 0, leaseOwners: [] }, 'self0001', { ...SCALING, minWorkers: 2 })).to.deep.equal({ size: 2, replicas: 1 });
  });
  it('never goes above maxWorkers', () => {
    expect(wantedSize({ due: 100_000, leaseOwners: [] }, 'self0001', SCALING)).to.deep.equal({ size: 4, replicas: 1 });
  });
  it('shares the backlog with the other processes holding live leases, counting each process once', () => {
    const owners = ['finalizer.aaaa0001-1', 'finalizer.aaaa0001-2', 'finalizer.bbbb0002-1', 'finalizer.self0001-1', 'worker-12345678'];
    // 600 due → 6 workers in all, over 3 processes (aaaa0001, bbbb0002 and this one) → 2 here.
    expect(wantedSize({ due: 600, leaseOwners: owners }, 'self0001', SCALING)).to.deep.equal({ size: 2, replicas: 3 });
  });
  it('reads the process out of a finalizer lease owner and nothing out of another owner', () => {
    expect(processOfOwner('finalizer.ab12cd34-9f8e7d6c')).to.equal('ab12cd34');
    expect(processOfOwner('worker-9f8e7d6c')).to.equal(null);
    expect(processOfOwner('finalizer.')).to.equal(null);
  });
});

describe('TraceFinalizer', () => {
  class FakeWorker implements FinalizerWorker {
    running = false;
    constructor(readonly ownerPrefix: string) {}
    start(): void {
      this.running = true;
    }
    async stop(): Promise<void> {
      this.running = false;
    }
  }

  const setUp = (scaling: FinalizerScaling = SCALING) => {
    let load: FinalizerLoad = { due: 0, leaseOwners: [] };
    const workers: FakeWorker[] = [];
    const changes: FinalizerScaled[] = [];
    const finalizer = new TraceFinalizer(
      (prefix) => {
        const worker = new FakeWorker(prefix);
        workers.push(worker);
        return worker;
      },
      async () => load,
      scaling,
      async (change) => void changes.push(change),
      () => undefined,
    );
    return { finalizer, workers, changes, setLoad: (next: FinalizerLoad) => (load = next) };
  };

  it('starts minWorkers workers whose lease owners carry the process id', async () => {
    const { finalizer, workers } = setUp({ ...SCALING, minWorkers: 2 });
    finalizer.start();
    expect(finalizer.size).to.equal(2);
    expect(workers.map((w) => [w.ownerPrefix, w.running])).to.deep.equal([
      [`finalizer.${finalizer.process}`, true],
      [`finalizer.${finalizer.process}`, true],
    ]);
    await finalizer.stop();
    expect(workers.every((w) => !w.running)).to.equal(true);
  });

  it('grows at once to what the backlog wants and reports from, to, backlog and process', async () => {
    const { finalizer, changes, setLoad } = setUp();
    finalizer.start();
    setLoad({ due: 350, leaseOwners: [] });
    const change = await finalizer.tick();
    expect(change).to.deep.equal({ process: finalizer.process, from: 1, to: 4, backlog: 350, replicas: 1, minWorkers: 1, maxWorkers: 4 });
    expect(changes).to.deep.equal([change]);
    expect(finalizer.size).to.equal(4);
    await finalizer.stop();
  });

  it('reports nothing when the size stays', async () => {
    const { finalizer, changes, setLoad } = setUp();
    finalizer.start();
    setLoad({ due: 80, leaseOwners: [] });
    expect(await finalizer.tick()).to.equal(null);
    expect(changes).to.deep.equal([]);
    await finalizer.stop();
  });

  it('shrinks only after scaleDownAfter readings in a row want fewer, stopping the surplus workers', async () => {
    const { finalizer, workers, changes, setLoad } = setUp();
    finalizer.start();
    setLoad({ due: 400, leaseOwners: [] });
    await finalizer.tick();
    setLoad({ due: 0, leaseOwners: [] });
    expect(await finalizer.tick()).to.equal(null);
    expect(finalizer.size).to.equal(4);
    const change = await finalizer.tick();
    expect(change).to.include({ from: 4, to: 1, backlog: 0 });
    expect(changes.map((c) => [c.from, c.to])).to.deep.equal([[1, 4], [4, 1]]);
    expect(workers.map((w) => w.running)).to.deep.equal([true, false, false, false]);
    await finalizer.stop();
  });

  it('starts counting again when a reading between two low ones wants the current size', async () => {
    const { finalizer, setLoad } = setUp();
    finalizer.start();
    setLoad({ due: 400, leaseOwners: [] });
    await finalizer.tick();
    setLoad({ due: 0, leaseOwners: [] });
    await finalizer.tick();
    setLoad({ due: 400, leaseOwners: [] });
    await finalizer.tick();
    setLoad({ due: 0, leaseOwners: [] });
    expect(await finalizer.tick()).to.equal(null);
    expect(finalizer.size).to.equal(4);
    await finalizer.stop();
  });

  it('keeps the new size when reporting it fails', async () => {
    const logs: string[] = [];
    const finalizer = new TraceFinalizer(
      (prefix) => new FakeWorker(prefix),
      async () => ({ due: 250, leaseOwners: [] }),
      SCALING,
      async () => {
        throw new Error('database gone');
      },
      (message) => logs.push(message),
    );
    finalizer.start();
    expect(await finalizer.tick()).to.include({ from: 1, to: 3 });
    expect(finalizer.size).to.equal(3);
    expect(logs).to.deep.equal(['trace finalizer: reporting a change of size failed: database gone']);
    await finalizer.stop();
  });

  it('refuses bounds where the maximum is below the minimum', () => {
    expect(() => setUp({ ...SCALING, minWorkers: 3, maxWorkers: 2 })).to.throw('TRACE_FINALIZER_MAX_WORKERS must be at least TRACE_FINALIZER_MIN_WORKERS');
  });
});

forEachAdapter((adapter) => {
  describe('ops.trace_finalizer_scaled', function () {
    // Two webhooks and a started pool before the first test, on a shared 2-core machine.
    this.timeout(60_000);
    let server: TestServer;
    let receiver: Receiver;
    let otherReceiver: Receiver;
    const OTHER_PROCESS = 'feedbeef';
    let operatorProjectId: string;

    before(async () => {
      // Now, not the harness's fixed instant: receivers check a signature's timestamp against their clock.
      server = await startTestServer(adapter, {
        clock: new ManualClock(new Date()),
        env: {
          METRICS_TOKEN: 'metrics-token-for-tests',
          WEBHOOK_DELIVERY_TIMEOUT_MS: '60000',
          WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*',
          TRACE_FINALIZER_MIN_WORKERS: '1',
          TRACE_FINALIZER_MAX_WORKERS: '4',
          TRACE_FINALIZER_BACKLOG_PER_WORKER: '100',
          TRACE_FINALIZER_SCALE_INTERVAL_MS: '600000',
          TRACE_FINALIZER_SCALE_DOWN_AFTER: '2',
          DETECTION_WORKER_POLL_MS: '600000',
        },
      });
      receiver = await new Receiver().start();
      otherReceiver = await new Receiver().start();
      const subscribe = async (caller: Caller, url: string, eventTypes: string[]) =>
        expectEnvelope(await createRequest(server, caller, { name: 'Ops', destinationUrl: url, eventTypes, secret: SECRET }), 201);
      const callerOf = async (seed: TenantSeed): Promise<Caller> => ({ token: await server.oauthToken(seed.user.id, ['configuration:write', 'configuration:read'], { expiresInMs: 7 * 86_400_000 }), projectId: seed.project.id });
      // The installation's first organization is the operator's; the harness makes both at the same instant,
      // so which one is first is read, not assumed. The other is a tenant subscribed to everything.
      const first = (await server.runtime.store.organizations.firstOwner())!.organizationId;
      const [operator, tenant] = first === server.tenant.organization.id ? [server.tenant, server.other] : [server.other, server.tenant];
      operatorProjectId = operator.project.id;
      await subscribe(await callerOf(operator), receiver.url, ['ops.trace_finalizer_scaled']);
      await subscribe(await callerOf(tenant), otherReceiver.url, ['*']);
      server.runtime.traceFinalizer.start();
    });
    after(async () => {
      await server.runtime.traceFinalizer.stop();
      await receiver.stop();
      await otherReceiver.stop();
      await server.close();
    });

    /** Jobs another replica holds under live leases: due (being worked on) and unclaimable here. */
    const leasedElsewhere = async (count: number) => {
      const now = server.clock.now().getTime();
      const rows = Array.from({ length: count }, (_, i) => ({
        id: randomUUID(),
        project_id: server.other.project.id,
        trace_id: `t-${i}`,
        status: 'pending',
        attempts: 1,
        lease_owner: `finalizer.${OTHER_PROCESS}-${String(i % 3).padStart(8, '0')}`,
        lease_expires_at: now + 60_000,
        created_at: now,
        updated_at: now,
      }));
      for (let i = 0; i < rows.length; i += 200) await server.runtime.database.knex('detection_jobs').insert(rows.slice(i, i + 200));
    };

    it('reads the due backlog and the processes holding leases from the job table', async () => {
      await leasedElsewhere(700);
      // Waiting for its settle time: not due yet, so not counted.
      const now = server.clock.now().getTime();
      await server.runtime.database.knex('detection_jobs').insert({ id: randomUUID(), project_id: server.tenant.project.id, trace_id: 'settling', status: 'pending', attempts: 0, lease_expires_at: now + 5000, created_at: now, updated_at: now });
      const load = await server.runtime.store.detectionJobs.finalizerLoad(server.clock.now());
      expect(load.due).to.equal(700);
      expect(load.leaseOwners).to.deep.equal([`finalizer.${OTHER_PROCESS}-00000000`, `finalizer.${OTHER_PROCESS}-00000001`, `finalizer.${OTHER_PROCESS}-00000002`]);
    });

    it('grows to its share of the backlog and delivers the event, signed, to the operator organization only', async () => {
      const change = await server.runtime.traceFinalizer.tick();
      // 700 due → 7 workers in all, over 2 processes → 4 here (the maximum).
      expect(change).to.deep.equal({ process: server.runtime.traceFinalizer.process, from: 1, to: 4, backlog: 700, replicas: 2, minWorkers: 1, maxWorkers: 4 });
      await server.runtime.services.webhookDispatcher.drain();
      expect(receiver.received).to.have.length(1);
      const body = new Webhook(SECRET).verify(receiver.received[0]!.body, receiver.received[0]!.headers as Record<string, string>) as Record<string, unknown>;
      expect(body).to.deep.include({ type: 'ops.trace_finalizer_scaled', projectId: operatorProjectId, data: change });
      expect(otherReceiver.received).to.have.length(0);
    });

    it('shows the pool size and the scale-ups in /metrics', async () => {
      const res = await server.request().get('/metrics').set('authorization', 'Bearer metrics-token-for-tests');
      expect(res.status).to.equal(200);
      expect(res.text).to.match(/^tracewell_trace_finalizer_workers 4$/m);
      expect(res.text).to.match(/^tracewell_trace_finalizer_scaled_total\{direction="up"\} [1-9]\d*$/m);
    });

    it('shrinks back after two low readings once the backlog is gone, and says so', async () => {
      await server.runtime.database.knex('detection_jobs').delete();
      expect(await server.runtime.traceFinalizer.tick()).to.equal(null);
      const change = await server.runtime.traceFinalizer.tick();
      expect(change).to.deep.include({ from: 4, to: 1, backlog: 0, replicas: 1 });
      await server.runtime.services.webhookDispatcher.drain();
      expect(receiver.received).to.have.length(2);
      const body = new Webhook(SECRET).verify(receiver.received[1]!.body, receiver.received[1]!.headers as Record<string, string>) as { data: Record<string, unknown> };
      expect(body.data).to.deep.include({ from: 4, to: 1 });
      expect(otherReceiver.received).to.have.length(0);
    });
  });
});
