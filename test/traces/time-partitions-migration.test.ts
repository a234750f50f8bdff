import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { migrateToLatest } from '../../adapters/database.js';
import { createStore } from '../../adapters/store.js';
import { legacyUpperBound, WEEK_MS, weekStart } from '../../adapters/postgres/time-partitions.js';
import { parseSearchQuery } from '../../src/domain/traces/search-query.js';
import type { Store } from '../../src/ports/store.js';
import type { SearchQuery, SpanRecord, TraceRecord, TraceWrite } from '../../src/ports/traces.js';
import { onDatabaseThrough, organizationRow } from '../support/migrated-store.js';
import { SWAP } from '../../adapters/migrations/053-time-partitions.js';
import { eventually } from '../support/eventually.js';
import { rejectionOf } from '../support/rejection.js';

const AT = Date.parse('2026-11-01T12:00:00.000Z');

const spanOf = (spanId: string): SpanRecord => ({
  spanId, parentSpanId: null, position: 0, name: `step ${spanId}`, spanType: 'LLM', status: 'success', latencyMs: 5, cost: null,
  startTime: new Date(AT), input: null, output: null, error: null, metadata: {},
});

const traceOf = (projectId: string, id: string): TraceRecord => ({
  projectId, id, name: `granite quarry ${id}`, status: 'success', createdAt: new Date(AT), latencyMs: 10, cost: 0, spanCount: 1, totalTokens: 0,
  framework: null, agentName: null, errorMessage: null, metadata: {}, sessionId: null, userId: null, environment: null, release: null, inputTokens: 0, outputTokens: 0, tags: ['legacy'],
});

const writeOf = (projectId: string, id: string): TraceWrite => ({ trace: traceOf(projectId, id), spans: [spanOf('s1'), spanOf('s2')], searchText: `granite quarry ${id}` });

const query = (text: string): SearchQuery => parseSearchQuery(text) as SearchQuery;

const append = async (store: Store, projectId: string, id: string, spans: string[]) => {
  const rows = await store.traces.prepareAppend([{ trace: traceOf(projectId, id), spans: spans.map(spanOf) }], { expectNew: false });
  return store.transaction((tx) => tx.traces.appendSpans(rows));
};

const partitionOf = async (knex: Knex, table: string, column: string, id: string): Promise<string[]> =>
  (await knex.raw(`SELECT DISTINCT tableoid::regclass::text AS part FROM ?? WHERE ?? = ?`, [table, column, id])).rows.map((r: { part: string }) => r.part);

/**
 * Migration 053 over a database holding data written by this code through its repositories at 052
 * (docs/partitioning.md, "Migrating"): the stored rows become the legacy partition and everything reads,
 * searches, appends and deletes as before.
 */
describe('[postgres] migration 053-time-partitions', () => {
  it('makes the stored rows the legacy partition, up to the week after next, and keeps them readable, searchable, appendable and deletable', async () => {
    await onDatabaseThrough('postgres', '052-trace-registry', async (database) => {
      const knex = database.knex;
      const projectId = randomUUID();
      await knex('projects').insert({ id: projectId, organization_id: await organizationRow(knex, AT), name: 'p', created_at: AT, updated_at: AT });
      const before = createStore(knex, database.dialect);
      await before.transaction((tx) => tx.traces.insertMany([writeOf(projectId, 'native-1'), writeOf(projectId, 'native-2')]));
      await append(before, projectId, 'otlp-1', ['o1']);
      await knex('scores').insert({ id: randomUUID(), project_id: projectId, name: 'grade', data_type: 'numeric', numeric_value: 1, target: 'trace', trace_id: 'native-2', source: 'api', created_at: AT });
      const seqBefore = Number((await knex('trace_search').max({ seq: 'seq' }).first())?.seq);
      const answers = async (store: Store) => ({
        word: (await store.traces.search({ projectId, query: query('granite'), sort: 'relevance', filters: {}, limit: 10, offset: 0, countLimit: 100, rankLimit: 100 })).traces.map((t) => t.id),
        phrase: (await store.traces.search({ projectId, query: query('"granite quarry"'), sort: 'relevance', filters: {}, limit: 10, offset: 0, countLimit: 100, rankLimit: 100 })).traces.map((t) => t.id),
        list: (await store.traces.list({ projectId, filters: {}, limit: 10 })).map((t) => t.id),
        spans: (await store.traces.findWithSpans(projectId, 'native-1'))?.spans.map((s) => s.spanId),
      });
      const answered = await answers(before);

      await migrateToLatest(database);
      const store = createStore(knex, database.dialect);

      expect(await legacyUpperBound(knex, 'traces')).to.equal(weekStart(Date.now()) + 2 * WEEK_MS);
      for (const [table, column] of [['traces', 'id'], ['spans', 'trace_id'], ['trace_search', 'trace_id'], ['trace_tags', 'trace_id']]) {
        expect(await partitionOf(knex, table, column, 'native-1'), table).to.deep.equal([`${table}_legacy`]);
      }
      expect(await answers(store)).to.deep.equal(answered);

      expect(await append(store, projectId, 'otlp-1', ['o1', 'o2'])).to.deep.equal([{ created: false, refused: false, added: 1 }]);
      await store.transaction((tx) => tx.traces.insertMany([writeOf(projectId, 'native-3')]));
      // The store order continues where the identity stood.
      expect(Number((await knex('trace_search').where({ trace_id: 'native-3' }).first('seq'))?.seq)).to.be.greaterThan(seqBefore);
      expect((await store.traces.search({ projectId, query: query('"granite quarry"'), sort: 'relevance', filters: {}, limit: 10, offset: 0, countLimit: 100, rankLimit: 100 })).traces.map((t) => t.id).sort())
        .to.deep.equal(['native-1', 'native-2', 'native-3']); // the append alone writes no search document (the ingestion service does)

      expect(await store.transaction((tx) => tx.dataLifecycle.deleteTraces(projectId, ['native-2']))).to.equal(1);
      expect(Number((await knex('scores').where({ project_id: projectId }).count({ n: '*' }).first())?.n)).to.equal(0);
      expect(await store.traces.findById(projectId, 'native-2')).to.equal(null);
    });
  });
  /** Runs `work` with phase B's bounds shortened for a test, its log captured; restores them after. */
  async function withSwapBounds<T>(bounds: Partial<typeof SWAP>, work: (logged: string[]) => Promise<T>): Promise<T> {
    const saved = { ...SWAP };
    const logged: string[] = [];
    Object.assign(SWAP, { log: (message: string) => logged.push(message) }, bounds);
    try {
      return await work(logged);
    } finally {
      Object.assign(SWAP, saved);
    }
  }

  /** A transaction held open on its own connection until `release()`; `pid` is its backend. */
  async function heldOpen(knex: Knex, first: (trx: Knex.Transaction) => Promise<unknown>): Promise<{ pid: number; trx: Knex.Transaction; release: () => Promise<void> }> {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let pid!: number;
    let held!: Knex.Transaction;
    let ready!: () => void;
    const started = new Promise<void>((resolve) => (ready = resolve));
    const done = knex.transaction(async (trx) => {
      held = trx;
      pid = Number((await trx.raw('SELECT pg_backend_pid() AS pid')).rows[0].pid);
      await first(trx);
      ready();
      await gate;
    });
    await started;
    return { pid, trx: held, release: async () => { release(); await done; } };
  }

  const partitioned = async (knex: Knex) =>
    (await knex.raw(`SELECT c.relname AS name FROM pg_class c WHERE c.oid IN (SELECT to_regclass(t) FROM unnest(?::text[]) t) AND c.relkind = 'p' ORDER BY 1`, [['spans', 'trace_search', 'trace_tags', 'traces']])).rows.map(
      (r: { name: string }) => r.name,
    );

  it('phase A blocks no write: while its concurrent index build waits for an open write, another write through the repositories completes', async () => {
    await onDatabaseThrough('postgres', '052-trace-registry', async (database) => {
      const knex = database.knex;
      const projectId = randomUUID();
      await knex('projects').insert({ id: projectId, organization_id: await organizationRow(knex, AT), name: 'p', created_at: AT, updated_at: AT });
      const store = createStore(knex, database.dialect);
      await store.transaction((tx) => tx.traces.insertMany([writeOf(projectId, 'stored')]));
      const open = await heldOpen(knex, (trx) => createStore(trx, database.dialect).traces.insertMany([writeOf(projectId, 'held')]));

      let settled = false;
      const migrating = migrateToLatest(database).finally(() => (settled = true));
      await eventually(
        async () => (await knex.raw(`SELECT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE ? = ANY(pg_blocking_pids(a.pid)) AND a.query ILIKE 'CREATE UNIQUE INDEX CONCURRENTLY%') AS waiting`, [open.pid])).rows[0].waiting === true,
        { what: 'the index build waiting for the open write' },
      );
      await store.transaction((tx) => tx.traces.insertMany([writeOf(projectId, 'meanwhile')]));
      expect(settled).to.equal(false);
      await open.release();
      await migrating;

      expect(await partitioned(knex)).to.deep.equal(['spans', 'trace_search', 'trace_tags', 'traces']);
      expect(await partitionOf(knex, 'spans', 'trace_id', 'meanwhile')).to.deep.equal(['spans_legacy']);
      expect((await createStore(knex, database.dialect).traces.list({ projectId, filters: {}, limit: 10 })).map((t) => t.id).sort()).to.deep.equal(['held', 'meanwhile', 'stored']);
    });
  });

  it('waits at most lock_timeout for each exclusive lock and retries, logging why, while writes go through; completes once the lock is free', async () => {
    await onDatabaseThrough('postgres', '052-trace-registry', async (database) => {
      const knex = database.knex;
      const projectId = randomUUID();
      await knex('projects').insert({ id: projectId, organization_id: await organizationRow(knex, AT), name: 'p', created_at: AT, updated_at: AT });
      const store = createStore(knex, database.dialect);
      await withSwapBounds({ lockTimeoutMs: 100, retryDelayMs: 20 }, async (logged) => {
        // A long reader of traces: it conflicts with ACCESS EXCLUSIVE only.
        const reader = await heldOpen(knex, (trx) => trx.raw('SELECT count(*) FROM traces'));
        const migrating = migrateToLatest(database);
        await eventually(() => logged.filter((line) => line.endsWith('retrying')).length >= 2, { what: 'two retries logged' });
        await store.transaction((tx) => tx.traces.insertMany([writeOf(projectId, 'meanwhile')]));
        await reader.release();
        await migrating;

        expect(logged.filter((line) => line.endsWith('retrying'))[0]).to.match(/^053-time-partitions: traces: .* a lock was not granted within 100 ms \(attempt 1\); retrying$/);
        expect(await partitioned(knex)).to.deep.equal(['spans', 'trace_search', 'trace_tags', 'traces']);
        expect(await partitionOf(knex, 'traces', 'id', 'meanwhile')).to.deep.equal(['traces_legacy']);
      });
    });
  });

  it('fails with the lock error when its attempts run out, and a second run completes it on the same legacy bound', async () => {
    await onDatabaseThrough('postgres', '052-trace-registry', async (database) => {
      const knex = database.knex;
      const projectId = randomUUID();
      await knex('projects').insert({ id: projectId, organization_id: await organizationRow(knex, AT), name: 'p', created_at: AT, updated_at: AT });
      await createStore(knex, database.dialect).transaction((tx) => tx.traces.insertMany([writeOf(projectId, 'stored')]));
      await withSwapBounds({ lockTimeoutMs: 100, retryDelayMs: 20, attempts: 2 }, async (logged) => {
        // An open write to a project: the swap of spans re-adds its foreign key to projects, which waits for it.
        const writer = await heldOpen(knex, (trx) => trx('projects').where({ id: projectId }).update({ name: 'renamed' }));
        const failure = (await rejectionOf(migrateToLatest(database))) as { code?: string };
        await writer.release();

        expect(failure.code).to.equal('55P03');
        expect(logged.filter((line) => line.endsWith('retrying'))).to.deep.equal(['053-time-partitions: spans: the swap to a partitioned table: a lock was not granted within 100 ms (attempt 1); retrying']);
        expect(await partitioned(knex)).to.deep.equal([]);
        await migrateToLatest(database);
      });

      expect(await partitioned(knex)).to.deep.equal(['spans', 'trace_search', 'trace_tags', 'traces']);
      expect(await legacyUpperBound(knex, 'traces')).to.equal(weekStart(Date.now()) + 2 * WEEK_MS);
      expect(await partitionOf(knex, 'spans', 'trace_id', 'stored')).to.deep.equal(['spans_legacy']);
      expect((await createStore(knex, database.dialect).traces.findWithSpans(projectId, 'stored'))?.spans.map((s) => s.spanId)).to.deep.equal(['s1', 's2']);
    });
  });
  it('takes the tables a swap\'s foreign keys reference before the table: a writer that checked its project and then writes spans is not deadlocked', async () => {
    await onDatabaseThrough('postgres', '052-trace-registry', async (database) => {
      const knex = database.knex;
      const projectId = randomUUID();
      await knex('projects').insert({ id: projectId, organization_id: await organizationRow(knex, AT), name: 'p', created_at: AT, updated_at: AT });
      await withSwapBounds({ lockTimeoutMs: 30_000 }, async (logged) => {
        // A write's first statement checks its project (a foreign key): the lock on projects is held to its end.
        const writer = await heldOpen(knex, (trx) => trx('trace_ids').insert({ project_id: projectId, id: 'first', stored_at: Date.now() }));
        const migrating = migrateToLatest(database);
        await eventually(
          async () => (await knex.raw('SELECT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE ? = ANY(pg_blocking_pids(a.pid))) AS waiting', [writer.pid])).rows[0].waiting === true,
          { timeoutMs: 20_000, what: 'the swap waiting for the writer' },
        );
        // Then the same write goes on to spans: it must not wait for the swap that waits for it.
        await createStore(writer.trx, database.dialect).traces.insertMany([writeOf(projectId, 'second')]);
        await writer.release();
        await migrating;

        expect(logged).to.deep.equal([]);
      });
      expect(await partitioned(knex)).to.deep.equal(['spans', 'trace_search', 'trace_tags', 'traces']);
      expect(await partitionOf(knex, 'spans', 'trace_id', 'second')).to.deep.equal(['spans_legacy']);
    });
  });
  it('is the deadlock\'s victim, retried, when a writer holding a table then needs projects (an append\'s spans insert checking its project): the write completes', async () => {
    await onDatabaseThrough('postgres', '052-trace-registry', async (database) => {
      const knex = database.knex;
      const projectId = randomUUID();
      await knex('projects').insert({ id: projectId, organization_id: await organizationRow(knex, AT), name: 'p', created_at: AT, updated_at: AT });
      // Phase A done, no swap yet: a first run stopped by an open write to the project.
      await withSwapBounds({ lockTimeoutMs: 100, retryDelayMs: 20, attempts: 1 }, async () => {
        const blocker = await heldOpen(knex, (trx) => trx('projects').where({ id: projectId }).update({ name: 'renamed' }));
        expect(((await rejectionOf(migrateToLatest(database))) as { code?: string }).code).to.equal('55P03');
        await blocker.release();
      });
      await withSwapBounds({ lockTimeoutMs: 30_000, retryDelayMs: 20, attempts: 3 }, async (logged) => {
        // As an append whose spans insert has begun (spans locked) and whose project check comes next.
        const writer = await heldOpen(knex, (trx) => trx.raw('LOCK TABLE spans IN ROW EXCLUSIVE MODE'));
        const migrating = migrateToLatest(database);
        await eventually(
          async () => (await knex.raw('SELECT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE ? = ANY(pg_blocking_pids(a.pid))) AS waiting', [writer.pid])).rows[0].waiting === true,
          { timeoutMs: 20_000, what: 'the swap holding projects and waiting for spans' },
        );
        await createStore(writer.trx, database.dialect).traces.insertMany([writeOf(projectId, 'appended')]);
        await writer.release();
        await migrating;

        expect(logged).to.deep.equal(["053-time-partitions: spans: the swap to a partitioned table: chosen as a deadlock's victim (attempt 1); retrying"]);
      });
      expect(await partitioned(knex)).to.deep.equal(['spans', 'trace_search', 'trace_tags', 'traces']);
      expect(await partitionOf(knex, 'spans', 'trace_id', 'appended')).to.deep.equal(['spans_legacy']);
    });
  });
});
