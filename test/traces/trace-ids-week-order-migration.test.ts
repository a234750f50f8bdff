import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { migrateToLatest, pendingMigrations } from '../../adapters/database.js';
import { createStore } from '../../adapters/store.js';
import type { SpanRecord, TraceRecord, TraceWrite } from '../../src/ports/traces.js';
import { onDatabaseThrough, organizationRow } from '../support/migrated-store.js';
import { eventually } from '../support/eventually.js';

const AT = Date.parse('2026-11-01T12:00:00.000Z');

const spanOf = (spanId: string): SpanRecord => ({
  spanId, parentSpanId: null, position: 0, name: `step ${spanId}`, spanType: 'LLM', status: 'success', latencyMs: 5, cost: null,
  startTime: new Date(AT), input: null, output: null, error: null, metadata: {},
});

const writeOf = (projectId: string, id: string): TraceWrite => {
  const trace: TraceRecord = {
    projectId, id, name: `trace ${id}`, status: 'success', createdAt: new Date(AT), latencyMs: 10, cost: 0, spanCount: 1, totalTokens: 0,
    framework: null, agentName: null, errorMessage: null, metadata: {}, sessionId: null, userId: null, environment: null, release: null, inputTokens: 0, outputTokens: 0, tags: [],
  };
  return { trace, spans: [spanOf('s1')], searchText: `trace ${id}` };
};

/** A transaction held open on its own connection until `release()`; `pid` is its backend. */
async function heldOpen(knex: Knex, first: (trx: Knex.Transaction) => Promise<unknown>): Promise<{ pid: number; release: () => Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let pid!: number;
  let ready!: () => void;
  const started = new Promise<void>((resolve) => (ready = resolve));
  const done = knex.transaction(async (trx) => {
    pid = Number((await trx.raw('SELECT pg_backend_pid() AS pid')).rows[0].pid);
    await first(trx);
    ready();
    await gate;
  });
  await started;
  return { pid, release: async () => { release(); await done; } };
}

/** The registry's indexes besides its primary key, with their definitions and validity. */
const registryIndexes = async (knex: Knex) =>
  (await knex.raw(
    `SELECT i.relname AS name, x.indisvalid AS valid, pg_get_indexdef(i.oid) AS definition FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
     WHERE x.indrelid = 'trace_ids'::regclass AND NOT x.indisprimary ORDER BY 1`,
  )).rows.map((r: { name: string; valid: boolean; definition: string }) => ({ name: r.name, valid: r.valid, columns: /\(([^)]*)\)$/.exec(r.definition)?.[1] }));

const WEEK_ORDER = [{ name: 'trace_ids_week_idx', valid: true, columns: 'stored_at, project_id, id' }];

/** Fails with `what` if `work` has not settled within `ms`: a write queued behind a blocking build would hang instead. */
const within = <T>(ms: number, what: string, work: Promise<T>): Promise<T> =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not complete within ${ms} ms`)), ms))]);

/** Migration 054 (the registry's week-walk index) over a database holding data, at 053. */
describe('[postgres] migration 054-trace-ids-week-order', () => {
  it('builds its index concurrently: while the build waits for an open write, a new trace\'s registry row is written', async () => {
    await onDatabaseThrough('postgres', '053-time-partitions', async (database) => {
      const knex = database.knex;
      const projectId = randomUUID();
      await knex('projects').insert({ id: projectId, organization_id: await organizationRow(knex, AT), name: 'p', created_at: AT, updated_at: AT });
      const store = createStore(knex, database.dialect);
      await store.transaction((tx) => tx.traces.insertMany([writeOf(projectId, 'stored-1'), writeOf(projectId, 'stored-2')]));
      const open = await heldOpen(knex, (trx) => createStore(trx, database.dialect).traces.insertMany([writeOf(projectId, 'held')]));

      let settled = false;
      const migrating = migrateToLatest(database).finally(() => (settled = true));
      try {
        await eventually(
          async () => (await knex.raw(`SELECT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE ? = ANY(pg_blocking_pids(a.pid)) AND a.query ILIKE 'CREATE INDEX%trace_ids_week_idx%') AS waiting`, [open.pid])).rows[0].waiting === true,
          { what: 'the index build waiting for the open write' },
        );
        // A plain CREATE INDEX holds SHARE on trace_ids while it waits: this insert would queue behind it.
        await within(5000, 'a write during the build', store.transaction((tx) => tx.traces.insertMany([writeOf(projectId, 'meanwhile')])));
        expect(settled).to.equal(false);
      } finally {
        // Released whatever happened, so a failure here is reported instead of hanging the teardown.
        await open.release();
        await migrating;
      }

      expect(await registryIndexes(knex)).to.deep.equal(WEEK_ORDER);
      expect((await knex('trace_ids').where({ project_id: projectId }).orderBy('id').select('id')).map((r: { id: string }) => r.id)).to.deep.equal(['held', 'meanwhile', 'stored-1', 'stored-2']);
      expect(await pendingMigrations(database)).to.deep.equal([]);
    });
  });

  it('drops an invalid index left by an interrupted build and builds it again; a further run changes nothing', async () => {
    await onDatabaseThrough('postgres', '053-time-partitions', async (database) => {
      const knex = database.knex;
      const projectId = randomUUID();
      await knex('projects').insert({ id: projectId, organization_id: await organizationRow(knex, AT), name: 'p', created_at: AT, updated_at: AT });
      await createStore(knex, database.dialect).transaction((tx) => tx.traces.insertMany([writeOf(projectId, 'a'), writeOf(projectId, 'b')]));
      // An interrupted concurrent build leaves its index invalid under the migration's name: a unique
      // build over two rows sharing a stored_at fails the same way, after the catalog entry is made.
      await knex.raw('CREATE UNIQUE INDEX CONCURRENTLY trace_ids_week_idx ON trace_ids (stored_at)').catch(() => undefined);
      expect(await registryIndexes(knex)).to.deep.equal([
        { name: 'trace_ids_stored_idx', valid: true, columns: 'stored_at' },
        { name: 'trace_ids_week_idx', valid: false, columns: 'stored_at' },
      ]);

      await migrateToLatest(database);
      expect(await registryIndexes(knex)).to.deep.equal(WEEK_ORDER);

      // Run again from the start (as after a crash between the build and knex's record of it).
      await knex('knex_migrations').where({ name: '054-trace-ids-week-order' }).delete();
      await migrateToLatest(database);
      expect(await registryIndexes(knex)).to.deep.equal(WEEK_ORDER);
      expect(await pendingMigrations(database)).to.deep.equal([]);
    });
  });
});
