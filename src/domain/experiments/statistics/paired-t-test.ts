import { studentTTwoSided } from './special-functions.js';

/** The paired t-test of candidate − baseline differences (two-sided). */
export interface PairedTTest {
  readonly test: 'paired_t';
  /** Pairs used (every pair; a zero difference is a real observation here). */
  readonly n: number;
  readonly meanDifference: number;
  /** Sample standard deviation of the differences (n − 1 in the denominator). */
  readonly standardDeviation: number;
  readonly statistic: number;
  readonly degreesOfFreedom: number;
  readonly pValue: number;
  /** Cohen's d_z: the mean difference in standard deviations of the differences. */
  readonly effectSize: number;
}

/**
 * Student's paired t-test on the differences. Undefined (null) below two pairs. When every
 * difference is equal the variance is zero: a mean of zero is no evidence either way (p = 1),
 * any other mean is certain (p = 0, infinite statistic) — the limit of the test, as SciPy's
 * ttest_rel reports it for a constant non-zero difference.
 */
export function pairedTTest(differences: readonly number[]): PairedTTest | null {
  const n = differences.length;
  if (n < 2) return null;
  const mean = differences.reduce((sum, d) => sum + d, 0) / n;
  const squares = differences.reduce((sum, d) => sum + (d - mean) ** 2, 0);
  const standardDeviation = Math.sqrt(squares / (n - 1));
  const degreesOfFreedom = n - 1;
  if (standardDeviation === 0) {
    const statistic = mean === 0 ? 0 : Math.sign(mean) * Number.POSITIVE_INFINITY;
    return {
      test: 'paired_t', n, meanDifference: mean, standardDeviation, statistic, degreesOfFreedom,
      pValue: mean === 0 ? 1 : 0, effectSize: mean === 0 ? 0 : Math.sign(mean) * Number.POSITIVE_INFINITY,
    };
  }
  const statistic = mean / (standardDeviation / Math.sqrt(n));
  return {
    test: 'paired_t', n, meanDifference: mean, standardDeviation, statistic, degreesOfFreedom,
    pValue: Math.min(1, studentTTwoSided(statistic, degreesOfFreedom)), effectSize: mean / standardDeviation,
  };
}
