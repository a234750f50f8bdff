import path from 'node:path';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { selectsSqlite } from './settings/database-kind.js';
import type { RateClass } from './http/contract.js';
import type { RatePolicy } from './ratelimit/rate-limiter.js';
import type { ConnectionLimits } from './http/http-server.js';
import type { FairShareSettings } from './domain/fair-share/concurrency-caps.js';
import { loadWebhookSettings, type WebhookSettings } from './domain/webhooks/webhook-settings.js';
import { loadMailSettings, type MailSettings } from './domain/mail/mail-settings.js';
import { loadChannelSettings, type ChannelSettings } from './domain/channels/channel-settings.js';
import { loadGitHubSettings, type GitHubSettings } from './domain/github/github-settings.js';
import { loadToolServerSettings, type ToolServerSettings } from './tools/tool-settings.js';
import { loadOtlpSettings, type OtlpSettings } from './domain/otlp/otlp-settings.js';
import { loadEvaluationSettings, type EvaluationSettings } from './domain/evaluations/evaluation-settings.js';
import { ConfigError } from './settings/config-error.js';
import type { FinalizerScaling } from './domain/detections/trace-finalizer.js';
import type { SettingNameOf } from './settings/catalog.js';
import { readFraction, readInteger, readSetting, readSwitch, type Env } from './settings/read-setting.js';

/** Every setting, read once from the environment; src/settings/catalog.ts declares each variable (docs/configuration.md). */
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
  /** IDLE_COLLECT_SECONDS: quiet time before a full collection (src/startup/idle-collection.ts); 0 = off. */
  idleCollectSeconds: number;
  /** Validate every response against the contract (on in tests). */
  validateResponses: boolean;
  logRequests: boolean;

  /** The agent tool server (MCP at /mcp). */
  tools: ToolServerSettings;

  /** The detection evaluation worker: on/off, poll interval, job lease, batch size, attempts. */
  detectionWorker: { enabled: boolean; pollMs: number; leaseMs: number; batchSize: number; maxAttempts: number };
  /** The trace finalizer's pool bounds and sizing (TRACE_FINALIZER_*). */
  traceFinalizer: FinalizerScaling;
  /** Where `ops.*` events go (OPS_EVENTS_ORGANIZATION_ID); undefined → the first organization. */
  opsEventsOrganizationId: string | undefined;
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
  /** Whether this process settles the metrics rollups (METRICS_ROLLUP_WORKER_ENABLED). */
  metricsRollupWorkerEnabled: boolean;
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
  /** OpenID Connect issuers (single sign-on): hosts allowed to be non-public, and then over plain http too. */
  ssoAllowedHosts: string[];

  /** The `public-api-mutations` capability: when false every mutation answers 403 and writes nothing. */
  publicApiMutationsEnabled: boolean;
  webhooks: WebhookSettings;
  /** Outgoing mail (SMTP_URL, SMTP_FROM); no SMTP_URL → no mail. */
  mail: MailSettings;
  /** Notification channels (PAGERDUTY_EVENTS_URL). */
  channels: ChannelSettings;
  /** The GitHub API fix dispatches create issues through (GITHUB_API_URL). */
  github: GitHubSettings;
  /** LLM-as-judge evaluators: worker, judge-call deadline and retries (docs/evaluations.md). */
  evaluations: EvaluationSettings;

  /** pino level of the JSON log lines (LOG_LEVEL); request lines are `info`. */
  logLevel: LogLevel;
  /** GET /metrics answers only with `Authorization: Bearer <this>`; unset: /metrics is off. */
  metricsToken: string | undefined;
  /** The first start's admin user (TRACEWELL_ADMIN_EMAIL) and, optionally, its password (TRACEWELL_ADMIN_PASSWORD). */
  admin: { email: string; password: string | undefined };
  /** The data-lifecycle worker: retention and project purges, in batches of `batchSize` traces. */
  lifecycle: { pollMs: number; batchSize: number; releaseBatchSize: number };
  /** The durable scheduler (monitors, digests, approval expiry, backfills): whether this process runs it, and how often. */
  scheduler: { enabled: boolean; pollMs: number };
  /** OpenTelemetry ingest (POST /v1/traces), trace settle time and model prices. */
  otlp: OtlpSettings;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export { ConfigError };

function logLevel(env: Env): LogLevel {
  const given = readSetting(env, 'LOG_LEVEL');
  const raw = (given || 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(raw)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got ${given}`);
  return raw as LogLevel;
}

/** postgres://… or sqlite:<file>, checked here so a typo stops start-up with the variable's name rather than a driver error. */
function databaseUrl(env: Env): string | undefined {
  const raw = readSetting(env, 'DATABASE_URL') || undefined;
  if (raw === undefined || selectsSqlite(raw)) return raw;
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

/** A secret from SERVER_SECRET, else one generated on first start and kept in DATA_DIR. */
function serverSecret(env: Env, dataDir: string): string {
  const given = readSetting(env, 'SERVER_SECRET');
  if (given) {
    // Cursors are signed and webhook secrets encrypted with keys derived from it: a short or
    // whitespace-padded value (a paste error) would weaken every one of them.
    if (given.trim() !== given) throw new ConfigError('SERVER_SECRET has leading or trailing whitespace; remove it.');
    if (given.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(`SERVER_SECRET must be at least ${MIN_SECRET_LENGTH} characters (32 random bytes, e.g. \`openssl rand -base64 32\`, are recommended).`);
    }
    return given;
  }
  const file = path.join(dataDir, 'server-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function oauthClientMetadataCa(env: Env): string | undefined {
  const file = readSetting(env, 'OAUTH_CLIENT_METADATA_CA_FILE');
  return file ? asConfigError(() => readFileSync(file, 'utf8')) : undefined;
}

function connectionLimits(env: Env): ConnectionLimits {
  const limits: ConnectionLimits = {
    headersTimeoutMs: readInteger(env, 'HTTP_HEADERS_TIMEOUT_MS'),
    requestTimeoutMs: readInteger(env, 'HTTP_REQUEST_TIMEOUT_MS'),
    keepAliveTimeoutMs: readInteger(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS'),
    checkIntervalMs: readInteger(env, 'HTTP_TIMEOUT_CHECK_INTERVAL_MS'),
  };
  // Node cuts a request at whichever comes first; a headers limit above the whole-request one would never apply.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) throw new Error('HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS');
  return limits;
}

function finalizerScaling(env: Env): FinalizerScaling {
  const scaling: FinalizerScaling = {
    minWorkers: readInteger(env, 'TRACE_FINALIZER_MIN_WORKERS'),
    maxWorkers: readInteger(env, 'TRACE_FINALIZER_MAX_WORKERS'),
    backlogPerWorker: readInteger(env, 'TRACE_FINALIZER_BACKLOG_PER_WORKER'),
    intervalMs: readInteger(env, 'TRACE_FINALIZER_SCALE_INTERVAL_MS'),
    scaleDownAfter: readInteger(env, 'TRACE_FINALIZER_SCALE_DOWN_AFTER'),
  };
  if (scaling.maxWorkers < scaling.minWorkers) throw new ConfigError('TRACE_FINALIZER_MAX_WORKERS must be at least TRACE_FINALIZER_MIN_WORKERS');
  return scaling;
}

export function loadConfig(env: Env = process.env): Config {
  const port = readInteger(env, 'PORT');
  const host = readSetting(env, 'HOST') || '127.0.0.1';
  const dataDir = path.resolve(readSetting(env, 'DATA_DIR') || './data');
  const policy = (name: RateClass, variable: SettingNameOf<'integer'>): RatePolicy => ({
    name,
    limit: readInteger(env, variable),
    windowSeconds: 60,
  });
  return {
    port,
    host,
    databaseUrl: databaseUrl(env),
    dataDir,
    redisUrl: readSetting(env, 'REDIS_URL') || undefined,
    publicBaseUrl: (readSetting(env, 'PUBLIC_BASE_URL') || `http://${host}:${port}`).replace(/\/$/, ''),
    serverSecret: serverSecret(env, dataDir),
    rateLimits: {
      read: policy('read', 'RATE_LIMIT_READ_PER_MINUTE'),
      write: policy('write', 'RATE_LIMIT_WRITE_PER_MINUTE'),
      ingest: policy('ingest', 'RATE_LIMIT_INGEST_PER_MINUTE'),
      search: policy('search', 'RATE_LIMIT_SEARCH_PER_MINUTE'),
    },
    maxBodyBytes: readInteger(env, 'MAX_BODY_BYTES'),
    drainTimeoutSeconds: readInteger(env, 'DRAIN_TIMEOUT_SECONDS'),
    idleCollectSeconds: readInteger(env, 'IDLE_COLLECT_SECONDS'),
    credentialCacheMs: readInteger(env, 'CREDENTIAL_CACHE_MS'),
    searchCountLimit: readInteger(env, 'SEARCH_COUNT_LIMIT'),
    searchPhraseCountLimit: readInteger(env, 'SEARCH_PHRASE_COUNT_LIMIT'),
    ingestConcurrency: readInteger(env, 'INGEST_CONCURRENCY'),
    validateResponses: readSwitch(env, 'VALIDATE_RESPONSES'),
    logRequests: readSwitch(env, 'LOG_REQUESTS'),
    publicApiMutationsEnabled: readSwitch(env, 'PUBLIC_API_MUTATIONS_ENABLED'),
    webhooks: asConfigError(() => loadWebhookSettings(env)),
    mail: asConfigError(() => loadMailSettings(env)),
    channels: asConfigError(() => loadChannelSettings(env)),
    github: asConfigError(() => loadGitHubSettings(env)),
    evaluations: asConfigError(() => loadEvaluationSettings(env)),
    admin: { email: (readSetting(env, 'TRACEWELL_ADMIN_EMAIL') || 'dev@localhost').trim().toLowerCase(), password: readSetting(env, 'TRACEWELL_ADMIN_PASSWORD') || undefined },
    lifecycle: { pollMs: readInteger(env, 'LIFECYCLE_WORKER_POLL_MS'), batchSize: readInteger(env, 'LIFECYCLE_BATCH_SIZE'), releaseBatchSize: readInteger(env, 'LIFECYCLE_RELEASE_BATCH_SIZE') },
    scheduler: { enabled: readSwitch(env, 'SCHEDULER_ENABLED'), pollMs: readInteger(env, 'SCHEDULER_POLL_MS') },
    otlp: loadOtlpSettings(env),
    oauthAccessTokenTtlSeconds: readInteger(env, 'OAUTH_ACCESS_TOKEN_TTL_SECONDS'),
    oauthRefreshTokenTtlSeconds: readInteger(env, 'OAUTH_REFRESH_TOKEN_TTL_SECONDS'),
    oauthRegistrationsPerHour: readInteger(env, 'OAUTH_REGISTRATIONS_PER_HOUR'),
    oauthDynamicClientIdleDays: readInteger(env, 'OAUTH_DYNAMIC_CLIENT_IDLE_DAYS'),
    oauthClientMetadataAllowedHosts: (readSetting(env, 'OAUTH_CLIENT_METADATA_ALLOWED_HOSTS') ?? '').split(',').map((entry) => entry.trim()).filter(Boolean),
    oauthClientMetadataCa: oauthClientMetadataCa(env),
    ssoAllowedHosts: (readSetting(env, 'SSO_ALLOWED_HOSTS') ?? '').split(',').map((entry) => entry.trim()).filter(Boolean),
    tools: asConfigError(() => loadToolServerSettings(env)),
    detectionWorker: {
      enabled: readSwitch(env, 'DETECTION_WORKER_ENABLED'),
      pollMs: readInteger(env, 'DETECTION_WORKER_POLL_MS'),
      leaseMs: readInteger(env, 'DETECTION_JOB_LEASE_MS'),
      batchSize: readInteger(env, 'DETECTION_WORKER_BATCH_SIZE'),
      maxAttempts: readInteger(env, 'DETECTION_JOB_MAX_ATTEMPTS'),
    },
    traceFinalizer: finalizerScaling(env),
    opsEventsOrganizationId: readSetting(env, 'OPS_EVENTS_ORGANIZATION_ID') || undefined,
    logLevel: logLevel(env),
    metricsToken: readSetting(env, 'METRICS_TOKEN') || undefined,
    connections: connectionLimits(env),
    fairShare: {
      limits: {
        search: readInteger(env, 'CONCURRENCY_SEARCH_PER_CREDENTIAL'),
        batch_ingest: readInteger(env, 'CONCURRENCY_BATCH_INGEST_PER_CREDENTIAL'),
        trend: readInteger(env, 'CONCURRENCY_TREND_PER_CREDENTIAL'),
        analytics: readInteger(env, 'CONCURRENCY_ANALYTICS_PER_CREDENTIAL'),
      },
      queueDepth: readInteger(env, 'CONCURRENCY_QUEUE_PER_CREDENTIAL'),
      maxWaitMs: readInteger(env, 'CONCURRENCY_QUEUE_WAIT_MS'),
      busyMsPerSecond: readInteger(env, 'FAIR_SHARE_BUSY_MS_PER_SECOND'),
      burstMs: readInteger(env, 'FAIR_SHARE_BURST_MS'),
    },
    searchStatementTimeoutMs: readInteger(env, 'SEARCH_STATEMENT_TIMEOUT_MS'),
    sqliteSearchWorkers: readInteger(env, 'SQLITE_SEARCH_WORKERS'),
    sqliteBusyTimeoutMs: readInteger(env, 'SQLITE_BUSY_TIMEOUT_MS'),
    backgroundShareUnderLoad: readFraction(env, 'BACKGROUND_SHARE_UNDER_LOAD'),
    metricsRollupWorkerEnabled: readSwitch(env, 'METRICS_ROLLUP_WORKER_ENABLED'),
    backgroundThreadNiceness: Math.min(19, readInteger(env, 'BACKGROUND_THREAD_NICENESS')),
    detectionScan: {
      workers: readInteger(env, 'DETECTION_SCAN_WORKERS'),
      budgetMs: readInteger(env, 'DETECTION_SCAN_BUDGET_MS'),
      maxFieldChars: readInteger(env, 'DETECTION_SCAN_FIELD_CHARS'),
      maxChars: readInteger(env, 'DETECTION_SCAN_MAX_CHARS'),
      graceMs: readInteger(env, 'DETECTION_SCAN_GRACE_MS'),
    },
  };
}
