import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { ProblemError, problems } from '../../errors.js';
import type { Store } from '../../ports/store.js';
import { TraceIdTakenError, type SpanRecord, type TraceRecord, type TraceWrite } from '../../ports/traces.js';
import { FieldErrors, validateTraceInput } from './trace-input.js';
import { searchDocumentOf } from './search-document.js';
import { summarizeTrace } from './trace-summary.js';
import { WriteGate } from './write-gate.js';

/** The spec's payload ceiling for one trace (tool request payload, REST body). */
export const MAX_TRACE_BYTES = 1024 * 1024;
/** Traces per batch: bounds one transaction's size and lock time. */
export const MAX_BATCH_TRACES = 1000;

/** A stored trace with its spans, as after-store hooks see it. */
export interface IngestedTrace extends TraceRecord {
  spans: readonly SpanRecord[];
}

/** Runs inside the ingest transaction: a failure rolls the traces back too. */
export type AfterStoreHook = (tx: Store, traces: IngestedTrace[]) => Promise<void>;

export interface TraceIngestionOptions {
  afterStore?: AfterStoreHook[];
  /** Ingest writes (validation through commit) at once per process; default unbounded. */
  maxConcurrentWrites?: number;
}

const tooLarge = () => new ProblemError(413, 'PUBLIC_API_PAYLOAD_TOO_LARGE', 'A trace may be at most 1 MB of JSON.');

const traceExists = (ids: string[]) =>
  problems.conflict(
    'PUBLIC_API_TRACE_EXISTS',
    ids.length === 1
      ? `Trace ${ids[0]} already exists in this project; traces are immutable, send a new trace_id.`
      : `${ids.length} traces already exist in this project (first: ${ids[0]}); traces are immutable, send new trace_ids.`,
  );

/**
 * The one way traces get stored, for REST and the log_trace tool alike. Validates everything first,
 * then writes traces, spans and search documents in one transaction: an invalid trace, an id that
 * exists, or a failing hook leaves nothing behind.
 */
export class TraceIngestionService {
  private readonly afterStore: AfterStoreHook[];
  private readonly gate: WriteGate | null;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    options: TraceIngestionOptions = {},
  ) {
    this.afterStore = options.afterStore ?? [];
    this.gate = options.maxConcurrentWrites ? new WriteGate(options.maxConcurrentWrites) : null;
  }

  async ingest(projectId: string, input: unknown): Promise<IngestedTrace> {
    if (byteSize(input) > MAX_TRACE_BYTES) throw tooLarge();
    const [trace] = await this.write(projectId, [input], '');
    return trace;
  }

  /** All or nothing; field paths are prefixed `/traces/<n>`. */
  async ingestBatch(projectId: string, inputs: unknown[]): Promise<IngestedTrace[]> {
    if (inputs.length === 0 || inputs.length > MAX_BATCH_TRACES) {
      throw problems.validation(`A batch holds 1 to ${MAX_BATCH_TRACES} traces.`, [
        { path: '/traces', code: 'invalid_size', message: `must hold 1 to ${MAX_BATCH_TRACES} traces` },
      ]);
    }
    if (inputs.some((input) => byteSize(input) > MAX_TRACE_BYTES)) throw tooLarge();
    return this.write(projectId, inputs, '/traces');
  }

  private write(projectId: string, inputs: unknown[], batchPath: string): Promise<IngestedTrace[]> {
    const work = () => this.validateAndStore(projectId, inputs, batchPath);
    return this.gate ? this.gate.run(work) : work();
  }

  private async validateAndStore(projectId: string, inputs: unknown[], batchPath: string): Promise<IngestedTrace[]> {
    const now = this.clock.now();
    const errors = new FieldErrors();
    const writes: TraceWrite[] = [];
    const seen = new Set<string>();
    inputs.forEach((input, i) => {
      const path = batchPath ? `${batchPath}/${i}` : '';
      const valid = validateTraceInput(input, path, errors, now.getTime());
      if (!valid) return;
      const id = valid.traceId ?? randomUUID();
      if (seen.has(id)) errors.add(`${path}/trace_id`, 'duplicate_trace_id', `trace_id ${id} appears twice in the batch`);
      seen.add(id);
      writes.push({ trace: summarizeTrace(projectId, id, valid, now), spans: valid.spans, searchText: searchDocumentOf(valid) });
    });
    if (!errors.empty) throw problems.validation('The trace is invalid; see errors. Nothing was stored.', errors.list);

    const ingested = writes.map((w): IngestedTrace => ({ ...w.trace, spans: w.spans }));
    try {
      await this.store.transaction(async (tx) => {
        const taken = await tx.traces.existingIds(projectId, [...seen]);
        if (taken.length > 0) throw traceExists(taken);
        await tx.traces.insertMany(writes);
        for (const hook of this.afterStore) await hook(tx, ingested);
      });
    } catch (error) {
      // Two writers raced for the same id: the loser learns it exactly as a resend would.
      if (error instanceof TraceIdTakenError) {
        throw problems.conflict('PUBLIC_API_TRACE_EXISTS', 'A trace_id of this request was stored concurrently; traces are immutable, send a new trace_id.');
      }
      throw error;
    }
    return ingested;
  }
}

/** UTF-8 size of the JSON a caller sent (or would send) for this value. */
function byteSize(input: unknown): number {
  return Buffer.byteLength(JSON.stringify(input) ?? '', 'utf8');
}
