import type { TraceIngestionService } from '../traces/trace-ingestion-service.js';
import { groupByTrace } from '../traces/trace-assembly.js';
import { decodeTraceRequest, type OtlpEncoding } from './otlp-request.js';
import { mapTraceRequest } from './span-mapper.js';

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
  constructor(private readonly ingestion: TraceIngestionService) {}

  /** Throws OtlpDecodeError when the body is not an ExportTraceServiceRequest. */
  async export(projectId: string, body: Buffer, encoding: OtlpEncoding): Promise<ExportResult> {
    const mapped = mapTraceRequest(decodeTraceRequest(body, encoding));
    const groups = groupByTrace(mapped.spans.map((m) => ({ traceId: m.traceId, span: m.span, metadata: { otel_resource: m.hints.resource } })));
    const outcome = groups.length > 0 ? await this.ingestion.appendSpans(projectId, groups) : null;
    const reasons = [...mapped.reasons, ...(outcome?.reasons ?? [])];
    return {
      acceptedSpans: outcome?.acceptedSpans ?? 0,
      rejectedSpans: mapped.rejected + (outcome?.rejectedSpans ?? 0),
      errorMessage: reasons.join('; '),
    };
  }

  /** Writes waiting for an ingest slot: the router answers 503 above its limit. */
  get queuedWrites(): number {
    return this.ingestion.queuedWrites;
  }
}
