import type { BodyOf } from '../http/operation-types.js';

/*
 * Import lines → item bodies, with no I/O: the CLI streams files through these, the console reads
 * a chosen file through them (console/src/datasets/), so both accept exactly the same files.
 */

export type ItemInput = BodyOf<'createDatasetItem'>;
export type FileFormat = 'jsonl' | 'csv';

/** One line (JSONL) or record (CSV) of an import file: the item it describes, or why it cannot be one. */
export type ParsedLine = { line: number; item: ItemInput } | { line: number; error: string };

/** Longest line or record accepted: a little over the API's 256 KiB per item, so oversize fails per line, not the whole import. */
export const MAX_RECORD_CHARS = 1_048_576;
const ITEM_KEYS = new Set(['input', 'expectedOutput', 'metadata', 'sourceTraceId', 'sourceSpanId']);
/** Fields an export writes that the server assigns: ignored on import, so an exported file imports as is. */
const EXPORTED_ONLY = new Set(['id', 'datasetId', 'status', 'version', 'createdAt', 'updatedAt']);

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A JSONL line: an object with `input` and optionally `expectedOutput`, `metadata`, `sourceTraceId`, `sourceSpanId`. */
export function itemFromJson(text: string): ItemInput {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(value)) throw new Error('not a JSON object');
  const unknown = Object.keys(value).filter((key) => !ITEM_KEYS.has(key) && !EXPORTED_ONLY.has(key));
  if (unknown.length > 0) throw new Error(`unknown field ${unknown[0]} (fields: ${[...ITEM_KEYS].join(', ')})`);
  if (!('input' in value) && value.sourceTraceId === undefined) throw new Error('no input (and no sourceTraceId to copy it from)');
  const item = Object.fromEntries(Object.entries(value).filter(([key, field]) => ITEM_KEYS.has(key) && !((key === 'sourceTraceId' || key === 'sourceSpanId') && field === null)));
  return item as ItemInput;
}

/** A CSV cell is JSON when it parses as JSON, otherwise the text itself; an empty cell is absent. */
function cellValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A CSV record as an item: columns input, expectedOutput, metadata (a JSON object), sourceTraceId,
 * sourceSpanId; the columns an export adds (id, status, version) are ignored; any other column
 * becomes a metadata field.
 */
export function itemFromCsv(header: string[], cells: string[]): ItemInput {
  if (cells.length !== header.length) throw new Error(`${cells.length} cells; the header has ${header.length}`);
  const item: Record<string, unknown> = {};
  const metadata: Record<string, unknown> = {};
  header.forEach((column, index) => {
    const text = cells[index];
    if (text === '' || EXPORTED_ONLY.has(column)) return;
    if (column === 'metadata') {
      const value = cellValue(text);
      if (!isObject(value)) throw new Error('metadata is not a JSON object');
      Object.assign(metadata, value);
    } else if (column === 'sourceTraceId' || column === 'sourceSpanId') item[column] = text;
    else if (column === 'input' || column === 'expectedOutput') item[column] = cellValue(text);
    else metadata[column] = text;
  });
  if (!('input' in item) && item.sourceTraceId === undefined) throw new Error('no input (and no sourceTraceId to copy it from)');
  if (Object.keys(metadata).length > 0) item.metadata = metadata;
  return item as ItemInput;
}

/** Splits CSV text (RFC 4180: quoted fields may hold commas, quotes as "" and newlines) into records, incrementally. */
export class CsvSplitter {
  private cell = '';
  private cells: string[] = [];
  private quoted = false;
  private afterQuote = false;
  private recordChars = 0;
  private line = 1;
  private recordLine = 1;
  private broken: string | undefined;

  /** Feeds text; calls `record` for each complete record with the line it started on. */
  push(text: string, record: (line: number, cells: string[] | Error) => void): void {
    for (const char of text) {
      if (char === '\n') this.line += 1;
      if (this.quoted) {
        if (char === '"') {
          this.quoted = false;
          this.afterQuote = true;
        } else this.add(char);
        continue;
      }
      if (char === '"' && this.cell === '' && !this.afterQuote) this.quoted = true;
      else if (char === '"' && this.afterQuote) {
        this.quoted = true;
        this.afterQuote = false;
        this.add('"');
      } else if (char === ',') this.endCell();
      else if (char === '\n') this.endRecord(record);
      else if (char === '\r') continue;
      else {
        if (this.afterQuote) this.broken ??= 'text after a closing quote';
        this.add(char);
      }
    }
  }

  /** The last record when the file does not end with a newline; an unclosed quote is that record's error. */
  end(record: (line: number, cells: string[] | Error) => void): void {
    if (this.quoted) this.broken ??= 'a quoted field is not closed';
    if (this.cell !== '' || this.cells.length > 0 || this.quoted) this.endRecord(record);
  }

  private add(char: string): void {
    this.afterQuote = false;
    this.recordChars += char.length;
    if (this.recordChars <= MAX_RECORD_CHARS) this.cell += char;
    else this.broken ??= `longer than ${MAX_RECORD_CHARS} characters`;
  }

  private endCell(): void {
    this.cells.push(this.cell);
    this.cell = '';
    this.afterQuote = false;
  }

  private endRecord(record: (line: number, cells: string[] | Error) => void): void {
    this.endCell();
    const blank = this.cells.length === 1 && this.cells[0] === '' && !this.broken;
    if (!blank) record(this.recordLine, this.broken ? new Error(this.broken) : this.cells);
    this.cells = [];
    this.broken = undefined;
    this.quoted = false;
    this.recordChars = 0;
    this.recordLine = this.line;
  }
}


/** Turns CSV records into parsed lines: the first record is the header, each later one an item or its error. */
export function csvRecords(emit: (parsed: ParsedLine) => void): (line: number, cells: string[] | Error) => void {
  let header: string[] | undefined;
  return (line, cells) => {
    if (cells instanceof Error) return emit({ line, error: cells.message });
    if (!header) {
      header = cells.map((cell) => cell.trim());
      if (!header.includes('input') && !header.includes('sourceTraceId')) emit({ line, error: 'the header has no input (or sourceTraceId) column' });
      return;
    }
    try {
      emit({ line, item: itemFromCsv(header, cells) });
    } catch (error) {
      emit({ line, error: (error as Error).message });
    }
  };
}

/** A whole text at once (the console's chosen file): every line parsed, in order. */
export function parseItemText(text: string, format: FileFormat): ParsedLine[] {
  const parsed: ParsedLine[] = [];
  if (format === 'jsonl') {
    text.split('\n').forEach((raw, index) => {
      const line = raw.replace(/\r$/, '');
      if (line.trim() === '') return;
      if (line.length > MAX_RECORD_CHARS) return void parsed.push({ line: index + 1, error: `longer than ${MAX_RECORD_CHARS} characters` });
      try {
        parsed.push({ line: index + 1, item: itemFromJson(line) });
      } catch (error) {
        parsed.push({ line: index + 1, error: (error as Error).message });
      }
    });
    return parsed;
  }
  const splitter = new CsvSplitter();
  const onRecord = csvRecords((line) => parsed.push(line));
  splitter.push(text, onRecord);
  splitter.end(onRecord);
  return parsed;
}
