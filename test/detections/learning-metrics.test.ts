import { expect } from 'chai';
import { confusionAt, evaluateBinary, f1Of, precisionOf, recallOf, rocAuc } from '../../src/domain/detections/learning/binary-metrics.js';
import { MIN_EXAMPLES_PER_CLASS, runTraining, type TrainingJob } from '../../src/domain/detections/learning/classifier-training.js';
import { featurize } from '../../src/domain/detections/learning/hashed-features.js';
import { stratifiedHoldout } from '../../src/domain/detections/learning/holdout-split.js';
import { labeledCorpus } from '../support/labeled-corpus.js';

// Reference values are scikit-learn 1.5's documentation examples (https://scikit-learn.org/stable/modules/generated/…):
// roc_auc_score, f1_score / precision_score / recall_score (average=None, class 0 as the positive class),
// and confusion_matrix's binary `tn, fp, fn, tp` example.

describe('binary metrics', () => {
  it('ROC AUC of roc_auc_score\'s example: y_true [0,0,1,1], scores [0.1,0.4,0.35,0.8] → 0.75', () => {
    expect(rocAuc([false, false, true, true], [0.1, 0.4, 0.35, 0.8])).to.equal(0.75);
  });

  it('ROC AUC counts ties as one half and is undefined (null) with one class', () => {
    // Hand count: positive 0.5 vs negatives {0.5, 0.2}: ½ + 1; positive 0.9: 1 + 1 → 3.5 / 4.
    expect(rocAuc([true, false, true, false], [0.5, 0.5, 0.9, 0.2])).to.equal(0.875);
    expect(rocAuc([true, true], [0.1, 0.2])).to.equal(null);
  });

  it('precision, recall and F1 of f1_score\'s example for class 0: 0.666…, 1.0, 0.8', () => {
    // y_true = [0, 1, 2, 0, 1, 2], y_pred = [0, 2, 1, 0, 0, 1]; class 0 as positive, the others negative.
    const yTrue = [0, 1, 2, 0, 1, 2].map((y) => y === 0);
    const yPred = [0, 2, 1, 0, 0, 1].map((y) => (y === 0 ? 1 : 0));
    const m = confusionAt(yTrue, yPred, 0.5);
    expect(precisionOf(m)).to.be.closeTo(2 / 3, 1e-12);
    expect(recallOf(m)).to.equal(1);
    expect(f1Of(m)).to.be.closeTo(0.8, 1e-12);
  });

  it('the confusion matrix of confusion_matrix\'s example [0,1,0,1] vs [1,1,1,0] is tn 0, fp 2, fn 1, tp 1', () => {
    expect(confusionAt([false, true, false, true], [1, 1, 1, 0], 0.5)).to.deep.equal({ truePositives: 1, falsePositives: 2, trueNegatives: 0, falseNegatives: 1 });
  });

  it('no predicted positives gives precision and F1 0 (zero_division=0), not NaN', () => {
    const e = evaluateBinary([true, false], [0.1, 0.2], 0.5);
    expect([e.precision, e.recall, e.f1]).to.deep.equal([0, 0, 0]);
  });
});

describe('stratified hold-out', () => {
  it('holds out each class in proportion, the same examples for the same seed', () => {
    const labels = Array.from({ length: 100 }, (_, i) => i < 30);
    const a = stratifiedHoldout(labels, 0.2, 7);
    expect(a.holdout.filter((i) => labels[i]).length).to.equal(6);
    expect(a.holdout.filter((i) => !labels[i]).length).to.equal(14);
    expect(a.train.length + a.holdout.length).to.equal(100);
    expect(stratifiedHoldout(labels, 0.2, 7)).to.deep.equal(a);
    expect(stratifiedHoldout(labels, 0.2, 8).holdout).to.not.deep.equal(a.holdout);
  });
});

describe('hashed features', () => {
  it('are L2-normalized and keep fields apart', () => {
    const x = featurize({ output: 'timeout error timeout' }, { hashBits: 16 });
    const norm = Math.sqrt(Array.from(x.values).reduce((s, v) => s + v * v, 0));
    expect(norm).to.be.closeTo(1, 1e-6);
    const y = featurize({ input: 'timeout error timeout' }, { hashBits: 16 });
    expect(Array.from(y.indices)).to.not.deep.equal(Array.from(x.indices));
  });
});

describe('classifier training', () => {
  const job = (seed: number, size = 2000): TrainingJob => ({ examples: labeledCorpus(size, seed), seed, hashBits: 16, holdoutFraction: 0.2, threshold: 0.5, budgetMs: 60_000, active: null });

  it('reaches F1 ≥ 0.90 on the held-out split of a planted class with 5 % label noise', () => {
    const outcome = runTraining(job(42));
    if (outcome.status !== 'trained') throw new Error(outcome.reason);
    // With 5 % of labels flipped the best achievable F1 is about 0.9; the planted phrases are found.
    expect(outcome.evaluation.f1).to.be.at.least(0.9);
    expect(outcome.evaluation.rocAuc!).to.be.at.least(0.93);
    expect(outcome.counts.holdout.positive + outcome.counts.holdout.negative).to.equal(400);
  });

  it('is deterministic for a seed', () => {
    const a = runTraining(job(11, 600));
    const b = runTraining(job(11, 600));
    if (a.status !== 'trained' || b.status !== 'trained') throw new Error('refused');
    expect(Buffer.from(a.weights.buffer).equals(Buffer.from(b.weights.buffer))).to.equal(true);
    expect(a.evaluation).to.deep.equal(b.evaluation);
  });

  it(`refuses fewer than ${MIN_EXAMPLES_PER_CLASS} examples of a class`, () => {
    const examples = [...Array.from({ length: 19 }, () => ({ texts: { output: 'no' }, label: true })), ...Array.from({ length: 50 }, () => ({ texts: { output: 'yes' }, label: false }))];
    const outcome = runTraining({ ...job(1), examples });
    expect(outcome).to.deep.equal({
      status: 'refused',
      reason: 'Training needs at least 20 examples of each class; the label source gave 19 positive and 50 negative.',
      counts: { positive: 19, negative: 50 },
    });
  });
});
