import { expect } from 'chai';
import { bootstrapMeanInterval, quantileOfSorted } from '../../src/domain/experiments/statistics/bootstrap-interval.js';
import { holmAdjust } from '../../src/domain/experiments/statistics/holm-correction.js';
import { SeededRandom } from '../../src/domain/experiments/statistics/seeded-random.js';

function expectAllClose(actual: readonly (number | null)[], expected: readonly (number | null)[]): void {
  expect(actual).to.have.length(expected.length);
  actual.forEach((value, i) => {
    if (expected[i] === null) expect(value, `index ${i}`).to.equal(null);
    else expect(Math.abs((value as number) - expected[i]!), `index ${i}: ${value} vs ${expected[i]}`).to.be.at.most(1e-12);
  });
}

describe('holmAdjust', () => {
  // References: statsmodels 0.13.5 (Debian's python3-statsmodels),
  // multipletests(p, method='holm')[1].
  it('matches statsmodels multipletests(method="holm") and keeps the input order', () => {
    expectAllClose(holmAdjust([0.01, 0.04, 0.03, 0.005, 0.2]), [0.04, 0.09, 0.09, 0.025, 0.2]);
  });

  it('gives equal p-values the same adjustment', () => {
    expectAllClose(holmAdjust([0.02, 0.02, 0.5]), [0.06, 0.06, 0.5]);
  });

  it('caps at 1 and leaves untestable comparisons null without counting them', () => {
    expectAllClose(holmAdjust([0.4, null, 0.3]), [0.6, null, 0.6]);
    expectAllClose(holmAdjust([0.9, 0.8]), [1, 1]);
  });
});

describe('quantileOfSorted', () => {
  it('interpolates between order statistics as numpy.quantile does by default', () => {
    // numpy 1.24 (Debian): np.quantile([3.0, 1.0, 4.0, 1.5, 9.0, 2.6], [0.025, 0.5, 0.975]) = [1.0625, 2.8, 8.375]
    const sorted = [3.0, 1.0, 4.0, 1.5, 9.0, 2.6].sort((a, b) => a - b);
    expectAllClose([0.025, 0.5, 0.975].map((q) => quantileOfSorted(sorted, q)), [1.0625, 2.8, 8.375]);
  });
});

describe('SeededRandom', () => {
  it('draws the same sequence for the same seed and another for another seed', () => {
    const draw = (seed: number) => { const random = new SeededRandom(seed); return Array.from({ length: 5 }, () => random.nextUint32()); };
    expect(draw(42)).to.deep.equal(draw(42));
    expect(draw(42)).to.not.deep.equal(draw(43));
  });

  it('keeps whole-number draws inside the bound and spreads them evenly', () => {
    const random = new SeededRandom(7);
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i += 1) counts[random.nextIndex(10)]! += 1;
    // Pearson's chi-square with 9 degrees of freedom; 27.88 is its 0.999 quantile.
    const chiSquare = counts.reduce((sum, count) => sum + (count - 10_000) ** 2 / 10_000, 0);
    expect(chiSquare).to.be.below(27.88);
  });

  it('refuses a bound that is not a whole number in 1..2^32', () => {
    expect(() => new SeededRandom(1).nextIndex(0)).to.throw(RangeError, /bound must be a whole number/);
  });
});

describe('bootstrapMeanInterval', () => {
  const differences = Array.from({ length: 200 }, (_, i) => Math.sin(i * 12.9898) * 0.5 + 0.1);

  it('gives the same interval for the same data and seed', () => {
    expect(bootstrapMeanInterval(differences, { seed: 11 })).to.deep.equal(bootstrapMeanInterval(differences, { seed: 11 }));
  });

  it('states its level, method, resamples and seed', () => {
    expect(bootstrapMeanInterval(differences, { seed: 11 })).to.include({ level: 0.95, method: 'percentile_bootstrap', resamples: 10_000, seed: 11 });
  });

  it('agrees with the normal interval mean ± 1.96·s/√n for a large sample to within 5 % of its width', () => {
    // For the mean of n = 200 the bootstrap distribution is close to normal with standard
    // error s/√n (s with n in the denominator: the bootstrap resamples the empirical distribution).
    const n = differences.length;
    const mean = differences.reduce((sum, d) => sum + d, 0) / n;
    const s = Math.sqrt(differences.reduce((sum, d) => sum + (d - mean) ** 2, 0) / n);
    const halfWidth = 1.959963984540054 * s / Math.sqrt(n);
    const interval = bootstrapMeanInterval(differences, { seed: 3 })!;
    expect(Math.abs(interval.lower - (mean - halfWidth))).to.be.below(0.05 * 2 * halfWidth);
    expect(Math.abs(interval.upper - (mean + halfWidth))).to.be.below(0.05 * 2 * halfWidth);
  });

  it('collapses to the point for constant differences and is undefined below two', () => {
    expect(bootstrapMeanInterval([0.25, 0.25, 0.25], { seed: 1 })).to.include({ lower: 0.25, upper: 0.25 });
    expect(bootstrapMeanInterval([0.25], { seed: 1 })).to.equal(null);
  });
});
