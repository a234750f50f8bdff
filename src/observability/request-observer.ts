import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Principal } from '../auth/principal.js';
import { requestIdOf } from '../http/request-id.js';
import { onResponseEnd } from '../http/response-end.js';
import { rateLimitRejections, requestDuration } from './instruments.js';

/**
 * The operation a request was, for labels and log lines: the contract's operationId on the public
 * API (set by the access middleware), else the face it reached. Never the raw path: paths carry ids
 * (unbounded label values) and OAuth query strings carry codes.
 */
function operationOf(req: Request, res: Response): string {
  const operation = res.locals.operation as { operationId?: string } | undefined;
  if (operation?.operationId) return operation.operationId;
  const path = req.originalUrl.split('?')[0];
  if (path === '/mcp' || path.startsWith('/mcp/')) return 'mcp';
  if (path === '/healthz' || path === '/readyz') return path.slice(1);
  if (path === '/metrics') return 'metrics';
  if (path.startsWith('/oauth') || path.startsWith('/.well-known') || path.startsWith('/device')) return 'oauth';
  if (path.startsWith('/api/v1/public')) return 'public_api_unmatched';
  return 'unmatched';
}

/** The project the request worked in, once authentication found it (REST or MCP). */
function projectOf(res: Response): string | undefined {
  const principal = res.locals.principal as Principal | undefined;
  const caller = res.locals.caller as { project?: { id: string } } | undefined;
  return principal?.project?.id ?? caller?.project?.id;
}

export interface RequestObserverOptions {
  logger: Logger;
  /** LOG_REQUESTS=false keeps the metrics but drops the per-request line. */
  config: { logRequests: boolean };
}

/**
 * One JSON line and one histogram observation per request, when its response ends: request id,
 * operation, status, duration, project. Headers and bodies are never read here.
 */
export function requestObserver({ logger, config: { logRequests } }: RequestObserverOptions) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    onResponseEnd(res, (finished) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const operation = operationOf(req, res);
      // A client that hung up before the answer gets 499, as nginx logs it, rather than a status never sent.
      const status = finished ? res.statusCode : 499;
      requestDuration.observe({ operation, status: String(status) }, seconds);
      if (status === 429) rateLimitRejections.inc({ operation });
      if (logRequests) {
        logger.info(
          { reqId: requestIdOf(res), method: req.method, operation, status, durationMs: Math.round(seconds * 10_000) / 10, project: projectOf(res) },
          'request',
        );
      }
    });
    next();
  };
}
