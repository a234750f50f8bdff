import { TrainingWorkerLoop } from './domain/detections/learning/training-worker-loop.js';
import { RetrainingTask } from './domain/detections/learning/retraining-task.js';
import { openDatabase, migrateToLatest, type Database } from '../adapters/database.js';
import { createStore } from '../adapters/store.js';
import { Authenticator } from './auth/authenticator.js';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { Lifecycle } from './http/lifecycle.js';
import { BackgroundPacer } from './domain/background/background-pacer.js';
import type { Store } from './ports/store.js';
import { MemoryRateLimiter } from './ratelimit/memory-rate-limiter.js';
import type { RateLimiter } from './ratelimit/rate-limiter.js';
import type * as RedisModule from './ratelimit/redis-rate-limiter.js';
import type * as ResilientModule from './ratelimit/resilient-rate-limiter.js';
import { loadModule } from './lazy-module.js';
import { createServices, type Services } from './services.js';

import { DetectionWorker } from './domain/detections/detection-worker.js';
import { TraceFinalizer } from './domain/detections/trace-finalizer.js';
import { recordFinalizerSize } from './observability/instruments.js';
import { OpsAnnouncer } from './domain/events/ops-announcer.js';

import { guestReviewResolver, serviceAccountResolver } from './auth/identity-resolvers.js';

import { WorkLoop } from './domain/background/work-loop.js';
import { ambientStore, inAmbientTransaction } from '../adapters/ambient-transaction.js';
import { Scheduler } from './domain/scheduling/scheduler.js';
import { MonitorTask } from './domain/monitors/monitor-task.js';
import { notificationTasks } from './domain/notifications/scheduled-tasks.js';
import { DynamicClientSweep } from './domain/identity/dynamic-client-sweep.js';
import { TimePartitionsTask } from './domain/lifecycle/time-partitions-task.js';
import { LifecycleWorker } from './domain/lifecycle/lifecycle-worker.js';
import { EvaluatorWorker } from './domain/evaluations/evaluator-worker.js';
import { ServerRunWorker } from './domain/experiments/server-run-worker.js';
import { SearchReindexTask } from './domain/traces/search-reindex-task.js';

import { createLogger, type Logger } from './observability/logger.js';
import { exposedGarbageCollector } from './observability/garbage-collector.js';
import { IdleCollector } from './startup/idle-collection.js';

/** The longest pause a paced background loop takes after one unit: well under every job lease. */
const BACKGROUND_MAX_PAUSE_MS = 250;
/** How often the metrics rollup settler looks for changed hours when it found none (docs/analytics.md#rollups). */
const ROLLUP_POLL_MS = 5_000;

/** Everything a running service holds: built once by main, and by each test for its own database. */
export interface Runtime {
  config: Config;
  database: Database;
  store: Store;
  /**
   * Runs work in the store's ambient transaction (joined when one is open): what the served
   * handlers' audit trail opens, handed down so that handlers need not import the adapter.
   */
  transact: <T>(store: Store, work: (tx: Store) => Promise<T>) => Promise<T>;
  services: Services;
  /** The durable scheduler; tasks register on it, tests drive it with tick() after moving the clock. */
  scheduler: Scheduler;
  /** The evaluation workers, sized by the backlog (started by start() when the detection worker is enabled; tests call tick()). */
  traceFinalizer: TraceFinalizer;
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
  // Imported only with REDIS_URL set: ioredis costs ~40 ms of start-up CPU a single replica never needs.
  const [{ RedisRateLimiter }, { ResilientRateLimiter }] = await Promise.all([
    loadModule<typeof RedisModule>(new URL('./ratelimit/redis-rate-limiter.js', import.meta.url)),
    loadModule<typeof ResilientModule>(new URL('./ratelimit/resilient-rate-limiter.js', import.meta.url)),
  ]);
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
    sqliteSearchWorkers: config.sqliteSearchWorkers,
    backgroundThreadNiceness: config.backgroundThreadNiceness,
  });
  await migrateToLatest(database);
  // Services see the ambient store: an audited request runs all of its writes in one transaction.
  const store = ambientStore(createStore(database.knex, database.dialect, { searchReader: database.searchReader }));
  const services = createServices({ store, clock, config });
  const authenticator = new Authenticator(store, clock, config.credentialCacheMs, config.publicBaseUrl);

  // Requests in flight, counted by the HTTP lifecycle, make the background loops yield (background-pacer.ts).
  const lifecycle = new Lifecycle();
  const pacer = new BackgroundPacer(lifecycle, { shareUnderLoad: config.backgroundShareUnderLoad, maxPauseMs: BACKGROUND_MAX_PAUSE_MS });
  // The trace finalizer: evaluation workers sized by the backlog; each resize is an ops event and a gauge.
  const opsAnnouncer = new OpsAnnouncer(store, services.events, clock, config.opsEventsOrganizationId);
  const traceFinalizer = new TraceFinalizer(
    (ownerPrefix) => new DetectionWorker(services.detectionEvaluation, config.detectionWorker.pollMs, log, pacer, ownerPrefix),
    () => store.detectionJobs.finalizerLoad(clock.now()),
    config.traceFinalizer,
    async (change) => {
      recordFinalizerSize(change.to, change.from);
      log(`trace finalizer: ${change.from} → ${change.to} workers (backlog ${change.backlog}, ${change.replicas} process(es))`);
      await opsAnnouncer.announce('ops.trace_finalizer_scaled', { ...change });
    },
    log,
  );
  const trainingWorker = new TrainingWorkerLoop(services.trainings, config.detectionWorker.pollMs, log);

  authenticator.register('serviceAccount', serviceAccountResolver(store, clock));
  authenticator.register('guestReview', guestReviewResolver(store, clock));

  // A round that attempted deliveries goes again at once, so a burst drains without waiting a poll per batch.
  const webhookWorker = new WorkLoop(async () => {
    try {
      return (await services.webhookDispatcher.runOnce()) > 0;
    } catch (error) {
      log(`webhook deliveries: ${(error as Error).message}`);
      return false;
    }
  }, config.webhooks.pollIntervalMs, pacer);
  // Only with an SMTP server: without one nothing is queued (links are shown instead).
  const { mailDispatcher } = services;
  const mailWorker = mailDispatcher
    ? new WorkLoop(async () => {
        try {
          return (await mailDispatcher.runOnce()) > 0;
        } catch (error) {
          log(`mail deliveries: ${(error as Error).message}`);
          return false;
        }
      }, config.webhooks.pollIntervalMs, pacer)
    : null;
  // Channel deliveries: the same loop shape as webhooks, their own outbox.
  const channelWorker = new WorkLoop(async () => {
    try {
      return (await services.channelDispatcher.runOnce()) > 0;
    } catch (error) {
      log(`channel deliveries: ${(error as Error).message}`);
      return false;
    }
  }, config.webhooks.pollIntervalMs, pacer);
  // GitHub issues of dispatched fixes, created outside the dispatching request, with retries.
  const githubWorker = new WorkLoop(async () => {
    try {
      return (await services.githubIssues.runOnce()) > 0;
    } catch (error) {
      log(`github issues: ${(error as Error).message}`);
      return false;
    }
  }, config.webhooks.pollIntervalMs, pacer);
  // Tasks (monitors, digests, approval expiry, backfills) register on it where their services are built.
  const scheduler = new Scheduler(store, (work) => inAmbientTransaction(store, work), clock, config.scheduler.pollMs, log);
  scheduler.register(new MonitorTask(services.monitorEvaluator));
  for (const task of notificationTasks(store, services)) scheduler.register(task);
  scheduler.register(new DynamicClientSweep(services.oauth.clients));
  scheduler.register(services.annotationDeadlines);
  scheduler.register(new SearchReindexTask(store));
  scheduler.register(new TimePartitionsTask(store));
  scheduler.register(new RetrainingTask(store, services.trainings));
  // A round that settled hours goes again at once; queries read unsettled hours raw meanwhile.
  const rollupWorker = new WorkLoop(async () => {
    try {
      return (await services.metricsRollups.runOnce()).hours > 0;
    } catch (error) {
      log(`metrics rollups: ${(error as Error).message}`);
      return false;
    }
  }, ROLLUP_POLL_MS, pacer);
  const lifecycleWorker = new LifecycleWorker(services.dataLifecycle, config.lifecycle.pollMs, log, pacer);
  const limiter = options.limiter ?? (await createLimiter(config));
  const background: { stop(): Promise<void> }[] = [];

  return {
    config,
    database,
    store,
    transact: inAmbientTransaction,
    services,
    scheduler,
    traceFinalizer,
    authenticator,
    limiter,
    clock,
    lifecycle,
    log,
    logger,
    async start() {
      if (config.detectionWorker.enabled) {
        traceFinalizer.start();
        recordFinalizerSize(traceFinalizer.size);
        background.push(traceFinalizer);
        trainingWorker.start();
        background.push(trainingWorker);
      }

      webhookWorker.start();
      background.push(webhookWorker);
      channelWorker.start();
      background.push(channelWorker);

      if (mailWorker) {
        mailWorker.start();
        background.push(mailWorker);
      }
      githubWorker.start();
      background.push(githubWorker);

      lifecycleWorker.start();
      background.push(lifecycleWorker);

      if (config.metricsRollupWorkerEnabled) {
        rollupWorker.start();
        background.push(rollupWorker);
      }

      if (config.evaluations.workerEnabled) {
        const evaluatorWorker = new EvaluatorWorker(services.evaluatorPipeline, config.evaluations.pollMs, log, pacer);
        evaluatorWorker.start();
        background.push(evaluatorWorker);
        // Server-side experiment runs call models too: they run where the evaluators do.
        const experimentWorker = new ServerRunWorker(services.serverRunPipeline, config.evaluations.pollMs, log, pacer);
        experimentWorker.start();
        background.push(experimentWorker);
      }

      if (config.scheduler.enabled) {
        scheduler.start();
        background.push(scheduler);
      }

      const collectHeap = config.idleCollectSeconds > 0 ? exposedGarbageCollector() : null;
      if (collectHeap) {
        const idleCollector = new IdleCollector({
          quietMs: config.idleCollectSeconds * 1000,
          activity: lifecycle,
          collectHeap,
          collectThreads: () => database.collectThreadGarbage(),
          log,
        });
        idleCollector.start();
        background.push(idleCollector);
      }
    },
    async close() {
      for (const worker of background) await worker.stop();
      await scheduler.stop(); // also when it never started: waits for a test's tick() in flight
      await services.detectionEvaluation.close();
      await services.trainings.close();
      await services.mail?.close();
      await limiter.close?.();
      await database.close();
    },
  };
}
