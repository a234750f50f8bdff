/**
 * A small seeded pseudo-random generator (SplitMix32 seeding xoshiro128**): the bootstrap must
 * give the same interval for the same data and seed on every machine and adapter, which
 * Math.random cannot promise.
 */
export class SeededRandom {
  private readonly state: Uint32Array;

  constructor(seed: number) {
    this.state = new Uint32Array(4);
    let s = seed >>> 0;
    for (let i = 0; i < 4; i += 1) {
      // SplitMix32 spreads one 32-bit seed over the four words of state.
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      this.state[i] = (z ^ (z >>> 16)) >>> 0;
    }
  }

  /** The next 32 random bits, as an unsigned integer. */
  nextUint32(): number {
    const s = this.state;
    const result = Math.imul(rotateLeft(Math.imul(s[1]!, 5) >>> 0, 7), 9) >>> 0;
    const t = (s[1]! << 9) >>> 0;
    s[2]! ^= s[0]!;
    s[3]! ^= s[1]!;
    s[1]! ^= s[2]!;
    s[0]! ^= s[3]!;
    s[2]! ^= t;
    s[3] = rotateLeft(s[3]!, 11);
    return result;
  }

  /** A uniform whole number in [0, bound), without modulo bias (Lemire's rejection). */
  nextIndex(bound: number): number {
    if (!Number.isInteger(bound) || bound <= 0 || bound > 0x1_0000_0000) throw new RangeError(`bound must be a whole number in 1..2^32, got ${bound}`);
    const threshold = (0x1_0000_0000 - bound) % bound;
    for (;;) {
      const value = this.nextUint32();
      if (value >= threshold) return value % bound;
    }
  }
}

function rotateLeft(value: number, bits: number): number {
  return ((value << bits) | (value >>> (32 - bits))) >>> 0;
}
