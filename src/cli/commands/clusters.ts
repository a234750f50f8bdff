import type { Command } from 'commander';
import type { BodyOf, SuccessData } from '../../http/operation-types.js';
import { UsageError } from '../cli-errors.js';
import { CommandContext } from '../context.js';
import type { Io } from '../io.js';
import { addListCommand } from '../list-command.js';
import { printJson, printResource, renderTable } from '../output.js';

type ClusterList = SuccessData<'listFailureClusters'>;
type Cluster = ClusterList['clusters'][number];
type ClusterTraces = SuccessData<'listFailureClusterTraces'>;

const PATH = '/api/v1/public/clusters';
const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;

/** A trend as a row of block characters, scaled to its own largest day: enough to see a rise in a terminal. */
const sparkline = (trend: readonly { count: number }[]): string => {
  const max = Math.max(0, ...trend.map((d) => d.count));
  const bars = '▁▂▃▄▅▆▇█';
  return trend.map((d) => (max === 0 || d.count === 0 ? ' ' : bars[Math.min(7, Math.ceil((d.count / max) * 8) - 1)])).join('');
};

/** `tracewell clusters list|show|fix|split|merge` (docs/detections-learning.md#failure-clustering). */
export function registerClusterCommands(program: Command, io: Io): void {
  const clusters = program.command('clusters').description('failing traces grouped into clusters by their failure');

  addListCommand<ClusterList, Cluster>(clusters, io, {
    description: 'list failure clusters, largest first (or most recently seen with --sort lastSeen)',
    noun: 'clusters',
    path: PATH,
    maxPageSize: 100,
    items: (data) => data.clusters,
    columns: [
      { header: 'ID', value: (c) => c.id },
      { header: 'COUNT', value: (c) => c.count },
      { header: 'LAST SEEN', value: (c) => c.lastSeenAt },
      { header: 'TREND', value: (c) => sparkline(c.trend) },
      { header: 'TEMPLATE', value: (c) => c.template },
    ],
    filters: [
      { flags: '--sort <order>', description: 'count or lastSeen', param: 'sort', choices: ['count', 'lastSeen'] },
      { flags: '--trend-days <n>', description: 'UTC days of the trend (1 to 90)', param: 'trendDays' },
    ],
  });

  clusters
    .command('show <id>')
    .description("a cluster's template, counts, trend and detections, and its newest traces")
    .option('--limit <n>', 'traces per page (1 to 100)')
    .option('--cursor <cursor>', 'resume from a printed continuation cursor')
    .action(async (id: string, options: { limit?: string; cursor?: string }, self: Command) => {
      const context = CommandContext.of(io, self);
      const client = context.client();
      const cluster = await client.get<SuccessData<'getFailureCluster'>>(`${PATH}/${encodeURIComponent(id)}`, {});
      const traces = await client.get<ClusterTraces>(`${PATH}/${encodeURIComponent(id)}/traces`, { limit: options.limit, cursor: options.cursor });
      if (context.settings.json) return printJson(io, { cluster, traces: traces.traces, page: traces.page });
      printResource(io, false, { ...cluster, trend: sparkline(cluster.trend) });
      io.out('\n');
      io.out(traces.traces.length === 0 ? 'No traces.\n' : renderTable(traces.traces, [
        { header: 'TRACE', value: (t) => t.traceId },
        { header: 'SEEN', value: (t) => t.seenAt },
        { header: 'NAME', value: (t) => t.name ?? '' },
        { header: 'SIGNATURE', value: (t) => t.signature },
      ]));
      if (traces.page.nextCursor) io.out(`More traces: resume with --cursor ${traces.page.nextCursor}\n`);
    });

  clusters
    .command('fix <id>')
    .description("turn a cluster into a draft fix with its traces linked")
    .option('--title <title>', 'the fix title (default: from the template)')
    .option('--severity <severity>', 'critical, high, medium (default) or low')
    .action(async (id: string, options: { title?: string; severity?: string }, self: Command) => {
      if (options.severity !== undefined && !(SEVERITIES as readonly string[]).includes(options.severity)) {
        throw new UsageError(`--severity must be one of ${SEVERITIES.join(', ')}; got ${options.severity}`);
      }
      const body: BodyOf<'createFailureClusterFix'> = {
        ...(options.title !== undefined ? { title: options.title } : {}),
        ...(options.severity !== undefined ? { severity: options.severity as (typeof SEVERITIES)[number] } : {}),
      };
      const context = CommandContext.of(io, self);
      printResource(io, context.settings.json, await context.client().request<SuccessData<'createFailureClusterFix'>>('POST', `${PATH}/${encodeURIComponent(id)}/fix`, { body }));
    });

  clusters
    .command('split <id> <traceIds...>')
    .description('move the named traces of a cluster (not all of them) into a new cluster, printed')
    .action(async (id: string, traceIds: string[], _options: unknown, self: Command) => {
      const body: BodyOf<'splitFailureCluster'> = { traceIds };
      const context = CommandContext.of(io, self);
      printResource(io, context.settings.json, await context.client().request<SuccessData<'splitFailureCluster'>>('POST', `${PATH}/${encodeURIComponent(id)}/split`, { body }));
    });

  clusters
    .command('merge <id>')
    .description("move a cluster's traces into another (--into); it then redirects its future traces there")
    .requiredOption('--into <clusterId>', 'the cluster that takes the traces')
    .action(async (id: string, options: { into: string }, self: Command) => {
      const body: BodyOf<'mergeFailureCluster'> = { into: options.into };
      const context = CommandContext.of(io, self);
      printResource(io, context.settings.json, await context.client().request<SuccessData<'mergeFailureCluster'>>('POST', `${PATH}/${encodeURIComponent(id)}/merge`, { body }));
    });
}
