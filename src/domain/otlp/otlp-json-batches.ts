import { ExportTraceServiceRequest, SpanMessage, ResourceSpansMessage, ScopeSpansMessage } from './otlp-protocol.js';
import type { OtlpTraceRequest } from './otlp-message.js';
import type { JsonSkeleton } from './otlp-json-scan.js';

/** The generated classes' own messages for the shape errors their fromObject throws (kept word for word). */
const TYPE = '.opentelemetry.proto.';
const shapeError = (path: string): TypeError => new TypeError(`${TYPE}${path}`);

type Json = Record<string, unknown>;

/** What `read` throws (the generated code reading null); reading null must throw, so not throwing is a fault here. */
function thrownBy(read: () => unknown): unknown {
  try {
    read();
  } catch (error) {
    return error;
  }
  return new Error('the generated fromObject read null without throwing');
}
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** A part of the request whose spans are the skeleton's `spans[list]`: its resource spans and scope spans as parsed from the skeleton. */
interface SpanListPlace {
  resourceSpans: Json;
  scopeSpans: Json;
  offsets: number[];
}

/**
 * OTLP JSON of more spans than a batch, decoded batch by batch from its skeleton (otlp-json-scan.ts)
 * instead of parsed whole: each span is parsed from its own bytes when its batch is built, so the
 * export never holds more than a batch of parsed spans beside the body and the skeleton.
 *
 * Answers what decodeTraceRequest answers, split: first the whole request is checked — every span
 * parsed, its hex ids made bytes and read by the generated `Span.fromObject`, then dropped, in the
 * order the generated `ExportTraceServiceRequest.fromObject` reads the request, so the first error
 * it would throw is thrown, with its message, before any batch is yielded (OTLP refuses a malformed
 * request whole). Then each batch is a request of its own ({ resource, scope, spans } per part),
 * read by the same generated code and `toRequest` as a whole body is.
 */
export function* decodeJsonSkeletonBatches(
  cut: JsonSkeleton,
  body: Buffer,
  batchSize: number,
  prepare: { hexIdsToBytes: (span: Json) => void; toRequest: (message: object) => OtlpTraceRequest },
): Generator<OtlpTraceRequest> {
  const request = JSON.parse(cut.skeleton) as Json;
  const places = checkRequest(request, cut.spans, (offsets) => {
    for (let i = 0; i < offsets.length; i += 2) {
      const span: unknown = JSON.parse(body.toString('utf8', offsets[i], offsets[i + 1]));
      if (typeof span !== 'object') throw shapeError('trace.v1.ScopeSpans.spans: object expected');
      if (isObject(span)) prepare.hexIdsToBytes(span);
      // null included: the generated code throws for it as for a whole body's.
      SpanMessage.fromObject(span as Json);
    }
  });
  let parts: Json[] = [];
  let count = 0;
  for (const { resourceSpans, scopeSpans, offsets } of places) {
    let spans: Json[] = [];
    let resourcePart: Json | null = null;
    const flush = () => {
      if (resourcePart === null) parts.push((resourcePart = { resource: resourceSpans.resource, scopeSpans: [] }));
      (resourcePart.scopeSpans as Json[]).push({ scope: scopeSpans.scope, spans });
      spans = [];
    };
    for (let i = 0; i < offsets.length; i += 2) {
      const span = JSON.parse(body.toString('utf8', offsets[i], offsets[i + 1])) as Json;
      prepare.hexIdsToBytes(span);
      spans.push(span);
      if (++count < batchSize) continue;
      flush();
      // Reset before the yield, as in decodeSpanBatches: nothing of this batch held while it is written.
      const full = { resourceSpans: parts };
      parts = [];
      count = 0;
      resourcePart = null;
      yield prepare.toRequest(ExportTraceServiceRequest.fromObject(full));
    }
    if (spans.length > 0) flush();
  }
  if (count > 0) yield prepare.toRequest(ExportTraceServiceRequest.fromObject({ resourceSpans: parts }));
}

/**
 * Walks the skeleton as `ExportTraceServiceRequest.fromObject` walks a request — the same checks,
 * in the same order, each resource and scope read by the generated code itself — calling
 * `checkSpans` where that would read a scope's spans. Answers the span lists the request holds, in
 * order (those it reaches: a list overridden by a later duplicate key is not).
 */
function checkRequest(request: Json, lists: number[][], checkSpans: (offsets: number[]) => void): SpanListPlace[] {
  const places: SpanListPlace[] = [];
  const resourceSpansList = request.resourceSpans;
  if (!resourceSpansList) return places;
  if (!Array.isArray(resourceSpansList)) throw shapeError('collector.trace.v1.ExportTraceServiceRequest.resourceSpans: array expected');
  for (const resourceSpans of resourceSpansList as unknown[]) {
    if (typeof resourceSpans !== 'object') throw shapeError('collector.trace.v1.ExportTraceServiceRequest.resourceSpans: object expected');
    // null, and every shape error of the resource, thrown by the generated code as for a whole body.
    if (!isObject(resourceSpans)) throw thrownBy(() => ResourceSpansMessage.fromObject(resourceSpans as unknown as Json));
    ResourceSpansMessage.fromObject({ resource: resourceSpans.resource });
    const scopeSpansList = resourceSpans.scopeSpans;
    if (!scopeSpansList) continue;
    if (!Array.isArray(scopeSpansList)) throw shapeError('trace.v1.ResourceSpans.scopeSpans: array expected');
    for (const scopeSpans of scopeSpansList as unknown[]) {
      if (typeof scopeSpans !== 'object') throw shapeError('trace.v1.ResourceSpans.scopeSpans: object expected');
      if (!isObject(scopeSpans)) throw thrownBy(() => ScopeSpansMessage.fromObject(scopeSpans as unknown as Json));
      ScopeSpansMessage.fromObject({ scope: scopeSpans.scope });
      const spans = scopeSpans.spans;
      if (!spans) continue;
      if (!Array.isArray(spans)) throw shapeError('trace.v1.ScopeSpans.spans: array expected');
      // Every array in this place is one the scan cut out: it holds its number.
      const offsets = lists[spans[0] as number];
      checkSpans(offsets);
      if (offsets.length > 0) places.push({ resourceSpans, scopeSpans: scopeSpans as Json, offsets });
    }
  }
  return places;
}
