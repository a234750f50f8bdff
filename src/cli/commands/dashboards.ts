import type { Command } from 'commander';
import type { SuccessData } from '../../http/operation-types.js';
import { CommandContext } from '../context.js';
import type { Io } from '../io.js';
import { addListCommand } from '../list-command.js';
import { printJson, renderTable } from '../output.js';

type DashboardList = SuccessData<'listDashboards'>;
type Dashboard = SuccessData<'getDashboard'>;
type Widget = Dashboard['widgets'][number];

const PATH = '/api/v1/public/dashboards';

/** A widget's query in one line: its measures, its grouping by time and by dimension. */
const groupingText = (w: Widget): string =>
  [
    ...(w.query.time ? [`${w.query.time.bucket}${w.query.time.timeZone ? ` (${w.query.time.timeZone})` : ''}`] : []),
    ...(w.query.dimensions ?? []).map((d) => `${d.name} top ${d.top ?? 10}`),
  ].join(', ') || '-';

/** `tracewell dashboards list|show` (docs/analytics.md#dashboards): what a project's dashboards hold, from a terminal. */
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
      const dashboard = await context.client().get<Dashboard>(`${PATH}/${encodeURIComponent(id)}`);
      if (context.settings.json) return printJson(io, dashboard);
      io.out(`${dashboard.name}${dashboard.builtIn ? ' (built-in)' : ''}\n`);
      if (dashboard.description) io.out(`${dashboard.description}\n`);
      io.out('\n');
      io.out(
        renderTable(dashboard.widgets, [
          { header: 'TYPE', value: (w) => w.type },
          { header: 'TITLE', value: (w) => w.title },
          { header: 'MEASURES', value: (w) => w.query.measures.join(', ') },
          { header: 'BY', value: groupingText },
          { header: 'POSITION', value: (w) => `${w.layout.x},${w.layout.y} ${w.layout.w}x${w.layout.h}` },
        ]),
      );
    });
}
