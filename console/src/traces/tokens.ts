import { formatCount } from '../ui/format';

interface TokenCounts {
  inputTokens: number | null;
  outputTokens: number | null;
  totalTokens: number | null;
}

/** "1,234 (in 1,000, out 234)": the total, with input and output when the service knows them. */
export function formatTokens({ inputTokens, outputTokens, totalTokens }: TokenCounts): string {
  if (totalTokens === null && inputTokens === null && outputTokens === null) return '—';
  const split = inputTokens !== null || outputTokens !== null ? ` (in ${formatCount(inputTokens ?? 0)}, out ${formatCount(outputTokens ?? 0)})` : '';
  return `${formatCount(totalTokens ?? (inputTokens ?? 0) + (outputTokens ?? 0))}${split}`;
}
