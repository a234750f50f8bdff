import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import { extended } from '../extended.js';
import { jsonStringBytes } from './json-string-bytes.js';

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

/** Stand-ins no client ever sees: each is replaced before the response leaves, and random per process. */
const STRUCTURED_STAND_IN = `structured-content-${randomUUID()}`;
const TEXT_STAND_IN = `text-content-${randomUUID()}`;
const QUOTED_STRUCTURED_STAND_IN = JSON.stringify(STRUCTURED_STAND_IN);
const QUOTED_TEXT_STAND_IN = JSON.stringify(TEXT_STAND_IN);

/**
 * Below this many characters a result is serialized again with its response instead: splicing a
 * remembered text in (skeleton, stand-ins, pieces) cost more than writing it twice up to about
 * 300 characters — a `ping` answer (76 characters) took 3.5 µs spliced against 2.0 µs plain, and
 * remembering it was one defineProperty more per call (issue #61 item 3).
 */
export const REMEMBERED_FROM_CHARS = 256;

/** Records that `text` is JSON.stringify(value), so a response holding `value` can reuse it (texts of REMEMBERED_FROM_CHARS and more). */
export function rememberJsonText(value: object, text: string): void {
  if (text.length < REMEMBERED_FROM_CHARS) return;
  // A frozen or sealed result is serialized with its response instead.
  if (Object.isExtensible(value)) Object.defineProperty(value, JSON_TEXT, { value: text, writable: true, configurable: true, enumerable: false });
}

/** The text rememberJsonText kept on `value` itself (not inherited), if any. */
function rememberedJsonText(value: object): string | undefined {
  return Object.hasOwn(value, JSON_TEXT) ? ((value as { [JSON_TEXT]?: string })[JSON_TEXT] ?? undefined) : undefined;
}

/**
 * A remembered JSON text (rememberJsonText: so itself JSON.stringify's output) as a piece of a
 * response. It goes out twice, as it is and quoted; both pieces share this object, so a large
 * response encodes the text to UTF-8 once.
 */
class RememberedText {
  private encoded: Buffer | null = null;

  constructor(readonly text: string) {}

  utf8(): Buffer {
    return (this.encoded ??= Buffer.from(this.text, 'utf8'));
  }
}

/** A remembered text written as JSON.stringify(text) would write it: quoted only when it is written. */
class QuotedText {
  constructor(readonly of: RememberedText) {}

  quoted(): string {
    return JSON.stringify(this.of.text);
  }

  utf8(): Buffer {
    return jsonStringBytes(this.of.utf8());
  }
}

type Piece = string | RememberedText | QuotedText;

interface WithResult {
  result: { content?: unknown; structuredContent?: unknown };
}

/** Where content holds a text item whose text is `text` itself, or -1. */
function textItemOf(content: unknown, text: string): number {
  if (!Array.isArray(content)) return -1;
  return content.findIndex((item) => typeof item === 'object' && item !== null && (item as { text?: unknown }).text === text);
}

/**
 * JSON.stringify(message) for one JSON-RPC response as consecutive pieces of text. When its
 * structuredContent has remembered JSON text, the response is serialized as a small skeleton with
 * stand-ins where that text goes twice — as it is for structuredContent, and as a JSON string for
 * the content item holding it — and the two are spliced in as their own pieces. A large result (a
 * 1,000-span trace) is then escaped once and never copied into one joined string; serializing the
 * whole message and searching it for one stand-in had made V8 flatten and scan the ~200 KB
 * response text (0.7 ms a call) besides escaping it.
 */
function responsePieces(message: unknown): Piece[] {
  const structured = (message as Partial<WithResult> | null)?.result?.structuredContent;
  const text = typeof structured === 'object' && structured !== null ? rememberedJsonText(structured) : undefined;
  if (text === undefined) return [JSON.stringify(message)];
  const { result } = message as WithResult;
  const at = textItemOf(result.content, text);
  const content = at < 0 ? result.content : (result.content as object[]).map((item, i) => (i === at ? extended(item, { text: TEXT_STAND_IN }) : item));
  // extended, not literals that start with a spread: src/extended.ts.
  const skeleton = JSON.stringify(extended(message as object, { result: extended(result, { content, structuredContent: STRUCTURED_STAND_IN }) }));
  // Each stand-in occurs once, as a JSON string: every other string of the skeleton is short and its own.
  const remembered = new RememberedText(text);
  const splices = [
    { at: skeleton.indexOf(QUOTED_STRUCTURED_STAND_IN), length: QUOTED_STRUCTURED_STAND_IN.length, piece: remembered },
    { at: at < 0 ? -1 : skeleton.indexOf(QUOTED_TEXT_STAND_IN), length: QUOTED_TEXT_STAND_IN.length, piece: new QuotedText(remembered) },
  ]
    .filter((splice) => splice.at >= 0)
    .sort((a, b) => a.at - b.at);
  const pieces: Piece[] = [];
  let from = 0;
  for (const splice of splices) {
    pieces.push(skeleton.slice(from, splice.at), splice.piece);
    from = splice.at + splice.length;
  }
  pieces.push(skeleton.slice(from));
  return pieces;
}

/** The pieces of the JSON text of a JSON-RPC response or batch of responses. */
function rpcPieces(body: unknown): Piece[] {
  if (!Array.isArray(body)) return responsePieces(body);
  const pieces: Piece[] = ['['];
  body.forEach((message, i) => pieces.push(...(i > 0 ? [','] : []), ...responsePieces(message)));
  pieces.push(']');
  return pieces;
}

function joined(pieces: Piece[]): string {
  return pieces.map((piece) => (typeof piece === 'string' ? piece : piece instanceof QuotedText ? piece.quoted() : piece.text)).join('');
}

/** The JSON text of a JSON-RPC response or batch of responses. */
export function serializeRpc(body: unknown): string {
  return joined(rpcPieces(body));
}

/** Below this size a response's pieces go out as one write: for a small one, a write per piece costs more than joining them. */
const JOIN_BELOW_BYTES = 64 * 1024;

/**
 * Below this many characters a response leaves as one string: Node's http then prepends the header
 * block to it and sends both in one write(). A Buffer body leaves as a second chunk of a writev —
 * 14 % of the server's busy time in a `tools/call ping` loop at 8 connections (issue #61 item 3).
 * Small enough that the young-generation cost of strings argued below does not apply (a ping answer
 * is about 200 bytes; a rare word's search answer, 35 KB, stays bytes).
 */
const ONE_STRING_BELOW_CHARS = 8 * 1024;

/** Whether the pieces' text (as characters; a remembered text counts twice, quoted) is under ONE_STRING_BELOW_CHARS. */
function smallPieces(pieces: Piece[]): boolean {
  let chars = 0;
  for (const piece of pieces) {
    chars += typeof piece === 'string' ? piece.length : piece instanceof QuotedText ? piece.of.text.length * 2 : piece.text.length;
    if (chars >= ONE_STRING_BELOW_CHARS) return false;
  }
  return true;
}

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
  if (pieces.length === 1 || smallPieces(pieces)) {
    const text = pieces.length === 1 ? (pieces[0] as string) : joined(pieces);
    res.setHeader('Content-Length', Buffer.byteLength(text, 'utf8'));
    // write, then end with nothing: the headers and the text leave in one write() on the open socket.
    // end(text) corks the socket and queues an empty chunk behind the text for its finish callback,
    // so every answer left as a writev of the header-and-body chunk and that empty one.
    res.write(text);
    res.end();
    return;
  }
  // Encoded once here, the pieces' lengths are known: counting the bytes of each string and then
  // writing it had encoded or scanned the whole response twice. A remembered text goes out twice
  // (as it is and quoted) and is encoded once for both (RememberedText). As bytes, not strings, even
  // when small: a buffer this size lives outside the JavaScript heap, where the joined and quoted
  // strings and the socket's copy of them were about 150 KB of young-generation garbage for each
  // 35 KB search answer, a third of what a rare word's search allocated: as bytes, a scavenge comes
  // every 42 such searches instead of every 29.
  const encoded = pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece.utf8()));
  const bytes = encoded.reduce((sum, piece) => sum + piece.length, 0);
  res.setHeader('Content-Length', bytes);
  if (bytes < JOIN_BELOW_BYTES) {
    res.end(Buffer.concat(encoded, bytes));
    return;
  }
  for (let i = 0; i < encoded.length - 1; i++) res.write(encoded[i]);
  res.end(encoded[encoded.length - 1]);
}
