import type { Schemas } from '../api/operation-types';

type Row = Schemas['ScoreComparison'];

/** p-values: four decimals, or scientific below 0.0001 so a tiny p never reads as 0. */
export const formatP = (p: number | null): string => (p === null ? '—' : p !== 0 && p < 0.0001 ? p.toExponential(2) : p.toFixed(4));

const LABEL: Record<Row['direction'], string> = { improved: 'improved', regressed: 'regressed', unchanged: 'no significant change' };

/** The verdict as a word and a mark (never colour alone), with the p-values in its title and text. */
export function SignificanceBadge({ row }: { row: Row }) {
  const detail = `p = ${formatP(row.pValue)}, adjusted p = ${formatP(row.adjustedPValue)}`;
  return (
    <span className={`exp-badge exp-${row.direction}`} title={detail}>
      <span aria-hidden="true">{row.direction === 'improved' ? '▲' : row.direction === 'regressed' ? '▼' : '●'}</span> {LABEL[row.direction]}
    </span>
  );
}
