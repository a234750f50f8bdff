import { evaluateFilter } from '../../src/domain/filters/index.js';
import type { ScoreRecord } from '../../src/ports/evaluations.js';
import type { TraceCondition, TraceFilters, TraceRecord } from '../../src/ports/traces.js';
import { numericValueOf, type MemoryTraceRows } from './trace-rows.js';

/**
 * Trace filters and conditions evaluated in memory, with the semantics the SQL adapters give them
 * (adapters/sql/trace-repository.ts applyFilters, adapters/sql/filter-compiler.ts): the shared
 * behaviour tables hold all of them to the same answers.
 */
export class TraceMatcher {
  /** Trace-level scores by project and trace: what `scores.<name>` rules and the score filter read. */
  private readonly traceScores = new Map<string, ScoreRecord[]>();

  constructor(private readonly rows: MemoryTraceRows) {
    for (const score of rows.scores) {
      if (score.target !== 'trace' || score.traceId === null) continue;
      const key = keyOf(score.projectId, score.traceId);
      const list = this.traceScores.get(key) ?? [];
      list.push(score);
      this.traceScores.set(key, list);
    }
  }

  /** Whether `trace` passes every given filter of `filters`. */
  passes(trace: TraceRecord, filters: TraceFilters): boolean {
    const created = trace.createdAt.getTime();
    if (filters.status !== undefined && trace.status !== filters.status) return false;
    if (filters.framework !== undefined && trace.framework !== filters.framework) return false;
    if (filters.agentName !== undefined && trace.agentName !== filters.agentName) return false;
    if (filters.sessionId !== undefined && trace.sessionId !== filters.sessionId) return false;
    if (filters.userId !== undefined && trace.userId !== filters.userId) return false;
    if (filters.fromMs !== undefined && !(created >= filters.fromMs)) return false;
    if (filters.toMs !== undefined && !(created < filters.toMs)) return false;
    if (filters.minLatencyMs !== undefined && !(trace.latencyMs >= filters.minLatencyMs)) return false;
    if (filters.maxLatencyMs !== undefined && !(trace.latencyMs <= filters.maxLatencyMs)) return false;
    if (filters.minCost !== undefined && !(trace.cost >= filters.minCost)) return false;
    if (filters.maxCost !== undefined && !(trace.cost <= filters.maxCost)) return false;
    if (filters.score !== undefined) {
      const { name, min, max } = filters.score;
      // As the SQL EXISTS: any trace-level score of the name; a bound excludes scores without a number.
      const inRange = (value: number | null) => (min === undefined || (value !== null && value >= min)) && (max === undefined || (value !== null && value <= max));
      if (!this.scoresOf(trace).some((s) => s.name === name && inRange(numericValueOf(s)))) return false;
    }
    if (filters.prompt !== undefined) {
      const { name, version } = filters.prompt;
      // As the SQL EXISTS: one span of the trace recorded the name (and the version, on that span).
      const used = (this.rows.spanPrompts ?? []).some(
        (p) => p.projectId === trace.projectId && p.traceId === trace.id && p.name === name && (version === undefined || p.version === version),
      );
      if (!used) return false;
    }
    if (filters.span !== undefined) {
      const { model, provider, spanType } = filters.span;
      // As the SQL EXISTS: one span of the trace has every given value.
      const spanned = (this.rows.spanDimensions ?? []).some(
        (s) =>
          s.projectId === trace.projectId &&
          s.traceId === trace.id &&
          (model === undefined || s.model === model) &&
          (provider === undefined || s.provider === provider) &&
          (spanType === undefined || s.spanType === spanType),
      );
      if (!spanned) return false;
    }
    return true;
  }

  /** Whether `trace` satisfies `condition` (the domain's reference evaluator decides rules). */
  satisfies(trace: TraceRecord, condition: TraceCondition): boolean {
    switch (condition.kind) {
      case 'filter':
        return evaluateFilter(condition.rules, this.filterRecordOf(trace));
    }
  }

  /** The trace as evaluateFilter reads it: its fields, and its trace-level scores for `scores.<name>`. */
  private filterRecordOf(trace: TraceRecord): object {
    const scores = this.scoresOf(trace).map((s) => ({ name: s.name, dataType: s.dataType, numericValue: numericValueOf(s) }));
    const prompts = (this.rows.spanPrompts ?? []).filter((p) => p.projectId === trace.projectId && p.traceId === trace.id);
    return { ...trace, scores, promptName: prompts.map((p) => p.name), promptVersion: prompts.map((p) => p.version) };
  }

  private scoresOf(trace: TraceRecord): ScoreRecord[] {
    return this.traceScores.get(keyOf(trace.projectId, trace.id)) ?? [];
  }
}

const keyOf = (projectId: string, traceId: string): string => `${projectId}\u0000${traceId}`;

/** Byte order of two strings, as the databases compare ids and group keys (COLLATE "C" on PostgreSQL). */
export function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
