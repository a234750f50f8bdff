import { TracewellApiError, type ApiClient } from '../api/client.js';
import type { components } from '../generated/openapi.js';
import type { SpanHandle } from '../tracing/span-handle.js';

export type DatasetItem = components['schemas']['DatasetItem'];
export type ExperimentRun = components['schemas']['ExperimentRun'];
export type ExperimentComparison = components['schemas']['ExperimentComparison'];
export type ExperimentScorer = components['schemas']['ExperimentScorer'];
type ResultInput = components['schemas']['ExperimentResultInput'];
type ScoreInput = components['schemas']['ExperimentScoreInput'];

/** A score an evaluator or task gives: a number, a boolean or a category. */
export type EvaluatorScore = { name: string; value: number | boolean | string; comment?: string };

/** What an evaluator sees of one item. */
export interface EvaluationInput {
  input: unknown;
  output: unknown;
  expectedOutput: unknown;
  item: DatasetItem;
}

/** Returns one score, several, or nothing (no score for this item). */
export type Evaluator = (args: EvaluationInput) => EvaluatorScore | EvaluatorScore[] | undefined | Promise<EvaluatorScore | EvaluatorScore[] | undefined>;

/** What the task returns: the output, or `{ output, scores?, costUsd? }`. */
export type TaskResult = unknown;

export interface RunExperimentOptions {
  /** The dataset's id. */
  dataset: string;
  /** Called once per active item of the dataset's current version; runs inside a span, whose trace the result links to. */
  task: (input: unknown, item: DatasetItem) => TaskResult | Promise<TaskResult>;
  evaluators?: Evaluator[];
  /** Built-in server scorers run when the run completes (docs/experiments.md "Built-in scorers"). */
  scorers?: ExperimentScorer[];
  /** Items run at once (1 to 32, default 4). */
  concurrency?: number;
  /** The run's name (default `sdk run <ISO time>`). */
  name?: string;
  metadata?: Record<string, unknown>;
  /** The run compared against (default: the dataset's baseline run). */
  baseline?: string;
  /** Called after each batch the server accepted. */
  onProgress?: (progress: { reported: number; failed: number; total: number }) => void;
}

export interface ExperimentOutcome {
  run: ExperimentRun;
  /** Items whose task (or result) failed. */
  failedItems: number;
  /** Null when there is no baseline, or this run is it. */
  comparison: ExperimentComparison | null;
}

/** The pieces of the client the runner needs: the API and a way to run a function in a span. */
export interface ExperimentDeps {
  api: ApiClient;
  inSpan<T>(name: string, fn: (span: SpanHandle | undefined) => Promise<T>): Promise<T>;
  flush(): Promise<void>;
}

const BATCH_SIZE = 25;
const MAX_OUTPUT_CHARS = 262_144;

/**
 * Runs `task` over a dataset as an experiment run (the datasets/runs API), reports results in
 * batches as they finish, completes the run and returns its comparison with the baseline — what
 * `tracewell experiments run` does, from code.
 */
export async function runExperiment(deps: ExperimentDeps, options: RunExperimentOptions): Promise<ExperimentOutcome> {
  const concurrency = options.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32) throw new RangeError('concurrency must be an integer from 1 to 32');
  const { api } = deps;
  const datasetId = options.dataset;
  const dataset = (await api.call('getDataset', { path: { id: datasetId } })).data!;
  const created = await api.call('createExperimentRun', {
    path: { id: datasetId },
    body: { name: options.name ?? `sdk run ${new Date().toISOString()}`, datasetVersion: dataset.version, metadata: { ...options.metadata, sdk: '@tracewell/sdk', concurrency } },
  });
  const run = created.data!;
  const items = await allItems(api, datasetId, run.datasetVersion);
  let reported = 0;
  let failed = 0;
  let pending: ResultInput[] = [];
  let sending: Promise<void> = Promise.resolve();
  const send = (batch: ResultInput[]) => {
    sending = sending.then(async () => {
      await postBatch(api, datasetId, run.id, batch);
      reported += batch.length;
      failed += batch.filter((r) => r.error !== undefined).length;
      options.onProgress?.({ reported, failed, total: items.length });
    });
    return sending;
  };
  try {
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const item = items[next++];
        // Awaited first: `pending` is replaced while other items run, so it is read only once this one is done.
        const result = await runItem(deps, options, item);
        pending.push(result);
        if (pending.length >= BATCH_SIZE) {
          const batch = pending;
          pending = [];
          await send(batch);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(items.length, 1)) }, worker));
    if (pending.length > 0) await send(pending);
    await sending;
  } catch (error) {
    // A partial run must not be compared with anything: mark it failed, then report the cause.
    await api.call('updateExperimentRun', { path: { id: datasetId, runId: run.id }, body: { status: 'failed' } }).catch(() => undefined);
    throw error;
  }
  await deps.flush();
  const completed = (await api.call('updateExperimentRun', { path: { id: datasetId, runId: run.id }, body: { status: 'completed', ...(options.scorers ? { scorers: options.scorers } : {}) } })).data!;
  const baseline = options.baseline ?? (await markedBaseline(api, datasetId));
  const comparison = baseline && baseline !== run.id ? (await api.call('compareExperimentRuns', { path: { id: datasetId }, query: { baseline, candidate: [run.id] } })).data! : null;
  return { run: completed, failedItems: failed, comparison };
}

async function runItem(deps: ExperimentDeps, options: RunExperimentOptions, item: DatasetItem): Promise<ResultInput> {
  const started = performance.now();
  let traceId: string | undefined;
  try {
    const returned = await deps.inSpan(`experiment item ${item.id}`, async (span) => {
      traceId = span?.traceId;
      span?.update({ input: item.input, metadata: { dataset_item_id: item.id } });
      const value = await options.task(item.input, item);
      span?.update({ output: structured(value) ? value.output : value });
      return value;
    });
    const latencyMs = Math.min(performance.now() - started, 86_400_000);
    const output = structured(returned) ? returned.output : returned;
    const text = JSON.stringify(output);
    if (text === undefined) throw new TypeError('the task returned something that is not JSON');
    if (text.length > MAX_OUTPUT_CHARS) throw new RangeError('the output is over 256 KiB');
    const scores: ScoreInput[] = [];
    if (structured(returned) && Array.isArray(returned.scores)) scores.push(...(returned.scores as ScoreInput[]));
    for (const evaluator of options.evaluators ?? []) {
      const given = await evaluator({ input: item.input, output, expectedOutput: item.expectedOutput, item });
      for (const score of given === undefined ? [] : Array.isArray(given) ? given : [given]) scores.push({ name: score.name, value: score.value, ...(score.comment ? { comment: score.comment } : {}) });
    }
    const costUsd = structured(returned) && typeof returned.costUsd === 'number' ? returned.costUsd : undefined;
    return { itemId: item.id, output: output as ResultInput['output'], latencyMs, ...(traceId ? { traceId } : {}), ...(costUsd !== undefined ? { costUsd } : {}), ...(scores.length > 0 ? { scores: scores.slice(0, 20) } : {}) };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    return { itemId: item.id, error: `${e.name}: ${e.message}`.slice(0, 2000), latencyMs: Math.min(performance.now() - started, 86_400_000), ...(traceId ? { traceId } : {}) };
  }
}

/** `{ output, … }` with only the keys a structured result may have (as the CLI reads a task's return). */
function structured(value: unknown): value is { output: unknown; scores?: unknown; costUsd?: unknown } {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('output' in value)) return false;
  return Object.keys(value).every((key) => ['output', 'scores', 'costUsd'].includes(key));
}

async function allItems(api: ApiClient, datasetId: string, version: number): Promise<DatasetItem[]> {
  const items: DatasetItem[] = [];
  let cursor: string | undefined;
  do {
    const page = (await api.call('listDatasetItems', { path: { id: datasetId }, query: { version, limit: 100, ...(cursor ? { cursor } : {}) } })).data!;
    items.push(...page.items);
    cursor = page.page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

async function markedBaseline(api: ApiClient, datasetId: string): Promise<string | undefined> {
  let cursor: string | undefined;
  do {
    const page = (await api.call('listExperimentRuns', { path: { id: datasetId }, query: { limit: 100, ...(cursor ? { cursor } : {}) } })).data!;
    const found = page.runs.find((run) => run.baseline);
    if (found) return found.id;
    cursor = page.page.nextCursor ?? undefined;
  } while (cursor);
  return undefined;
}

/**
 * Posts one batch; a result the server refuses (400 at `/body/results/<i>/…`) is sent again as that
 * item's error, so one bad score never loses the batch.
 */
async function postBatch(api: ApiClient, datasetId: string, runId: string, batch: ResultInput[]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await api.call('recordExperimentResults', { path: { id: datasetId, runId }, body: { results: batch } });
      return;
    } catch (error) {
      const problem = error instanceof TracewellApiError && error.status === 400 ? (error.problem as { errors?: { path: string; message: string }[] } | undefined) : undefined;
      const match = problem?.errors?.map((e) => ({ e, m: /^\/body\/results\/(\d+)\/(.+)$/.exec(e.path) })).find(({ m }) => m && m[2] !== 'itemId');
      if (!match?.m || attempt >= batch.length) throw error;
      const index = Number(match.m[1]);
      batch[index] = { itemId: batch[index].itemId, error: `rejected by the server: ${match.e.path}: ${match.e.message}`.slice(0, 2000), ...(batch[index].latencyMs !== undefined ? { latencyMs: batch[index].latencyMs } : {}) };
    }
  }
}
