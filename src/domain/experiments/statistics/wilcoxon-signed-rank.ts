import { normalSurvival } from './special-functions.js';

/** Above this many non-zero differences the exact null distribution gives way to the normal approximation. */
export const WILCOXON_EXACT_MAX_N = 50;

export interface WilcoxonSignedRank {
  readonly test: 'wilcoxon_signed_rank';
  /** Non-zero differences ranked. */
  readonly n: number;
  /** Pairs whose difference was exactly zero, left out of the ranking (Wilcoxon's original treatment). */
  readonly zeroDifferences: number;
  /** Sum of the ranks of positive differences (candidate above baseline). */
  readonly rankSumPositive: number;
  readonly rankSumNegative: number;
  /** min(R+, R−), the two-sided statistic as SciPy reports it. */
  readonly statistic: number;
  readonly method: 'exact' | 'normal_approximation';
  /** z of R+ under the normal approximation (null when exact). */
  readonly z: number | null;
  readonly pValue: number;
  /** Matched-pairs rank-biserial correlation (R+ − R−) / (R+ + R−), in [−1, 1]. */
  readonly effectSize: number;
}

/** Ranks of |d|, ties sharing the mean of the ranks they span; also returns the tie-group sizes. */
function rankAbsolute(values: readonly number[]): { ranks: number[]; tieGroups: number[] } {
  const order = values.map((value, index) => ({ value: Math.abs(value), index })).sort((a, b) => a.value - b.value);
  const ranks = new Array<number>(values.length);
  const tieGroups: number[] = [];
  let start = 0;
  while (start < order.length) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end += 1;
    const rank = (start + end) / 2 + 1;
    for (let i = start; i <= end; i += 1) ranks[order[i]!.index] = rank;
    if (end > start) tieGroups.push(end - start + 1);
    start = end + 1;
  }
  return { ranks, tieGroups };
}

/** How many subsets of {1..n} have each rank sum 0..n(n+1)/2: the exact null distribution of R+ (times 2^n). */
function exactRankSumCounts(n: number): Float64Array {
  const maxSum = (n * (n + 1)) / 2;
  const counts = new Float64Array(maxSum + 1);
  counts[0] = 1;
  for (let rank = 1; rank <= n; rank += 1) {
    for (let sum = maxSum; sum >= rank; sum -= 1) counts[sum]! += counts[sum - rank]!;
  }
  return counts;
}

/**
 * The Wilcoxon signed-rank test of paired differences, two-sided. Zero differences are
 * dropped and counted. The p-value is exact (the permutation distribution of R+) when at most
 * 50 differences remain and none tie; otherwise it is the normal approximation with the tie
 * correction of the variance and no continuity correction — the choices SciPy 1.10's
 * `wilcoxon(d)` makes by default, so its documented results are ours.
 * Null when no non-zero difference remains.
 */
export function wilcoxonSignedRank(differences: readonly number[]): WilcoxonSignedRank | null {
  const nonZero = differences.filter((d) => d !== 0);
  const zeroDifferences = differences.length - nonZero.length;
  const n = nonZero.length;
  if (n === 0) return null;
  const { ranks, tieGroups } = rankAbsolute(nonZero);
  let rankSumPositive = 0;
  for (let i = 0; i < n; i += 1) if (nonZero[i]! > 0) rankSumPositive += ranks[i]!;
  const total = (n * (n + 1)) / 2;
  const rankSumNegative = total - rankSumPositive;
  const statistic = Math.min(rankSumPositive, rankSumNegative);
  const effectSize = (rankSumPositive - rankSumNegative) / total;

  if (n <= WILCOXON_EXACT_MAX_N && tieGroups.length === 0 && zeroDifferences === 0) {
    const counts = exactRankSumCounts(n);
    const outcomes = 2 ** n;
    let below = 0;
    for (let s = 0; s <= rankSumPositive; s += 1) below += counts[s]!;
    let above = 0;
    for (let s = rankSumPositive; s <= total; s += 1) above += counts[s]!;
    const pValue = Math.min(1, (2 * Math.min(below, above)) / outcomes);
    return { test: 'wilcoxon_signed_rank', n, zeroDifferences, rankSumPositive, rankSumNegative, statistic, method: 'exact', z: null, pValue, effectSize };
  }

  const mean = total / 2;
  const tieAdjustment = tieGroups.reduce((sum, t) => sum + (t ** 3 - t), 0) / 48;
  const variance = (n * (n + 1) * (2 * n + 1)) / 24 - tieAdjustment;
  const z = variance > 0 ? (rankSumPositive - mean) / Math.sqrt(variance) : 0;
  const pValue = Math.min(1, 2 * normalSurvival(Math.abs(z)));
  return { test: 'wilcoxon_signed_rank', n, zeroDifferences, rankSumPositive, rankSumNegative, statistic, method: 'normal_approximation', z, pValue, effectSize };
}
