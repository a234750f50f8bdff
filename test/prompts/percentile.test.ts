import { expect } from 'chai';
import { interpolate, percentileRanks } from '../../src/domain/prompts/percentile.js';

/** The percentile of sorted values as the usage service computes it (ranks, then interpolation). */
const percentile = (sorted: number[], p: number): number => {
  const ranks = percentileRanks(sorted.length, p);
  return interpolate(ranks, sorted[ranks.lower], sorted[ranks.upper]);
};

describe('percentileRanks and interpolate (Hyndman & Fan 1996 type 7)', () => {
  // Expected values from NumPy 1.26: numpy.percentile(x, [50, 95]) (method "linear", the default).
  const CASES: [number[], number, number][] = [
    [[42], 42, 42],
    [[10, 20], 15, 19.5],
    [[10, 20, 30, 50], 25, 47],
    [[100, 200, 400, 800, 1600], 400, 1440],
    [[7, 9, 100, 200, 400, 800, 1600], 200, 1360],
    [Array.from({ length: 21 }, (_, i) => i * 10), 100, 190],
    [Array.from({ length: 101 }, (_, i) => i), 50, 95],
  ];

  it('matches numpy.percentile for p50 and p95', () => {
    for (const [values, p50, p95] of CASES) expect([percentile(values, 50), percentile(values, 95)], JSON.stringify(values)).to.deep.equal([p50, p95]);
  });

  it('splits (n − 1)·p by 100 in integers, so a whole rank is read alone (21 values, p95: rank 19 exactly)', () => {
    expect(percentileRanks(21, 95)).to.deep.equal({ lower: 19, upper: 19, fraction: 0 });
    expect(percentileRanks(5, 95)).to.deep.equal({ lower: 3, upper: 4, fraction: 0.8 });
    expect(percentileRanks(1, 50)).to.deep.equal({ lower: 0, upper: 0, fraction: 0 });
  });
});
