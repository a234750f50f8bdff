import { writeFile } from 'node:fs/promises';
import type { BodyOf, SuccessData } from '../http/operation-types.js';
import type { ApiClient } from './api-client.js';
import { CliFailure, RegressionFound, UsageError } from './cli-errors.js';
import { comparisonTable, type Comparison } from './comparison-table.js';
import type { CommandContext } from './context.js';
import type { ResultInput } from './experiment-task.js';
import { parseJsonFlag } from './input-files.js';
import type { Io } from './io.js';
import { junitXml } from './junit-report.js';
import { printJson } from './output.js';

type Run = SuccessData<'createExperimentRun'>;
type RunList = SuccessData<'listExperimentRuns'>;

export const datasetPath = (id: string) => `/api/v1/public/datasets/${encodeURIComponent(id)}`;

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

export const compare = (client: ApiClient, datasetId: string, baseline: string, candidates: string[], alpha?: string): Promise<Comparison> =>
  client.get<Comparison>(`${datasetPath(datasetId)}/runs/compare`, { baseline, candidate: candidates, alpha });

/** `--scorers '[{"name":"exact","kind":"exact_match"}]'`: built-in scorers the service runs when the run completes. */
export function scorersOf(raw: string | undefined): BodyOf<'updateExperimentRun'>['scorers'] {
  if (raw === undefined) return undefined;
  const value = parseJsonFlag('--scorers', raw);
  if (!Array.isArray(value) || value.length === 0) throw new UsageError('--scorers must be a JSON array of 1 to 10 { name, kind, … } scorers');
  return value as BodyOf<'updateExperimentRun'>['scorers'];
}

/** Progress of a run: one redrawn line on a terminal, one plain line per reported batch otherwise. */
export function runProgress(context: CommandContext, total: number): { ran(done: number, failed: number): void; reported(count: number, failed: number): void; finish(): void } {
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

export interface ReportOptions {
  baseline?: string;
  failOn?: string;
  junit?: string;
}

/**
 * The end of `experiments run`, client- or server-side: the comparison with `--baseline` (else the
 * dataset's baseline), the table or JSON, the JUnit report, then the exit decision.
 */
export async function reportRun(
  context: CommandContext,
  io: Io,
  options: ReportOptions,
  finished: { datasetId: string; run: Run; results: ResultInput[]; failed: number },
): Promise<void> {
  const { datasetId, run, results } = finished;
  const client = context.client();
  const baselineId = options.baseline ?? (await markedBaseline(client, datasetId))?.id;
  const comparison = baselineId !== undefined && baselineId !== run.id ? await compare(client, datasetId, baselineId, [run.id]) : null;

  if (context.settings.json) {
    printJson(io, { run, failedItems: finished.failed, comparison });
  } else {
    io.out(`Run ${run.id} completed: ${results.length} items, ${finished.failed} failed.\n`);
    if (comparison) io.out(`Compared with baseline ${comparison.baselineRunId} (alpha ${comparison.alpha}):\n${comparisonTable(comparison, false)}`);
    else io.out(baselineId === run.id ? 'This run is the baseline: nothing to compare.\n' : 'No baseline run (mark one, or pass --baseline <run>): nothing to compare.\n');
  }
  if (options.junit) {
    try {
      await writeFile(options.junit, junitXml({ datasetId, runId: run.id, runName: run.name, results, comparison }));
    } catch (error) {
      throw new CliFailure(`Cannot write the JUnit report to ${options.junit}: ${(error as Error).message}`);
    }
  }
  const regressions = comparison?.comparisons.filter((row) => row.significant && row.direction === 'regressed') ?? [];
  if (options.failOn === 'regression' && regressions.length > 0) {
    throw new RegressionFound(`significant regression on ${regressions.map((row) => row.score).join(', ')} against baseline ${comparison?.baselineRunId}`);
  }
}
