import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';
import type { OAuthClients } from '../domain/identity/oauth-clients.js';

/** The console's public OAuth client: authorization code + PKCE, redirecting to the console itself. */
export const CONSOLE_CLIENT_ID = 'tracewell-console';
export const CONSOLE_CALLBACK_PATH = '/auth/callback';

/** Where `npm run build:console` writes the compiled console. */
export const CONSOLE_DIST = path.join(PACKAGE_ROOT, 'console', 'dist');

/**
 * Paths that belong to the API faces and the server's own pages (account setup and invitations,
 * mail unsubscribe links, the contract's /docs, health and metrics, OTLP); the console never
 * answers for them, in any spelling: /API/v1/public/project is the API's 404, not the console's page.
 */
const RESERVED = /^\/(api|mcp|oauth|\.well-known|account|mail|docs|healthz|readyz|metrics|v1)(\/|$)/i;

/**
 * Same-origin only, except images: a message's remote image (console/src/conversations/) is loaded
 * when the reader asks for it, from wherever the trace says. Nothing else loads from elsewhere; the
 * console is never framed.
 */
const CONSOLE_CSP = [
  "default-src 'self'",
  "img-src 'self' data: https: http:",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tracewell</title></head>
<body><main><h1>Tracewell is running</h1><p>The web console is not built yet. Run <code>npm run build:console</code>
(or <code>npm install</code>, which builds it) and reload this page. The API is served under <code>/api/v1/public</code>.</p></main></body></html>`;

/**
 * Registers the console's client the first time an OAuth request arrives (no migration, no start-up
 * cost). The redirect URIs are the public base URL's and the loopback ones, whose port may differ.
 */
function consoleClientRegistration(clients: OAuthClients, publicBaseUrl: string): () => Promise<void> {
  let registered: Promise<void> | null = null;
  const register = async (): Promise<void> => {
    if (await clients.find(CONSOLE_CLIENT_ID)) return;
    const redirectUris = [...new Set([`${publicBaseUrl}${CONSOLE_CALLBACK_PATH}`, `http://127.0.0.1${CONSOLE_CALLBACK_PATH}`, `http://localhost${CONSOLE_CALLBACK_PATH}`])];
    try {
      await clients.register({ id: CONSOLE_CLIENT_ID, name: 'Tracewell Console', type: 'public', redirectUris, grantTypes: ['authorization_code', 'refresh_token'] });
    } catch (error) {
      // Another instance may have registered it between the lookup and the insert.
      if (!(await clients.find(CONSOLE_CLIENT_ID))) throw error;
    }
  };
  return () => {
    registered ??= register().catch((error: unknown) => {
      registered = null;
      throw error;
    });
    return registered;
  };
}

/**
 * The web console: static files from console/dist, and index.html for every other GET outside the
 * API paths so the console's own routes (e.g. /traces/{id}) load on reload and from links.
 */
export function consoleRouter(clients: OAuthClients, publicBaseUrl: string, distDir = CONSOLE_DIST): Router {
  const router = express.Router();
  const ensureClient = consoleClientRegistration(clients, publicBaseUrl);
  router.use('/oauth', (_req: Request, _res: Response, next: NextFunction) => {
    ensureClient().then(() => next(), next);
  });

  const indexFile = path.join(distDir, 'index.html');
  // Hashed asset names change with their content, so they may be cached for good.
  router.use('/assets', express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: true }));
  router.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || RESERVED.test(req.path)) return next();
    res.setHeader('Content-Security-Policy', CONSOLE_CSP);
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    if (!existsSync(indexFile)) {
      res.status(200).type('html').setHeader('Cache-Control', 'no-store').send(NOT_BUILT_PAGE);
      return;
    }
    if (req.path.startsWith('/assets/')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}
