import { bootstrapMeanInterval, type ConfidenceInterval } from './bootstrap-interval.js';
import { exactMcNemar, type ExactMcNemar } from './exact-mcnemar.js';
import { holmAdjust } from './holm-correction.js';
import { pairedTTest, type PairedTTest } from './paired-t-test.js';
import { wilcoxonSignedRank, type WilcoxonSignedRank } from './wilcoxon-signed-rank.js';

/** One run's values of one score, keyed by dataset item id. */
export type ScoreValues =
  | { readonly dataType: 'numeric'; readonly values: ReadonlyMap<string, number> }
  | { readonly dataType: 'boolean'; readonly values: ReadonlyMap<string, boolean> };

export interface ScoreComparisonInput {
  readonly score: string;
  readonly candidate: string;
  readonly baseline: ScoreValues;
  readonly candidateValues: ScoreValues;
}

export interface ScoreComparison {
  readonly score: string;
  readonly candidate: string;
  readonly dataType: 'numeric' | 'boolean';
  /** Items scored in both runs: the pairs every statistic below is computed on. */
  readonly pairs: number;
  /** Items scored in the baseline only, and in the candidate only: counted, never silently dropped. */
  readonly baselineOnly: number;
  readonly candidateOnly: number;
  /** Means over the pairs (booleans as pass rates). */
  readonly baselineMean: number | null;
  readonly candidateMean: number | null;
  readonly meanDifference: number | null;
  readonly confidenceInterval: ConfidenceInterval | null;
  /** The test the significance decision rests on: Wilcoxon signed-rank for numbers, exact McNemar for booleans. */
  readonly primaryTest: 'wilcoxon_signed_rank' | 'exact_mcnemar';
  readonly pairedT: PairedTTest | null;
  readonly wilcoxon: WilcoxonSignedRank | null;
  readonly mcnemar: ExactMcNemar | null;
  readonly pValue: number | null;
  /** The primary p-value after Holm's correction across every comparison of the request. */
  readonly adjustedPValue: number | null;
  /** Primary effect size: rank-biserial correlation (numbers) or the pass-rate difference (booleans). */
  readonly effectSize: number | null;
  readonly significant: boolean;
  readonly direction: 'improved' | 'regressed' | 'unchanged';
}

export interface ComparisonOptions {
  readonly alpha: number;
  readonly seed: number;
  /** Whether a higher score is better (the default) or worse (latency, cost, toxicity…), per score name. */
  readonly lowerIsBetter?: ReadonlySet<string>;
}

/**
 * Compares each candidate run with the baseline on each score, pairing by dataset item,
 * then corrects the primary p-values with Holm's method across all of the comparisons at once
 * (scores × candidates), so asking about more scores or candidates cannot manufacture a
 * "significant" result. A comparison is significant when its adjusted p-value is below alpha.
 */
export function compareScores(inputs: readonly ScoreComparisonInput[], options: ComparisonOptions): ScoreComparison[] {
  const partial = inputs.map((input) => compareOne(input, options));
  const adjusted = holmAdjust(partial.map((comparison) => comparison.pValue));
  return partial.map((comparison, index) => {
    const adjustedPValue = adjusted[index] ?? null;
    const significant = adjustedPValue !== null && adjustedPValue < options.alpha;
    const difference = comparison.meanDifference ?? 0;
    const better = options.lowerIsBetter?.has(comparison.score) ? difference < 0 : difference > 0;
    const direction = !significant || difference === 0 ? 'unchanged' : better ? 'improved' : 'regressed';
    return { ...comparison, adjustedPValue, significant, direction };
  });
}

type Unadjusted = Omit<ScoreComparison, 'adjustedPValue' | 'significant' | 'direction'>;

function compareOne(input: ScoreComparisonInput, options: ComparisonOptions): Unadjusted {
  const { baseline, candidateValues } = input;
  if (baseline.dataType !== candidateValues.dataType) {
    throw new TypeError(`score ${input.score} is ${baseline.dataType} in the baseline and ${candidateValues.dataType} in ${input.candidate}`);
  }
  const baselineKeys = [...baseline.values.keys()];
  const paired = baselineKeys.filter((item) => candidateValues.values.has(item)).sort();
  const baselineOnly = baselineKeys.length - paired.length;
  const candidateOnly = candidateValues.values.size - paired.length;
  const common = { score: input.score, candidate: input.candidate, pairs: paired.length, baselineOnly, candidateOnly };

  if (baseline.dataType === 'boolean' && candidateValues.dataType === 'boolean') {
    const pairs = paired.map((item) => [baseline.values.get(item)!, candidateValues.values.get(item)!] as const);
    const mcnemar = exactMcNemar(pairs);
    const rate = (index: 0 | 1) => (pairs.length === 0 ? null : pairs.filter((pair) => pair[index]).length / pairs.length);
    const differences = pairs.map(([b, c]) => Number(c) - Number(b));
    const baselineMean = rate(0);
    const candidateMean = rate(1);
    return {
      ...common, dataType: 'boolean', baselineMean, candidateMean,
      meanDifference: baselineMean === null || candidateMean === null ? null : candidateMean - baselineMean,
      confidenceInterval: bootstrapMeanInterval(differences, { seed: options.seed }),
      primaryTest: 'exact_mcnemar', pairedT: null, wilcoxon: null, mcnemar,
      pValue: mcnemar?.pValue ?? null, effectSize: mcnemar?.effectSize ?? null,
    };
  }
  const numericBaseline = baseline.values as ReadonlyMap<string, number>;
  const numericCandidate = candidateValues.values as ReadonlyMap<string, number>;
  const differences = paired.map((item) => numericCandidate.get(item)! - numericBaseline.get(item)!);
  const mean = (values: number[]) => (values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length);
  const baselineMean = mean(paired.map((item) => numericBaseline.get(item)!));
  const candidateMean = mean(paired.map((item) => numericCandidate.get(item)!));
  const wilcoxon = wilcoxonSignedRank(differences);
  // Every difference zero: the runs agree on every pair — no evidence of a change (p = 1).
  const allEqual = differences.length > 0 && wilcoxon === null;
  return {
    ...common, dataType: 'numeric', baselineMean, candidateMean, meanDifference: mean(differences),
    confidenceInterval: bootstrapMeanInterval(differences, { seed: options.seed }),
    primaryTest: 'wilcoxon_signed_rank', pairedT: pairedTTest(differences), wilcoxon, mcnemar: null,
    pValue: wilcoxon?.pValue ?? (allEqual ? 1 : null), effectSize: wilcoxon?.effectSize ?? (allEqual ? 0 : null),
  };
}
