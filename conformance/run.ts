import { ContractModel } from './contract-model.js';
import type { RuleResult } from './report.js';
import { cursorRules } from './rules/cursors.js';
import { fuzzRules } from './rules/fuzz.js';
import { idempotencyRules } from './rules/idempotency.js';
import { exerciseOperations } from './rules/operations.js';
import { savedFilterLimits } from './rules/saved-filters.js';
import { toolRules } from './rules/tools.js';
import { DEFAULT_MAX_RATE_WAIT_SECONDS, Session, type KitOptions } from './session.js';

export type { KitOptions } from './session.js';

export interface KitRun {
  results: RuleResult[];
  seed: number;
  durationSeconds: number;
  /** Time spent waiting for rate-limit windows (slept, or advanced on a test clock). */
  rateWaitSeconds: number;
}

/**
 * Runs every rule group against the deployment at `options.baseUrl`, over HTTP only. A group that
 * throws (the deployment went away, answered garbage) becomes a FAIL of that group, not a crash.
 */
export async function runConformance(options: KitOptions, contract = ContractModel.load()): Promise<KitRun> {
  const started = Date.now();
  const session = new Session(contract, options);
  const groups: [string, (s: Session) => Promise<void>][] = [
    ['operations', exerciseOperations],
    ['cursors', cursorRules],
    ['idempotency', idempotencyRules],
    ['saved-filter-limits', savedFilterLimits],
    ['tools', toolRules],
    ['fuzz', fuzzRules],
  ];
  for (const [name, group] of groups) {
    options.log?.(`running ${name} rules…`);
    const groupStarted = Date.now();
    try {
      await group(session);
    } catch (error) {
      session.book.fail(`kit:${name}`, `The ${name} rules ran to the end.`, (error as Error).stack ?? String(error));
    }
    options.log?.(`${name} rules took ${((Date.now() - groupStarted) / 1000).toFixed(1)} s`);
  }
  const unprovoked = session.checker.unprovoked(contract.operations);
  if (unprovoked.length) {
    session.book.skip(
      'coverage:unprovoked',
      'Documented statuses this run could not provoke from outside (403 needs a weaker credential, 500/503 a failing backend); the same rules check them whenever they occur.',
      unprovoked.join('\n'),
    );
  }
  if (session.pacer.budgetExhausted) {
    session.book.fail(
      'kit:rate-wait',
      'The run waited out every rate-limit window it ran into, within its wait budget (--max-rate-wait-seconds).',
      `the wait budget of ${options.maxRateWaitSeconds ?? DEFAULT_MAX_RATE_WAIT_SECONDS} s ran out; later 429s were recorded as answers`,
    );
  }
  return { results: session.book.results(), seed: options.seed, durationSeconds: (Date.now() - started) / 1000, rateWaitSeconds: session.pacer.waited / 1000 };
}
