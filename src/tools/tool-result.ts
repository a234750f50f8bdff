import type { ProblemError } from '../errors.js';
import { rememberJsonText } from './rpc-response.js';

/** The MCP CallToolResult shapes this server produces. */
export interface TextContent {
  type: 'text';
  text: string;
}

export interface CallToolResult {
  content: TextContent[];
  /** The result object itself (2025-06-18 structured output), for tools that declare an outputSchema. */
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** The first `limit` bytes of `text`, never splitting a character. */
function prefixOfBytes(text: string, limit: number): string {
  return Buffer.from(text, 'utf8').subarray(0, Math.max(0, limit)).toString('utf8').replace(/\uFFFD+$/, '');
}

/**
 * Wraps a tool's result as the spec's envelope: one text item holding the result as JSON. A result
 * above `maxBytes` is replaced by a JSON object that says so and carries as much of the JSON text
 * as fits in `partial`, so content[0].text is always parseable JSON within the limit.
 */
export function successResult(result: unknown, maxBytes: number, structured = false): CallToolResult {
  const text = JSON.stringify(result ?? null);
  // A UTF-16 code unit is at most 3 UTF-8 bytes: a text under a third of the limit needs no byte
  // count, which is a pass over all of it (a 1,000-span context is about 190 KB of JSON).
  if (text.length * 3 <= maxBytes || bytes(text) <= maxBytes) {
    // The text item stays for clients older than structured output; both hold the same JSON.
    const isObject = typeof result === 'object' && result !== null && !Array.isArray(result);
    if (!structured || !isObject) return { content: [{ type: 'text', text }] };
    rememberJsonText(result, text);
    return { content: [{ type: 'text', text }], structuredContent: result as Record<string, unknown> };
  }

  const size = bytes(text);
  let keep = maxBytes - 512;
  for (;;) {
    const partial = prefixOfBytes(text, keep);
    const truncated = JSON.stringify({
      truncated: true,
      message: `The result was ${size} bytes, above the ${maxBytes}-byte limit; partial holds its first ${bytes(partial)} bytes of JSON text. Narrow the request (filters, limit) for a complete result.`,
      original_bytes: size,
      limit_bytes: maxBytes,
      partial,
    });
    const over = bytes(truncated) - maxBytes;
    // A tool with an outputSchema must return conforming structuredContent unless it reports an
    // error; a truncated result conforms to nothing, so there it is an error the agent can narrow.
    if (over <= 0) return structured ? { content: [{ type: 'text', text: truncated }], isError: true } : { content: [{ type: 'text', text: truncated }] };
    keep -= over + 64; // escaping grows the partial text; shrink by at least the excess
  }
}

/**
 * A tool-level failure (the spec's 400, 404, 413, 429, …) as an MCP tool error: `isError: true`
 * and one text item holding `{status, code, message, retryable[, errors][, retry_after_seconds]}`.
 */
export function toolErrorResult(problem: ProblemError): CallToolResult {
  const retryAfter = Number(problem.headers['Retry-After']);
  const body = {
    status: problem.status,
    code: problem.code,
    message: problem.detail,
    retryable: problem.retryable,
    ...(problem.errors?.length ? { errors: problem.errors } : {}),
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retry_after_seconds: retryAfter } : {}),
  };
  return { content: [{ type: 'text', text: JSON.stringify(body) }], isError: true };
}
