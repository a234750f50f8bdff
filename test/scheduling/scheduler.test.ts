import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { MAX_ATTEMPTS, RUN_RETENTION_MS, retryDelayMs, SLOTS_PER_TASK, type ScheduledTask } from '../../src/domain/scheduling/scheduler.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';

/**
 * A task whose slots are given by the test and whose run writes one audit row per slot through the
 * runtime's ambient store — so a row exists exactly when the slot's transaction committed.
 */
class ProbeTask implements ScheduledTask {
  readonly runs: string[] = [];
  readonly givenUp: string[] = [];
  failing = new Set<string>();
  constructor(
    readonly name: string,
    private readonly runtime: Runtime,
    private readonly organizationId: string,
    public slots: string[],
  ) {}
  async dueSlots(): Promise<string[]> {
    return this.slots;
  }
  async run(slot: string, now: Date): Promise<void> {
    this.runs.push(slot);
    await this.runtime.store.auditEvents.insert({
      id: randomUUID(),
      organizationId: this.organizationId,
      projectId: null,
      actorKind: 'system',
      actorCredentialId: this.name,
      actorUserId: null,
      action: 'scheduler.probe',
      targetType: 'slot',
      targetId: slot,
      requestId: null,
      details: {},
      createdAt: now,
    });
    if (this.failing.has(slot)) throw new Error(`slot ${slot} broke`);
  }
  async giveUp(slot: string): Promise<void> {
    this.givenUp.push(slot);
  }
}

forEachAdapter((adapter) => {
  describe('durable scheduler', () => {
    let server: TestServer;
    const probeRows = async (task: string) =>
      (await server.runtime.database.knex('audit_events').where({ action: 'scheduler.probe', actor_credential_id: task }).select('target_id'))
        .map((row: { target_id: string }) => row.target_id)
        .sort();

    beforeEach(async () => {
      server = await startTestServer(adapter);
    });
    afterEach(async () => server.close());

    it('runs each due slot once: a slot named again on the next pass is not run again', async () => {
      const task = new ProbeTask('probe-once', server.runtime, server.tenant.organization.id, ['w1', 'w2']);
      server.runtime.scheduler.register(task);
      // Other tasks (monitors, digests …) share the runtime's scheduler: count this task's runs only.
      await server.runtime.scheduler.tick();
      expect(task.runs).to.deep.equal(['w1', 'w2']);
      task.slots = ['w1', 'w2', 'w3'];
      await server.runtime.scheduler.tick();
      expect(task.runs).to.deep.equal(['w1', 'w2', 'w3']);
      expect(await probeRows('probe-once')).to.deep.equal(['w1', 'w2', 'w3']);
      expect(await server.runtime.store.scheduledRuns.find('probe-once', 'w2')).to.deep.include({ status: 'done', attempts: 1, lastError: null });
    });

    it('refuses a second task of the same name', () => {
      server.runtime.scheduler.register(new ProbeTask('dup', server.runtime, server.tenant.organization.id, []));
      expect(() => server.runtime.scheduler.register(new ProbeTask('dup', server.runtime, server.tenant.organization.id, []))).to.throw(/registered twice/);
    });

    it('rolls back a failed slot with its writes, retries it after the back-off, and gives up after the last attempt', async () => {
      const task = new ProbeTask('probe-fail', server.runtime, server.tenant.organization.id, ['bad', 'good']);
      task.failing.add('bad');
      server.runtime.scheduler.register(task);
      await server.runtime.scheduler.tick();
      expect(await probeRows('probe-fail')).to.deep.equal(['good']);
      const failed = await server.runtime.store.scheduledRuns.find('probe-fail', 'bad');
      expect(failed).to.deep.include({ status: 'failed', attempts: 1, lastError: 'slot bad broke' });
      expect(failed!.retryAt!.getTime()).to.equal(server.clock.now().getTime() + retryDelayMs(1));

      // Not before the back-off has passed.
      server.clock.advance(retryDelayMs(1) - 1);
      await server.runtime.scheduler.tick();
      expect(task.runs.filter((s) => s === 'bad')).to.have.length(1);

      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) {
        server.clock.advance(retryDelayMs(attempt - 1) + 1);
        await server.runtime.scheduler.tick();
      }
      expect(task.runs.filter((s) => s === 'bad')).to.have.length(MAX_ATTEMPTS);
      expect(task.givenUp).to.deep.equal(['bad']);
      server.clock.advance(24 * 3600_000);
      await server.runtime.scheduler.tick();
      expect(task.runs.filter((s) => s === 'bad')).to.have.length(MAX_ATTEMPTS);
      expect(await server.runtime.store.scheduledRuns.find('probe-fail', 'bad')).to.deep.include({ status: 'failed', attempts: MAX_ATTEMPTS });
      expect(await probeRows('probe-fail')).to.deep.equal(['good']);
    });

    it('completes a failed slot on a retry that succeeds', async () => {
      const task = new ProbeTask('probe-recover', server.runtime, server.tenant.organization.id, ['flaky']);
      task.failing.add('flaky');
      server.runtime.scheduler.register(task);
      await server.runtime.scheduler.tick();
      task.failing.clear();
      server.clock.advance(retryDelayMs(1));
      await server.runtime.scheduler.tick();
      expect(task.runs).to.deep.equal(['flaky', 'flaky']);
      expect(await server.runtime.store.scheduledRuns.find('probe-recover', 'flaky')).to.deep.include({ status: 'done', attempts: 2 });
      expect(await probeRows('probe-recover')).to.deep.equal(['flaky']);
    });

    it(`takes at most ${SLOTS_PER_TASK} slots of a task per pass and the rest on the next`, async () => {
      const slots = Array.from({ length: SLOTS_PER_TASK + 5 }, (_, i) => `s${String(i).padStart(3, '0')}`);
      const task = new ProbeTask('probe-many', server.runtime, server.tenant.organization.id, slots);
      server.runtime.scheduler.register(task);
      await server.runtime.scheduler.tick();
      expect(task.runs).to.deep.equal(slots.slice(0, SLOTS_PER_TASK));
      task.slots = slots.slice(SLOTS_PER_TASK);
      await server.runtime.scheduler.tick();
      expect(task.runs).to.deep.equal(slots);
      expect(await probeRows('probe-many')).to.deep.equal(slots);
    });

    it('runs concurrent ticks of one process one after another, never a slot twice', async () => {
      const task = new ProbeTask('probe-serial', server.runtime, server.tenant.organization.id, ['a', 'b', 'c']);
      server.runtime.scheduler.register(task);
      await Promise.all([server.runtime.scheduler.tick(), server.runtime.scheduler.tick(), server.runtime.scheduler.tick()]);
      expect(task.runs).to.deep.equal(['a', 'b', 'c']);
      expect(await probeRows('probe-serial')).to.deep.equal(['a', 'b', 'c']);
    });

    it(`forgets finished slots after ${RUN_RETENTION_MS / 86_400_000} days`, async () => {
      const task = new ProbeTask('probe-prune', server.runtime, server.tenant.organization.id, ['old']);
      server.runtime.scheduler.register(task);
      await server.runtime.scheduler.tick();
      task.slots = [];
      server.clock.advance(RUN_RETENTION_MS + 3600_000);
      await server.runtime.scheduler.tick();
      expect(await server.runtime.store.scheduledRuns.find('probe-prune', 'old')).to.equal(null);
    });
  });

  // Several server processes share one database only on PostgreSQL (docs/deployment.md: a SQLite
  // deployment is one process). Two better-sqlite3 connections in one test process would block each
  // other's event loop inside SQLite's busy wait, which says nothing about two real processes.
  if (adapter === 'postgres') describe('durable scheduler with two server processes on one PostgreSQL', () => {
    let server: TestServer;
    let second: Runtime;
    beforeEach(async () => {
      server = await startTestServer(adapter);
      // A second runtime over the same database, as a second server process would be.
      second = await createRuntime(server.config, {
        clock: server.clock,
        ...server.databaseLocation,
        log: () => undefined,
      });
    });
    const probeCount = async () =>
      Number((await server.runtime.database.knex('audit_events').where({ action: 'scheduler.probe' }).count<{ n: number }[]>({ n: '*' }))[0].n);
    afterEach(async () => {
      await second.close();
      await server.close();
    });

    it('runs every slot exactly once when both tick at the same time, and once more after a restart only for new slots', async () => {
      const slots = Array.from({ length: 20 }, (_, i) => `window-${String(i).padStart(2, '0')}`);
      const organizationId = server.tenant.organization.id;
      const first = new ProbeTask('probe-shared', server.runtime, organizationId, slots);
      const other = new ProbeTask('probe-shared', second, organizationId, slots);
      server.runtime.scheduler.register(first);
      second.scheduler.register(other);
      await Promise.all([server.runtime.scheduler.tick(), second.scheduler.tick()]);
      expect(first.runs.length + other.runs.length).to.equal(20);
      expect(await probeCount()).to.equal(20);
      const rows = (await server.runtime.database.knex('audit_events').where({ action: 'scheduler.probe' }).select('target_id')).map((r: { target_id: string }) => r.target_id);
      expect(rows.sort()).to.deep.equal(slots);

      // The second process restarts after missed windows: it runs only what no one ran.
      await second.close();
      second = await createRuntime(server.config, {
        clock: server.clock,
        ...server.databaseLocation,
        log: () => undefined,
      });
      const restarted = new ProbeTask('probe-shared', second, organizationId, [...slots, 'window-20', 'window-21']);
      second.scheduler.register(restarted);
      await second.scheduler.tick();
      expect(restarted.runs).to.deep.equal(['window-20', 'window-21']);
    });
  });
});
