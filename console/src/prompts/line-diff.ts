/** One line of a diff: kept (in both), removed (only in the old text) or added (only in the new). */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
  /** Line number in the old text (same, removed) and in the new one (same, added), from 1. */
  oldLine: number | null;
  newLine: number | null;
}

/**
 * A line diff by longest common subsequence: the kept lines are a longest sequence of lines both
 * texts share in order, so no shorter diff exists. The table is (old × new) lines — prompts are
 * short; two texts of 2,000 lines each take 4 M cells, the cap beyond which the two are shown as
 * wholly removed and added instead of freezing the page. Lines end at LF (a CRLF's CR stays part of
 * its line, so a line-ending change shows).
 */
export function lineDiff(oldText: string, newText: string, maxCells = 4_000_000): DiffLine[] {
  const a = oldText === '' ? [] : oldText.split('\n');
  const b = newText === '' ? [] : newText.split('\n');
  // Common head and tail lines are kept without the table (the usual edit touches a few lines).
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);

  const ops: ('same' | 'removed' | 'added')[] = [];
  if (midA.length * midB.length > maxCells) {
    ops.push(...midA.map(() => 'removed' as const), ...midB.map(() => 'added' as const));
  } else {
    // lcs[i][j]: the longest common subsequence of midA[i..] and midB[j..].
    const width = midB.length + 1;
    const lcs = new Uint32Array((midA.length + 1) * width);
    for (let i = midA.length - 1; i >= 0; i--) {
      for (let j = midB.length - 1; j >= 0; j--) {
        lcs[i * width + j] = midA[i] === midB[j] ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < midA.length || j < midB.length) {
      if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
        ops.push('same');
        i++;
        j++;
      } else if (j < midB.length && (i === midA.length || lcs[i * width + j + 1]! >= lcs[(i + 1) * width + j]!)) {
        // Removals before additions when both are as long: a changed line reads "old, then new".
        if (i < midA.length && lcs[(i + 1) * width + j]! === lcs[i * width + j + 1]!) {
          ops.push('removed');
          i++;
        } else {
          ops.push('added');
          j++;
        }
      } else {
        ops.push('removed');
        i++;
      }
    }
  }

  const lines: DiffLine[] = [];
  let oldLine = 1;
  let newLine = 1;
  for (let k = 0; k < head; k++) lines.push({ kind: 'same', text: a[k]!, oldLine: oldLine++, newLine: newLine++ });
  let ia = head;
  let ib = head;
  for (const op of ops) {
    if (op === 'same') {
      lines.push({ kind: 'same', text: a[ia++]!, oldLine: oldLine++, newLine: newLine++ });
      ib++;
    } else if (op === 'removed') lines.push({ kind: 'removed', text: a[ia++]!, oldLine: oldLine++, newLine: null });
    else lines.push({ kind: 'added', text: b[ib++]!, oldLine: null, newLine: newLine++ });
  }
  for (let k = a.length - tail; k < a.length; k++) lines.push({ kind: 'same', text: a[k]!, oldLine: oldLine++, newLine: newLine++ });
  return lines;
}
