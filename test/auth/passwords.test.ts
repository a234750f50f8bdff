import { expect } from 'chai';
import { randomBytes, scryptSync } from 'node:crypto';
import { costLog2, hashPassword, PRODUCTION_COST_LOG2, scryptDerivations, verifyAgainstDecoy, verifyPassword } from '../../src/auth/passwords.js';

describe('password hashing (scrypt)', function () {
  this.timeout(30_000);

  it('uses OWASP cost N=2^17, r=8, p=1 outside tests, whatever SCRYPT_TEST_COST_LOG2 says', () => {
    expect(PRODUCTION_COST_LOG2).to.equal(17);
    expect(costLog2({})).to.equal(17);
    expect(costLog2({ SCRYPT_TEST_COST_LOG2: '10' })).to.equal(17);
    expect(costLog2({ NODE_ENV: 'production', SCRYPT_TEST_COST_LOG2: '10' })).to.equal(17);
    expect(costLog2({ NODE_ENV: 'test', SCRYPT_TEST_COST_LOG2: '12' })).to.equal(12);
    expect(() => costLog2({ NODE_ENV: 'test', SCRYPT_TEST_COST_LOG2: '4' })).to.throw('SCRYPT_TEST_COST_LOG2 must be 10 to 17');
  });

  it('hashes at the production cost with a 16-byte salt, and verifies it (128 MiB: above Node’s default scrypt memory cap)', async () => {
    const saved = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      const stored = await hashPassword('correct horse');
      const [scheme, n, r, p, salt] = stored.split('$');
      expect([scheme, n, r, p]).to.deep.equal(['scrypt', String(2 ** 17), '8', '1']);
      expect(Buffer.from(salt, 'base64url')).to.have.length(16);
      expect(await verifyPassword('correct horse', stored)).to.equal(true);
      expect(await verifyPassword('wrong horse', stored)).to.equal(false);
    } finally {
      process.env.NODE_ENV = saved;
    }
  });

  it('still verifies hashes stored at the earlier cost (N=2^14), and rejects tampered parameters without running them', async () => {
    const salt = randomBytes(16);
    const older = ['scrypt', 16384, 8, 1, salt.toString('base64url'), scryptSync('older', salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64url')].join('$');
    expect(await verifyPassword('older', older)).to.equal(true);
    expect(await verifyPassword('newer', older)).to.equal(false);
    expect(await verifyPassword('anything', 'scrypt$1073741824$8$1$c2FsdA$aGFzaA')).to.equal(false);
    expect(await verifyPassword('anything', 'bcrypt$x')).to.equal(false);
  });

  // Behaviour only: that the decoy takes about as long as a wrong password is measured by the bench
  // at the production cost (scripts/bench/phases/sign-in-timing.ts), not here at the test cost.
  it('spends exactly one scrypt derivation on an unknown account (decoy), as on a wrong password, and always fails', async () => {
    const stored = await hashPassword('known');
    await verifyAgainstDecoy('warm-up'); // the decoy hash is made once, on first use
    const derivationsOf = async (work: () => Promise<boolean>) => {
      const before = scryptDerivations();
      const outcome = await work();
      return { outcome, derivations: scryptDerivations() - before };
    };
    expect(await derivationsOf(() => verifyPassword('guess', stored))).to.deep.equal({ outcome: false, derivations: 1 });
    expect(await derivationsOf(() => verifyAgainstDecoy('guess'))).to.deep.equal({ outcome: false, derivations: 1 });
    expect(await derivationsOf(() => verifyAgainstDecoy('known'))).to.deep.equal({ outcome: false, derivations: 1 });
  });
});
