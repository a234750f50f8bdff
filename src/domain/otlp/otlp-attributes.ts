import type { AttributeValue, Attributes, Int64, OtlpAnyValue, OtlpKeyValue } from './otlp-message.js';
import { MAX_VALUE_DEPTH, tooDeep } from './otlp-decode-error.js';

export type { AttributeValue, Attributes } from './otlp-message.js';

/** A signed 64-bit integer as a Number when exact (within ±(2^53 − 1)), else as its decimal text. */
function int64ToJson(value: Int64): number | string {
  if (typeof value === 'object') {
    // Within ±2^53 the high half is in [-2^21, 2^21) (read unsigned when the Long says so).
    const high = value.unsigned ? value.high >>> 0 : value.high;
    const n = high * 4294967296 + (value.low >>> 0);
    return Number.isSafeInteger(n) ? n : value.toString();
  }
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : String(value);
}

/**
 * An OTLP AnyValue as JSON: int64 beyond 2^53 stays a decimal string, bytes become base64. The
 * value's one set member is the one that is not null (a decoded message's unset members read null).
 */
export function anyValueToJson(value: OtlpAnyValue | null | undefined, depth = 1): AttributeValue {
  if (!value) return null;
  if (depth > MAX_VALUE_DEPTH) throw tooDeep();
  if (value.stringValue != null) return value.stringValue;
  if (value.boolValue != null) return value.boolValue;
  if (value.intValue != null) return int64ToJson(value.intValue);
  if (value.doubleValue != null) return Number.isFinite(value.doubleValue) ? value.doubleValue : String(value.doubleValue);
  if (value.arrayValue != null) return (value.arrayValue.values ?? []).map((item) => anyValueToJson(item, depth + 1));
  if (value.kvlistValue != null) return attributesOf(value.kvlistValue.values, depth);
  if (value.bytesValue != null) return Buffer.from(value.bytesValue).toString('base64');
  return null;
}

/** Key-value list → object; a repeated key keeps its last value, as the data model says keys are unique. */
export function attributesOf(list: OtlpKeyValue[] | null | undefined, depth = 0): Attributes {
  const out: Attributes = {};
  for (const kv of list ?? []) if (typeof kv.key === 'string' && kv.key !== '') out[kv.key] = anyValueToJson(kv.value, depth + 1);
  return out;
}

/** Reads typed values out of one span's attributes, trying names in order (current before deprecated). */
export class AttributeReader {
  /** Keys read into a mapped field, left out of the span's raw `attributes` metadata. */
  readonly consumed = new Set<string>();

  constructor(readonly attributes: Attributes) {}

  has(key: string): boolean {
    return this.attributes[key] !== undefined && this.attributes[key] !== null;
  }

  raw(...keys: string[]): AttributeValue | undefined {
    for (const key of keys) {
      if (this.has(key)) {
        this.consumed.add(key);
        return this.attributes[key];
      }
    }
    return undefined;
  }

  string(...keys: string[]): string | undefined {
    for (const key of keys) {
      const value = this.attributes[key];
      if (typeof value === 'string' && value !== '') {
        this.consumed.add(key);
        return value;
      }
      if (typeof value === 'number' || typeof value === 'boolean') {
        this.consumed.add(key);
        return String(value);
      }
    }
    return undefined;
  }

  /** A non-negative integer count (strings of digits accepted: some SDKs send counts as text). */
  count(...keys: string[]): number | undefined {
    for (const key of keys) {
      const value = this.attributes[key];
      const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
      if (typeof n === 'number' && Number.isFinite(n) && n >= 0) {
        this.consumed.add(key);
        return Math.round(n);
      }
    }
    return undefined;
  }

  /** A non-negative dollar amount. */
  amount(...keys: string[]): number | undefined {
    for (const key of keys) {
      const value = this.attributes[key];
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n === 'number' && Number.isFinite(n) && n >= 0) {
        this.consumed.add(key);
        return n;
      }
    }
    return undefined;
  }

  /** Keys under `prefix.` (e.g. `llm.input_messages.`), marked consumed. */
  withPrefix(prefix: string): [string, AttributeValue][] {
    // for…in, not Object.entries (attributesOf builds a plain object, so the keys are its own): a
    // span is read for up to six prefixes, and this method was a sixth of the mapping's time in a
    // profile of the bench's exports while it built an entry array per attribute each time.
    const found: [string, AttributeValue][] = [];
    for (const key in this.attributes) {
      if (key.startsWith(prefix)) {
        this.consumed.add(key);
        found.push([key.slice(prefix.length), this.attributes[key]]);
      }
    }
    return found;
  }

  /** The attributes no mapping read; null when every one was. */
  rest(): Attributes | null {
    let out: Attributes | null = null;
    for (const key in this.attributes) if (!this.consumed.has(key)) (out ??= {})[key] = this.attributes[key];
    return out;
  }
}

/** A JSON text (e.g. `gen_ai.input.messages` sent as a string) parsed, else the value as it came. */
export function parsedJson(value: AttributeValue | undefined): AttributeValue | undefined {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return value;
  try {
    return JSON.parse(trimmed) as AttributeValue;
  } catch {
    return value;
  }
}

const MAX_FLATTENED_INDEX = 1000;

/**
 * Flattened indexed attributes (`0.message.role`, `0.message.tool_calls.1.tool_call.function.name`)
 * rebuilt into arrays of objects: numeric segments index arrays, the others name fields.
 */
export function unflatten(entries: [string, AttributeValue][]): AttributeValue[] {
  const root: AttributeValue[] = [];
  for (const [path, value] of entries) {
    const parts = path.split('.');
    let holder: AttributeValue[] | Record<string, AttributeValue> = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]);
      const key: string | number = Array.isArray(holder) ? Number(part) : part;
      // A malformed path, or an index past any real message list (a sparse array of billions of
      // holes would be walked by every later read), is ignored.
      if (Array.isArray(holder) && !(Number.isInteger(key) && (key as number) < MAX_FLATTENED_INDEX)) break;
      const slot = (holder as Record<string | number, AttributeValue>)[key];
      if (last) {
        (holder as Record<string | number, AttributeValue>)[key] = value;
      } else {
        const next: AttributeValue = slot !== null && typeof slot === 'object' ? slot : nextIsIndex ? [] : {};
        (holder as Record<string | number, AttributeValue>)[key] = next;
        holder = next as AttributeValue[] | Record<string, AttributeValue>;
      }
    }
  }
  return root.filter((item) => item !== undefined && item !== null);
}
