import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Store } from '../../src/ports/store.js';
import { TraceIdTakenError, type AppendExpectation, type SpanRecord, type TraceRecord } from '../../src/ports/traces.js';
import { forEachAdapter } from '../support/adapters.js';
import { openMigratedStore, type MigratedStore } from '../support/migrated-store.js';
import { insertTrace } from '../support/trace-fixtures.js';

const T0 = new Date('2026-11-01T12:00:00.000Z');

const traceOf = (projectId: string, id: string): TraceRecord => ({
  projectId, id, name: `otlp ${id}`, status: 'success', createdAt: T0, latencyMs: 10, cost: 0, spanCount: 1, totalTokens: 0,
  framework: null, agentName: null, errorMessage: null, metadata: {}, sessionId: null, userId: null, environment: null, release: null, inputTokens: 0, outputTokens: 0, tags: [],
});

const spanOf = (spanId: string): SpanRecord => ({
  spanId, parentSpanId: null, position: 0, name: spanId, spanType: 'LLM', status: 'success', latencyMs: 5, cost: null,
  startTime: T0, input: { text: spanId }, output: null, error: null, metadata: {},
});

/** TraceRepository.appendSpans: OTLP's write, whose rows are built before its transaction (prepareAppend). */
forEachAdapter((adapter) => {
  describe('TraceRepository.appendSpans', () => {
    let opened: MigratedStore;
    let store: Store;
    let projectId: string;

    before(async () => {
      opened = await openMigratedStore(adapter);
      store = opened.store;
      const org = await store.organizations.create({ id: randomUUID(), name: 'Append', now: T0 });
      projectId = (await store.projects.create({ id: randomUUID(), organizationId: org.id, name: 'OTLP', now: T0 })).id;
    });
    after(async () => opened.close());

    const prepare = (items: { id: string; spans: string[] }[], expectation?: AppendExpectation) =>
      store.traces.prepareAppend(items.map(({ id, spans }) => ({ trace: traceOf(projectId, id), spans: spans.map(spanOf) })), expectation);
    const append = async (items: { id: string; spans: string[] }[]) => {
      const rows = await prepare(items);
      return store.groupedTransaction((tx) => tx.traces.appendSpans(rows));
    };
    const spanIds = async (traceId: string) => (await store.traces.spansOf(projectId, traceId)).map((s) => s.spanId).sort();

    it('creates new traces with their spans, one result per item in order', async () => {
      const results = await append([{ id: 'a-new-1', spans: ['s1', 's2'] }, { id: 'a-new-2', spans: ['s1'] }]);
      expect(results).to.deep.equal([{ created: true, refused: false, added: 2 }, { created: true, refused: false, added: 1 }]);
      expect(await spanIds('a-new-1')).to.deep.equal(['s1', 's2']);
      expect((await store.traces.findById(projectId, 'a-new-2'))?.name).to.equal('otlp a-new-2');
    });

    it('adds new spans to an OTLP trace that exists, skipping re-sent ones', async () => {
      await append([{ id: 'b-grows', spans: ['s1'] }]);
      const results = await append([{ id: 'b-grows', spans: ['s1', 's2', 's3'] }]);
      expect(results).to.deep.equal([{ created: false, refused: false, added: 2 }]);
      expect(await spanIds('b-grows')).to.deep.equal(['s1', 's2', 's3']);
    });

    it('answers added 0 for spans that were all sent before: not refused', async () => {
      await append([{ id: 'c-resent', spans: ['s1'] }]);
      expect(await append([{ id: 'c-resent', spans: ['s1'] }])).to.deep.equal([{ created: false, refused: false, added: 0 }]);
    });

    it('refuses spans for a native trace id, storing none of them, while the traces beside it are stored', async () => {
      await insertTrace(opened.database.knex, { projectId, id: 'd-native', createdAt: T0, spans: [{ spanId: 'n1' }] });
      const results = await append([{ id: 'd-native', spans: ['n1', 'n2'] }, { id: 'd-otlp', spans: ['o1'] }]);
      expect(results).to.deep.equal([{ created: false, refused: true, added: 0 }, { created: true, refused: false, added: 1 }]);
      expect(await spanIds('d-native')).to.deep.equal(['n1']);
      expect(await spanIds('d-otlp')).to.deep.equal(['o1']);
    });

    it('refuses spans for a trace that became native between prepareAppend (not expecting new traces) and the write, storing none of them', async () => {
      const rows = await prepare([{ id: 'g-raced', spans: ['r1', 'r2'] }, { id: 'g-otlp', spans: ['o1'] }], { expectNew: false });
      await insertTrace(opened.database.knex, { projectId, id: 'g-raced', createdAt: T0, spans: [{ spanId: 'r1' }, { spanId: 'n9' }] });
      const results = await store.groupedTransaction((tx) => tx.traces.appendSpans(rows));
      expect(results).to.deep.equal([{ created: false, refused: true, added: 0 }, { created: true, refused: false, added: 1 }]);
      expect(await spanIds('g-raced')).to.deep.equal(['n9', 'r1']);
    });

    // SQLite's prepareAppend reads which traces exist, and the write takes the ones it did not find as
    // new; PostgreSQL's reads nothing and expects nothing (its write locks the traces that exist).
    it(
      adapter === 'sqlite'
        ? 'throws TraceIdTakenError for a trace created between prepareAppend and the write, storing nothing of the append'
        : 'appends to a trace created between prepareAppend and the write',
      async () => {
        const rows = await prepare([{ id: 'i-raced', spans: ['s2'] }, { id: 'i-beside', spans: ['b1'] }]);
        await append([{ id: 'i-raced', spans: ['s1'] }]);
        const written = await store.groupedTransaction((tx) => tx.traces.appendSpans(rows)).catch((error: Error) => error);
        if (adapter === 'sqlite') {
          expect(written).to.be.instanceOf(TraceIdTakenError);
          expect(await spanIds('i-raced')).to.deep.equal(['s1']);
          expect(await store.traces.findById(projectId, 'i-beside')).to.equal(null);
        } else {
          expect(written).to.deep.equal([{ created: false, refused: false, added: 1 }, { created: true, refused: false, added: 1 }]);
          expect(await spanIds('i-raced')).to.deep.equal(['s1', 's2']);
        }
      },
    );

    it('appends to a trace created between prepareAppend (not expecting new traces) and the write', async () => {
      const rows = await prepare([{ id: 'j-raced', spans: ['s2'] }, { id: 'j-beside', spans: ['b1'] }], { expectNew: false });
      await append([{ id: 'j-raced', spans: ['s1'] }]);
      expect(await store.groupedTransaction((tx) => tx.traces.appendSpans(rows))).to.deep.equal([{ created: false, refused: false, added: 1 }, { created: true, refused: false, added: 1 }]);
      expect(await spanIds('j-raced')).to.deep.equal(['s1', 's2']);
      expect(await spanIds('j-beside')).to.deep.equal(['b1']);
    });

    it('appends to an OTLP trace that was native when prepareAppend read it (deleted and sent anew through OTLP)', async () => {
      await insertTrace(opened.database.knex, { projectId, id: 'h-reborn', createdAt: T0, spans: [{ spanId: 'n1' }] });
      const rows = await prepare([{ id: 'h-reborn', spans: ['s1', 's2'] }]);
      // As retention deletes a trace (PostgreSQL's spans do not cascade from their trace: migration 010).
      await opened.database.knex('spans').where({ project_id: projectId, trace_id: 'h-reborn' }).delete();
      await opened.database.knex('traces').where({ project_id: projectId, id: 'h-reborn' }).delete();
      await append([{ id: 'h-reborn', spans: ['s1'] }]);
      expect(await store.groupedTransaction((tx) => tx.traces.appendSpans(rows))).to.deep.equal([{ created: false, refused: false, added: 1 }]);
      expect(await spanIds('h-reborn')).to.deep.equal(['s1', 's2']);
    });

    it('keeps a native trace id of another project apart: the same id is a new trace here', async () => {
      const org = await store.organizations.create({ id: randomUUID(), name: 'Other', now: T0 });
      const other = (await store.projects.create({ id: randomUUID(), organizationId: org.id, name: 'Other', now: T0 })).id;
      await insertTrace(opened.database.knex, { projectId: other, id: 'e-shared', createdAt: T0, spans: [{ spanId: 'x' }] });
      expect(await append([{ id: 'e-shared', spans: ['x', 'y'] }])).to.deep.equal([{ created: true, refused: false, added: 2 }]);
      expect(await spanIds('e-shared')).to.deep.equal(['x', 'y']);
    });

    it('stores nothing of an append whose transaction fails after it', async () => {
      const rows = await prepare([{ id: 'f-rolled-back', spans: ['s1'] }]);
      const failed = await store
        .groupedTransaction(async (tx) => {
          await tx.traces.appendSpans(rows);
          throw new Error('after the append');
        })
        .catch((error: Error) => error.message);
      expect(failed).to.equal('after the append');
      expect(await store.traces.findById(projectId, 'f-rolled-back')).to.equal(null);
      expect(await spanIds('f-rolled-back')).to.deep.equal([]);
    });
  });
});
