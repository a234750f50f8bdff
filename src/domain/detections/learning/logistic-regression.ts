import type { SparseVector } from './hashed-features.js';
import { seededRandom, shuffleInPlace } from './seeded-random.js';

/**
 * Binary logistic regression trained with stochastic gradient descent (AdaGrad step sizes, L2
 * penalty, classes weighted inversely to their frequency so a rare positive class is not ignored).
 * The example order of each epoch comes from the seed, so a seed and a data set give one model.
 */
export interface TrainingSettings {
  epochs: number;
  learningRate: number;
  l2: number;
  seed: number;
  /** Checked between examples: past it training stops with `timedOut`. */
  deadline?: number;
  now?: () => number;
}

export interface LinearModel {
  weights: Float32Array;
  bias: number;
}

export const DEFAULT_TRAINING: Omit<TrainingSettings, 'seed'> = { epochs: 8, learningRate: 0.5, l2: 1e-6 };

export const sigmoid = (z: number): number => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

export function predict(model: LinearModel, x: SparseVector): number {
  let z = model.bias;
  for (let k = 0; k < x.indices.length; k += 1) z += model.weights[x.indices[k]!]! * x.values[k]!;
  return sigmoid(z);
}

export class TrainingTimeout extends Error {
  constructor() {
    super('training ran out of its time budget');
  }
}

export function trainLogisticRegression(xs: readonly SparseVector[], ys: readonly boolean[], dimension: number, settings: TrainingSettings): LinearModel {
  const weights = new Float32Array(dimension);
  const squared = new Float32Array(dimension); // AdaGrad: running sum of squared gradients per weight
  let bias = 0;
  let biasSquared = 0;
  const positives = ys.filter(Boolean).length;
  const negatives = ys.length - positives;
  // Balanced class weights (as scikit-learn's class_weight='balanced': n / (2 · n_class)).
  const weightOf = (y: boolean): number => ys.length / (2 * (y ? positives : negatives));
  const random = seededRandom(settings.seed);
  const order = Array.from(ys.keys());
  const now = settings.now ?? (() => performance.now());
  for (let epoch = 0; epoch < settings.epochs; epoch += 1) {
    shuffleInPlace(order, random);
    for (let n = 0; n < order.length; n += 1) {
      if (settings.deadline !== undefined && n % 256 === 0 && now() > settings.deadline) throw new TrainingTimeout();
      const i = order[n]!;
      const x = xs[i]!;
      const y = ys[i]!;
      let z = bias;
      for (let k = 0; k < x.indices.length; k += 1) z += weights[x.indices[k]!]! * x.values[k]!;
      const error = (sigmoid(z) - (y ? 1 : 0)) * weightOf(y);
      for (let k = 0; k < x.indices.length; k += 1) {
        const j = x.indices[k]!;
        const gradient = error * x.values[k]! + settings.l2 * weights[j]!;
        squared[j] = squared[j]! + gradient * gradient;
        weights[j] = weights[j]! - (settings.learningRate * gradient) / Math.sqrt(squared[j]! + 1e-8);
      }
      biasSquared += error * error;
      bias -= (settings.learningRate * error) / Math.sqrt(biasSquared + 1e-8);
    }
  }
  return { weights, bias };
}
