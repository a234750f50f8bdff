import { seededRandom } from '../../src/domain/detections/learning/seeded-random.js';
import type { LabeledExample } from '../../src/domain/detections/learning/classifier-training.js';

/**
 * A seeded synthetic labeled corpus with a planted class: a positive example's output carries one
 * of the planted refusal phrasings among filler words; a negative one only filler (and, as a
 * distractor, words of the planted phrases taken one at a time). `noise` of the labels are flipped,
 * so a perfect score is impossible and a model that memorizes noise is not rewarded.
 */
const FILLER = 'the order shipment customer account invoice weather report summary travel booking flight hotel menu recipe schedule meeting answer question status update total price item product search result page link email'.split(' ');
const PLANTED = [
  'i cannot help with that request',
  'as an ai i am unable to assist',
  'sorry but that is against my policy',
  'i must decline to answer this',
];

export function labeledCorpus(size: number, seed: number, noise = 0.05, positiveShare = 0.3): LabeledExample[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const words = (n: number): string => Array.from({ length: n }, () => pick(FILLER)).join(' ');
  return Array.from({ length: size }, () => {
    const positive = random() < positiveShare;
    const output = positive
      ? `${words(3 + Math.floor(random() * 6))} ${pick(PLANTED)} ${words(2 + Math.floor(random() * 6))}`
      : `${words(4 + Math.floor(random() * 8))} ${pick(pick(PLANTED).split(' '))} ${words(3)}`;
    const label = random() < noise ? !positive : positive;
    return { texts: { input: `user asks about ${words(3)}`, output }, label };
  });
}
