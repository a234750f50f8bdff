import type { Io } from './io.js';
import type { Collected } from './list-engine.js';

export interface Column<T> {
  header: string;
  value: (item: T) => string | number | boolean | null | undefined;
}

const MAX_CELL = 60;

function cell(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined || value === '' ? '-' : String(value).replace(/\s+/g, ' ');
  return text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text;
}

/** Left-aligned columns separated by two spaces; one line per item. */
export function renderTable<T>(items: T[], columns: Column<T>[]): string {
  const rows = [columns.map((c) => c.header), ...items.map((item) => columns.map((c) => cell(c.value(item))))];
  const widths = columns.map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return rows.map((row) => row.map((text, i) => (i === row.length - 1 ? text : text.padEnd(widths[i]))).join('  ')).join('\n') + '\n';
}

export const printJson = (io: Io, value: unknown): void => io.out(`${JSON.stringify(value, null, 2)}\n`);

/**
 * A list result. JSON: exactly `{items, nextCursor}`. Table: the rows, then — when the run stopped
 * before the end — the --cursor to resume with.
 */
export function printCollected<T>(io: Io, json: boolean, collected: Collected<T>, columns: Column<T>[], noun: string): void {
  if (json) return printJson(io, { items: collected.items, nextCursor: collected.nextCursor });
  if (collected.items.length === 0) io.out(`No ${noun}.\n`);
  else io.out(renderTable(collected.items, columns));
  if (collected.nextCursor) io.out(`More ${noun}: resume with --cursor ${collected.nextCursor}\n`);
}

export const formatMs = (ms: number | null | undefined): string => (ms === null || ms === undefined ? '-' : `${Math.round(ms)} ms`);
export const formatCost = (dollars: number | null | undefined): string =>
  dollars === null || dollars === undefined ? '-' : `$${dollars.toFixed(dollars !== 0 && dollars < 0.01 ? 6 : 4)}`;

/** One resource: exactly the API's data with --json, else one `field: value` line per top-level field. */
export function printResource(io: Io, json: boolean, data: object): void {
  if (json) return printJson(io, data);
  const entries = Object.entries(data);
  const width = Math.max(...entries.map(([key]) => key.length));
  for (const [key, value] of entries) {
    const text = value !== null && typeof value === 'object' ? JSON.stringify(value) : value === null ? '-' : String(value);
    io.out(`${`${key}:`.padEnd(width + 2)}${text}\n`);
  }
}
