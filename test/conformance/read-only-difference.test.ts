import { expect } from 'chai';
import { whereTheyDiffer } from '../../conformance/rules/fuzz.js';

/**
 * fuzz:read-only's failure names where two snapshots of the lists differ: the list, and the text
 * either side of the first differing character — a 19,000-character list cut at its start showed two
 * identical excerpts (test/conformance/deployment-process.test.ts, 2026-11-30).
 */
describe('the kit: where two snapshots of the lists differ (conformance/rules/fuzz.ts)', () => {
  it('names the first list that differs and the character its texts part at', () => {
    const before = 'listTraces:200:[{"id":"a","latencyMs":0}]\nlistSessions:200:[]';
    const after = 'listTraces:200:[{"id":"a","latencyMs":12}]\nlistSessions:200:[]';
    expect(whereTheyDiffer(before, after)).to.equal('listTraces, from character 38:\nbefore: listTraces:200:[{"id":"a","latencyMs":0}]\nafter: listTraces:200:[{"id":"a","latencyMs":12}]');
  });

  it('shows 80 characters before the difference, not the start of a long list', () => {
    const head = `listTraces:200:[${'x'.repeat(1000)}`;
    const difference = whereTheyDiffer(`${head}A]`, `${head}B]`);
    expect(difference).to.equal(`listTraces, from character 1016:\nbefore: …${'x'.repeat(80)}A]\nafter: …${'x'.repeat(80)}B]`);
  });

  it('names a list that appeared or went away', () => {
    expect(whereTheyDiffer('listTraces:200:[]', 'listTraces:200:[]\nlistSessions:200:[]')).to.equal('listSessions, from character 0:\nbefore: \nafter: listSessions:200:[]');
  });
});
