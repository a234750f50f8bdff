import { recordUnmatchedCutScan } from '../../../observability/instruments.js';
import type { EvaluatedSpan } from '../../../ports/evaluation-traces.js';
import type { Finding, TraceSubject } from '../engines/detector-engine.js';
import { isCut, noCut, type ScanCut, type ScanField, type ScanRule, type ScanSpan } from './scan-job.js';
import type { ScanContext, ScanLimits } from './scan-context.js';

export type { ScanContext, ScanLimits } from './scan-context.js';

function fieldText(span: EvaluatedSpan, field: ScanField): string {
  const value: unknown = field === 'name' ? span.name : field === 'error' ? span.error : field === 'metadata' ? span.metadata : span[field];
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The spans' texts within the input budgets, and what those budgets cut. */
export function prepareScanSpans(spans: readonly EvaluatedSpan[], fields: readonly ScanField[], limits: ScanLimits): { spans: ScanSpan[]; cut: ScanCut } {
  const cut = noCut();
  let left = limits.maxChars;
  const prepared = spans.map((span) => {
    const texts: ScanSpan['texts'] = {};
    for (const field of fields) {
      const text = fieldText(span, field);
      if (!text) continue;
      if (left <= 0) {
        cut.skippedFields += 1;
        cut.skippedChars += text.length;
        continue;
      }
      const keep = Math.min(text.length, limits.maxFieldChars, left);
      if (keep < text.length) {
        cut.truncatedFields += 1;
        cut.skippedChars += text.length - keep;
      }
      texts[field] = keep < text.length ? text.slice(0, keep) : text;
      left -= keep;
    }
    return { spanId: span.spanId, texts };
  });
  return { spans: prepared, cut };
}

/**
 * Runs a text detection (regex or pii) over a trace's spans on the scanner, within the budgets.
 * The finding's evidence says which field matched and, when a budget cut the evaluation short,
 * `budget` says what was not looked at; a cut evaluation that found nothing is counted in /metrics.
 */
export async function scanSubject(rule: ScanRule, fields: readonly ScanField[], { spans }: TraceSubject, context: ScanContext): Promise<Finding | null> {
  const prepared = prepareScanSpans(spans, fields, context.limits);
  const result = await context.scanner.scan({ rule, fields: [...fields], spans: prepared.spans, budgetMs: context.limits.budgetMs });
  const cut: ScanCut = { ...prepared.cut, skippedFields: prepared.cut.skippedFields + result.unscannedFields, timedOut: result.timedOut };
  if (!result.hit) {
    if (isCut(cut)) recordUnmatchedCutScan(cut.timedOut);
    return null;
  }
  const { spanId, field, match, kinds } = result.hit;
  return {
    spanId,
    score: 1,
    evidence: {
      field,
      ...(match !== undefined ? { match } : {}),
      ...(kinds !== undefined ? { kinds } : {}),
      ...(isCut(cut) ? { budget: { ...cut, maxFieldChars: context.limits.maxFieldChars, maxChars: context.limits.maxChars, budgetMs: context.limits.budgetMs } } : {}),
    },
  };
}
