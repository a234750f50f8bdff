import { expect } from 'chai';
import { exactMcNemar } from '../../src/domain/experiments/statistics/exact-mcnemar.js';
import { pairedTTest } from '../../src/domain/experiments/statistics/paired-t-test.js';
import { wilcoxonSignedRank } from '../../src/domain/experiments/statistics/wilcoxon-signed-rank.js';

function expectClose(actual: number | null | undefined, expected: number, tolerance = 1e-9): void {
  expect(actual, 'a value').to.be.a('number');
  expect(Math.abs((actual as number) - expected), `${actual} vs ${expected}`).to.be.at.most(tolerance);
}

// Student's sleep data (Cushny & Peebles 1905, as analysed by "Student" 1908; R's `sleep`
// dataset): extra hours of sleep under two drugs for the same ten patients.
const sleepDrug1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
const sleepDrug2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];
const sleepDifferences = sleepDrug1.map((value, i) => value - sleepDrug2[i]!);

// Darwin's paired plant heights, differences in eighths of an inch (Fisher, The Design of
// Experiments, 1935) — the example of SciPy's `scipy.stats.wilcoxon` documentation.
const darwin = [6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75];

describe('pairedTTest', () => {
  it("reproduces R's documented `t.test(extra ~ group, data = sleep, paired = TRUE)`: t = -4.0621, df = 9, p = 0.002833", () => {
    const result = pairedTTest(sleepDifferences)!;
    expect(result.degreesOfFreedom).to.equal(9);
    expectClose(result.meanDifference, -1.58);
    // R prints four significant digits; SciPy 1.10.1's ttest_rel(drug1, drug2) gives all of them.
    expectClose(result.statistic, -4.062127683382037);
    expectClose(result.pValue, 0.00283289019738427);
  });

  it("reports Cohen's d_z, the mean difference over the differences' standard deviation", () => {
    const result = pairedTTest(sleepDifferences)!;
    // sd of the sleep differences is 1.2299955 (R: sd(sleep$extra[1:10] - sleep$extra[11:20])).
    expectClose(result.standardDeviation, 1.229995483, 1e-8);
    expectClose(result.effectSize, -1.58 / 1.229995483, 1e-8);
  });

  it('matches SciPy 1.10.1 ttest_rel on 40 differences', () => {
    const differences = [0.30123, 0.598746, 0.025862, -0.590592, -0.154671, -0.691647, 0.360144, 1.640215, -0.192207, -0.320475, 0.789842, 0.656887, 0.405414, -0.630468, 0.270748, 0.995303, -1.044215, -0.157616, -1.601223, -0.989538, -1.541735, 0.064909, -0.967446, 0.571264, 0.456751, 0.113069, -2.21676, -0.238693, 0.251499, 0.413309, -1.230136, -0.177753, -0.678519, -0.508837, 1.360899, -0.507535, 0.267478, 1.18439, -0.2836, 0.188298];
    const result = pairedTTest(differences)!;
    expectClose(result.statistic, -0.7334801027964771);
    expectClose(result.pValue, 0.46765213697540764);
  });

  it('is undefined below two pairs', () => {
    expect(pairedTTest([0.4])).to.equal(null);
  });

  it('gives p = 1 when every difference is zero and p = 0 for a constant non-zero difference', () => {
    expect(pairedTTest([0, 0, 0])).to.include({ pValue: 1, statistic: 0 });
    expect(pairedTTest([0.5, 0.5, 0.5])).to.include({ pValue: 0, statistic: Number.POSITIVE_INFINITY });
  });
});

describe('wilcoxonSignedRank', () => {
  it('reproduces the exact result of SciPy\'s documentation on Darwin\'s data: statistic 24, p = 0.041259765625', () => {
    const result = wilcoxonSignedRank(darwin)!;
    expect(result).to.include({ method: 'exact', statistic: 24, n: 15, zeroDifferences: 0, rankSumNegative: 24, rankSumPositive: 96 });
    expect(result.pValue).to.equal(0.041259765625);
  });

  it("reports the matched-pairs rank-biserial correlation (R+ − R−) / (R+ + R−)", () => {
    expect(wilcoxonSignedRank(darwin)!.effectSize).to.equal((96 - 24) / 120);
  });

  it('matches SciPy 1.10.1 (exact) on 40 untied differences', () => {
    const differences = [0.30123, 0.598746, 0.025862, -0.590592, -0.154671, -0.691647, 0.360144, 1.640215, -0.192207, -0.320475, 0.789842, 0.656887, 0.405414, -0.630468, 0.270748, 0.995303, -1.044215, -0.157616, -1.601223, -0.989538, -1.541735, 0.064909, -0.967446, 0.571264, 0.456751, 0.113069, -2.21676, -0.238693, 0.251499, 0.413309, -1.230136, -0.177753, -0.678519, -0.508837, 1.360899, -0.507535, 0.267478, 1.18439, -0.2836, 0.188298];
    const result = wilcoxonSignedRank(differences)!;
    expect(result).to.include({ method: 'exact', statistic: 372 });
    expectClose(result.pValue, 0.617864971896779);
  });

  it('uses the normal approximation above 50 differences, matching SciPy 1.10.1 on 60', () => {
    const differences = [-0.089536, -0.136218, -1.425056, -0.12386, 1.158823, -1.747145, 0.659383, -0.080646, -0.84147, 1.800417, 0.56226, -1.399289, -0.125484, 0.37669, -0.388782, 0.48291, -0.266517, 0.467248, 1.238523, -0.875662, 0.003139, -0.663308, -0.072732, -1.387195, -0.779302, -0.396196, 0.698764, 0.945222, -1.523528, -0.994642, 0.446903, -2.19242, -0.66317, -0.297287, 1.057015, 0.489404, -0.527213, -0.568576, -0.450195, 1.323529, -0.628025, -0.50368, 0.152589, -0.32077, -0.397284, -1.314067, -0.211521, -0.643581, 0.966128, 0.453089, -0.224144, 0.468381, -0.53987, 0.852126, -0.2054, 0.383382, -1.490893, 0.14668, -1.888204, -2.235329];
    const result = wilcoxonSignedRank(differences)!;
    expect(result).to.include({ method: 'normal_approximation', statistic: 677 });
    expectClose(result.pValue, 0.07976323100353154);
  });

  it("matches SciPy's documented normal approximation on Darwin's data: p = 0.04088813291185591", () => {
    // Forced onto the approximation by one zero difference, which is then dropped.
    const result = wilcoxonSignedRank([...darwin, 0])!;
    expect(result).to.include({ method: 'normal_approximation', zeroDifferences: 1, n: 15 });
    expectClose(result.pValue, 0.04088813291185591);
  });

  it('drops zero differences and corrects the variance for ties, matching SciPy 1.10.1 wilcoxon(d, method="approx")', () => {
    // Judge scores on a 0.1 grid: four zeros, and ties among the rest (as float64 holds them).
    const differences = [0.09999999999999998, 0.0, 0.20000000000000007, 0.0, 0.19999999999999996, 0.20000000000000007, 0.0, 0.20000000000000007, 0.09999999999999998, 0.0, 0.19999999999999996, 0.09999999999999998];
    const result = wilcoxonSignedRank(differences)!;
    expect(result).to.include({ method: 'normal_approximation', n: 8, zeroDifferences: 4, statistic: 0 });
    expectClose(result.z!, 2.5487723714572392);
    expectClose(result.pValue, 0.010810283451958072);
  });

  it('is undefined when every difference is zero', () => {
    expect(wilcoxonSignedRank([0, 0, 0])).to.equal(null);
  });
});

describe('exactMcNemar', () => {
  const pairsOf = (both: number, baselineOnly: number, candidateOnly: number, neither: number) => [
    ...Array.from({ length: both }, () => [true, true] as const),
    ...Array.from({ length: baselineOnly }, () => [true, false] as const),
    ...Array.from({ length: candidateOnly }, () => [false, true] as const),
    ...Array.from({ length: neither }, () => [false, false] as const),
  ];

  it("matches scipy.stats.binomtest(86, 236, 0.5) on Agresti's presidential approval table (794, 150, 86, 570)", () => {
    // Agresti, An Introduction to Categorical Data Analysis (2nd ed., 2007), Table 8.1.
    const result = exactMcNemar(pairsOf(794, 150, 86, 570))!;
    expect(result).to.include({ n: 1600, baselineOnly: 150, candidateOnly: 86, statistic: 86 });
    expectClose(result.pValue, 3.715936139571387e-5, 1e-15);
    expect(result.effectSize).to.equal((86 - 150) / 1600);
  });

  it('gives the exact 2 · 10/512 for one discordant pair against eight', () => {
    expectClose(exactMcNemar(pairsOf(5, 8, 1, 5))!.pValue, 0.0390625, 1e-15);
  });

  it('caps p at 1 when the discordant pairs split evenly, and is 1 without discordant pairs', () => {
    expect(exactMcNemar(pairsOf(2, 3, 3, 2))!.pValue).to.equal(1);
    expect(exactMcNemar(pairsOf(4, 0, 0, 4))!.pValue).to.equal(1);
  });
});
