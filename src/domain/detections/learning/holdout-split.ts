import { seededRandom, shuffleInPlace } from './seeded-random.js';

/**
 * A seeded stratified hold-out: each class is shuffled with the seed and `fraction` of it (rounded,
 * at least one) is held out, so the hold-out has the classes in the proportions of the data and the
 * same seed always holds out the same examples. Answers example indices.
 */
export function stratifiedHoldout(labels: readonly boolean[], fraction: number, seed: number): { train: number[]; holdout: number[] } {
  const random = seededRandom(seed ^ 0x5bd1e995);
  const train: number[] = [];
  const holdout: number[] = [];
  for (const cls of [true, false]) {
    const members = shuffleInPlace(labels.flatMap((label, i) => (label === cls ? [i] : [])), random);
    const held = Math.max(1, Math.round(members.length * fraction));
    holdout.push(...members.slice(0, held));
    train.push(...members.slice(held));
  }
  return { train: train.sort((a, b) => a - b), holdout: holdout.sort((a, b) => a - b) };
}
