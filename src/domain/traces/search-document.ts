import type { SpanRecord } from '../../ports/traces.js';
import type { SummarySource } from './trace-summary.js';
import { writeDocument } from './search-words.js';

/**
 * Characters of document text. Well inside PostgreSQL's 1 MB tsvector: each distinct word is
 * stored once with at most 256 positions of 2 bytes, so 200,000 characters of words stay below
 * ~600 KB whatever they are (test/traces/search-syntax.test.ts writes the worst case).
 */
export const MAX_DOCUMENT_CHARS = 200_000;
/** Characters of input and output text taken from one span: a long prompt does not crowd out the rest. */
export const MAX_SPAN_IO_CHARS = 4_000;

export interface SearchDocumentOptions {
  /** The project's switch (searchInputsOutputs): span inputs and outputs in the document or not. */
  inputsOutputs: boolean;
}

/**
 * The span metadata key left out of documents: the OpenTelemetry bookkeeping the OTLP mapping keeps
 * on every span (span kind, instrumentation scope, status code, service; docs/opentelemetry.md).
 * It repeats on every span of an export — 17 words a span, a quarter of the bench's OTLP documents —
 * and says nothing one trace's document does not say of the next; the trace's framework, agent
 * and resource attributes (`otel_resource`, service.name included) stay searchable.
 */
export const OTEL_SPAN_METADATA = 'otel';

/**
 * The key of the span metadata entry the OTLP mapping puts an export's unmapped attributes under
 * (docs/opentelemetry.md): a wrapper of ours, not a key anyone sent. The attributes' own keys and
 * values are written; the wrapper's name is not, as it would only find every OTLP span alike.
 */
export const OTEL_ATTRIBUTES_METADATA = 'attributes';

/** Keys and values of a metadata value, flattened into text. */
function collect(value: unknown, add: (text: string) => void): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, add);
  } else if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key in record) {
      add(key);
      collect(record[key], add);
    }
  } else {
    add(String(value));
  }
}

/** What a document's span metadata has written so far: each plain value, as its key path and value. */
interface OnceWriter {
  add: (text: string) => void;
  written: Set<string>;
}

const pairOf = (path: string, value: unknown): string => `${path}\u0000${String(value)}`;

const isNonEmptyRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0;

/** Marks the plain values of `value` (the trace's metadata, written whole) as written under their key paths. */
function rememberWritten(writer: OnceWriter, path: string, value: unknown): void {
  if (isNonEmptyRecord(value)) {
    for (const key in value) rememberWritten(writer, path ? `${path}.${key}` : key, value[key]);
  } else if (!Array.isArray(value)) {
    writer.written.add(pairOf(path, value));
  }
}

/**
 * Writes `value` under the key path `path`, leaving out each plain value (not an object or array)
 * the same path has written before; `keys`, the path's keys not yet written, go in before the first
 * value that is. Returns the keys still unwritten: all of `keys` when nothing was.
 */
function writeOnce(writer: OnceWriter, path: string, keys: string[], value: unknown): string[] {
  if (isNonEmptyRecord(value)) {
    let unwritten = keys;
    for (const key in value) {
      if (writeOnce(writer, `${path}.${key}`, [...unwritten, key], value[key]).length === 0) unwritten = [];
    }
    return unwritten;
  }
  if (!Array.isArray(value)) {
    const pair = pairOf(path, value);
    if (writer.written.has(pair)) return keys;
    writer.written.add(pair);
  }
  for (const key of keys) writer.add(key);
  collect(value, writer.add);
  return [];
}

/**
 * The string leaves of an input or output (message text, tool arguments, answers), not its keys:
 * `{"messages":[{"role":"user","content":"…"}]}` contributes the role and the content. Stops once
 * `budget` characters are taken.
 */
function stringLeaves(value: unknown, add: (text: string) => void, budget: { left: number }): void {
  if (budget.left <= 0 || value === null || value === undefined) return;
  if (typeof value === 'string') {
    const text = value.length > budget.left ? value.slice(0, budget.left) : value;
    budget.left -= text.length;
    add(text);
  } else if (Array.isArray(value)) {
    for (const item of value) stringLeaves(item, add, budget);
  } else if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key in record) stringLeaves(record[key], add, budget);
  }
}

/**
 * What full-text search looks at: the trace name and metadata, each span's name, error and
 * metadata (keys and values; a key and plain value once per trace), then — unless the project
 * switched it off — the text of each span's input and output (at most MAX_SPAN_IO_CHARS per span).
 * Written as the words search-words.ts makes of it, so identifiers are split the same way the
 * query is.
 */
export function searchDocumentOf(trace: Pick<SummarySource, 'name' | 'metadata' | 'spans'>, options: SearchDocumentOptions = { inputsOutputs: true }): string {
  return writeDocument(MAX_DOCUMENT_CHARS, (add) => {
    const document = new SearchDocumentParts(trace.name, trace.metadata, add);
    for (const span of trace.spans) document.span(span);
    if (options.inputsOutputs) for (const span of trace.spans) document.inputsOutputs(span);
  });
}

/**
 * searchDocumentOf's document in its parts, for a trace read a page of spans at a time: the
 * trace's name and metadata, then `span` for every span in order, then (unless switched off)
 * `inputsOutputs` for every span in the same order.
 */
export class SearchDocumentParts {
  // A plain value already written under the same key path (by the trace's metadata or an earlier
  // span: the framework, the model, a cost source on every span) is not written again: the trace
  // matches its words either way, and repeating them only grew the index and ingest's work.
  private readonly once: OnceWriter;

  constructor(name: string, metadata: Record<string, unknown>, private readonly add: (text: string) => void) {
    add(name);
    collect(metadata, add);
    this.once = { add, written: new Set() };
    rememberWritten(this.once, '', metadata);
  }

  span(span: SpanRecord): void {
    this.add(span.name);
    if (span.error) this.add(span.error);
    for (const key in span.metadata) {
      if (key === OTEL_SPAN_METADATA) continue;
      writeOnce(this.once, key, key === OTEL_ATTRIBUTES_METADATA ? [] : [key], span.metadata[key]);
    }
  }

  inputsOutputs(span: SpanRecord): void {
    const budget = { left: MAX_SPAN_IO_CHARS };
    stringLeaves(span.input, this.add, budget);
    stringLeaves(span.output, this.add, budget);
  }
}
