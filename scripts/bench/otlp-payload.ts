import { createHash } from 'node:crypto';
import { ExportTraceServiceRequest } from '../../src/domain/otlp/otlp-protocol.js';
import type { GeneratedSpan, GeneratedTrace } from './generate-traces.js';

/**
 * How an export's ids are made. `generated`: the generated trace's own ids (32 and 16 hex digits,
 * valid OTLP trace and span ids), so an export stores exactly the traces the native endpoint is
 * given — the ratio between the two then compares the paths alone. `random`: ids hashed from them,
 * scattered over the id space as OpenTelemetry SDKs make them (random 16 bytes): each new trace
 * then lands on its own pages of every index keyed by trace id, which costs either endpoint more.
 */
export type OtlpIds = 'generated' | 'random';

/** Random-looking ids derived from the generated ones: 16 bytes per trace, 8 per span, stable per seed. */
const digest = (text: string, bytes: number): Buffer => createHash('sha256').update(text).digest().subarray(0, bytes);
const idsOf = (ids: OtlpIds, trace: GeneratedTrace) =>
  ids === 'generated'
    ? { trace: Buffer.from(trace.traceId, 'hex'), span: (spanId: string) => Buffer.from(spanId, 'hex') }
    : { trace: digest(trace.traceId, 16), span: (spanId: string) => digest(`${trace.traceId}/${spanId}`, 8) };
const nanos = (ms: number): string => (BigInt(Math.round(ms * 1000)) * 1000n).toString();

type Value = { stringValue: string } | { intValue: string } | { doubleValue: number } | { boolValue: boolean };
const valueOf = (v: unknown): Value | null =>
  typeof v === 'string' ? { stringValue: v } : typeof v === 'boolean' ? { boolValue: v } : typeof v === 'number' ? (Number.isInteger(v) ? { intValue: String(v) } : { doubleValue: v }) : null;

/** The generated span as an OTel span with GenAI / OpenInference attributes, as an instrumented agent would send it. */
function otlpSpan(trace: GeneratedTrace, span: GeneratedSpan, ids: ReturnType<typeof idsOf>): Record<string, unknown> {
  const attributes: { key: string; value: Value }[] = [];
  const add = (key: string, v: unknown) => {
    const value = valueOf(v);
    if (value) attributes.push({ key, value });
  };
  if (span.spanType !== 'WORKFLOW') add('openinference.span.kind', span.spanType);
  for (const [key, v] of Object.entries(span.metadata)) {
    if (key === 'model') add('gen_ai.request.model', v);
    else if (key === 'input_tokens') add('gen_ai.usage.input_tokens', v);
    else if (key === 'output_tokens') add('gen_ai.usage.output_tokens', v);
    else if (key === 'tool_name') add('gen_ai.tool.name', v);
    else add(`app.${key}`, v);
  }
  if (span.cost > 0) add('llm.cost.total', span.cost);
  add('input.value', JSON.stringify(span.input));
  if (span.output) add('output.value', JSON.stringify(span.output));
  return {
    traceId: ids.trace,
    spanId: ids.span(span.spanId),
    ...(span.parentSpanId ? { parentSpanId: ids.span(span.parentSpanId) } : {}),
    name: span.name,
    kind: 1,
    startTimeUnixNano: nanos(span.startTime),
    endTimeUnixNano: nanos(span.startTime + span.latencyMs),
    attributes,
    ...(span.status === 'error' ? { status: { code: 2, message: span.error ?? 'error' } } : {}),
  };
}

/** One ExportTraceServiceRequest (protobuf) holding every span of `traces`, one resource per agent. */
export function otlpExportBody(traces: GeneratedTrace[], ids: OtlpIds = 'generated'): Buffer {
  const byAgent = new Map<string, GeneratedTrace[]>();
  for (const trace of traces) byAgent.set(trace.agentName, [...(byAgent.get(trace.agentName) ?? []), trace]);
  const request = {
    resourceSpans: [...byAgent].map(([agent, group]) => ({
      resource: { attributes: [{ key: 'service.name', value: { stringValue: agent } }] },
      scopeSpans: [{ scope: { name: `@arizeai/openinference-instrumentation-${group[0].framework}` }, spans: group.flatMap((t) => {
        const traceIds = idsOf(ids, t);
        return t.spans.map((s) => otlpSpan(t, s, traceIds));
      }) }],
    })),
  };
  return Buffer.from(ExportTraceServiceRequest.encode(ExportTraceServiceRequest.fromObject(request)).finish());
}
