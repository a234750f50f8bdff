import { binomialCdf } from './special-functions.js';

export interface ExactMcNemar {
  readonly test: 'exact_mcnemar';
  /** Pairs compared. */
  readonly n: number;
  /** Pairs the baseline passed and the candidate failed. */
  readonly baselineOnly: number;
  /** Pairs the candidate passed and the baseline failed. */
  readonly candidateOnly: number;
  /** The smaller discordant count, the statistic of the exact test. */
  readonly statistic: number;
  readonly pValue: number;
  /** Difference of the pass rates, candidate − baseline: (candidateOnly − baselineOnly) / n. */
  readonly effectSize: number;
}

/**
 * McNemar's exact test for paired booleans: under no difference the discordant pairs split
 * as a fair coin, so the two-sided p-value is twice the binomial tail of the smaller count
 * (capped at 1) — the conditional exact test statsmodels' `mcnemar(table, exact=True)` runs.
 * With no discordant pair there is no evidence either way: p = 1.
 */
export function exactMcNemar(pairs: readonly (readonly [baseline: boolean, candidate: boolean])[]): ExactMcNemar | null {
  const n = pairs.length;
  if (n === 0) return null;
  let baselineOnly = 0;
  let candidateOnly = 0;
  for (const [baseline, candidate] of pairs) {
    if (baseline && !candidate) baselineOnly += 1;
    else if (!baseline && candidate) candidateOnly += 1;
  }
  const discordant = baselineOnly + candidateOnly;
  const statistic = Math.min(baselineOnly, candidateOnly);
  const pValue = discordant === 0 ? 1 : Math.min(1, 2 * binomialCdf(statistic, discordant, 0.5));
  return { test: 'exact_mcnemar', n, baselineOnly, candidateOnly, statistic, pValue, effectSize: (candidateOnly - baselineOnly) / n };
}
