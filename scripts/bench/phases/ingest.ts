import { batchBody, prepareBatch, type PreparedBatch } from '../batch-payload.js';
import { generateTraces, inBatches } from '../generate-traces.js';
import type { BenchPhases, IngestLevel } from '../report.js';
import { loadServer, type PhaseContext } from './phase-context.js';
import { measurePhysicalLimit, physicalBatch, type PhysicalIngestResult } from '../physical-ingest.js';

/** PostgreSQL COPY connections for the physical limit: the issue measured one (27,000 spans/s) and two (46,000). */
const COPY_CONNECTIONS = 2;

export interface IngestOptions {
  concurrencies: number[];
  tracesPerLevel: number;
  batchTraces: number;
  /** First data-set index of the ingest traces: past the bulk-loaded ones, so ids never collide. */
  firstIndex: number;
}

function prepare(context: Pick<PhaseContext, 'seed' | 'baseTime'>, from: number, options: IngestOptions): PreparedBatch[] {
  const generator = generateTraces(from, options.tracesPerLevel, { seed: context.seed, baseTime: context.baseTime });
  return [...inBatches(generator, options.batchTraces)].map(prepareBatch);
}

async function spansStored(context: Pick<PhaseContext, 'db'>, projectId: string): Promise<number> {
  const row = await context.db.database.knex('spans').where({ project_id: projectId }).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export type RawIngestResult = BenchPhases['ingest']['raw'];

/**
 * The raw limit: `tracesPerLevel` traces stored in-process through the server's own ingestion
 * service and adapter, one batch transaction after another. It runs before the server starts, so
 * no other process holds SQLite's write lock and no server background work shares the CPU.
 */
export async function measureRawIngest(context: Omit<PhaseContext, 'server'>, options: IngestOptions): Promise<RawIngestResult> {
  const projectId = await context.db.createProject('bench ingest raw');
  const batches = prepare(context, options.firstIndex, options);
  context.log(`ingest: raw limit, ${batches.length} batch transactions in-process…`);
  const started = process.hrtime.bigint();
  for (const batch of batches) await context.raw.ingestBatch(projectId, batch.traces);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const spans = await spansStored(context, projectId);
  await context.db.deleteProject(projectId);
  return { spans, traces: options.tracesPerLevel, seconds: Math.round(seconds * 1000) / 1000, spansPerSecond: Math.round(spans / seconds) };
}

/** Repetitions of the physical limit; the median is reported. */
const PHYSICAL_RUNS = 3;

/**
 * The database's own bulk-insert rate for the same traces' rows (traces, spans, search documents),
 * derived by the service's code before the clock starts: reused prepared statements on SQLite, COPY
 * on PostgreSQL. Runs before the server starts, like the raw run. Measured PHYSICAL_RUNS times, each
 * into a new project, and the median reported: one run at a million traces on SQLite measured 43,769
 * spans/s right after a PostgreSQL run had filled the page cache and 78,461 in the next run.
 */
export async function measurePhysicalIngest(context: Omit<PhaseContext, 'server'>, options: IngestOptions): Promise<PhysicalIngestResult> {
  const traces = prepare(context, options.firstIndex, options);
  context.log(`ingest: physical limit, ${traces.length} batch transactions, ${PHYSICAL_RUNS} times…`);
  const results: PhysicalIngestResult[] = [];
  for (let run = 0; run < PHYSICAL_RUNS; run++) {
    const projectId = await context.db.createProject(`bench ingest physical ${run + 1}`);
    const now = Date.now();
    const batches = traces.map((batch) => physicalBatch(projectId, batch.traces, now));
    const result = await measurePhysicalLimit(context.db.adapter, context.db.database.knex, batches, COPY_CONNECTIONS);
    const stored = await spansStored(context, projectId);
    if (stored !== result.spans) context.notes.push(`physical ingest stored ${stored} spans of ${result.spans}`);
    await context.db.deleteProject(projectId);
    results.push(result);
  }
  const median = [...results].sort((a, b) => a.spansPerSecond - b.spansPerSecond)[Math.floor(PHYSICAL_RUNS / 2)];
  return { ...median, runsSpansPerSecond: results.map((r) => r.spansPerSecond) };
}

/**
 * Spans per second through `POST /traces/batch` at each concurrency, each level into its own new
 * project with fresh data (indexes after the raw run's). Data is generated before the clock starts
 * and spans are counted in the database, so only stored spans count. The ratio compares concurrency
 * 8 with the raw limit measured before. The levels' projects are left for the caller to delete
 * (`projects`) once the OTLP phase, compared with the last level, has run: deleting 15,000 traces
 * between the two made the OTLP phase pay for the deletion's write-ahead log and, on SQLite, the
 * FTS5 merges its delete markers bring.
 */
export async function measureIngest(
  context: PhaseContext,
  options: IngestOptions,
  raw: RawIngestResult,
  physical?: PhysicalIngestResult,
): Promise<{ ingest: BenchPhases['ingest']; projects: string[] }> {
  const levels: IngestLevel[] = [];
  let from = options.firstIndex + options.tracesPerLevel;
  const projects: string[] = [];
  for (const concurrency of options.concurrencies) {
    const projectId = await context.db.createProject(`bench ingest c=${concurrency}`);
    projects.push(projectId);
    const apiKey = await context.db.issueApiKey(projectId);
    const bodies = prepare(context, from, options).map(batchBody);
    from += options.tracesPerLevel;
    context.log(`ingest: ${bodies.length} batches of ${options.batchTraces} traces at concurrency ${concurrency}…`);
    await context.db.checkpoint();
    let next = 0;
    const result = await loadServer(context, `ingest c=${concurrency}`, {
      url: `${context.server.baseUrl}/api/v1/public/traces/batch`,
      method: 'POST',
      connections: Math.min(concurrency, bodies.length),
      amount: bodies.length,
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      nextBody: () => (next < bodies.length ? bodies[next++] : null),
    });
    const spans = await spansStored(context, projectId);
    levels.push({
      concurrency,
      spans,
      traces: options.tracesPerLevel,
      seconds: result.seconds,
      spansPerSecond: Math.round(spans / result.seconds),
      batchP50Ms: result.p50Ms,
      batchP99Ms: result.p99Ms,
      failed: result.failed,
      peakRssMb: result.peakRssMb,
    });
  }
  const at8 = levels.find((level) => level.concurrency === 8);
  const ingest = {
    batchTraces: options.batchTraces,
    levels,
    raw,
    physical,
    httpToPhysicalAt8: at8 && physical && physical.spansPerSecond > 0 ? Math.round((at8.spansPerSecond / physical.spansPerSecond) * 1000) / 1000 : null,
    httpToRawAt8: at8 && raw.spansPerSecond > 0 ? Math.round((at8.spansPerSecond / raw.spansPerSecond) * 1000) / 1000 : null,
  };
  return { ingest, projects };
}
