import path from 'node:path';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { RateClass } from './http/contract.js';
import type { RatePolicy } from './ratelimit/rate-limiter.js';
import { loadWebhookSettings, type WebhookSettings } from './domain/webhooks/webhook-settings.js';
import { loadToolServerSettings, type ToolServerSettings } from './tools/tool-settings.js';

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
  /** Seconds a draining server waits for requests in flight before closing anyway. */
  drainTimeoutSeconds: number;
  /** Validate every response against the contract (on in tests). */
  validateResponses: boolean;
  logRequests: boolean;

  /** The agent tool server (MCP at /mcp). */
  tools: ToolServerSettings;

  /** The detection evaluation worker: on/off, poll interval, job lease, batch size, attempts. */
  detectionWorker: { enabled: boolean; pollMs: number; leaseMs: number; batchSize: number; maxAttempts: number };

  /** Lifetime of OAuth access tokens and of refresh tokens (offline_access), in seconds. */
  oauthAccessTokenTtlSeconds: number;
  oauthRefreshTokenTtlSeconds: number;

  /** The `public-api-mutations` capability: when false every mutation answers 403 and writes nothing. */
  publicApiMutationsEnabled: boolean;
  webhooks: WebhookSettings;
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}; got ${raw}`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

/** A secret from SERVER_SECRET, else one generated on first start and kept in DATA_DIR. */
function serverSecret(env: Env, dataDir: string): string {
  if (env.SERVER_SECRET) return env.SERVER_SECRET;
  const file = path.join(dataDir, 'server-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
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
    databaseUrl: env.DATABASE_URL || undefined,
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
    ingestConcurrency: integer(env, 'INGEST_CONCURRENCY', 8, 1),
    validateResponses: bool(env, 'VALIDATE_RESPONSES', false),
    logRequests: bool(env, 'LOG_REQUESTS', false),
    publicApiMutationsEnabled: bool(env, 'PUBLIC_API_MUTATIONS_ENABLED', true),
    webhooks: loadWebhookSettings(env),
    oauthAccessTokenTtlSeconds: integer(env, 'OAUTH_ACCESS_TOKEN_TTL_SECONDS', 3600, 60),
    oauthRefreshTokenTtlSeconds: integer(env, 'OAUTH_REFRESH_TOKEN_TTL_SECONDS', 30 * 24 * 3600, 60),
    tools: loadToolServerSettings(env),
    detectionWorker: {
      enabled: bool(env, 'DETECTION_WORKER_ENABLED', true),
      pollMs: integer(env, 'DETECTION_WORKER_POLL_MS', 1000, 10),
      leaseMs: integer(env, 'DETECTION_JOB_LEASE_MS', 60_000, 1000),
      batchSize: integer(env, 'DETECTION_WORKER_BATCH_SIZE', 20, 1),
      maxAttempts: integer(env, 'DETECTION_JOB_MAX_ATTEMPTS', 5, 1),
    },
  };
}
