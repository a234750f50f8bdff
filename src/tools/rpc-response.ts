import { randomUUID } from 'node:crypto';
import type { Response } from 'express';

/**
 * JSON text already made of a tool's structuredContent. A tool result carries the same object twice
 * (as content[0].text and as structuredContent); serializing it once and reusing the text halves the
 * work for large results (a 1,000-span get_trace_context).
 */
const serializedObjects = new WeakMap<object, string>();

/** A stand-in no client ever sees: it is replaced before the response leaves, and random per process. */
const STAND_IN = `structured-content-${randomUUID()}`;
const QUOTED_STAND_IN = JSON.stringify(STAND_IN);

/** Records that `text` is JSON.stringify(value), so a response holding `value` can reuse it. */
export function rememberJsonText(value: object, text: string): void {
  serializedObjects.set(value, text);
}

interface WithResult {
  result?: { structuredContent?: unknown };
}

/** JSON.stringify(message) for one JSON-RPC response, with a remembered structuredContent spliced in as text. */
function serializeResponse(message: unknown): string {
  const structured = (message as WithResult | null)?.result?.structuredContent;
  const text = typeof structured === 'object' && structured !== null ? serializedObjects.get(structured) : undefined;
  if (text === undefined) return JSON.stringify(message);
  const { result } = message as Required<WithResult>;
  const json = JSON.stringify({ ...(message as object), result: { ...result, structuredContent: STAND_IN } });
  // The stand-in occurs once as a JSON string: inside content[0].text any quote is backslashed.
  const at = json.lastIndexOf(QUOTED_STAND_IN);
  return `${json.slice(0, at)}${text}${json.slice(at + QUOTED_STAND_IN.length)}`;
}

/** The JSON text of a JSON-RPC response or batch of responses. */
export function serializeRpc(body: unknown): string {
  return Array.isArray(body) ? `[${body.map(serializeResponse).join(',')}]` : serializeResponse(body);
}

/**
 * Sends JSON-RPC responses as application/json. Unlike res.json, no ETag is computed: a POST
 * answer is never revalidated, and hashing a large tool result costs as much as serializing it.
 */
export function sendRpc(res: Response, status: number, body: unknown): void {
  const text = serializeRpc(body);
  res.status(status);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text, 'utf8'));
  res.end(text);
}
