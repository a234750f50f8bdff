import { expect } from 'chai';
import { lineDiff, type DiffLine } from '../../console/src/prompts/line-diff.js';

/** The diff in unified notation: ' ' kept, '-' removed, '+' added. */
const unified = (lines: DiffLine[]): string[] => lines.map((l) => `${l.kind === 'same' ? ' ' : l.kind === 'removed' ? '-' : '+'}${l.text}`);

/** The length of a longest common subsequence, by the textbook recursion (memoized): the reference. */
function lcsLength(a: string[], b: string[]): number {
  const memo = new Map<string, number>();
  const go = (i: number, j: number): number => {
    if (i === a.length || j === b.length) return 0;
    const key = `${i},${j}`;
    if (!memo.has(key)) memo.set(key, a[i] === b[j] ? 1 + go(i + 1, j + 1) : Math.max(go(i + 1, j), go(i, j + 1)));
    return memo.get(key)!;
  };
  return go(0, 0);
}

/** A small deterministic generator (mulberry32), so a failing case can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('lineDiff (the prompt version diff)', () => {
  it('keeps identical texts whole', () => {
    expect(unified(lineDiff('a\nb', 'a\nb'))).to.deep.equal([' a', ' b']);
  });

  it('shows a changed line as the old one removed, then the new one added, with both line numbers', () => {
    expect(lineDiff('You are helpful.\nAnswer {{q}}.\nBe brief.', 'You are helpful.\nAnswer {{question}}.\nBe brief.')).to.deep.equal([
      { kind: 'same', text: 'You are helpful.', oldLine: 1, newLine: 1 },
      { kind: 'removed', text: 'Answer {{q}}.', oldLine: 2, newLine: null },
      { kind: 'added', text: 'Answer {{question}}.', oldLine: null, newLine: 2 },
      { kind: 'same', text: 'Be brief.', oldLine: 3, newLine: 3 },
    ]);
  });

  it('finds the longest kept sequence, not the first match (the classic ABCABBA / CBABAC pair)', () => {
    // Myers (1986), "An O(ND) Difference Algorithm", Fig. 1: an LCS of length 4, edit distance 5.
    const diff = lineDiff('A\nB\nC\nA\nB\nB\nA', 'C\nB\nA\nB\nA\nC');
    expect(diff.filter((l) => l.kind === 'same')).to.have.length(4);
    expect(diff.filter((l) => l.kind !== 'same')).to.have.length(5);
  });

  it('treats an empty text as no lines', () => {
    expect(unified(lineDiff('', 'x\ny'))).to.deep.equal(['+x', '+y']);
    expect(unified(lineDiff('x', ''))).to.deep.equal(['-x']);
    expect(lineDiff('', '')).to.deep.equal([]);
  });

  it('shows a line-ending change (CRLF to LF) as a changed line', () => {
    expect(unified(lineDiff('a\r\nb', 'a\nb'))).to.deep.equal(['-a\r', '+a', ' b']);
  });

  it('past the cell cap, shows the changed middle as removed then added instead of computing the table', () => {
    expect(unified(lineDiff('h\na\nb\nt', 'h\nb\na\nt', 1))).to.deep.equal([' h', '-a', '-b', '+b', '+a', ' t']);
  });

  it('on 300 random pairs: rebuilds both texts, and keeps as many lines as the reference LCS length', () => {
    const next = random(20261128);
    for (let round = 0; round < 300; round++) {
      const words = ['a', 'b', 'c', 'd'];
      const a = Array.from({ length: Math.floor(next() * 12) }, () => words[Math.floor(next() * 4)]!);
      const b = Array.from({ length: Math.floor(next() * 12) }, () => words[Math.floor(next() * 4)]!);
      const diff = lineDiff(a.join('\n'), b.join('\n'));
      const context = `seed 20261128 round ${round}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`;
      expect(diff.filter((l) => l.kind !== 'added').map((l) => l.text), context).to.deep.equal(a.length === 0 ? [] : a);
      expect(diff.filter((l) => l.kind !== 'removed').map((l) => l.text), context).to.deep.equal(b.length === 0 ? [] : b);
      expect(diff.filter((l) => l.kind === 'same').length, context).to.equal(lcsLength(a, b));
    }
  });
});
