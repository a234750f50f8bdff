import { createHash } from 'node:crypto';
import { ExportTraceServiceRequest } from '../../src/domain/otlp/otlp-protocol.js';
import type { GeneratedSpan, GeneratedTrace } from './generate-traces.js';

/** OTLP ids derived from the generated ones: 16 bytes per trace, 8 per span, stable per seed. */
const digest = (text: string, bytes: number): Buffer => createHash('sha256').update(text).digest().subarray(0, bytes);
const nanos = (ms: number): string => (BigInt(Math.round(ms * 1000)) * 1000n).toString();

type Value = { stringValue: string } | { intValue: string } | { doubleValue: number } | { boolValue: boolean };
const valueOf = (v: unknown): Value | null =>
  typeof v === 'string' ? { stringValue: v } : typeof v === 'boolean' ? { boolValue: v } : typeof v === 'number' ? (Number.isInteger(v) ? { intValue: String(v) } : { doubleValue: v }) : null;

/** The generated span as an OTel span with GenAI / OpenInference attributes, as an instrumented agent would send it. */
function otlpSpan(trace: GeneratedTrace, span: GeneratedSpan): Record<string, unknown> {
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
    traceId: digest(trace.traceId, 16),
    spanId: digest(`${trace.traceId}/${span.spanId}`, 8),
    ...(span.parentSpanId ? { parentSpanId: digest(`${trace.traceId}/${span.parentSpanId}`, 8) } : {}),
    name: span.name,
    kind: 1,
    startTimeUnixNano: nanos(span.startTime),
    endTimeUnixNano: nanos(span.startTime + span.latencyMs),
    attributes,
    ...(span.status === 'error' ? { status: { code: 2, message: span.error ?? 'error' } } : {}),
  };
}

/** One ExportTraceServiceRequest (protobuf) holding every span of `traces`, one resource per agent. */
export function otlpExportBody(traces: GeneratedTrace[]): Buffer {
  const byAgent = new Map<string, GeneratedTrace[]>();
  for (const trace of traces) byAgent.set(trace.agentName, [...(byAgent.get(trace.agentName) ?? []), trace]);
  const request = {
    resourceSpans: [...byAgent].map(([agent, group]) => ({
      resource: { attributes: [{ key: 'service.name', value: { stringValue: agent } }] },
      scopeSpans: [{ scope: { name: `@arizeai/openinference-instrumentation-${group[0].framework}` }, spans: group.flatMap((t) => t.spans.map((s) => otlpSpan(t, s))) }],
    })),
  };
  return Buffer.from(ExportTraceServiceRequest.encode(ExportTraceServiceRequest.fromObject(request)).finish());
}
