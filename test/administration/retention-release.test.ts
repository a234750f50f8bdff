import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { partitionNameOf, PARTITIONED_TABLES, relationExists, WEEK_MS, weekStart } from '../../adapters/postgres/time-partitions.js';
import { SqlDataLifecycleRepository } from '../../adapters/sql/data-lifecycle-repository.js';
import { DataLifecycle } from '../../src/domain/lifecycle/data-lifecycle.js';
import type { StoredWeek, TraceFloors, WeekRelease } from '../../src/ports/data-lifecycle.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { endLegacyPartitionAt, moveToWeek } from './week-fixtures.js';

const DAY = 24 * 3600_000;

const tracePayload = (id: string, startMs: number) => ({
  trace_id: id,
  name: `tulip run ${id}`,
  spans: [{ span_id: `${id}-root`, name: 'plan', span_type: 'AGENT', status: 'error', error: 'failed', start_time: new Date(startMs).toISOString() }],
});

/**
 * One step of a past week's release (docs/partitioning.md, "Retention", step 2; releaseWeek): which
 * registry rows and rows outside the partitions it deletes, and which it keeps. PostgreSQL only: the
 * drop path exists only on partitioned storage. Each case has a past week of its own, so the rows
 * left in it are exactly its own.
 */
describe('[postgres] retention: a past week\'s release', function () {
  this.timeout(60_000);
  let server: TestServer;
  let knex: Knex;
  const current = weekStart(Date.now());
  let nextWeek = current - 12 * WEEK_MS;

  before(async () => {
    server = await startTestServer('postgres', { env: { DETECTION_WORKER_ENABLED: 'false' } });
    knex = server.runtime.database.knex;
    // The legacy partition (empty on this new database) ends twelve weeks back; each case takes one or two weeks after it, all past (a week ends its drop-wait a day after its end).
    await endLegacyPartitionAt(knex, nextWeek);
    for (let week = nextWeek; week <= current + WEEK_MS; week += WEEK_MS) await server.runtime.store.transaction((tx) => tx.timePartitions.createWeek(week));
  });
  after(async () => server.close());

  /** A past week of its own: `[from, from + 1 week)`. */
  const ownWeek = (): StoredWeek => {
    const fromMs = nextWeek;
    nextWeek += WEEK_MS;
    return { fromMs, toMs: fromMs + WEEK_MS };
  };
  const newProject = async (name: string) =>
    expectEnvelope<{ id: string }>(await server.request().post('/api/v1/public/projects').set('x-api-key', server.tenant.orgApiKey).send({ name }), 201).id;
  /** Traces created 30 days ago (past a 7-day floor), stored in `week`. */
  const oldTraces = async (projectId: string, ids: string[], week: StoredWeek) => {
    const now = server.clock.now().getTime();
    await server.runtime.services.traceIngestion.ingestBatch(projectId, ids.map((id, i) => tracePayload(id, now - 30 * DAY - i * 1000)));
    await moveToWeek(knex, projectId, ids, week.fromMs!);
  };
  const floorOf = () => server.clock.now().getTime() - 7 * DAY;
  const release = (week: StoredWeek, floors: TraceFloors, limit = 100, after: WeekRelease['next'] = null) =>
    server.runtime.store.transaction((tx) => tx.dataLifecycle.releaseWeek(week, floors, after, limit));
  /** `project:id` of the registry rows stored in the week. */
  const registered = async (week: StoredWeek) =>
    (await knex('trace_ids').where('stored_at', '>=', week.fromMs!).andWhere('stored_at', '<', week.toMs).orderBy(['project_id', 'id']).select('project_id', 'id')).map((r) => `${r.project_id}:${r.id}`);
  const traceIdsOf = async (table: string, projectId: string) => (await knex(table).where({ project_id: projectId }).orderBy('trace_id').pluck('trace_id')) as string[];

  /** A detection event, a cluster membership, a fix link and a score for each trace (ingest queued its detection job); the cluster holds them all. */
  async function derivedRows(projectId: string, ids: string[]): Promise<{ clusterId: string; fixId: string }> {
    const now = server.clock.now().getTime();
    const detection = await server.runtime.services.detections.create(projectId, { slug: `pii-${randomUUID().slice(0, 8)}`, displayName: 'PII', type: 'pii', threshold: 0.5, severity: 'high', config: {} });
    const clusterId = randomUUID();
    const fixId = randomUUID();
    await knex('failure_clusters').insert({
      id: clusterId, project_id: projectId, sequence: 1, bucket: 'b', template: 't', member_count: ids.length, first_seen_at: now, last_seen_at: now, detection_ids: '[]', created_at: now, updated_at: now,
    });
    await knex('fixes').insert({ id: fixId, project_id: projectId, title: 'fix', status: 'open', severity: 'high', creator: 'test', created_at: now, updated_at: now });
    for (const id of ids) {
      await knex('detection_events').insert({ id: randomUUID(), project_id: projectId, detection_id: detection.id, trace_id: id, score: 1, trace_created_at: now, created_at: now });
      await knex('failure_cluster_members').insert({ project_id: projectId, trace_id: id, cluster_id: clusterId, signature: 's', detection_ids: '[]', seen_at: now, assigned_at: now });
      await knex('fix_traces').insert({ fix_id: fixId, trace_id: id, accuracy: 1, linked_at: now });
      await knex('scores').insert({ id: randomUUID(), project_id: projectId, name: 'grade', data_type: 'numeric', numeric_value: 1, target: 'trace', trace_id: id, source: 'api', created_at: now });
    }
    return { clusterId, fixId };
  }

  it('deletes the released traces\' registry rows, detection events and jobs, cluster memberships, fix links and scores, and leaves their partitioned rows for the drop', async () => {
    const week = ownWeek();
    const projectId = await newProject('Released');
    await oldTraces(projectId, ['old-1', 'old-2', 'old-3'], week);
    const { fixId } = await derivedRows(projectId, ['old-1', 'old-2', 'old-3']);
    for (const table of ['detection_events', 'detection_jobs', 'failure_cluster_members', 'scores']) expect(await traceIdsOf(table, projectId), table).to.deep.equal(['old-1', 'old-2', 'old-3']);

    expect(await release(week, new Map([[projectId, floorOf()]]))).to.deep.equal({ released: 3, next: null });

    expect(await registered(week)).to.deep.equal([]);
    for (const table of ['detection_events', 'detection_jobs', 'failure_cluster_members', 'scores']) expect(await traceIdsOf(table, projectId), table).to.deep.equal([]);
    expect(await knex('fix_traces').where({ fix_id: fixId }).pluck('trace_id')).to.deep.equal([]);
    expect((await knex('traces').where({ project_id: projectId }).orderBy('id').pluck('id')) as string[]).to.deep.equal(['old-1', 'old-2', 'old-3']);
    expect(await traceIdsOf('spans', projectId)).to.deep.equal(['old-1', 'old-2', 'old-3']);
  });

  it('keeps a trace whose created_at moved later than its floor: its registry row and every row of it stay, and its cluster\'s count falls by the released members only', async () => {
    const week = ownWeek();
    const projectId = await newProject('Moved');
    await oldTraces(projectId, ['gone', 'moved'], week);
    const { clusterId, fixId } = await derivedRows(projectId, ['gone', 'moved']);
    // As an OTLP append whose spans carry no start time moves its trace to the time received.
    await knex('traces').where({ project_id: projectId, id: 'moved' }).update({ created_at: server.clock.now().getTime() });

    expect(await release(week, new Map([[projectId, floorOf()]]))).to.deep.equal({ released: 1, next: null });

    expect(await registered(week)).to.deep.equal([`${projectId}:moved`]);
    for (const table of ['detection_events', 'detection_jobs', 'failure_cluster_members', 'scores']) expect(await traceIdsOf(table, projectId), table).to.deep.equal(['moved']);
    expect(await knex('fix_traces').where({ fix_id: fixId }).pluck('trace_id')).to.deep.equal(['moved']);
    expect((await knex('failure_clusters').where({ id: clusterId }).first('member_count')).member_count).to.equal(1);
  });

  it('keeps the traces of a project not among the floors (no retention), in the same week and step', async () => {
    const week = ownWeek();
    const [expiring, kept] = [await newProject('Expiring'), await newProject('Forever')];
    await oldTraces(expiring, ['e-1'], week);
    await oldTraces(kept, ['k-1', 'k-2'], week);
    await derivedRows(kept, ['k-1', 'k-2']);

    expect(await release(week, new Map([[expiring, floorOf()]]))).to.deep.equal({ released: 1, next: null });

    expect(await registered(week)).to.deep.equal([`${kept}:k-1`, `${kept}:k-2`]);
    for (const table of ['detection_events', 'detection_jobs', 'failure_cluster_members', 'scores']) expect(await traceIdsOf(table, kept), table).to.deep.equal(['k-1', 'k-2']);
  });

  it('skips a trace whose registry row an append holds, without waiting for it; a later step releases it once free', async () => {
    const week = ownWeek();
    const projectId = await newProject('Appended');
    await oldTraces(projectId, ['busy', 'idle'], week);
    await derivedRows(projectId, ['busy', 'idle']);
    const floors = new Map([[projectId, floorOf()]]);

    let step: WeekRelease | undefined;
    await knex.transaction(async (append) => {
      // The lock appendLocking takes before it changes a trace.
      await append.raw('SELECT id FROM trace_ids WHERE project_id = ? AND id = ? FOR UPDATE', [projectId, 'busy']);
      step = await release(week, floors);
    });

    expect(step).to.deep.equal({ released: 1, next: null });
    expect(await registered(week)).to.deep.equal([`${projectId}:busy`]);
    expect(await traceIdsOf('detection_events', projectId)).to.deep.equal(['busy']);
    expect(await release(week, floors)).to.deep.equal({ released: 1, next: null });
    expect(await registered(week)).to.deep.equal([]);
  });

  it('walks the week in steps of `limit` traces in (stored_at, project, id) order: each step a cursor, the last none', async () => {
    const week = ownWeek();
    const projectId = await newProject('Stepped');
    await oldTraces(projectId, ['a', 'b', 'c', 'd', 'e'], week);
    const floors = new Map([[projectId, floorOf()]]);

    const first = await release(week, floors, 2);
    expect(first).to.deep.equal({ released: 2, next: { storedAt: week.fromMs, projectId, id: 'b' } });
    expect(await registered(week)).to.deep.equal(['c', 'd', 'e'].map((id) => `${projectId}:${id}`));
    const second = await release(week, floors, 2, first.next);
    expect(second).to.deep.equal({ released: 2, next: { storedAt: week.fromMs, projectId, id: 'd' } });
    expect(await release(week, floors, 2, second.next)).to.deep.equal({ released: 1, next: null });
    expect(await registered(week)).to.deep.equal([]);
  });

  it("purges a deleted project's past week alone by its drop, and its traces in a week shared with a project that keeps them, or stored this week, row by row", async () => {
    const alone = ownWeek();
    const shared = ownWeek();
    const doomed = await newProject('Doomed by weeks');
    const keeper = await newProject('Keeps its traces');
    await oldTraces(doomed, ['alone-1', 'alone-2', 'alone-3'], alone);
    await oldTraces(doomed, ['shared-1', 'shared-2'], shared);
    await oldTraces(keeper, ['kept-1'], shared);
    await server.runtime.services.traceIngestion.ingestBatch(doomed, [tracePayload('now-1', server.clock.now().getTime())]);
    const headers = { 'x-api-key': server.tenant.orgApiKey, 'x-project-id': doomed };
    await server.request().delete('/api/v1/public/project').set(headers).send({ confirmation: doomed }).expect(200);

    const lifecycle = new DataLifecycle(server.runtime.store, server.clock, server.runtime.services.audit, { batchSize: 100, releaseBatchSize: 100, batchesPerRun: 1000, leaseMs: 60_000 });
    const deletedRowByRow: string[] = [];
    const dropped: number[] = [];
    const { deleteTraces, dropWeek } = SqlDataLifecycleRepository.prototype;
    SqlDataLifecycleRepository.prototype.deleteTraces = async function (this: SqlDataLifecycleRepository, ...args: Parameters<typeof deleteTraces>) {
      if (args[0] === doomed) deletedRowByRow.push(...args[1]);
      return deleteTraces.apply(this, args);
    };
    SqlDataLifecycleRepository.prototype.dropWeek = async function (this: SqlDataLifecycleRepository, ...args: Parameters<typeof dropWeek>) {
      if (args[0].fromMs === alone.fromMs || args[0].fromMs === shared.fromMs) dropped.push(args[0].fromMs!);
      return dropWeek.apply(this, args);
    };
    try {
      expect(await lifecycle.runOnce('purge-by-drop')).to.deep.include({ ran: true, purgedProjects: 1, more: false });
    } finally {
      Object.assign(SqlDataLifecycleRepository.prototype, { deleteTraces, dropWeek });
    }

    expect(dropped).to.deep.equal([alone.fromMs]);
    expect(deletedRowByRow.sort()).to.deep.equal(['now-1', 'shared-1', 'shared-2']);
    expect(await Promise.all(PARTITIONED_TABLES.map((table) => relationExists(knex, partitionNameOf(table, alone.fromMs))))).to.deep.equal([false, false, false, false]);
    for (const table of ['traces', 'trace_ids']) expect(await knex(table).where({ project_id: doomed }).pluck('id'), table).to.deep.equal([]);
    for (const table of ['spans', 'trace_search', 'trace_tags']) expect(await traceIdsOf(table, doomed), table).to.deep.equal([]);
    expect(await knex('projects').where({ id: doomed }).pluck('id')).to.deep.equal([]);
    expect(await registered(shared)).to.deep.equal([`${keeper}:kept-1`]);
    expect(await knex('traces').where({ project_id: keeper }).pluck('id')).to.deep.equal(['kept-1']);
    // The run dropped the empty past weeks the later cases take theirs from: created again.
    for (let week = nextWeek; week < current; week += WEEK_MS) await server.runtime.store.transaction((tx) => tx.timePartitions.createWeek(week));
  });

  it('releases in steps of the lifecycle\'s releaseBatchSize, not its batchSize, then drops the week', async () => {
    const week = ownWeek();
    const projectId = await newProject('Lifecycle steps');
    await server.request().patch('/api/v1/public/project').set({ 'x-api-key': server.tenant.orgApiKey, 'x-project-id': projectId }).send({ retentionDays: 7 }).expect(200);
    await oldTraces(projectId, ['s-1', 's-2', 's-3', 's-4', 's-5'], week);
    const lifecycle = new DataLifecycle(server.runtime.store, server.clock, server.runtime.services.audit, { batchSize: 100, releaseBatchSize: 2, batchesPerRun: 1000, leaseMs: 60_000 });
    const steps: number[] = [];
    const original = SqlDataLifecycleRepository.prototype.releaseWeek;
    SqlDataLifecycleRepository.prototype.releaseWeek = async function (this: SqlDataLifecycleRepository, ...args: Parameters<typeof original>) {
      const step = await original.apply(this, args);
      if (args[0].fromMs === week.fromMs) steps.push(step.released);
      return step;
    };
    try {
      expect((await lifecycle.runOnce('steps')).more).to.equal(false);
    } finally {
      SqlDataLifecycleRepository.prototype.releaseWeek = original;
    }

    expect(steps).to.deep.equal([2, 2, 1]);
    expect(await Promise.all(PARTITIONED_TABLES.map((table) => relationExists(knex, partitionNameOf(table, week.fromMs))))).to.deep.equal([false, false, false, false]);
    expect(await knex('traces').where({ project_id: projectId }).pluck('id')).to.deep.equal([]);
  });
});
