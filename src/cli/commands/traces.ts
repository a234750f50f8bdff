import { Option, type Command } from 'commander';
import type { components } from '../../../generated/openapi.js';
import type { BodyOf, SuccessData } from '../../http/operation-types.js';
import { UsageError } from '../cli-errors.js';
import { CommandContext } from '../context.js';
import { readJsonInput } from '../input-files.js';
import type { Io } from '../io.js';
import { addListCommand } from '../list-command.js';
import { formatCost, formatMs, printJson, printResource, renderTable, type Column } from '../output.js';
import { renderTraceTree, type TraceNode } from '../span-tree.js';
import { readFile } from 'node:fs/promises';

type TraceSummary = components['schemas']['TraceSummary'];

const PATH = '/api/v1/public/traces';

export function registerTraceCommands(program: Command, io: Io): void {
  const traces = program.command('traces').description('list, read, search and send traces');

  addListCommand<SuccessData<'listTraces'>, TraceSummary>(traces, io, {
    description: 'list traces of the project, newest first or in the --sort order',
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
      { header: 'TOKENS', value: (t) => t.totalTokens },
      { header: 'SPANS', value: (t) => t.spanCount },
      { header: 'AGENT', value: (t) => t.agentName },
      // Last: the one column of unbounded width (up to 50 tags).
      { header: 'TAGS', value: (t) => t.tags.join(',') },
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
      { flags: '--tag <tag>', description: 'traces carrying this tag (exact, case-sensitive)', param: 'tag' },
      { flags: '--environment <name>', description: 'traces of this deployment environment (exact)', param: 'environment' },
      { flags: '--release <version>', description: 'traces of this release (exact)', param: 'release' },
      { flags: '--model <model>', description: 'traces with a span of this model (exact)', param: 'model' },
      { flags: '--provider <name>', description: 'traces with a span of this provider (exact)', param: 'provider' },
      { flags: '--span-type <type>', description: 'traces with a span of this type, e.g. LLM (exact)', param: 'spanType' },
      {
        flags: '--sort <order>',
        description: 'order by a field, either way (ties by id); a --cursor continues only its own order',
        param: 'sort',
        choices: ['createdAt:desc', 'createdAt:asc', 'latencyMs:desc', 'latencyMs:asc', 'cost:desc', 'cost:asc', 'totalTokens:desc', 'totalTokens:asc'],
      },
    ],
  });

  traces
    .command('get <traceId>')
    .description('read one trace: its span tree with latency and cost per span')
    .action(async (traceId: string, _options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      const trace: TraceNode = await context.client().get<SuccessData<'getTrace'>>(`${PATH}/${encodeURIComponent(traceId)}`);
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
        ? await client.request<SuccessData<'ingestTraceBatch'>>('POST', `${PATH}/batch`, { body: { traces: payload as BodyOf<'ingestTrace'>[] } })
        : await client.request<SuccessData<'ingestTrace'>>('POST', PATH, { body: payload as BodyOf<'ingestTrace'> });
      printResource(io, context.settings.json, data);
    });

  traces
    .command('export')
    .description('write the matching traces with their spans as JSON Lines to stdout (tracewell traces export > traces.jsonl)')
    .option('--status <status>', 'success or error')
    .option('--framework <name>', 'framework')
    .option('--agent-name <name>', 'agent name')
    .option('--from <date-time>', 'created at or after (ISO 8601)')
    .option('--to <date-time>', 'created before (ISO 8601)')
    .option('--saved-filter <id>', 'apply a saved filter of the project')
    .action(async (options: { status?: string; framework?: string; agentName?: string; from?: string; to?: string; savedFilter?: string }, self: Command) => {
      const context = CommandContext.of(io, self);
      const query = { status: options.status, framework: options.framework, agentName: options.agentName, from: options.from, to: options.to, savedFilterId: options.savedFilter };
      const decoder = new TextDecoder();
      await context.client().download(`${PATH}/export`, query, (chunk) => (io.outBytes ? io.outBytes(chunk) : io.out(decoder.decode(chunk, { stream: true }))));
    });

  traces
    .command('import')
    .description('send a JSON Lines file (as `traces export` writes it) through the batch endpoint')
    .option('--file <path>', 'JSON Lines file (- or omitted: stdin)')
    .option('--batch-bytes <n>', 'largest request body to send', String(900 * 1024))
    .action(async (options: { file?: string; batchBytes: string }, self: Command) => {
      if (options.file === undefined && io.stdinIsTTY) throw new UsageError('give --file <traces.jsonl>, or pipe it on stdin');
      const maxBytes = wholeNumber('--batch-bytes', options.batchBytes, 1024);
      const text = options.file && options.file !== '-' ? await readFile(options.file, 'utf8') : await io.readStdin();
      const context = CommandContext.of(io, self);
      const client = context.client();
      let batch: string[] = [];
      let bytes = 0;
      let sent = 0;
      const flush = async () => {
        if (!batch.length) return;
        const body = { traces: batch.map((line) => JSON.parse(line) as BodyOf<'ingestTrace'>) };
        sent += (await client.request<SuccessData<'ingestTraceBatch'>>('POST', `${PATH}/batch`, { body })).traceCount;
        batch = [];
        bytes = 0;
      };
      for (const [index, line] of text.split('\n').entries()) {
        if (!line.trim()) continue;
        try {
          JSON.parse(line);
        } catch {
          throw new UsageError(`line ${index + 1} is not JSON`);
        }
        if (batch.length && (bytes + line.length > maxBytes || batch.length >= 1000)) await flush();
        batch.push(line);
        bytes += line.length + 1;
      }
      await flush();
      io.out(`Imported ${sent} traces.\n`);
    });

  traces
    .command('search <query>')
    .description('full-text search over trace names, errors, span names, metadata and span inputs/outputs (the search_traces tool); query syntax: word, prefix*, "a phrase", -excluded (docs/search.md)')
    .addOption(new Option('--sort <order>', 'relevance (ties newest first) or recency').choices(['relevance', 'recency']))
    .option('--limit <n>', 'results per request (1 to 100)', '50')
    .option('--offset <n>', 'skip this many results', '0')
    .option('--framework <name>', 'framework')
    .addOption(new Option('--status <status>', 'success or error').choices(['success', 'error']))
    .option('--min-latency-ms <ms>', 'minimum latency')
    .option('--max-latency-ms <ms>', 'maximum latency')
    .option('--min-cost <dollars>', 'minimum cost')
    .option('--max-cost <dollars>', 'maximum cost')
    .option('--date-range <range>', 'last_24h, last_7d, last_30d or an ISO 8601 range')
    .action(async (query: string, options: SearchOptions, self: Command) => {
      const limit = wholeNumber('--limit', options.limit, 1, 100);
      const offset = wholeNumber('--offset', options.offset, 0);
      const context = CommandContext.of(io, self);
      const filters = searchFilters(options);
      const result = (await context.tools().callTool('search_traces', { query, limit, offset, ...(options.sort ? { sort: options.sort } : {}), ...(Object.keys(filters).length ? { filters } : {}) })) as SearchResult;
      if (context.settings.json) return printJson(io, result);
      if (result.traces.length === 0) io.out('No traces.\n');
      else io.out(renderTable(result.traces, SEARCH_COLUMNS));
      if (result.has_more) io.out(`${result.total_count} matches; more with --offset ${offset + result.traces.length}\n`);
    });
}

interface SearchOptions {
  sort?: string;
  limit: string;
  offset: string;
  framework?: string;
  status?: string;
  minLatencyMs?: string;
  maxLatencyMs?: string;
  minCost?: string;
  maxCost?: string;
  dateRange?: string;
}

/** The search_traces result (tool interface, snake_case). */
interface SearchResult {
  traces: { trace_id: string; name: string; status: string; created_at: string; latency_ms: number; cost: number; agent_name: string | null }[];
  total_count: number;
  has_more: boolean;
}

const SEARCH_COLUMNS: Column<SearchResult['traces'][number]>[] = [
  { header: 'ID', value: (t) => t.trace_id },
  { header: 'NAME', value: (t) => t.name },
  { header: 'STATUS', value: (t) => t.status },
  { header: 'CREATED', value: (t) => t.created_at },
  { header: 'LATENCY', value: (t) => formatMs(t.latency_ms) },
  { header: 'COST', value: (t) => formatCost(t.cost) },
  { header: 'AGENT', value: (t) => t.agent_name },
];

function wholeNumber(flag: string, raw: string, min: number, max?: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || (max !== undefined && value > max)) {
    throw new UsageError(`${flag} must be an integer from ${min}${max !== undefined ? ` to ${max}` : ' up'}; got ${raw}`);
  }
  return value;
}

function decimal(flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < 0) throw new UsageError(`${flag} must be a number ≥ 0; got ${raw}`);
  return value;
}

function searchFilters(options: SearchOptions): Record<string, string | number> {
  const entries = Object.entries({
    framework: options.framework,
    status: options.status,
    min_latency_ms: decimal('--min-latency-ms', options.minLatencyMs),
    max_latency_ms: decimal('--max-latency-ms', options.maxLatencyMs),
    min_cost: decimal('--min-cost', options.minCost),
    max_cost: decimal('--max-cost', options.maxCost),
    date_range: options.dateRange,
  });
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined)) as Record<string, string | number>;
}
