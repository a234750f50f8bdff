import type { Attributes } from './otlp-attributes.js';
import { MAX_VALUE_DEPTH, tooDeep } from './otlp-decode-error.js';
import type { OtlpResourceSpans, OtlpScopeSpans, OtlpTraceRequest } from './otlp-message.js';
import {
  FIELD_11_LEN,
  FIELD_15_LEN,
  FIELD_1_LEN,
  FIELD_2_LEN,
  FIELD_3_LEN,
  FIELD_5_LEN,
  FIELD_6_LEN,
  FIELD_9_LEN,
  WireReader,
  readKeyValues,
  readScope,
  readSpan,
} from './otlp-wire-decoder.js';

/**
 * A protobuf ExportTraceServiceRequest decoded lazily, as requests of at most `batchSize` spans
 * each (every span with its own resource and scope), so that a huge export is mapped and written
 * batch by batch instead of held whole (docs/tenant-safety-input.md, "OTLP memory"). Together the
 * batches hold what decodeExportRequest returns, in its order; resource spans and scope spans
 * without spans are left out (they map to nothing).
 *
 * An export must be refused whole when any of it is malformed (OTLP: nothing is accepted from an
 * unparseable request). A body that fits in one batch is decoded whole before it is yielded, so
 * it throws before anything is written; a larger one is checked over its whole length
 * (checkExportRequest, which allocates nothing) before its first batch is yielded.
 */
export function* decodeSpanBatches(bytes: Buffer, batchSize: number): Generator<OtlpTraceRequest> {
  const reader = new WireReader(bytes);
  let batch: OtlpResourceSpans[] = [];
  let count = 0;
  let checked = false;
  while (reader.pos < reader.length) {
    const tag = reader.tag();
    if (tag !== FIELD_1_LEN) {
      reader.skip(tag);
      continue;
    }
    const resourceSpansEnd = reader.lengthEnd();
    const resource = lastResource(reader, resourceSpansEnd);
    // This resource's entry in the current batch, made when its first span arrives.
    let resourceSpans: OtlpResourceSpans | null = null;
    while (reader.pos < resourceSpansEnd) {
      const inner = reader.tag();
      if (inner !== FIELD_2_LEN) {
        reader.skip(inner);
        continue;
      }
      const scopeSpansEnd = reader.lengthEnd();
      const scope = lastScope(reader, scopeSpansEnd);
      let scopeSpans: OtlpScopeSpans | null = null;
      while (reader.pos < scopeSpansEnd) {
        const field = reader.tag();
        if (field !== FIELD_2_LEN) {
          reader.skip(field);
          continue;
        }
        const span = readSpan(reader, reader.lengthEnd());
        if (scopeSpans === null) {
          if (resourceSpans === null) batch.push((resourceSpans = { resource, scopeSpans: [] }));
          resourceSpans.scopeSpans!.push((scopeSpans = { scope, spans: [] }));
        }
        scopeSpans.spans!.push(span);
        if (++count < batchSize) continue;
        if (!checked) {
          checkExportRequest(bytes);
          checked = true;
        }
        // Reset before the yield: the generator is suspended while its consumer writes the batch,
        // and what its variables still held then would outlive the write.
        const full: OtlpTraceRequest = { resourceSpans: batch };
        batch = [];
        count = 0;
        resourceSpans = null;
        scopeSpans = null;
        yield full;
      }
    }
  }
  if (count > 0) yield { resourceSpans: batch };
}

/**
 * A ResourceSpans' resource, read before its spans (a field may come anywhere in a message, and a
 * repeated one keeps its last value, as decodeExportRequest reads it). Leaves the reader where it was.
 */
function lastResource(reader: WireReader, end: number): OtlpResourceSpans['resource'] {
  const start = reader.pos;
  let resource: { attributes: Attributes } | null = null;
  while (reader.pos < end) {
    const tag = reader.tag();
    if (tag === FIELD_1_LEN) resource = { attributes: readKeyValues(reader, reader.lengthEnd(), 0) };
    else reader.skip(tag);
  }
  reader.pos = start;
  return resource;
}

/** A ScopeSpans' scope, likewise. */
function lastScope(reader: WireReader, end: number): OtlpScopeSpans['scope'] {
  const start = reader.pos;
  let scope: OtlpScopeSpans['scope'] = null;
  while (reader.pos < end) {
    const tag = reader.tag();
    if (tag === FIELD_1_LEN) scope = readScope(reader, reader.lengthEnd());
    else reader.skip(tag);
  }
  reader.pos = start;
  return scope;
}

/** The messages decodeExportRequest descends into; every other field it reads is a scalar, skipped alike. */
const enum Kind {
  Request,
  ResourceSpans,
  KeyValues,
  ScopeSpans,
  Scope,
  Span,
  Event,
  Status,
  KeyValue,
  AnyValue,
  ArrayValue,
}

/** For each message, the tags of its message fields and what they hold (opentelemetry-proto's field numbers). */
const CHILDREN: ReadonlyMap<number, Kind>[] = [];
CHILDREN[Kind.Request] = new Map([[FIELD_1_LEN, Kind.ResourceSpans]]);
CHILDREN[Kind.ResourceSpans] = new Map([[FIELD_1_LEN, Kind.KeyValues], [FIELD_2_LEN, Kind.ScopeSpans]]);
CHILDREN[Kind.KeyValues] = new Map([[FIELD_1_LEN, Kind.KeyValue]]);
CHILDREN[Kind.ScopeSpans] = new Map([[FIELD_1_LEN, Kind.Scope], [FIELD_2_LEN, Kind.Span]]);
CHILDREN[Kind.Scope] = new Map([[FIELD_3_LEN, Kind.KeyValue]]);
CHILDREN[Kind.Span] = new Map([[FIELD_9_LEN, Kind.KeyValue], [FIELD_11_LEN, Kind.Event], [FIELD_15_LEN, Kind.Status]]);
CHILDREN[Kind.Event] = new Map([[FIELD_3_LEN, Kind.KeyValue]]);
CHILDREN[Kind.Status] = new Map();
CHILDREN[Kind.KeyValue] = new Map([[FIELD_2_LEN, Kind.AnyValue]]);
CHILDREN[Kind.AnyValue] = new Map([[FIELD_5_LEN, Kind.ArrayValue], [FIELD_6_LEN, Kind.KeyValues]]);
CHILDREN[Kind.ArrayValue] = new Map([[FIELD_1_LEN, Kind.AnyValue]]);

/**
 * Walks a whole request as decodeExportRequest does, building nothing: it throws the same
 * OtlpDecodeError where that would (the same reader, the same scalar reads as skips of the same
 * wire types, the same value depth), so a body it passes decodes without error.
 */
export function checkExportRequest(bytes: Buffer): void {
  const reader = new WireReader(bytes);
  checkMessage(reader, reader.length, Kind.Request, 0);
}

/** `depth`: the attribute value nesting, counted as decodeExportRequest counts it (each AnyValue one deeper). */
function checkMessage(reader: WireReader, end: number, kind: Kind, depth: number): void {
  if (kind === Kind.AnyValue && depth > MAX_VALUE_DEPTH) throw tooDeep();
  const children = CHILDREN[kind];
  while (reader.pos < end) {
    const tag = reader.tag();
    const child = children.get(tag);
    if (child === undefined) reader.skip(tag);
    else checkMessage(reader, reader.lengthEnd(), child, child === Kind.AnyValue ? depth + 1 : depth);
  }
}
