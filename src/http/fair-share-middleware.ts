import type { NextFunction, Request, Response } from 'express';
import type { ConcurrencyCaps, CostClass } from '../domain/fair-share/concurrency-caps.js';
import type { Principal } from '../auth/principal.js';
import type { OperationMeta } from './contract.js';

/** Operations capped before their body is read; search and trend are capped on their handlers (src/handlers/concurrency-capped.ts), shared with their tools. */
const COST_CLASSES: Readonly<Record<string, CostClass>> = { ingestTraceBatch: 'batch_ingest' };

/**
 * Runs after authentication: an expensive operation takes a slot of its credential's cap before
 * its body is read, and gives it back when the response is finished or the client goes away.
 */
export function fairShareMiddleware(caps: ConcurrencyCaps) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    const operation = res.locals.operation as OperationMeta | undefined;
    const principal = res.locals.principal as Principal | undefined;
    const costClass = operation ? COST_CLASSES[operation.operationId] : undefined;
    if (!costClass || !principal) return next();
    try {
      const release = caps.acquire(principal.credentialId, costClass);
      res.on('finish', release);
      res.on('close', release);
      next();
    } catch (error) {
      next(error);
    }
  };
}
