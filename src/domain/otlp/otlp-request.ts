import { ExportTraceServiceRequest } from './otlp-protocol.js';
import { attributesOf } from './otlp-attributes.js';
import type { Attributes, OtlpEvent, OtlpKeyValue, OtlpResourceSpans, OtlpSpan, OtlpTraceRequest } from './otlp-message.js';
import { decodeExportRequest } from './otlp-wire-decoder.js';
import { decodeSpanBatches } from './otlp-wire-batches.js';
import { OtlpDecodeError } from './otlp-decode-error.js';
import { MAX_OTLP_JSON_DEPTH, nestsDeeperThan } from './otlp-json-depth.js';
import { scanJsonSkeleton } from './otlp-json-scan.js';
import { decodeJsonSkeletonBatches } from './otlp-json-batches.js';

/** The two OTLP/HTTP encodings; a response is written in the encoding of its request. */
export type OtlpEncoding = 'protobuf' | 'json';

export type { Int64Bits, Int64, OtlpAnyValue, OtlpKeyValue, OtlpEvent, OtlpSpan, OtlpScopeSpans, OtlpResourceSpans, OtlpTraceRequest } from './otlp-message.js';

export { OtlpDecodeError } from './otlp-decode-error.js';

const HEX_ID = /^(?:[0-9a-fA-F]{2})*$/;

/**
 * OTLP JSON writes trace and span ids as hex where the protobuf JSON mapping would use base64; they
 * are turned into bytes before the generated `fromObject` reads the rest (lowerCamelCase keys,
 * integer or named enums, 64-bit integers as strings or numbers, unknown fields ignored). An id that
 * is not hex becomes empty bytes, so its span alone is refused as invalid.
 */
function hexIdsToBytes(request: Record<string, unknown>): void {
  for (const resourceSpans of arrayOf(request.resourceSpans)) {
    for (const scopeSpans of arrayOf(resourceSpans.scopeSpans)) {
      for (const span of arrayOf(scopeSpans.spans)) spanHexIdsToBytes(span);
    }
  }
}

/** hexIdsToBytes for one span (and its links). */
function spanHexIdsToBytes(span: Record<string, unknown>): void {
  const idToBytes = (holder: Record<string, unknown>, key: string) => {
    const value = holder[key];
    if (value === undefined || value === null) return;
    holder[key] = typeof value === 'string' && HEX_ID.test(value) ? Buffer.from(value, 'hex') : Buffer.alloc(0);
  };
  for (const key of ['traceId', 'spanId', 'parentSpanId']) idToBytes(span, key);
  for (const link of arrayOf(span.links)) for (const key of ['traceId', 'spanId']) idToBytes(link, key);
}

const arrayOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];

/** A span as the generated message classes hold it: ids as bytes, attributes as KeyValue lists. */
interface GeneratedSpan extends Omit<OtlpSpan, 'traceId' | 'spanId' | 'parentSpanId' | 'attributes' | 'events'> {
  traceId?: Uint8Array | null;
  spanId?: Uint8Array | null;
  parentSpanId?: Uint8Array | null;
  attributes?: OtlpKeyValue[] | null;
  events?: (Omit<OtlpEvent, 'attributes'> & { attributes?: OtlpKeyValue[] | null })[] | null;
}
interface GeneratedRequest {
  resourceSpans?: {
    resource?: { attributes?: OtlpKeyValue[] | null } | null;
    scopeSpans?: { scope?: { name?: string | null; version?: string | null; attributes?: OtlpKeyValue[] | null } | null; spans?: GeneratedSpan[] | null }[] | null;
  }[] | null;
}

const hexOf = (bytes: Uint8Array | null | undefined): string | null =>
  bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex') : null;

/**
 * A request as the generated message classes hold it, with ids made hex and every attribute list a
 * record: how OTLP JSON is read, and the reference the wire decoder is tested against.
 */
export function fromGeneratedMessage(message: object): OtlpTraceRequest {
  const request = message as GeneratedRequest;
  return {
    resourceSpans: (request.resourceSpans ?? []).map((resourceSpans) => ({
      resource: resourceSpans.resource ? { attributes: attributesOf(resourceSpans.resource.attributes) } : null,
      scopeSpans: (resourceSpans.scopeSpans ?? []).map((scopeSpans) => ({
        scope: scopeSpans.scope ? { name: scopeSpans.scope.name ?? null, version: scopeSpans.scope.version ?? null, attributes: attributesOf(scopeSpans.scope.attributes) } : null,
        spans: (scopeSpans.spans ?? []).map((span) => ({
          traceId: hexOf(span.traceId),
          spanId: hexOf(span.spanId),
          parentSpanId: hexOf(span.parentSpanId),
          name: span.name ?? null,
          kind: span.kind ?? null,
          startTimeUnixNano: span.startTimeUnixNano ?? null,
          endTimeUnixNano: span.endTimeUnixNano ?? null,
          attributes: attributesOf(span.attributes),
          events: (span.events ?? []).map((event) => ({ timeUnixNano: event.timeUnixNano ?? null, name: event.name ?? null, attributes: attributesOf(event.attributes) })),
          status: span.status ? { code: span.status.code ?? null, message: span.status.message ?? null } : null,
        })),
      })),
    })),
  };
}

/**
 * Decodes a request body (already decompressed): protobuf by the wire decoder (otlp-wire-decoder.ts),
 * OTLP JSON by the generated definitions' `fromObject` (lowerCamelCase keys, integer or named enums,
 * 64-bit integers as strings or numbers, unknown fields ignored) after its hex ids are made bytes.
 */
export function decodeTraceRequest(body: Buffer, encoding: OtlpEncoding): OtlpTraceRequest {
  try {
    if (encoding === 'protobuf') return decodeExportRequest(body);
    const text = body.toString('utf8');
    if (nestsDeeperThan(text, MAX_OTLP_JSON_DEPTH)) {
      throw new OtlpDecodeError(`The body is not a valid OTLP JSON ExportTraceServiceRequest: it nests objects and arrays deeper than ${MAX_OTLP_JSON_DEPTH} levels.`);
    }
    const parsed: unknown = body.length === 0 ? {} : JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new OtlpDecodeError('The JSON body must be an ExportTraceServiceRequest object.');
    hexIdsToBytes(parsed as Record<string, unknown>);
    return fromGeneratedMessage(ExportTraceServiceRequest.fromObject(parsed as Record<string, unknown>));
  } catch (error) {
    throw undecodable(error, encoding);
  }
}

/** A decoding failure as the OtlpDecodeError the client is answered with. */
function undecodable(error: unknown, encoding: OtlpEncoding): OtlpDecodeError {
  if (error instanceof OtlpDecodeError) return error;
  const what = encoding === 'protobuf' ? 'protobuf' : 'OTLP JSON';
  return new OtlpDecodeError(`The body is not a valid ${what} ExportTraceServiceRequest${clientFacingReason(error)}`.slice(0, 500));
}

/**
 * The same request as requests of at most `batchSize` spans, for an export written batch by batch
 * (otlp-trace-export.ts). Protobuf is decoded lazily (otlp-wire-batches.ts: the whole body is
 * checked before the first of several batches is yielded). OTLP JSON of more than one batch is
 * cut where its spans are (otlp-json-scan.ts) and its spans parsed batch by batch
 * (otlp-json-batches.ts, which checks the whole request first); one of a single batch, or a body
 * the scan does not take (not JSON, too deep, not an object), is decoded whole as before. Either
 * way a malformed body throws OtlpDecodeError before the first batch.
 */
export function* decodeTraceBatches(body: Buffer, encoding: OtlpEncoding, batchSize: number): Generator<OtlpTraceRequest> {
  const batches = encoding === 'json' ? jsonBatches(body, batchSize) : decodeSpanBatches(body, batchSize);
  for (;;) {
    let next: IteratorResult<OtlpTraceRequest>;
    try {
      next = batches.next();
    } catch (error) {
      throw undecodable(error, encoding);
    }
    if (next.done) return;
    yield next.value;
  }
}

function* jsonBatches(body: Buffer, batchSize: number): Generator<OtlpTraceRequest> {
  const cut = body.length === 0 ? null : scanJsonSkeleton(body);
  if (cut !== null && cut.spans.reduce((n, offsets) => n + offsets.length / 2, 0) > batchSize) {
    yield* decodeJsonSkeletonBatches(cut, body, batchSize, { hexIdsToBytes: spanHexIdsToBytes, toRequest: fromGeneratedMessage });
    return;
  }
  // An ordinary export is one batch, decoded whole and handed on as decoded.
  const request = decodeTraceRequest(body, 'json');
  if (spanCountOf(request) <= batchSize) yield request;
  else yield* batchesOf(request, batchSize);
}

const spanCountOf = (request: OtlpTraceRequest): number =>
  (request.resourceSpans ?? []).reduce((n, rs) => n + (rs.scopeSpans ?? []).reduce((m, ss) => m + (ss.spans?.length ?? 0), 0), 0);

/** A decoded request cut into requests of at most `batchSize` spans, each taken out of `request` as it is handed out. */
function* batchesOf(request: OtlpTraceRequest, batchSize: number): Generator<OtlpTraceRequest> {
  let batch: OtlpResourceSpans[] = [];
  let count = 0;
  for (const resourceSpans of request.resourceSpans ?? []) {
    let resourcePart: OtlpResourceSpans | null = null;
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
      const spans = scopeSpans.spans ?? [];
      let from = 0;
      while (from < spans.length) {
        const take = Math.min(batchSize - count, spans.length - from);
        if (resourcePart === null) batch.push((resourcePart = { resource: resourceSpans.resource, scopeSpans: [] }));
        resourcePart.scopeSpans!.push({ scope: scopeSpans.scope, spans: spans.slice(from, from + take) });
        // Let go of the spans handed out: the original arrays would keep them alive until the end.
        spans.fill(null as unknown as OtlpSpan, from, from + take);
        from += take;
        count += take;
        if (count < batchSize) continue;
        yield { resourceSpans: batch };
        batch = [];
        count = 0;
        resourcePart = null;
      }
    }
  }
  if (count > 0) yield { resourceSpans: batch };
}

/**
 * The part of a decoding failure a client may read: the JSON parser's position of the syntax error
 * and the generated decoder's "<field>: <type> expected". Anything else (a RangeError, an engine
 * message) says something about this process, not the body, and is left out.
 */
function clientFacingReason(error: unknown): string {
  if (error instanceof SyntaxError) return `: ${error.message}`;
  if (error instanceof TypeError && /^[\w.]+: [\w ]+ expected$/.test(error.message)) return `: ${error.message}`;
  return '.';
}
