import type { Response } from 'express';
import type { DataLifecycle } from '../domain/lifecycle/data-lifecycle.js';
import type { TraceExport } from '../domain/traces/trace-export.js';
import type { TraceListFilterParams } from '../domain/traces/trace-list-service.js';
import type { OperationHandlers, StreamingHandler } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';

/** Resolves when the socket takes more data (or is gone), without leaving listeners behind. */
export const drained = (res: Response): Promise<void> =>
  new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });

/** Deleting one trace. */
export class TraceDeletionHandlers implements Pick<OperationHandlers, 'deleteTrace'> {
  constructor(private readonly lifecycle: DataLifecycle) {}

  deleteTrace: OperationHandlers['deleteTrace'] = async ({ ctx, path }) => {
    await this.lifecycle.deleteTrace(selectedProject(ctx).id, path.traceId);
    return { status: 200, data: { id: path.traceId, deleted: true } };
  };
}

/**
 * GET /traces/export: JSON Lines written as pages are read, waiting for the socket to drain, so
 * memory stays flat whatever the export's size. A failure before the first byte is a Problem; after
 * it the connection is cut (the client sees a truncated body, never a silently short file).
 */
export function exportTracesHandler(exporter: TraceExport): StreamingHandler<'exportTraces'> {
  return async ({ ctx, query }, res: Response) => {
    const lines = await exporter.open(selectedProject(ctx).id, query as TraceListFilterParams);
    res.status(200);
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    res.setHeader('X-Request-Id', ctx.requestId);
    res.setHeader('Cache-Control', 'no-store');
    try {
      for await (const line of lines) {
        if (res.destroyed) return;
        if (!res.write(line)) await drained(res);
      }
      res.end();
    } catch (error) {
      res.destroy(error as Error);
    }
  };
}
