import type { ErrorRequestHandler, Express, NextFunction, Request, RequestHandler, Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A path answered by a fixed list of middleware, in order, without express's router: the request
 * frame the app gives every request (request id, observation, draining) and then the one face
 * mounted at that path.
 */
export interface DirectRoute {
  /** The mount path, exact (`/mcp`): `/mcp` and `/mcp?…` go direct; `/MCP`, `/mcp/` and below stay with the router, which mounts the same face. */
  path: string;
  /** The app's middleware the router runs before it reaches the mount, in its order. */
  frame: readonly RequestHandler[];
  /** What the app mounts at `path`. */
  face: RequestHandler;
  /** Where `next()` past the last step goes (the app's 404), as the router would fall through to it. */
  fallThrough: RequestHandler;
  /** The app's error handler: every `next(error)` of a step, a throw, a rejected promise. */
  onError: ErrorRequestHandler;
}

/** Express's `app.handle`, which the app function itself calls for every request (not in express's published types). */
type Handle = (req: IncomingMessage, res: ServerResponse, callback?: (error?: unknown) => void) => void;

/** `url` is `path` itself, or `path` followed by a query string. */
const isAt = (url: string, path: string): boolean => url.startsWith(path) && (url.length === path.length || url.charCodeAt(path.length) === 63 /* ? */);

/**
 * Serves `route` ahead of the app's router (issue #61 item 3, the tool path). For every request the
 * router walks its layers in order — the app's own, a nested router (the probes') matching each of
 * its routes, the mount trimming and restoring the path — allocating a match and a closure or two
 * at each; for an MCP `tools/call ping` that walk was about a twentieth of the server's CPU, for a
 * choice a string comparison makes. Every other request, and an error's answer, is the router's
 * and the app's as before.
 *
 * The request is set up as express's `app.handle` sets it up (the app's request and response
 * prototypes, `res.locals`, `originalUrl`), and its `url` and `baseUrl` are what the router gives
 * each middleware: the app's view for the frame and the fall-through, the mount's for the face.
 */
export function answerDirectly(app: Express, route: DirectRoute): void {
  const routed = app as unknown as { handle: Handle; request: object; response: object };
  const viaRouter = routed.handle.bind(app);
  const { path, frame, face, fallThrough, onError } = route;
  // The frame sees the request as the app's own middleware do; the face as mounted; the fall-through as the app again.
  const mounted = (req: Request, res: Response, next: NextFunction): unknown => {
    req.baseUrl = path;
    req.url = `/${req.originalUrl.slice(path.length)}`;
    return face(req, res, next);
  };
  const unmounted = (req: Request, res: Response, next: NextFunction): unknown => {
    req.baseUrl = '';
    req.url = req.originalUrl;
    return fallThrough(req, res, next);
  };
  const steps = [...frame, mounted];
  routed.handle = (incoming, outgoing, callback) => {
    const url = incoming.url ?? '';
    if (!isAt(url, path)) return viaRouter(incoming, outgoing, callback);
    // A server made by createHttpServer makes both with the app's prototypes already; a plain one (tests) does not.
    if (Object.getPrototypeOf(incoming) !== routed.request) Object.setPrototypeOf(incoming, routed.request);
    if (Object.getPrototypeOf(outgoing) !== routed.response) Object.setPrototypeOf(outgoing, routed.response);
    const req = incoming as Request;
    const res = outgoing as Response;
    req.res = res;
    res.req = req;
    res.locals ??= Object.create(null) as Response['locals'];
    req.originalUrl = url;
    req.baseUrl = '';
    let at = 0;
    const next: NextFunction = (error?: unknown) => {
      if (error !== undefined && error !== null && error !== 'route' && error !== 'router') return onError(error, req, res, ignoreNext);
      const step = steps[at++] ?? unmounted;
      try {
        // As express 5's layers do: a step's rejected promise is its error.
        const result: unknown = step(req, res, next);
        if (result instanceof Promise) result.then(undefined, next);
      } catch (thrown) {
        next(thrown);
      }
    };
    req.next = next;
    next();
  };
}

/** The error handler answers every error itself; its `next` is never needed. */
const ignoreNext: NextFunction = () => undefined;
