import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import { extended } from '../extended.js';

/**
 * JSON text already made of a tool's structuredContent, kept on the object itself under a symbol
 * (not enumerable: JSON.stringify, spreads and deep-equality never see it). A tool result carries
 * the same object twice (as content[0].text and as structuredContent); serializing it once and
 * reusing the text halves the work for large results (a 1,000-span get_trace_context).
 * Not a WeakMap: V8's young-generation collector keeps every WeakMap entry alive until the next
 * full collection, so each call's result and its text were copied out of the young generation
 * (96 KB a scavenge in a keep-alive loop of small answers, against 440 bytes without).
 */
const JSON_TEXT = Symbol('tracewell.jsonText');

/** A stand-in no client ever sees: it is replaced before the response leaves, and random per process. */
const STAND_IN = `structured-content-${randomUUID()}`;
const QUOTED_STAND_IN = JSON.stringify(STAND_IN);

/** Records that `text` is JSON.stringify(value), so a response holding `value` can reuse it. */
export function rememberJsonText(value: object, text: string): void {
  // A frozen or sealed result is serialized with its response instead.
  if (Object.isExtensible(value)) Object.defineProperty(value, JSON_TEXT, { value: text, writable: true, configurable: true, enumerable: false });
}

/** The text rememberJsonText kept on `value` itself (not inherited), if any. */
function rememberedJsonText(value: object): string | undefined {
  return Object.hasOwn(value, JSON_TEXT) ? ((value as { [JSON_TEXT]?: string })[JSON_TEXT] ?? undefined) : undefined;
}

interface WithResult {
  result?: { structuredContent?: unknown };
}

/**
 * JSON.stringify(message) for one JSON-RPC response as consecutive pieces of text, with a
 * remembered structuredContent spliced in as its own piece: a large result (a 1,000-span trace) is
 * then written as it is, never copied into one joined string first.
 */
function responsePieces(message: unknown): string[] {
  const structured = (message as WithResult | null)?.result?.structuredContent;
  const text = typeof structured === 'object' && structured !== null ? rememberedJsonText(structured) : undefined;
  if (text === undefined) return [JSON.stringify(message)];
  const { result } = message as Required<WithResult>;
  // extended, not literals that start with a spread: src/extended.ts.
  const json = JSON.stringify(extended(message as object, { result: extended(result, { structuredContent: STAND_IN }) }));
  // The stand-in occurs once as a JSON string: inside content[0].text any quote is backslashed.
  const at = json.lastIndexOf(QUOTED_STAND_IN);
  return [json.slice(0, at), text, json.slice(at + QUOTED_STAND_IN.length)];
}

/** The pieces of the JSON text of a JSON-RPC response or batch of responses. */
function rpcPieces(body: unknown): string[] {
  if (!Array.isArray(body)) return responsePieces(body);
  const pieces = ['['];
  body.forEach((message, i) => pieces.push(...(i > 0 ? [','] : []), ...responsePieces(message)));
  pieces.push(']');
  return pieces;
}

/** The JSON text of a JSON-RPC response or batch of responses. */
export function serializeRpc(body: unknown): string {
  return rpcPieces(body).join('');
}

/** Below this size a response goes out as one string: for a small one, a write per piece costs more than the join. */
const JOIN_BELOW_CHARS = 64 * 1024;

/**
 * Sends JSON-RPC responses as application/json. Unlike res.json, no ETag is computed: a POST
 * answer is never revalidated, and hashing a large tool result costs as much as serializing it.
 * A large response goes out as its pieces (one writev): joining them first allocated and copied the
 * whole response once more, a large-object allocation for every big tool result.
 */
export function sendRpc(res: Response, status: number, body: unknown): void {
  const pieces = rpcPieces(body);
  res.status(status);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  const chars = pieces.reduce((sum, piece) => sum + piece.length, 0);
  if (pieces.length === 1 || chars < JOIN_BELOW_CHARS) {
    const text = pieces.join('');
    res.setHeader('Content-Length', Buffer.byteLength(text, 'utf8'));
    res.end(text);
    return;
  }
  // Encoded once here, the pieces' lengths are known: counting the bytes of each string and then
  // writing it had encoded or scanned the whole response twice.
  const encoded = pieces.map((piece) => Buffer.from(piece, 'utf8'));
  res.setHeader('Content-Length', encoded.reduce((sum, piece) => sum + piece.length, 0));
  for (let i = 0; i < encoded.length - 1; i++) res.write(encoded[i]);
  res.end(encoded[encoded.length - 1]);
}
