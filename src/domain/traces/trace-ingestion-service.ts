import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { ProblemError, problems } from '../../errors.js';
import type { Store } from '../../ports/store.js';
import { TraceIdTakenError, type PreparedSpanAppend, type SpanRecord, type TraceRecord, type TraceWrite } from '../../ports/traces.js';
import { FieldErrors, validateTraceInput, type ValidTrace } from './trace-input.js';
import { searchDocumentOf, type SearchDocumentOptions } from './search-document.js';
import { summarizeTrace } from './trace-summary.js';
import { WriteGate } from './write-gate.js';
import { recordIngested } from '../../observability/instruments.js';
import type { SpanPricer } from '../pricing/span-pricer.js';
import { traceFieldsOf, type SpansOfTrace } from './trace-assembly.js';
import { summarizeStoredTrace } from './stored-trace-summary.js';
import { extended } from '../../extended.js';

/** The spec's payload ceiling for one trace (tool request payload, REST body). */
export const MAX_TRACE_BYTES = 1024 * 1024;
/** Traces per batch: bounds one transaction's size and lock time. */
export const MAX_BATCH_TRACES = 1000;

/** A stored trace with its spans, as after-store hooks see it. */
export interface IngestedTrace extends TraceRecord {
  spans: readonly SpanRecord[];
}

/** What an after-store hook writes inside the ingest transaction: a failure rolls the traces back too. */
export type AfterStoreWrite = (tx: Store) => Promise<void>;

/**
 * Runs with each ingest in two steps: reads what it needs before the ingest transaction, and
 * returns the write to run inside it. A read inside the transaction would hold the write: on
 * SQLite (one writer for the process) each is a wait for the request thread's turn while the
 * writer idles.
 */
export type AfterStoreHook = (store: Store, traces: IngestedTrace[]) => Promise<AfterStoreWrite>;

/** What an after-append hook writes inside an append's transaction, for the traces it created or changed (a resend changes none). */
export type AfterAppendWrite = (tx: Store, traces: { projectId: string; traceId: string }[]) => Promise<void>;

/** As AfterStoreHook for appends: reads for the project before the transaction, returns the write to run inside it. */
export type AfterAppendHook = (store: Store, projectId: string) => Promise<AfterAppendWrite>;

/** What an append stored: spans accepted (re-sent ones included) and spans refused, with why. */
export interface AppendOutcome {
  acceptedSpans: number;
  addedSpans: number;
  rejectedSpans: number;
  reasons: string[];
  /** Traces created or changed. */
  changedTraces: string[];
  /**
   * With deferDerived: the traces that existed and took spans (or had them all already), whose
   * derived fields were left for refreshDerived.
   */
  deferredTraces: string[];
}

/** How one append is written. */
export interface AppendOptions {
  /**
   * Leave the derived fields and search document of traces that existed as they were: the caller
   * appends more spans to them and then calls refreshDerived once (an OTLP export written in
   * batches). Summing a trace up after every batch would read all its spans again each time.
   */
  deferDerived?: boolean;
}

export interface TraceIngestionOptions {
  afterStore?: AfterStoreHook[];
  afterAppend?: AfterAppendHook[];
  /** Prices spans with tokens but no cost (native and OTLP alike). */
  pricer?: SpanPricer;
  /** Ingest writes (validation through commit) at once per process; default unbounded. */
  maxConcurrentWrites?: number;
}

/** What the caller knows of the size of the JSON it received, if anything. */
export interface SentSize {
  /** Bytes of the whole JSON document the traces came in. */
  sentBytes?: number;
}

/** A trace inside a document of at most MAX_TRACE_BYTES is itself no larger: only bigger or unknown documents are measured trace by trace. */
const mayBeTooLarge = (sent: SentSize): boolean => sent.sentBytes === undefined || sent.sentBytes > MAX_TRACE_BYTES;

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
  private readonly afterAppend: AfterAppendHook[];
  private readonly pricer: SpanPricer | null;
  private readonly gate: WriteGate | null;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    options: TraceIngestionOptions = {},
  ) {
    this.afterStore = options.afterStore ?? [];
    this.afterAppend = options.afterAppend ?? [];
    this.pricer = options.pricer ?? null;
    this.gate = options.maxConcurrentWrites ? new WriteGate(options.maxConcurrentWrites) : null;
  }

  /** Writes waiting for a slot of the write gate (0 without a gate). */
  get queuedWrites(): number {
    return this.gate?.queued ?? 0;
  }

  async ingest(projectId: string, input: unknown, sent: SentSize = {}): Promise<IngestedTrace> {
    if (mayBeTooLarge(sent) && byteSize(input) > MAX_TRACE_BYTES) throw tooLarge();
    const [trace] = await this.write(projectId, [input], '');
    return trace;
  }

  /** All or nothing; field paths are prefixed `/traces/<n>`. */
  async ingestBatch(projectId: string, inputs: unknown[], sent: SentSize = {}): Promise<IngestedTrace[]> {
    if (inputs.length === 0 || inputs.length > MAX_BATCH_TRACES) {
      throw problems.validation(`A batch holds 1 to ${MAX_BATCH_TRACES} traces.`, [
        { path: '/traces', code: 'invalid_size', message: `must hold 1 to ${MAX_BATCH_TRACES} traces` },
      ]);
    }
    if (mayBeTooLarge(sent) && inputs.some((input) => byteSize(input) > MAX_TRACE_BYTES)) throw tooLarge();
    return this.write(projectId, inputs, '/traces');
  }

  /**
   * Appends spans to traces by trace id (OTLP): a trace is created by its first spans and grows with
   * later ones; a re-sent span (same trace and span id) is skipped; a span whose parent has not
   * arrived is kept and sits under it once it does. The derived fields and search document of each
   * changed trace are recomputed in the same transaction. Spans for a native trace id are refused
   * (native traces are immutable).
   */
  async appendSpans(projectId: string, traces: SpansOfTrace[], options: AppendOptions = {}): Promise<AppendOutcome> {
    const work = () => this.storeAppend(projectId, traces, options);
    return this.gate ? this.gate.run(work) : work();
  }

  /**
   * Recomputes the derived fields and search document of appended traces from all their stored
   * spans, read a page at a time (summarizeStoredTrace), in one transaction (after appends with
   * deferDerived). A trace that does not exist is skipped; no refused (native) trace is passed.
   */
  async refreshDerived(projectId: string, traceIds: string[]): Promise<void> {
    const work = async () => {
      const now = this.clock.now();
      const documentOptions = await this.documentOptionsOf(projectId);
      await this.store.groupedTransaction(async (tx) => {
        for (const traceId of [...traceIds].sort()) {
          const existing = await tx.traces.findById(projectId, traceId);
          if (!existing) continue;
          const read = (after: string | null, limit: number) => tx.traces.spansById(projectId, traceId, after, limit);
          const { trace, document } = await summarizeStoredTrace(read, { projectId, traceId }, existing.metadata, now, documentOptions);
          await tx.traces.updateDerived(trace, document);
        }
      });
    };
    return this.gate ? this.gate.run(work) : work();
  }

  private async storeAppend(projectId: string, traces: SpansOfTrace[], options: AppendOptions): Promise<AppendOutcome> {
    const now = this.clock.now();
    if (this.pricer && traces.length > 0) {
      const overrides = await this.pricer.overridesFor(this.store, projectId);
      for (const trace of traces) this.pricer.price(trace.spans, overrides);
    }
    const documentOptions = await this.documentOptionsOf(projectId);
    const hookWrites: AfterAppendWrite[] = [];
    for (const hook of this.afterAppend) hookWrites.push(await hook(this.store, projectId));
    // Sorted: two requests appending to the same traces lock their rows in the same order. Each
    // trace's fields and search document are built before the transaction, as if the spans made a
    // new trace (the usual case), and so are the rows: the transaction then only writes; a trace
    // that existed is summed up again inside it with the spans it had.
    const firsts = [...traces]
      .sort((a, b) => (a.traceId < b.traceId ? -1 : a.traceId > b.traceId ? 1 : 0))
      .map((group) => {
        const fields = traceFieldsOf(group.spans, group.metadata);
        return { group, trace: summarizeTrace(projectId, group.traceId, fields, now), document: searchDocumentOf(fields, documentOptions) };
      });
    const items = firsts.map(({ trace, group }) => ({ trace, spans: group.spans }));
    const writeAppend = async (rows: PreparedSpanAppend): Promise<AppendOutcome> =>
      this.store.groupedTransaction(async (tx) => {
        const outcome: AppendOutcome = { acceptedSpans: 0, addedSpans: 0, rejectedSpans: 0, reasons: [], changedTraces: [], deferredTraces: [] };
        const changed: { projectId: string; traceId: string }[] = [];
        const results = await tx.traces.appendSpans(rows);
        const documents: { projectId: string; traceId: string; body: string }[] = [];
        for (let i = 0; i < firsts.length; i++) {
          const { group, document } = firsts[i];
          const { traceId, spans, metadata } = group;
          const result = results[i];
          if (result.refused) {
            outcome.rejectedSpans += spans.length;
            if (outcome.reasons.length < 5) outcome.reasons.push(`trace ${traceId} was stored through the native API and is immutable`);
            continue;
          }
          outcome.acceptedSpans += spans.length;
          outcome.addedSpans += result.added;
          if (!result.created && options.deferDerived) outcome.deferredTraces.push(traceId);
          if (result.created) {
            documents.push({ projectId, traceId, body: document });
          } else if (result.added > 0 && options.deferDerived) {
            // Summed up by refreshDerived once the caller's last append is in.
          } else if (result.added > 0) {
            const existing = await tx.traces.findById(projectId, traceId);
            const all = traceFieldsOf(await tx.traces.spansOf(projectId, traceId), existing?.metadata ?? metadata);
            await tx.traces.updateDerived(summarizeTrace(projectId, traceId, all, now), searchDocumentOf(all, documentOptions));
          } else {
            continue; // every span was a resend: nothing changed
          }
          changed.push({ projectId, traceId });
          outcome.changedTraces.push(traceId);
        }
        await tx.traces.writeSearchDocuments(documents);
        if (changed.length > 0) for (const write of hookWrites) await write(tx, changed);
        return outcome;
      });
    try {
      return await writeAppend(await this.store.traces.prepareAppend(items));
    } catch (error) {
      // A trace expected new was created meanwhile by another export (SQLite): nothing was stored;
      // written again with every trace taking the careful path, which never throws this.
      if (!(error instanceof TraceIdTakenError)) throw error;
      return writeAppend(await this.store.traces.prepareAppend(items, { expectNew: false }));
    }
  }

  /** The project's search settings (a deleted project stores nothing anyway: its key no longer authenticates). */
  private async documentOptionsOf(projectId: string): Promise<SearchDocumentOptions> {
    const project = await this.store.projects.findById(projectId);
    return { inputsOutputs: project?.searchInputsOutputs ?? true };
  }

  private write(projectId: string, inputs: unknown[], batchPath: string): Promise<IngestedTrace[]> {
    const work = () => this.validateAndStore(projectId, inputs, batchPath);
    return this.gate ? this.gate.run(work) : work();
  }

  private async validateAndStore(projectId: string, inputs: unknown[], batchPath: string): Promise<IngestedTrace[]> {
    const now = this.clock.now();
    const errors = new FieldErrors();
    const valids: { id: string; valid: ValidTrace }[] = [];
    const seen = new Set<string>();
    inputs.forEach((input, i) => {
      const path = batchPath ? `${batchPath}/${i}` : '';
      const valid = validateTraceInput(input, path, errors, now.getTime());
      if (!valid) return;
      const id = valid.traceId ?? randomUUID();
      if (seen.has(id)) errors.add(`${path}/trace_id`, 'duplicate_trace_id', `trace_id ${id} appears twice in the batch`);
      seen.add(id);
      valids.push({ id, valid });
    });
    if (!errors.empty) throw problems.validation('The trace is invalid; see errors. Nothing was stored.', errors.list);
    if (this.pricer) {
      const overrides = await this.pricer.overridesFor(this.store, projectId);
      for (const { valid } of valids) this.pricer.price(valid.spans, overrides);
    }
    const documentOptions = await this.documentOptionsOf(projectId);
    const writes: TraceWrite[] = valids.map(({ id, valid }) => ({
      trace: summarizeTrace(projectId, id, valid, now),
      spans: valid.spans,
      searchText: searchDocumentOf(valid, documentOptions),
    }));

    const ingested = writes.map((w): IngestedTrace => extended(w.trace, { spans: w.spans }));
    // Read and built before the write, which then holds the database for its statements only (on
    // SQLite, one writer for the whole process). An id stored between this read and the write is
    // refused by the write itself (TraceIdTakenError below).
    const taken = await this.store.traces.existingIds(projectId, [...seen]);
    if (taken.length > 0) throw traceExists(taken);
    const rows = this.store.traces.prepareInsert(writes);
    const hookWrites: AfterStoreWrite[] = [];
    for (const hook of this.afterStore) hookWrites.push(await hook(this.store, ingested));
    try {
      await this.store.groupedTransaction(async (tx) => {
        await tx.traces.insertMany(rows);
        for (const write of hookWrites) await write(tx);
      });
    } catch (error) {
      // Two writers raced for the same id: the loser learns it exactly as a resend would.
      if (error instanceof TraceIdTakenError) {
        throw problems.conflict('PUBLIC_API_TRACE_EXISTS', 'A trace_id of this request was stored concurrently; traces are immutable, send a new trace_id.');
      }
      throw error;
    }
    recordIngested(ingested);
    return ingested;
  }
}

/** UTF-8 size of the JSON a caller sent (or would send) for this value. */
function byteSize(input: unknown): number {
  return Buffer.byteLength(JSON.stringify(input) ?? '', 'utf8');
}
