import { openDatabase, migrateToLatest, type Database } from '../adapters/database.js';
import { createStore } from '../adapters/store.js';
import { Authenticator } from './auth/authenticator.js';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { Lifecycle } from './http/lifecycle.js';
import type { Store } from './ports/store.js';
import { MemoryRateLimiter } from './ratelimit/memory-rate-limiter.js';
import type { RateLimiter } from './ratelimit/rate-limiter.js';
import { RedisRateLimiter } from './ratelimit/redis-rate-limiter.js';
import { ResilientRateLimiter } from './ratelimit/resilient-rate-limiter.js';
import { createServices, type Services } from './services.js';

import { DetectionWorker } from './domain/detections/detection-worker.js';

import { guestReviewResolver, serviceAccountResolver } from './auth/identity-resolvers.js';

import { PollingWorker } from './domain/webhooks/polling-worker.js';
import { ambientStore } from '../adapters/ambient-transaction.js';
import { LifecycleWorker } from './domain/lifecycle/lifecycle-worker.js';
import { EvaluatorWorker } from './domain/evaluations/evaluator-worker.js';

import { createLogger, type Logger } from './observability/logger.js';

/** Everything a running service holds: built once by main, and by each test for its own database. */
export interface Runtime {
  config: Config;
  database: Database;
  store: Store;
  services: Services;
  authenticator: Authenticator;
  limiter: RateLimiter;
  clock: Clock;
  lifecycle: Lifecycle;
  log: (message: string) => void;
  /** JSON lines on stdout (LOG_LEVEL); `log` writes to it at error level unless a test captures it. */
  logger: Logger;
  /** Background work (outbox workers) started by start() and stopped by close(). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  clock?: Clock;
  limiter?: RateLimiter;
  log?: (message: string) => void;
  logger?: Logger;
  /** SQLite file or PostgreSQL schema overrides, for isolated test databases. */
  sqliteFile?: string;
  postgresSchema?: string;
}

async function createLimiter(config: Config): Promise<RateLimiter> {
  if (!config.redisUrl) return new MemoryRateLimiter();
  const redis = new RedisRateLimiter(config.redisUrl);
  await redis.connect().catch(() => undefined); // unreachable at start: the resilient wrapper degrades
  return new ResilientRateLimiter(redis);
}

export async function createRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger({ level: config.logLevel });
  const log = options.log ?? ((message: string) => logger.error(message));
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sqliteFile: options.sqliteFile,
    postgresSchema: options.postgresSchema,
    sqliteBusyTimeoutMs: config.sqliteBusyTimeoutMs,
  });
  await migrateToLatest(database);
  // Services see the ambient store: an audited request runs all of its writes in one transaction.
  const store = ambientStore(createStore(database.knex, database.dialect));
  const services = createServices({ store, clock, config });
  const authenticator = new Authenticator(store, clock, config.credentialCacheMs);

  const detectionWorker = new DetectionWorker(services.detectionEvaluation, config.detectionWorker.pollMs, log);

  authenticator.register('serviceAccount', serviceAccountResolver(store, clock));
  authenticator.register('guestReview', guestReviewResolver(store, clock));

  const webhookWorker = new PollingWorker(() => services.webhookDispatcher.runOnce(), config.webhooks.pollIntervalMs, log);
  const lifecycleWorker = new LifecycleWorker(services.dataLifecycle, config.lifecycle.pollMs, log);
  const limiter = options.limiter ?? (await createLimiter(config));
  const lifecycle = new Lifecycle();
  const background: { stop(): Promise<void> }[] = [];

  return {
    config,
    database,
    store,
    services,
    authenticator,
    limiter,
    clock,
    lifecycle,
    log,
    logger,
    async start() {
      if (config.detectionWorker.enabled) {
        detectionWorker.start();
        background.push(detectionWorker);
      }

      webhookWorker.start();
      background.push(webhookWorker);

      lifecycleWorker.start();
      background.push(lifecycleWorker);

      if (config.evaluations.workerEnabled) {
        const evaluatorWorker = new EvaluatorWorker(services.evaluatorPipeline, config.evaluations.pollMs, log);
        evaluatorWorker.start();
        background.push(evaluatorWorker);
      }
    },
    async close() {
      for (const worker of background) await worker.stop();
      await services.detectionEvaluation.close();
      await limiter.close?.();
      await database.close();
    },
  };
}
