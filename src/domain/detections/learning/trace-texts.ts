import type { EvaluatedSpan } from '../../../ports/evaluation-traces.js';
import { MAX_EXAMPLE_CHARS, type ExampleTexts } from './hashed-features.js';

function valueAt(value: unknown, path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function fieldText(span: EvaluatedSpan, field: string): string {
  let value: unknown;
  if (field === 'name') value = span.name;
  else if (field === 'input') value = span.input;
  else if (field === 'output') value = span.output;
  else if (field === 'error') value = span.error;
  else if (field === 'metadata') value = span.metadata;
  else value = valueAt(span.metadata, field.split('.').slice(1)); // metadata.a.b
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A trace as a learned model reads it: per field, the spans' texts in order joined by newlines, at
 * most MAX_EXAMPLE_CHARS over all fields (the featurizer reads no more) — the same reading for
 * training and for scoring, so a model sees at ingest what it was trained on.
 */
export function traceTexts(spans: readonly EvaluatedSpan[], fields: readonly string[]): ExampleTexts {
  const texts: ExampleTexts = {};
  let left = MAX_EXAMPLE_CHARS;
  for (const field of fields) {
    const parts: string[] = [];
    for (const span of spans) {
      if (left <= 0) break;
      const text = fieldText(span, field);
      if (!text) continue;
      const kept = text.slice(0, left);
      parts.push(kept);
      left -= kept.length + 1;
    }
    if (parts.length) texts[field] = parts.join('\n');
  }
  return texts;
}
