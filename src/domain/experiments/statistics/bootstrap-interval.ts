import { SeededRandom } from './seeded-random.js';

/** Resamples drawn for every interval: enough that the 2.5 % and 97.5 % quantiles move by well under the interval's width between seeds. */
export const BOOTSTRAP_RESAMPLES = 10_000;

export interface ConfidenceInterval {
  readonly level: number;
  readonly lower: number;
  readonly upper: number;
  readonly method: 'percentile_bootstrap';
  readonly resamples: number;
  readonly seed: number;
}

/**
 * A percentile bootstrap interval for the mean of paired differences: resample the
 * differences with replacement, take the mean of each resample, and read the (1 − level)/2
 * and (1 + level)/2 quantiles of those means (linear interpolation between order statistics,
 * the "type 7" rule of R's quantile and NumPy's default). Seeded, so the same inputs give the
 * same interval. Null below two differences.
 */
export function bootstrapMeanInterval(
  differences: readonly number[],
  options: { readonly seed: number; readonly level?: number; readonly resamples?: number },
): ConfidenceInterval | null {
  const n = differences.length;
  if (n < 2) return null;
  const level = options.level ?? 0.95;
  const resamples = options.resamples ?? BOOTSTRAP_RESAMPLES;
  const random = new SeededRandom(options.seed);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r += 1) {
    let sum = 0;
    for (let i = 0; i < n; i += 1) sum += differences[random.nextIndex(n)]!;
    means[r] = sum / n;
  }
  means.sort();
  return {
    level,
    lower: quantileOfSorted(means, (1 - level) / 2),
    upper: quantileOfSorted(means, (1 + level) / 2),
    method: 'percentile_bootstrap',
    resamples,
    seed: options.seed,
  };
}

/** The q-quantile of ascending values by linear interpolation between closest ranks (type 7). */
export function quantileOfSorted(sorted: ArrayLike<number>, q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  const fraction = position - below;
  return sorted[below]! + (sorted[above]! - sorted[below]!) * fraction;
}
