import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TraceInputPayload } from './batch-payload.js';
import { tracePayload } from './batch-payload.js';
import { generateTraces, inBatches, type GeneratedTrace } from './generate-traces.js';
import { METADATA_ONLY_TERMS, RARE_TERMS } from './word-lists.js';

/** Stores traces in-process through the traces service, without HTTP: the raw adapter path. */
export interface RawIngestor {
  ingestBatch(projectId: string, traces: TraceInputPayload[]): Promise<void>;
}

/** What the list/search project holds, and how many traces carry each known search term. */
export interface DatasetSummary {
  seed: number;
  traces: number;
  spans: number;
  commonTraces: number;
  rareTraces: Record<string, number>;
  metadataOnlyTraces: Record<string, number>;
}

export interface LoadDatasetOptions {
  projectId: string;
  seed: number;
  traces: number;
  /** Where the summary is kept, so a reused database resumes or skips the load. */
  dataDir: string;
  baseTime: number;
  batchTraces?: number;
  /** Batch transactions in flight at once (PostgreSQL stores concurrent transactions faster; SQLite has one writer). */
  concurrency?: number;
  log: (message: string) => void;
}

/**
 * Stores one batch, or finds it already stored: a load that was stopped after a batch committed and
 * before the summary recorded it. Batches are all-or-nothing and start at the recorded count, and the
 * data set is deterministic, so one existing id means the whole batch is there.
 */
async function storeOnce(raw: RawIngestor, projectId: string, batch: GeneratedTrace[]): Promise<void> {
  await raw.ingestBatch(projectId, batch.map(tracePayload)).catch((error: { code?: string }) => {
    if (error.code !== 'PUBLIC_API_TRACE_EXISTS') throw error;
  });
}

const emptySummary = (seed: number): DatasetSummary => ({
  seed,
  traces: 0,
  spans: 0,
  commonTraces: 0,
  rareTraces: Object.fromEntries(RARE_TERMS.map((t) => [t, 0])),
  metadataOnlyTraces: Object.fromEntries(METADATA_ONLY_TERMS.map((t) => [t, 0])),
});

function count(summary: DatasetSummary, trace: GeneratedTrace): void {
  summary.traces += 1;
  summary.spans += trace.spans.length;
  if (trace.terms.common) summary.commonTraces += 1;
  if (trace.terms.rare) summary.rareTraces[trace.terms.rare] += 1;
  if (trace.terms.metadataOnly) summary.metadataOnlyTraces[trace.terms.metadataOnly] += 1;
}

/**
 * Bulk-loads traces [0, traces) of the seeded data set into the project through the raw path, in
 * transactions of `batchTraces`, `concurrency` of them at once. The summary is saved after every
 * committed group, so a reused database (`--reuse`) skips what is there and a larger `--traces` only
 * adds the difference.
 */
export async function loadDataset(raw: RawIngestor, options: LoadDatasetOptions): Promise<DatasetSummary> {
  const file = path.join(options.dataDir, `dataset-${options.projectId}.json`);
  let summary = emptySummary(options.seed);
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as DatasetSummary;
    if (saved.seed !== options.seed) throw new Error(`The reused database holds seed ${saved.seed}; run with --seed ${saved.seed} or without --reuse.`);
    summary = saved;
  }
  const missing = options.traces - summary.traces;
  if (missing <= 0) {
    options.log(`data set: reusing ${summary.traces} traces / ${summary.spans} spans`);
    return summary;
  }
  options.log(`data set: loading ${missing} traces (from #${summary.traces}) through the raw path…`);
  const started = Date.now();
  const before = summary.traces;
  let lastLog = started;
  const generator = generateTraces(summary.traces, missing, { seed: options.seed, baseTime: options.baseTime });
  for (const group of inBatches(inBatches(generator, options.batchTraces ?? 500), options.concurrency ?? 1)) {
    await Promise.all(group.map((batch) => storeOnce(raw, options.projectId, batch)));
    for (const batch of group) for (const trace of batch) count(summary, trace);
    writeFileSync(file, JSON.stringify(summary));
    if (Date.now() - lastLog > 10_000) {
      lastLog = Date.now();
      const rate = Math.round((summary.traces - before) / ((lastLog - started) / 1000));
      options.log(`  ${summary.traces}/${options.traces} traces (${rate} traces/s)`);
    }
  }
  options.log(`data set: ${summary.traces} traces / ${summary.spans} spans in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return summary;
}
