import type { Command } from 'commander';
import type { BodyOf, SuccessData } from '../../http/operation-types.js';
import { UsageError } from '../cli-errors.js';
import { confirmDestructive } from '../confirm.js';
import { CommandContext } from '../context.js';
import { readJsonInput } from '../input-files.js';
import type { Io } from '../io.js';
import { addListCommand } from '../list-command.js';
import { printJson, printResource, renderTable } from '../output.js';

type DashboardList = SuccessData<'listDashboards'>;
type Dashboard = SuccessData<'getDashboard'>;
type Widget = Dashboard['widgets'][number];
type Widgets = BodyOf<'createDashboard'>['widgets'];

const PATH = '/api/v1/public/dashboards';
const itemPath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

/** A widget's query in one line: its measures, its grouping by time and by dimension. */
const groupingText = (w: Widget): string =>
  [
    ...(w.query.time ? [`${w.query.time.bucket}${w.query.time.timeZone ? ` (${w.query.time.timeZone})` : ''}`] : []),
    ...(w.query.dimensions ?? []).map((d) => `${d.name} top ${d.top ?? 10}`),
  ].join(', ') || '-';

/**
 * The widgets of --file <path|->: the API's JSON array of widgets, or an object holding one under
 * `widgets` (what `dashboards show --json` prints), so a dashboard can be saved, edited and sent back.
 * Only the outer shape is checked here; the server validates every widget and names the field.
 */
async function widgetsFromFile(io: Io, file: string): Promise<Widgets> {
  const value = await readJsonInput(io, file, 'the widgets');
  const widgets = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as { widgets?: unknown }).widgets : value;
  if (!Array.isArray(widgets)) throw new UsageError('the widgets must be a JSON array of widgets, or an object with a "widgets" array (as `dashboards show --json` prints)');
  return widgets as Widgets;
}

/** A dashboard as `show` prints it: the name, the description, then one row per widget. */
function printDashboard(io: Io, dashboard: Dashboard): void {
  io.out(`${dashboard.name}${dashboard.builtIn ? ' (built-in)' : ''}\n`);
  if (dashboard.description) io.out(`${dashboard.description}\n`);
  io.out('\n');
  if (dashboard.widgets.length === 0) return io.out('No widgets.\n');
  io.out(
    renderTable(dashboard.widgets, [
      { header: 'TYPE', value: (w) => w.type },
      { header: 'TITLE', value: (w) => w.title },
      { header: 'MEASURES', value: (w) => w.query.measures.join(', ') },
      { header: 'BY', value: groupingText },
      { header: 'POSITION', value: (w) => `${w.layout.x},${w.layout.y} ${w.layout.w}x${w.layout.h}` },
    ]),
  );
}

interface CreateOptions {
  name?: string;
  description?: string;
  file?: string;
  from?: string;
}

/** `tracewell dashboards list|show|create|update|delete` (docs/analytics.md#dashboards): what a project's dashboards hold, from a terminal. */
export function registerDashboardCommands(program: Command, io: Io): void {
  const dashboards = program.command('dashboards').description('dashboards of metrics widgets (the built-in default first)');

  addListCommand<DashboardList, DashboardList['dashboards'][number]>(dashboards, io, {
    description: 'list dashboards: the built-in default, then saved ones newest first',
    noun: 'dashboards',
    path: PATH,
    maxPageSize: 100,
    items: (data) => data.dashboards,
    columns: [
      { header: 'ID', value: (d) => d.id },
      { header: 'NAME', value: (d) => d.name },
      { header: 'WIDGETS', value: (d) => String(d.widgetCount) },
      { header: 'BUILT-IN', value: (d) => (d.builtIn ? 'yes' : 'no') },
      { header: 'UPDATED', value: (d) => d.updatedAt ?? '-' },
    ],
  });

  dashboards
    .command('show <id>')
    .description('show one dashboard and its widgets ("default" for the built-in one)')
    .action(async (id: string, _options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      const dashboard = await context.client().get<Dashboard>(itemPath(id));
      if (context.settings.json) return printJson(io, dashboard);
      printDashboard(io, dashboard);
    });

  dashboards
    .command('create')
    .description('save a dashboard: widgets from --file, or copied from another dashboard with --from (the built-in "default" too)')
    .option('--name <name>', 'dashboard name (with --from, default "Copy of <its name>")')
    .option('--description <text>', 'description (with --from, default its description)')
    .option('--file <path>', 'the widgets as the API\'s JSON array (or `dashboards show --json` output) from a file (- for stdin)')
    .option('--from <dashboardId>', 'copy the widgets of this dashboard, as the console\'s "Copy to a new dashboard" does')
    .action(async (options: CreateOptions, self: Command) => {
      if (options.file !== undefined && options.from !== undefined) throw new UsageError('give --file or --from, not both');
      if (options.name === undefined && options.from === undefined) throw new UsageError('give the name with --name (or copy a dashboard with --from)');
      const widgets = options.file !== undefined ? await widgetsFromFile(io, options.file) : undefined;
      const context = CommandContext.of(io, self);
      const source = options.from !== undefined ? await context.client().get<Dashboard>(itemPath(options.from)) : undefined;
      const description = options.description ?? source?.description;
      const body: BodyOf<'createDashboard'> = {
        name: options.name ?? `Copy of ${source!.name}`,
        ...(description !== undefined ? { description } : {}),
        widgets: widgets ?? source?.widgets ?? [],
      };
      const created = await context.client().request<SuccessData<'createDashboard'>>('POST', PATH, { body });
      if (context.settings.json) return printJson(io, created);
      io.out(`Created dashboard ${created.id}.\n`);
      printDashboard(io, created);
    });

  dashboards
    .command('update <id>')
    .description('rename a dashboard, change its description or replace its widgets (--file)')
    .option('--name <name>', 'new name')
    .option('--description <text>', 'new description ("" clears it)')
    .option('--file <path>', 'the new widgets as the API\'s JSON array (or `dashboards show --json` output) from a file (- for stdin)')
    .action(async (id: string, options: Omit<CreateOptions, 'from'>, self: Command) => {
      if (options.name === undefined && options.description === undefined && options.file === undefined) throw new UsageError('give --name, --description or --file');
      const widgets = options.file !== undefined ? await widgetsFromFile(io, options.file) : undefined;
      const context = CommandContext.of(io, self);
      const body: BodyOf<'updateDashboard'> = {
        ...(options.name !== undefined ? { name: options.name } : {}),
        ...(options.description !== undefined ? { description: options.description } : {}),
        ...(widgets ? { widgets } : {}),
      };
      const updated = await context.client().request<SuccessData<'updateDashboard'>>('PATCH', itemPath(id), { body });
      if (context.settings.json) return printJson(io, updated);
      io.out(`Updated dashboard ${updated.id}.\n`);
      printDashboard(io, updated);
    });

  dashboards
    .command('delete <id>')
    .description('delete a saved dashboard (asks for confirmation on a terminal, or takes --yes)')
    .option('-y, --yes', 'delete without asking')
    .action(async (id: string, options: { yes?: boolean }, self: Command) => {
      const context = CommandContext.of(io, self);
      if (!(await confirmDestructive(io, options.yes, `Delete dashboard ${id}?`))) {
        context.notice('Not deleted.');
        return;
      }
      const data = await context.client().request<SuccessData<'deleteDashboard'>>('DELETE', itemPath(id));
      if (context.settings.json) printResource(io, true, data);
      else io.out(`Deleted dashboard ${id}.\n`);
    });
}
