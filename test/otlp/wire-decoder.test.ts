import { expect } from 'chai';
import otlpRoot from '@opentelemetry/otlp-transformer/build/src/generated/root.js';
import { decodeExportRequest } from '../../src/domain/otlp/otlp-wire-decoder.js';
import { decodeTraceRequest, fromGeneratedMessage, type OtlpTraceRequest } from '../../src/domain/otlp/otlp-request.js';
import { MAX_VALUE_DEPTH, OtlpDecodeError } from '../../src/domain/otlp/otlp-decode-error.js';
import { ExportTraceServiceRequest } from '../../src/domain/otlp/otlp-protocol.js';
import { generateTraces, inBatches } from '../../scripts/bench/generate-traces.js';
import { otlpExportBody } from '../../scripts/bench/otlp-payload.js';
import { otlpProto } from './otlp-bodies.js';
import { lengthDelimited, varint } from '../support/protobuf-wire.js';

interface Encodable {
  encode(message: object): { finish(): Uint8Array };
  fromObject(object: Record<string, unknown>): object;
}
const ResourceSpans = (otlpRoot as unknown as { opentelemetry: { proto: { trace: { v1: { ResourceSpans: Encodable } } } } }).opentelemetry.proto.trace.v1.ResourceSpans;

/** The reference: the generated decoder, its attribute lists made records as OTLP JSON's are. */
const generated = (body: Buffer): OtlpTraceRequest => fromGeneratedMessage(ExportTraceServiceRequest.decode(body));
const encode = (request: Record<string, unknown>): Buffer => Buffer.from(ExportTraceServiceRequest.encode(ExportTraceServiceRequest.fromObject(request)).finish());

/** Times as decimal text on both sides (a Long there, two 32-bit halves here); everything else as decoded. */
function comparable(request: OtlpTraceRequest): unknown {
  return JSON.parse(
    JSON.stringify(request, (key, value: unknown) => {
      if (key === 'startTimeUnixNano' || key === 'endTimeUnixNano' || key === 'timeUnixNano') return value === null || value === undefined ? null : String(value);
      return value;
    }),
  );
}

function expectSameAsGenerated(body: Buffer): void {
  expect(comparable(decodeExportRequest(body))).to.deep.equal(comparable(generated(body)));
}

/** A seeded PRNG (mulberry32) so every run checks the same corpus. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INT64S = ['0', '1', '-1', '127', '128', '-128', '2147483647', '-2147483648', '4294967295', '4294967296', '9007199254740991', '-9007199254740991', '9007199254740992', '-9007199254740993', '9223372036854775807', '-9223372036854775808'];
const DOUBLES = [0, -0, 0.5, -1.25, 1e308, 5e-324, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
const STRINGS = ['', 'a', 'TimeoutError: tool http_fetch exceeded 30000 ms', 'é ü ß', '日本語', '🙂 emoji', '\u0000nul', 'x'.repeat(300)];

function anyValue(next: () => number, depth: number): Record<string, unknown> {
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)];
  const kind = Math.floor(next() * (depth < 4 ? 8 : 5));
  switch (kind) {
    case 0:
      return { stringValue: pick(STRINGS) };
    case 1:
      return { boolValue: next() < 0.5 };
    case 2:
      return { intValue: pick(INT64S) };
    case 3:
      return { doubleValue: pick(DOUBLES) };
    case 4:
      return {}; // an AnyValue with no member set
    case 5:
      return { arrayValue: { values: Array.from({ length: Math.floor(next() * 4) }, () => anyValue(next, depth + 1)) } };
    case 6:
      return { kvlistValue: { values: keyValues(next, depth + 1, 3) } };
    default:
      return { bytesValue: Buffer.from(Array.from({ length: Math.floor(next() * 20) }, () => Math.floor(next() * 256))) };
  }
}

function keyValues(next: () => number, depth: number, most: number): Record<string, unknown>[] {
  const keys = ['input.value', 'gen_ai.request.model', 'k', '', 'k', 'service.name', 'app.retries', 'llm.input_messages.0.message.role'];
  return Array.from({ length: Math.floor(next() * most) }, () => {
    const key = keys[Math.floor(next() * keys.length)];
    // Sometimes a KeyValue without a value, or without a key.
    const roll = next();
    return roll < 0.05 ? { key } : roll < 0.08 ? { value: anyValue(next, depth) } : { key, value: anyValue(next, depth) };
  });
}

function randomRequest(seed: number): Record<string, unknown> {
  const next = random(seed);
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(next() * 256)));
  const time = () => (next() < 0.1 ? '0' : (BigInt(Math.floor(next() * 2e9)) * 1_000_000_000n + BigInt(Math.floor(next() * 1e9))).toString());
  return {
    resourceSpans: Array.from({ length: 1 + Math.floor(next() * 2) }, () => ({
      ...(next() < 0.8 ? { resource: { attributes: keyValues(next, 0, 4), droppedAttributesCount: 2 } } : {}),
      schemaUrl: 'https://opentelemetry.io/schemas/1.30.0',
      scopeSpans: Array.from({ length: Math.floor(next() * 3) }, () => ({
        ...(next() < 0.8 ? { scope: { name: STRINGS[Math.floor(next() * 4)], ...(next() < 0.5 ? { version: '1.2.3' } : {}), attributes: keyValues(next, 0, 2) } } : {}),
        spans: Array.from({ length: Math.floor(next() * 5) }, () => ({
          traceId: bytes(next() < 0.9 ? 16 : 3),
          spanId: bytes(8),
          ...(next() < 0.7 ? { parentSpanId: bytes(8) } : {}),
          traceState: 'vendor=1',
          flags: 257,
          name: STRINGS[Math.floor(next() * STRINGS.length)],
          kind: Math.floor(next() * 6),
          startTimeUnixNano: time(),
          endTimeUnixNano: time(),
          attributes: keyValues(next, 0, 8),
          droppedAttributesCount: 1,
          events: Array.from({ length: Math.floor(next() * 3) }, () => ({ timeUnixNano: time(), name: next() < 0.5 ? 'exception' : 'gen_ai.choice', attributes: keyValues(next, 0, 3), droppedAttributesCount: 0 })),
          droppedEventsCount: 3,
          links: next() < 0.3 ? [{ traceId: bytes(16), spanId: bytes(8), traceState: 'a=b', attributes: keyValues(next, 0, 2) }] : [],
          ...(next() < 0.6 ? { status: { code: Math.floor(next() * 3), ...(next() < 0.5 ? { message: 'failed' } : {}) } } : {}),
        })),
        schemaUrl: 'https://opentelemetry.io/schemas/1.30.0',
      })),
    })),
  };
}


/** An AnyValue nested `levels` deep: arrays of arrays of … a string. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { stringValue: 'deep' };
  for (let i = 1; i < levels; i++) value = { arrayValue: { values: [value] } };
  return value;
}
const withAttribute = (value: Record<string, unknown>) => ({
  resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: Buffer.alloc(16, 1), spanId: Buffer.alloc(8, 2), name: 's', attributes: [{ key: 'k', value }] }] }] }],
});

describe('OTLP protobuf wire decoder (otlp-wire-decoder.ts)', () => {
  describe('reads what the generated decoder reads', () => {
    it('the bench exports, with generated and with random ids: every span, attribute, time and status', () => {
      const traces = [...generateTraces(0, 60, { seed: 7, baseTime: Date.parse('2026-11-01T00:00:00Z') })];
      for (const batch of inBatches(traces, 20)) {
        expectSameAsGenerated(otlpExportBody(batch, 'generated'));
        expectSameAsGenerated(otlpExportBody(batch, 'random'));
      }
    });

    it('the test suite’s requests: events, parents, status codes and messages', () => {
      const body = otlpProto(
        [
          { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', name: 'root', attributes: { 'session.id': 's1', n: 3, ok: true, ratio: 0.25 } },
          {
            traceId: '0af7651916cd43dd8448eb211c80319c',
            spanId: '00f067aa0ba902b7',
            parentSpanId: 'b7ad6b7169203331',
            name: 'child',
            status: { code: 2, message: 'boom' },
            events: [{ name: 'exception', attributes: { 'exception.type': 'TimeoutError', 'exception.message': 'exceeded 30000 ms' } }],
          },
        ],
        { 'service.name': 'agent', 'telemetry.sdk.language': 'nodejs' },
        '@arizeai/openinference-instrumentation-langchain',
      );
      expectSameAsGenerated(body);
      const span = decodeExportRequest(body).resourceSpans![0].scopeSpans![0].spans![1];
      expect(span.status).to.deep.equal({ code: 2, message: 'boom' });
      expect(span.events![0].attributes).to.deep.equal({ 'exception.type': 'TimeoutError', 'exception.message': 'exceeded 30000 ms' });
    });

    it('200 random requests: every AnyValue kind, nested lists, 64-bit edges, non-finite doubles, repeated and empty keys, links and dropped counts skipped', () => {
      for (let seed = 1; seed <= 200; seed++) expectSameAsGenerated(encode(randomRequest(seed)));
    });

    it('converts values as the mapper expects them: int64 exact or as text, bytes as base64, non-finite doubles as text', () => {
      const request = withAttribute({
        arrayValue: {
          values: [{ intValue: '-5' }, { intValue: '9007199254740993' }, { intValue: '-9223372036854775808' }, { bytesValue: Buffer.from('hi') }, { doubleValue: Number.NaN }, { boolValue: false }, {}],
        },
      });
      const span = decodeExportRequest(encode(request)).resourceSpans![0].scopeSpans![0].spans![0];
      expect(span.attributes).to.deep.equal({ k: [-5, '9007199254740993', '-9223372036854775808', 'aGk=', 'NaN', false, null] });
    });

    it('skips fields it does not know, of every wire type, anywhere in the message', () => {
      const resourceSpans = Buffer.from(ResourceSpans.encode(ResourceSpans.fromObject(withAttribute({ stringValue: 'v' }).resourceSpans[0])).finish());
      const unknown = Buffer.concat([
        varint((100 << 3) | 0), varint(300), // varint
        varint((101 << 3) | 1), Buffer.alloc(8, 9), // fixed64
        lengthDelimited(102, Buffer.from('ignored')), // length-delimited
        varint((103 << 3) | 3), varint((1 << 3) | 0), varint(1), varint((103 << 3) | 4), // a group
        varint((104 << 3) | 5), Buffer.alloc(4, 7), // fixed32
      ]);
      const body = Buffer.concat([unknown, lengthDelimited(1, Buffer.concat([unknown, resourceSpans, unknown])), unknown]);
      expectSameAsGenerated(body);
      expect(decodeExportRequest(body).resourceSpans![0].scopeSpans![0].spans![0].attributes).to.deep.equal({ k: 'v' });
    });

    it('a singular field sent twice keeps the last value', () => {
      const span = Buffer.concat([lengthDelimited(5, Buffer.from('first')), lengthDelimited(5, Buffer.from('second'))]);
      const body = lengthDelimited(1, lengthDelimited(2, lengthDelimited(2, span)));
      expectSameAsGenerated(body);
      expect(decodeExportRequest(body).resourceSpans![0].scopeSpans![0].spans![0].name).to.equal('second');
    });

    it('reads an id of any length as hex, so the mapper refuses that span alone', () => {
      const request = withAttribute({ stringValue: 'v' });
      request.resourceSpans[0].scopeSpans[0].spans[0].traceId = Buffer.alloc(1 << 20, 0xab);
      const body = encode(request);
      expectSameAsGenerated(body);
      expect(decodeExportRequest(body).resourceSpans![0].scopeSpans![0].spans![0].traceId).to.have.length(2 << 20);
    });

    it('an empty body is a request without spans', () => {
      expect(decodeExportRequest(Buffer.alloc(0))).to.deep.equal({ resourceSpans: [] });
    });
  });

  describe('refuses what is not a request', () => {
    it('a body cut at any byte either decodes as the generated decoder does or is refused by both', () => {
      const body = otlpProto([{ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', name: 'root', attributes: { a: 'b', n: -3 }, status: { code: 2, message: 'x' }, events: [{ name: 'e' }] }]);
      let refused = 0;
      for (let cut = 0; cut < body.length; cut++) {
        const part = body.subarray(0, cut);
        let reference: OtlpTraceRequest | null = null;
        try {
          reference = generated(part);
        } catch {
          reference = null;
        }
        if (reference === null) {
          expect(() => decodeExportRequest(part), `cut at ${cut}`).to.throw(OtlpDecodeError, /truncated at byte \d+/);
          refused++;
        } else {
          expect(comparable(decodeExportRequest(part)), `cut at ${cut}`).to.deep.equal(comparable(reference));
        }
      }
      expect(refused).to.be.greaterThan(body.length / 2);
    });

    it('an invalid wire type, field number 0 and a varint longer than 10 bytes', () => {
      expect(() => decodeExportRequest(Buffer.from([(1 << 3) | 6]))).to.throw(OtlpDecodeError, 'invalid wire type 6 at byte 1');
      expect(() => decodeExportRequest(Buffer.from([(1 << 3) | 7]))).to.throw(OtlpDecodeError, 'invalid wire type 7 at byte 1');
      expect(() => decodeExportRequest(Buffer.from([0x02, 0x00]))).to.throw(OtlpDecodeError, 'field number 0 at byte 1');
      expect(() => decodeExportRequest(Buffer.from([0x08, ...new Array(11).fill(0xff)]))).to.throw(OtlpDecodeError, 'a varint runs past 10 bytes');
    });

    it('a length past the end of the body', () => {
      expect(() => decodeExportRequest(Buffer.from([0x0a, 0x05, 0x00]))).to.throw(OtlpDecodeError, 'truncated at byte 2');
    });

    it(`values nested up to ${MAX_VALUE_DEPTH} levels are read; deeper ones refuse the request, in protobuf and JSON alike`, () => {
      const deepest = decodeExportRequest(encode(withAttribute(nested(MAX_VALUE_DEPTH)))).resourceSpans![0].scopeSpans![0].spans![0].attributes!.k;
      expect(JSON.stringify(deepest)).to.equal(`${'['.repeat(MAX_VALUE_DEPTH - 1)}"deep"${']'.repeat(MAX_VALUE_DEPTH - 1)}`);
      const message = `The body is not a valid ExportTraceServiceRequest: attribute values nest deeper than ${MAX_VALUE_DEPTH} levels.`;
      expect(() => decodeTraceRequest(encode(withAttribute(nested(MAX_VALUE_DEPTH + 1))), 'protobuf')).to.throw(OtlpDecodeError, message);
      const json = { resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: '01'.repeat(16), spanId: '02'.repeat(8), name: 's', attributes: [{ key: 'k', value: nested(MAX_VALUE_DEPTH + 1) }] }] }] }] };
      expect(() => decodeTraceRequest(Buffer.from(JSON.stringify(json)), 'json')).to.throw(OtlpDecodeError, message);
      json.resourceSpans[0].scopeSpans[0].spans[0].attributes[0].value = nested(MAX_VALUE_DEPTH);
      expect(decodeTraceRequest(Buffer.from(JSON.stringify(json)), 'json').resourceSpans![0].scopeSpans![0].spans![0].attributes!.k).to.deep.equal(deepest);
    });
  });
});
