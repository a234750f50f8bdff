import express, { type NextFunction, type Request, type Response } from 'express';
import { ProblemError } from '../errors.js';
import { malformedJson, parseCheckedJson } from './json-hygiene.js';

const JSON_TYPES = ['application/json', 'application/*+json'];

/** Bytes of the JSON body as parsed (after any Content-Encoding), for size rules that would otherwise re-serialize it. */
export const jsonBodyBytesOf = (res: Response): number | undefined => res.locals.jsonBodyBytes as number | undefined;

/**
 * The public API's one JSON body parser: reads at most `limit` bytes (inflating gzip/deflate/br
 * as declared), insists on UTF-8, and parses with the hygiene rules of parseCheckedJson, so a NUL,
 * a lone surrogate, an unsafe number or excessive nesting is a 400 with a field path before any
 * validator, handler or database sees it. As before, only an object or array is a body.
 */
export function checkedJsonBody(limit: number) {
  const raw = express.raw({ type: JSON_TYPES, limit });
  return (req: Request, res: Response, next: NextFunction): void => {
    raw(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (!Buffer.isBuffer(req.body)) return next();
      try {
        const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
        if (charset && charset !== 'utf-8' && charset !== 'utf8') {
          throw new ProblemError(415, 'PUBLIC_API_UNSUPPORTED_MEDIA_TYPE', 'Send the body as UTF-8 application/json.');
        }
        res.locals.jsonBodyBytes = req.body.length;
        const text = req.body.toString('utf8');
        if (text.trim() === '') {
          req.body = {};
          return next();
        }
        if (!/^[\s\uFEFF]*[[{]/.test(text)) throw malformedJson();
        req.body = parseCheckedJson(text.replace(/^\uFEFF/, ''), '/body');
        next();
      } catch (failure) {
        next(failure);
      }
    });
  };
}
