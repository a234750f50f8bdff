import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { BodyOf, SuccessData } from '../../http/operation-types.js';
import type { ApiClient } from '../api-client.js';
import { CliFailure, UsageError } from '../cli-errors.js';
import { CommandContext } from '../context.js';
import type { ResultInput } from '../experiment-task.js';
import { parseJsonFlag } from '../input-files.js';
import type { Io } from '../io.js';
import { datasetPath, reportRun, runProgress, scorersOf, type ReportOptions } from '../run-report.js';

type Run = SuccessData<'createExperimentRun'>;
type ResultList = SuccessData<'listExperimentResults'>;
type Task = NonNullable<BodyOf<'createExperimentRun'>['task']>;

/** The server's bound on a run's concurrency (docs/experiments.md "Server-side runs"). */
const MAX_SERVER_CONCURRENCY = 16;
/** How often the CLI reads the run's progress. */
const POLL_MS = 2000;

export interface ServerRunOptions extends ReportOptions {
  dataset: string;
  name?: string;
  concurrency?: string;
  scorers?: string;
  prompt?: string;
  template?: string;
  connection?: string;
  model?: string;
  evaluators?: string;
}

/** `name@label`, `name@3` (a version) or `name` (its production label). The name may hold `@` (the last one splits). */
function promptOf(raw: string): NonNullable<Task['prompt']> {
  const at = raw.lastIndexOf('@');
  if (at <= 0) return { name: raw };
  const [name, selector] = [raw.slice(0, at), raw.slice(at + 1)];
  if (selector === '') throw new UsageError(`--prompt ${raw}: nothing after @ (name@label or name@version)`);
  return /^\d+$/.test(selector) ? { name, version: Number(selector) } : { name, label: selector };
}

async function taskOf(options: ServerRunOptions): Promise<Task> {
  if ((options.prompt === undefined) === (options.template === undefined)) throw new UsageError('--server needs one of --prompt <name@label> or --template <file>');
  if (options.connection === undefined) throw new UsageError('--server needs --connection <model connection id>');
  let concurrency: number | undefined;
  if (options.concurrency !== undefined) {
    concurrency = Number(options.concurrency);
    if (!/^\d+$/.test(options.concurrency) || concurrency < 1 || concurrency > MAX_SERVER_CONCURRENCY) throw new UsageError(`--concurrency must be an integer from 1 to ${MAX_SERVER_CONCURRENCY} with --server; got ${options.concurrency}`);
  }
  let messages: Task['messages'];
  if (options.template !== undefined) {
    let text: string;
    try {
      text = await readFile(options.template, 'utf8');
    } catch (error) {
      throw new UsageError(`Cannot read --template ${options.template}: ${(error as Error).message}`);
    }
    const value = parseJsonFlag('--template', text);
    if (!Array.isArray(value) || value.length === 0) throw new UsageError('--template must hold a JSON array of { role, content } messages');
    messages = value as Task['messages'];
  }
  const evaluatorIds = options.evaluators?.split(',').map((id) => id.trim()).filter(Boolean);
  return {
    ...(options.prompt !== undefined ? { prompt: promptOf(options.prompt) } : { messages }),
    modelConnectionId: options.connection,
    ...(options.model !== undefined ? { model: options.model } : {}),
    ...(concurrency !== undefined ? { concurrency } : {}),
    ...(options.scorers !== undefined ? { scorers: scorersOf(options.scorers) } : {}),
    ...(evaluatorIds && evaluatorIds.length > 0 ? { evaluatorIds } : {}),
  };
}

/** Every result of the run, as the JUnit report reads them (pages of 100). */
async function resultsOf(client: ApiClient, datasetId: string, runId: string): Promise<ResultInput[]> {
  const results: ResultInput[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.get<ResultList>(`${datasetPath(datasetId)}/runs/${runId}/results`, { limit: 100, cursor });
    for (const r of page.results) results.push({ itemId: r.itemId, output: r.output, latencyMs: r.latencyMs ?? undefined, costUsd: r.costUsd ?? undefined, error: r.error ?? undefined });
    cursor = page.page.nextCursor ?? undefined;
  } while (cursor);
  return results;
}

/**
 * `experiments run --server`: the server runs the prompt or template over the dataset (a server-side
 * run); the CLI starts it, follows its progress until it ends, then reports and gates exactly as a
 * client-side run does. A run that the server stopped (spent budget) or that was cancelled is exit 1
 * with the run's reason. Interrupting the CLI leaves the run going on the server.
 */
export async function runServerExperiment(io: Io, options: ServerRunOptions, self: Command, pollMs = POLL_MS): Promise<void> {
  const task = await taskOf(options);
  const context = CommandContext.of(io, self);
  const client = context.client();
  const name = options.name ?? `server run ${options.prompt ?? options.template} ${new Date().toISOString()}`;
  let run = await client.request<Run>('POST', `${datasetPath(options.dataset)}/runs`, { body: { name, task } });
  context.notice(`Server-side run ${run.id} "${run.name}" on dataset version ${run.datasetVersion} (${run.itemCount} items)`);

  const progress = runProgress(context, run.itemCount);
  let reported = -1;
  while (run.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    run = await client.get<Run>(`${datasetPath(options.dataset)}/runs/${run.id}`);
    progress.ran(run.resultCount, 0);
    if (run.resultCount !== reported) progress.reported(run.resultCount, 0);
    reported = run.resultCount;
  }
  progress.finish();
  if (run.status !== 'completed') throw new CliFailure(`Run ${run.id} ${run.status}${run.statusReason ? `: ${run.statusReason}` : ''}`);

  const results = await resultsOf(client, options.dataset, run.id);
  await reportRun(context, io, options, { datasetId: run.datasetId, run, results, failed: results.filter((r) => r.error !== undefined).length });
}
