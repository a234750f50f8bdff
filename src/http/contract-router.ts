import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { ProblemError } from '../errors.js';
import { CONTRACT_PATH, parsedContractText } from './contract.js';

const requireFromHere = createRequire(import.meta.url);

/** The contract as served: the YAML file byte for byte, and the same document as JSON. */
interface ServedContract {
  yaml: string;
  json: string;
  etag: string;
}

/** generated/openapi.json is the contract parsed and written compact: the JSON form, with no stringify of the document. */
function loadServedContract(): ServedContract {
  const yaml = readFileSync(CONTRACT_PATH, 'utf8');
  return { yaml, json: parsedContractText(), etag: `"${createHash('sha256').update(yaml).digest('base64url').slice(0, 27)}"` };
}

/** Redoc's self-contained browser bundle, from node_modules: the docs page needs no CDN. */
const REDOC_BUNDLE = requireFromHere.resolve('redoc/bundles/redoc.standalone.js');

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tracewell Public API</title>
<style>body { margin: 0; padding: 0; }</style>
</head>
<body>
<redoc spec-url="/api/v1/public/openapi.json"></redoc>
<script src="/docs/redoc.standalone.js"></script>
</body>
</html>
`;

/**
 * The reference page loads only from this deployment and is never framed (clickjacking). Redoc
 * renders with styled-components, which writes <style> elements (hence 'unsafe-inline' styles, as
 * the console); it fetches the contract from this origin, draws its icons as data: images and runs
 * its search index in a worker made from a blob: URL.
 */
const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Like every operation of the API, these reject query parameters the contract does not declare. */
function rejectQuery(req: Request, _res: Response, next: NextFunction): void {
  const names = Object.keys(req.query as Record<string, unknown>);
  if (names.length === 0) return next();
  next(
    new ProblemError(400, 'PUBLIC_API_VALIDATION_FAILED', 'The request does not match the contract; see errors.', {
      errors: names.slice(0, 20).map((name) => ({ code: 'unknown_query_parameter', message: 'Unknown query parameter', path: `/query/${name}`.slice(0, 160) })),
    }),
  );
}

/**
 * GET /api/v1/public/openapi.{json,yaml} and /docs: the contract and its rendered reference, for
 * anyone (no credential, no rate class), so clients and conformance suites can fetch what a
 * deployment promises. Mounted before authentication.
 */
export function contractRouter(): Router {
  // Read on the first request, not at start: ~1.2 MB of text (both forms) that most processes never serve.
  let served: ServedContract | undefined;
  // One spelling per path, as the application's own routes (src/app.ts).
  const router = Router({ caseSensitive: true });
  const serve = (type: string, body: (contract: ServedContract) => string) => (req: Request, res: Response) => {
    const contract = (served ??= loadServedContract());
    res.setHeader('ETag', contract.etag);
    res.setHeader('Cache-Control', 'public, max-age=300');
    if (req.headers['if-none-match'] === contract.etag) {
      res.status(304).end();
      return;
    }
    res.status(200).type(type).send(body(contract));
  };
  router.get('/api/v1/public/openapi.json', rejectQuery, serve('application/json; charset=utf-8', (contract) => contract.json));
  router.get('/api/v1/public/openapi.yaml', rejectQuery, serve('application/yaml; charset=utf-8', (contract) => contract.yaml));
  router.get('/docs', (_req, res) => {
    res.setHeader('Content-Security-Policy', DOCS_CSP);
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.status(200).type('text/html; charset=utf-8').send(DOCS_PAGE);
  });
  router.get('/docs/redoc.standalone.js', (_req, res, next) => {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('application/javascript; charset=utf-8').sendFile(REDOC_BUNDLE, (error) => error && next(error));
  });
  return router;
}
