import type { SpanRecord, TraceWrite } from '../../src/ports/traces.js';

/** Traces of the retention and migration benches: small spans with small JSON inputs and outputs. */
const WORDS = ['invoice', 'refund', 'planner', 'router', 'summary', 'customer', 'ticket', 'search', 'weather', 'billing'];

/** One trace of `spanCount` small spans, created at `createdMs`. */
export function traceWrite(projectId: string, id: string, spanCount: number, createdMs: number): TraceWrite {
  const spans: SpanRecord[] = [];
  for (let s = 0; s < spanCount; s++) {
    spans.push({
      spanId: `s${s}`,
      parentSpanId: s === 0 ? null : 's0',
      position: s,
      name: s === 0 ? 'agent' : 'chat',
      spanType: s === 0 ? 'AGENT' : 'LLM',
      status: 'success',
      latencyMs: 10 + s,
      cost: 0.0001,
      startTime: new Date(createdMs + s),
      input: { prompt: `${WORDS[s % WORDS.length]} question number ${s} of ${id}` },
      output: { text: `an answer about ${WORDS[(s + 3) % WORDS.length]}` },
      error: null,
      metadata: { model: 'gpt-4o-mini' },
    });
  }
  return {
    trace: {
      projectId, id, name: 'bench run', status: 'success', createdAt: new Date(createdMs), latencyMs: 10 + spanCount, cost: 0.0001 * spanCount,
      spanCount, totalTokens: 0, inputTokens: 0, outputTokens: 0, framework: null, agentName: 'planner', errorMessage: null, metadata: {},
      sessionId: null, userId: null, environment: null, release: null, tags: [],
    },
    spans,
    searchText: `bench run ${spans.map((s) => s.name).join(' ')} ${WORDS[id.length % WORDS.length]}`,
  };
}

