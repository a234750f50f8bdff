import type { Response } from 'express';
import type { PlaygroundEvent, PlaygroundService } from '../domain/playground/playground-service.js';
import type { StreamingHandler } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';

/** One Server-Sent Event; JSON.stringify never emits a raw line break, so `data` is one line. */
const sse = (event: PlaygroundEvent): string => `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;

/**
 * POST /playground/runs: refusals (bad variables, unknown connection, a spent budget) are thrown
 * before the first byte and answered as Problems by the error pipeline; after that the run is a
 * text/event-stream. A client that goes away stops receiving, not the run: the run still ends and is
 * stored (its tokens are paid for).
 */
export function runPlaygroundHandler(playground: PlaygroundService): StreamingHandler<'runPlayground'> {
  return async ({ ctx, body }, res: Response) => {
    const run = await playground.start(selectedProject(ctx).id, body);
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Request-Id', ctx.requestId);
    // Proxies that buffer (nginx) would hold the text back until the end.
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    for await (const event of run.events) {
      if (!res.destroyed && !res.writableEnded) res.write(sse(event));
    }
    if (!res.destroyed) res.end();
  };
}
