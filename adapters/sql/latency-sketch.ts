/**
 * The latency sketch of the metrics rollups (docs/analytics.md#percentiles): DDSketch's logarithmic
 * bins (Masson, Rim & Lee, "DDSketch: a fast and fully-mergeable quantile sketch with
 * relative-error guarantees", VLDB 2019) with relative accuracy α = 0.01. A latency x > 0 falls in
 * bin i = ⌈ln x / ln γ⌉, γ = (1 + α) / (1 − α), which holds (γ^(i−1), γ^i]; the bin answers
 * 2γ^i / (γ + 1), within α·x of every x it holds. Latencies ≤ 0 have a bin of their own answering 0.
 * Merging is adding counts bin by bin, so hours merge into days exactly as the rows would.
 *
 * The databases compute the bin (both call the C library's `ln`); the sketch is stored as a blob of
 * (int16 bin, uint32 count) pairs in bin order.
 */
export const RELATIVE_ACCURACY = 0.01;
const GAMMA = (1 + RELATIVE_ACCURACY) / (1 - RELATIVE_ACCURACY);
const LN_GAMMA = Math.log(GAMMA);
/** The bin of latencies ≤ 0. Positive latencies from 1e-9 ms to 1e12 ms have bins within ±1,600. */
export const ZERO_BIN = -32_768;
const PAIR_BYTES = 6;

/** The bin of a latency column `lat`, as SQL both databases evaluate alike (null stays null). */
export function binSql(lat: string): string {
  return `CASE WHEN ${lat} > 0 THEN CAST(ceil(ln(${lat}) / ${LN_GAMMA.toPrecision(17)}) AS INTEGER) WHEN ${lat} IS NOT NULL THEN ${ZERO_BIN} END`;
}

/** The value a bin answers. */
export function binValue(bin: number): number {
  if (bin === ZERO_BIN) return 0;
  return Number(((2 * GAMMA ** bin) / (GAMMA + 1)).toPrecision(12));
}

export function encodeSketch(bins: readonly (readonly [number, number])[]): Buffer {
  const sorted = [...bins].sort((a, b) => a[0] - b[0]);
  const buffer = Buffer.alloc(sorted.length * PAIR_BYTES);
  sorted.forEach(([bin, count], k) => {
    buffer.writeInt16LE(bin, k * PAIR_BYTES);
    buffer.writeUInt32LE(count, k * PAIR_BYTES + 2);
  });
  return buffer;
}

/** Counts by bin, merged from stored sketches and raw (bin, count) pairs. */
export class SketchMerger {
  private readonly counts = new Map<number, number>();
  private total = 0;

  addEncoded(blob: Uint8Array): void {
    const view = Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
    for (let offset = 0; offset + PAIR_BYTES <= view.length; offset += PAIR_BYTES) this.add(view.readInt16LE(offset), view.readUInt32LE(offset + 2));
  }

  add(bin: number, count: number): void {
    this.counts.set(bin, (this.counts.get(bin) ?? 0) + count);
    this.total += count;
  }

  /** The merged (bin, count) pairs, as `encodeSketch` stores them. */
  pairs(): [number, number][] {
    return [...this.counts];
  }

  /** Nearest rank over the bins: the bin holding the value at 1-based rank ⌈p·n/100⌉ answers. */
  percentile(p: number): number | null {
    if (this.total === 0) return null;
    const rank = Math.floor((p * this.total + 99) / 100); // ⌈p·n/100⌉ in integers
    let seen = 0;
    for (const bin of [...this.counts.keys()].sort((a, b) => a - b)) {
      seen += this.counts.get(bin)!;
      if (seen >= rank) return binValue(bin);
    }
    return null;
  }
}
