import type { Knex } from 'knex';

/**
 * The reference every session and user figure is checked against: the project's raw trace rows
 * read back as they are stored, grouped and summed here in JavaScript — not by the SQL under test.
 */
export interface RawTrace {
  id: string;
  sessionId: string | null;
  userId: string | null;
  createdAt: number;
  latencyMs: number;
  cost: number;
  totalTokens: number;
  /** Summed here from the trace's span rows' metadata, not read from the trace row. */
  inputTokens: number;
  outputTokens: number;
  status: string;
}

export interface ReferenceSession {
  id: string;
  traceCount: number;
  firstSeenAt: string;
  lastSeenAt: string;
  durationMs: number;
  cost: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  errorCount: number;
  userId: string | null;
  userCount: number;
  url: string;
}

export interface ReferenceUser {
  id: string;
  traceCount: number;
  sessionCount: number;
  firstSeenAt: string;
  lastSeenAt: string;
  cost: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  errorCount: number;
  url: string;
}

export async function rawTraces(knex: Knex, projectId: string): Promise<RawTrace[]> {
  const rows = await knex('traces').where({ project_id: projectId }).select('id', 'session_id', 'user_id', 'created_at', 'latency_ms', 'cost', 'total_tokens', 'status');
  // Input and output tokens from the spans themselves: each span's metadata parsed and its numeric
  // input_tokens / output_tokens added per trace here, independently of the trace row's columns.
  const spanTokens = new Map<string, { input: number; output: number }>();
  for (const span of await knex('spans').where({ project_id: projectId }).select('trace_id', 'metadata')) {
    const metadata = JSON.parse(span.metadata as string) as Record<string, unknown>;
    const sums = spanTokens.get(span.trace_id as string) ?? { input: 0, output: 0 };
    if (typeof metadata.input_tokens === 'number') sums.input += metadata.input_tokens;
    if (typeof metadata.output_tokens === 'number') sums.output += metadata.output_tokens;
    spanTokens.set(span.trace_id as string, sums);
  }
  return rows.map((r: Record<string, unknown>) => ({
    id: r.id as string,
    sessionId: (r.session_id as string | null) ?? null,
    userId: (r.user_id as string | null) ?? null,
    createdAt: Number(r.created_at),
    latencyMs: Number(r.latency_ms),
    cost: Number(r.cost),
    totalTokens: Number(r.total_tokens),
    inputTokens: spanTokens.get(r.id as string)?.input ?? 0,
    outputTokens: spanTokens.get(r.id as string)?.output ?? 0,
    status: r.status as string,
  }));
}

/** Byte order of the UTF-8 encodings (what COLLATE "C" and SQLite's BINARY compare). */
export const byteOrder = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

const iso = (ms: number) => new Date(ms).toISOString();

function groups(traces: RawTrace[], key: (t: RawTrace) => string | null): Map<string, RawTrace[]> {
  const out = new Map<string, RawTrace[]>();
  for (const t of traces) {
    const k = key(t);
    if (k === null) continue;
    out.set(k, [...(out.get(k) ?? []), t]);
  }
  return out;
}

export function referenceSessions(traces: RawTrace[]): ReferenceSession[] {
  return [...groups(traces, (t) => t.sessionId)].map(([id, members]) => {
    const first = Math.min(...members.map((t) => t.createdAt));
    const named = members.filter((t) => t.userId !== null).sort((a, b) => b.createdAt - a.createdAt || byteOrder(b.id, a.id));
    return {
      id,
      traceCount: members.length,
      firstSeenAt: iso(first),
      lastSeenAt: iso(Math.max(...members.map((t) => t.createdAt))),
      durationMs: Math.max(...members.map((t) => t.createdAt + t.latencyMs)) - first,
      cost: members.reduce((sum, t) => sum + t.cost, 0),
      inputTokens: members.reduce((sum, t) => sum + t.inputTokens, 0),
      outputTokens: members.reduce((sum, t) => sum + t.outputTokens, 0),
      totalTokens: members.reduce((sum, t) => sum + t.totalTokens, 0),
      errorCount: members.filter((t) => t.status === 'error').length,
      userId: named[0]?.userId ?? null,
      userCount: new Set(named.map((t) => t.userId)).size,
      url: `/sessions/${encodeURIComponent(id)}`,
    };
  });
}

export function referenceUsers(traces: RawTrace[]): ReferenceUser[] {
  return [...groups(traces, (t) => t.userId)].map(([id, members]) => ({
    id,
    traceCount: members.length,
    sessionCount: new Set(members.filter((t) => t.sessionId !== null).map((t) => t.sessionId)).size,
    firstSeenAt: iso(Math.min(...members.map((t) => t.createdAt))),
    lastSeenAt: iso(Math.max(...members.map((t) => t.createdAt))),
    cost: members.reduce((sum, t) => sum + t.cost, 0),
    inputTokens: members.reduce((sum, t) => sum + t.inputTokens, 0),
    outputTokens: members.reduce((sum, t) => sum + t.outputTokens, 0),
    totalTokens: members.reduce((sum, t) => sum + t.totalTokens, 0),
    errorCount: members.filter((t) => t.status === 'error').length,
    url: `/users/${encodeURIComponent(id)}`,
  }));
}

/** Rows in a list's order: by the sort value, the id breaking ties, both in `direction`. */
export function ordered<T extends { id: string }>(rows: T[], value: (row: T) => number, direction: 'asc' | 'desc'): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * (value(a) - value(b) || byteOrder(a.id, b.id)));
}
