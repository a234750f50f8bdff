import type { Express, NextFunction, Request, Response } from 'express';
import type { OperationMeta } from './contract.js';
import type { OperationHandler, OperationHandlers, OperationId, OperationInput } from './operation-types.js';
import { principalOf } from './access-middleware.js';
import { requestIdOf } from './request-id.js';

/**
 * Routes each contract operation to its handler by operationId. The handler gets validated inputs
 * and returns `{status, data}`; the success envelope is added here, once.
 */
export function bindOperations(app: Express, operations: OperationMeta[], handlers: Partial<OperationHandlers>): void {
  for (const operation of operations) {
    const handler = handlers[operation.operationId as OperationId] as OperationHandler<OperationId> | undefined;
    if (!handler) continue;
    const method = operation.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    app[method](operation.expressPath, async (req: Request, res: Response, next: NextFunction) => {
      try {
        const requestId = requestIdOf(res);
        const input = {
          ctx: { requestId, principal: principalOf(res), operationId: operation.operationId },
          path: req.params,
          query: req.query,
          headers: req.headers,
          body: req.body,
        } as unknown as OperationInput<OperationId>;
        const reply = await handler(input);
        for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
        res.status(reply.status as number).json({ success: true, data: reply.data, requestId });
      } catch (error) {
        next(error);
      }
    });
  }
}
