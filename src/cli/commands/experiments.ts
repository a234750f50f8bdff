import type { Command } from 'commander';
import type { BodyOf, SuccessData } from '../../http/operation-types.js';
import type { ApiClient } from '../api-client.js';
import { UsageError } from '../cli-errors.js';
import { comparisonTable } from '../comparison-table.js';
import { CommandContext } from '../context.js';
import { forEachBounded, loadTask, runOne, type ResultInput } from '../experiment-task.js';
import type { Io } from '../io.js';
import { printJson } from '../output.js';
import { ResultReporter } from '../result-reporter.js';
import { compare, datasetPath, reportRun, runProgress, scorersOf } from '../run-report.js';
import { runServerExperiment, type ServerRunOptions } from './server-run.js';

type Dataset = SuccessData<'getDataset'>;
type Run = SuccessData<'createExperimentRun'>;
type ItemList = SuccessData<'listDatasetItems'>;

const MAX_CONCURRENCY = 32;

function concurrencyOf(raw: string | undefined): number {
  if (raw === undefined) return 4;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > MAX_CONCURRENCY) throw new UsageError(`--concurrency must be an integer from 1 to ${MAX_CONCURRENCY}; got ${raw}`);
  return value;
}

/** Every item active at the pinned version (a dataset holds at most 10,000; pages of 100). */
async function itemsAt(client: ApiClient, datasetId: string, version: number): Promise<ItemList['items']> {
  const items: ItemList['items'] = [];
  let cursor: string | undefined;
  do {
    const page = await client.get<ItemList>(`${datasetPath(datasetId)}/items`, { version, limit: 100, cursor });
    items.push(...page.items);
    cursor = page.page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}



interface RunOptions extends ServerRunOptions {
  task?: string;
  server?: boolean;
}


async function runExperiment(io: Io, options: RunOptions & { task: string }, self: Command): Promise<void> {
  const concurrency = concurrencyOf(options.concurrency);
  const scorers = scorersOf(options.scorers);
  const task = await loadTask(options.task);
  const context = CommandContext.of(io, self);
  const client = context.client();

  const dataset = await client.get<Dataset>(datasetPath(options.dataset));
  const body: BodyOf<'createExperimentRun'> = {
    name: options.name ?? `${options.task} ${new Date().toISOString()}`,
    datasetVersion: dataset.version,
    metadata: { runner: 'tracewell experiments run', task: options.task, concurrency },
  };
  const run = await client.request<Run>('POST', `${datasetPath(dataset.id)}/runs`, { body });
  context.notice(`Run ${run.id} "${run.name}" on dataset ${dataset.name} version ${run.datasetVersion} (${run.itemCount} items)`);

  const items = await itemsAt(client, dataset.id, run.datasetVersion);
  const progress = runProgress(context, items.length);
  const reporter = new ResultReporter(client, `${datasetPath(dataset.id)}/runs/${run.id}/results`, (count, failed) => progress.reported(count, failed));
  // In dataset order (not completion order), so the JUnit report reads like the dataset.
  const results: ResultInput[] = new Array<ResultInput>(items.length);
  let ran = 0;
  let failed = 0;
  try {
    await forEachBounded(items, concurrency, async (item, index) => {
      const result = await runOne(task, item);
      results[index] = result;
      ran += 1;
      if (result.error !== undefined) failed += 1;
      progress.ran(ran, failed);
      await reporter.add(result);
    });
    await reporter.flush();
  } catch (error) {
    progress.finish();
    // The run cannot be completed with results missing: mark it failed so nobody compares against it.
    await client.request('PATCH', `${datasetPath(dataset.id)}/runs/${run.id}`, { body: { status: 'failed' } }).catch(() => undefined);
    throw error;
  }
  progress.finish();
  let finished: Run;
  try {
    finished = await client.request<Run>('PATCH', `${datasetPath(dataset.id)}/runs/${run.id}`, { body: { status: 'completed', ...(scorers ? { scorers } : {}) } });
  } catch (error) {
    // A scorer the service refuses (400 at /body/scorers/…) writes nothing; the run is failed, not left running.
    await client.request('PATCH', `${datasetPath(dataset.id)}/runs/${run.id}`, { body: { status: 'failed' } }).catch(() => undefined);
    throw error;
  }

  await reportRun(context, io, options, { datasetId: dataset.id, run: finished, results, failed: reporter.failed });
}

export function registerExperimentCommands(program: Command, io: Io): void {
  const experiments = program.command('experiments').description('experiment runs over datasets, and their comparison');

  experiments
    .command('run')
    .description('run a task module over every item of a dataset, report the results, compare with the baseline (a CI gate)')
    .requiredOption('--dataset <id>', 'dataset id; the run is pinned to its current version')
    .option('--task <file>', 'ES module whose default export is async (input, item) => output | { output, scores, traceId }')
    .option('--server', 'let the server run the task (a server-side run): with --prompt or --template, and --connection')
    .option('--prompt <name@label|name@version>', '--server: a prompt of the registry (name alone: its production label)')
    .option('--template <file>', '--server: a JSON array of chat messages whose {{variables}} the items fill')
    .option('--connection <id>', '--server: the model connection to call')
    .option('--model <model>', "--server: the model to ask (default: the connection's)")
    .option('--evaluators <ids>', '--server: comma-separated LLM-as-judge evaluator ids, applied to every result before the run completes')
    .option('--name <name>', 'run name (default: the task path and the time)')
    .option('--baseline <run>', "run to compare with (default: the dataset's baseline run)")
    .option('--concurrency <n>', `items run at once (1 to ${MAX_CONCURRENCY}, default 4; --server: 1 to 16)`)
    .option('--fail-on <condition>', 'exit 3 on a significant regression: regression')
    .option('--junit <file>', 'write JUnit XML: one testcase per item and per score comparison')
    .option('--scorers <json>', 'built-in scorers run by the service on completion, e.g. \'[{"name":"exact","kind":"exact_match"}]\'')
    .action(async (options: RunOptions, self: Command) => {
      if (options.failOn !== undefined && options.failOn !== 'regression') throw new UsageError(`--fail-on accepts only "regression"; got ${options.failOn}`);
      if (options.server === true) {
        if (options.task !== undefined) throw new UsageError('--task runs the task here; --server lets the server run it: give one of them');
        await runServerExperiment(io, options, self);
        return;
      }
      if (options.task === undefined) throw new UsageError('--task <file> is required (or --server with --prompt or --template)');
      await runExperiment(io, { ...options, task: options.task }, self);
    });

  experiments
    .command('compare')
    .description('compare candidate runs with a baseline run, score by score')
    .requiredOption('--dataset <id>', 'dataset id')
    .requiredOption('--baseline <run>', 'baseline run id')
    .requiredOption('--candidate <run...>', 'candidate run ids (1 to 5)')
    .option('--alpha <alpha>', 'significance level of the adjusted p-values (default 0.05)')
    .action(async (options: { dataset: string; baseline: string; candidate: string[]; alpha?: string }, self: Command) => {
      const context = CommandContext.of(io, self);
      const comparison = await compare(context.client(), options.dataset, options.baseline, options.candidate, options.alpha);
      if (context.settings.json) printJson(io, comparison);
      else io.out(`Baseline ${comparison.baselineRunId} (alpha ${comparison.alpha}, seed ${comparison.seed}):\n${comparisonTable(comparison, options.candidate.length > 1)}`);
    });
}
