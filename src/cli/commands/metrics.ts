import type { Command } from 'commander';
import type { BodyOf, SuccessData } from '../../http/operation-types.js';
import { UsageError } from '../cli-errors.js';
import { CommandContext } from '../context.js';
import { readJsonInput } from '../input-files.js';
import type { Io } from '../io.js';
import { formatCost, formatMs, printJson, renderTable } from '../output.js';

type Body = BodyOf<'queryMetrics'>;
type Result = SuccessData<'queryMetrics'>;
type Row = Result['rows'][number];

const PATH = '/api/v1/public/metrics/query';
const DAY_MS = 86_400_000;
const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** A measure's value as a person reads it: latencies in ms, costs in dollars, rates in percent. */
function formatValue(measure: string, value: number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  if (measure.startsWith('latency')) return formatMs(value);
  if (measure.startsWith('cost')) return formatCost(value);
  if (measure === 'errorRate') return `${(value * 100).toFixed(1)}%`;
  if (measure === 'scoreAvg') return String(Number(value.toFixed(4)));
  return String(value);
}

const groupText = (group: Row['groups'][number]): string => (group.other ? '(other)' : group.value === null ? '(none)' : group.value);

interface QueryOptions {
  measure?: string[];
  by?: string[];
  top?: string;
  bucket?: string;
  tz?: string;
  from?: string;
  to?: string;
  rankBy?: string;
  scoreName?: string;
  filters?: string;
}

/** `tracewell metrics query`: the metrics query (docs/analytics.md) printed as a table, one row per group. */
export function registerMetricsCommands(program: Command, io: Io): void {
  const metrics = program.command('metrics').description('measures of the project\'s traces over time and by dimension (docs/analytics.md)');
  metrics
    .command('query')
    .description('cost, latency, tokens, error rate… per time bucket and dimension, printed as a table')
    .option('--measure <name>', 'a measure, e.g. costSum, latencyP95, errorRate, totalTokens (repeat for more; default traceCount)', collect)
    .option('--by <dimension>', 'a dimension: model, provider, framework, agent, spanType, status, user, session, environment, release, promptName, promptVersion (at most 2)', collect)
    .option('--top <n>', 'values kept per dimension, the rest shown as (other) (default 10)')
    .option('--bucket <unit>', 'group by time: minute, hour, day or week')
    .option('--tz <zone>', 'IANA time zone of the buckets (default UTC)')
    .option('--from <time>', 'ISO 8601, inclusive (default: 7 days before --to)')
    .option('--to <time>', 'ISO 8601, exclusive (default: now)')
    .option('--rank-by <measure>', 'what the top values are ranked by: traceCount, spanCount, costSum, inputTokens, outputTokens, totalTokens')
    .option('--score-name <name>', 'the score scoreAvg averages')
    .option('--filters <file>', 'a JSON file (or - for stdin) holding saved-filter rules')
    .action(async (options: QueryOptions, self: Command) => {
      const context = CommandContext.of(io, self);
      let top: number | undefined;
      if (options.top !== undefined) {
        if (!/^[1-9][0-9]{0,2}$/.test(options.top)) throw new UsageError('--top must be a positive integer');
        top = Number(options.top);
      }
      const to = options.to ?? new Date().toISOString();
      const from = options.from ?? (Number.isNaN(Date.parse(to)) ? to : new Date(Date.parse(to) - 7 * DAY_MS).toISOString());
      const body: Body = {
        measures: (options.measure ?? ['traceCount']) as Body['measures'],
        from,
        to,
        ...(options.bucket ? { time: { bucket: options.bucket as NonNullable<Body['time']>['bucket'], ...(options.tz ? { timeZone: options.tz } : {}) } } : {}),
        ...(options.by ? { dimensions: options.by.map((name) => ({ name: name as NonNullable<Body['dimensions']>[number]['name'], top: top ?? 10 })) } : {}),
        ...(options.rankBy ? { rankBy: options.rankBy as Body['rankBy'] } : {}),
        ...(options.scoreName ? { scoreName: options.scoreName } : {}),
        ...(options.filters ? { filters: (await readJsonInput(io, options.filters, 'the filters')) as Body['filters'] } : {}),
      };
      if (options.tz && !options.bucket) throw new UsageError('--tz needs --bucket');
      const data = await context.client().request<Result>('POST', PATH, { body });
      if (context.settings.json) return printJson(io, data);
      if (data.rows.length === 0) return io.out('No traces in this range.\n');
      const columns = [
        ...(data.time ? [{ header: 'TIME', value: (row: Row) => row.bucketStart ?? '' }] : []),
        ...data.dimensions.map((dimension, k) => ({ header: dimension.toUpperCase(), value: (row: Row) => groupText(row.groups[k]) })),
        ...data.measures.map((measure) => ({ header: measure.toUpperCase(), value: (row: Row) => formatValue(measure, row.values[measure]) })),
      ];
      io.out(renderTable(data.rows, columns));
    });
}
