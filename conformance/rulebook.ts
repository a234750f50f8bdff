import type { Outcome, RuleResult } from './report.js';

interface RuleState {
  text: string;
  checks: number;
  failures: string[];
  skipReason?: string;
  order: number;
}

/**
 * Collects rule outcomes. A rule passes when it was checked at least once and never failed, is
 * skipped (with the reason) when nothing could check it, and fails with the evidence otherwise.
 */
export class Rulebook {
  private readonly rules = new Map<string, RuleState>();
  /** Every failure in order, `rule: evidence`, so a caller can see what one request broke. */
  private readonly log: string[] = [];

  private state(id: string, text: string): RuleState {
    let state = this.rules.get(id);
    if (!state) {
      state = { text, checks: 0, failures: [], order: this.rules.size };
      this.rules.set(id, state);
    }
    return state;
  }

  declare(id: string, text: string): void {
    this.state(id, text);
  }

  pass(id: string, text: string): void {
    this.state(id, text).checks += 1;
  }

  fail(id: string, text: string, evidence: string): void {
    const state = this.state(id, text);
    state.checks += 1;
    state.failures.push(evidence);
    this.log.push(`${id}: ${evidence}`);
  }

  /** Records one check: `problem` undefined is a pass. */
  check(id: string, text: string, problem: string | undefined, evidence: () => string): void {
    if (problem === undefined) this.pass(id, text);
    else this.fail(id, text, `${problem}\n${evidence()}`);
  }

  skip(id: string, text: string, reason: string): void {
    const state = this.state(id, text);
    state.skipReason ??= reason;
  }

  /** Failures recorded so far over all rules; a property compares it before and after a request. */
  failureCount(): number {
    return this.log.length;
  }

  failuresSince(count: number): string[] {
    return this.log.slice(count);
  }

  results(): RuleResult[] {
    return [...this.rules.entries()]
      .sort((a, b) => a[1].order - b[1].order)
      .map(([id, s]) => {
        const outcome: Outcome = s.failures.length ? 'FAIL' : s.checks > 0 ? 'PASS' : 'SKIP';
        const evidence = outcome === 'FAIL' ? s.failures : outcome === 'SKIP' ? [s.skipReason ?? 'nothing in this run could check it'] : [];
        return { id, text: s.text, outcome, evidence };
      });
  }
}
