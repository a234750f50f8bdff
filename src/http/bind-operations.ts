import type { Express, NextFunction, Request, Response } from 'express';
import type { OperationMeta } from './contract.js';
import {
  SELF_SERVED_OPERATIONS,
  STREAMING_OPERATIONS,
  type HandledOperationId,
  type OperationHandler,
  type OperationHandlers,
  type OperationInput,
  type OperationReply,
  type StreamingHandler,
  type StreamingHandlers,
  type StreamingOperationId,
} from './operation-types.js';
import { principalOf } from './access-middleware.js';
import { requestIdOf } from './request-id.js';
import { assertCleanValue } from './json-hygiene.js';
import { jsonBodyBytesOf } from './checked-json-body.js';
import { withLowerCaseUuids } from './uuid-parameters.js';
import { noneMatchHits } from './conditional-get.js';

/**
 * Routes each contract operation to its handler by operationId. The handler gets validated inputs
 * and returns `{status, data}`; the success envelope is added here, once. Audited operations arrive
 * already wrapped (src/handlers/audited.ts). Streaming operations (export) write their own body; self-served ones (contract documents, OTLP) have their own routers.
 */
export function bindOperations(
  app: Express,
  operations: OperationMeta[],
  handlers: OperationHandlers,
  options: { streaming: StreamingHandlers },
): void {
  // Literal segments before templated ones (as the access matcher orders them), so e.g.
  // /detections/trend is never taken for /detections/{id} whatever the contract's path order.
  const templated = (op: OperationMeta): number => op.pathTemplate.match(/\{/g)?.length ?? 0;
  const selfServed: ReadonlySet<string> = new Set(SELF_SERVED_OPERATIONS);
  const streamingIds: ReadonlySet<string> = new Set(STREAMING_OPERATIONS);
  for (const operation of [...operations].sort((a, b) => templated(a) - templated(b))) {
    if (selfServed.has(operation.operationId)) continue;
    // Each streaming handler takes its own operation's input; here they are one shape (the input was validated against this operation).
    const streaming = streamingIds.has(operation.operationId) ? (options.streaming[operation.operationId as keyof StreamingHandlers] as StreamingHandler) : undefined;
    const handler = handlers[operation.operationId as HandledOperationId] as OperationHandler<HandledOperationId> | undefined;
    if (!handler && !streaming) throw new Error(`The contract operation ${operation.operationId} has no handler.`);
    const uuids = operation.uuidParameters;
    const method = operation.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    app[method](operation.expressPath, async (req: Request, res: Response, next: NextFunction) => {
      try {
        const requestId = requestIdOf(res);
        // After validation coerced them: a query number must be finite and safe (e.g. not 1e400).
        assertCleanValue(req.query, '/query');
        const input = withLowerCaseUuids(
          {
            ctx: { requestId, principal: principalOf(res), operationId: operation.operationId, bodyBytes: jsonBodyBytesOf(res) },
            path: req.params,
            query: req.query as Record<string, unknown>,
            headers: req.headers,
            body: req.body,
          },
          uuids,
        ) as unknown as OperationInput<HandledOperationId>;
        // One stream per operation: the handler found for this operation takes this operation's input.
        if (streaming) return await (streaming as StreamingHandler)(input as unknown as OperationInput<StreamingOperationId>, res);
        const reply: OperationReply<HandledOperationId> = await handler!(input);
        for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
        // A handler that names its representation's ETag (a served prompt) gets conditional GET.
        if (method === 'get' && reply.headers?.ETag !== undefined && noneMatchHits(req.headers['if-none-match'], reply.headers.ETag)) {
          res.status(304).end();
          return;
        }
        res.status(reply.status as number).json({ success: true, data: reply.data, requestId });
      } catch (error) {
        next(error);
      }
    });
  }
}
