/**
 * Hashed word and character n-gram features (the "hashing trick"): no vocabulary is stored, so a
 * model is a fixed-size weight vector, featurizing is linear in the text and needs no external
 * model. Each field's tokens are hashed under the field's name (an error's "timeout" is not an
 * input's). Features: word unigrams and bigrams, and character trigrams of each word padded with
 * spaces (robust to typos and inflections). Term counts are log-scaled (1 + ln tf), a sign bit
 * from the hash makes collisions cancel on average instead of adding up, and the vector is
 * L2-normalized so long and short traces score on one scale.
 */
export interface FeatureSettings {
  /** The vector has 2^hashBits entries. */
  hashBits: number;
}

export const DEFAULT_HASH_BITS = 16;
/** Characters featurized per example; the rest is ignored (training and scoring alike). */
export const MAX_EXAMPLE_CHARS = 20_000;

export interface SparseVector {
  indices: Int32Array;
  values: Float32Array;
}

/** Field name → text, as an example or a trace's spans are read for a model. */
export type ExampleTexts = Record<string, string>;

/** FNV-1a over UTF-16 code units: fast, stable across platforms, good enough spread for hashing features. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const WORD = /[\p{L}\p{N}_]+/gu;

export function featurize(texts: ExampleTexts, settings: FeatureSettings): SparseVector {
  const mask = (1 << settings.hashBits) - 1;
  const counts = new Map<number, number>();
  const add = (key: string): void => {
    const hash = fnv1a(key);
    // The low bits choose the entry, the top bit its sign.
    const index = hash & mask;
    const sign = hash >>> 31 ? -1 : 1;
    counts.set(index, (counts.get(index) ?? 0) + sign);
  };
  let budget = MAX_EXAMPLE_CHARS;
  for (const field of Object.keys(texts).sort()) {
    if (budget <= 0) break;
    const text = texts[field]!.slice(0, budget).toLowerCase();
    budget -= text.length;
    let previous: string | null = null;
    for (const match of text.matchAll(WORD)) {
      const word = match[0];
      add(`${field}\u0001w\u0001${word}`);
      if (previous !== null) add(`${field}\u0001b\u0001${previous}\u0002${word}`);
      previous = word;
      const padded = ` ${word} `;
      for (let i = 0; i + 3 <= padded.length; i += 1) add(`${field}\u0001c\u0001${padded.slice(i, i + 3)}`);
    }
  }
  const indices: number[] = [];
  const values: number[] = [];
  let norm = 0;
  for (const [index, count] of counts) {
    if (count === 0) continue;
    const value = Math.sign(count) * (1 + Math.log(Math.abs(count)));
    indices.push(index);
    values.push(value);
    norm += value * value;
  }
  norm = Math.sqrt(norm) || 1;
  return { indices: Int32Array.from(indices), values: Float32Array.from(values, (v) => v / norm) };
}
