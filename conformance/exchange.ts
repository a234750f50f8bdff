// The evidence of one request, in a module of its own: the HTTP client records it and the rate
// pacer reads it, and the client holds a pacer.

/** One request and its answer, kept as evidence. */
export interface Exchange {
  method: string;
  /** Path and query, as sent. */
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status: number;
  headers: Record<string, string>;
  /** The body text (cut at 2 MB). */
  text: string;
  /** The body parsed as JSON, when it is JSON. */
  json: unknown;
}
