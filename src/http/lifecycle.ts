import type { NextFunction, Request, Response } from 'express';
import { ProblemError } from '../errors.js';
import { onResponseEnd } from './response-end.js';

/** Tracks draining: once set, new requests get 503 while those in flight finish. */
export class Lifecycle {
  private drainingSince: number | null = null;
  private inFlight = 0;
  private started = 0;
  private idleWaiters: (() => void)[] = [];

  /** Requests being answered now (background pacing reads it: src/domain/background/background-pacer.ts). */
  get requestsInFlight(): number {
    return this.inFlight;
  }

  /** Requests taken since the process started (the idle collection compares it between its looks: src/startup/idle-collection.ts). */
  get requestsStarted(): number {
    return this.started;
  }

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  startDraining(): void {
    this.drainingSince ??= Date.now();
  }

  /** Resolves when no request is in flight. */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  middleware() {
    return (_req: Request, res: Response, next: NextFunction): void => {
      if (this.draining) {
        res.setHeader('Connection', 'close');
        return next(
          new ProblemError(503, 'PUBLIC_API_DRAINING', 'Backend is draining; retry shortly on another instance or after a restart.', {
            headers: { 'Retry-After': '5' },
          }),
        );
      }
      this.inFlight += 1;
      this.started += 1;
      onResponseEnd(res, () => {
        this.inFlight -= 1;
        if (this.inFlight === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
      });
      next();
    };
  }
}
