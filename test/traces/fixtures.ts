import type { TenantSeed, TestServer } from '../support/harness.js';

export interface SpanInput {
  span_id: string;
  parent_span_id?: string | null;
  name: string;
  span_type: string;
  status: 'success' | 'error';
  input?: Record<string, unknown> | null;
  output?: Record<string, unknown> | null;
  error?: string | null;
  latency_ms?: number;
  metadata?: Record<string, unknown>;
  start_time?: string;
}

export interface TraceInput {
  trace_id?: string;
  name: string;
  metadata?: Record<string, unknown>;
  tags?: string[];
  spans?: SpanInput[];
}

/** A small valid trace: an agent root with an LLM call and a tool call. */
export function sampleTrace(overrides: Partial<TraceInput> = {}): TraceInput {
  return {
    name: 'support agent run',
    metadata: { framework: 'langchain', agent_name: 'support-bot', customer: 'acme' },
    spans: [
      { span_id: 'root', name: 'agent', span_type: 'AGENT', status: 'success', latency_ms: 1200, start_time: '2026-11-01T11:00:00.000Z' },
      {
        span_id: 'llm-1',
        parent_span_id: 'root',
        name: 'plan step',
        span_type: 'LLM',
        status: 'success',
        latency_ms: 800,
        input: { prompt: 'hello' },
        output: { text: 'hi' },
        metadata: { model: 'gpt-4o', tokens_used: 150, cost: 0.002 },
        start_time: '2026-11-01T11:00:00.100Z',
      },
      {
        span_id: 'tool-1',
        parent_span_id: 'root',
        name: 'lookup order',
        span_type: 'TOOL',
        status: 'success',
        latency_ms: 300,
        metadata: { tool_name: 'orders_api', input_tokens: 10, output_tokens: 5, cost: 0.001 },
        start_time: '2026-11-01T11:00:00.900Z',
      },
    ],
    ...overrides,
  };
}

/** A trace with `count` spans: one root and count-1 children in a chain of fan-outs. */
export function wideTrace(traceId: string, count: number): TraceInput {
  const spans: SpanInput[] = [{ span_id: 's0', name: 'root', span_type: 'WORKFLOW', status: 'success', latency_ms: 5 }];
  for (let i = 1; i < count; i++) {
    spans.push({ span_id: `s${i}`, parent_span_id: `s${Math.floor((i - 1) / 10)}`, name: `step ${i}`, span_type: 'TOOL', status: 'success' });
  }
  return { trace_id: traceId, name: 'wide', spans };
}

/** Stores traces through the service, as REST and log_trace do. */
export async function ingest(server: TestServer, tenant: TenantSeed, ...traces: TraceInput[]): Promise<void> {
  await server.runtime.services.traceIngestion.ingestBatch(tenant.project.id, traces);
}
