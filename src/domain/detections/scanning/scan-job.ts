import type { PiiKind } from '../detection-config.js';
import { findPii } from '../engines/pii-recognizers.js';
import { scoreLinear, type LinearScoringRule } from '../learning/linear-scoring.js';
import { compileLinearPattern, firstMatch, UnsupportedPatternError, type LinearPattern } from './linear-pattern.js';

export type ScanField = 'name' | 'input' | 'output' | 'error' | 'metadata';

/** What a text detection looks for: a user pattern (RE2 syntax) or built-in PII recognizers. */
export type ScanRule = { kind: 'regex'; pattern: string; flags: string } | { kind: 'pii'; kinds: PiiKind[] } | LinearScoringRule;

/** One span's texts, already cut to the input budget. */
export interface ScanSpan {
  spanId: string;
  texts: Partial<Record<ScanField, string>>;
}

/** One detection over one trace: the unit a scan worker runs, under a time budget. */
export interface ScanJob {
  rule: ScanRule;
  fields: ScanField[];
  spans: ScanSpan[];
  /** Milliseconds the scan may take; checked between fields, each of which is linear in its length. */
  budgetMs: number;
}

/**
 * What the budgets cut from one evaluation; recorded in the firing's evidence so a reader knows
 * the detection looked at less than the whole trace.
 */
export interface ScanCut {
  /** Fields longer than the per-field limit, scanned up to it. */
  truncatedFields: number;
  /** Characters not scanned: the tails of truncated fields and the fields past the per-evaluation limit. */
  skippedChars: number;
  /** Fields not scanned at all because the evaluation's character budget was spent. */
  skippedFields: number;
  /** The time budget ran out (or the scan worker had to be stopped) before every field was scanned. */
  timedOut: boolean;
}

export interface ScanHit {
  spanId: string;
  field: ScanField;
  /** regex: the matched text (at most 200 characters). */
  match?: string;
  /** pii: the kinds found (never the values). */
  kinds?: PiiKind[];
}

export interface ScanResult {
  hit: ScanHit | null;
  /** A learned model's probability for the trace (linear rules only; absent when the budget ran out). */
  score?: number;
  /** Fields the time budget left unscanned (added to the cut of the input budget by the caller). */
  unscannedFields: number;
  timedOut: boolean;
}

export const noCut = (): ScanCut => ({ truncatedFields: 0, skippedChars: 0, skippedFields: 0, timedOut: false });
export const isCut = (cut: ScanCut): boolean => cut.truncatedFields > 0 || cut.skippedChars > 0 || cut.skippedFields > 0 || cut.timedOut;

/** Compiled patterns of the worker's recent jobs: a project's detection is compiled once, not per trace. */
const compiled = new Map<string, LinearPattern>();
const COMPILED_CACHE_SIZE = 256;

function patternOf(rule: { pattern: string; flags: string }): LinearPattern {
  const key = `${rule.flags}/${rule.pattern}`;
  let pattern = compiled.get(key);
  if (!pattern) {
    pattern = compileLinearPattern(rule.pattern, rule.flags);
    if (compiled.size >= COMPILED_CACHE_SIZE) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, pattern);
  }
  return pattern;
}

/**
 * Runs one scan: the first span (in order) whose field (in order) matches. Synchronous and linear
 * in the scanned text; stops when the budget is spent. Runs in a scan worker thread, never on the
 * request event loop.
 */
export function runScan(job: ScanJob, now: () => number = () => performance.now()): ScanResult {
  if (job.rule.kind === 'linear') return scoreLinear(job.rule);
  const deadline = now() + job.budgetMs;
  let regex: LinearPattern | null = null;
  if (job.rule.kind === 'regex') {
    try {
      regex = patternOf(job.rule);
    } catch (error) {
      // Stored before patterns were checked for RE2 syntax: this detection cannot run; the trace's other detections still do.
      if (error instanceof UnsupportedPatternError) return { hit: null, unscannedFields: 0, timedOut: false };
      throw error;
    }
  }
  const kinds = job.rule.kind === 'pii' ? job.rule.kinds : [];
  const total = job.spans.length * job.fields.length;
  let scanned = 0;
  let looked = false;
  for (const span of job.spans) {
    for (const field of job.fields) {
      const text = span.texts[field];
      // Checked between the fields scanned, never before the first: the budget is wall time, and a
      // scan thread kept off the CPU past all of it before it began (niced, on a busy machine) would
      // otherwise pass a trace over unread — no firing, and nothing saying so.
      if (text && looked && now() > deadline) return { hit: null, unscannedFields: total - scanned, timedOut: true };
      scanned += 1;
      if (!text) continue;
      looked = true;
      if (regex) {
        const match = firstMatch(regex, text);
        if (match !== null) return { hit: { spanId: span.spanId, field, match: match.slice(0, 200) }, unscannedFields: 0, timedOut: false };
      } else {
        const found = findPii(text, kinds);
        if (found.length) return { hit: { spanId: span.spanId, field, kinds: found }, unscannedFields: 0, timedOut: false };
      }
    }
  }
  return { hit: null, unscannedFields: 0, timedOut: false };
}
