import { MAX_VALUE_DEPTH, OtlpDecodeError, tooDeep } from './otlp-decode-error.js';
import type { AttributeValue, Attributes, OtlpEvent, OtlpResourceSpans, OtlpScopeSpans, OtlpSpan, OtlpTraceRequest } from './otlp-message.js';

/**
 * An ExportTraceServiceRequest read straight from protobuf bytes into what the mapper reads, with
 * every attribute list already a record. The generated decoder built two message objects per
 * attribute (KeyValue and AnyValue) that were then converted into the same records: together a
 * third of the CPU time of an export before the mapper, most of it allocation and collection.
 *
 * Field numbers are those of opentelemetry-proto (trace/v1, common/v1, resource/v1, collector/trace/v1);
 * fields the mapper does not read (links, trace_state, flags, dropped counts, schema URLs) and unknown
 * fields are skipped by wire type, as any protobuf reader must. A field repeated where one is expected
 * keeps its last value; a value's oneof keeps the member read last. Truncated or malformed input,
 * and values nested deeper than MAX_VALUE_DEPTH levels, is an OtlpDecodeError. `test/otlp/wire-decoder.test.ts`
 * checks every result against the generated decoder.
 */
export function decodeExportRequest(bytes: Uint8Array): OtlpTraceRequest {
  const reader = new WireReader(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const resourceSpans: OtlpResourceSpans[] = [];
  const end = reader.length;
  while (reader.pos < end) {
    const tag = reader.tag();
    if (tag === FIELD_1_LEN) resourceSpans.push(readResourceSpans(reader, reader.lengthEnd()));
    else reader.skip(tag);
  }
  return { resourceSpans };
}

/** Tags (field number << 3 | wire type) of the fields read here (the first ones also by otlp-wire-batches.ts). */
export const FIELD_1_LEN = (1 << 3) | 2;
export const FIELD_2_LEN = (2 << 3) | 2;
export const FIELD_3_LEN = (3 << 3) | 2;
const FIELD_4_LEN = (4 << 3) | 2;
export const FIELD_5_LEN = (5 << 3) | 2;
export const FIELD_6_LEN = (6 << 3) | 2;
const FIELD_7_LEN = (7 << 3) | 2;
export const FIELD_9_LEN = (9 << 3) | 2;
export const FIELD_11_LEN = (11 << 3) | 2;
export const FIELD_15_LEN = (15 << 3) | 2;
const FIELD_1_FIXED64 = (1 << 3) | 1;
const FIELD_7_FIXED64 = (7 << 3) | 1;
const FIELD_8_FIXED64 = (8 << 3) | 1;
const FIELD_2_VARINT = 2 << 3;
const FIELD_3_VARINT = 3 << 3;
const FIELD_4_FIXED64 = (4 << 3) | 1;
const FIELD_6_VARINT = 6 << 3;

/** Unknown groups nested deeper than this refuse the request (no OTLP message has groups at all). */
const MAX_GROUP_DEPTH = MAX_VALUE_DEPTH;

const TWO_32 = 4294967296;
const HEX_CODES = Array.from('0123456789abcdef', (c) => c.charCodeAt(0));

/** Attribute keys kept across requests by their bytes (a power of two), and the longest kept. */
const KEY_SLOTS = 1024;
const MAX_KEPT_KEY = 64;
const keptKeyBytes: (Uint8Array | undefined)[] = new Array(KEY_SLOTS);
const keptKeys: string[] = new Array(KEY_SLOTS);

/** An unsigned 64-bit value as two 32-bit halves (OTLP's fixed64 timestamps), read like protobufjs's Long. */
class Fixed64 {
  readonly unsigned = true;
  constructor(readonly low: number, readonly high: number) {}
  toString(): string {
    return ((BigInt(this.high >>> 0) << 32n) | BigInt(this.low >>> 0)).toString();
  }
}

/** A cursor over one request body; every read checks the bounds it was given. */
export class WireReader {
  pos = 0;
  readonly length: number;
  /** The two halves of the last varint read by varint64. */
  low = 0;
  high = 0;

  constructor(readonly buf: Buffer) {
    this.length = buf.length;
  }

  private truncated(): never {
    throw new OtlpDecodeError(`The body is not a valid protobuf ExportTraceServiceRequest: truncated at byte ${this.pos}.`);
  }

  /** A varint of at most 32 bits (tags, lengths, enums); longer encodings keep their low 32 bits. */
  uint32(): number {
    const buf = this.buf;
    let result = 0;
    for (let shift = 0; shift < 70; shift += 7) {
      if (this.pos >= this.length) this.truncated();
      const byte = buf[this.pos++];
      if (shift < 32) result |= (byte & 0x7f) << shift;
      if (byte < 0x80) return result >>> 0;
    }
    throw new OtlpDecodeError(`The body is not a valid protobuf ExportTraceServiceRequest: a varint runs past 10 bytes at byte ${this.pos}.`);
  }

  tag(): number {
    const tag = this.uint32();
    if (tag >>> 3 === 0) throw new OtlpDecodeError(`The body is not a valid protobuf ExportTraceServiceRequest: field number 0 at byte ${this.pos}.`);
    return tag;
  }

  /** A 64-bit varint into `low` / `high`. */
  varint64(): void {
    const buf = this.buf;
    let low = 0;
    let high = 0;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.length) this.truncated();
      const byte = buf[this.pos++];
      if (i < 4) low |= (byte & 0x7f) << (i * 7);
      else if (i === 4) {
        low |= (byte & 0x0f) << 28;
        high |= (byte & 0x7f) >> 4;
      } else high |= (byte & 0x7f) << (i * 7 - 32 + 0);
      if (byte < 0x80) {
        this.low = low >>> 0;
        this.high = high >>> 0;
        return;
      }
    }
    throw new OtlpDecodeError(`The body is not a valid protobuf ExportTraceServiceRequest: a varint runs past 10 bytes at byte ${this.pos}.`);
  }

  /** The end of a length-delimited field that starts here, checked against the body. */
  lengthEnd(): number {
    const length = this.uint32();
    const end = this.pos + length;
    if (end > this.length) this.truncated();
    return end;
  }

  fixed64(): Fixed64 {
    if (this.pos + 8 > this.length) this.truncated();
    const value = new Fixed64(this.buf.readUInt32LE(this.pos), this.buf.readUInt32LE(this.pos + 4));
    this.pos += 8;
    return value;
  }

  double(): number {
    if (this.pos + 8 > this.length) this.truncated();
    const value = this.buf.readDoubleLE(this.pos);
    this.pos += 8;
    return value;
  }

  /** A length-delimited field as text: UTF-8 for strings, base64 for bytes values. */
  string(encoding: 'utf8' | 'base64' = 'utf8'): string {
    const end = this.lengthEnd();
    const value = this.buf.toString(encoding, this.pos, end);
    this.pos = end;
    return value;
  }

  /**
   * An attribute key. The same few dozen keys come on every span, so their text is kept by its
   * bytes (KEY_SLOTS slots, the last seen per slot) and handed out again: a key read costs a hash
   * and a comparison instead of a new string that every record would hash again.
   */
  key(): string {
    const end = this.lengthEnd();
    const start = this.pos;
    this.pos = end;
    const length = end - start;
    if (length > MAX_KEPT_KEY) return this.buf.toString('utf8', start, end);
    const buf = this.buf;
    let hash = 2166136261;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ buf[i], 16777619);
    const slot = (hash >>> 0) & (KEY_SLOTS - 1);
    const kept = keptKeyBytes[slot];
    if (kept !== undefined && kept.length === length) {
      let same = true;
      for (let i = 0; i < length; i++) {
        if (kept[i] !== buf[start + i]) {
          same = false;
          break;
        }
      }
      if (same) return keptKeys[slot];
    }
    const key = buf.toString('utf8', start, end);
    keptKeyBytes[slot] = new Uint8Array(buf.subarray(start, end)); // a copy: a view would keep the whole body
    keptKeys[slot] = key;
    return key;
  }

  /** Bytes as lowercase hex (trace and span ids). */
  hex(): string {
    const end = this.lengthEnd();
    const start = this.pos;
    this.pos = end;
    // A span's trace id is almost always the one before it: its text is kept instead of made again.
    if (end - start === this.lastIdLength && this.sameAsLastId(start)) return this.lastIdHex;
    // Not an id's size (the mapper refuses its span): written by Buffer, not spread as arguments.
    if (end - start > 32) return this.buf.toString('hex', start, end);
    const codes: number[] = new Array((end - start) * 2);
    for (let i = start, j = 0; i < end; i++, j += 2) {
      const byte = this.buf[i];
      codes[j] = HEX_CODES[byte >> 4];
      codes[j + 1] = HEX_CODES[byte & 15];
    }
    const hex = String.fromCharCode.apply(null, codes);
    if (end - start === 16) {
      this.lastIdStart = start;
      this.lastIdLength = 16;
      this.lastIdHex = hex;
    }
    return hex;
  }

  private lastIdStart = 0;
  private lastIdLength = -1;
  private lastIdHex = '';

  private sameAsLastId(start: number): boolean {
    const buf = this.buf;
    for (let i = 0; i < this.lastIdLength; i++) if (buf[start + i] !== buf[this.lastIdStart + i]) return false;
    return true;
  }

  /** Steps over a field the reader does not use, by its wire type. */
  skip(tag: number): void {
    switch (tag & 7) {
      case 0:
        this.varint64();
        return;
      case 1:
        if (this.pos + 8 > this.length) this.truncated();
        this.pos += 8;
        return;
      case 2:
        this.pos = this.lengthEnd();
        return;
      case 3: {
        // A group (proto2, deprecated): its fields up to the matching end-group tag. Nested groups
        // are tracked on a list, not by recursion: a body of 100,000 start-group bytes would
        // otherwise exhaust the stack (a RangeError, not a decode error).
        const open = [tag >>> 3];
        while (open.length > 0) {
          const inner = this.tag();
          const type = inner & 7;
          if (type === 4) {
            if (inner >>> 3 !== open[open.length - 1]) break;
            open.pop();
          } else if (type === 3) {
            if (open.length >= MAX_GROUP_DEPTH) {
              throw new OtlpDecodeError(`The body is not a valid protobuf ExportTraceServiceRequest: groups nest deeper than ${MAX_GROUP_DEPTH} levels.`);
            }
            open.push(inner >>> 3);
          } else {
            this.skip(inner);
          }
        }
        if (open.length === 0) return;
        break;
      }
      case 5:
        if (this.pos + 4 > this.length) this.truncated();
        this.pos += 4;
        return;
    }
    throw new OtlpDecodeError(`The body is not a valid protobuf ExportTraceServiceRequest: invalid wire type ${tag & 7} at byte ${this.pos}.`);
  }
}

function readResourceSpans(reader: WireReader, end: number): OtlpResourceSpans {
  let resource: { attributes: Attributes } | null = null;
  const scopeSpans: OtlpScopeSpans[] = [];
  while (reader.pos < end) {
    const tag = reader.tag();
    if (tag === FIELD_1_LEN) resource = { attributes: readKeyValues(reader, reader.lengthEnd(), 0) };
    else if (tag === FIELD_2_LEN) scopeSpans.push(readScopeSpans(reader, reader.lengthEnd()));
    else reader.skip(tag);
  }
  return { resource, scopeSpans };
}

function readScopeSpans(reader: WireReader, end: number): OtlpScopeSpans {
  let scope: OtlpScopeSpans['scope'] = null;
  const spans: OtlpSpan[] = [];
  while (reader.pos < end) {
    const tag = reader.tag();
    if (tag === FIELD_1_LEN) scope = readScope(reader, reader.lengthEnd());
    else if (tag === FIELD_2_LEN) spans.push(readSpan(reader, reader.lengthEnd()));
    else reader.skip(tag);
  }
  return { scope, spans };
}

export function readScope(reader: WireReader, end: number): NonNullable<OtlpScopeSpans['scope']> {
  const scope: NonNullable<OtlpScopeSpans['scope']> = { name: null, version: null, attributes: {} };
  while (reader.pos < end) {
    const tag = reader.tag();
    if (tag === FIELD_1_LEN) scope.name = reader.string();
    else if (tag === FIELD_2_LEN) scope.version = reader.string();
    else if (tag === FIELD_3_LEN) readKeyValue(reader, reader.lengthEnd(), scope.attributes!, 0);
    else reader.skip(tag);
  }
  return scope;
}

/**
 * A message whose field 1 is its repeated KeyValue list, as a record: a Resource's attributes, and
 * a KeyValueList value's entries (`depth`: the value's own nesting).
 */
export function readKeyValues(reader: WireReader, end: number, depth: number): Attributes {
  const attributes: Attributes = {};
  while (reader.pos < end) {
    const tag = reader.tag();
    if (tag === FIELD_1_LEN) readKeyValue(reader, reader.lengthEnd(), attributes, depth);
    else reader.skip(tag);
  }
  return attributes;
}

export function readSpan(reader: WireReader, end: number): OtlpSpan {
  const span: OtlpSpan = {
    traceId: null,
    spanId: null,
    parentSpanId: null,
    name: null,
    kind: null,
    startTimeUnixNano: null,
    endTimeUnixNano: null,
    attributes: {},
    events: [],
    status: null,
  };
  while (reader.pos < end) {
    const tag = reader.tag();
    switch (tag) {
      case FIELD_1_LEN:
        span.traceId = reader.hex();
        break;
      case FIELD_2_LEN:
        span.spanId = reader.hex();
        break;
      case FIELD_4_LEN:
        span.parentSpanId = reader.hex();
        break;
      case FIELD_5_LEN:
        span.name = reader.string();
        break;
      case FIELD_6_VARINT:
        span.kind = reader.uint32() | 0;
        break;
      case FIELD_7_FIXED64:
        span.startTimeUnixNano = reader.fixed64();
        break;
      case FIELD_8_FIXED64:
        span.endTimeUnixNano = reader.fixed64();
        break;
      case FIELD_9_LEN:
        readKeyValue(reader, reader.lengthEnd(), span.attributes!, 0);
        break;
      case FIELD_11_LEN:
        span.events!.push(readEvent(reader, reader.lengthEnd()));
        break;
      case FIELD_15_LEN:
        span.status = readStatus(reader, reader.lengthEnd());
        break;
      default:
        reader.skip(tag);
    }
  }
  return span;
}

function readEvent(reader: WireReader, end: number): OtlpEvent {
  const event: OtlpEvent = { timeUnixNano: null, name: null, attributes: {} };
  while (reader.pos < end) {
    const tag = reader.tag();
    if (tag === FIELD_1_FIXED64) event.timeUnixNano = reader.fixed64();
    else if (tag === FIELD_2_LEN) event.name = reader.string();
    else if (tag === FIELD_3_LEN) readKeyValue(reader, reader.lengthEnd(), event.attributes!, 0);
    else reader.skip(tag);
  }
  return event;
}

function readStatus(reader: WireReader, end: number): NonNullable<OtlpSpan['status']> {
  const status: NonNullable<OtlpSpan['status']> = { code: null, message: null };
  while (reader.pos < end) {
    const tag = reader.tag();
    if (tag === FIELD_2_LEN) status.message = reader.string();
    else if (tag === FIELD_3_VARINT) status.code = reader.uint32() | 0;
    else reader.skip(tag);
  }
  return status;
}

/**
 * One KeyValue into `into`, as attributesOf builds records: a repeated key keeps its last value,
 * an empty key is dropped, and a missing value is null.
 */
function readKeyValue(reader: WireReader, end: number, into: Record<string, AttributeValue>, depth: number): void {
  let key = '';
  let value: AttributeValue = null;
  while (reader.pos < end) {
    const tag = reader.tag();
    if (tag === FIELD_1_LEN) key = reader.key();
    else if (tag === FIELD_2_LEN) value = readAnyValue(reader, reader.lengthEnd(), depth + 1);
    else reader.skip(tag);
  }
  if (key !== '') into[key] = value;
}

/** An AnyValue as JSON (anyValueToJson's rules): int64 past 2^53 as decimal text, bytes as base64, non-finite doubles as text. */
function readAnyValue(reader: WireReader, end: number, depth: number): AttributeValue {
  if (depth > MAX_VALUE_DEPTH) throw tooDeep();
  let value: AttributeValue = null;
  while (reader.pos < end) {
    const tag = reader.tag();
    switch (tag) {
      case FIELD_1_LEN:
        value = reader.string();
        break;
      case FIELD_2_VARINT:
        reader.varint64();
        value = reader.low !== 0 || reader.high !== 0;
        break;
      case FIELD_3_VARINT:
        reader.varint64();
        value = signedInt64(reader.low, reader.high);
        break;
      case FIELD_4_FIXED64: {
        const n = reader.double();
        value = Number.isFinite(n) ? n : String(n);
        break;
      }
      case FIELD_5_LEN:
        value = readArrayValue(reader, reader.lengthEnd(), depth);
        break;
      case FIELD_6_LEN:
        value = readKeyValues(reader, reader.lengthEnd(), depth);
        break;
      case FIELD_7_LEN:
        value = reader.string('base64');
        break;
      default:
        reader.skip(tag);
    }
  }
  return value;
}

function readArrayValue(reader: WireReader, end: number, depth: number): AttributeValue[] {
  const values: AttributeValue[] = [];
  while (reader.pos < end) {
    const tag = reader.tag();
    if (tag === FIELD_1_LEN) values.push(readAnyValue(reader, reader.lengthEnd(), depth + 1));
    else reader.skip(tag);
  }
  return values;
}

/** Two's-complement halves → a Number when exact (within ±(2^53 − 1)), else decimal text. */
function signedInt64(low: number, high: number): number | string {
  const n = (high | 0) * TWO_32 + low;
  if (Number.isSafeInteger(n)) return n;
  return BigInt.asIntN(64, (BigInt(high) << 32n) | BigInt(low)).toString();
}
