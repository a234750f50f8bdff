import { expect } from 'chai';
import { OtlpTraceExport, type ExportResult } from '../../src/domain/otlp/otlp-trace-export.js';
import { TraceIngestionService } from '../../src/domain/traces/trace-ingestion-service.js';
import type { OtlpEncoding } from '../../src/domain/otlp/otlp-request.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { binaryParser, decodeStatus, gzip, hexId, otlpJson, otlpProto, type TestSpan } from './otlp-bodies.js';

/**
 * An export of more spans than a batch is decoded, mapped and appended batch by batch
 * (OtlpTraceExport's batchSpans; docs/tenant-safety-input.md, "OTLP memory"). What is stored and
 * answered must be what one append of the whole export stores and answers.
 */
forEachAdapter((adapter) => {
  describe('OtlpTraceExport — an export larger than one batch', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter, { env: { TRACE_SETTLE_MS: '30000' } });
    });
    after(async () => server.close());

    const projectId = () => server.tenant.project.id;
    /** Exports in batches of three spans, through the server's own ingestion service. */
    const inBatchesOf = (spans: number, ingestion: TraceIngestionService = server.runtime.services.traceIngestion) =>
      new OtlpTraceExport(ingestion, undefined, spans);
    const whole = () => server.runtime.services.otlpTraceExport;

    /**
     * Two traces interleaved (so every batch of three holds both), with a root, model calls with
     * tokens and a reported cost, an error, search words and two spans the mapper refuses (an
     * all-zero span id), one of them after the error. `tag` makes the trace ids of each copy.
     */
    function exportOf(tag: number): { spans: TestSpan[]; traceIds: string[] } {
      const traceIds = [hexId(tag, 16), hexId(tag + 1, 16)];
      const spans: TestSpan[] = [];
      for (const [t, traceId] of traceIds.entries()) {
        const id = (n: number) => hexId(0x100 * (t + 1) + n, 8);
        spans.push({ traceId, spanId: id(1), name: `root ${t} platypusword`, startMs: 0, durationMs: 500, attributes: { 'session.id': `session-${t}` } });
        for (let n = 2; n <= 8; n++) {
          spans.push({
            traceId,
            spanId: id(n),
            parentSpanId: id(1),
            name: `call ${n} of ${t}`,
            startMs: n * 10,
            durationMs: 5,
            attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-test', 'gen_ai.usage.input_tokens': n, 'gen_ai.usage.output_tokens': 1, 'gen_ai.usage.cost': n / 100 },
            ...(n === 5 ? { status: { code: 2, message: `failed ${t} echidnaword` } } : {}),
          });
        }
        spans.push({ traceId, spanId: '0000000000000000', name: `refused ${t}` });
      }
      // Interleaved: trace 0's spans and trace 1's alternate.
      const [first, second] = [spans.slice(0, 9), spans.slice(9)];
      return { spans: first.flatMap((s, i) => [s, second[i]]), traceIds };
    }

    const bodyOf = (spans: TestSpan[], encoding: OtlpEncoding): Buffer => (encoding === 'protobuf' ? otlpProto(spans) : Buffer.from(JSON.stringify(otlpJson(spans))));

    /** A stored trace with everything that depends on the trace id or the time of writing left out. */
    async function stored(traceId: string): Promise<Record<string, unknown>> {
      const trace = await server.runtime.store.traces.findById(projectId(), traceId);
      expect(trace, traceId).to.not.equal(null);
      const { id: _id, ...fields } = trace!;
      const spans = (await server.runtime.store.traces.spansOf(projectId(), traceId)).sort((a, b) => a.position - b.position);
      return { ...fields, spans };
    }

    const searchFor = async (word: string) => (await server.runtime.services.traceSearch.search(projectId(), { query: word })).traces.map((t) => t.id).sort();

    for (const encoding of ['protobuf', 'json'] as const) {
      it(`${encoding}: stores each trace as one append of the whole export does — spans, counts, cost, status, summary, search — and answers the same partial success`, async () => {
        const once = exportOf(encoding === 'protobuf' ? 0x1000 : 0x2000);
        const split = exportOf(encoding === 'protobuf' ? 0x1100 : 0x2100);
        const onceResult = await whole().export(projectId(), bodyOf(once.spans, encoding), encoding);
        const splitResult = await inBatchesOf(3).export(projectId(), bodyOf(split.spans, encoding), encoding);
        const refusal = (t: number) => `span "refused ${t}": span_id must be 8 bytes, not all zero`;
        expect(onceResult).to.deep.equal({ acceptedSpans: 16, rejectedSpans: 2, errorMessage: `${refusal(0)}; ${refusal(1)}` });
        expect(splitResult).to.deep.equal(onceResult);
        for (const t of [0, 1]) {
          const [a, b] = [await stored(once.traceIds[t]), await stored(split.traceIds[t])];
          expect(b).to.deep.equal(a);
          expect(b).to.include({ spanCount: 8, status: 'error', errorMessage: `failed ${t} echidnaword`, totalTokens: 2 + 3 + 4 + 5 + 6 + 7 + 8 + 7, sessionId: `session-${t}` });
          expect(b.cost).to.be.closeTo(0.35, 1e-9);
        }
        expect(await searchFor('platypusword')).to.include.members([...once.traceIds, ...split.traceIds]);
        expect(await searchFor('echidnaword')).to.include.members([...once.traceIds, ...split.traceIds]);
      });
    }

    it('sums up a trace that later batches reached although an earlier attempt was cut short before its summary: the retried export stores the same trace', async () => {
      const once = exportOf(0x3000);
      const split = exportOf(0x3100);
      await whole().export(projectId(), otlpProto(once.spans), 'protobuf');
      // The process dies after every batch was written, before the traces were summed up.
      const dying = new (class extends TraceIngestionService {
        override async refreshDerived(): Promise<void> {
          throw new Error('the process died');
        }
      })(server.runtime.store, server.clock);
      let died: unknown = null;
      await inBatchesOf(3, dying).export(projectId(), otlpProto(split.spans), 'protobuf').catch((error: unknown) => (died = error));
      expect(died).to.be.instanceOf(Error).with.property('message', 'the process died');
      // The exporter sends the export again: every span is a resend.
      const retried: ExportResult = await inBatchesOf(3).export(projectId(), otlpProto(split.spans), 'protobuf');
      expect(retried).to.deep.include({ rejectedSpans: 2 });
      for (const t of [0, 1]) expect(await stored(split.traceIds[t])).to.deep.equal(await stored(once.traceIds[t]));
    });

    it('protobuf of 60,000 spans whose last span is malformed: 400 Status, nothing of the spans before it stored', async () => {
      const traceId = hexId(0x4000, 16);
      const marker = 'malformed-here';
      const spans: TestSpan[] = Array.from({ length: 60_000 }, (_, i) => ({
        traceId,
        spanId: hexId(i + 1, 8),
        ...(i > 0 ? { parentSpanId: hexId(1, 8) } : {}),
        name: `span ${i}`,
        ...(i === 59_999 ? { attributes: { k: marker } } : {}),
      }));
      const body = otlpProto(spans);
      // The last span's attribute value is AnyValue{string_value (field 1, length-delimited)}: its
      // tag byte made wire type 7, which no protobuf reader can skip. Every length around it holds.
      const at = body.indexOf(Buffer.concat([Buffer.from([0x0a, marker.length]), Buffer.from(marker)]));
      expect(at).to.be.greaterThan(0);
      body[at] = (1 << 3) | 7;
      const res = await server
        .request()
        .post('/v1/traces')
        .set('x-api-key', server.tenant.apiKey)
        .set('content-type', 'application/x-protobuf')
        .set('content-encoding', 'gzip') // 4.8 MB as is: past OTLP_MAX_BODY_BYTES, not past its decompressed limit
        .buffer(true)
        .parse(binaryParser)
        .send(gzip(body));
      expect(res.status).to.equal(400);
      expect(decodeStatus(res.body as Buffer)).to.deep.equal({ code: 3, message: `The body is not a valid protobuf ExportTraceServiceRequest: invalid wire type 7 at byte ${at + 1}.` });
      expect(await server.runtime.store.traces.findById(projectId(), traceId)).to.equal(null);
      expect(await server.runtime.store.traces.spansOf(projectId(), traceId)).to.deep.equal([]);
    });

    it('writes an export of at most one batch in one append, summing nothing up again', async () => {
      const calls: string[] = [];
      const counting = new (class extends TraceIngestionService {
        override appendSpans(...args: Parameters<TraceIngestionService['appendSpans']>) {
          calls.push(`append ${args[1].reduce((n, g) => n + g.spans.length, 0)}${args[2]?.deferDerived ? ' deferred' : ''}`);
          return super.appendSpans(...args);
        }
        override refreshDerived(...args: Parameters<TraceIngestionService['refreshDerived']>) {
          calls.push('refresh');
          return super.refreshDerived(...args);
        }
      })(server.runtime.store, server.clock);
      const { spans } = exportOf(0x5000);
      await inBatchesOf(18, counting).export(projectId(), otlpProto(spans), 'protobuf');
      expect(calls).to.deep.equal(['append 16']);
      calls.length = 0;
      await inBatchesOf(9, counting).export(projectId(), otlpProto(exportOf(0x5100).spans), 'protobuf');
      expect(calls).to.deep.equal(['append 9', 'append 7 deferred', 'refresh']); // the two refused spans are the last two
    });
  });
});
