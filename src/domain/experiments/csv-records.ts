/** One CSV record and the line it starts on (1-based), for per-line errors. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * RFC 4180 records of `text`: fields separated by commas, records by CRLF or LF, a field in double
 * quotes may hold commas, newlines and doubled quotes (`""`). A quote left open is an error on the
 * line it opened. Linear in the text: no backtracking.
 */
export function* csvRecords(text: string): Generator<CsvRecord> {
  let line = 1;
  let start = 1;
  let field = '';
  let fields: string[] = [];
  let quoted = false;
  let quoteLine = 0;
  let i = 0;
  const finishRecord = (): CsvRecord => {
    fields.push(field);
    const record = { line: start, fields };
    fields = [];
    field = '';
    return record;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (c === '\n') line += 1;
        field += c;
      }
      i += 1;
      continue;
    }
    if (c === '"' && field.length === 0) {
      quoted = true;
      quoteLine = line;
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      const record = finishRecord();
      // A blank line is no record.
      if (!(record.fields.length === 1 && record.fields[0] === '')) yield record;
      line += 1;
      start = line;
    } else {
      field += c;
    }
    i += 1;
  }
  if (quoted) throw new CsvQuoteError(quoteLine);
  if (field.length > 0 || fields.length > 0) yield finishRecord();
}

export class CsvQuoteError extends Error {
  constructor(readonly line: number) {
    super(`a quoted field opened on line ${line} is never closed`);
  }
}

/** One CSV line (CRLF-free, LF-terminated): fields quoted when they hold a comma, quote or line break. */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map((f) => (/[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(',')}\n`;
}
