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
  log: (message: string) => void;
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
 * transactions of `batchTraces`. The summary is saved after every committed batch, so a reused
 * database (`--reuse`) skips what is there and a larger `--traces` only adds the difference.
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
  for (const batch of inBatches(generator, options.batchTraces ?? 500)) {
    await raw.ingestBatch(options.projectId, batch.map(tracePayload));
    for (const trace of batch) count(summary, trace);
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
