import { expect } from 'chai';
import type { Store } from '../../src/ports/store.js';
import type { AppendExpectation, SpanAppendItem, TraceRepository } from '../../src/ports/traces.js';
import { OtlpTraceExport } from '../../src/domain/otlp/otlp-trace-export.js';
import { TraceIngestionService } from '../../src/domain/traces/trace-ingestion-service.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { hexId, otlpProto, type TestSpan } from './otlp-bodies.js';

/**
 * Two exports creating the same new trace. On SQLite an append writes the traces it read as new
 * without waiting for the thread; the one that finds its trace created meanwhile is rolled back and
 * written again on the careful path. PostgreSQL locks the trace row instead. Either way both land.
 */
forEachAdapter((adapter) => {
  describe('OtlpTraceExport — a trace created by another export between the read and the write', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter, { env: { TRACE_SETTLE_MS: '30000' } });
    });
    after(async () => server.close());

    const projectId = () => server.tenant.project.id;
    const span = (traceId: string, n: number, name: string, extra: Partial<TestSpan> = {}): TestSpan => ({ traceId, spanId: hexId(0xc0 + n, 8), name, startMs: n * 10, durationMs: 5, ...extra });

    /**
     * An export whose store's prepareAppend lets `meanwhile` run once, after its read and before its
     * transaction; the expectations it was called with are recorded.
     */
    function racingExport(meanwhile: () => Promise<void>): { exporter: OtlpTraceExport; expectations: (AppendExpectation | undefined)[] } {
      const store = server.runtime.store;
      const expectations: (AppendExpectation | undefined)[] = [];
      let pending: (() => Promise<void>) | null = meanwhile;
      const traces: TraceRepository = Object.create(store.traces, {
        prepareAppend: {
          value: async (items: SpanAppendItem[], expectation?: AppendExpectation) => {
            expectations.push(expectation);
            const prepared = await store.traces.prepareAppend(items, expectation);
            const run = pending;
            pending = null;
            if (run) await run();
            return prepared;
          },
        },
      });
      const racing: Store = { ...store, traces };
      return { exporter: new OtlpTraceExport(new TraceIngestionService(racing, server.clock)), expectations };
    }

    it('stores both exports under one trace: every span, totals and search document over all of them', async () => {
      const traceId = hexId(0xd1, 16);
      const { exporter } = racingExport(async () => {
        await server.runtime.services.otlpTraceExport.export(projectId(), otlpProto([span(traceId, 0, 'root', { durationMs: 100 }), span(traceId, 1, 'first quokkaword')]), 'protobuf');
      });
      const result = await exporter.export(projectId(), otlpProto([span(traceId, 2, 'second wombatword'), span(traceId, 3, 'third')]), 'protobuf');
      expect(result).to.deep.equal({ acceptedSpans: 2, rejectedSpans: 0, errorMessage: '' });
      const stored = (await server.runtime.store.traces.spansOf(projectId(), traceId)).map((s) => s.name).sort();
      expect(stored).to.deep.equal(['first quokkaword', 'root', 'second wombatword', 'third']);
      expect((await server.runtime.store.traces.findById(projectId(), traceId))?.spanCount).to.equal(4);
      for (const word of ['quokkaword', 'wombatword']) {
        const found = await server.runtime.services.traceSearch.search(projectId(), { query: word });
        expect(found.traces.map((t) => t.id), word).to.deep.equal([traceId]);
      }
    });

    it(adapter === 'sqlite' ? 'writes the losing append again, prepared not expecting new traces' : 'prepares the append once: the write locks the trace', async () => {
      const traceId = hexId(0xd2, 16);
      const { exporter, expectations } = racingExport(async () => {
        await server.runtime.services.otlpTraceExport.export(projectId(), otlpProto([span(traceId, 0, 'root')]), 'protobuf');
      });
      await exporter.export(projectId(), otlpProto([span(traceId, 1, 'child')]), 'protobuf');
      expect(expectations).to.deep.equal(adapter === 'sqlite' ? [undefined, { expectNew: false }] : [undefined]);
    });

    it('stores nothing of the losing attempt: a trace beside the raced one is stored once, with its search document', async () => {
      const raced = hexId(0xd3, 16);
      const beside = hexId(0xd4, 16);
      const { exporter } = racingExport(async () => {
        await server.runtime.services.otlpTraceExport.export(projectId(), otlpProto([span(raced, 0, 'root')]), 'protobuf');
      });
      const result = await exporter.export(projectId(), otlpProto([span(raced, 1, 'child'), span(beside, 0, 'beside numbatword')]), 'protobuf');
      expect(result.acceptedSpans).to.equal(2);
      expect((await server.runtime.store.traces.spansOf(projectId(), beside)).map((s) => s.name)).to.deep.equal(['beside numbatword']);
      const found = await server.runtime.services.traceSearch.search(projectId(), { query: 'numbatword' });
      expect(found.traces.map((t) => t.id)).to.deep.equal([beside]);
      expect(found.totalCount).to.equal(1);
    });

    it('stores a new trace whose export repeats a span: the first one, counted once', async () => {
      const traceId = hexId(0xd5, 16);
      const once = span(traceId, 0, 'repeated');
      const result = await server.runtime.services.otlpTraceExport.export(projectId(), otlpProto([once, { ...once, name: 'repeated again' }, span(traceId, 1, 'other')]), 'protobuf');
      expect(result).to.deep.equal({ acceptedSpans: 2, rejectedSpans: 0, errorMessage: '' });
      expect((await server.runtime.store.traces.spansOf(projectId(), traceId)).map((s) => s.name).sort()).to.deep.equal(['other', 'repeated']);
    });

    it('stores every span of one new trace sent in eight exports at once', async () => {
      const traceId = hexId(0xd6, 16);
      const exports = Array.from({ length: 8 }, (_, n) =>
        server.request().post('/v1/traces').set('x-api-key', server.tenant.apiKey).set('content-type', 'application/x-protobuf').send(otlpProto([span(traceId, n, `part ${n}`)])),
      );
      const answers = await Promise.all(exports);
      expect(answers.map((res) => res.status)).to.deep.equal(new Array(8).fill(200));
      expect((await server.runtime.store.traces.spansOf(projectId(), traceId)).length).to.equal(8);
      expect((await server.runtime.store.traces.findById(projectId(), traceId))?.spanCount).to.equal(8);
    });
  });
});
