import type { Schemas } from '../api/operation-types';

/** A queue's question in words: what the reviewer answers and within which bounds. */
export const describeConfig = (c: Schemas['AnnotationScoreConfig']): string =>
  c.dataType === 'numeric'
    ? `${c.name}: a number from ${c.min ?? '−∞'} to ${c.max ?? '∞'}`
    : c.dataType === 'boolean'
      ? `${c.name}: yes or no`
      : `${c.name}: one of ${(c.categories ?? []).join(', ')}`;
