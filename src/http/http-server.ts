import { createServer, type RequestListener, type Server } from 'node:http';

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

/** The HTTP server for the app, with the connection limits applied. */
export function createHttpServer(app: RequestListener, limits: ConnectionLimits): Server {
  const server = createServer({ connectionsCheckingInterval: limits.checkIntervalMs, requestTimeout: limits.requestTimeoutMs, headersTimeout: limits.headersTimeoutMs }, app);
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  return server;
}
