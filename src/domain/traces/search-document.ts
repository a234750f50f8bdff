import type { SummarySource } from './trace-summary.js';

/** Keeps a search document well inside PostgreSQL's 1 MB tsvector limit. */
const MAX_DOCUMENT_CHARS = 200_000;

/** Keys and values of a metadata value, flattened into words. */
function collect(value: unknown, into: string[]): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, into);
  } else if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      into.push(key);
      collect(item, into);
    }
  } else {
    into.push(String(value));
  }
}

/**
 * What full-text search looks at: the trace name and metadata, and each span's name, error and
 * metadata (keys and values). Inputs and outputs are left out: they are large and mostly noise.
 */
export function searchDocumentOf(trace: Pick<SummarySource, 'name' | 'metadata' | 'spans'>): string {
  const words: string[] = [trace.name];
  collect(trace.metadata, words);
  for (const span of trace.spans) {
    words.push(span.name);
    if (span.error) words.push(span.error);
    collect(span.metadata, words);
  }
  const text = words.join(' ').replace(/\u0000/g, '');
  return text.length > MAX_DOCUMENT_CHARS ? text.slice(0, MAX_DOCUMENT_CHARS) : text;
}
