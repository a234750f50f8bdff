import { expect } from 'chai';
import { checkExportRequest, decodeSpanBatches } from '../../src/domain/otlp/otlp-wire-batches.js';
import { decodeExportRequest } from '../../src/domain/otlp/otlp-wire-decoder.js';
import { MAX_VALUE_DEPTH, OtlpDecodeError } from '../../src/domain/otlp/otlp-decode-error.js';
import type { OtlpTraceRequest } from '../../src/domain/otlp/otlp-request.js';
import { lengthDelimited, varint } from '../support/protobuf-wire.js';

const field = lengthDelimited;
/** A ResourceSpans' resource (its field 1): a Resource of one attribute. */
const resource = (service: string) => field(1, field(1, field(1, 'service.name'), field(2, field(1, service))));
const span = (n: number, extra: Buffer = Buffer.alloc(0)) =>
  field(2, field(1, Buffer.alloc(16, 0x11)), field(2, Buffer.alloc(8, n)), field(5, `span ${n}`), field(9, field(1, 'k'), field(2, field(1, `v${n}`))), extra);
const scope = (name: string) => field(1, field(1, name));
/** An unknown varint field (number 99), which every reader skips. */
const unknown = Buffer.concat([varint((99 << 3) | 0), varint(7)]);

/** A request of several resources and scopes, fields out of order and repeated, empty scope spans among them. */
const request = Buffer.concat([
  field(1, resource('first'), field(2, scope('a'), span(1), span(2), span(3)), field(2, span(4), scope('b'), span(5)), unknown),
  unknown,
  field(1, field(2, span(6)), resource('replaced'), field(2), field(2, scope('c')), resource('second'), field(2, span(7), span(8), scope('d'))),
  field(1, resource('no spans')),
]);

/** Each span with the resource and scope it is read with, in order. */
const flatten = (requests: OtlpTraceRequest[]) =>
  requests.flatMap((r) => (r.resourceSpans ?? []).flatMap((rs) => (rs.scopeSpans ?? []).flatMap((ss) => (ss.spans ?? []).map((s) => ({ resource: rs.resource, scope: ss.scope, span: s })))));

const spanCount = (r: OtlpTraceRequest) => flatten([r]).length;

describe('decodeSpanBatches — a protobuf export decoded a batch of spans at a time', () => {
  for (const size of [1, 2, 3, 8, 100]) {
    it(`batches of ${size}: together every span decodeExportRequest reads, in its order, with its resource and scope; each batch at most ${size} spans, only the last fewer`, () => {
      const batches = [...decodeSpanBatches(request, size)];
      expect(flatten(batches)).to.deep.equal(flatten([decodeExportRequest(request)]));
      const counts = batches.map(spanCount);
      expect(counts.slice(0, -1).every((n) => n === size)).to.equal(true);
      expect(counts.reduce((a, b) => a + b, 0)).to.equal(8);
      expect(counts.at(-1)).to.be.within(1, size);
    });
  }

  it('an empty body: no batch', () => {
    expect([...decodeSpanBatches(Buffer.alloc(0), 10)]).to.deep.equal([]);
  });

  it('a body of more than one batch whose last span is malformed throws before the first batch is yielded', () => {
    const bad = Buffer.concat([request, field(1, field(2, span(9, Buffer.from([(1 << 3) | 7]))))]);
    const batches = decodeSpanBatches(bad, 2);
    expect(() => batches.next()).to.throw(OtlpDecodeError, /invalid wire type 7/);
  });
});

describe('checkExportRequest — the whole body checked, nothing built', () => {
  let nested = field(1, 'x');
  for (let i = 0; i < MAX_VALUE_DEPTH; i++) nested = field(5, field(1, nested));
  const malformed: Record<string, Buffer> = {
    'truncated in the middle of a span': request.subarray(0, request.length - 30),
    'an invalid wire type inside an attribute value': field(1, field(2, span(1, field(9, field(1, 'k'), field(2, Buffer.from([(1 << 3) | 6])))))),
    'field number 0 inside a scope': field(1, field(2, field(1, Buffer.from([0x02, 0x00])))),
    [`attribute values nested ${MAX_VALUE_DEPTH + 1} levels`]: field(1, field(2, field(2, field(9, field(1, 'k'), field(2, nested))))),
    'a varint past 10 bytes inside a span': field(1, field(2, field(2, Buffer.from([6 << 3, ...Array(10).fill(0xff), 1])))),
  };
  for (const [what, body] of Object.entries(malformed)) {
    it(`${what}: throws what decodeExportRequest throws`, () => {
      let expected: unknown = null;
      try {
        decodeExportRequest(body);
      } catch (error) {
        expected = error;
      }
      expect(expected).to.be.instanceOf(OtlpDecodeError);
      expect(() => checkExportRequest(body)).to.throw(OtlpDecodeError, (expected as Error).message);
    });
  }

  it(`attribute values nested ${MAX_VALUE_DEPTH} levels and the request above: passes, as decodeExportRequest does`, () => {
    let deepest = field(1, 'x');
    for (let i = 1; i < MAX_VALUE_DEPTH; i++) deepest = field(5, field(1, deepest));
    const body = field(1, field(2, field(2, field(9, field(1, 'k'), field(2, deepest)))));
    expect(() => decodeExportRequest(body)).to.not.throw();
    expect(() => checkExportRequest(body)).to.not.throw();
    expect(() => checkExportRequest(request)).to.not.throw();
  });
});
