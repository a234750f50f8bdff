import { featurize, type ExampleTexts } from './hashed-features.js';
import { predict } from './logistic-regression.js';

/**
 * A learned detection's scan: the trace's texts featurized and scored by the active model. Runs in
 * a scan worker (featurizing is linear in the text, which traceTexts capped), so scoring shares the
 * scan pool's threads, budget and termination with the regex and PII detections.
 */
export interface LinearScoringRule {
  kind: 'linear';
  hashBits: number;
  bias: number;
  weights: Float32Array;
  texts: ExampleTexts;
}

export function scoreLinear(rule: LinearScoringRule): { hit: null; score: number; unscannedFields: number; timedOut: boolean } {
  const score = predict({ weights: rule.weights, bias: rule.bias }, featurize(rule.texts, { hashBits: rule.hashBits }));
  return { hit: null, score, unscannedFields: 0, timedOut: false };
}
