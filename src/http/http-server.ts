import { createServer, IncomingMessage, ServerResponse, type RequestListener, type Server } from 'node:http';

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

/** A request listener; an express application also carries the prototypes it gives requests and responses. */
export type HttpApp = RequestListener & { request?: object; response?: object };

/**
 * A constructor of `base`'s objects born with `prototype` (which inherits from base's), or null
 * where `base` cannot be called as a plain function (were Node to make it a class).
 *
 * Express gives every request and response the app's prototypes with Object.setPrototypeOf.
 * Done to an object already made, that left V8 keeping its young objects through the next
 * scavenges: in a keep-alive loop 1–4 MB survived every young-generation collection, whose pauses
 * grew from 0.1 ms to 1–9 ms (a bare express endpoint and the tool server alike), the tail of
 * every short request. Born with the prototype, the object is left as it is by express (the same
 * prototype changes nothing). Built by calling `base` on the new object, not by
 * Reflect.construct with a new target, which kept the survivors.
 */
function bornWith<T extends typeof IncomingMessage | typeof ServerResponse>(base: T, prototype: object): T | null {
  if (!(prototype instanceof base) || Function.prototype.toString.call(base).startsWith('class')) return null;
  function Born(this: object, ...args: unknown[]): void {
    Reflect.apply(base, this, args);
  }
  Born.prototype = prototype;
  return Born as unknown as T;
}

/** The server's request and response classes for `app`: born with its prototypes where it is an express app. */
function messageClassesOf(app: HttpApp): { IncomingMessage?: typeof IncomingMessage; ServerResponse?: typeof ServerResponse } {
  if (!app.request || !app.response) return {};
  const request = bornWith(IncomingMessage, app.request);
  const response = bornWith(ServerResponse, app.response);
  return request && response ? { IncomingMessage: request, ServerResponse: response } : {};
}

/** The HTTP server for the app, with the connection limits applied. */
export function createHttpServer(app: HttpApp, limits: ConnectionLimits): Server {
  const server = createServer(
    {
      connectionsCheckingInterval: limits.checkIntervalMs,
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      ...messageClassesOf(app),
    },
    app,
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  return server;
}
