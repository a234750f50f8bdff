import { ExportTraceServiceRequest } from './otlp-protocol.js';

/** The two OTLP/HTTP encodings; a response is written in the encoding of its request. */
export type OtlpEncoding = 'protobuf' | 'json';

/** A 64-bit integer as protobufjs's Long holds it: two 32-bit halves and its signedness. */
export interface Int64Bits {
  low: number;
  high: number;
  unsigned?: boolean;
  /** Decimal text (Long's own). */
  toString(): string;
}
/**
 * A 64-bit integer field: a Long from the generated decoders (protobuf and JSON alike; a number only
 * if protobufjs ran without its `long` package), or decimal text in requests built by hand (tests).
 */
export type Int64 = Int64Bits | string | number;

/**
 * What the mapper reads of a decoded ExportTraceServiceRequest (proto field names in
 * lowerCamelCase). The generated message instances are read as they are: a field that was not
 * sent reads as its prototype's null (or an empty list), which every reader treats as absent.
 */
export interface OtlpAnyValue {
  stringValue?: string | null;
  boolValue?: boolean | null;
  intValue?: Int64 | null;
  doubleValue?: number | null;
  arrayValue?: { values?: OtlpAnyValue[] | null } | null;
  kvlistValue?: { values?: OtlpKeyValue[] | null } | null;
  bytesValue?: Uint8Array | null;
}
export interface OtlpKeyValue {
  key?: string | null;
  value?: OtlpAnyValue | null;
}
export interface OtlpEvent {
  timeUnixNano?: Int64 | null;
  name?: string | null;
  attributes?: OtlpKeyValue[] | null;
}
export interface OtlpSpan {
  traceId?: Uint8Array | null;
  spanId?: Uint8Array | null;
  parentSpanId?: Uint8Array | null;
  name?: string | null;
  kind?: number | null;
  startTimeUnixNano?: Int64 | null;
  endTimeUnixNano?: Int64 | null;
  attributes?: OtlpKeyValue[] | null;
  events?: OtlpEvent[] | null;
  status?: { code?: number | null; message?: string | null } | null;
}
export interface OtlpScopeSpans {
  scope?: { name?: string | null; version?: string | null; attributes?: OtlpKeyValue[] | null } | null;
  spans?: OtlpSpan[] | null;
}
export interface OtlpResourceSpans {
  resource?: { attributes?: OtlpKeyValue[] | null } | null;
  scopeSpans?: OtlpScopeSpans[] | null;
}
export interface OtlpTraceRequest {
  resourceSpans?: OtlpResourceSpans[] | null;
}

/** The payload could not be decoded as an ExportTraceServiceRequest: OTLP's 400 with a Status. */
export class OtlpDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OtlpDecodeError';
  }
}

const HEX_ID = /^(?:[0-9a-fA-F]{2})*$/;

/**
 * OTLP JSON writes trace and span ids as hex where the protobuf JSON mapping would use base64; they
 * are turned into bytes before the generated `fromObject` reads the rest (lowerCamelCase keys,
 * integer or named enums, 64-bit integers as strings or numbers, unknown fields ignored). An id that
 * is not hex becomes empty bytes, so its span alone is refused as invalid.
 */
function hexIdsToBytes(request: Record<string, unknown>): void {
  const idToBytes = (holder: Record<string, unknown>, key: string) => {
    const value = holder[key];
    if (value === undefined || value === null) return;
    holder[key] = typeof value === 'string' && HEX_ID.test(value) ? Buffer.from(value, 'hex') : Buffer.alloc(0);
  };
  for (const resourceSpans of arrayOf(request.resourceSpans)) {
    for (const scopeSpans of arrayOf(resourceSpans.scopeSpans)) {
      for (const span of arrayOf(scopeSpans.spans)) {
        for (const key of ['traceId', 'spanId', 'parentSpanId']) idToBytes(span, key);
        for (const link of arrayOf(span.links)) for (const key of ['traceId', 'spanId']) idToBytes(link, key);
      }
    }
  }
}

const arrayOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];

/**
 * Decodes a request body (already decompressed) with the generated OTLP definitions, into their
 * message instances. They are not turned into plain objects (`toObject`): that copied every span,
 * attribute and value once more and wrote each 64-bit time as decimal text the mapper parsed back;
 * measured over the bench's spans it cost two to four times the decoding itself.
 */
export function decodeTraceRequest(body: Buffer, encoding: OtlpEncoding): OtlpTraceRequest {
  try {
    if (encoding === 'protobuf') return ExportTraceServiceRequest.decode(body) as OtlpTraceRequest;
    const parsed: unknown = body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new OtlpDecodeError('The JSON body must be an ExportTraceServiceRequest object.');
    hexIdsToBytes(parsed as Record<string, unknown>);
    return ExportTraceServiceRequest.fromObject(parsed as Record<string, unknown>) as OtlpTraceRequest;
  } catch (error) {
    if (error instanceof OtlpDecodeError) throw error;
    const what = encoding === 'protobuf' ? 'protobuf' : 'OTLP JSON';
    throw new OtlpDecodeError(`The body is not a valid ${what} ExportTraceServiceRequest: ${(error as Error).message}`.slice(0, 500));
  }
}
