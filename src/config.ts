import path from 'node:path';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { RateClass } from './http/contract.js';
import type { RatePolicy } from './ratelimit/rate-limiter.js';
import type { ConnectionLimits } from './http/http-server.js';
import type { FairShareSettings } from './domain/fair-share/concurrency-caps.js';
import { loadWebhookSettings, type WebhookSettings } from './domain/webhooks/webhook-settings.js';
import { loadToolServerSettings, type ToolServerSettings } from './tools/tool-settings.js';
import { loadOtlpSettings, type OtlpSettings } from './domain/otlp/otlp-settings.js';
import { loadEvaluationSettings, type EvaluationSettings } from './domain/evaluations/evaluation-settings.js';

/** Every setting, read once from the environment. The README lists each variable. */
export interface Config {
  port: number;
  host: string;
  /** unset → SQLite file under dataDir */
  databaseUrl: string | undefined;
  dataDir: string;
  /** unset → in-process rate limits */
  redisUrl: string | undefined;
  /** The address clients use; trace URLs and OAuth metadata are built on it. */
  publicBaseUrl: string;
  /** Signs cursors and derives encryption keys. Persisted under dataDir when not given. */
  serverSecret: string;
  rateLimits: Record<RateClass, RatePolicy>;
  /** Request bodies above this many bytes get 413. */
  maxBodyBytes: number;
  /** How long a found API key and project stay cached per process (0: no cache). */
  credentialCacheMs: number;
  /** Ingest writes (validation through commit) running at once per process; more wait their turn. */
  ingestConcurrency: number;
  /** search_traces counts matches exactly up to this many; above it total_count is a lower bound. */
  searchCountLimit: number;
  /** The same bound for a query holding a phrase, whose every match is checked for the words' order. */
  searchPhraseCountLimit: number;
  /** Seconds a draining server waits for requests in flight before closing anyway. */
  drainTimeoutSeconds: number;
  /** Validate every response against the contract (on in tests). */
  validateResponses: boolean;
  logRequests: boolean;

  /** The agent tool server (MCP at /mcp). */
  tools: ToolServerSettings;

  /** The detection evaluation worker: on/off, poll interval, job lease, batch size, attempts. */
  detectionWorker: { enabled: boolean; pollMs: number; leaseMs: number; batchSize: number; maxAttempts: number };
  /** Server timeouts for slow, silent or lying clients (HTTP_*_TIMEOUT_MS). */
  connections: ConnectionLimits;
  /** Fair share: per-credential slots and queue, per-organization busy time under contention (docs/tenant-safety-runtime.md). */
  fairShare: FairShareSettings;
  /** Time bound of a search, in ms (SEARCH_STATEMENT_TIMEOUT_MS; 0: none): PostgreSQL's statement_timeout, SQLite's reader-thread deadline. */
  searchStatementTimeoutMs: number;
  /** Reader threads SQLite trace searches run on (SQLITE_SEARCH_WORKERS). */
  sqliteSearchWorkers: number;
  /** Nice value (0–19) of background threads — SQLite search readers, detection scans — so the request event loop runs first on busy cores (BACKGROUND_THREAD_NICENESS). */
  backgroundThreadNiceness: number;
  /** While requests are in flight, the share of time background loops may take (BACKGROUND_SHARE_UNDER_LOAD; 1: unpaced). */
  backgroundShareUnderLoad: number;
  /** SQLite: milliseconds a statement waits for a lock before failing (answered 503). */
  sqliteBusyTimeoutMs: number;
  /** Text detections (regex, pii) run in worker threads under these budgets (docs/tenant-safety-runtime.md). */
  detectionScan: { workers: number; budgetMs: number; maxFieldChars: number; maxChars: number; graceMs: number };

  /** Lifetime of OAuth access tokens and of refresh tokens (offline_access), in seconds. */
  oauthAccessTokenTtlSeconds: number;
  oauthRefreshTokenTtlSeconds: number;
  /** RFC 7591 registrations per network address per hour, and the days an unused registration lives. */
  oauthRegistrationsPerHour: number;
  oauthDynamicClientIdleDays: number;
  /** Client metadata documents (URL client ids): hosts allowed to be non-public, and extra trusted CAs (PEM). */
  oauthClientMetadataAllowedHosts: string[];
  oauthClientMetadataCa: string | undefined;

  /** The `public-api-mutations` capability: when false every mutation answers 403 and writes nothing. */
  publicApiMutationsEnabled: boolean;
  webhooks: WebhookSettings;
  /** LLM-as-judge evaluators: worker, judge-call deadline and retries (docs/evaluations.md). */
  evaluations: EvaluationSettings;

  /** pino level of the JSON log lines (LOG_LEVEL); request lines are `info`. */
  logLevel: LogLevel;
  /** GET /metrics answers only with `Authorization: Bearer <this>`; unset: /metrics is off. */
  metricsToken: string | undefined;
  /** The first start's admin user (TRACEWELL_ADMIN_EMAIL) and, optionally, its password (TRACEWELL_ADMIN_PASSWORD). */
  admin: { email: string; password: string | undefined };
  /** The data-lifecycle worker: retention and project purges, in batches of `batchSize` traces. */
  lifecycle: { pollMs: number; batchSize: number };
  /** The durable scheduler (monitors, digests, approval expiry, backfills): whether this process runs it, and how often. */
  scheduler: { enabled: boolean; pollMs: number };
  /** OpenTelemetry ingest (POST /v1/traces), trace settle time and model prices. */
  otlp: OtlpSettings;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A setting that cannot be used; the message names the variable, and start-up prints only it. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be an integer ≥ ${min}; got ${raw}`);
  return value;
}

/** A number in (0, 1]: a share of something. */
function fraction(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > 1) throw new ConfigError(`${name} must be a number greater than 0 and at most 1; got ${raw}`);
  return value;
}

function logLevel(env: Env): LogLevel {
  const raw = (env.LOG_LEVEL || 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(raw)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got ${env.LOG_LEVEL}`);
  return raw as LogLevel;
}

/** postgres://… or sqlite:<file>, checked here so a typo stops start-up with the variable's name rather than a driver error. */
function databaseUrl(env: Env): string | undefined {
  const raw = env.DATABASE_URL || undefined;
  if (raw === undefined || /^(sqlite|file):./.test(raw)) return raw;
  if (!/^postgres(ql)?:\/\//.test(raw)) throw new ConfigError(`DATABASE_URL must start with postgres://, postgresql:// or sqlite:; got ${raw.split(':')[0]}:…`);
  try {
    const url = new URL(raw);
    if (!url.hostname) throw new Error('no host');
  } catch {
    throw new ConfigError('DATABASE_URL is not a valid URL (expected postgres://user:password@host:5432/database).');
  }
  return raw;
}

const MIN_SECRET_LENGTH = 12;

/** The area loaders name their variable in every message they throw; mark those as configuration errors. */
function asConfigError<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    throw error instanceof Error && !(error instanceof ConfigError) ? new ConfigError(error.message) : error;
  }
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

/** A secret from SERVER_SECRET, else one generated on first start and kept in DATA_DIR. */
function serverSecret(env: Env, dataDir: string): string {
  if (env.SERVER_SECRET) {
    // Cursors are signed and webhook secrets encrypted with keys derived from it: a short or
    // whitespace-padded value (a paste error) would weaken every one of them.
    if (env.SERVER_SECRET.trim() !== env.SERVER_SECRET) throw new ConfigError('SERVER_SECRET has leading or trailing whitespace; remove it.');
    if (env.SERVER_SECRET.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(`SERVER_SECRET must be at least ${MIN_SECRET_LENGTH} characters (32 random bytes, e.g. \`openssl rand -base64 32\`, are recommended).`);
    }
    return env.SERVER_SECRET;
  }
  const file = path.join(dataDir, 'server-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function connectionLimits(env: Env): ConnectionLimits {
  const limits: ConnectionLimits = {
    headersTimeoutMs: integer(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 100),
    requestTimeoutMs: integer(env, 'HTTP_REQUEST_TIMEOUT_MS', 30_000, 100),
    keepAliveTimeoutMs: integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 5_000, 100),
    checkIntervalMs: integer(env, 'HTTP_TIMEOUT_CHECK_INTERVAL_MS', 1_000, 10),
  };
  // Node cuts a request at whichever comes first; a headers limit above the whole-request one would never apply.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) throw new Error('HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS');
  return limits;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080);
  const host = env.HOST || '127.0.0.1';
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const policy = (name: RateClass, variable: string, perMinute: number): RatePolicy => ({
    name,
    limit: integer(env, variable, perMinute, 1),
    windowSeconds: 60,
  });
  return {
    port,
    host,
    databaseUrl: databaseUrl(env),
    dataDir,
    redisUrl: env.REDIS_URL || undefined,
    publicBaseUrl: (env.PUBLIC_BASE_URL || `http://${host}:${port}`).replace(/\/$/, ''),
    serverSecret: serverSecret(env, dataDir),
    rateLimits: {
      read: policy('read', 'RATE_LIMIT_READ_PER_MINUTE', 600),
      write: policy('write', 'RATE_LIMIT_WRITE_PER_MINUTE', 120),
      ingest: policy('ingest', 'RATE_LIMIT_INGEST_PER_MINUTE', 600),
      search: policy('search', 'RATE_LIMIT_SEARCH_PER_MINUTE', 120),
    },
    maxBodyBytes: integer(env, 'MAX_BODY_BYTES', 1024 * 1024, 1024),
    drainTimeoutSeconds: integer(env, 'DRAIN_TIMEOUT_SECONDS', 25, 1),
    credentialCacheMs: integer(env, 'CREDENTIAL_CACHE_MS', 5000, 0),
    searchCountLimit: integer(env, 'SEARCH_COUNT_LIMIT', 10_000, 1),
    searchPhraseCountLimit: integer(env, 'SEARCH_PHRASE_COUNT_LIMIT', 2_000, 1),
    ingestConcurrency: integer(env, 'INGEST_CONCURRENCY', 8, 1),
    validateResponses: bool(env, 'VALIDATE_RESPONSES', false),
    logRequests: bool(env, 'LOG_REQUESTS', true),
    publicApiMutationsEnabled: bool(env, 'PUBLIC_API_MUTATIONS_ENABLED', true),
    webhooks: asConfigError(() => loadWebhookSettings(env)),
    evaluations: asConfigError(() => loadEvaluationSettings(env)),
    admin: { email: (env.TRACEWELL_ADMIN_EMAIL || 'dev@localhost').trim().toLowerCase(), password: env.TRACEWELL_ADMIN_PASSWORD || undefined },
    lifecycle: { pollMs: integer(env, 'LIFECYCLE_WORKER_POLL_MS', 60_000, 10), batchSize: integer(env, 'LIFECYCLE_BATCH_SIZE', 500, 1) },
    scheduler: { enabled: bool(env, 'SCHEDULER_ENABLED', true), pollMs: integer(env, 'SCHEDULER_POLL_MS', 10_000, 10) },
    otlp: loadOtlpSettings(env),
    oauthAccessTokenTtlSeconds: integer(env, 'OAUTH_ACCESS_TOKEN_TTL_SECONDS', 3600, 60),
    oauthRefreshTokenTtlSeconds: integer(env, 'OAUTH_REFRESH_TOKEN_TTL_SECONDS', 30 * 24 * 3600, 60),
    oauthRegistrationsPerHour: integer(env, 'OAUTH_REGISTRATIONS_PER_HOUR', 20, 1),
    oauthDynamicClientIdleDays: integer(env, 'OAUTH_DYNAMIC_CLIENT_IDLE_DAYS', 30, 1),
    oauthClientMetadataAllowedHosts: (env.OAUTH_CLIENT_METADATA_ALLOWED_HOSTS ?? '').split(',').map((entry) => entry.trim()).filter(Boolean),
    oauthClientMetadataCa: env.OAUTH_CLIENT_METADATA_CA_FILE ? asConfigError(() => readFileSync(env.OAUTH_CLIENT_METADATA_CA_FILE!, 'utf8')) : undefined,
    tools: asConfigError(() => loadToolServerSettings(env)),
    detectionWorker: {
      enabled: bool(env, 'DETECTION_WORKER_ENABLED', true),
      pollMs: integer(env, 'DETECTION_WORKER_POLL_MS', 1000, 10),
      leaseMs: integer(env, 'DETECTION_JOB_LEASE_MS', 60_000, 1000),
      batchSize: integer(env, 'DETECTION_WORKER_BATCH_SIZE', 20, 1),
      maxAttempts: integer(env, 'DETECTION_JOB_MAX_ATTEMPTS', 5, 1),
    },
    logLevel: logLevel(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    connections: connectionLimits(env),
    fairShare: {
      limits: {
        search: integer(env, 'CONCURRENCY_SEARCH_PER_CREDENTIAL', 2, 1),
        batch_ingest: integer(env, 'CONCURRENCY_BATCH_INGEST_PER_CREDENTIAL', 2, 1),
        trend: integer(env, 'CONCURRENCY_TREND_PER_CREDENTIAL', 2, 1),
      },
      queueDepth: integer(env, 'CONCURRENCY_QUEUE_PER_CREDENTIAL', 8, 0),
      maxWaitMs: integer(env, 'CONCURRENCY_QUEUE_WAIT_MS', 10_000, 1),
      busyMsPerSecond: integer(env, 'FAIR_SHARE_BUSY_MS_PER_SECOND', 150, 0),
      burstMs: integer(env, 'FAIR_SHARE_BURST_MS', 250, 0),
    },
    searchStatementTimeoutMs: integer(env, 'SEARCH_STATEMENT_TIMEOUT_MS', 5000, 0),
    sqliteSearchWorkers: integer(env, 'SQLITE_SEARCH_WORKERS', 1, 1),
    sqliteBusyTimeoutMs: integer(env, 'SQLITE_BUSY_TIMEOUT_MS', 5000, 0),
    backgroundShareUnderLoad: fraction(env, 'BACKGROUND_SHARE_UNDER_LOAD', 0.1),
    backgroundThreadNiceness: Math.min(19, integer(env, 'BACKGROUND_THREAD_NICENESS', 10, 0)),
    detectionScan: {
      workers: integer(env, 'DETECTION_SCAN_WORKERS', 1, 1),
      budgetMs: integer(env, 'DETECTION_SCAN_BUDGET_MS', 250, 1),
      maxFieldChars: integer(env, 'DETECTION_SCAN_FIELD_CHARS', 200_000, 1),
      maxChars: integer(env, 'DETECTION_SCAN_MAX_CHARS', 1_000_000, 1),
      graceMs: integer(env, 'DETECTION_SCAN_GRACE_MS', 1000, 1),
    },
  };
}
