import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { costLog2, PRODUCTION_COST_LOG2 } from '../../../src/auth/passwords.js';
import { systemClock } from '../../../src/clock.js';
import { Provisioning } from '../../../src/domain/bootstrap/provisioning.js';
import { IdentityProvisioning } from '../../../src/domain/identity/identity-provisioning.js';
import type { BenchPhases } from '../report.js';
import type { PhaseContext } from './phase-context.js';

export interface SignInTimingOptions {
  /** Sign-ins measured per kind (wrong password, unknown account), interleaved. */
  samples: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Account enumeration by timing: a sign-in with an unknown email must take about as long as one
 * with a wrong password for a known account (the decoy hash, src/auth/passwords.ts). Measured on the
 * sign-in check itself (IdentityProvisioning.verifyCredentials, on this run's database) at the
 * scrypt cost of this process — the production cost unless it runs under a test environment,
 * which the result records. In-process rather than over HTTP: the sign-in pages' attempt limits
 * would refuse the samples, and the network adds nothing that differs between the two kinds.
 */
export async function measureSignInTiming(context: PhaseContext, options: SignInTimingOptions): Promise<BenchPhases['signInTiming']> {
  const { store } = context.db;
  const identity = new IdentityProvisioning(store, systemClock);
  const email = `bench-sign-in-${randomUUID()}@example.com`;
  const user = await new Provisioning(store, systemClock).createUser(email, 'Bench sign-in');
  await identity.setPassword(user.id, `right password ${randomUUID()}`);
  const cost = costLog2();
  context.log(`sign-in timing: ${options.samples} wrong-password and ${options.samples} unknown-account sign-ins at scrypt N=2^${cost}…`);
  // Unmeasured: the first of each kind pays for the decoy hash and warms the statements.
  await identity.verifyCredentials(email, 'warm-up');
  await identity.verifyCredentials(`bench-ghost-${randomUUID()}@example.com`, 'warm-up');
  const wrongPassword: number[] = [];
  const unknownAccount: number[] = [];
  // Interleaved, so a slow spell of the machine lands on both kinds alike.
  for (let i = 0; i < options.samples; i += 1) {
    let started = performance.now();
    if ((await identity.verifyCredentials(email, `wrong ${i}`)) !== null) throw new Error('sign-in timing: a wrong password was accepted');
    wrongPassword.push(performance.now() - started);
    started = performance.now();
    if ((await identity.verifyCredentials(`bench-ghost-${randomUUID()}@example.com`, `wrong ${i}`)) !== null) throw new Error('sign-in timing: an unknown account was accepted');
    unknownAccount.push(performance.now() - started);
  }
  const wrong = median(wrongPassword);
  const unknown = median(unknownAccount);
  return {
    scryptCostLog2: cost,
    productionCost: cost === PRODUCTION_COST_LOG2,
    samples: options.samples,
    wrongPasswordP50Ms: wrong,
    unknownAccountP50Ms: unknown,
    unknownToWrongP50: unknown / wrong,
  };
}
