/**
 * Whether an If-None-Match header matches `etag` (RFC 9110 §13.1.2): `*`, or any listed tag equal
 * to it under the weak comparison (a `W/` prefix is ignored), so the request may be answered 304.
 */
export function noneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');
  return value.split(',').some((tag) => opaque(tag) === opaque(etag));
}
