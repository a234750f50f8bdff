/**
 * The batches this browser has opened, per project. The API has no "list a queue's batches" operation,
 * so a batch is reached through its link (the `notify.eval_batch_dispatched` payload carries queueId and
 * batchId) and remembered here. Ids only, no secrets, so localStorage is fine.
 */
export interface KnownBatch {
  queueId: string;
  batchId: string;
}

const batchesKey = (projectId: string) => `tracewell.annotation-batches.${projectId}`;
const annotatorKey = (projectId: string) => `tracewell.annotator.${projectId}`;

export function knownBatches(projectId: string): KnownBatch[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(batchesKey(projectId)) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((b): b is KnownBatch => typeof b?.queueId === 'string' && typeof b?.batchId === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberBatch(projectId: string, batch: KnownBatch): void {
  const rest = knownBatches(projectId).filter((b) => b.batchId !== batch.batchId);
  localStorage.setItem(batchesKey(projectId), JSON.stringify([batch, ...rest].slice(0, 50)));
}

export function forgetBatch(projectId: string, batchId: string): void {
  localStorage.setItem(batchesKey(projectId), JSON.stringify(knownBatches(projectId).filter((b) => b.batchId !== batchId)));
}

/**
 * Which queue member the signed-in person is. No operation names the caller's user id (the profile has
 * none), so the annotator picks themselves once among the queue members and this browser remembers it.
 */
export const rememberedAnnotator = (projectId: string): string | null => localStorage.getItem(annotatorKey(projectId));
export const rememberAnnotator = (projectId: string, userId: string): void => localStorage.setItem(annotatorKey(projectId), userId);
