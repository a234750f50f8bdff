import type { Command } from 'commander';
import type { components } from '../../../generated/openapi.js';
import type { SuccessData } from '../../http/operation-types.js';
import type { Io } from '../io.js';
import { addListCommand } from '../list-command.js';
import { formatCost, formatMs } from '../output.js';

type TraceSummary = components['schemas']['TraceSummary'];

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
}
