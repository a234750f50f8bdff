export const formatLatency = (ms: number | null | undefined): string => {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
};

export const formatCost = (dollars: number | null | undefined): string => {
  if (dollars === null || dollars === undefined) return '—';
  if (dollars === 0) return '$0';
  return dollars < 0.01 ? `$${dollars.toFixed(5)}` : `$${dollars.toFixed(4)}`;
};

export const formatTime = (iso: string): string => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export const formatCount = (n: number | null | undefined): string => (n === null || n === undefined ? '—' : n.toLocaleString());

/**
 * One side of a token split. Spans that report only a total (OpenTelemetry's `llm.usage.total_tokens`,
 * a bare `tokens_used`) leave both sides at 0 beside a non-zero total: that is "not reported", not zero.
 */
export const formatTokenSide = (side: number, usage: { inputTokens: number; outputTokens: number; totalTokens: number }): string =>
  usage.inputTokens + usage.outputTokens === 0 && usage.totalTokens > 0 ? 'not reported' : formatCount(side);

/** "1 trace", "3 traces": a count with its noun, singular for one. */
export const countOf = (n: number, singular: string, plural = `${singular}s`): string => `${n.toLocaleString()} ${n === 1 ? singular : plural}`;
