import { timingSafeEqual, createHash } from 'node:crypto';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { Registry } from '../observability/prom-client-parts.js';
import type { Lifecycle } from './lifecycle.js';
import type { RateLimiter } from '../ratelimit/rate-limiter.js';
import { scrapedRegistry } from '../observability/instruments.js';
import type { StoreHealth } from '../ports/store-health.js';
import type { Config } from '../config.js';
import { ProblemError } from '../errors.js';
import { sendProblem } from './problem-response.js';

/**
 * What the probes read: storage's health (a port, so no SQL here), the gauges the composition root
 * registered for the database pool and the queues, the limiter and lifecycle, and two settings.
 */
export interface HealthRouterDependencies {
  storeHealth: StoreHealth;
  gauges: Registry;
  lifecycle: Lifecycle;
  limiter: RateLimiter;
  /** REDIS_URL (checked only when set) and METRICS_TOKEN (unset: /metrics answers 404). */
  config: Pick<Config, 'redisUrl' | 'metricsToken'>;
}

type CheckResult = { status: 'ok' } | { status: 'failing'; detail: string };

const CHECK_TIMEOUT_MS = 2000;

/** A check that answers within the timeout, or fails saying it did not. */
async function runCheck(check: () => Promise<void>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return { status: 'ok' };
  } catch (error) {
    return { status: 'failing', detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** Compares digests so neither the token's length nor its prefix leaks through timing. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(token));
}

/**
 * Probes for orchestrators and load balancers, outside the public API's authentication: /healthz
 * (the process answers), /readyz (it can serve: database reachable, schema current, next week's
 * partitions created where storage is partitioned, Redis reachable when configured, not draining)
 * and /metrics (Prometheus text, behind METRICS_TOKEN). Mounted before the draining gate, so a
 * draining replica still says why it is not ready.
 */
export function healthRouter(deps: HealthRouterDependencies): RequestHandler {
  const router = express.Router();
  const { metricsToken } = deps.config;

  router.get('/healthz', (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).json({ status: 'ok' });
  });

  router.get('/readyz', async (_req: Request, res: Response) => {
    const checks: Record<string, CheckResult> = {
      database: await runCheck(() => deps.storeHealth.reachable()),
    };
    checks.migrations =
      checks.database.status === 'ok'
        ? await runCheck(async () => {
            const pending = await deps.storeHealth.pendingMigrations();
            if (pending.length > 0) throw new Error(`${pending.length} migration(s) not applied: ${pending.map(String).join(', ')}`);
          })
        : { status: 'failing', detail: 'database unreachable' };
    const { partitionsAhead } = deps.storeHealth;
    if (partitionsAhead) {
      checks.partitions = checks.migrations.status === 'ok' ? await runCheck(() => partitionsAhead()) : { status: 'failing', detail: 'schema not current' };
    }
    if (deps.config.redisUrl) {
      checks.redis = await runCheck(async () => {
        await deps.limiter.ping?.();
      });
    }
    checks.draining = deps.lifecycle.draining ? { status: 'failing', detail: 'the process is shutting down' } : { status: 'ok' };
    const ready = Object.values(checks).every((check) => check.status === 'ok');
    res.setHeader('Cache-Control', 'no-store');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', checks });
  });

  router.get('/metrics', async (req: Request, res: Response) => {
    if (!metricsToken) {
      sendProblem(req, res, new ProblemError(404, 'PUBLIC_API_ROUTE_NOT_FOUND', 'Metrics are off on this server; set METRICS_TOKEN to serve them.'));
      return;
    }
    if (!tokenMatches(req.headers.authorization, metricsToken)) {
      const problem = new ProblemError(401, 'PUBLIC_API_UNAUTHENTICATED', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.', {
        headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
      });
      sendProblem(req, res, problem);
      return;
    }
    const merged = Registry.merge([await scrapedRegistry(), deps.gauges]);
    res.setHeader('Cache-Control', 'no-store');
    res.type(merged.contentType).send(await merged.metrics());
  });

  // Every request passes here (mounted first); one whose method none of these routes takes — each
  // tool call's POST /mcp, every REST write — skips the router's walk of its paths (issue #61
  // item 3). OPTIONS still enters: the router answers it for its own paths (Allow: GET, HEAD).
  const entered = (method: string): boolean => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
  return (req, res, next) => (entered(req.method) ? router(req, res, next) : next());
}
