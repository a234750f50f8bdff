import type { SpanRecord, TraceRecord } from '../../ports/traces.js';
import { MAX_DOCUMENT_CHARS, SearchDocumentParts, type SearchDocumentOptions } from './search-document.js';
import { openDocument } from './search-words.js';
import { TraceFieldsFold } from './trace-assembly.js';
import { SpanTotals, traceRecordOf } from './trace-summary.js';

/** Reads a stored trace's spans a page at a time by span id, those after `afterSpanId` (TraceRepository.spansById). */
export type SpanPageReader = (afterSpanId: string | null, limit: number) => Promise<SpanRecord[]>;

/** Spans read at a time when a stored trace is summed up again. */
export const SUMMARY_PAGE_SPANS = 5000;

/**
 * What summarizeTrace(traceFieldsOf(spans, metadata)) and searchDocumentOf make of a stored trace's
 * spans, read a page at a time instead of all at once: a trace of 100,000 spans summed up after an
 * export written in batches would otherwise be read whole (its span records, their rows) at the
 * peak of that export. Read twice — the name and the roots need every span before the totals and
 * the document can be written — and a third time for inputs and outputs, while the document has
 * room. Holds the span ids (the roots are the spans whose parent is not among them) and a page.
 *
 * The pages come by span id (an index seek each; spansOf's order, by start, would sort the whole
 * trace for every page). What depends on order is made not to: the name and fields are the first
 * in traceFieldsOf's order whatever the order they pass in, and the error message is the first
 * failing span's in spansOf's order (position, then start, unknown last). Two things still follow
 * the page order: the last bits of the float sums (latency, cost), and which words of a trace past
 * MAX_DOCUMENT_CHARS of text make it into its document.
 */
export async function summarizeStoredTrace(
  read: SpanPageReader,
  ids: { projectId: string; traceId: string },
  metadata: Record<string, unknown>,
  receivedAt: Date,
  options: SearchDocumentOptions,
  pageSpans: number = SUMMARY_PAGE_SPANS,
): Promise<{ trace: TraceRecord; document: string }> {
  const spanIds = new Set<string>();
  const fold = new TraceFieldsFold();
  await eachPage(read, pageSpans, (span) => {
    spanIds.add(span.spanId);
    fold.add(span);
    return true;
  });
  const fields = fold.fieldsOf(metadata);
  const totals = new SpanTotals();
  // An object, not a variable: TypeScript does not follow a `let` assigned inside a callback.
  const failing: { first: SpanRecord | null } = { first: null };
  const document = openDocument(MAX_DOCUMENT_CHARS);
  const parts = new SearchDocumentParts(fields.name, metadata, (text) => document.add(text));
  await eachPage(read, pageSpans, (span) => {
    totals.add(span, span.parentSpanId === null || !spanIds.has(span.parentSpanId));
    if (span.status === 'error' && (failing.first === null || failsBefore(span, failing.first))) failing.first = span;
    if (!document.full) parts.span(span);
    return true;
  });
  if (options.inputsOutputs && !document.full) {
    await eachPage(read, pageSpans, (span) => {
      parts.inputsOutputs(span);
      return !document.full;
    });
  }
  // SpanTotals took the error of the first failing span in page order; summarizeTrace's is spansOf's.
  totals.errorMessage = failing.first?.error ? failing.first.error : null;
  return { trace: traceRecordOf(ids.projectId, ids.traceId, fields, totals, receivedAt), document: document.toString() };
}

/** spansOf's order: by position, then start (unknown last), then span id. */
const failsBefore = (a: SpanRecord, b: SpanRecord): boolean =>
  (a.position - b.position ||
    (a.startTime?.getTime() ?? Number.MAX_SAFE_INTEGER) - (b.startTime?.getTime() ?? Number.MAX_SAFE_INTEGER) ||
    (a.spanId < b.spanId ? -1 : 1)) < 0;

/** Calls `visit` with every span, page by page, until it answers false. */
async function eachPage(read: SpanPageReader, pageSpans: number, visit: (span: SpanRecord) => boolean): Promise<void> {
  for (let after: string | null = null; ; ) {
    const page = await read(after, pageSpans);
    for (const span of page) if (!visit(span)) return;
    if (page.length < pageSpans) return;
    after = page[page.length - 1].spanId;
  }
}
