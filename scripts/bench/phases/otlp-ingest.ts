import { generateTraces, inBatches } from '../generate-traces.js';
import { otlpExportBody, type OtlpIds } from '../otlp-payload.js';
import type { BenchPhases, OtlpIngestLevel, OtlpIngestResult } from '../report.js';
import { loadServer, type PhaseContext } from './phase-context.js';

export interface OtlpIngestOptions {
  concurrency: number;
  traces: number;
  /** Traces per export request (as a BatchSpanProcessor would flush them). */
  tracesPerExport: number;
  /** The first of the `2 × traces` generated traces this phase uses (new data, past every native level's). */
  firstIndex: number;
}

/**
 * Spans per second through `POST /v1/traces` (OTLP protobuf) at one concurrency, twice, each into a
 * new project with fresh data: with the generated traces' own ids — the same traces as the native
 * batch levels, so the ratio compares the two paths (the issue's target) — and then with random ids,
 * as OpenTelemetry SDKs make them. Bodies are encoded before the clock starts and spans are counted
 * in the database. Ratios compare with the native batch endpoint at the same concurrency, this run.
 */
export async function measureOtlpIngest(context: PhaseContext, options: OtlpIngestOptions, native: BenchPhases['ingest']): Promise<OtlpIngestResult> {
  const nativeLevel = native.levels.find((level) => level.concurrency === options.concurrency);
  const toNative = (spansPerSecond: number) =>
    nativeLevel && nativeLevel.spansPerSecond > 0 ? Math.round((spansPerSecond / nativeLevel.spansPerSecond) * 1000) / 1000 : null;
  const generated = await measureLevel(context, options, 'generated', options.firstIndex);
  const random = await measureLevel(context, options, 'random', options.firstIndex + options.traces);
  return {
    ...generated,
    tracesPerExport: options.tracesPerExport,
    toNativeBatch: toNative(generated.spansPerSecond),
    randomIds: { ...random, toNativeBatch: toNative(random.spansPerSecond) },
  };
}

async function measureLevel(context: PhaseContext, options: OtlpIngestOptions, ids: OtlpIds, firstIndex: number): Promise<OtlpIngestLevel> {
  const projectId = await context.db.createProject(`bench otlp c=${options.concurrency} ${ids} ids`);
  const apiKey = await context.db.issueApiKey(projectId);
  const generator = generateTraces(firstIndex, options.traces, { seed: context.seed, baseTime: context.baseTime });
  const bodies = [...inBatches(generator, options.tracesPerExport)].map((traces) => otlpExportBody(traces, ids));
  context.log(`otlp ingest: ${bodies.length} protobuf exports of ${options.tracesPerExport} traces (${ids} ids) at concurrency ${options.concurrency}…`);
  // Not paying for the writes of the measurement before it (each native level checkpoints too).
  await context.db.checkpoint();
  let next = 0;
  const result = await loadServer(context, `otlp ingest c=${options.concurrency} ${ids} ids`, {
    url: `${context.server.baseUrl}/v1/traces`,
    method: 'POST',
    connections: Math.min(options.concurrency, bodies.length),
    amount: bodies.length,
    headers: { 'content-type': 'application/x-protobuf', 'x-api-key': apiKey },
    nextBody: () => (next < bodies.length ? bodies[next++] : null),
  });
  const row = await context.db.database.knex('spans').where({ project_id: projectId }).count({ n: '*' }).first();
  const spans = Number(row?.n ?? 0);
  await context.db.deleteProject(projectId);
  return {
    concurrency: options.concurrency,
    spans,
    traces: options.traces,
    seconds: result.seconds,
    spansPerSecond: Math.round(spans / result.seconds),
    exportP50Ms: result.p50Ms,
    exportP99Ms: result.p99Ms,
    failed: result.failed,
    peakRssMb: result.peakRssMb,
  };
}
