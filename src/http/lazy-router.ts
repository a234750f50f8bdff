import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * A middleware built on the first request it is asked to serve, so that the module behind it (and
 * what that module imports) is loaded then and not on the way to `listen` (issue #61: most faces of
 * the server — SCIM, OAuth, the tool server, the request validator — are not what the first
 * request needs). `serves` tells, without loading anything, whether a request is one the middleware
 * could answer; any other request passes by without triggering the load. The build runs once; a
 * failed one is passed to the error handler and tried again by the next request.
 */
export function lazyRouter(serves: (req: Request) => boolean, build: () => Promise<RequestHandler>): RequestHandler {
  let built: RequestHandler | undefined;
  let building: Promise<RequestHandler> | undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (built) return built(req, res, next);
    if (!serves(req)) return next();
    building ??= build().then((handler) => (built = handler));
    building.then(
      (handler) => handler(req, res, next),
      (error: unknown) => {
        building = undefined;
        next(error);
      },
    );
  };
}

/**
 * A path predicate for `lazyRouter`: the request's path is one of `prefixes` or below one. Compared
 * without case, as a router matches its routes by default (the application's own are case-sensitive,
 * src/app.ts, but the SCIM, SSO, OAuth, account and mail routers keep express's default): a request the loaded
 * router would answer must never pass by the unloaded one.
 */
export function underPaths(...prefixes: readonly string[]): (req: Request) => boolean {
  const lower = prefixes.map((prefix) => prefix.toLowerCase().replace(/\/$/, ''));
  return (req) => {
    const path = req.path.toLowerCase();
    return lower.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  };
}
