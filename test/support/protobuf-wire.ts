/** Hand-built protobuf wire bytes, for decoder tests that need what the generated encoder will not write. */

/** A protobuf varint (non-negative values up to 2^53). */
export function varint(value: number): Buffer {
  const out: number[] = [];
  let v = value;
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return Buffer.from(out);
}

/** Field `number` of wire type 2 (length-delimited): tag, length, then `parts` (strings as UTF-8). */
export function lengthDelimited(number: number, ...parts: (Buffer | string)[]): Buffer {
  const bytes = Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
  return Buffer.concat([varint((number << 3) | 2), varint(bytes.length), bytes]);
}
