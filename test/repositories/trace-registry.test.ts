import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Store } from '../../src/ports/store.js';
import { TraceIdTakenError, type SpanRecord, type TraceRecord, type TraceWrite } from '../../src/ports/traces.js';
import { forEachAdapter } from '../support/adapters.js';
import { openMigratedStore, type MigratedStore } from '../support/migrated-store.js';

const T0 = new Date('2026-11-01T12:00:00.000Z');

const traceOf = (projectId: string, id: string, name = `trace ${id}`): TraceRecord => ({
  projectId, id, name, status: 'success', createdAt: T0, latencyMs: 10, cost: 0, spanCount: 1, totalTokens: 0,
  framework: null, agentName: null, errorMessage: null, metadata: {}, sessionId: null, userId: null, environment: null, release: null, inputTokens: 0, outputTokens: 0, tags: [],
});

const spanOf = (spanId: string): SpanRecord => ({
  spanId, parentSpanId: null, position: 0, name: spanId, spanType: 'LLM', status: 'success', latencyMs: 5, cost: null,
  startTime: T0, input: { text: spanId }, output: null, error: null, metadata: {},
});

const writeOf = (projectId: string, id: string, name?: string): TraceWrite => ({ trace: traceOf(projectId, id, name), spans: [spanOf('s1')], searchText: `beacon ${id}` });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The trace registry and stored_at (migration 052, docs/partitioning.md): what every trace writer
 * keeps true now that PostgreSQL's uniqueness of a trace id lives in `trace_ids`, not in `traces`.
 */
forEachAdapter((adapter) => {
  describe('trace ids and their registry', () => {
    let opened: MigratedStore;
    let store: Store;
    let knex: Knex;
    let projectId: string;

    before(async () => {
      opened = await openMigratedStore(adapter);
      store = opened.store;
      knex = opened.database.knex;
      const org = await store.organizations.create({ id: randomUUID(), name: 'Registry', now: T0 });
      projectId = (await store.projects.create({ id: randomUUID(), organizationId: org.id, name: 'P', now: T0 })).id;
    });
    after(async () => opened.close());

    const append = async (id: string, spans: string[]) => {
      const rows = await store.traces.prepareAppend([{ trace: traceOf(projectId, id), spans: spans.map(spanOf) }]);
      return store.groupedTransaction((tx) => tx.traces.appendSpans(rows));
    };
    const spanIds = async (traceId: string) => (await store.traces.spansOf(projectId, traceId)).map((s) => s.spanId).sort();

    describe('TraceRepository.insertMany', () => {
      it('stores a trace written outside a transaction, readable with its span and refused again with TraceIdTakenError', async () => {
        await store.traces.insertMany([writeOf(projectId, 'direct-1', 'direct')]);
        expect((await store.traces.findById(projectId, 'direct-1'))?.name).to.equal('direct');
        expect(await spanIds('direct-1')).to.deep.equal(['s1']);
        const again = await store.traces.insertMany([writeOf(projectId, 'direct-1', 'again')]).catch((error: Error) => error);
        expect(again).to.be.instanceOf(TraceIdTakenError);
      });

      it('refuses a trace id already stored with TraceIdTakenError, keeping the stored trace', async () => {
        await store.transaction((tx) => tx.traces.insertMany([writeOf(projectId, 'dup-1', 'first')]));
        const second = await store.transaction((tx) => tx.traces.insertMany([writeOf(projectId, 'dup-1', 'second')])).catch((error: Error) => error);
        expect(second).to.be.instanceOf(TraceIdTakenError);
        expect((await store.traces.findById(projectId, 'dup-1'))?.name).to.equal('first');
      });

      it('stores one of two first writes of one trace id made at once and refuses the other with TraceIdTakenError', async () => {
        const results = await Promise.allSettled(['left', 'right'].map((name) => store.transaction((tx) => tx.traces.insertMany([writeOf(projectId, 'dup-race', name)]))));
        expect(results.map((r) => r.status).sort()).to.deep.equal(['fulfilled', 'rejected']);
        const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
        expect(rejected.reason).to.be.instanceOf(TraceIdTakenError);
        const [{ n }] = await knex('traces').where({ project_id: projectId, id: 'dup-race' }).count({ n: '*' });
        expect(Number(n)).to.equal(1);
      });

      it('refuses an OTLP trace id for a native write: the id is taken whichever API stored it', async () => {
        await append('dup-otlp', ['o1']);
        const native = await store.transaction((tx) => tx.traces.insertMany([writeOf(projectId, 'dup-otlp')])).catch((error: Error) => error);
        expect(native).to.be.instanceOf(TraceIdTakenError);
        expect(await spanIds('dup-otlp')).to.deep.equal(['o1']);
      });
    });

    describe('TraceRepository.appendSpans', () => {
      it("makes a second append to a trace wait for the first one's transaction, then adds its own spans", async () => {
        await append('turns', ['s0']);
        const prepare = (spans: string[]) => store.traces.prepareAppend([{ trace: traceOf(projectId, 'turns'), spans: spans.map(spanOf) }]);
        // Spans of their own: a span both sent would make the second wait on its key alone.
        const [first, second] = [await prepare(['a1']), await prepare(['b1'])];
        let waiting: Promise<unknown> | undefined;
        let settled = false;
        await store.transaction(async (tx) => {
          await tx.traces.appendSpans(first);
          waiting = store.transaction((other) => other.traces.appendSpans(second)).finally(() => {
            settled = true;
          });
          await pause(300);
          expect(settled).to.equal(false);
        });
        expect(await waiting).to.deep.equal([{ created: false, refused: false, added: 1 }]);
        expect(await spanIds('turns')).to.deep.equal(['a1', 'b1', 's0']);
      });
    });

    describe('deleting a trace', () => {
      it("removes its scores and annotation items with it, and leaves another trace's", async () => {
        for (const id of ['gone', 'kept']) await store.transaction((tx) => tx.traces.insertMany([writeOf(projectId, id)]));
        const at = T0.getTime();
        for (const id of ['gone', 'kept']) {
          await knex('scores').insert({ id: randomUUID(), project_id: projectId, name: 'grade', data_type: 'numeric', numeric_value: 1, target: 'trace', trace_id: id, source: 'api', created_at: at });
        }
        const queueId = randomUUID();
        const batchId = randomUUID();
        await knex('annotation_queues').insert({ id: queueId, project_id: projectId, name: 'q', target: 'trace', score_config: '{}', created_at: at });
        await knex('annotation_batches').insert({ id: batchId, project_id: projectId, queue_id: queueId, status: 'open', deadline_at: at, created_at: at });
        for (const [position, id] of ['gone', 'kept'].entries()) {
          await knex('annotation_items').insert({ id: randomUUID(), batch_id: batchId, project_id: projectId, trace_id: id, assignee: randomUUID(), position, status: 'pending' });
        }

        expect(await store.transaction((tx) => tx.dataLifecycle.deleteTraces(projectId, ['gone']))).to.equal(1);

        const left = async (table: string) => (await knex(table).where({ project_id: projectId }).whereIn('trace_id', ['gone', 'kept']).orderBy('trace_id').select('trace_id')).map((r: { trace_id: string }) => r.trace_id);
        expect(await left('scores')).to.deep.equal(['kept']);
        expect(await left('annotation_items')).to.deep.equal(['kept']);
        expect(await store.traces.findById(projectId, 'gone')).to.equal(null);
      });

      it('frees the trace id: the same id is stored anew afterwards', async () => {
        await store.transaction((tx) => tx.traces.insertMany([writeOf(projectId, 'reborn', 'before')]));
        await store.transaction((tx) => tx.dataLifecycle.deleteTraces(projectId, ['reborn']));
        await store.transaction((tx) => tx.traces.insertMany([writeOf(projectId, 'reborn', 'after')]));
        expect((await store.traces.findById(projectId, 'reborn'))?.name).to.equal('after');
      });
    });

    if (adapter !== 'postgres') return;

    /** The stored_at of the trace's rows in each table that carries it, and of its registry row. */
    const storedAtOf = async (id: string) => {
      const of = async (table: string, column: string) => (await knex(table).where({ project_id: projectId, [column]: id }).distinct('stored_at')).map((r: { stored_at: string }) => Number(r.stored_at));
      return { registry: await of('trace_ids', 'id'), traces: await of('traces', 'id'), spans: await of('spans', 'trace_id'), search: await of('trace_search', 'trace_id') };
    };

    describe('stored_at (PostgreSQL)', () => {
      it('gives a new trace, its spans and its search row one stored_at: the time it was first stored', async () => {
        const before = Date.now();
        await store.transaction((tx) => tx.traces.insertMany([{ ...writeOf(projectId, 'stamped'), spans: [spanOf('s1'), spanOf('s2')] }]));
        const after = Date.now();
        const stored = await storedAtOf('stamped');
        const [at] = stored.registry;
        expect(at).to.be.within(before, after);
        expect(stored).to.deep.equal({ registry: [at], traces: [at], spans: [at], search: [at] });
      });

      it('keeps the stored_at of an OTLP trace when later appends add spans and rewrite its row', async () => {
        await append('kept-week', ['s1']);
        const [first] = (await storedAtOf('kept-week')).registry;
        await pause(5);
        const [result] = await append('kept-week', ['s2', 's3']);
        expect(result).to.deep.equal({ created: false, refused: false, added: 2 });
        await store.transaction((tx) => tx.traces.updateDerived({ ...traceOf(projectId, 'kept-week', 'renamed'), spanCount: 3 }, 'beacon renamed'));
        expect(await storedAtOf('kept-week')).to.deep.equal({ registry: [first], traces: [first], spans: [first], search: [first] });
        expect((await store.traces.findById(projectId, 'kept-week'))?.name).to.equal('renamed');
      });

      it('gives tag rows their trace stored_at', async () => {
        await store.transaction((tx) => tx.traces.insertMany([{ ...writeOf(projectId, 'tagged'), trace: { ...traceOf(projectId, 'tagged'), tags: ['alpha', 'beta'] } }]));
        const [at] = (await storedAtOf('tagged')).registry;
        const rows = await knex('trace_tags').where({ project_id: projectId, trace_id: 'tagged' }).orderBy('tag').select('tag', 'stored_at');
        expect(rows.map((r: { tag: string; stored_at: string }) => [r.tag, Number(r.stored_at)])).to.deep.equal([['alpha', at], ['beta', at]]);
      });

      it('reads a trace by id only from the rows of its registered stored_at', async () => {
        await store.transaction((tx) => tx.traces.insertMany([writeOf(projectId, 'pinned')]));
        // The registry naming another time: the trace's rows are not those of that trace.
        await knex('trace_ids').where({ project_id: projectId, id: 'pinned' }).update({ stored_at: 1 });
        expect(await store.traces.findById(projectId, 'pinned')).to.equal(null);
        expect(await store.traces.spansOf(projectId, 'pinned')).to.deep.equal([]);
      });
    });
  });
});
