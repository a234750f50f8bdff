/**
 * The evaluation stored with a model version: the confusion matrix at a threshold and the metrics
 * derived from it, and ROC AUC over the scores. Definitions as scikit-learn's (precision_score,
 * recall_score, f1_score with zero_division=0, roc_auc_score); test/detections/learning-metrics
 * checks them against the examples of its documentation.
 */
export interface ConfusionMatrix {
  truePositives: number;
  falsePositives: number;
  trueNegatives: number;
  falseNegatives: number;
}

export interface BinaryEvaluation {
  threshold: number;
  precision: number;
  recall: number;
  f1: number;
  /** Null when the labels hold one class only (undefined then). */
  rocAuc: number | null;
  confusion: ConfusionMatrix;
}

export function confusionAt(labels: readonly boolean[], scores: readonly number[], threshold: number): ConfusionMatrix {
  const m: ConfusionMatrix = { truePositives: 0, falsePositives: 0, trueNegatives: 0, falseNegatives: 0 };
  labels.forEach((label, i) => {
    const predicted = scores[i]! >= threshold;
    if (predicted && label) m.truePositives += 1;
    else if (predicted) m.falsePositives += 1;
    else if (label) m.falseNegatives += 1;
    else m.trueNegatives += 1;
  });
  return m;
}

const ratio = (a: number, b: number): number => (b === 0 ? 0 : a / b);

export function precisionOf(m: ConfusionMatrix): number {
  return ratio(m.truePositives, m.truePositives + m.falsePositives);
}

export function recallOf(m: ConfusionMatrix): number {
  return ratio(m.truePositives, m.truePositives + m.falseNegatives);
}

export function f1Of(m: ConfusionMatrix): number {
  return ratio(2 * m.truePositives, 2 * m.truePositives + m.falsePositives + m.falseNegatives);
}

/**
 * The area under the ROC curve as the Mann–Whitney statistic: the probability that a random
 * positive scores above a random negative, ties counting one half (ranks averaged over ties), which
 * equals the trapezoidal area roc_auc_score computes.
 */
export function rocAuc(labels: readonly boolean[], scores: readonly number[]): number | null {
  const positives = labels.filter(Boolean).length;
  const negatives = labels.length - positives;
  if (positives === 0 || negatives === 0) return null;
  const order = Array.from(scores.keys()).sort((a, b) => scores[a]! - scores[b]!);
  let positiveRankSum = 0;
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && scores[order[end + 1]!] === scores[order[start]!]) end += 1;
    const rank = (start + end) / 2 + 1; // average 1-based rank of the tie group
    for (let k = start; k <= end; k += 1) if (labels[order[k]!]) positiveRankSum += rank;
    start = end + 1;
  }
  return (positiveRankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

export function evaluateBinary(labels: readonly boolean[], scores: readonly number[], threshold: number): BinaryEvaluation {
  const confusion = confusionAt(labels, scores, threshold);
  return { threshold, precision: precisionOf(confusion), recall: recallOf(confusion), f1: f1Of(confusion), rocAuc: rocAuc(labels, scores), confusion };
}
