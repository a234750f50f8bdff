import type { Command } from 'commander';
import type { SuccessData } from '../../http/operation-types.js';
import { CommandContext } from '../context.js';
import type { Io } from '../io.js';
import { addListCommand } from '../list-command.js';
import { formatCost, printJson, printResource, renderTable } from '../output.js';
import { ACTIVITY_FILTERS, SESSION_COLUMNS } from './sessions.js';

type UserList = SuccessData<'listEndUsers'>;
type User = UserList['users'][number];
type UserDetail = SuccessData<'getEndUser'>;

const PATH = '/api/v1/public/users';

/** `tracewell users list|get` (docs/sessions.md): the traced application's end users, not Tracewell accounts (those are `members`). */
export function registerUsersCommands(program: Command, io: Io): void {
  const users = program.command('users').description("end users of the traced application (the user id on traces; not Tracewell accounts)");

  addListCommand<UserList, User>(users, io, {
    description: 'list end users with their usage, most recently seen first',
    noun: 'users',
    path: PATH,
    maxPageSize: 100,
    items: (data) => data.users,
    columns: [
      { header: 'USER', value: (u) => u.id },
      { header: 'TRACES', value: (u) => u.traceCount },
      { header: 'SESSIONS', value: (u) => u.sessionCount },
      { header: 'LAST SEEN', value: (u) => u.lastSeenAt },
      { header: 'COST', value: (u) => formatCost(u.cost) },
      { header: 'INPUT', value: (u) => u.inputTokens },
      { header: 'OUTPUT', value: (u) => u.outputTokens },
      { header: 'TOKENS', value: (u) => u.totalTokens },
      { header: 'ERRORS', value: (u) => u.errorCount },
    ],
    filters: [
      ...ACTIVITY_FILTERS,
      {
        flags: '--sort <order>',
        description: 'field:direction',
        param: 'sort',
        choices: ['lastSeenAt', 'cost', 'traceCount', 'sessionCount', 'totalTokens'].flatMap((f) => [`${f}:desc`, `${f}:asc`]),
      },
    ],
  });

  users
    .command('get <userId>')
    .description("an end user's usage and their sessions, most recently seen first")
    .option('--limit <n>', 'sessions per page (1 to 100)')
    .option('--cursor <cursor>', 'resume from a printed continuation cursor')
    .action(async (userId: string, options: { limit?: string; cursor?: string }, self: Command) => {
      const context = CommandContext.of(io, self);
      const data = await context.client().get<UserDetail>(`${PATH}/${encodeURIComponent(userId)}`, { limit: options.limit, cursor: options.cursor });
      if (context.settings.json) return printJson(io, data);
      printResource(io, false, data.user);
      io.out('\n');
      io.out(data.sessions.length === 0 ? 'No sessions.\n' : renderTable(data.sessions, SESSION_COLUMNS));
      if (data.page.nextCursor) io.out(`More sessions: resume with --cursor ${data.page.nextCursor}\n`);
    });
}
