import type { Command } from 'commander';
import type { SuccessData } from '../../http/operation-types.js';
import { CommandContext } from '../context.js';
import type { Io } from '../io.js';
import { addListCommand, type ListFilter } from '../list-command.js';
import { formatCost, formatMs, printJson, printResource, renderTable, type Column } from '../output.js';

type SessionList = SuccessData<'listSessions'>;
type Session = SessionList['sessions'][number];
type SessionDetail = SuccessData<'getSession'>;

const PATH = '/api/v1/public/sessions';

/** The session columns the session list and a user's page share. */
export const SESSION_COLUMNS: Column<Session>[] = [
  { header: 'SESSION', value: (s) => s.id },
  { header: 'TRACES', value: (s) => s.traceCount },
  { header: 'LAST SEEN', value: (s) => s.lastSeenAt },
  { header: 'DURATION', value: (s) => formatMs(s.durationMs) },
  { header: 'COST', value: (s) => formatCost(s.cost) },
  { header: 'INPUT', value: (s) => s.inputTokens },
  { header: 'OUTPUT', value: (s) => s.outputTokens },
  { header: 'TOKENS', value: (s) => s.totalTokens },
  { header: 'ERRORS', value: (s) => s.errorCount },
  { header: 'USER', value: (s) => s.userId },
];

/** Filters the session and user lists share. */
export const ACTIVITY_FILTERS: ListFilter[] = [
  { flags: '--from <date-time>', description: 'count traces created at or after (ISO 8601)', param: 'from' },
  { flags: '--to <date-time>', description: 'count traces created before (ISO 8601)', param: 'to' },
  { flags: '--has-errors <bool>', description: 'true: with a failed trace; false: without', param: 'hasErrors', choices: ['true', 'false'] },
  { flags: '--min-cost <dollars>', description: 'minimum total cost', param: 'minCost' },
  { flags: '--id-prefix <prefix>', description: 'ids starting with this', param: 'idPrefix' },
];

/** `tracewell sessions list|get` (docs/sessions.md): conversations across traces, by session id. */
export function registerSessionsCommands(program: Command, io: Io): void {
  const sessions = program.command('sessions').description('sessions (conversations) of the traced application: traces sharing a session id');

  addListCommand<SessionList, Session>(sessions, io, {
    description: 'list sessions with their totals, most recently seen first',
    noun: 'sessions',
    path: PATH,
    maxPageSize: 100,
    items: (data) => data.sessions,
    columns: SESSION_COLUMNS,
    filters: [
      ...ACTIVITY_FILTERS,
      { flags: '--user <userId>', description: 'sessions with a trace of this end user', param: 'userId' },
      {
        flags: '--sort <order>',
        description: 'field:direction',
        param: 'sort',
        choices: ['lastSeenAt', 'cost', 'traceCount', 'durationMs'].flatMap((f) => [`${f}:desc`, `${f}:asc`]),
      },
    ],
  });

  sessions
    .command('get <sessionId>')
    .description("a session's totals and its traces, oldest first")
    .option('--limit <n>', 'traces per page (1 to 50)')
    .option('--cursor <cursor>', 'resume from a printed continuation cursor')
    .action(async (sessionId: string, options: { limit?: string; cursor?: string }, self: Command) => {
      const context = CommandContext.of(io, self);
      const data = await context.client().get<SessionDetail>(`${PATH}/${encodeURIComponent(sessionId)}`, { limit: options.limit, cursor: options.cursor });
      if (context.settings.json) return printJson(io, data);
      printResource(io, false, data.session);
      io.out('\n');
      io.out(
        renderTable(data.traces, [
          { header: 'CREATED', value: (t) => t.createdAt },
          { header: 'TRACE', value: (t) => t.id },
          { header: 'NAME', value: (t) => t.name },
          { header: 'STATUS', value: (t) => t.status },
          { header: 'LATENCY', value: (t) => formatMs(t.latencyMs) },
          { header: 'COST', value: (t) => formatCost(t.cost) },
          { header: 'TOKENS', value: (t) => t.totalTokens },
          { header: 'USER', value: (t) => t.userId },
        ]),
      );
      if (data.page.nextCursor) io.out(`More traces: resume with --cursor ${data.page.nextCursor}\n`);
    });
}
