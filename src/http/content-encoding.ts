import type { NextFunction, Request, Response } from 'express';
import { ProblemError } from '../errors.js';

/** A content coding a route can take besides identity (RFC 9110 §8.4.1). */
export type ContentCoding = 'gzip' | 'deflate' | 'br';

/** What body-parser (the JSON, form and raw parsers of every non-OTLP route) inflates. */
export const BODY_PARSER_CODINGS: readonly ContentCoding[] = ['gzip', 'deflate', 'br'];

/** What OTLP/HTTP exporters send and the OTLP path decodes (the OTLP spec names gzip only). */
export const OTLP_CODINGS: readonly ContentCoding[] = ['gzip'];

/** The one coding a request declares: 'identity' when none, null when the route cannot take it. */
export function declaredCoding(req: Request, accepted: readonly ContentCoding[]): ContentCoding | 'identity' | null {
  const header = String(req.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (header === '' || header === 'identity') return 'identity';
  // A list ("gzip, br") is a stack of codings; the parsers undo exactly one, so a list is refused.
  return (accepted as readonly string[]).includes(header) ? (header as ContentCoding) : null;
}

/** Whether the request carries a body at all: only then does its Content-Encoding describe anything. */
const carriesBody = (req: Request): boolean =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/**
 * Refuses a body in a content coding the route does not decode, before any body parser runs:
 * 415 with `Accept-Encoding` naming what it takes (RFC 9110 §15.5.16). Left to the parsers, an
 * unknown coding met Node's decompressor and a brotli error that nothing mapped (500 with a stack).
 * The error goes to the route's own error handler, so /mcp answers JSON-RPC, /v1/traces an OTLP
 * Status and everything else a Problem.
 */
export function contentEncodingGate(accepted: readonly ContentCoding[]) {
  const acceptEncoding = [...accepted, 'identity'].join(', ');
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (!carriesBody(req) || declaredCoding(req, accepted) !== null) return next();
    const header = String(req.headers['content-encoding']).slice(0, 40);
    next(
      new ProblemError(415, 'PUBLIC_API_UNSUPPORTED_ENCODING', `Content-Encoding "${header}" is not accepted here; send ${accepted.join(', ')} or none.`, {
        headers: { 'Accept-Encoding': acceptEncoding },
      }),
    );
  };
}

/**
 * Whether `error` is a decompressor's refusal of the body (zlib's Z_DATA_ERROR, Z_BUF_ERROR for a
 * truncated stream, brotli's ERR__ERROR_FORMAT_*), raised while a parser inflated a body: the body
 * does not match its declared Content-Encoding, a client error (400).
 */
export function isUndecodableBody(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const errno = (error as { errno?: unknown } | null)?.errno;
  return typeof code === 'string' && typeof errno === 'number' && (code.startsWith('Z_') || code.startsWith('ERR__ERROR_') || code.startsWith('ERR_BROTLI'));
}
