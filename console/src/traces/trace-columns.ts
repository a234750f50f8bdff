/**
 * The trace table's columns a person may hide or show, remembered in this browser (localStorage:
 * a preference, not a secret) so the list looks the same on the next visit.
 */
export const TRACE_COLUMNS = [
  { id: 'status', label: 'Status' },
  { id: 'time', label: 'Time' },
  { id: 'preview', label: 'Input / output' },
  { id: 'latency', label: 'Latency' },
  { id: 'cost', label: 'Cost' },
  { id: 'tokens', label: 'Tokens' },
  { id: 'spans', label: 'Spans' },
  { id: 'framework', label: 'Framework' },
  { id: 'agent', label: 'Agent' },
] as const;

export type TraceColumn = (typeof TRACE_COLUMNS)[number]['id'];

const KEY = 'tracewell.traceColumns';
const DEFAULT_HIDDEN: readonly TraceColumn[] = ['preview'];
const known = new Set<string>(TRACE_COLUMNS.map((c) => c.id));

/** The hidden columns saved in this browser (the default when none are, or what is saved is not ours). */
export function loadHiddenColumns(): Set<TraceColumn> {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as unknown;
    if (Array.isArray(saved)) return new Set(saved.filter((c): c is TraceColumn => typeof c === 'string' && known.has(c)));
  } catch {
    // Unreadable: the default.
  }
  return new Set(DEFAULT_HIDDEN);
}

export function saveHiddenColumns(hidden: ReadonlySet<TraceColumn>): void {
  localStorage.setItem(KEY, JSON.stringify([...hidden]));
}
