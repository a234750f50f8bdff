import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { Express } from 'express';

/** How long the server waits for slow or silent clients; every value is in milliseconds. */
export interface ConnectionLimits {
  /** From connection (or the end of the previous request) to the last request header. Slowloris stops here. */
  headersTimeoutMs: number;
  /** From connection to the last byte of the request body: a client that declares more body than it sends is cut here (408). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this long. */
  keepAliveTimeoutMs: number;
  /**
   * How often Node checks the two timeouts above (its default is 30 s, which would let a silent
   * client hold a socket half a minute past its limit).
   */
  checkIntervalMs: number;
}

type NodeConstructor = typeof IncomingMessage | typeof ServerResponse;

/**
 * A constructor that builds `base`'s objects with `prototype` as their prototype from the start
 * (new.target decides an object's prototype; class syntax cannot take another object as prototype).
 */
function bornWith<C extends NodeConstructor>(base: C, prototype: object): C {
  function Born(...args: unknown[]): object {
    return Reflect.construct(base, args, Born);
  }
  Born.prototype = prototype;
  return Born as unknown as C;
}

/**
 * The HTTP server for the app, with the connection limits applied. Node builds each request and
 * response with the app's own prototypes (app.request, app.response): Express otherwise swaps the
 * prototype of each one as it enters the app (Object.setPrototypeOf), and V8 then kept about a
 * third of what every request allocated alive past a young-generation collection — pauses of
 * several milliseconds every few dozen tool calls, the tail of a fast search's latency (measured on
 * a bare Express endpoint: 3.7 MB of 11 MB survived each scavenge, 1.1 MB of 16 MB with this;
 * docs/benchmarks.md). Express's own swap then finds the prototype in place and changes nothing.
 */
export function createHttpServer(app: Express, limits: ConnectionLimits): Server {
  const server = createServer(
    {
      connectionsCheckingInterval: limits.checkIntervalMs,
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      IncomingMessage: bornWith(IncomingMessage, app.request),
      ServerResponse: bornWith(ServerResponse, app.response),
    },
    app,
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  return server;
}
