import type { NextFunction, Request, Response } from 'express';
import { problems } from '../errors.js';
import type { OperationMeta } from './contract.js';
import { assertCleanValue } from './json-hygiene.js';

const undecodable = (path: string) =>
  problems.validation(`The request ${path} is not valid percent-encoded UTF-8.`, [{ code: 'malformed_encoding', message: 'is not valid percent-encoded UTF-8', path }]);

function decode(segment: string, path: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw undecodable(path);
  }
}

/**
 * Hygiene of what arrives outside the body, for every public API operation, before validation:
 * path segments and query values must decode and must not carry NUL or lone surrogates (400 with
 * `/path/<name>` or `/query/<name>`). (Uuid parameters are lower-cased later, in bindOperations,
 * once the validator has set the parameters the handlers read.)
 */
export function requestHygiene(req: Request, res: Response, next: NextFunction): void {
  try {
    const operation = res.locals.operation as OperationMeta | undefined;
    const [rawPath, rawQuery] = splitUrl(req.url);

    // The mount point (/api/v1/public) is stripped from req.url here; the template keeps it.
    const template = operation?.pathTemplate.replace(/^\/api\/v1\/public/, '').split('/') ?? [];
    rawPath.split('/').forEach((segment, index) => {
      const name = /^\{(.+)\}$/.exec(template[index] ?? '')?.[1];
      const where = name ? `/path/${name}` : '/path';
      assertCleanValue(decode(segment, where), where);
    });
    for (const pair of rawQuery === null ? [] : rawQuery.split('&')) {
      const eq = pair.indexOf('=');
      const name = decode((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '), '/query');
      const where = `/query/${name.replace(/\[.*$/, '')}`;
      assertCleanValue(name, '/query');
      assertCleanValue(decode((eq < 0 ? '' : pair.slice(eq + 1)).replace(/\+/g, ' '), where), where);
    }
    next();
  } catch (error) {
    next(error);
  }
}

function splitUrl(url: string): [string, string | null] {
  const question = url.indexOf('?');
  return question < 0 ? [url, null] : [url.slice(0, question), url.slice(question + 1)];
}
