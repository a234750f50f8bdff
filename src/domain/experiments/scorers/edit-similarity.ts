/** Characters of each side compared: Levenshtein is quadratic, so longer texts are cut here. */
export const MAX_EDIT_CHARS = 2_000;

/** Levenshtein distance (insertions, deletions, substitutions of UTF-16 code units), two rows of memory. */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = previous[j - 1]! + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

/**
 * 1 − distance / max(length): 1 for equal texts (two empty ones included), 0 for nothing in common
 * position by position. Each side is cut to its first MAX_EDIT_CHARS characters first.
 */
export function normalizedEditSimilarity(a: string, b: string): number {
  const left = a.slice(0, MAX_EDIT_CHARS);
  const right = b.slice(0, MAX_EDIT_CHARS);
  const longest = Math.max(left.length, right.length);
  return longest === 0 ? 1 : 1 - levenshtein(left, right) / longest;
}
