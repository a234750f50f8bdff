import { createReadStream } from 'node:fs';
import { CsvSplitter, csvRecords, itemFromJson, MAX_RECORD_CHARS, type FileFormat, type ParsedLine } from './dataset-lines.js';

export type { FileFormat } from './dataset-lines.js';

export function formatOf(file: string, flag: string | undefined): FileFormat {
  const chosen = flag ?? (file.toLowerCase().endsWith('.csv') ? 'csv' : 'jsonl');
  if (chosen !== 'jsonl' && chosen !== 'csv') throw new Error(`--format must be jsonl or csv; got ${chosen}`);
  return chosen;
}

/** Streams an import file and yields one parsed line at a time, so a large file is never held whole. */
export async function* readItems(file: string, format: FileFormat): AsyncGenerator<ParsedLine> {
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 64 * 1024 });
  const ready: ParsedLine[] = [];
  if (format === 'jsonl') {
    let rest = '';
    let line = 0;
    const take = (text: string): void => {
      line += 1;
      if (text.trim() === '') return;
      try {
        ready.push({ line, item: itemFromJson(text) });
      } catch (error) {
        ready.push({ line, error: (error as Error).message });
      }
    };
    // An oversize line is reported once and skipped up to its newline, never held.
    let skipping = false;
    for await (const chunk of stream as AsyncIterable<string>) {
      let text = chunk;
      if (skipping) {
        const at = text.indexOf('\n');
        if (at < 0) continue;
        skipping = false;
        text = text.slice(at + 1);
      }
      rest += text;
      let newline: number;
      while ((newline = rest.indexOf('\n')) >= 0) {
        take(rest.slice(0, newline).replace(/\r$/, ''));
        rest = rest.slice(newline + 1);
      }
      if (rest.length > MAX_RECORD_CHARS) {
        line += 1;
        ready.push({ line, error: `longer than ${MAX_RECORD_CHARS} characters` });
        rest = '';
        skipping = true;
      }
      yield* ready.splice(0);
    }
    if (rest !== '') take(rest);
    yield* ready.splice(0);
    return;
  }
  const splitter = new CsvSplitter();
  const onRecord = csvRecords((parsed) => ready.push(parsed));
  for await (const chunk of stream as AsyncIterable<string>) {
    splitter.push(chunk, onRecord);
    yield* ready.splice(0);
  }
  splitter.end(onRecord);
  yield* ready.splice(0);
}

/** A CSV cell: quoted when it holds a comma, quote or line break. */
const csvCell = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export const CSV_HEADER = 'id,input,expectedOutput,metadata,sourceTraceId,sourceSpanId,status,version\n';

export interface ExportedItem {
  id: string;
  input: unknown;
  expectedOutput: unknown;
  metadata: Record<string, unknown>;
  sourceTraceId: string | null;
  sourceSpanId: string | null;
  status: string;
  version: number;
}

/** One item as an export line. JSON values are written as JSON in CSV too, so importing the file gives the same values back. */
export function exportLine(item: ExportedItem, format: FileFormat): string {
  if (format === 'jsonl') return `${JSON.stringify(item)}\n`;
  return `${[item.id, JSON.stringify(item.input), JSON.stringify(item.expectedOutput), JSON.stringify(item.metadata), item.sourceTraceId ?? '', item.sourceSpanId ?? '', item.status, String(item.version)].map(csvCell).join(',')}\n`;
}
