import { createHash } from 'node:crypto';
import type { RunScoreValue } from '../../ports/datasets.js';
import { compareScores, type ScoreComparison, type ScoreComparisonInput, type ScoreValues } from './statistics/paired-score-comparison.js';

export interface SkippedScore {
  score: string;
  candidateRunId: string;
  reason: 'categorical' | 'type_mismatch';
}

export interface RunComparison {
  seed: number;
  comparisons: ScoreComparison[];
  skipped: SkippedScore[];
}

/**
 * The bootstrap seed of a comparison: the first 32 bits of SHA-256 over the baseline id and the
 * candidate ids in the order asked, so the same question always gets the same interval, and
 * anyone can recompute it (docs/experiments.md).
 */
export function comparisonSeed(baselineRunId: string, candidateRunIds: readonly string[]): number {
  return createHash('sha256').update([baselineRunId, ...candidateRunIds].join('\n')).digest().readUInt32BE(0);
}

type Typed = { dataType: 'numeric' | 'boolean' | 'categorical' | 'mixed'; values: Map<string, number | boolean | string> };

/** A run's score values per score name; a name seen with two data types is `mixed`. */
function byName(values: readonly RunScoreValue[]): Map<string, Typed> {
  const names = new Map<string, Typed>();
  for (const value of values) {
    const entry = names.get(value.name) ?? { dataType: value.dataType, values: new Map() };
    if (entry.dataType !== value.dataType) entry.dataType = 'mixed';
    // A repeated (item, name) keeps the latest: values arrive oldest first per item and name.
    entry.values.set(value.itemId, value.value);
    names.set(value.name, entry);
  }
  return names;
}

const asScoreValues = (typed: Typed): ScoreValues =>
  typed.dataType === 'boolean'
    ? { dataType: 'boolean', values: typed.values as Map<string, boolean> }
    : { dataType: 'numeric', values: typed.values as Map<string, number> };

/**
 * Compares each candidate with the baseline on every score name either side has (a name on one
 * side only is compared with no pairs, so its one-sided counts still show). Categorical scores and
 * names whose type differs are skipped with the reason. Holm runs across all comparisons at once.
 */
export function compareRuns(
  baseline: { runId: string; values: readonly RunScoreValue[] },
  candidates: readonly { runId: string; values: readonly RunScoreValue[] }[],
  alpha: number,
): RunComparison {
  const seed = comparisonSeed(baseline.runId, candidates.map((c) => c.runId));
  const baselineNames = byName(baseline.values);
  const inputs: ScoreComparisonInput[] = [];
  const skipped: SkippedScore[] = [];
  for (const candidate of candidates) {
    const candidateNames = byName(candidate.values);
    const names = [...new Set([...baselineNames.keys(), ...candidateNames.keys()])].sort();
    for (const score of names) {
      const empty: Typed = { dataType: (baselineNames.get(score) ?? candidateNames.get(score))!.dataType, values: new Map() };
      const left = baselineNames.get(score) ?? empty;
      const right = candidateNames.get(score) ?? { ...empty, dataType: left.dataType };
      if (left.dataType === 'categorical' && right.dataType === 'categorical') {
        skipped.push({ score, candidateRunId: candidate.runId, reason: 'categorical' });
      } else if (left.dataType !== right.dataType || left.dataType === 'mixed') {
        skipped.push({ score, candidateRunId: candidate.runId, reason: 'type_mismatch' });
      } else {
        inputs.push({ score, candidate: candidate.runId, baseline: asScoreValues(left), candidateValues: asScoreValues(right) });
      }
    }
  }
  return { seed, comparisons: compareScores(inputs, { alpha, seed }), skipped };
}
