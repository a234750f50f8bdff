import type { TraceIngestionService } from '../traces/trace-ingestion-service.js';
import { groupByTrace, type SpansOfTrace } from '../traces/trace-assembly.js';
import type { OtlpEncoding, OtlpTraceRequest } from './otlp-request.js';
import type * as OtlpRequest from './otlp-request.js';
import { loadModule } from '../../lazy-module.js';
import { mapTraceRequest } from './span-mapper.js';
import { ByteAdmission } from './otlp-admission.js';
import { ProblemError } from '../../errors.js';

/**
 * The decoder (protobufjs and the OpenTelemetry message classes, ~50 ms of start-up CPU) is
 * imported on the first export, not at start: most deployments never receive one.
 */
let decoder: Promise<typeof OtlpRequest> | undefined;
function loadDecoder(): Promise<typeof OtlpRequest> {
  decoder ??= loadModule<typeof OtlpRequest>(new URL('./otlp-request.js', import.meta.url));
  return decoder;
}

/** The answer to one export: OTLP's partial success (zero rejected spans is full success). */
export interface ExportResult {
  acceptedSpans: number;
  rejectedSpans: number;
  errorMessage: string;
}

/** Spans decoded, mapped and written at a time; measured with `npm run bench:otlp-memory` (docs/tenant-safety-input.md). */
export const DEFAULT_BATCH_SPANS = 512;

/** What an export has added up so far, batch after batch. */
interface ExportState {
  result: ExportResult;
  mappingReasons: string[];
  storingReasons: string[];
  /** Traces a batch after the first appended to: their derived fields wait for the last batch. */
  deferred: Set<string>;
  first: boolean;
}

/**
 * The next batch decoded, mapped and grouped by trace, or null after the last. The decoded request
 * and the mapped wrappers (with their hints) are not needed past grouping: they are left here.
 */
function groupedBatch(batches: Generator<OtlpTraceRequest>): { groups: SpansOfTrace[]; rejected: number; reasons: string[] } | null {
  const next = batches.next();
  if (next.done) return null;
  const { spans, rejected, reasons } = mapTraceRequest(next.value);
  return { groups: groupByTrace(spans.map((m) => ({ traceId: m.traceId, span: m.span, metadata: { otel_resource: m.hints.resource } }))), rejected, reasons };
}

/** At most this many refusal reasons of each kind (mapping, storing) are told, as one append tells them. */
const MAX_REASONS = 5;

/**
 * OTLP trace export: decode with the official definitions, map each span (docs/opentelemetry.md),
 * and append them through the one ingestion service. A span that cannot be mapped, or that names a
 * native trace, is refused alone; the rest are stored.
 *
 * An export of more than `batchSpans` spans is decoded, mapped and appended batch by batch, as if
 * its exporter had sent several: its peak memory is that of a batch, not of the whole export. A
 * malformed body is still refused whole before anything is written (decodeTraceBatches). The
 * traces that later batches appended to are summed up once at the end (refreshDerived), not after
 * every batch, which would read all their spans each time.
 */
export class OtlpTraceExport {
  constructor(
    private readonly ingestion: TraceIngestionService,
    /** Decompressed bytes exported at once (OTLP_MAX_INFLIGHT_BYTES); unbounded when not given. */
    readonly admission: ByteAdmission = new ByteAdmission(Number.MAX_SAFE_INTEGER),
    private readonly batchSpans: number = DEFAULT_BATCH_SPANS,
  ) {}

  /**
   * Throws OtlpDecodeError when the body is not an ExportTraceServiceRequest, and a 503 Problem
   * (Retry-After) when other exports hold the admission budget.
   */
  async export(projectId: string, body: Buffer, encoding: OtlpEncoding): Promise<ExportResult> {
    const ticket = this.admission.admit(body.length);
    if (!ticket) {
      throw new ProblemError(503, 'OTLP_BUSY', `Other exports are being processed (at most ${this.admission.budgetBytes} decompressed bytes at once); retry after the delay.`, {
        headers: { 'Retry-After': '1' },
      });
    }
    try {
      return await this.decodeAndAppend(projectId, body, encoding);
    } finally {
      ticket.release();
    }
  }

  private async decodeAndAppend(projectId: string, body: Buffer, encoding: OtlpEncoding): Promise<ExportResult> {
    const state: ExportState = { result: { acceptedSpans: 0, rejectedSpans: 0, errorMessage: '' }, mappingReasons: [], storingReasons: [], deferred: new Set(), first: true };
    const { decodeTraceBatches } = await loadDecoder();
    const batches = decodeTraceBatches(body, encoding, this.batchSpans);
    while (await this.appendNextBatch(projectId, batches, state));
    // Every trace that existed when a later batch reached it, resends included: if this export is a
    // retry of one cut short by a crash, its spans may all be stored already but not summed up.
    if (state.deferred.size > 0) await this.ingestion.refreshDerived(projectId, [...state.deferred]);
    state.result.errorMessage = [...state.mappingReasons, ...state.storingReasons].join('; ');
    return state.result;
  }

  /**
   * Decodes, maps and appends the next batch; false when there is none. A method of its own, so that
   * nothing of a batch outlives its append: a loop variable would keep the batch referenced while
   * the next one is decoded, and V8 would copy it at each scavenge meanwhile and promote it to its
   * old space, which is collected only when the heap has grown (docs/tenant-safety-input.md, "OTLP memory").
   */
  private async appendNextBatch(projectId: string, batches: Generator<OtlpTraceRequest>, state: ExportState): Promise<boolean> {
    const next = groupedBatch(batches);
    if (next === null) return false;
    const { groups, rejected, reasons } = next;
    state.result.rejectedSpans += rejected;
    state.mappingReasons.push(...reasons.slice(0, MAX_REASONS - state.mappingReasons.length));
    if (groups.length > 0) {
      const outcome = await this.ingestion.appendSpans(projectId, groups, { deferDerived: !state.first });
      state.result.acceptedSpans += outcome.acceptedSpans;
      state.result.rejectedSpans += outcome.rejectedSpans;
      state.storingReasons.push(...outcome.reasons.slice(0, MAX_REASONS - state.storingReasons.length));
      for (const traceId of outcome.deferredTraces) state.deferred.add(traceId);
    }
    state.first = false;
    return true;
  }

  /** Writes waiting for an ingest slot: the router answers 503 above its limit. */
  get queuedWrites(): number {
    return this.ingestion.queuedWrites;
  }
}
