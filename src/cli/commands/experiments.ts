import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { BodyOf, SuccessData } from '../../http/operation-types.js';
import type { ApiClient } from '../api-client.js';
import { CliFailure, RegressionFound, UsageError } from '../cli-errors.js';
import { parseJsonFlag } from '../input-files.js';
import { comparisonTable, type Comparison } from '../comparison-table.js';
import { CommandContext } from '../context.js';
import { forEachBounded, loadTask, runOne, type ResultInput } from '../experiment-task.js';
import type { Io } from '../io.js';
import { junitXml } from '../junit-report.js';
import { printJson } from '../output.js';
import { ResultReporter } from '../result-reporter.js';

type Dataset = SuccessData<'getDataset'>;
type Run = SuccessData<'createExperimentRun'>;
type ItemList = SuccessData<'listDatasetItems'>;
type RunList = SuccessData<'listExperimentRuns'>;

const datasetPath = (id: string) => `/api/v1/public/datasets/${encodeURIComponent(id)}`;
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

/** The dataset's baseline run, if one is marked. */
async function markedBaseline(client: ApiClient, datasetId: string): Promise<Run | undefined> {
  let cursor: string | undefined;
  do {
    const page = await client.get<RunList>(`${datasetPath(datasetId)}/runs`, { limit: 100, cursor });
    const found = page.runs.find((run) => run.baseline);
    if (found) return found;
    cursor = page.page.nextCursor ?? undefined;
  } while (cursor);
  return undefined;
}

const compare = (client: ApiClient, datasetId: string, baseline: string, candidates: string[], alpha?: string): Promise<Comparison> =>
  client.get<Comparison>(`${datasetPath(datasetId)}/runs/compare`, { baseline, candidate: candidates, alpha });

/** Progress of a run: one redrawn line on a terminal, one plain line per reported batch otherwise. */
function runProgress(context: CommandContext, total: number): { ran(done: number, failed: number): void; reported(count: number, failed: number): void; finish(): void } {
  const tty = context.io.stderrIsTTY && !context.settings.quiet;
  let drawn = false;
  return {
    ran(done, failed) {
      if (!tty) return;
      context.io.err(`\r\x1b[2KRan ${done}/${total} items${failed > 0 ? ` (${failed} failed)` : ''}…`);
      drawn = true;
    },
    reported(count, failed) {
      if (!tty) context.notice(`Reported ${count}/${total} results${failed > 0 ? ` (${failed} failed)` : ''}`);
    },
    finish() {
      if (drawn) context.io.err('\r\x1b[2K');
      drawn = false;
    },
  };
}

interface RunOptions {
  scorers?: string;
  dataset: string;
  task: string;
  name?: string;
  baseline?: string;
  concurrency?: string;
  failOn?: string;
  junit?: string;
}

/** `--scorers '[{"name":"exact","kind":"exact_match"}]'`: built-in scorers the service runs when the run completes. */
function scorersOf(raw: string | undefined): BodyOf<'updateExperimentRun'>['scorers'] {
  if (raw === undefined) return undefined;
  const value = parseJsonFlag('--scorers', raw);
  if (!Array.isArray(value) || value.length === 0) throw new UsageError('--scorers must be a JSON array of 1 to 10 { name, kind, … } scorers');
  return value as BodyOf<'updateExperimentRun'>['scorers'];
}

async function runExperiment(io: Io, options: RunOptions, self: Command): Promise<void> {
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

  const baselineId = options.baseline ?? (await markedBaseline(client, dataset.id))?.id;
  const comparison = baselineId !== undefined && baselineId !== run.id ? await compare(client, dataset.id, baselineId, [run.id]) : null;

  if (context.settings.json) {
    printJson(io, { run: finished, failedItems: reporter.failed, comparison });
  } else {
    io.out(`Run ${run.id} completed: ${results.length} items, ${reporter.failed} failed.\n`);
    if (comparison) io.out(`Compared with baseline ${comparison.baselineRunId} (alpha ${comparison.alpha}):\n${comparisonTable(comparison, false)}`);
    else io.out(baselineId === run.id ? 'This run is the baseline: nothing to compare.\n' : 'No baseline run (mark one, or pass --baseline <run>): nothing to compare.\n');
  }
  if (options.junit) {
    try {
      await writeFile(options.junit, junitXml({ datasetId: dataset.id, runId: run.id, runName: finished.name, results, comparison }));
    } catch (error) {
      throw new CliFailure(`Cannot write the JUnit report to ${options.junit}: ${(error as Error).message}`);
    }
  }
  const regressions = comparison?.comparisons.filter((row) => row.significant && row.direction === 'regressed') ?? [];
  if (options.failOn === 'regression' && regressions.length > 0) {
    throw new RegressionFound(`significant regression on ${regressions.map((row) => row.score).join(', ')} against baseline ${comparison?.baselineRunId}`);
  }
}

export function registerExperimentCommands(program: Command, io: Io): void {
  const experiments = program.command('experiments').description('experiment runs over datasets, and their comparison');

  experiments
    .command('run')
    .description('run a task module over every item of a dataset, report the results, compare with the baseline (a CI gate)')
    .requiredOption('--dataset <id>', 'dataset id; the run is pinned to its current version')
    .requiredOption('--task <file>', 'ES module whose default export is async (input, item) => output | { output, scores, traceId }')
    .option('--name <name>', 'run name (default: the task path and the time)')
    .option('--baseline <run>', "run to compare with (default: the dataset's baseline run)")
    .option('--concurrency <n>', `items run at once (1 to ${MAX_CONCURRENCY}, default 4)`)
    .option('--fail-on <condition>', 'exit 3 on a significant regression: regression')
    .option('--junit <file>', 'write JUnit XML: one testcase per item and per score comparison')
    .option('--scorers <json>', 'built-in scorers run by the service on completion, e.g. \'[{"name":"exact","kind":"exact_match"}]\'')
    .action(async (options: RunOptions, self: Command) => {
      if (options.failOn !== undefined && options.failOn !== 'regression') throw new UsageError(`--fail-on accepts only "regression"; got ${options.failOn}`);
      await runExperiment(io, options, self);
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
