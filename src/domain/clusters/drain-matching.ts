import { WILDCARD } from './failure-masking.js';

/**
 * The parameters of the Drain-style template miner (He et al., "Drain: An Online Log Parsing
 * Approach with Fixed Depth Tree", ICWS 2017), documented in docs/detections-learning.md.
 */
export interface DrainParameters {
  /** Drain's tree depth: the length layer, `depth − 2` prefix-token layers, and the leaf of clusters. */
  depth: number;
  /** Share of positions a signature must match a template at to join its cluster (0–1). */
  similarity: number;
  /** Clusters one leaf (bucket) holds at most; Drain's max_children. */
  maxClustersPerBucket: number;
  /** Clusters one project holds at most; past it new signatures join their nearest cluster or the overflow one. */
  maxClustersPerProject: number;
  /** Tokens of a signature read; the rest are dropped. */
  maxTokens: number;
}

export const DEFAULT_DRAIN: DrainParameters = {
  depth: 4,
  similarity: 0.5,
  maxClustersPerBucket: 64,
  maxClustersPerProject: 5_000,
  maxTokens: 48,
};

/** The bucket of the one cluster that takes signatures a full project could not place. */
export const OVERFLOW_BUCKET = '*';

/**
 * A signature's leaf in Drain's fixed-depth tree, as one key: its length, then its first `depth − 2`
 * tokens (a masked placeholder counts as the wildcard there, so a variable first word does not make
 * a new branch per value). Clusters are only ever compared within one leaf.
 */
export function bucketOf(tokens: readonly string[], parameters: DrainParameters): string {
  const prefix = tokens.slice(0, Math.max(0, parameters.depth - 2)).map((t) => (t.startsWith('<') && t.endsWith('>') ? WILDCARD : t));
  return [String(tokens.length), ...prefix].join(' ');
}

export interface TemplateCandidate {
  template: readonly string[];
  /** Creation order in the project: the earlier cluster wins a tie. */
  sequence: number;
}

/**
 * Drain's similarity: the share of positions where the template holds the signature's token (a
 * wildcard position is not a match), and the number of wildcards, which breaks ties (the more
 * general template wins, as in Drain3). Templates of another length never match.
 */
export function similarityOf(template: readonly string[], tokens: readonly string[]): { similarity: number; wildcards: number } {
  if (template.length !== tokens.length) return { similarity: -1, wildcards: 0 };
  if (tokens.length === 0) return { similarity: 1, wildcards: 0 };
  let same = 0;
  let wildcards = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    if (template[i] === WILDCARD) wildcards += 1;
    else if (template[i] === tokens[i]) same += 1;
  }
  return { similarity: same / tokens.length, wildcards };
}

/**
 * The most similar candidate (ties: more wildcards, then the earlier cluster), with its similarity;
 * null when there is none. O(candidates × tokens).
 */
export function nearestCandidate<C extends TemplateCandidate>(candidates: readonly C[], tokens: readonly string[]): { candidate: C; similarity: number } | null {
  let best: { candidate: C; similarity: number; wildcards: number } | null = null;
  for (const candidate of candidates) {
    const { similarity, wildcards } = similarityOf(candidate.template, tokens);
    if (similarity < 0) continue;
    if (
      !best ||
      similarity > best.similarity ||
      (similarity === best.similarity && (wildcards > best.wildcards || (wildcards === best.wildcards && candidate.sequence < best.candidate.sequence)))
    ) {
      best = { candidate, similarity, wildcards };
    }
  }
  return best ? { candidate: best.candidate, similarity: best.similarity } : null;
}

/** Drain's template update: every position where the signature differs becomes the wildcard. */
export function generalize(template: readonly string[], tokens: readonly string[]): string[] {
  if (template.length !== tokens.length) return [...template];
  return template.map((t, i) => (t === tokens[i] ? t : WILDCARD));
}

/** The template of several signatures at once (a split's new cluster). */
export function templateOf(signatures: readonly (readonly string[])[]): string[] {
  const [first, ...rest] = signatures;
  if (!first) return [WILDCARD];
  return rest.reduce<string[]>((template, tokens) => generalize(template, tokens), [...first]);
}
