import { expect } from 'chai';
import { ManualClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import type { Dialect } from '../../src/ports/store.js';
import { ADAPTERS, isolatedDatabase, type IsolatedDatabase } from '../support/adapters.js';
import { Receiver } from '../webhooks/support.js';
import { MINUTE, SECRET, seedTraces, spread, T0, verifies } from './support.js';

const W = 5 * MINUTE;
const win = (n: number) => T0 + (n - 1) * W;
/** Window traffic that opens and resolves an incident every other window: 2 events per pair. */
const FLAPPING = [10, 0, 10, 0, 10, 0];

interface Deployment {
  projectId: string;
  monitorId: string;
}

async function deploy(runtime: Runtime, receiver: Receiver): Promise<Deployment> {
  const { provisioning, monitors, webhooks } = runtime.services;
  const organization = await provisioning.createOrganization('Sched Org');
  const project = await provisioning.createProject(organization.id, 'Sched Project');
  const principal = { kind: 'oauth', scheme: 'oauth2', credentialId: 'cred-sched', organizationId: organization.id, userId: null, scopes: ['configuration:write'], project, grant: null } as const;
  await webhooks.create({ principal, project, operationId: 'post_api_v1_public_webhooks' }, 'Zq3xV8nR2pLk7Wm4Ty9Bc1Hd', { name: 'ops', destinationUrl: receiver.url, eventTypes: ['*'], secret: SECRET });
  const monitor = await monitors.create(project.id, { name: 'busy', kind: 'threshold', metric: 'trace_count', windowSeconds: 300, condition: { operator: 'gt', threshold: 5 } });
  await seedTraces(runtime.database.knex, project.id, FLAPPING.flatMap((n, i) => spread(`w${i + 1}`, n, win(i + 1), W)));
  return { projectId: project.id, monitorId: monitor.id };
}

/** The events recorded for delivery, as (status, windowEnd) in window order. */
async function recordedEvents(runtime: Runtime): Promise<[string, string][]> {
  const rows = await runtime.database.knex('webhook_deliveries').select('body');
  return rows
    .map((row) => JSON.parse(row.body as string).data as { status: string; windowEnd: string })
    .map((d): [string, string] => [d.status, d.windowEnd])
    .sort((a, b) => (a[1] === b[1] ? 0 : a[1] < b[1] ? -1 : 1));
}

const EXPECTED: [string, string][] = [
  ['alerting', '2026-11-01T12:05:00.000Z'],
  ['resolved', '2026-11-01T12:10:00.000Z'],
  ['alerting', '2026-11-01T12:15:00.000Z'],
  ['resolved', '2026-11-01T12:20:00.000Z'],
  ['alerting', '2026-11-01T12:25:00.000Z'],
  ['resolved', '2026-11-01T12:30:00.000Z'],
];

function scheduling(adapter: Dialect, processes: number) {
  describe(`monitor scheduling [${adapter}, ${processes} runtime(s) on one database]`, () => {
    let database: IsolatedDatabase;
    let clock: ManualClock;
    let receiver: Receiver;
    const running: Runtime[] = [];

    const boot = async (): Promise<Runtime> => {
      const runtime = await createRuntime(
        loadConfig({
          DATA_DIR: database.dataDir,
          SERVER_SECRET: 'sched-secret',
          WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*',
          WEBHOOK_POLL_INTERVAL_MS: '3600000', // the test drives the dispatcher itself
          ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
        }),
        { clock, sqliteFile: database.sqliteFile, postgresSchema: database.postgresSchema, log: () => undefined },
      );
      running.push(runtime);
      return runtime;
    };
    const stopAll = async () => {
      while (running.length) await running.pop()!.close();
    };

    beforeEach(async () => {
      database = isolatedDatabase(adapter);
      clock = new ManualClock(new Date(T0));
      receiver = await new Receiver().start();
    });
    afterEach(async () => {
      await stopAll();
      await receiver.stop();
      await database.drop();
    });

    it('evaluates each window once and records each event once, however many runtimes tick at once', async () => {
      const runtimes: Runtime[] = [];
      for (let i = 0; i < processes; i += 1) runtimes.push(await boot());
      const { monitorId } = await deploy(runtimes[0], receiver);
      for (let n = 2; n <= FLAPPING.length + 1; n += 1) {
        clock.set(new Date(win(n)));
        // Every runtime ticks, twice, at the same time.
        await Promise.all(runtimes.flatMap((runtime) => [runtime.scheduler.tick(), runtime.scheduler.tick()]));
      }
      const knex = runtimes[0].database.knex;
      const windows = await knex('monitor_windows').where({ monitor_id: monitorId }).orderBy('window_end');
      expect(windows.map((w) => [Number(w.window_end), Number(w.value)])).to.deep.equal(FLAPPING.map((n, i) => [win(i + 2), n]));
      expect(await recordedEvents(runtimes[0])).to.deep.equal(EXPECTED);
      expect(await knex('monitor_incidents').count<{ n: number }[]>({ n: '*' }).first().then((r) => Number(r?.n))).to.equal(3);
      // One run per window, each by exactly one of the runtimes.
      const runs = await knex('scheduled_runs').where({ task: 'monitors' }).orderBy('slot');
      expect(runs.map((r) => [r.slot, r.status, r.attempts])).to.deep.equal(FLAPPING.map((_, i) => [`${monitorId}:${win(i + 2)}`, 'done', 1]));
      // Delivered once each, signed.
      expect(await runtimes[0].services.webhookDispatcher.drain()).to.equal(6);
      expect(receiver.received).to.have.length(6);
      for (const { headers, body } of receiver.received) expect(verifies(SECRET, headers, body)).to.equal(true);
    });

    it('catches up on the windows missed while down after a restart, without duplicates', async () => {
      const first = await boot();
      const { monitorId } = await deploy(first, receiver);
      clock.set(new Date(win(3))); // windows 1 and 2
      await first.scheduler.tick();
      expect(await recordedEvents(first)).to.deep.equal(EXPECTED.slice(0, 2));
      await stopAll(); // down for four windows

      clock.set(new Date(win(7)));
      const restarted: Runtime[] = [];
      for (let i = 0; i < processes; i += 1) restarted.push(await boot());
      await Promise.all(restarted.map((runtime) => runtime.scheduler.tick()));
      await Promise.all(restarted.map((runtime) => runtime.scheduler.tick()));
      expect(await recordedEvents(restarted[0])).to.deep.equal(EXPECTED);
      const windows = await restarted[0].database.knex('monitor_windows').count<{ n: number }[]>({ n: '*' }).first();
      expect(Number(windows?.n)).to.equal(6);
      // Before: one run for windows 1–2; after the restart: one run catching up on windows 3–6.
      const runs = await restarted[0].database.knex('scheduled_runs').where({ task: 'monitors' }).orderBy('slot');
      expect(runs.map((r) => [r.slot, r.status])).to.deep.equal([
        [`${monitorId}:${win(2)}`, 'done'],
        [`${monitorId}:${win(4)}`, 'done'],
      ]);
    });

    if (processes === 1) {
      it('skips a window whose evaluation failed every attempt, recording why, so later windows still run', async () => {
        const runtime = await boot();
        const { monitorId } = await deploy(runtime, receiver);
        // A definition this build cannot evaluate (as if written by a newer version).
        await runtime.database.knex('monitors').where({ id: monitorId }).update({ metric: 'span_count_p90' });
        clock.set(new Date(win(2)));
        for (const delay of [0, 30_000, 60_000, 120_000, 240_000]) {
          clock.advance(delay);
          await runtime.scheduler.tick();
        }
        const [run] = await runtime.database.knex('scheduled_runs').where({ task: 'monitors', slot: `${monitorId}:${win(2)}` });
        expect([run.status, run.attempts, run.last_error]).to.deep.equal(['failed', 5, 'unknown monitor metric span_count_p90']);
        const windows = await runtime.database.knex('monitor_windows').where({ monitor_id: monitorId });
        expect(windows.map((w) => [Number(w.window_end), w.value, JSON.parse(w.details)])).to.deep.equal([[win(2), null, { failed: 'unknown monitor metric span_count_p90' }]]);
        expect(Number((await runtime.database.knex('monitors').where({ id: monitorId }).first()).last_window_end)).to.equal(win(2));
        expect(await recordedEvents(runtime)).to.deep.equal([]);
      });
    }
  });
}

for (const adapter of ADAPTERS) scheduling(adapter, 1);
// Several processes on one database are a PostgreSQL deployment (SQLite serves one process).
if (ADAPTERS.includes('postgres')) scheduling('postgres', 2);
