import type { Schemas } from '../api/operation-types';

/** How far a batch is: answered items out of all, counted from its items (the service keeps no separate tally). */
export function batchProgress(batch: Schemas['AnnotationBatch']): { done: number; total: number } {
  return { done: batch.items.filter((i) => i.status === 'done').length, total: batch.items.length };
}
