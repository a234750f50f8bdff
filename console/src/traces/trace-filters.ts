import type { QueryOf, Schemas } from '../api/operation-types';

/** The trace list's filters, kept in the address so a filtered list can be linked and reloaded. */
export interface TraceFilters {
  q: string;
  status: '' | 'success' | 'error';
  framework: string;
  agentName: string;
  sessionId: string;
  userId: string;
  from: string;
  to: string;
  minLatencyMs: string;
  maxLatencyMs: string;
  minCost: string;
  maxCost: string;
  savedFilterId: string;
  /** Exact values of a trace's tag, environment, release and prompt: what a dashboard's drill-down sets. */
  tag: string;
  environment: string;
  release: string;
  promptName: string;
  promptVersion: string;
  /** A value some span of the trace has (model, provider, span type): what a drill-down from a span dimension sets. */
  model: string;
  provider: string;
  spanType: string;
  /** The list's order (`field:direction`, the contract's enum); empty = newest first. Not a filter rule. */
  sort: string;
}

export const FILTER_KEYS = ['q', 'status', 'framework', 'agentName', 'sessionId', 'userId', 'from', 'to', 'minLatencyMs', 'maxLatencyMs', 'minCost', 'maxCost', 'savedFilterId', 'tag', 'environment', 'release', 'promptName', 'promptVersion', 'model', 'provider', 'spanType', 'sort'] as const;

export type TraceSort = NonNullable<QueryOf<'listTraces'>['sort']>;
const SORTS: readonly TraceSort[] = ['createdAt:desc', 'createdAt:asc', 'latencyMs:desc', 'latencyMs:asc', 'cost:desc', 'cost:asc', 'totalTokens:desc', 'totalTokens:asc'];
const sortOf = (value: string): TraceSort | undefined => SORTS.find((s) => s === value);

export function filtersFromParams(params: URLSearchParams): TraceFilters {
  const read = (key: string) => params.get(key) ?? '';
  const status = read('status');
  return {
    q: read('q'),
    status: status === 'success' || status === 'error' ? status : '',
    framework: read('framework'),
    agentName: read('agentName'),
    sessionId: read('sessionId'),
    userId: read('userId'),
    from: read('from'),
    to: read('to'),
    minLatencyMs: read('minLatencyMs'),
    maxLatencyMs: read('maxLatencyMs'),
    minCost: read('minCost'),
    maxCost: read('maxCost'),
    savedFilterId: read('savedFilterId'),
    tag: read('tag'),
    environment: read('environment'),
    release: read('release'),
    promptName: read('promptName'),
    promptVersion: read('promptVersion'),
    model: read('model'),
    provider: read('provider'),
    spanType: read('spanType'),
    sort: sortOf(read('sort')) ?? '',
  };
}

export function filtersToParams(filters: TraceFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) params.set(key, filters[key]);
  return params;
}

const num = (value: string): number | undefined => (value === '' || Number.isNaN(Number(value)) ? undefined : Number(value));
/** datetime-local values are local time without a zone; the API wants an instant. */
const instant = (value: string): string | undefined => (value ? new Date(value).toISOString() : undefined);

export function listQuery(filters: TraceFilters): QueryOf<'listTraces'> {
  return {
    status: filters.status || undefined,
    framework: filters.framework || undefined,
    agentName: filters.agentName || undefined,
    sessionId: filters.sessionId || undefined,
    userId: filters.userId || undefined,
    from: instant(filters.from),
    to: instant(filters.to),
    minLatencyMs: num(filters.minLatencyMs),
    maxLatencyMs: num(filters.maxLatencyMs),
    minCost: num(filters.minCost),
    maxCost: num(filters.maxCost),
    savedFilterId: filters.savedFilterId || undefined,
    tag: filters.tag || undefined,
    environment: filters.environment || undefined,
    release: filters.release || undefined,
    promptName: filters.promptName || undefined,
    promptVersion: filters.promptName ? num(filters.promptVersion) : undefined,
    model: filters.model || undefined,
    provider: filters.provider || undefined,
    spanType: filters.spanType || undefined,
    sort: sortOf(filters.sort),
  };
}

/** The search's own filters: everything but agent, saved filter, tag, environment, release, model, provider and span type (its parameters have no such field). */
export function searchQuery(filters: TraceFilters): Omit<QueryOf<'searchTraces'>, 'q'> {
  const range = filters.from || filters.to ? `${instant(filters.from) ?? '1970-01-01T00:00:00.000Z'}/${instant(filters.to) ?? new Date(Date.now() + 86_400_000).toISOString()}` : undefined;
  return {
    status: filters.status || undefined,
    framework: filters.framework || undefined,
    sessionId: filters.sessionId || undefined,
    userId: filters.userId || undefined,
    minLatencyMs: num(filters.minLatencyMs),
    maxLatencyMs: num(filters.maxLatencyMs),
    minCost: num(filters.minCost),
    maxCost: num(filters.maxCost),
    promptName: filters.promptName || undefined,
    promptVersion: filters.promptName ? num(filters.promptVersion) : undefined,
    dateRange: range,
  };
}

/** Saved-filter rules have no session, user, model, provider or span type field, so filters with one cannot be saved as they are. */
export const savableFilters = (filters: TraceFilters): boolean => unsavable(filters).length === 0 && filtersToRules(filters).length > 0;

/** The filters set that no saved-filter rule can express, as a person reads them (lower case). */
export function unsavable(filters: TraceFilters): string[] {
  const names: [keyof TraceFilters, string][] = [['sessionId', 'session'], ['userId', 'user'], ['model', 'model'], ['provider', 'provider'], ['spanType', 'span type']];
  return names.filter(([key]) => filters[key]).map(([, name]) => name);
}

/** The current filters as saved-filter rules (top-level rules are joined with And). */
export function filtersToRules(filters: TraceFilters): Schemas['FilterRule'][] {
  const rules: Schemas['FilterRule'][] = [];
  const add = (field: string, operator: Schemas['FilterOperator'], value: string | number) => rules.push({ id: `r${rules.length + 1}`, field, operator, value });
  if (filters.status) add('status', 'is', filters.status);
  if (filters.framework) add('framework', 'is', filters.framework);
  if (filters.agentName) add('agentName', 'is', filters.agentName);
  // The list matches these exactly (a tag is case-sensitive), so the saved rules do too.
  if (filters.tag) add('tag', 'is_exactly', filters.tag);
  if (filters.environment) add('environment', 'is_exactly', filters.environment);
  if (filters.release) add('release', 'is_exactly', filters.release);
  if (filters.promptName) add('promptName', 'is_exactly', filters.promptName);
  if (filters.promptName && num(filters.promptVersion) !== undefined) add('promptVersion', 'is', num(filters.promptVersion)!);
  if (filters.from) add('createdAt', 'greater_than', instant(filters.from)!);
  if (filters.to) add('createdAt', 'less_than', instant(filters.to)!);
  if (num(filters.minLatencyMs) !== undefined) add('latencyMs', 'greater_than', num(filters.minLatencyMs)!);
  if (num(filters.maxLatencyMs) !== undefined) add('latencyMs', 'less_than', num(filters.maxLatencyMs)!);
  if (num(filters.minCost) !== undefined) add('cost', 'greater_than', num(filters.minCost)!);
  if (num(filters.maxCost) !== undefined) add('cost', 'less_than', num(filters.maxCost)!);
  return rules;
}

/** "Session and user filters cannot be saved …": the unsavable filters as one sentence, or null. */
export function unsavableNote(filters: TraceFilters): string | null {
  const names = unsavable(filters);
  if (names.length === 0) return null;
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${listed[0].toUpperCase()}${listed.slice(1)} filters cannot be saved (saved filters have no such field).`;
}
