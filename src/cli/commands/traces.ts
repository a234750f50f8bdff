import type { Command } from 'commander';
import type { components } from '../../../generated/openapi.js';
import type { SuccessData } from '../../http/operation-types.js';
import { UsageError } from '../cli-errors.js';
import { CommandContext } from '../context.js';
import { readJsonInput } from '../input-files.js';
import type { Io } from '../io.js';
import { addListCommand } from '../list-command.js';
import { formatCost, formatMs, printJson, printResource } from '../output.js';
import { renderTraceTree, type TraceNode } from '../span-tree.js';

type TraceSummary = components['schemas']['TraceSummary'];

const PATH = '/api/v1/public/traces';

export function registerTraceCommands(program: Command, io: Io): void {
  const traces = program.command('traces').description('list, read, search and send traces');

  addListCommand<SuccessData<'listTraces'>, TraceSummary>(traces, io, {
    description: 'list traces of the project, newest first',
    noun: 'traces',
    path: '/api/v1/public/traces',
    maxPageSize: 50,
    items: (data) => data.traces,
    columns: [
      { header: 'ID', value: (t) => t.id },
      { header: 'NAME', value: (t) => t.name },
      { header: 'STATUS', value: (t) => t.status },
      { header: 'CREATED', value: (t) => t.createdAt },
      { header: 'LATENCY', value: (t) => formatMs(t.latencyMs) },
      { header: 'COST', value: (t) => formatCost(t.cost) },
      { header: 'SPANS', value: (t) => t.spanCount },
      { header: 'AGENT', value: (t) => t.agentName },
    ],
    filters: [
      { flags: '--status <status>', description: 'success or error', param: 'status', choices: ['success', 'error'] },
      { flags: '--framework <name>', description: 'framework that produced the trace', param: 'framework' },
      { flags: '--agent-name <name>', description: 'agent name', param: 'agentName' },
      { flags: '--from <date-time>', description: 'created at or after (ISO 8601)', param: 'from' },
      { flags: '--to <date-time>', description: 'created before (ISO 8601)', param: 'to' },
      { flags: '--min-latency-ms <ms>', description: 'minimum total latency', param: 'minLatencyMs' },
      { flags: '--max-latency-ms <ms>', description: 'maximum total latency', param: 'maxLatencyMs' },
      { flags: '--min-cost <dollars>', description: 'minimum total cost', param: 'minCost' },
      { flags: '--max-cost <dollars>', description: 'maximum total cost', param: 'maxCost' },
      { flags: '--saved-filter <id>', description: 'apply a saved filter of the project', param: 'savedFilterId' },
    ],
  });

  traces
    .command('get <traceId>')
    .description('read one trace: its span tree with latency and cost per span')
    .action(async (traceId: string, _options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      const trace = await context.client().get<TraceNode>(`${PATH}/${encodeURIComponent(traceId)}`);
      if (context.settings.json) printJson(io, trace);
      else io.out(renderTraceTree(trace));
    });

  traces
    .command('log')
    .description('send a trace (the log_trace shape) from a JSON file or stdin; a JSON array is sent as one batch')
    .option('--file <path>', 'JSON file with the trace (- or omitted: stdin)')
    .action(async (options: { file?: string }, self: Command) => {
      if (options.file === undefined && io.stdinIsTTY) throw new UsageError('give --file <trace.json>, or pipe the trace JSON on stdin');
      const payload = await readJsonInput(io, options.file ?? '-', 'the trace');
      if (payload === null || typeof payload !== 'object') throw new UsageError('the trace must be a JSON object (or an array of trace objects)');
      const context = CommandContext.of(io, self);
      const client = context.client();
      const data = Array.isArray(payload)
        ? await client.request<object>('POST', `${PATH}/batch`, { body: { traces: payload } })
        : await client.request<object>('POST', PATH, { body: payload });
      printResource(io, context.settings.json, data);
    });
}
