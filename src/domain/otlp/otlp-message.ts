/**
 * The shapes of a decoded OTLP trace request and of its attribute values, in a module of their own
 * (types only, importing nothing) so that the decoders, the attribute reader and the request
 * entry point can share them without importing one another in a circle.
 */

/** An attribute value as JSON: OTLP's AnyValue with arrays and key-value lists unfolded. */
export type AttributeValue = string | number | boolean | null | AttributeValue[] | { [key: string]: AttributeValue };
export type Attributes = Record<string, AttributeValue>;

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

/** An AnyValue as a generated message holds it (OTLP JSON, read by the generated `fromObject`). */
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

/**
 * What the mapper reads of a decoded ExportTraceServiceRequest (proto field names in
 * lowerCamelCase), every attribute list already a record (attributesOf's rules). A field that was
 * not sent is null, undefined or, for lists, empty: every reader treats those as absent.
 */
export interface OtlpEvent {
  timeUnixNano?: Int64 | null;
  name?: string | null;
  attributes?: Attributes | null;
}
export interface OtlpSpan {
  /** Ids as lowercase hex, as OTLP JSON writes them (empty when not sent). */
  traceId?: string | null;
  spanId?: string | null;
  parentSpanId?: string | null;
  name?: string | null;
  kind?: number | null;
  startTimeUnixNano?: Int64 | null;
  endTimeUnixNano?: Int64 | null;
  attributes?: Attributes | null;
  events?: OtlpEvent[] | null;
  status?: { code?: number | null; message?: string | null } | null;
}
export interface OtlpScopeSpans {
  scope?: { name?: string | null; version?: string | null; attributes?: Attributes | null } | null;
  spans?: OtlpSpan[] | null;
}
export interface OtlpResourceSpans {
  resource?: { attributes?: Attributes | null } | null;
  scopeSpans?: OtlpScopeSpans[] | null;
}
export interface OtlpTraceRequest {
  resourceSpans?: OtlpResourceSpans[] | null;
}
