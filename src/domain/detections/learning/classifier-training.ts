import { evaluateBinary, type BinaryEvaluation } from './binary-metrics.js';
import { featurize, type ExampleTexts, type SparseVector } from './hashed-features.js';
import { stratifiedHoldout } from './holdout-split.js';
import { DEFAULT_TRAINING, predict, trainLogisticRegression, type LinearModel } from './logistic-regression.js';

/** Fewer examples than this in either class is a refusal: the hold-out would hold a handful, and its metrics would say nothing. */
export const MIN_EXAMPLES_PER_CLASS = 20;
/** Examples one training reads at most (newest labels first); bounds its time and memory. */
export const MAX_TRAINING_EXAMPLES = 100_000;
export const DEFAULT_HOLDOUT_FRACTION = 0.2;

export interface LabeledExample {
  texts: ExampleTexts;
  label: boolean;
}

export interface ClassCounts {
  positive: number;
  negative: number;
}

/** One training: the data, the model settings, and the active model to compare against (same features). */
export interface TrainingJob {
  examples: LabeledExample[];
  seed: number;
  hashBits: number;
  holdoutFraction: number;
  threshold: number;
  /** Wall time the training may take in its thread (checked between examples). */
  budgetMs: number;
  /** The active version's weights, scored on this training's hold-out to decide automatic activation. */
  active: { weights: Float32Array; bias: number; hashBits: number } | null;
}

export type TrainingOutcome =
  | { status: 'refused'; reason: string; counts: ClassCounts }
  | {
      status: 'trained';
      weights: Float32Array;
      bias: number;
      evaluation: BinaryEvaluation;
      counts: { train: ClassCounts; holdout: ClassCounts };
      /** The active model's evaluation on the same hold-out (null without one, or with other features). */
      activeEvaluation: BinaryEvaluation | null;
      durationMs: number;
    };

const countsOf = (labels: readonly boolean[]): ClassCounts => {
  const positive = labels.filter(Boolean).length;
  return { positive, negative: labels.length - positive };
};

/** Runs in the training thread: refuses thin data, else splits, trains and evaluates on the hold-out. */
export function runTraining(job: TrainingJob, now: () => number = () => performance.now()): TrainingOutcome {
  const started = now();
  const labels = job.examples.map((e) => e.label);
  const counts = countsOf(labels);
  if (counts.positive < MIN_EXAMPLES_PER_CLASS || counts.negative < MIN_EXAMPLES_PER_CLASS) {
    return {
      status: 'refused',
      reason: `Training needs at least ${MIN_EXAMPLES_PER_CLASS} examples of each class; the label source gave ${counts.positive} positive and ${counts.negative} negative.`,
      counts,
    };
  }
  const dimension = 1 << job.hashBits;
  const vectors: SparseVector[] = job.examples.map((e) => featurize(e.texts, { hashBits: job.hashBits }));
  const { train, holdout } = stratifiedHoldout(labels, job.holdoutFraction, job.seed);
  const model: LinearModel = trainLogisticRegression(
    train.map((i) => vectors[i]!),
    train.map((i) => labels[i]!),
    dimension,
    { ...DEFAULT_TRAINING, seed: job.seed, deadline: started + job.budgetMs, now },
  );
  const heldLabels = holdout.map((i) => labels[i]!);
  const evaluation = evaluateBinary(heldLabels, holdout.map((i) => predict(model, vectors[i]!)), job.threshold);
  const active = job.active && job.active.hashBits === job.hashBits ? job.active : null;
  const activeEvaluation = active ? evaluateBinary(heldLabels, holdout.map((i) => predict(active, vectors[i]!)), job.threshold) : null;
  return {
    status: 'trained',
    weights: model.weights,
    bias: model.bias,
    evaluation,
    counts: { train: countsOf(train.map((i) => labels[i]!)), holdout: countsOf(heldLabels) },
    activeEvaluation,
    durationMs: now() - started,
  };
}

/**
 * Whether a new version replaces the active one automatically: better F1 on the new hold-out, or
 * equal F1 and better ROC AUC. Without an active version the first trained one is activated.
 */
export function beatsActive(outcome: Extract<TrainingOutcome, { status: 'trained' }>): boolean {
  const active = outcome.activeEvaluation;
  if (!active) return true;
  if (outcome.evaluation.f1 !== active.f1) return outcome.evaluation.f1 > active.f1;
  return (outcome.evaluation.rocAuc ?? 0) > (active.rocAuc ?? 0);
}
