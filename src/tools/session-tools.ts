import type { components } from '../../generated/openapi.js';
import type { Config } from '../config.js';
import { READS } from './tool-annotation-presets.js';
import { field, listField, object, pathParameter, queryParameter } from './contract-fields.js';
import { ABSOLUTE_URL, clampedLimit } from './tool-field-exceptions.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';
import { optionalInteger, optionalString, requiredString } from './tool-input-readers.js';

type Schemas = components['schemas'];

const sessionOutput = object({
  session_id: field('SessionSummary', 'id'),
  trace_count: field('SessionSummary', 'traceCount'),
  first_seen_at: field('SessionSummary', 'firstSeenAt'),
  last_seen_at: field('SessionSummary', 'lastSeenAt'),
  duration_ms: field('SessionSummary', 'durationMs'),
  cost: field('SessionSummary', 'cost'),
  input_tokens: field('SessionSummary', 'inputTokens'),
  output_tokens: field('SessionSummary', 'outputTokens'),
  total_tokens: field('SessionSummary', 'totalTokens'),
  error_count: field('SessionSummary', 'errorCount'),
  user_id: field('SessionSummary', 'userId'),
  user_count: field('SessionSummary', 'userCount'),
});

const sessionView = (s: Schemas['SessionSummary']) => ({
  session_id: s.id,
  trace_count: s.traceCount,
  first_seen_at: s.firstSeenAt,
  last_seen_at: s.lastSeenAt,
  duration_ms: s.durationMs,
  cost: s.cost,
  input_tokens: s.inputTokens,
  output_tokens: s.outputTokens,
  total_tokens: s.totalTokens,
  error_count: s.errorCount,
  user_id: s.userId,
  user_count: s.userCount,
});

const userOutput = object({
  user_id: field('EndUserSummary', 'id'),
  trace_count: field('EndUserSummary', 'traceCount'),
  session_count: field('EndUserSummary', 'sessionCount'),
  first_seen_at: field('EndUserSummary', 'firstSeenAt'),
  last_seen_at: field('EndUserSummary', 'lastSeenAt'),
  cost: field('EndUserSummary', 'cost'),
  input_tokens: field('EndUserSummary', 'inputTokens'),
  output_tokens: field('EndUserSummary', 'outputTokens'),
  total_tokens: field('EndUserSummary', 'totalTokens'),
  error_count: field('EndUserSummary', 'errorCount'),
});

const userView = (u: Schemas['EndUserSummary']) => ({
  user_id: u.id,
  trace_count: u.traceCount,
  session_count: u.sessionCount,
  first_seen_at: u.firstSeenAt,
  last_seen_at: u.lastSeenAt,
  cost: u.cost,
  input_tokens: u.inputTokens,
  output_tokens: u.outputTokens,
  total_tokens: u.totalTokens,
  error_count: u.errorCount,
});

const SESSION_SORTS = ['lastSeenAt:desc', 'lastSeenAt:asc', 'cost:desc', 'cost:asc', 'traceCount:desc', 'traceCount:asc', 'durationMs:desc', 'durationMs:asc'] as const;
const USER_SORTS = ['lastSeenAt:desc', 'lastSeenAt:asc', 'cost:desc', 'cost:asc', 'traceCount:desc', 'traceCount:asc', 'sessionCount:desc', 'sessionCount:asc', 'totalTokens:desc', 'totalTokens:asc'] as const;

/** The sort asked for; the input schema (the contract's enum) has already refused any other. */
const sortOf = <T extends string>(input: Record<string, unknown>, allowed: readonly T[]): T | undefined =>
  typeof input.sort === 'string' && (allowed as readonly string[]).includes(input.sort) ? (input.sort as T) : undefined;
const numberOrUndefined = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const booleanOrUndefined = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);

/**
 * `list_sessions`, `get_session`, `list_users`, `get_user` (docs/sessions.md): an agent finds the
 * costly or failing conversations and the end users behind them, then reads a conversation's traces
 * in order. Users here are the traced application's end users, not Tracewell accounts.
 */
export function sessionToolMappings(config: Config): AnyToolMapping[] {
  const absolute = (path: string): string => `${config.publicBaseUrl}${path}`;
  return [
    mapTool({
      name: 'list_sessions',
      operationId: 'listSessions',
      annotations: READS,
      description:
        'List the sessions (conversations: traces sharing a session id) of the project with trace count, first/last seen, duration, cost, tokens, errors and end user. Sort by lastSeenAt, cost, traceCount or durationMs (":desc" or ":asc"); filter by time range, user_id, has_errors, min_cost or id_prefix. Pass next_cursor back as cursor for the next page.',
      input: object({
        sort: queryParameter('listSessions', 'sort'),
        from: queryParameter('listSessions', 'from'),
        to: queryParameter('listSessions', 'to'),
        user_id: queryParameter('listSessions', 'userId'),
        has_errors: queryParameter('listSessions', 'hasErrors'),
        min_cost: queryParameter('listSessions', 'minCost'),
        id_prefix: queryParameter('listSessions', 'idPrefix'),
        limit: queryParameter('listSessions', 'limit', clampedLimit(100, 20)),
        cursor: queryParameter('listSessions', 'cursor'),
      }),
      output: object({
        sessions: listField('SessionList', 'sessions', sessionOutput),
        next_cursor: field('Page', 'nextCursor'),
      }),
      toOperation: (input) => ({
        path: {},
        headers: {},
        body: undefined,
        query: {
          sort: sortOf(input, SESSION_SORTS),
          from: optionalString(input, 'from', 64),
          to: optionalString(input, 'to', 64),
          userId: optionalString(input, 'user_id', 255),
          hasErrors: booleanOrUndefined(input.has_errors),
          minCost: numberOrUndefined(input.min_cost),
          idPrefix: optionalString(input, 'id_prefix', 255),
          limit: optionalInteger(input, 'limit', 20, 1, 100),
          cursor: optionalString(input, 'cursor', 1024),
        },
      }),
      toResult: (data) => ({ sessions: data.sessions.map(sessionView), next_cursor: data.page.nextCursor }),
    }),
    mapTool({
      name: 'get_session',
      operationId: 'getSession',
      annotations: READS,
      description:
        "Read one session: its totals and its traces oldest first (a page of at most 50; pass next_cursor back as cursor), each with status, cost, tokens, latency, end user, first error and the trace's URL. Read a trace's messages and tool calls with get_trace_context.",
      input: object({
        session_id: pathParameter('getSession', 'sessionId'),
        limit: queryParameter('getSession', 'limit', clampedLimit(50, 20)),
        cursor: queryParameter('getSession', 'cursor'),
      }),
      output: object({
        session: sessionOutput,
        traces: listField(
          'SessionDetail',
          'traces',
          object({
            trace_id: field('TraceSummary', 'id'),
            name: field('TraceSummary', 'name'),
            status: field('TraceSummary', 'status'),
            created_at: field('TraceSummary', 'createdAt'),
            latency_ms: field('TraceSummary', 'latencyMs'),
            cost: field('TraceSummary', 'cost'),
            total_tokens: field('TraceSummary', 'totalTokens'),
            user_id: field('TraceSummary', 'userId'),
            error_message: field('TraceSummary', 'errorMessage'),
            trace_url: field('TraceSummary', 'url', ABSOLUTE_URL),
          }),
        ),
        next_cursor: field('Page', 'nextCursor'),
      }),
      toOperation: (input) => ({
        path: { sessionId: requiredString(input, 'session_id', 255) },
        headers: {},
        body: undefined,
        query: { limit: optionalInteger(input, 'limit', 20, 1, 50), cursor: optionalString(input, 'cursor', 1024) },
      }),
      toResult: (data) => ({
        session: sessionView(data.session),
        traces: data.traces.map((t) => ({
          trace_id: t.id,
          name: t.name,
          status: t.status,
          created_at: t.createdAt,
          latency_ms: t.latencyMs,
          cost: t.cost,
          total_tokens: t.totalTokens,
          user_id: t.userId ?? null,
          error_message: t.errorMessage,
          trace_url: absolute(t.url),
        })),
        next_cursor: data.page.nextCursor,
      }),
    }),
    mapTool({
      name: 'list_users',
      operationId: 'listEndUsers',
      annotations: READS,
      description:
        "List the end users of the traced application (the user id on traces, not Tracewell accounts) with trace count, session count, first/last seen, cost, tokens and errors. Sort by lastSeenAt, cost, traceCount, sessionCount or totalTokens (\":desc\" or \":asc\"); filter by time range, has_errors, min_cost or id_prefix. Pass next_cursor back as cursor for the next page.",
      input: object({
        sort: queryParameter('listEndUsers', 'sort'),
        from: queryParameter('listEndUsers', 'from'),
        to: queryParameter('listEndUsers', 'to'),
        has_errors: queryParameter('listEndUsers', 'hasErrors'),
        min_cost: queryParameter('listEndUsers', 'minCost'),
        id_prefix: queryParameter('listEndUsers', 'idPrefix'),
        limit: queryParameter('listEndUsers', 'limit', clampedLimit(100, 20)),
        cursor: queryParameter('listEndUsers', 'cursor'),
      }),
      output: object({
        users: listField('EndUserList', 'users', userOutput),
        next_cursor: field('Page', 'nextCursor'),
      }),
      toOperation: (input) => ({
        path: {},
        headers: {},
        body: undefined,
        query: {
          sort: sortOf(input, USER_SORTS),
          from: optionalString(input, 'from', 64),
          to: optionalString(input, 'to', 64),
          hasErrors: booleanOrUndefined(input.has_errors),
          minCost: numberOrUndefined(input.min_cost),
          idPrefix: optionalString(input, 'id_prefix', 255),
          limit: optionalInteger(input, 'limit', 20, 1, 100),
          cursor: optionalString(input, 'cursor', 1024),
        },
      }),
      toResult: (data) => ({ users: data.users.map(userView), next_cursor: data.page.nextCursor }),
    }),
    mapTool({
      name: 'get_user',
      operationId: 'getEndUser',
      annotations: READS,
      description: 'Read one end user of the traced application: their usage totals and the sessions they took part in, most recently seen first (pass next_cursor back as cursor for more).',
      input: object({
        user_id: pathParameter('getEndUser', 'userId'),
        limit: queryParameter('getEndUser', 'limit', clampedLimit(100, 20)),
        cursor: queryParameter('getEndUser', 'cursor'),
      }),
      output: object({
        user: userOutput,
        sessions: listField('EndUserDetail', 'sessions', sessionOutput),
        next_cursor: field('Page', 'nextCursor'),
      }),
      toOperation: (input) => ({
        path: { userId: requiredString(input, 'user_id', 255) },
        headers: {},
        body: undefined,
        query: { limit: optionalInteger(input, 'limit', 20, 1, 100), cursor: optionalString(input, 'cursor', 1024) },
      }),
      toResult: (data) => ({ user: userView(data.user), sessions: data.sessions.map(sessionView), next_cursor: data.page.nextCursor }),
    }),
  ];
}
