import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Reads a request body of every content type into `req.body` as a Buffer, as `express.raw({ type:
 * () => true, limit })` does, taking the common case itself: a body that declares its length (at
 * most `limit`, more than zero bytes) in no content coding. Everything else — chunked bodies,
 * encoded ones (which need inflating), an empty or oversized declaration — goes to `parser`, the
 * express.raw it stands in for, with its errors (413 for too large, before a byte is read).
 *
 * Why: body-parser gives every body a round of type and charset checks, option parsing, an async
 * resource for its callback and five stream listeners; on the tool server's path that was about a
 * twentieth of a `tools/call ping`'s CPU (issue #61 item 3). Node's HTTP parser already holds a
 * declared body to its length (a body cannot run past it; a connection that closes short ends the
 * request without `end`), so a length-framed body needs only its chunks gathered.
 */
export function declaredBody(limit: number, parser: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): unknown => {
    const { headers } = req;
    const declared = headers['content-length'] === undefined ? Number.NaN : Number(headers['content-length']);
    if (headers['content-encoding'] !== undefined || headers['transfer-encoding'] !== undefined || !(declared > 0 && declared <= limit)) {
      return parser(req, res, next);
    }
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer): void => {
      chunks.push(chunk);
      received += chunk.length;
    };
    const onEnd = (): void => {
      stop();
      // Only the framing Node enforces could make these differ; a body that does not add up is never handed on.
      if (received !== declared) return next(Object.assign(new Error('request size did not match content length'), { status: 400, type: 'request.size.invalid' }));
      req.body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received);
      next();
    };
    const stop = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', stop);
      req.off('error', stop);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    // A client gone before the end of its body: nothing was read, there is no one to answer, and the
    // response's own close ends the request's observation (src/http/response-end.ts).
    req.on('close', stop);
    req.on('error', stop);
    return undefined;
  };
}
