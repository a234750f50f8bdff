/**
 * Trace tags (docs/traces.md#tags): short labels a trace is filtered and grouped by. One rule for
 * native ingest and OTLP, so a tag set means the same whichever way a trace arrived.
 */

/** At most this many tags on one trace: a tag is a label, not a payload (the contract's TraceTags). */
export const MAX_TAGS = 50;
/** At most this many characters (UTF-16 code units, as the contract's maxLength counts) per tag. */
export const MAX_TAG_LENGTH = 200;

/** The span metadata key an OTLP span's trace tags are kept under (span-mapper.ts). */
export const SPAN_TRACE_TAGS = 'trace_tags';

/** The valid tags a span's metadata carries for its trace (SPAN_TRACE_TAGS). */
export const spanTraceTags = (metadata: Record<string, unknown>): string[] => {
  const value = metadata[SPAN_TRACE_TAGS];
  return Array.isArray(value) ? value.filter(isTag) : [];
};

/** Byte order (UTF-8), as both databases compare the stored tags (PostgreSQL with COLLATE "C"). */
const byBytes = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** PostgreSQL text cannot hold NUL; a tag with one is not a tag anyone typed. */
export const isTag = (value: unknown): value is string =>
  typeof value === 'string' && value.length >= 1 && value.length <= MAX_TAG_LENGTH && !value.includes('\u0000');

/** A set of valid tags in stored order: duplicates once, ascending by bytes. */
export function tagSet(tags: Iterable<string>): string[] {
  return [...new Set(tags)].sort(byBytes);
}

/**
 * The union of tag sets, cut to MAX_TAGS by stored order: an OTLP trace's spans may each name a few,
 * and the cut is deterministic whatever order the spans arrived in.
 */
export function unionOfTags(sets: Iterable<readonly string[]>): string[] {
  const all = new Set<string>();
  for (const set of sets) for (const tag of set) all.add(tag);
  return tagSet(all).slice(0, MAX_TAGS);
}

/**
 * Tags from an OTLP attribute value (`tracewell.trace.tags`, `langfuse.trace.tags`): a string array;
 * or a string holding a JSON array of strings (SDKs that can only send scalars); or any other string,
 * split on commas. Entries are trimmed; empty ones, ones over MAX_TAG_LENGTH and non-strings are
 * dropped (an export is not refused for a label), and at most MAX_TAGS are kept.
 */
export function tagsOfAttribute(value: unknown): string[] {
  let entries: unknown[] = [];
  if (Array.isArray(value)) entries = value;
  else if (typeof value === 'string') {
    const text = value.trim();
    entries = text.startsWith('[') ? jsonArray(text) ?? text.split(',') : text.split(',');
  }
  const tags = entries.map((entry) => (typeof entry === 'string' ? entry.trim() : entry)).filter(isTag);
  return tagSet(tags).slice(0, MAX_TAGS);
}

function jsonArray(text: string): unknown[] | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
