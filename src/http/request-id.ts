import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export const newRequestId = (): string => `req_${randomBytes(16).toString('hex')}`;

/** Every response, success or failure, carries X-Request-Id. */
export function requestIdMiddleware(_req: Request, res: Response, next: NextFunction): void {
  const requestId = newRequestId();
  res.locals.requestId = requestId;
  res.setHeader('X-Request-Id', requestId);
  next();
}

export const requestIdOf = (res: Response): string => (res.locals.requestId as string | undefined) ?? newRequestId();
