/**
 * A span's token counts, read from its metadata (`input_tokens`, `output_tokens`, `tokens_used`:
 * what native spans send and the OTLP mapping writes, docs/opentelemetry.md). The total is
 * `tokens_used` when given, else input plus output; null when the span says nothing about tokens.
 * The trace's `totalTokens` is the sum of these totals (trace-summary.ts), so the two never disagree.
 */
export interface SpanTokens {
  inputTokens: number | null;
  outputTokens: number | null;
  totalTokens: number | null;
}

const count = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function spanTokens(metadata: Record<string, unknown>): SpanTokens {
  const inputTokens = count(metadata.input_tokens);
  const outputTokens = count(metadata.output_tokens);
  const stated = count(metadata.tokens_used);
  const totalTokens = stated ?? (inputTokens !== null || outputTokens !== null ? (inputTokens ?? 0) + (outputTokens ?? 0) : null);
  return { inputTokens, outputTokens, totalTokens };
}

/** Input and output tokens summed over spans (a span without a count adds nothing). */
export function tokenSums(spans: readonly { metadata: Record<string, unknown> }[]): { inputTokens: number; outputTokens: number } {
  let inputTokens = 0;
  let outputTokens = 0;
  for (const span of spans) {
    const tokens = spanTokens(span.metadata);
    inputTokens += tokens.inputTokens ?? 0;
    outputTokens += tokens.outputTokens ?? 0;
  }
  return { inputTokens, outputTokens };
}
