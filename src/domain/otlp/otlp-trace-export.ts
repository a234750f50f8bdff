import type { TraceIngestionService } from '../traces/trace-ingestion-service.js';
import { groupByTrace } from '../traces/trace-assembly.js';
import { decodeTraceRequest, type OtlpEncoding } from './otlp-request.js';
import { mapTraceRequest } from './span-mapper.js';
import { ByteAdmission } from './otlp-admission.js';
import { ProblemError } from '../../errors.js';

/** The answer to one export: OTLP's partial success (zero rejected spans is full success). */
export interface ExportResult {
  acceptedSpans: number;
  rejectedSpans: number;
  errorMessage: string;
}

/**
 * OTLP trace export: decode with the official definitions, map each span (docs/opentelemetry.md),
 * and append them through the one ingestion service. A span that cannot be mapped, or that names a
 * native trace, is refused alone; the rest are stored.
 */
export class OtlpTraceExport {
  constructor(
    private readonly ingestion: TraceIngestionService,
    /** Decompressed bytes exported at once (OTLP_MAX_INFLIGHT_BYTES); unbounded when not given. */
    readonly admission: ByteAdmission = new ByteAdmission(Number.MAX_SAFE_INTEGER),
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
    const { spans, rejected, reasons: refusals } = mapTraceRequest(decodeTraceRequest(body, encoding));
    const groups = groupByTrace(spans.map((m) => ({ traceId: m.traceId, span: m.span, metadata: { otel_resource: m.hints.resource } })));
    // The mapped wrappers (and their hints) are not needed past grouping: released before the write.
    spans.length = 0;
    const outcome = groups.length > 0 ? await this.ingestion.appendSpans(projectId, groups) : null;
    const reasons = [...refusals, ...(outcome?.reasons ?? [])];
    return {
      acceptedSpans: outcome?.acceptedSpans ?? 0,
      rejectedSpans: rejected + (outcome?.rejectedSpans ?? 0),
      errorMessage: reasons.join('; '),
    };
  }

  /** Writes waiting for an ingest slot: the router answers 503 above its limit. */
  get queuedWrites(): number {
    return this.ingestion.queuedWrites;
  }
}
