import type { FieldError } from '../../errors.js';
import { csvRecords, CsvQuoteError, type CsvRecord } from './csv-records.js';
import { MAX_DATASET_ITEMS, MAX_ITEM_BYTES } from './dataset-limits.js';

export type ImportFormat = 'jsonl' | 'csv';

export interface ImportedItem {
  input: unknown;
  expectedOutput: unknown;
  metadata: Record<string, unknown>;
  sourceTraceId: string | null;
  sourceSpanId: string | null;
}

/** Errors reported per import: the Problem's `errors` holds at most 20. */
const MAX_REPORTED = 20;
const KEYS = new Set(['input', 'expectedOutput', 'metadata', 'sourceTraceId', 'sourceSpanId']);
const CSV_COLUMNS = ['input', 'expected_output', 'metadata', 'source_trace_id', 'source_span_id'] as const;
const TRACE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks one item's fields (shared by both formats); the reason, or null when it is fine. */
function problemOf(item: ImportedItem): string | null {
  if (item.input === undefined) return 'input is required';
  if (!isObject(item.metadata)) return 'metadata must be a JSON object';
  if (item.sourceTraceId !== null && (typeof item.sourceTraceId !== 'string' || !TRACE_ID.test(item.sourceTraceId))) return 'sourceTraceId is not a trace id';
  if (item.sourceSpanId !== null && (typeof item.sourceSpanId !== 'string' || item.sourceSpanId.length < 1 || item.sourceSpanId.length > 128)) return 'sourceSpanId must have 1 to 128 characters';
  if (item.sourceSpanId !== null && item.sourceTraceId === null) return 'sourceSpanId needs sourceTraceId';
  const bytes = Buffer.byteLength(JSON.stringify({ input: item.input, expectedOutput: item.expectedOutput, metadata: item.metadata }), 'utf8');
  if (bytes > MAX_ITEM_BYTES) return `the item is ${bytes} bytes of JSON; at most ${MAX_ITEM_BYTES}`;
  return null;
}

function fromJsonLine(text: string): ImportedItem | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'not valid JSON';
  }
  if (!isObject(value)) return 'must be a JSON object';
  const unknown = Object.keys(value).find((key) => !KEYS.has(key));
  if (unknown !== undefined) return `unknown field ${unknown.slice(0, 40)}`;
  return {
    input: value.input,
    expectedOutput: value.expectedOutput ?? null,
    metadata: (value.metadata ?? {}) as Record<string, unknown>,
    sourceTraceId: (value.sourceTraceId ?? null) as string | null,
    sourceSpanId: (value.sourceSpanId ?? null) as string | null,
  };
}

function fromCsvRecord(record: CsvRecord, columns: Map<string, number>): ImportedItem | string {
  if (record.fields.length !== columns.size) return `has ${record.fields.length} fields; the header has ${columns.size}`;
  const cell = (name: string): string | undefined => {
    const index = columns.get(name);
    return index === undefined ? undefined : record.fields[index];
  };
  let metadata: unknown = {};
  const metadataCell = cell('metadata');
  if (metadataCell !== undefined && metadataCell !== '') {
    try {
      metadata = JSON.parse(metadataCell);
    } catch {
      return 'metadata is not valid JSON';
    }
  }
  const optional = (name: string): string | null => {
    const value = cell(name);
    return value === undefined || value === '' ? null : value;
  };
  return { input: cell('input'), expectedOutput: optional('expected_output'), metadata: metadata as Record<string, unknown>, sourceTraceId: optional('source_trace_id'), sourceSpanId: optional('source_span_id') };
}

/**
 * Parses an import completely before anything is written: every item, or every bad line (the
 * first 20, each with its line number). Bounded: more than MAX_DATASET_ITEMS items stops the parse.
 */
export function parseImport(format: ImportFormat, content: string): { items: ImportedItem[]; errors: FieldError[] } {
  const items: ImportedItem[] = [];
  const errors: FieldError[] = [];
  const fail = (line: number, message: string, code = 'invalid_line') => {
    if (errors.length < MAX_REPORTED) errors.push({ code, message: `line ${line}: ${message}`.slice(0, 160), path: `/body/content/lines/${line}` });
  };
  const accept = (line: number, parsed: ImportedItem | string) => {
    if (typeof parsed === 'string') return fail(line, parsed);
    const problem = problemOf(parsed);
    if (problem) return fail(line, problem);
    items.push(parsed);
  };
  const tooMany = (line: number) => {
    fail(line, `more than ${MAX_DATASET_ITEMS} items`, 'max_items');
  };
  if (format === 'jsonl') {
    let line = 0;
    let start = 0;
    while (start <= content.length) {
      const end = content.indexOf('\n', start);
      const text = content.slice(start, end === -1 ? content.length : end).replace(/\r$/, '');
      line += 1;
      start = end === -1 ? content.length + 1 : end + 1;
      if (text.trim() === '') continue;
      if (items.length + errors.length >= MAX_DATASET_ITEMS) {
        tooMany(line);
        break;
      }
      accept(line, fromJsonLine(text));
    }
    return { items, errors };
  }
  try {
    let columns: Map<string, number> | null = null;
    for (const record of csvRecords(content)) {
      if (columns === null) {
        columns = new Map(record.fields.map((name, index) => [name.trim(), index]));
        const unknown = [...columns.keys()].find((name) => !(CSV_COLUMNS as readonly string[]).includes(name));
        if (unknown !== undefined) fail(record.line, `unknown column ${unknown.slice(0, 40)}`);
        if (!columns.has('input')) fail(record.line, 'the header has no input column');
        if (errors.length > 0) return { items, errors };
        continue;
      }
      if (items.length + errors.length >= MAX_DATASET_ITEMS) {
        tooMany(record.line);
        break;
      }
      accept(record.line, fromCsvRecord(record, columns));
    }
    if (columns === null) fail(1, 'no header row');
  } catch (error) {
    if (!(error instanceof CsvQuoteError)) throw error;
    fail(error.line, error.message);
  }
  return { items, errors };
}

/** The export's CSV header, in the import's column names. */
export const CSV_HEADER = CSV_COLUMNS;
