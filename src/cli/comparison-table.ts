import type { SuccessData } from '../http/operation-types.js';
import { renderTable, type Column } from './output.js';

export type Comparison = SuccessData<'compareExperimentRuns'>;
export type ScoreComparison = Comparison['comparisons'][number];

const fixed = (value: number | null, digits = 4): string => (value === null ? '-' : value.toFixed(digits));
/** p-values: four decimals, or scientific below 0.0001 so a tiny p never reads as 0. */
export const formatP = (value: number | null): string => (value === null ? '-' : value !== 0 && value < 0.0001 ? value.toExponential(2) : value.toFixed(4));
const signed = (value: number | null): string => (value === null ? '-' : `${value >= 0 ? '+' : ''}${value.toFixed(4)}`);

export function differenceCell(row: ScoreComparison): string {
  const interval = row.confidenceInterval;
  return interval ? `${signed(row.meanDifference)} [${fixed(interval.lower)}, ${fixed(interval.upper)}]` : signed(row.meanDifference);
}

/** One row per score and candidate: what a reviewer needs to accept or reject a change. */
export function comparisonTable(comparison: Comparison, multipleCandidates: boolean): string {
  const columns: Column<ScoreComparison>[] = [
    { header: 'SCORE', value: (row) => row.score },
    ...(multipleCandidates ? [{ header: 'CANDIDATE', value: (row: ScoreComparison) => row.candidateRunId }] : []),
    { header: 'PAIRS', value: (row) => `${row.pairs}${row.baselineOnly + row.candidateOnly > 0 ? ` (+${row.baselineOnly}/${row.candidateOnly} unpaired)` : ''}` },
    { header: 'BASELINE', value: (row) => fixed(row.baselineMean) },
    { header: 'CANDIDATE MEAN', value: (row) => fixed(row.candidateMean) },
    { header: 'DIFF [95% CI]', value: differenceCell },
    { header: 'P', value: (row) => formatP(row.pValue) },
    { header: 'ADJ P', value: (row) => formatP(row.adjustedPValue) },
    { header: 'SIGNIFICANT', value: (row) => (row.significant ? 'yes' : 'no') },
    { header: 'DIRECTION', value: (row) => row.direction },
  ];
  const lines = comparison.comparisons.length > 0 ? renderTable(comparison.comparisons, columns) : 'No numeric or boolean scores in common to compare.\n';
  const skipped = comparison.skipped.map((entry) => `Skipped ${entry.score}: ${entry.reason === 'categorical' ? 'categorical score' : 'its type differs between the runs'}\n`).join('');
  return `${lines}${skipped}`;
}
