import type { NextFunction, Request, Response } from 'express';
import type { ConcurrencyCaps, CostClass, Payer } from '../domain/fair-share/concurrency-caps.js';
import type { Principal } from '../auth/principal.js';
import type { OperationMeta } from './contract.js';
import { onResponseEnd } from './response-end.js';

/**
 * Operations capped before their body is read: native batches and OTLP exports share the batch
 * ingest class, so neither path floods around the other. Search and trend are capped on their
 * handlers (src/handlers/concurrency-capped.ts), shared with their tools.
 */
const COST_CLASSES: Readonly<Record<string, CostClass>> = { ingestTraceBatch: 'batch_ingest', exportOtlpTraces: 'batch_ingest' };

/** Who pays for a principal's expensive work: its credential holds the slot, its organization (else project, else credential) the busy time. */
export function payerOf(principal: Principal): Payer {
  return { credentialId: principal.credentialId, tenantId: principal.organizationId ?? principal.project?.id ?? principal.credentialId };
}

/**
 * Every request that reached a tenant is noted when it ends (REST or tool server): another
 * organization's presence is what puts a busy tenant on its fair share (concurrency-caps.ts).
 */
export function tenantActivityMiddleware(caps: ConcurrencyCaps) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    onResponseEnd(res, (finished) => {
      if (!finished) return; // a client gone before its answer left no activity to note
      const principal = (res.locals.principal ?? (res.locals.caller as { principal?: Principal } | undefined)?.principal) as Principal | undefined;
      if (principal) caps.noteActivity(payerOf(principal).tenantId);
    });
    next();
  };
}

/**
 * Runs after authentication: an expensive operation takes a slot of its credential's cap before
 * its body is read (waiting its turn in a short queue, or refused), and gives it back when the
 * response is finished or the client goes away.
 */
export function fairShareMiddleware(caps: ConcurrencyCaps) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const operation = res.locals.operation as OperationMeta | undefined;
    const principal = res.locals.principal as Principal | undefined;
    const costClass = operation ? COST_CLASSES[operation.operationId] : undefined;
    if (!costClass || !principal) return next();
    const gone = new Promise<void>((resolve) => res.once('close', resolve));
    caps.acquire(payerOf(principal), costClass, gone).then(
      (release) => {
        if (res.destroyed || res.writableEnded) return release();
        res.once('finish', release);
        res.once('close', release);
        // The slot is held while the body arrives; the busy time is charged from when it is in.
        if (req.readableEnded) release.restartClock();
        else req.once('end', () => release.restartClock());
        next();
      },
      (error: unknown) => {
        if (!res.destroyed) next(error);
      },
    );
  };
}
