/**
 * The adjusted Rand index of two partitions of the same items (Hubert & Arabie, "Comparing
 * partitions", Journal of Classification 2, 1985), from its definition over the contingency table:
 *
 *   ARI = (Σ_ij C(n_ij, 2) − E) / (½ [Σ_i C(a_i, 2) + Σ_j C(b_j, 2)] − E),
 *   E   = Σ_i C(a_i, 2) · Σ_j C(b_j, 2) / C(n, 2)
 *
 * where n_ij counts the items in class i of one partition and cluster j of the other, a_i and b_j
 * are the row and column sums. When both partitions are a single cluster (or every item alone) the
 * denominator is 0 and the partitions agree: 1, as scikit-learn's adjusted_rand_score answers.
 */
export function adjustedRandIndex(truth: readonly (string | number)[], predicted: readonly (string | number)[]): number {
  if (truth.length !== predicted.length) throw new Error('partitions of different sizes');
  const n = truth.length;
  const pairs = (k: number): number => (k * (k - 1)) / 2;
  const cells = new Map<string, number>();
  const rows = new Map<string | number, number>();
  const columns = new Map<string | number, number>();
  for (let i = 0; i < n; i += 1) {
    const key = JSON.stringify([truth[i], predicted[i]]);
    cells.set(key, (cells.get(key) ?? 0) + 1);
    rows.set(truth[i]!, (rows.get(truth[i]!) ?? 0) + 1);
    columns.set(predicted[i]!, (columns.get(predicted[i]!) ?? 0) + 1);
  }
  let index = 0;
  for (const c of cells.values()) index += pairs(c);
  let sumRows = 0;
  for (const a of rows.values()) sumRows += pairs(a);
  let sumColumns = 0;
  for (const b of columns.values()) sumColumns += pairs(b);
  const expected = (sumRows * sumColumns) / pairs(n);
  const maximum = (sumRows + sumColumns) / 2;
  if (maximum === expected) return 1;
  return (index - expected) / (maximum - expected);
}
