import type { Command } from 'commander';
import type { BodyOf, SuccessData } from '../../http/operation-types.js';
import { UsageError } from '../cli-errors.js';
import { confirmDestructive } from '../confirm.js';
import { CommandContext } from '../context.js';
import { parseJsonFlag } from '../input-files.js';
import type { Io } from '../io.js';
import { addListCommand } from '../list-command.js';
import { printResource } from '../output.js';

type MonitorList = SuccessData<'listMonitors'>;
type IncidentList = SuccessData<'listIncidents'>;
type CreateBody = BodyOf<'createMonitor'>;
type UpdateBody = BodyOf<'updateMonitor'>;

const PATH = '/api/v1/public/monitors';
const itemPath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

interface DefinitionFlags {
  name?: string;
  metric?: string;
  detection?: string;
  scoreName?: string;
  window?: string;
  condition?: string;
  scope?: string;
  recoverAfter?: string;
}

const integerFlag = (flag: string, raw: string | undefined): number | undefined => {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new UsageError(`${flag} must be an integer`);
  return value;
};

const objectFlag = <T>(flag: string, raw: string | undefined): T | undefined => {
  if (raw === undefined) return undefined;
  const value = parseJsonFlag(flag, raw);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError(`${flag} must be a JSON object`);
  return value as T;
};

/** The body fields the definition flags give; the server validates them (kind-specific fields, references). */
function definitionOf(options: DefinitionFlags): UpdateBody {
  const body: UpdateBody = {};
  if (options.name !== undefined) body.name = options.name;
  if (options.metric !== undefined) body.metric = options.metric as UpdateBody['metric'];
  if (options.detection !== undefined) body.detectionId = options.detection;
  if (options.scoreName !== undefined) body.scoreName = options.scoreName;
  const windowSeconds = integerFlag('--window', options.window);
  if (windowSeconds !== undefined) body.windowSeconds = windowSeconds;
  const recoverAfterWindows = integerFlag('--recover-after', options.recoverAfter);
  if (recoverAfterWindows !== undefined) body.recoverAfterWindows = recoverAfterWindows;
  const condition = objectFlag<UpdateBody['condition']>('--condition', options.condition);
  if (condition) body.condition = condition;
  const scope = objectFlag<UpdateBody['scope']>('--scope', options.scope);
  if (scope) body.scope = scope;
  return body;
}

const withDefinitionFlags = (command: Command): Command =>
  command
    .option('--metric <metric>', 'trace_count, error_rate, latency_p50|p95|p99, cost_sum, cost_per_user, cost_per_session, tokens_sum, tokens_per_user, tokens_per_session, detection_fire_count, score_avg')
    .option('--detection <id>', 'with detection_fire_count: one detection (default: all)')
    .option('--score-name <name>', 'with score_avg (and required by it): the name of the scores averaged')
    .option('--window <seconds>', 'window length in seconds (whole minutes, at most 86400)')
    .option('--condition <json>', 'the kind\'s condition, e.g. \'{"operator":"gt","threshold":0.2}\' (see docs/alerts.md)')
    .option('--scope <json>', 'narrow the traces: {"savedFilterId","framework","agentName","sessionId","userId"}')
    .option('--recover-after <n>', 'consecutive clean windows that resolve an incident (default 1)');

export function registerMonitorCommands(program: Command, io: Io): void {
  const monitors = program.command('monitors').description('monitors over the project\'s traces and their incidents (docs/alerts.md)');

  addListCommand<MonitorList, MonitorList['monitors'][number]>(monitors, io, {
    description: 'list monitors, newest first',
    noun: 'monitors',
    path: PATH,
    maxPageSize: 100,
    items: (data) => data.monitors,
    columns: [
      { header: 'ID', value: (m) => m.id },
      { header: 'NAME', value: (m) => m.name },
      { header: 'KIND', value: (m) => m.kind },
      { header: 'METRIC', value: (m) => m.metric ?? '-' },
      { header: 'STATE', value: (m) => m.state },
      { header: 'ENABLED', value: (m) => m.enabled },
      { header: 'MUTED UNTIL', value: (m) => m.mutedUntil ?? '-' },
    ],
  });

  monitors
    .command('get <id>')
    .description('read one monitor')
    .action(async (id: string, _options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      printResource(io, context.settings.json, await context.client().get<SuccessData<'getMonitor'>>(itemPath(id)));
    });

  withDefinitionFlags(
    monitors
      .command('create')
      .description('create a monitor')
      .requiredOption('--name <name>', 'monitor name (unique in the project)')
      .requiredOption('--kind <kind>', 'threshold, anomaly, ingestion_silence, sla or compound'),
  ).action(async (options: DefinitionFlags & { kind: string }, self: Command) => {
    const definition = definitionOf(options);
    if (definition.windowSeconds === undefined) throw new UsageError('give the window length with --window');
    const body = { ...definition, name: options.name, kind: options.kind, windowSeconds: definition.windowSeconds } as CreateBody;
    const context = CommandContext.of(io, self);
    printResource(io, context.settings.json, await context.client().request<SuccessData<'createMonitor'>>('POST', PATH, { body }));
  });

  withDefinitionFlags(monitors.command('update <id>').description('change a monitor (condition and scope replace the whole object)').option('--name <name>', 'new name')).action(
    async (id: string, options: DefinitionFlags, self: Command) => {
      const body = definitionOf(options);
      if (Object.keys(body).length === 0) throw new UsageError('give at least one field to change');
      const context = CommandContext.of(io, self);
      printResource(io, context.settings.json, await context.client().request<SuccessData<'updateMonitor'>>('PATCH', itemPath(id), { body }));
    },
  );

  const patch = async (self: Command, id: string, body: UpdateBody) => {
    const context = CommandContext.of(io, self);
    printResource(io, context.settings.json, await context.client().request<SuccessData<'updateMonitor'>>('PATCH', itemPath(id), { body }));
  };

  monitors
    .command('mute <id>')
    .description('send no events for windows ending before a time (incidents still open and resolve)')
    .requiredOption('--until <time>', 'RFC 3339 time, e.g. 2026-11-24T08:00:00Z')
    .action(async (id: string, options: { until: string }, self: Command) => {
      const until = new Date(options.until);
      if (Number.isNaN(until.getTime())) throw new UsageError('--until must be a date-time such as 2026-11-24T08:00:00Z');
      await patch(self, id, { mutedUntil: until.toISOString() });
    });

  monitors
    .command('unmute <id>')
    .description('send events again from the next window on')
    .action(async (id: string, _options: unknown, self: Command) => patch(self, id, { mutedUntil: null }));

  for (const [name, enabled] of [['enable', true], ['disable', false]] as const) {
    monitors
      .command(`${name} <id>`)
      .description(enabled ? 'evaluate the monitor again, from the window in progress' : 'stop evaluating the monitor')
      .action(async (id: string, _options: unknown, self: Command) => patch(self, id, { enabled }));
  }

  monitors
    .command('delete <id>')
    .description('delete a monitor with its incidents (asks for confirmation on a terminal, or takes --yes)')
    .option('-y, --yes', 'delete without asking')
    .action(async (id: string, options: { yes?: boolean }, self: Command) => {
      const context = CommandContext.of(io, self);
      if (!(await confirmDestructive(io, options.yes, `Delete monitor ${id}?`))) {
        context.notice('Not deleted.');
        return;
      }
      const body: BodyOf<'deleteMonitor'> = { confirmation: id };
      const data = await context.client().request<SuccessData<'deleteMonitor'>>('DELETE', itemPath(id), { body });
      if (context.settings.json) printResource(io, true, data);
      else io.out(`Deleted monitor ${id}.\n`);
    });

  addListCommand<IncidentList, IncidentList['incidents'][number]>(
    monitors,
    io,
    {
      description: 'list incidents, newest first',
      noun: 'incidents',
      path: '/api/v1/public/incidents',
      maxPageSize: 100,
      items: (data) => data.incidents,
      filters: [
        { flags: '--monitor <id>', description: 'only incidents of this monitor', param: 'monitorId' },
        { flags: '--fix <id>', description: 'only incidents linked to this fix', param: 'fixId' },
        { flags: '--status <status>', description: 'alerting or resolved', param: 'status', choices: ['alerting', 'resolved'] },
      ],
      columns: [
        { header: 'ID', value: (i) => i.id },
        { header: 'MONITOR', value: (i) => i.monitorId },
        { header: 'STATUS', value: (i) => i.status },
        { header: 'EVENT', value: (i) => i.eventType },
        { header: 'OPEN', value: (i) => i.openValue ?? '-' },
        { header: 'PEAK', value: (i) => i.peakValue ?? '-' },
        { header: 'STARTED', value: (i) => i.startedWindowEnd },
        { header: 'RESOLVED', value: (i) => i.resolvedWindowEnd ?? '-' },
      ],
    },
    'incidents',
  );
}
