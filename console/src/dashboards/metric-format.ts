/** A measure's value as a person reads it: latencies in ms, dollars, rates in percent, counts grouped. */
export function formatMeasure(measure: string, value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  if (measure.startsWith('latency')) return `${Math.round(value).toLocaleString('en-US')} ms`;
  if (measure.startsWith('cost')) return `$${value.toFixed(value !== 0 && Math.abs(value) < 0.01 ? 5 : 2)}`;
  if (measure === 'errorRate') return `${(value * 100).toFixed(1)}%`;
  if (measure === 'scoreAvg') return String(Number(value.toFixed(3)));
  return value.toLocaleString('en-US');
}

export const MEASURE_LABEL: Record<string, string> = {
  traceCount: 'Traces',
  spanCount: 'Spans',
  errorRate: 'Error rate',
  latencyP50: 'p50',
  latencyP90: 'p90',
  latencyP95: 'p95',
  latencyP99: 'p99',
  costSum: 'Cost',
  costAvg: 'Average cost',
  inputTokens: 'Input tokens',
  outputTokens: 'Output tokens',
  totalTokens: 'Tokens',
  scoreAvg: 'Score',
};

export const groupLabel = (group: { value: string | null; other: boolean }): string => (group.other ? 'Other' : group.value === null ? '(none)' : group.value);
