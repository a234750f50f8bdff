import { expect } from 'chai';
import { scanJsonSkeleton } from '../../src/domain/otlp/otlp-json-scan.js';
import { decodeTraceBatches, decodeTraceRequest, OtlpDecodeError, type OtlpTraceRequest } from '../../src/domain/otlp/otlp-request.js';
import { MAX_OTLP_JSON_DEPTH } from '../../src/domain/otlp/otlp-json-depth.js';
import { hexId, otlpJson, type TestSpan } from './otlp-bodies.js';

/**
 * OTLP JSON of more spans than a batch is cut where its spans are (otlp-json-scan.ts) and decoded
 * batch by batch (otlp-json-batches.ts) instead of parsed whole (docs/tenant-safety-input.md, "OTLP
 * memory"). The reference for every answer is decodeTraceRequest, which parses the body whole with
 * JSON.parse and the generated fromObject: the batches together must hold exactly its spans, with
 * their resources and scopes, and a body it refuses must be refused with its message, before any batch.
 */

/** Each span with the resource and scope it is read with, in order. */
const flatten = (requests: OtlpTraceRequest[]) =>
  requests.flatMap((r) => (r.resourceSpans ?? []).flatMap((rs) => (rs.scopeSpans ?? []).flatMap((ss) => (ss.spans ?? []).map((s) => ({ resource: rs.resource, scope: ss.scope, span: s })))));

const spans = (from: number, count: number, traceSeed = 1): TestSpan[] =>
  Array.from({ length: count }, (_, i) => ({ traceId: hexId(traceSeed, 16), spanId: hexId(from + i, 8), name: `span ${from + i} é ☃`, attributes: { n: from + i, 'k.ü': `v${i}` } }));

/** Two resources, the second with two scopes; ids, links, events, statuses and an invalid id among the spans. */
function multiResource(): Record<string, unknown> {
  const a = otlpJson(spans(1, 4), { 'service.name': 'first' }, 'a') as { resourceSpans: Record<string, unknown>[] };
  const b = otlpJson(spans(10, 3, 2), { 'service.name': 'second' }, 'b') as { resourceSpans: { scopeSpans: Record<string, unknown>[] }[] };
  const c = otlpJson(spans(20, 2, 3), {}, 'c') as { resourceSpans: { scopeSpans: { spans: Record<string, unknown>[] }[] }[] };
  const cSpans = c.resourceSpans[0].scopeSpans[0].spans;
  cSpans[0].links = [{ traceId: hexId(9, 16), spanId: hexId(9, 8) }];
  cSpans[1].spanId = 'not hex';
  cSpans[1].status = { code: 'STATUS_CODE_ERROR', message: 'failed' };
  b.resourceSpans[0].scopeSpans.push(c.resourceSpans[0].scopeSpans[0], { scope: { name: 'empty' }, spans: [] });
  return { resourceSpans: [...a.resourceSpans, { resource: { attributes: [] } }, ...b.resourceSpans] };
}

/** decodeTraceRequest's answer: the request, or the error it throws. */
function whole(body: Buffer): { request: OtlpTraceRequest } | { error: string } {
  try {
    return { request: decodeTraceRequest(body, 'json') };
  } catch (error) {
    expect(error).to.be.instanceOf(OtlpDecodeError);
    return { error: (error as Error).message };
  }
}

/** The batches' answer: the batches, or the error thrown — with how many batches had been yielded before it. */
function batched(body: Buffer, size: number): { batches: OtlpTraceRequest[] } | { error: string; yieldedBefore: number } {
  const batches: OtlpTraceRequest[] = [];
  try {
    for (const batch of decodeTraceBatches(body, 'json', size)) batches.push(batch);
    return { batches };
  } catch (error) {
    expect(error).to.be.instanceOf(OtlpDecodeError);
    return { error: (error as Error).message, yieldedBefore: batches.length };
  }
}

/** Asserts that batches of `size` answer as the whole decode does, and that the body was cut (the scan took it) or not. */
function expectSameAsWhole(body: Buffer, size: number, cut: boolean): void {
  expect(scanJsonSkeleton(body) !== null, 'taken by the scan').to.equal(cut);
  const reference = whole(body);
  const answer = batched(body, size);
  if ('error' in reference) {
    expect(answer).to.deep.equal({ error: reference.error, yieldedBefore: 0 });
    return;
  }
  expect(answer).to.have.property('batches');
  const batches = (answer as { batches: OtlpTraceRequest[] }).batches;
  expect(flatten(batches)).to.deep.equal(flatten([reference.request]));
  const counts = batches.map((b) => flatten([b]).length);
  expect(counts.slice(0, -1).every((n) => n === size), `batch sizes ${counts.join(',')}`).to.equal(true);
}

const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

describe('decodeTraceBatches (json) — an OTLP JSON export decoded a batch of spans at a time', () => {
  for (const size of [1, 2, 3, 5, 100]) {
    it(`batches of ${size}: together every span of the whole decode, in its order, with its resource and scope; each batch ${size} spans but the last`, () => {
      expectSameAsWhole(json(multiResource()), size, true);
    });
  }

  it('whitespace, escaped keys and values, unknown fields and numbers of every JSON form: read as the whole decode reads them', () => {
    const text = JSON.stringify(multiResource(), null, '\t\r')
      .replace('"resourceSpans":', '"unknown": [1, -0.5e+3, 2E-2, true, false, null, {"a": "\\"\\\\\\/\\b\\f\\n\\r\\t"}], "resource\\u0053pans":')
      .replace('"spans"', '"sp\\u0061ns"')
      .replace('"name": "span 2', '"name": "\\ud83d\\ude00 span 2');
    expectSameAsWhole(Buffer.from(text), 2, true);
  });

  it('duplicate keys: the last one counts, as in JSON.parse — spans, scope spans and resource spans alike', () => {
    const body = json(multiResource()).toString();
    const first = otlpJson(spans(100, 3), { 'service.name': 'overridden' });
    const text = body
      .replace('{"resourceSpans":', `{"resourceSpans": ${JSON.stringify(first.resourceSpans)}, "resourceSpans":`)
      .replace('"spans":', `"spans": [{"spanId": "${hexId(200, 8)}"}], "spans":`)
      .replace('"scopeSpans":', '"scopeSpans": 5, "scopeSpans":');
    expectSameAsWhole(Buffer.from(text), 2, true);
    const last = Buffer.from(`{"resourceSpans":[{"scopeSpans":[{"spans":[{"spanId":"${hexId(1, 8)}"}],"spans":"no longer a list"}]}]}`);
    expectSameAsWhole(last, 1, true);
    expect(whole(last)).to.have.property('error', 'The body is not a valid OTLP JSON ExportTraceServiceRequest: .opentelemetry.proto.trace.v1.ScopeSpans.spans: array expected');
  });

  it('a huge string (4 MB) in a span and in the resource: read whole, as the whole decode reads it', () => {
    const request = multiResource() as { resourceSpans: { resource: { attributes: unknown[] }; scopeSpans: { spans: { name: string }[] }[] }[] };
    request.resourceSpans[0].scopeSpans[0].spans[1].name = 'x'.repeat(4_000_000);
    request.resourceSpans[0].resource.attributes.push({ key: 'big', value: { stringValue: '\u00e9'.repeat(1_000_000) } });
    expectSameAsWhole(json(request), 2, true);
  });

  it('an export of one batch or fewer is decoded whole, as one request', () => {
    const body = json(multiResource());
    const batches = [...decodeTraceBatches(body, 'json', 100)];
    expect(batches).to.deep.equal([decodeTraceRequest(body, 'json')]);
  });

  describe('hostile bodies: refused with the whole decode\'s message, before any batch', () => {
    const valid = json(multiResource()).toString();
    const shapes: Record<string, string> = {
      'resourceSpans not a list': '{"resourceSpans": {"scopeSpans": []}}',
      'a resource spans that is a number': '{"resourceSpans": [1]}',
      'a resource spans that is null': '{"resourceSpans": [null]}',
      'scopeSpans not a list': '{"resourceSpans": [{"scopeSpans": "x"}]}',
      'a scope spans that is null': '{"resourceSpans": [{"scopeSpans": [null]}]}',
      'a scope spans that is a string': '{"resourceSpans": [{"scopeSpans": ["x"]}]}',
      'spans not a list': '{"resourceSpans": [{"scopeSpans": [{"spans": {"a": 1}}]}]}',
      'a span that is a number': valid.replace('"spans":[{', '"spans":[7, {'),
      'a span that is null, after several valid spans': valid.replace(/("spans":\[.*?\])(.*?"spans":\[)/, '$1$2null, '),
      'a span attribute list that is an object, in the last span': (() => {
        const index = valid.lastIndexOf('"attributes":[');
        return `${valid.slice(0, index)}"attributes":{"k":1},"was":${valid.slice(index + '"attributes":'.length)}`;
      })(),
      'a resource whose attributes are a string, after spans of another resource': valid.replace('"resource":{"attributes":[]}', '"resource":{"attributes":"x"}'),
      'a status that is a number, in the first span': valid.replace('"kind":1', '"kind":1,"status":5'),
      'a scope that is a number': valid.replace('"scope":{"name":"b"}', '"scope":3'),
      'a resource error before a span error of the same resource': valid.replace('"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"first"}}]}', '"resource":5').replace('"kind":1', '"kind":1,"status":5'),
    };
    for (const [what, text] of Object.entries(shapes)) {
      it(`${what}`, () => {
        const body = Buffer.from(text);
        expect(whole(body), 'the whole decode refuses it').to.have.property('error');
        expectSameAsWhole(body, 1, true);
      });
    }

    const syntax: Record<string, string> = {
      'a trailing comma in a span\'s attribute list': valid.replace('"v0"}}]', '"v0"}},]'),
      'a raw control character in a string': valid.replace('span 2', 'span\u00012'),
      'an unknown escape': valid.replace('span 2', 'span\\x2'),
      'a short \\u escape': valid.replace('span 2', 'span\\u12'),
      'a number with a leading zero': valid.replace('"kind":1', '"kind":01'),
      'a number ending in a dot': valid.replace('"kind":1', '"kind":1.'),
      'a lone minus': valid.replace('"kind":1', '"kind":-'),
      'an exponent without digits': valid.replace('"kind":1', '"kind":1e+'),
      'a misspelt literal': valid.replace('"spans":[', '"x": tru, "spans":['),
      'a single-quoted string': valid.replace('"span 2', "'span 2"),
      'a byte-order mark': `\ufeff${valid}`,
      'a non-breaking space as whitespace': valid.replace('"spans":', '"spans":\u00a0'),
      'a second value after the object': `${valid} {}`,
      'a missing colon': valid.replace('"spans":', '"spans"'),
      'an unterminated string at the end': `${valid.slice(0, -8)}"abc`,
    };
    for (const [what, text] of Object.entries(syntax)) {
      it(`not JSON — ${what}: the parser's own error, decoded whole`, () => {
        const body = Buffer.from(text);
        expect(() => JSON.parse(text), 'JSON.parse refuses it').to.throw(SyntaxError);
        expectSameAsWhole(body, 1, false);
      });
    }

    it('truncated at every byte: each prefix answered as the whole decode answers it (taken by the scan exactly when JSON.parse takes it)', () => {
      const body = json(otlpJson(spans(1, 3)));
      for (let end = 0; end < body.length; end++) {
        const prefix = body.subarray(0, end);
        let parses = true;
        try {
          JSON.parse(prefix.toString());
        } catch {
          parses = false;
        }
        expectSameAsWhole(prefix, 1, end > 0 && parses);
      }
    });

    it('invalid UTF-8 inside a span\'s string: replaced as the whole decode replaces it', () => {
      const body = json(multiResource());
      const at = body.indexOf('span 2');
      const broken = Buffer.concat([body.subarray(0, at), Buffer.from([0xc3, 0x28, 0xff]), body.subarray(at)]);
      expectSameAsWhole(broken, 2, true);
    });

    it(`nested ${MAX_OTLP_JSON_DEPTH + 1} levels (and 10,000) inside a span: not scanned, refused by the depth rule`, () => {
      for (const levels of [MAX_OTLP_JSON_DEPTH + 1, 10_000]) {
        const text = valid.replace('"kind":1', `"deep":${'['.repeat(levels)}${']'.repeat(levels)},"kind":1`);
        const body = Buffer.from(text);
        expect(whole(body)).to.have.property('error').that.matches(/nests objects and arrays deeper than/);
        expectSameAsWhole(body, 1, false);
      }
    });

    it('not an object at the top (a list, a string, an empty body): decoded whole as before', () => {
      for (const text of ['[]', '"x"', '  null ', '']) expectSameAsWhole(Buffer.from(text), 1, false);
    });
  });
});

describe('scanJsonSkeleton — the body checked as JSON.parse checks it, its spans cut out', () => {
  it('cuts only the spans of resourceSpans[].scopeSpans[].spans[], leaving lists of that name elsewhere in the skeleton', () => {
    const text = '{"spans":[1],"resourceSpans":[{"spans":[2],"scopeSpans":[{"spans":[ {"a":1} , [3] ],"x":{"spans":[4]}}]},[{"scopeSpans":[{"spans":[5]}]}]]}';
    const cut = scanJsonSkeleton(Buffer.from(text))!;
    expect(cut.skeleton).to.equal('{"spans":[1],"resourceSpans":[{"spans":[2],"scopeSpans":[{"spans":[0],"x":{"spans":[4]}}]},[{"scopeSpans":[{"spans":[5]}]}]]}');
    expect(cut.spans.map((offsets) => offsets.map((_, i) => (i % 2 === 0 ? text.slice(offsets[i], offsets[i + 1]) : null)).filter((s) => s !== null))).to.deep.equal([['{"a":1}', '[3]']]);
  });
});
