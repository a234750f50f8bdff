import type { Knex } from 'knex';
import type { Dialect } from '../../src/ports/store.js';
import type {
  ActivityFilters,
  ActivityQuery,
  EndUserRow,
  EndUserSortField,
  SessionActivityReader,
  SessionFilters,
  SessionRow,
  SessionSortField,
} from '../../src/ports/session-activity.js';

type Row = Record<string, unknown>;

/** The aggregate each session sort orders by (the same expression the select reports). */
const SESSION_SORT: Record<SessionSortField, string> = {
  lastSeenAt: 'MAX(created_at)',
  cost: 'SUM(cost)',
  traceCount: 'COUNT(*)',
  durationMs: 'MAX(created_at + latency_ms) - MIN(created_at)',
};

const USER_SORT: Record<EndUserSortField, string> = {
  lastSeenAt: 'MAX(created_at)',
  cost: 'SUM(cost)',
  traceCount: 'COUNT(*)',
  sessionCount: 'COUNT(DISTINCT session_id)',
  totalTokens: 'SUM(total_tokens)',
};

const ERRORS = "SUM(CASE WHEN status = 'error' THEN 1 ELSE 0 END)";

/**
 * Sessions and end users as GROUP BY over the project's trace rows (docs/sessions.md#how-it-is-computed),
 * answered from traces_project_session_activity_idx / traces_project_user_activity_idx (migration 039). Keys compare in
 * byte order on both databases (COLLATE "C" on PostgreSQL, SQLite's default BINARY), so a page and a
 * cursor mean the same rows on each.
 */
export class SqlSessionActivityReader implements SessionActivityReader {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
  ) {}

  async sessions({ projectId, filters, order, after, limit }: ActivityQuery<SessionFilters, SessionSortField>): Promise<SessionRow[]> {
    const key = this.key('session_id');
    const { where, bindings } = this.where(projectId, 'session_id', filters);
    const having: string[] = [];
    const havingBindings: unknown[] = [];
    if (filters.userId !== undefined) {
      having.push('SUM(CASE WHEN user_id = ? THEN 1 ELSE 0 END) > 0');
      havingBindings.push(filters.userId);
    }
    this.groupFilters(filters, having, havingBindings);
    const sortExpr = SESSION_SORT[order.field];
    this.keyset(sortExpr, key, order.direction, after, having, havingBindings);
    const sql =
      `SELECT session_id AS id, COUNT(*) AS n, MIN(created_at) AS first_ms, MAX(created_at) AS last_ms, MAX(created_at + latency_ms) AS end_ms, ` +
      `SUM(cost) AS cost, SUM(total_tokens) AS tokens, SUM(input_tokens) AS input_tokens, SUM(output_tokens) AS output_tokens, ${ERRORS} AS errors, COUNT(DISTINCT user_id) AS users ` +
      `FROM traces WHERE ${where} GROUP BY session_id${having.length ? ` HAVING ${having.join(' AND ')}` : ''} ` +
      `ORDER BY ${sortExpr} ${order.direction}, ${key} ${order.direction} LIMIT ?`;
    const rows = await this.rows(sql, [...bindings, ...havingBindings, limit]);
    return rows.map((row) => ({
      id: row.id as string,
      traceCount: Number(row.n),
      firstSeenMs: Number(row.first_ms),
      lastSeenMs: Number(row.last_ms),
      endMs: Number(row.end_ms),
      cost: Number(row.cost),
      totalTokens: Number(row.tokens),
      inputTokens: Number(row.input_tokens),
      outputTokens: Number(row.output_tokens),
      errorCount: Number(row.errors),
      userCount: Number(row.users),
    }));
  }

  async latestUsers(projectId: string, sessionIds: readonly string[], window: Pick<ActivityFilters, 'fromMs' | 'toMs'>): Promise<Map<string, string>> {
    if (sessionIds.length === 0) return new Map();
    const { where, bindings } = this.where(projectId, 'session_id', window);
    const sql =
      `SELECT id, user_id FROM (SELECT session_id AS id, user_id, ROW_NUMBER() OVER (PARTITION BY session_id ORDER BY created_at DESC, ${this.key('id')} DESC) AS rn ` +
      `FROM traces WHERE ${where} AND user_id IS NOT NULL AND session_id IN (${sessionIds.map(() => '?').join(', ')})) ranked WHERE rn = 1`;
    const rows = await this.rows(sql, [...bindings, ...sessionIds]);
    return new Map(rows.map((row) => [row.id as string, row.user_id as string]));
  }

  async endUsers({ projectId, filters, order, after, limit }: ActivityQuery<ActivityFilters, EndUserSortField>): Promise<EndUserRow[]> {
    const key = this.key('user_id');
    const { where, bindings } = this.where(projectId, 'user_id', filters);
    const having: string[] = [];
    const havingBindings: unknown[] = [];
    this.groupFilters(filters, having, havingBindings);
    const sortExpr = USER_SORT[order.field];
    this.keyset(sortExpr, key, order.direction, after, having, havingBindings);
    const sql =
      `SELECT user_id AS id, COUNT(*) AS n, COUNT(DISTINCT session_id) AS sessions, MIN(created_at) AS first_ms, MAX(created_at) AS last_ms, ` +
      `SUM(cost) AS cost, SUM(total_tokens) AS tokens, SUM(input_tokens) AS input_tokens, SUM(output_tokens) AS output_tokens, ${ERRORS} AS errors ` +
      `FROM traces WHERE ${where} GROUP BY user_id${having.length ? ` HAVING ${having.join(' AND ')}` : ''} ` +
      `ORDER BY ${sortExpr} ${order.direction}, ${key} ${order.direction} LIMIT ?`;
    const rows = await this.rows(sql, [...bindings, ...havingBindings, limit]);
    return rows.map((row) => ({
      id: row.id as string,
      traceCount: Number(row.n),
      sessionCount: Number(row.sessions),
      firstSeenMs: Number(row.first_ms),
      lastSeenMs: Number(row.last_ms),
      cost: Number(row.cost),
      totalTokens: Number(row.tokens),
      inputTokens: Number(row.input_tokens),
      outputTokens: Number(row.output_tokens),
      errorCount: Number(row.errors),
    }));
  }

  /** The trace rows that count: the project's, carrying the key, in the window, with the key or prefix asked for. */
  private where(projectId: string, column: 'session_id' | 'user_id', filters: ActivityFilters): { where: string; bindings: unknown[] } {
    const parts = ['project_id = ?', `${column} IS NOT NULL`];
    const bindings: unknown[] = [projectId];
    if (filters.id !== undefined) {
      parts.push(`${column} = ?`);
      bindings.push(filters.id);
    }
    if (filters.idPrefix !== undefined) {
      // substr counts characters on both databases; LIKE would be case-insensitive on SQLite.
      parts.push(`substr(${column}, 1, ?) = ?`);
      bindings.push([...filters.idPrefix].length, filters.idPrefix);
    }
    if (filters.fromMs !== undefined) {
      parts.push('created_at >= ?');
      bindings.push(filters.fromMs);
    }
    if (filters.toMs !== undefined) {
      parts.push('created_at < ?');
      bindings.push(filters.toMs);
    }
    return { where: parts.join(' AND '), bindings };
  }

  private groupFilters(filters: ActivityFilters, having: string[], bindings: unknown[]): void {
    if (filters.hasErrors !== undefined) having.push(filters.hasErrors ? `${ERRORS} > 0` : `${ERRORS} = 0`);
    if (filters.minCost !== undefined) {
      having.push('SUM(cost) >= ?');
      bindings.push(filters.minCost);
    }
  }

  /** The groups after the cursor's in the page order: a greater (or smaller) sort value, or the same with a later key. */
  private keyset(sortExpr: string, key: string, direction: 'asc' | 'desc', after: [number, string] | null, having: string[], bindings: unknown[]): void {
    if (after === null) return;
    const beyond = direction === 'asc' ? '>' : '<';
    having.push(`(${sortExpr} ${beyond} ? OR (${sortExpr} = ? AND ${key} ${beyond} ?))`);
    bindings.push(after[0], after[0], after[1]);
  }

  private key(column: string): string {
    return this.dialect === 'postgres' ? `${column} COLLATE "C"` : column;
  }

  private async rows(sql: string, bindings: unknown[]): Promise<Row[]> {
    const result = await this.db.raw(sql, bindings as Knex.RawBinding[]);
    return this.dialect === 'postgres' ? (result as { rows: Row[] }).rows : (result as Row[]);
  }
}
