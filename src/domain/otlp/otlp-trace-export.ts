import type { TraceIngestionService } from '../traces/trace-ingestion-service.js';
import { groupByTrace } from '../traces/trace-assembly.js';
import { decodeTraceBatches, type OtlpEncoding } from './otlp-request.js';
import { mapTraceRequest } from './span-mapper.js';
import { ByteAdmission } from './otlp-admission.js';
import { ProblemError } from '../../errors.js';

/** The answer to one export: OTLP's partial success (zero rejected spans is full success). */
export interface ExportResult {
  acceptedSpans: number;
  rejectedSpans: number;
  errorMessage: string;
}

/** Spans decoded, mapped and written at a time; measured with `npm run bench:otlp-memory` (docs/tenant-safety-input.md). */
export const DEFAULT_BATCH_SPANS = 5000;

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
    const result: ExportResult = { acceptedSpans: 0, rejectedSpans: 0, errorMessage: '' };
    const mappingReasons: string[] = [];
    const storingReasons: string[] = [];
    // Traces a batch after the first appended to: their derived fields wait for the last batch.
    const deferred = new Set<string>();
    let first = true;
    for (const request of decodeTraceBatches(body, encoding, this.batchSpans)) {
      const { spans, rejected, reasons } = mapTraceRequest(request);
      const groups = groupByTrace(spans.map((m) => ({ traceId: m.traceId, span: m.span, metadata: { otel_resource: m.hints.resource } })));
      // The mapped wrappers (and their hints) are not needed past grouping: released before the write.
      spans.length = 0;
      result.rejectedSpans += rejected;
      mappingReasons.push(...reasons.slice(0, MAX_REASONS - mappingReasons.length));
      if (groups.length > 0) {
        const outcome = await this.ingestion.appendSpans(projectId, groups, { deferDerived: !first });
        result.acceptedSpans += outcome.acceptedSpans;
        result.rejectedSpans += outcome.rejectedSpans;
        storingReasons.push(...outcome.reasons.slice(0, MAX_REASONS - storingReasons.length));
        for (const traceId of outcome.deferredTraces) deferred.add(traceId);
      }
      first = false;
    }
    // Every trace that existed when a later batch reached it, resends included: if this export is a
    // retry of one cut short by a crash, its spans may all be stored already but not summed up.
    if (deferred.size > 0) await this.ingestion.refreshDerived(projectId, [...deferred]);
    result.errorMessage = [...mappingReasons, ...storingReasons].join('; ');
    return result;
  }

  /** Writes waiting for an ingest slot: the router answers 503 above its limit. */
  get queuedWrites(): number {
    return this.ingestion.queuedWrites;
  }
}
