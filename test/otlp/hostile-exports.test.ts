import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { binaryParser, decodeResponse, decodeStatus, gzip, hexId, otlpProto, type TestSpan } from './otlp-bodies.js';
import { MAX_VALUE_DEPTH } from '../../src/domain/otlp/otlp-decode-error.js';
import { MAX_OTLP_JSON_DEPTH } from '../../src/domain/otlp/otlp-json-depth.js';
import { lengthDelimited } from '../support/protobuf-wire.js';

const LEVELS = 10_000;
const TRACE_ID = hexId(0x5e, 16);
const SPAN_ID = hexId(0x5f, 8);

/** A one-span OTLP JSON request whose attribute `k` is `value` (JSON text). */
const jsonWithAttribute = (value: string): string =>
  `{"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"${TRACE_ID}","spanId":"${SPAN_ID}","name":"deep","attributes":[{"key":"k","value":${value}}]}]}]}]}`;

const field = lengthDelimited;

/** A one-span protobuf request whose attribute `k` is an AnyValue of arrays nested `levels` deep, built inside out (no recursion). */
function protoWithArraysNested(levels: number): Buffer {
  let anyValue = field(1, Buffer.from('x'));
  for (let i = 1; i < levels; i++) anyValue = field(5, field(1, anyValue)); // AnyValue.array_value → ArrayValue.values
  const keyValue = Buffer.concat([field(1, Buffer.from('k')), field(2, anyValue)]);
  const span = Buffer.concat([field(1, Buffer.from(TRACE_ID, 'hex')), field(2, Buffer.from(SPAN_ID, 'hex')), field(5, Buffer.from('deep')), field(9, keyValue)]);
  return field(1, field(2, field(2, span))); // request.resource_spans → scope_spans → spans
}

forEachAdapter((adapter) => {
  describe('POST /v1/traces — nesting checked without recursion', () => {
    let server: TestServer;
    const logs: string[] = [];
    before(async () => {
      server = await startTestServer(adapter, { log: (message) => logs.push(message) });
    });
    after(async () => server.close());
    beforeEach(() => {
      logs.length = 0;
    });
    afterEach(() => expect(logs).to.deep.equal([]));

    const postJson = (text: string) => server.request().post('/v1/traces').set('x-api-key', server.tenant.apiKey).set('content-type', 'application/json').send(text);
    const postProto = (body: Buffer) =>
      server.request().post('/v1/traces').set('x-api-key', server.tenant.apiKey).set('content-type', 'application/x-protobuf').buffer(true).parse(binaryParser).send(body);
    const nothingStored = async () => expect(await server.runtime.store.traces.spansOf(server.tenant.project.id, TRACE_ID)).to.deep.equal([]);

    it(`OTLP JSON with a kvlistValue nested ${LEVELS.toLocaleString('en')} levels: 400 Status naming the ${MAX_OTLP_JSON_DEPTH}-level limit, nothing stored`, async () => {
      const value = '{"kvlistValue":{"values":[{"key":"k","value":'.repeat(LEVELS) + '{"stringValue":"x"}' + '}]}}'.repeat(LEVELS);
      const res = await postJson(jsonWithAttribute(value));
      expect(res.status, res.text).to.equal(400);
      expect(res.body).to.deep.equal({ code: 3, message: `The body is not a valid OTLP JSON ExportTraceServiceRequest: it nests objects and arrays deeper than ${MAX_OTLP_JSON_DEPTH} levels.` });
      await nothingStored();
    });

    it(`OTLP JSON with an arrayValue nested ${LEVELS.toLocaleString('en')} levels: the same 400`, async () => {
      const value = '{"arrayValue":{"values":['.repeat(LEVELS) + '{"stringValue":"x"}' + ']}}'.repeat(LEVELS);
      const res = await postJson(jsonWithAttribute(value));
      expect(res.status, res.text).to.equal(400);
      expect(res.body.message).to.equal(`The body is not a valid OTLP JSON ExportTraceServiceRequest: it nests objects and arrays deeper than ${MAX_OTLP_JSON_DEPTH} levels.`);
    });

    it(`OTLP JSON ${LEVELS.toLocaleString('en')} levels deep in an unknown field: the same 400, not "Maximum call stack size exceeded"`, async () => {
      const res = await postJson(`{"somethingNew":${'['.repeat(LEVELS)}${']'.repeat(LEVELS)},"resourceSpans":[]}`);
      expect(res.status, res.text).to.equal(400);
      expect(res.body.message).to.equal(`The body is not a valid OTLP JSON ExportTraceServiceRequest: it nests objects and arrays deeper than ${MAX_OTLP_JSON_DEPTH} levels.`);
    });

    it(`protobuf with an AnyValue nested ${LEVELS.toLocaleString('en')} levels: 400 Status naming the ${MAX_VALUE_DEPTH}-level limit, nothing stored`, async () => {
      const res = await postProto(protoWithArraysNested(LEVELS));
      expect(res.status).to.equal(400);
      expect(decodeStatus(res.body as Buffer)).to.deep.equal({ code: 3, message: `The body is not a valid ExportTraceServiceRequest: attribute values nest deeper than ${MAX_VALUE_DEPTH} levels.` });
      await nothingStored();
    });

    it('protobuf with 100,000 nested groups in an unknown field: 400 Status naming the group limit, not "Maximum call stack size exceeded"', async () => {
      // Field 2 of the request (unknown) as a group: start-group tag 0x13 … end-group tag 0x14.
      const res = await postProto(Buffer.concat([Buffer.alloc(100_000, 0x13), Buffer.alloc(100_000, 0x14)]));
      expect(res.status).to.equal(400);
      expect(decodeStatus(res.body as Buffer)).to.deep.equal({ code: 3, message: `The body is not a valid protobuf ExportTraceServiceRequest: groups nest deeper than ${MAX_VALUE_DEPTH} levels.` });
    });

    it(`protobuf groups nested ${MAX_VALUE_DEPTH} levels are skipped like any unknown field: 200`, async () => {
      const res = await postProto(Buffer.concat([Buffer.alloc(MAX_VALUE_DEPTH, 0x13), Buffer.alloc(MAX_VALUE_DEPTH, 0x14)]));
      expect(res.status).to.equal(200);
    });
  });
});

/** `count` spans of one trace: a root and ten children under each span, as the testers' huge export. */
const hugeTrace = (traceId: string, count: number): TestSpan[] =>
  Array.from({ length: count }, (_, i) => ({
    traceId,
    spanId: (i + 1).toString(16).padStart(16, '0'),
    ...(i > 0 ? { parentSpanId: (Math.floor((i - 1) / 10) + 1).toString(16).padStart(16, '0') } : {}),
    name: `step ${i}`,
    startMs: i,
  }));

forEachAdapter((adapter) => {
  describe('POST /v1/traces — OTLP JSON of many batches, read span by span', function () {
    this.timeout(120_000);
    let server: TestServer;
    const logs: string[] = [];
    before(async () => {
      server = await startTestServer(adapter, { log: (message) => logs.push(message), env: { TRACE_SETTLE_MS: '600000' } });
    });
    after(async () => server.close());
    afterEach(() => expect(logs).to.deep.equal([]));

    const SPANS = 5_000;
    /** An OTLP JSON export of one trace of SPANS spans (about ten batches), as text. */
    const manySpans = (traceId: string) =>
      JSON.stringify({
        resourceSpans: [{
          resource: { attributes: [{ key: 'service.name', value: { stringValue: 'many' } }] },
          scopeSpans: [{ scope: { name: 'json' }, spans: Array.from({ length: SPANS }, (_, i) => ({ traceId, spanId: hexId(i + 1, 8), ...(i > 0 ? { parentSpanId: hexId(1, 8) } : {}), name: `span ${i}`, kind: 1 })) }],
        }],
      });
    const postJson = (text: string) => server.request().post('/v1/traces').set('x-api-key', server.tenant.apiKey).set('content-type', 'application/json').send(text);
    const storedSpans = async (traceId: string) => (await server.runtime.store.traces.spansOf(server.tenant.project.id, traceId)).length;

    it(`${SPANS.toLocaleString('en')} spans: 200, every span stored under its one trace, summed up over all of them`, async () => {
      const traceId = hexId(0x6a, 16);
      const res = await postJson(manySpans(traceId));
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({});
      expect(await storedSpans(traceId)).to.equal(SPANS);
      expect(await server.runtime.store.traces.findById(server.tenant.project.id, traceId)).to.include({ spanCount: SPANS, name: 'span 0' });
    });

    it('its last span malformed (a status that is a number): 400 Status with the generated reader\'s message, nothing of the spans before it stored', async () => {
      const traceId = hexId(0x6b, 16);
      const text = manySpans(traceId).replace(/"kind":1\}\]\}\]\}\]\}$/, '"kind":1,"status":5}]}]}]}');
      const res = await postJson(text);
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ code: 3, message: 'The body is not a valid OTLP JSON ExportTraceServiceRequest: .opentelemetry.proto.trace.v1.Span.status: object expected' });
      expect(await storedSpans(traceId)).to.equal(0);
    });

    it('truncated: 400 Status with the JSON parser\'s message, nothing stored', async () => {
      const traceId = hexId(0x6c, 16);
      const text = manySpans(traceId).slice(0, -3);
      let parserMessage = '';
      try {
        JSON.parse(text);
      } catch (error) {
        parserMessage = (error as Error).message;
      }
      const res = await postJson(text);
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ code: 3, message: `The body is not a valid OTLP JSON ExportTraceServiceRequest: ${parserMessage}` });
      expect(await storedSpans(traceId)).to.equal(0);
    });

    it('a "spans" key given twice in a scope: the last list is the one stored, as JSON.parse reads it', async () => {
      const first = hexId(0x6d, 16);
      const last = hexId(0x6e, 16);
      const lastSpans = JSON.parse(manySpans(last)).resourceSpans[0].scopeSpans[0].spans;
      const text = manySpans(first).replace(/\]\}\]\}\]\}$/, `], "spans": ${JSON.stringify(lastSpans)}}]}]}`);
      const res = await postJson(text);
      expect(res.status).to.equal(200);
      expect(await storedSpans(first)).to.equal(0);
      expect(await storedSpans(last)).to.equal(SPANS);
    });
  });

  describe('POST /v1/traces — a 100,000-span export', function () {
    this.timeout(180_000);
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    it('is accepted (200, empty response) and every span is stored under its one trace', async () => {
      const traceId = hexId(0x7a, 16);
      const body = gzip(otlpProto(hugeTrace(traceId, 100_000)));
      const res = await server.request().post('/v1/traces').set('x-api-key', server.tenant.apiKey).set('content-type', 'application/x-protobuf').set('content-encoding', 'gzip')
        .buffer(true).parse(binaryParser).send(body);
      expect(res.status).to.equal(200);
      expect(decodeResponse(res.body as Buffer)).to.deep.equal({});
      const trace = await server.runtime.store.traces.findById(server.tenant.project.id, traceId);
      expect(trace?.spanCount).to.equal(100_000);
      const spans = await server.runtime.store.traces.spansOf(server.tenant.project.id, traceId);
      expect(spans).to.have.length(100_000);
      expect(new Set(spans.map((span) => span.spanId)).size).to.equal(100_000);
      expect(server.runtime.services.otlpTraceExport.admission.inFlightBytes).to.equal(0);
    });
  });

  describe('POST /v1/traces — admission of decompressed bytes in flight (OTLP_MAX_INFLIGHT_BYTES)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter, { env: { OTLP_MAX_INFLIGHT_BYTES: '2048' } });
    });
    after(async () => server.close());

    const post = (body: Buffer) =>
      server.request().post('/v1/traces').set('x-api-key', server.tenant.apiKey).set('content-type', 'application/x-protobuf').buffer(true).parse(binaryParser).send(body);
    const admission = () => server.runtime.services.otlpTraceExport.admission;
    const stored = async (traceId: string) => (await server.runtime.store.traces.spansOf(server.tenant.project.id, traceId)).length;

    it('an export that would pass the budget while others run: 503 Status code 14 with Retry-After: 1, nothing stored', async () => {
      const traceId = hexId(0x7b, 16);
      const body = otlpProto(hugeTrace(traceId, 20));
      expect(body.length).to.be.within(1024, 2048);
      const held = admission().admit(1024)!; // another export in flight
      try {
        const res = await post(body);
        expect(res.status).to.equal(503);
        expect(res.headers['retry-after']).to.equal('1');
        expect(decodeStatus(res.body as Buffer)).to.deep.equal({ code: 14, message: 'Other exports are being processed (at most 2048 decompressed bytes at once); retry after the delay.' });
      } finally {
        held.release();
      }
      expect(await stored(traceId)).to.equal(0);
      expect(admission().inFlightBytes).to.equal(0);
    });

    it('the same export once the others are done: 200, stored, its bytes released', async () => {
      const traceId = hexId(0x7c, 16);
      const body = otlpProto(hugeTrace(traceId, 20));
      const held = admission().admit(1024)!;
      held.release();
      const res = await post(body);
      expect(res.status).to.equal(200);
      expect(await stored(traceId)).to.equal(20);
      expect(admission().inFlightBytes).to.equal(0);
    });

    it('one export larger than the whole budget, alone: admitted (the body limits bound it), 200', async () => {
      const traceId = hexId(0x7d, 16);
      const body = otlpProto(hugeTrace(traceId, 200));
      expect(body.length).to.be.greaterThan(2048);
      const res = await post(body);
      expect(res.status).to.equal(200);
      expect(await stored(traceId)).to.equal(200);
    });

    it('a body that is not a request still releases its bytes: 400, then nothing in flight', async () => {
      const res = await post(Buffer.from([0x0a, 0xff, 0xff, 0xff, 0x0f]));
      expect(res.status).to.equal(400);
      expect(admission().inFlightBytes).to.equal(0);
    });
  });
});
