import { generateTraces, inBatches } from '../generate-traces.js';
import { otlpExportBody } from '../otlp-payload.js';
import type { BenchPhases, OtlpIngestResult } from '../report.js';
import { loadServer, type PhaseContext } from './phase-context.js';

export interface OtlpIngestOptions {
  concurrency: number;
  traces: number;
  /** Traces per export request (as a BatchSpanProcessor would flush them). */
  tracesPerExport: number;
  firstIndex: number;
}

/**
 * Spans per second through `POST /v1/traces` (OTLP protobuf) at one concurrency, into a new project
 * with fresh data; bodies are encoded before the clock starts and spans are counted in the
 * database. The ratio compares with the native batch endpoint at the same concurrency, this run.
 */
export async function measureOtlpIngest(context: PhaseContext, options: OtlpIngestOptions, native: BenchPhases['ingest']): Promise<OtlpIngestResult> {
  const projectId = await context.db.createProject(`bench otlp c=${options.concurrency}`);
  const apiKey = await context.db.issueApiKey(projectId);
  const generator = generateTraces(options.firstIndex, options.traces, { seed: context.seed, baseTime: context.baseTime });
  const bodies = [...inBatches(generator, options.tracesPerExport)].map(otlpExportBody);
  context.log(`otlp ingest: ${bodies.length} protobuf exports of ${options.tracesPerExport} traces at concurrency ${options.concurrency}…`);
  let next = 0;
  const result = await loadServer(context, `otlp ingest c=${options.concurrency}`, {
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
  const spansPerSecond = Math.round(spans / result.seconds);
  const nativeLevel = native.levels.find((level) => level.concurrency === options.concurrency);
  return {
    concurrency: options.concurrency,
    tracesPerExport: options.tracesPerExport,
    spans,
    traces: options.traces,
    seconds: result.seconds,
    spansPerSecond,
    exportP50Ms: result.p50Ms,
    exportP99Ms: result.p99Ms,
    failed: result.failed,
    peakRssMb: result.peakRssMb,
    toNativeBatch: nativeLevel && nativeLevel.spansPerSecond > 0 ? Math.round((spansPerSecond / nativeLevel.spansPerSecond) * 1000) / 1000 : null,
  };
}
