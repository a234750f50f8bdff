/** A judge's verdict: a 0–1 score and why. */
export interface Verdict {
  score: number;
  reasoning: string;
}

const MAX_REASONING = 4000;

/**
 * Parses the judge's message as `{"score": <0..1>, "reasoning": "<text>"}` (a JSON object, possibly
 * inside a ```json fence). Anything else is an evaluation error with the reason, never a score.
 */
export function parseVerdict(content: string): { ok: true; verdict: Verdict } | { ok: false; error: string } {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(content);
  let parsed: unknown;
  try {
    parsed = JSON.parse(fenced ? fenced[1] : content);
  } catch {
    return { ok: false, error: `invalid judge output: not a JSON object (${JSON.stringify(content.slice(0, 80))})` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, error: 'invalid judge output: not a JSON object' };
  const { score, reasoning } = parsed as Record<string, unknown>;
  if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 1) return { ok: false, error: 'invalid judge output: score must be a number from 0 to 1' };
  if (typeof reasoning !== 'string' || reasoning.trim() === '') return { ok: false, error: 'invalid judge output: reasoning must be a non-empty string' };
  return { ok: true, verdict: { score, reasoning: reasoning.slice(0, MAX_REASONING) } };
}
