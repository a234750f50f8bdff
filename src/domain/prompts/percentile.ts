/**
 * Percentiles by linear interpolation between closest ranks: Hyndman & Fan (1996) definition 7, the
 * default of NumPy (`numpy.percentile`), R (`quantile`, type 7) and spreadsheets' PERCENTILE.INC.
 * For n sorted values x[0..n-1] and p in [0, 100]: h = (n − 1)·p/100, the value is
 * x[⌊h⌋] + (h − ⌊h⌋)·(x[⌈h⌉] − x[⌊h⌋]). The rank arithmetic is in integers ((n − 1)·p is split by 100
 * with a quotient and a remainder) so that no binary rounding of p/100 moves a rank.
 */
export interface PercentileRanks {
  lower: number;
  upper: number;
  /** The weight of the upper value, (h − ⌊h⌋), from an exact integer remainder. */
  fraction: number;
}

/** The 0-based ranks (of n ascending values) a percentile p (an integer 0–100) reads. */
export function percentileRanks(n: number, p: number): PercentileRanks {
  const scaled = (n - 1) * p;
  const lower = Math.floor(scaled / 100);
  const remainder = scaled - lower * 100;
  return { lower, upper: remainder === 0 ? lower : lower + 1, fraction: remainder / 100 };
}

/** The percentile from the values at its ranks. */
export function interpolate(ranks: PercentileRanks, lowerValue: number, upperValue: number): number {
  return ranks.fraction === 0 ? lowerValue : lowerValue + ranks.fraction * (upperValue - lowerValue);
}
