import type { Command } from 'commander';
import type { BodyOf, SuccessData } from '../../http/operation-types.js';
import { UsageError } from '../cli-errors.js';
import { CommandContext } from '../context.js';
import type { Io } from '../io.js';
import { printJson, printResource, renderTable } from '../output.js';

type FixList = SuccessData<'listFixes'>;
type Dispatch = SuccessData<'getFixDispatch'>;

const FIXES = '/api/v1/public/fixes';
const dispatchPath = (id: string, action = '') => `${FIXES}/${encodeURIComponent(id)}/dispatch${action}`;
const TARGETS = ['webhook', 'github', 'agent'] as const;

/** One line a person reads after a dispatch change. */
function dispatchLine(d: Dispatch): string {
  const issue = d.githubIssue ? ` · issue #${d.githubIssue.number} ${d.githubIssue.url}` : '';
  const claimed = d.claimedBy ? ` · claimed by ${d.claimedBy}` : '';
  return `Fix ${d.fixId}: dispatch ${d.status ?? 'not requested'}${d.target ? ` to ${d.target}` : ''}${claimed}${issue}\n`;
}

/**
 * Fix dispatch from a terminal (docs/integrations.md): send a fix to GitHub or the coding agents'
 * queue, and the agent's side of the queue — what `agent_*` tools do over MCP, for scripts and people.
 */
export function registerFixCommands(program: Command, io: Io): void {
  // `tracewell fixes list` is registered with the detections; dispatch joins the same command.
  const fixes = program.commands.find((command) => command.name() === 'fixes') ?? program.command('fixes').description('fixes and their dispatch');

  fixes
    .command('dispatch <id>')
    .description('request the dispatch of an open fix and, when no approval is needed, send it')
    .requiredOption('--to <target>', 'github, agent or webhook')
    .option('--webhook <id>', 'with --to webhook: the webhook')
    .option('--note <text>', 'a note for the trail')
    .action(async (id: string, options: { to: string; webhook?: string; note?: string }, self: Command) => {
      if (!(TARGETS as readonly string[]).includes(options.to)) throw new UsageError('--to must be github, agent or webhook');
      const context = CommandContext.of(io, self);
      const client = context.client();
      const body: BodyOf<'actOnFixDispatch'> = { action: 'request', target: options.to as (typeof TARGETS)[number] };
      if (options.webhook !== undefined) body.webhookId = options.webhook;
      if (options.note !== undefined) body.note = options.note;
      let dispatch = await client.request<Dispatch>('POST', dispatchPath(id), { body });
      if (dispatch.status === 'approved') dispatch = await client.request<Dispatch>('POST', dispatchPath(id), { body: { action: 'dispatch' } });
      if (context.settings.json) printJson(io, dispatch);
      else io.out(dispatchLine(dispatch));
    });

  fixes
    .command('queue')
    .description('the fixes dispatched to coding agents and waiting to be claimed (--claimed: those claimed)')
    .option('--claimed', 'list the claimed (acknowledged) ones instead')
    .action(async (options: { claimed?: boolean }, self: Command) => {
      const context = CommandContext.of(io, self);
      const data = await context.client().get<FixList>(FIXES, { dispatchTarget: 'agent', dispatchStatus: options.claimed ? 'acknowledged' : 'dispatched', limit: 100 });
      if (context.settings.json) return printJson(io, data.fixes);
      if (data.fixes.length === 0) return io.out('No fixes in the agents\' queue.\n');
      io.out(
        renderTable(data.fixes, [
          { header: 'ID', value: (f) => f.id },
          { header: 'TITLE', value: (f) => f.title },
          { header: 'SEVERITY', value: (f) => f.severity },
          { header: 'STATUS', value: (f) => f.status },
          { header: 'DISPATCH', value: (f) => f.dispatchStatus ?? '-' },
        ]),
      );
    });

  fixes
    .command('show-dispatch <id>')
    .description('the dispatch of a fix: state, target, claimer, GitHub issue and trail')
    .action(async (id: string, _options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      printResource(io, context.settings.json, await context.client().get<Dispatch>(dispatchPath(id)));
    });

  fixes
    .command('claim <id>')
    .description('claim a fix from the agents\' queue (a fix claimed already is refused)')
    .option('--note <text>', 'a note for the trail')
    .action(async (id: string, options: { note?: string }, self: Command) => {
      const context = CommandContext.of(io, self);
      const dispatch = await context.client().request<Dispatch>('POST', dispatchPath(id, '/claim'), { body: options.note ? { note: options.note } : {} });
      if (context.settings.json) printJson(io, dispatch);
      else io.out(dispatchLine(dispatch));
    });

  fixes
    .command('progress <id>')
    .description('record progress on a claimed fix as an investigation step')
    .requiredOption('--action <what>', 'what was done, e.g. reproduced, patched, tested')
    .requiredOption('--finding <text>', 'what was found')
    .action(async (id: string, options: { action: string; finding: string }, self: Command) => {
      const context = CommandContext.of(io, self);
      const body: BodyOf<'reportFixProgress'> = { action: options.action, finding: options.finding };
      const step = await context.client().request<SuccessData<'reportFixProgress'>>('POST', dispatchPath(id, '/progress'), { body });
      if (context.settings.json) printJson(io, step);
      else io.out(`Recorded step ${step.action} on fix ${id}.\n`);
    });

  fixes
    .command('done <id>')
    .description('mark a claimed fix done: the dispatch completes and the fix is resolved')
    .option('--note <text>', 'what was done, for the trail')
    .action(async (id: string, options: { note?: string }, self: Command) => {
      const context = CommandContext.of(io, self);
      const body: BodyOf<'actOnFixDispatch'> = { action: 'complete', ...(options.note ? { note: options.note } : {}) };
      const dispatch = await context.client().request<Dispatch>('POST', dispatchPath(id), { body });
      if (context.settings.json) printJson(io, dispatch);
      else io.out(dispatchLine(dispatch));
    });
}
