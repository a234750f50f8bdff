import { Random } from '../../scripts/bench/prng.js';
import type { TraceInput } from '../traces/fixtures.js';
import type { RawTrace } from './metrics-reference.js';

/** The range every generated trace starts in: 24–27 Oct 2026 UTC (Europe/Berlin leaves summer time on the 25th). */
export const FROM = Date.parse('2026-10-24T00:00:00.000Z');
export const TO = Date.parse('2026-10-27T00:00:00.000Z');

const MODELS = ['gpt-4o', 'claude-sonnet', 'llama-3', 'mistral-large', 'gemini-pro', 'Zeta-model'];
const PROVIDERS: Record<string, string> = { 'gpt-4o': 'openai', 'claude-sonnet': 'anthropic', 'llama-3': 'meta', 'mistral-large': 'mistral', 'gemini-pro': 'google', 'Zeta-model': 'zeta' };
const AGENTS = ['planner', 'support', 'billing', 'Router', 'écrivain'];
const USERS = Array.from({ length: 9 }, (_, i) => `user-${i}`);
// Tags that differ by case and in non-ASCII letters: ranked ties are broken by byte order on both databases.
const TAGS = ['prod', 'beta', 'vip', 'Vip', 'größe', 'canary', 'exp-1', 'exp-2'];

/**
 * Seeded random traces in [FROM, TO): a root AGENT span and 1–4 LLM or TOOL children, random latencies,
 * dyadic costs (k/1024 dollars, so every sum is exact in binary floating point and the same in any
 * order), token counts, errors, agents, users, and `quality` scores on some traces.
 */
export function generate(seed: number, count: number): RawTrace[] {
  const random = new Random(seed);
  // Tags from a generator of their own, so the rest of a seed's traces stay what they were before tags.
  const tagging = new Random(seed + 0x7a9);
  const traces: RawTrace[] = [];
  for (let i = 0; i < count; i++) {
    const start = FROM + random.int(0, TO - FROM - 60_000);
    const spans: RawTrace['spans'] = [
      { spanId: 'root', parentSpanId: null, type: 'AGENT', status: 'success', latencyMs: random.int(50, 5000), startMs: start, cost: 0 },
    ];
    for (let c = 0, n = random.int(1, 4); c < n; c++) {
      const llm = random.chance(0.7);
      const model = llm && random.chance(0.95) ? random.pick(MODELS) : undefined;
      spans.push({
        spanId: `c${c}`,
        parentSpanId: 'root',
        type: llm ? 'LLM' : 'TOOL',
        status: random.chance(0.12) ? 'error' : 'success',
        latencyMs: random.int(1, 3000),
        startMs: start + random.int(1, 50_000),
        cost: random.int(0, 1000) / 1024,
        ...(model ? { model, provider: PROVIDERS[model] } : {}),
        ...(llm ? { inputTokens: random.int(0, 4000), outputTokens: random.int(0, 1500) } : random.chance(0.3) ? { outputTokens: random.int(1, 50) } : {}),
      });
    }
    traces.push({
      id: `t${String(i).padStart(4, '0')}`,
      agent: random.chance(0.9) ? random.pick(AGENTS) : undefined,
      framework: random.pick(['langchain', 'crewai']),
      user: random.chance(0.85) ? random.pick(USERS) : undefined,
      customer: random.pick(['acme', 'globex']),
      spans,
      quality: random.chance(0.3) ? Array.from({ length: random.int(1, 2) }, () => random.int(0, 8) / 8) : [],
      // 0 to 3 tags, a repeat possible (kept once).
      tags: Array.from({ length: tagging.int(0, 3) }, () => tagging.pick(TAGS)),
    });
  }
  return traces;
}

export function nativeInput(t: RawTrace): TraceInput {
  return {
    trace_id: t.id,
    name: `run ${t.id}`,
    metadata: {
      framework: t.framework,
      customer: t.customer,
      ...(t.agent ? { agent_name: t.agent } : {}),
      ...(t.user ? { user_id: t.user } : {}),
    },
    ...(t.tags && t.tags.length > 0 ? { tags: t.tags } : {}),
    spans: t.spans.map((s) => ({
      span_id: s.spanId,
      parent_span_id: s.parentSpanId,
      name: `${s.type} ${s.spanId}`,
      span_type: s.type,
      status: s.status,
      error: s.status === 'error' ? 'failed' : undefined,
      latency_ms: s.latencyMs,
      start_time: new Date(s.startMs).toISOString(),
      metadata: {
        cost: s.cost,
        ...(s.model ? { model: s.model, provider: s.provider } : {}),
        ...(s.inputTokens !== undefined ? { input_tokens: s.inputTokens } : {}),
        ...(s.outputTokens !== undefined ? { output_tokens: s.outputTokens } : {}),
      },
    })),
  };
}

