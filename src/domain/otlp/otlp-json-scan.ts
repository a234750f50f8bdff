import { MAX_OTLP_JSON_DEPTH } from './otlp-json-depth.js';

/**
 * An OTLP JSON body cut where its spans are: `skeleton` is the body's text with the elements of
 * every `spans` array that sits where an ExportTraceServiceRequest has its spans
 * (`resourceSpans[i].scopeSpans[j].spans`) taken out and replaced by that array's number `k`, and
 * `spans[k]` holds where those elements were in the body (start and end byte offsets, in pairs).
 * Parsing the skeleton gives the request's every other field, duplicate keys resolved as JSON.parse
 * resolves them (the last wins, so an overridden `spans` array's number is simply never reached);
 * each span is then parsed from its own bytes when its batch is decoded (otlp-json-batches.ts).
 */
export interface JsonSkeleton {
  skeleton: string;
  spans: number[][];
}

/** Where a container sits in the request: only these places hold what the skeleton cuts out. */
const enum Place {
  Other,
  Request,
  ResourceSpansList,
  ResourceSpans,
  ScopeSpansList,
  ScopeSpans,
  SpanList,
}

/** The place of a member's value, by its container's place and its key (as JSON.parse decodes the key). */
function placeOf(container: Place, key: string): Place {
  if (container === Place.Request && key === 'resourceSpans') return Place.ResourceSpansList;
  if (container === Place.ResourceSpans && key === 'scopeSpans') return Place.ScopeSpansList;
  if (container === Place.ScopeSpans && key === 'spans') return Place.SpanList;
  return Place.Other;
}

/** The place of an array's elements that are objects. */
const ELEMENT_PLACE: Partial<Record<Place, Place>> = {
  [Place.ResourceSpansList]: Place.ResourceSpans,
  [Place.ScopeSpansList]: Place.ScopeSpans,
};

/** Thrown inside the scan when the body is not JSON.parse's JSON (or nests too deep): the caller parses it whole to say why. */
class NotScannable extends Error {}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isWhitespace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/**
 * Cuts a body whose top-level value is an object (see JsonSkeleton), in one pass over its bytes
 * that checks it exactly as JSON.parse would (RFC 8259: JSON.parse's grammar, its four whitespace
 * characters, no raw control characters in strings) and builds nothing but the skeleton's pieces
 * and the span offsets. Null when the body is anything else — not JSON, nested deeper than
 * MAX_OTLP_JSON_DEPTH, or not an object at the top — which the caller parses whole as before, so
 * its answer (the parser's error, the depth or the shape refusal) stays what it was.
 *
 * Bytes, not text: every character that structures JSON is ASCII, and no byte of a multi-byte
 * UTF-8 sequence is below 0x80, so the cuts never split a character; a span's bytes decoded alone
 * are the same text as within the whole body (an invalid sequence becomes U+FFFD either way).
 */
export function scanJsonSkeleton(body: Buffer): JsonSkeleton | null {
  const scan = new SkeletonScan(body);
  try {
    return scan.run();
  } catch (error) {
    if (error instanceof NotScannable) return null;
    throw error;
  }
}

class SkeletonScan {
  private pos = 0;
  private depth = 0;
  /** Where the skeleton's next piece of the body starts. */
  private cut = 0;
  private readonly pieces: string[] = [];
  private readonly spans: number[][] = [];

  constructor(private readonly body: Buffer) {}

  run(): JsonSkeleton | null {
    this.whitespace();
    if (this.body[this.pos] !== 0x7b) throw new NotScannable();
    this.value(Place.Request);
    this.whitespace();
    if (this.pos !== this.body.length) throw new NotScannable();
    this.pieces.push(this.body.toString('utf8', this.cut, this.body.length));
    return { skeleton: this.pieces.join(''), spans: this.spans };
  }

  private value(place: Place): void {
    this.whitespace();
    const c = this.body[this.pos];
    if (c === 0x7b) this.object(place);
    else if (c === 0x5b) this.array(place);
    else if (c === QUOTE) this.string();
    else if (c === 0x74) this.literal('true');
    else if (c === 0x66) this.literal('false');
    else if (c === 0x6e) this.literal('null');
    else this.number();
  }

  private enter(): void {
    if (++this.depth > MAX_OTLP_JSON_DEPTH) throw new NotScannable();
    this.pos++;
  }

  private object(place: Place): void {
    this.enter();
    this.whitespace();
    if (this.body[this.pos] === 0x7d) {
      this.pos++;
      this.depth--;
      return;
    }
    for (;;) {
      this.whitespace();
      if (this.body[this.pos] !== QUOTE) throw new NotScannable();
      const keyStart = this.pos;
      const escaped = this.string();
      // A key written with escapes is decoded as JSON.parse decodes it (it is valid: just checked).
      const key = escaped ? (JSON.parse(this.body.toString('utf8', keyStart, this.pos)) as string) : this.body.toString('utf8', keyStart + 1, this.pos - 1);
      this.whitespace();
      if (this.body[this.pos++] !== 0x3a) throw new NotScannable();
      this.value(place === Place.Other ? Place.Other : placeOf(place, key));
      this.whitespace();
      const next = this.body[this.pos++];
      if (next === 0x7d) break;
      if (next !== 0x2c) throw new NotScannable();
    }
    this.depth--;
  }

  private array(place: Place): void {
    this.enter();
    const spanList = place === Place.SpanList;
    const offsets: number[] = [];
    if (spanList) {
      // The elements are left out of the skeleton, which holds the array's number instead.
      this.pieces.push(this.body.toString('utf8', this.cut, this.pos), String(this.spans.length));
      this.spans.push(offsets);
    }
    const elementPlace = ELEMENT_PLACE[place] ?? Place.Other;
    this.whitespace();
    if (this.body[this.pos] !== 0x5d) {
      for (;;) {
        this.whitespace();
        const start = this.pos;
        const c = this.body[this.pos];
        // Only an object element has the place: an array there is read as fromObject reads it, as nothing.
        this.value(c === 0x7b ? elementPlace : Place.Other);
        if (spanList) offsets.push(start, this.pos);
        this.whitespace();
        const next = this.body[this.pos];
        if (next === 0x5d) break;
        if (next !== 0x2c) throw new NotScannable();
        this.pos++;
      }
    }
    if (spanList) this.cut = this.pos;
    this.pos++;
    this.depth--;
  }

  /** Past a string (at its opening quote); whether it holds an escape. */
  private string(): boolean {
    const body = this.body;
    let escaped = false;
    for (this.pos++; ; ) {
      const c = body[this.pos++];
      if (c === QUOTE) return escaped;
      if (c === undefined || c < 0x20) throw new NotScannable();
      if (c !== BACKSLASH) continue;
      escaped = true;
      const e = body[this.pos++];
      if (e === 0x75) {
        for (let i = 0; i < 4; i++) if (!isHex(body[this.pos++])) throw new NotScannable();
      } else if (!(e === QUOTE || e === BACKSLASH || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74)) {
        throw new NotScannable();
      }
    }
  }

  private literal(word: string): void {
    for (let i = 0; i < word.length; i++) if (this.body[this.pos++] !== word.charCodeAt(i)) throw new NotScannable();
  }

  /** `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` */
  private number(): void {
    const body = this.body;
    if (body[this.pos] === 0x2d) this.pos++;
    if (body[this.pos] === 0x30) this.pos++;
    else if (isDigit(body[this.pos])) while (isDigit(body[this.pos])) this.pos++;
    else throw new NotScannable();
    if (body[this.pos] === 0x2e) {
      this.pos++;
      if (!isDigit(body[this.pos])) throw new NotScannable();
      while (isDigit(body[this.pos])) this.pos++;
    }
    if (body[this.pos] === 0x65 || body[this.pos] === 0x45) {
      this.pos++;
      if (body[this.pos] === 0x2b || body[this.pos] === 0x2d) this.pos++;
      if (!isDigit(body[this.pos])) throw new NotScannable();
      while (isDigit(body[this.pos])) this.pos++;
    }
  }

  private whitespace(): void {
    while (isWhitespace(this.body[this.pos])) this.pos++;
  }
}
