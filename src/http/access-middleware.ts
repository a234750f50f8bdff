import type { NextFunction, Request, Response } from 'express';
import type { Authenticator } from '../auth/authenticator.js';
import type { Principal } from '../auth/principal.js';
import type { Clock } from '../clock.js';
import type { CapabilityGuard } from '../domain/capabilities/capability-guard.js';
import { ProblemError } from '../errors.js';
import type { RateLimiter, RatePolicy } from '../ratelimit/rate-limiter.js';
import type { OperationMeta, RateClass } from './contract.js';
import { capabilitiesOf } from './operation-capabilities.js';
import { rateLimitHeaders, setRateLimitHeaders } from './rate-limit-headers.js';

export interface AccessDependencies {
  authenticator: Authenticator;
  limiter: RateLimiter;
  policies: Record<RateClass, RatePolicy>;
  clock: Clock;
  findOperation: (method: string, path: string) => OperationMeta | undefined;
  capabilities: CapabilityGuard;
}


/**
 * Authentication and rate limiting run before request validation, so an unauthenticated caller
 * learns only that it must authenticate (401), never what the contract would reject.
 */
export function accessMiddleware(deps: AccessDependencies) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const operation = deps.findOperation(req.method, req.originalUrl.split('?')[0]);
    if (!operation) return next();
    try {
      const principal = await deps.authenticator.authenticate(req.headers, operation, { host: req.headers.host ?? '' });
      res.locals.principal = principal;
      res.locals.operation = operation;

      const decision = await deps.limiter.hit(principal.credentialId, deps.policies[operation.rateClass], deps.clock.now().getTime());
      if (!decision.allowed) {
        throw new ProblemError(429, 'PUBLIC_API_RATE_LIMITED', `Rate limit of ${decision.limit} requests per ${decision.policy.windowSeconds} s exceeded for the ${decision.policy.name} class.`, {
          headers: { ...rateLimitHeaders(decision), 'Retry-After': String(decision.resetAfter) },
        });
      }
      setRateLimitHeaders(res, decision);
      for (const capability of capabilitiesOf(operation)) deps.capabilities.require(capability);
      next();
    } catch (error) {
      next(error);
    }
  };
}

export const principalOf = (res: Response): Principal => res.locals.principal as Principal;
