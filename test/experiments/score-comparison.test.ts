import { expect } from 'chai';
import { compareScores, type ScoreValues } from '../../src/domain/experiments/statistics/paired-score-comparison.js';

const numeric = (entries: Record<string, number>): ScoreValues => ({ dataType: 'numeric', values: new Map(Object.entries(entries)) });
const booleans = (entries: Record<string, boolean>): ScoreValues => ({ dataType: 'boolean', values: new Map(Object.entries(entries)) });

// Darwin's differences (SciPy's wilcoxon documentation) laid out as two runs over 15 items.
const darwin = [6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75];
const baselineRun = Object.fromEntries(darwin.map((_, i) => [`item-${i}`, 100]));
const candidateRun = Object.fromEntries(darwin.map((d, i) => [`item-${i}`, 100 + d]));

describe('compareScores', () => {
  it('pairs by item and rests a numeric score on the Wilcoxon signed-rank test', () => {
    const [result] = compareScores(
      [{ score: 'quality', candidate: 'run-b', baseline: numeric(baselineRun), candidateValues: numeric(candidateRun) }],
      { alpha: 0.05, seed: 1 },
    );
    expect(result).to.include({ score: 'quality', candidate: 'run-b', dataType: 'numeric', pairs: 15, baselineOnly: 0, candidateOnly: 0, primaryTest: 'wilcoxon_signed_rank' });
    expect(result!.pValue).to.equal(0.041259765625);
    // One comparison: Holm leaves it as it is.
    expect(result!.adjustedPValue).to.equal(0.041259765625);
    expect(result).to.include({ significant: true, direction: 'improved' });
    expect(result!.pairedT!.n).to.equal(15);
  });

  it('counts items present on one side only instead of dropping them silently', () => {
    const [result] = compareScores(
      [{ score: 'quality', candidate: 'run-b', baseline: numeric({ a: 1, b: 2, c: 3 }), candidateValues: numeric({ b: 2.5, c: 3.5, d: 9 }) }],
      { alpha: 0.05, seed: 1 },
    );
    expect(result).to.include({ pairs: 2, baselineOnly: 1, candidateOnly: 1, baselineMean: 2.5, candidateMean: 3, meanDifference: 0.5 });
  });

  it('applies Holm across every score and candidate of the request', () => {
    const results = compareScores(
      [
        { score: 'quality', candidate: 'run-b', baseline: numeric(baselineRun), candidateValues: numeric(candidateRun) },
        { score: 'quality', candidate: 'run-c', baseline: numeric(baselineRun), candidateValues: numeric(candidateRun) },
      ],
      { alpha: 0.05, seed: 1 },
    );
    // Two equal p-values of 0.041259765625: each adjusted to twice that, no longer below 0.05.
    expect(results.map((r) => r.adjustedPValue)).to.deep.equal([0.08251953125, 0.08251953125]);
    expect(results.map((r) => r.significant)).to.deep.equal([false, false]);
    expect(results.map((r) => r.direction)).to.deep.equal(['unchanged', 'unchanged']);
  });

  it('calls a significant drop a regression, and a significant drop of a lower-is-better score an improvement', () => {
    const input = { score: 'latency', candidate: 'run-b', baseline: numeric(candidateRun), candidateValues: numeric(baselineRun) };
    expect(compareScores([input], { alpha: 0.05, seed: 1 })[0]).to.include({ significant: true, direction: 'regressed' });
    expect(compareScores([input], { alpha: 0.05, seed: 1, lowerIsBetter: new Set(['latency']) })[0]).to.include({ direction: 'improved' });
  });

  it('rests a boolean score on the exact McNemar test, reporting pass rates', () => {
    const baseline: Record<string, boolean> = {};
    const candidate: Record<string, boolean> = {};
    // 8 items fixed by the candidate, 1 broken, 10 passing in both (p = 2 · 10/512).
    for (let i = 0; i < 19; i += 1) {
      baseline[`i${i}`] = i >= 8;
      candidate[`i${i}`] = i !== 8;
    }
    const [result] = compareScores([{ score: 'correct', candidate: 'run-b', baseline: booleans(baseline), candidateValues: booleans(candidate) }], { alpha: 0.05, seed: 1 });
    expect(result).to.include({ primaryTest: 'exact_mcnemar', pairs: 19, baselineMean: 11 / 19, candidateMean: 18 / 19, significant: true, direction: 'improved' });
    expect(Math.abs(result!.pValue! - 0.0390625)).to.be.below(1e-15);
    expect(result!.mcnemar).to.include({ baselineOnly: 1, candidateOnly: 8 });
  });

  it('reports p = 1 and no change when the runs agree on every pair', () => {
    const [result] = compareScores([{ score: 'quality', candidate: 'run-b', baseline: numeric({ a: 1, b: 2 }), candidateValues: numeric({ a: 1, b: 2 }) }], { alpha: 0.05, seed: 1 });
    expect(result).to.include({ pValue: 1, adjustedPValue: 1, significant: false, direction: 'unchanged', effectSize: 0 });
  });

  it('refuses a score whose type differs between the runs', () => {
    expect(() => compareScores([{ score: 'quality', candidate: 'run-b', baseline: numeric({ a: 1 }), candidateValues: booleans({ a: true }) }], { alpha: 0.05, seed: 1 }))
      .to.throw(TypeError, /quality is numeric in the baseline and boolean in run-b/);
  });
});
