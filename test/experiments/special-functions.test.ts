import { expect } from 'chai';
import {
  binomialCdf, logGamma, normalCdf, normalSurvival, regularizedIncompleteBeta, regularizedUpperGamma, studentTTwoSided,
} from '../../src/domain/experiments/statistics/special-functions.js';

// Reference values: SciPy 1.10.1 (Debian bookworm's python3-scipy), computed with
// scipy.special.gammaln / betainc / gammaincc and scipy.stats.norm / t / binom — an
// implementation independent of ours (Cephes). Each is matched to a relative error of 1e-9
// (absolute 1e-15 for values below 1e-6), well inside the 1e-6 the comparisons promise.
function expectClose(actual: number, expected: number): void {
  const tolerance = Math.max(Math.abs(expected) * 1e-9, 1e-15);
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).to.be.at.most(tolerance);
}

describe('logGamma', () => {
  it('matches scipy.special.gammaln below 1, at a half-integer and at 1000', () => {
    expectClose(logGamma(0.1), 2.252712651734206);
    expectClose(logGamma(50.5), 146.51925549072064);
    expectClose(logGamma(1000), 5905.220423209181);
  });

  it('refuses a non-positive argument by name', () => {
    expect(() => logGamma(0)).to.throw(RangeError, /positive argument, got 0/);
  });
});

describe('regularizedIncompleteBeta', () => {
  it('matches scipy.special.betainc on both sides of the mean and near 1', () => {
    expectClose(regularizedIncompleteBeta(0.3, 2.5, 0.5), 0.01892712407194565);
    expectClose(regularizedIncompleteBeta(0.45, 30, 40), 0.6447480085585666);
    expectClose(regularizedIncompleteBeta(0.999, 0.5, 0.5), 0.9798649583666225);
  });

  it('is 0 at x = 0 and 1 at x = 1', () => {
    expect(regularizedIncompleteBeta(0, 3, 4)).to.equal(0);
    expect(regularizedIncompleteBeta(1, 3, 4)).to.equal(1);
  });
});

describe('regularizedUpperGamma', () => {
  it('matches scipy.special.gammaincc by series and by continued fraction', () => {
    expectClose(regularizedUpperGamma(0.5, 2.0), 0.04550026389635857);
    expectClose(regularizedUpperGamma(10, 3.0), 0.9988975118698845);
    expectClose(regularizedUpperGamma(3, 25.0), 4.701068998290324e-9);
  });
});

describe('normal distribution', () => {
  it('matches scipy.stats.norm.sf at 1.96 and far in the tail at 8', () => {
    expectClose(normalSurvival(1.96), 0.024997895148220435);
    expectClose(normalSurvival(8), 6.22096057427174e-16);
  });

  it('matches scipy.stats.norm.cdf at -3.5', () => {
    expectClose(normalCdf(-3.5), 0.00023262907903552502);
  });
});

describe('studentTTwoSided', () => {
  it('matches 2 · scipy.stats.t.sf for 5, 1 and 120 degrees of freedom', () => {
    expectClose(studentTTwoSided(2.1, 5), 0.08975324988459868);
    expectClose(studentTTwoSided(0.3, 1), 0.8144528418445154);
    expectClose(studentTTwoSided(12, 120), 2.784749770437106e-22);
  });

  it('is symmetric in the sign of t', () => {
    expect(studentTTwoSided(-2.1, 5)).to.equal(studentTTwoSided(2.1, 5));
  });
});

describe('binomialCdf', () => {
  it('matches scipy.stats.binom.cdf for a fair coin', () => {
    expectClose(binomialCdf(3, 20, 0.5), 0.0012884140014648438);
    expectClose(binomialCdf(86, 236, 0.5), 1.8579680697856936e-5);
  });

  it('is 0 below zero successes and 1 from n on', () => {
    expect(binomialCdf(-1, 10, 0.5)).to.equal(0);
    expect(binomialCdf(10, 10, 0.5)).to.equal(1);
  });
});
