import type { SpanRecord } from '../../ports/traces.js';
import { maskFailureText, nameToken, tokenizeFailureText } from './failure-masking.js';

/** What clustering reads of a trace: its status, its spans, and the detections that fired on it. */
export interface FailureSubject {
  status: string;
  name: string;
  spans: readonly Pick<SpanRecord, 'spanId' | 'parentSpanId' | 'position' | 'name' | 'spanType' | 'status' | 'error'>[];
  /** Fired detections: slug, and the span a firing pointed at (null for the whole trace). */
  firings: readonly { detectionId: string; slug: string; spanId: string | null }[];
}

/**
 * The signature of a failing trace, as tokens, or null when the trace did not fail (no error status,
 * no error span, no firing).
 *
 * - A trace with an error span: the ORIGIN of the failure — the first (by position) error span none of
 *   whose children failed, since an error propagates up to every ancestor — read as its span type,
 *   its name (one token) and its masked error message: `tool search_web upstream timeout after <NUM>`.
 * - A trace whose status is error with no error span: `trace <name> error`.
 * - A trace that only fired detections: `fired <slugs> <span type> <span name>` of the first firing's
 *   span (or of the trace), so each detection's firings group by where it fired.
 */
export function failureSignature(subject: FailureSubject, maxTokens: number): string[] | null {
  const failed = subject.spans.filter((s) => s.status === 'error');
  if (failed.length > 0) {
    const failedParents = new Set(failed.map((s) => s.parentSpanId).filter((id): id is string => id !== null));
    const origins = failed.filter((s) => !failedParents.has(s.spanId));
    const origin = [...(origins.length > 0 ? origins : failed)].sort((a, b) => a.position - b.position)[0]!;
    return cap([nameToken(origin.spanType), nameToken(origin.name), ...tokenizeFailureText(maskFailureText(origin.error ?? 'error'))], maxTokens);
  }
  if (subject.status === 'error') return cap(['trace', nameToken(subject.name), 'error'], maxTokens);
  if (subject.firings.length === 0) return null;
  const slugs = [...new Set(subject.firings.map((f) => f.slug))].sort().join('+');
  const firstSpanId = subject.firings.find((f) => f.spanId !== null)?.spanId ?? null;
  const span = firstSpanId ? subject.spans.find((s) => s.spanId === firstSpanId) : undefined;
  return cap(['fired', nameToken(slugs), span ? nameToken(span.spanType) : 'trace', nameToken(span ? span.name : subject.name)], maxTokens);
}

function cap(tokens: string[], maxTokens: number): string[] {
  return tokens.length > maxTokens ? tokens.slice(0, maxTokens) : tokens;
}

/** A template as people read it: type and name, then the message. */
export function templateText(template: readonly string[]): string {
  const [first, second, ...rest] = template;
  if (first === undefined) return '';
  if (second === undefined) return first;
  return rest.length > 0 ? `${first} ${second}: ${rest.join(' ')}` : `${first} ${second}`;
}
