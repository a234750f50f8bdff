import { ExportTraceServiceRequest, PLAIN } from './otlp-protocol.js';

/** The two OTLP/HTTP encodings; a response is written in the encoding of its request. */
export type OtlpEncoding = 'protobuf' | 'json';

/** A decoded ExportTraceServiceRequest as plain objects (proto field names in lowerCamelCase). */
export interface OtlpAnyValue {
  stringValue?: string;
  boolValue?: boolean;
  /** int64 as a decimal string. */
  intValue?: string;
  doubleValue?: number;
  arrayValue?: { values?: OtlpAnyValue[] };
  kvlistValue?: { values?: OtlpKeyValue[] };
  bytesValue?: Uint8Array;
}
export interface OtlpKeyValue {
  key?: string;
  value?: OtlpAnyValue;
}
export interface OtlpEvent {
  timeUnixNano?: string;
  name?: string;
  attributes?: OtlpKeyValue[];
}
export interface OtlpSpan {
  traceId?: Uint8Array;
  spanId?: Uint8Array;
  parentSpanId?: Uint8Array;
  name?: string;
  kind?: number;
  startTimeUnixNano?: string;
  endTimeUnixNano?: string;
  attributes?: OtlpKeyValue[];
  events?: OtlpEvent[];
  status?: { code?: number; message?: string };
}
export interface OtlpScopeSpans {
  scope?: { name?: string; version?: string; attributes?: OtlpKeyValue[] };
  spans?: OtlpSpan[];
}
export interface OtlpResourceSpans {
  resource?: { attributes?: OtlpKeyValue[] };
  scopeSpans?: OtlpScopeSpans[];
}
export interface OtlpTraceRequest {
  resourceSpans?: OtlpResourceSpans[];
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

/** Decodes a request body (already decompressed) with the generated OTLP definitions. */
export function decodeTraceRequest(body: Buffer, encoding: OtlpEncoding): OtlpTraceRequest {
  try {
    if (encoding === 'protobuf') {
      return ExportTraceServiceRequest.toObject(ExportTraceServiceRequest.decode(body), PLAIN) as OtlpTraceRequest;
    }
    const parsed: unknown = body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new OtlpDecodeError('The JSON body must be an ExportTraceServiceRequest object.');
    hexIdsToBytes(parsed as Record<string, unknown>);
    const message = ExportTraceServiceRequest.fromObject(parsed as Record<string, unknown>);
    return ExportTraceServiceRequest.toObject(message, PLAIN) as OtlpTraceRequest;
  } catch (error) {
    if (error instanceof OtlpDecodeError) throw error;
    const what = encoding === 'protobuf' ? 'protobuf' : 'OTLP JSON';
    throw new OtlpDecodeError(`The body is not a valid ${what} ExportTraceServiceRequest: ${(error as Error).message}`.slice(0, 500));
  }
}
