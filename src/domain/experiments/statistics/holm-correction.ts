/**
 * Holm's step-down correction (Holm 1979) of p-values tested together: sort ascending,
 * multiply the i-th smallest (from 0) by (m − i), carry the running maximum so the adjusted
 * values keep the order of the raw ones, cap at 1. Controls the family-wise error rate at
 * alpha under any dependence between the tests, and rejects at least what Bonferroni does.
 * Returns the adjusted values in the input's order; nulls (untestable comparisons) stay null
 * and do not count towards m.
 */
export function holmAdjust(pValues: readonly (number | null)[]): (number | null)[] {
  const tested = pValues
    .map((p, index) => ({ p, index }))
    .filter((entry): entry is { p: number; index: number } => entry.p !== null)
    .sort((a, b) => a.p - b.p || a.index - b.index);
  const m = tested.length;
  const adjusted: (number | null)[] = pValues.map(() => null);
  let runningMax = 0;
  tested.forEach((entry, i) => {
    runningMax = Math.max(runningMax, Math.min(1, (m - i) * entry.p));
    adjusted[entry.index] = runningMax;
  });
  return adjusted;
}
