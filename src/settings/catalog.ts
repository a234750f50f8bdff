/**
 * Every environment variable Tracewell reads, declared once: its group, how it is parsed, its
 * default and what it means. The loaders read through `src/settings/read-setting.ts`, which accepts
 * only names declared here (a `SettingName`), and `docs/configuration.md` is generated from this table
 * (`npm run docs:config`), so a setting cannot be read without being documented, nor documented with
 * another default than the one the code uses.
 *
 * To add a setting: add an entry in its group below (integer settings carry their default and
 * minimum here, the loader then reads it with `readInteger(env, 'NAME')`), read it in its area's
 * loader through `read-setting.ts`, and run `npm run docs:config`.
 *
 * Meanings are Markdown rendered into docs/configuration.md: links are relative to docs/.
 */

/** The sections of docs/configuration.md, in their order there. */
export const SETTING_GROUPS = {
  server: 'Server',
  storage: 'Storage',
  secrets: 'Secrets and capabilities',
  firstStart: 'First start',
  rateLimits: 'Rate limits',
  limits: 'Request limits and caches',
  connections: 'Slow clients',
  fairShare: 'Fair share',
  background: 'Background work',
  detections: 'Detections',
  tools: 'Agent tool server (MCP)',
  otlp: 'OpenTelemetry ingest',
  oauth: 'OAuth',
  webhooks: 'Webhooks',
  mail: 'Mail',
  evaluations: 'Evaluations',
  operations: 'Logs and metrics',
  cli: 'Command-line client',
  development: 'Tests and benchmarks',
} as const;

export type SettingGroup = keyof typeof SETTING_GROUPS;

interface Declared {
  group: SettingGroup;
  /** One or two sentences of Markdown. */
  meaning: string;
  /** Accepted values, when the kind alone does not say it. */
  values?: string;
}

/** A whole number; empty or unset means `default`, below `min` stops start-up. */
export interface IntegerSetting extends Declared {
  kind: 'integer';
  default: number;
  min: number;
  /** The default as a user should read it, when the bare number is not clear (e.g. `1048576` = 1 MiB). */
  shown?: string;
}

/** A share in (0, 1]. */
export interface FractionSetting extends Declared {
  kind: 'fraction';
  default: number;
}

/** On or off: `1`, `true`, `yes`, `on` (any case) are on, any other non-empty value is off. */
export interface SwitchSetting extends Declared {
  kind: 'switch';
  default: boolean;
}

/** Free text its loader parses (URLs, lists, keys, files); `shown` is the default as a user reads it. */
export interface TextSetting extends Declared {
  kind: 'text';
  shown: string;
}

export type SettingDeclaration = IntegerSetting | FractionSetting | SwitchSetting | TextSetting;

export const SETTINGS = {
  // ── server
  PORT: { group: 'server', kind: 'integer', default: 8080, min: 0, meaning: 'Listening port.' },
  HOST: { group: 'server', kind: 'text', shown: '`127.0.0.1`', values: 'an address of this machine (`0.0.0.0`: all)', meaning: 'Listening address.' },
  PUBLIC_BASE_URL: {
    group: 'server', kind: 'text', shown: '`http://HOST:PORT`', values: 'URL',
    meaning: 'The address clients use; trace URLs, OAuth metadata and the MCP origin check are built on it. Set it behind a proxy.',
  },
  HEAP_GROWING_PERCENT: {
    group: 'server', kind: 'integer', default: 30, min: 0, values: 'integer 0–300',
    meaning:
      'How far V8 lets the JavaScript heap grow past what survived its last full collection before it collects again, in percent, for the server and its threads. `0`: V8\'s own factor, which grows up to 4× under a high allocation rate and left the server ~100 MB above this default after a burst of ingest ([benchmarks](benchmarks.md)). Not a cap: for a hard one, `NODE_OPTIONS=--max-old-space-size` ([deployment](deployment.md#start-up-time-and-memory)).',
  },
  IDLE_COLLECT_SECONDS: {
    group: 'server', kind: 'integer', default: 5, min: 0,
    meaning:
      'Once the server has been quiet this long (no request taken, the process under 5 % of a core), it runs a full garbage collection of its heap and of its database thread\'s, giving back what start-up or a burst of requests left committed ([benchmarks](benchmarks.md#issue-61-item-1--idle-collection-2026-11-29-evening)); only after requests or background work since the last one. The first quiet look closes the burst with a scavenge (about a millisecond), and the collection comes no sooner than 5.25 s after it, so that V8 measures only the quiet and shrinks its young generation ([deployment](deployment.md#start-up-time-and-memory)); while the young generation stays above 4 MB, up to four more follow, as long apart. Each collection holds the request thread for tens of milliseconds (`tracewell_idle_collection_seconds`). `0`: off.',
  },
  DRAIN_TIMEOUT_SECONDS: {
    group: 'server', kind: 'integer', default: 25, min: 1,
    meaning: 'On SIGTERM, how long the server waits for requests in flight before closing anyway ([draining](rest-api.md#draining)).',
  },

  // ── storage
  DATABASE_URL: {
    group: 'storage', kind: 'text', shown: 'unset: SQLite file `DATA_DIR/tracewell.sqlite`', values: '`postgres://…`, `postgresql://…`, `sqlite:<file>`',
    meaning: '`postgres://…` selects PostgreSQL (13 or later; the migrations create the `btree_gin` extension, which the database owner may do); `sqlite:<file>` a SQLite file.',
  },
  DATA_DIR: { group: 'storage', kind: 'text', shown: '`./data`', values: 'writable directory', meaning: 'Holds the SQLite file and the generated server secret.' },
  PG_POOL_MAX: {
    group: 'storage', kind: 'integer', default: 10, min: 1,
    meaning: 'PostgreSQL connections per process; replicas × pool size must stay within the server\'s `max_connections` ([deployment](deployment.md)).',
  },
  SQLITE_BUSY_TIMEOUT_MS: {
    group: 'storage', kind: 'integer', default: 5000, min: 0,
    meaning: 'SQLite: how long a statement waits for another connection\'s lock before the request answers 503 `PUBLIC_API_STORAGE_UNAVAILABLE`.',
  },
  SQLITE_SEARCH_WORKERS: {
    group: 'storage', kind: 'integer', default: 1, min: 1,
    meaning: 'SQLite on a file: reader threads, each with its own read-only connection, that run trace searches off the request event loop ([tenant safety](tenant-safety-runtime.md)).',
  },
  SEARCH_STATEMENT_TIMEOUT_MS: {
    group: 'storage', kind: 'integer', default: 5000, min: 0,
    meaning: 'A search running longer is cancelled and answers 503 `PUBLIC_API_SEARCH_TIMEOUT` (`0`: no bound). PostgreSQL: `statement_timeout`; SQLite: the reader thread is replaced.',
  },

  // ── secrets and capabilities
  SERVER_SECRET: {
    group: 'secrets', kind: 'text', shown: 'generated once into `DATA_DIR/server-secret` (0600)', values: 'at least 12 characters, no surrounding whitespace',
    meaning: 'Signs cursors and derives encryption keys. Give every process of one deployment the same value (`openssl rand -base64 32`).',
  },
  PUBLIC_API_MUTATIONS_ENABLED: {
    group: 'secrets', kind: 'switch', default: true,
    meaning: 'The `public-api-mutations` capability: off, every REST mutation answers 403 `PUBLIC_API_MUTATIONS_DISABLED` and writes nothing — except trace ingestion, the data plane.',
  },

  // ── first start
  TRACEWELL_ADMIN_EMAIL: {
    group: 'firstStart', kind: 'text', shown: '`dev@localhost`', values: 'email',
    meaning: 'The owner user the first start creates (and the default of `npm run admin`).',
  },
  TRACEWELL_ADMIN_PASSWORD: {
    group: 'firstStart', kind: 'text', shown: 'unset: a one-time setup link is printed',
    meaning: 'Sets the admin\'s password at start while it has none.',
  },

  // ── rate limits
  REDIS_URL: {
    group: 'rateLimits', kind: 'text', shown: 'unset: in-process limits', values: '`redis://…`',
    meaning: 'Redis shared by several server processes so they enforce one rate-limit budget ([rate limits](rest-api.md#rate-limits)).',
  },
  RATE_LIMIT_READ_PER_MINUTE: { group: 'rateLimits', kind: 'integer', default: 600, min: 1, meaning: 'Requests of rate class `read` (GET operations) per credential per minute.' },
  RATE_LIMIT_WRITE_PER_MINUTE: { group: 'rateLimits', kind: 'integer', default: 120, min: 1, meaning: 'Rate class `write` (mutations) per credential per minute.' },
  RATE_LIMIT_INGEST_PER_MINUTE: { group: 'rateLimits', kind: 'integer', default: 600, min: 1, meaning: 'Rate class `ingest` (trace ingestion) per credential per minute.' },
  RATE_LIMIT_SEARCH_PER_MINUTE: { group: 'rateLimits', kind: 'integer', default: 120, min: 1, meaning: 'Rate class `search` per credential per minute.' },

  // ── request limits and caches
  MAX_BODY_BYTES: { group: 'limits', kind: 'integer', default: 1024 * 1024, min: 1024, shown: '`1048576` (1 MiB)', meaning: 'Request bodies above this answer 413.' },
  INGEST_CONCURRENCY: {
    group: 'limits', kind: 'integer', default: 8, min: 1,
    meaning: 'Ingest writes (REST single and batch, OTLP, `log_trace`) validated and written at once per process; more wait in arrival order.',
  },
  SEARCH_COUNT_LIMIT: {
    group: 'limits', kind: 'integer', default: 10_000, min: 1,
    meaning: '`search_traces` counts matches exactly up to this many; past it `total_count` is the bound, `total_count_exact` is `false`, and `sort=relevance` ranks this many most recently stored matches ([search](search.md#order)).',
  },
  SEARCH_PHRASE_COUNT_LIMIT: {
    group: 'limits', kind: 'integer', default: 2_000, min: 1,
    meaning: 'The same bound for a query holding a phrase or an identifier, whose every match is checked for the words\' order (at most `SEARCH_COUNT_LIMIT`).',
  },
  CREDENTIAL_CACHE_MS: {
    group: 'limits', kind: 'integer', default: 5000, min: 0,
    meaning: 'How long a process keeps a found API key, its project and the project\'s retention: a key revoked or a retention changed through another replica applies here within this time (`0`: no cache).',
  },

  // ── slow clients
  HTTP_HEADERS_TIMEOUT_MS: {
    group: 'connections', kind: 'integer', default: 10_000, min: 100,
    meaning: 'A client that has not sent all its headers by then is disconnected (slowloris). At most `HTTP_REQUEST_TIMEOUT_MS` ([tenant safety](tenant-safety-runtime.md)).',
  },
  HTTP_REQUEST_TIMEOUT_MS: {
    group: 'connections', kind: 'integer', default: 30_000, min: 100,
    meaning: 'A client that has not sent its whole request by then (e.g. a `Content-Length` larger than the body) gets 408 and is disconnected.',
  },
  HTTP_KEEP_ALIVE_TIMEOUT_MS: { group: 'connections', kind: 'integer', default: 5000, min: 100, meaning: 'An idle keep-alive connection is closed after this long.' },
  HTTP_TIMEOUT_CHECK_INTERVAL_MS: { group: 'connections', kind: 'integer', default: 1000, min: 10, meaning: 'How often the two timeouts above are checked.' },

  // ── fair share
  CONCURRENCY_SEARCH_PER_CREDENTIAL: {
    group: 'fairShare', kind: 'integer', default: 2, min: 1,
    meaning: '`search_traces` calls one credential may run at once; more wait in its queue, beyond it 429 `PUBLIC_API_CONCURRENCY_LIMITED` + `Retry-After: 1` ([fair share](tenant-safety-runtime.md#fair-share-under-mixed-load)).',
  },
  CONCURRENCY_BATCH_INGEST_PER_CREDENTIAL: { group: 'fairShare', kind: 'integer', default: 2, min: 1, meaning: 'Likewise for `POST /traces/batch` and OTLP `POST /v1/traces` (one class).' },
  CONCURRENCY_TREND_PER_CREDENTIAL: { group: 'fairShare', kind: 'integer', default: 2, min: 1, meaning: 'Likewise for `get_detection_trend`.' },
  CONCURRENCY_ANALYTICS_PER_CREDENTIAL: { group: 'fairShare', kind: 'integer', default: 2, min: 1, meaning: 'Likewise for the analytics reads that aggregate over a whole project: `POST /metrics/query`, `GET /sessions` and `GET /users` (and their tools); each reads every trace in its range, so they are capped like searches.' },
  CONCURRENCY_QUEUE_PER_CREDENTIAL: { group: 'fairShare', kind: 'integer', default: 8, min: 0, meaning: 'Expensive operations of one credential and class that may wait for a slot (`0`: refuse at once).' },
  CONCURRENCY_QUEUE_WAIT_MS: { group: 'fairShare', kind: 'integer', default: 10_000, min: 1, meaning: 'The longest one waits in that queue before it answers 429.' },
  FAIR_SHARE_BUSY_MS_PER_SECOND: {
    group: 'fairShare', kind: 'integer', default: 150, min: 0,
    meaning: 'While other organizations use the server, one organization\'s expensive operations may keep it busy this many ms per second on average; more wait their turn (`0`: no budget). An organization alone is never held back.',
  },
  FAIR_SHARE_BURST_MS: { group: 'fairShare', kind: 'integer', default: 250, min: 0, meaning: 'Busy time an organization may spend at once before that pacing applies.' },

  // ── background work
  BACKGROUND_SHARE_UNDER_LOAD: {
    group: 'background', kind: 'fraction', default: 0.1,
    meaning: 'While requests are in flight, the share of time background loops (detection and evaluator jobs, webhook deliveries, retention) may take on the request event loop (`1`: unpaced).',
  },
  BACKGROUND_THREAD_NICENESS: {
    group: 'background', kind: 'integer', default: 10, min: 0, values: 'integer ≥ 0 (above 19 counts as 19)',
    meaning: 'Linux nice value of the search reader and detection scan threads, so the request thread runs first on busy cores (`0`: as the server).',
  },
  SCHEDULER_ENABLED: {
    group: 'background', kind: 'switch', default: true,
    meaning: 'Run the [durable scheduler](scheduler.md) (monitors, digests, approval expiry, backfills) in this process; every replica may.',
  },
  METRICS_ROLLUP_WORKER_ENABLED: {
    group: 'background', kind: 'switch', default: true,
    meaning: 'Settle the [metrics rollups](analytics.md#rollups) in this process (on PostgreSQL one process at a time does). Off: another replica settles them; hours nobody has settled are read from the stored rows meanwhile — slower metrics queries, the same answers.',
  },
  SCHEDULER_POLL_MS: { group: 'background', kind: 'integer', default: 10_000, min: 10, meaning: 'How often the scheduler looks for due work when its last pass left none.' },
  LIFECYCLE_WORKER_POLL_MS: { group: 'background', kind: 'integer', default: 60_000, min: 10, meaning: 'How often the data-lifecycle worker (retention, project purges) looks for work.' },
  LIFECYCLE_BATCH_SIZE: { group: 'background', kind: 'integer', default: 500, min: 1, meaning: 'Traces (or leftover rows) that worker deletes per transaction.' },
  LIFECYCLE_RELEASE_BATCH_SIZE: {
    group: 'background', kind: 'integer', default: 10_000, min: 1,
    meaning: 'PostgreSQL: traces of a past week that worker releases per transaction before dropping the week\'s partitions ([partitioning](partitioning.md)).',
  },

  // ── detections
  DETECTION_WORKER_ENABLED: { group: 'detections', kind: 'switch', default: true, meaning: 'Run the detection evaluation worker in this process.' },
  DETECTION_WORKER_POLL_MS: { group: 'detections', kind: 'integer', default: 1000, min: 10, meaning: 'How often an idle worker looks for evaluation jobs.' },
  DETECTION_JOB_LEASE_MS: { group: 'detections', kind: 'integer', default: 60_000, min: 1000, meaning: 'How long a claimed job is held before another worker may reclaim it.' },
  DETECTION_WORKER_BATCH_SIZE: { group: 'detections', kind: 'integer', default: 20, min: 1, meaning: 'Jobs claimed per round.' },
  TRACE_FINALIZER_MIN_WORKERS: { group: 'detections', kind: 'integer', default: 1, min: 1, meaning: 'Evaluation workers (the trace finalizer) this process always runs ([scaling](scaling.md#the-trace-finalizer)).' },
  TRACE_FINALIZER_MAX_WORKERS: { group: 'detections', kind: 'integer', default: 4, min: 1, meaning: 'Evaluation workers this process may grow to under a backlog; at least `TRACE_FINALIZER_MIN_WORKERS`.' },
  TRACE_FINALIZER_BACKLOG_PER_WORKER: { group: 'detections', kind: 'integer', default: 200, min: 1, meaning: 'Due evaluation jobs one worker is expected to keep down: the pool wants one worker per this many, shared by the replicas working the queue.' },
  TRACE_FINALIZER_SCALE_INTERVAL_MS: { group: 'detections', kind: 'integer', default: 5000, min: 10, meaning: 'How often the backlog is read and the pool resized.' },
  TRACE_FINALIZER_SCALE_DOWN_AFTER: { group: 'detections', kind: 'integer', default: 3, min: 1, meaning: 'Readings in a row that must all want fewer workers before the pool shrinks (it grows at once).' },
  OPS_EVENTS_ORGANIZATION_ID: {
    group: 'detections', kind: 'text', shown: 'unset: the first organization (created at first start)', values: 'organization id',
    meaning: 'The operator\'s organization: `ops.*` events go to the webhooks of its projects and of no other ([webhooks](webhooks.md)).',
  },
  DETECTION_JOB_MAX_ATTEMPTS: { group: 'detections', kind: 'integer', default: 5, min: 1, meaning: 'Failed attempts (retried with exponential back-off) before a job is marked failed.' },
  DETECTION_SCAN_WORKERS: { group: 'detections', kind: 'integer', default: 1, min: 1, meaning: 'Worker threads that run `regex` and `pii` detections off the request event loop.' },
  DETECTION_SCAN_BUDGET_MS: {
    group: 'detections', kind: 'integer', default: 250, min: 1,
    meaning: 'Time one text detection may spend on one trace; what it did not scan is recorded in the firing\'s evidence (`budget`).',
  },
  DETECTION_SCAN_FIELD_CHARS: { group: 'detections', kind: 'integer', default: 200_000, min: 1, meaning: 'Characters of one span field a text detection scans.' },
  DETECTION_SCAN_MAX_CHARS: { group: 'detections', kind: 'integer', default: 1_000_000, min: 1, meaning: 'Characters of one trace a text detection scans.' },
  DETECTION_SCAN_GRACE_MS: { group: 'detections', kind: 'integer', default: 1000, min: 1, meaning: 'A scan worker still busy this long past its budget is terminated and replaced.' },

  // ── agent tool server
  TOOL_RATE_LIMIT_PER_MINUTE: { group: 'tools', kind: 'integer', default: 60, min: 1, meaning: 'JSON-RPC requests per minute per credential, shared by all its sessions.' },
  TOOL_TIMEOUT_MS: { group: 'tools', kind: 'integer', default: 15_000, min: 1, meaning: 'Default time a tool call may take before it is cancelled (503 `PUBLIC_API_TOOL_TIMEOUT`).' },
  TOOL_TIMEOUTS: {
    group: 'tools', kind: 'text', shown: 'unset', values: '`name=ms,name=ms`',
    meaning: 'Per-tool timeouts (e.g. `search_traces=30000`); beat the tool\'s own default.',
  },
  TOOLS_ENABLED: { group: 'tools', kind: 'text', shown: 'unset: every tool', values: 'comma-separated tool names', meaning: 'When set, only these tools are served.' },
  TOOLS_DISABLED: {
    group: 'tools', kind: 'text', shown: 'unset', values: 'comma-separated tool names',
    meaning: 'Tools never served (absent from `tools/list`, refused by `tools/call`), even when listed in `TOOLS_ENABLED`.',
  },
  TOOL_MAX_REQUEST_BYTES: { group: 'tools', kind: 'integer', default: 1024 * 1024, min: 1024, shown: '`1048576` (1 MiB)', meaning: 'Tool server request bodies above this answer HTTP 413.' },
  TOOL_MAX_RESULT_BYTES: {
    group: 'tools', kind: 'integer', default: 10 * 1024 * 1024, min: 1024, shown: '`10485760` (10 MiB)',
    meaning: 'Tool results serialized above this are truncated (the result says so).',
  },
  TOOL_SESSION_IDLE_SECONDS: { group: 'tools', kind: 'integer', default: 3600, min: 1, meaning: 'A tool session ends after this long without a request.' },
  MCP_ALLOWED_ORIGINS: {
    group: 'tools', kind: 'text', shown: 'unset: the origin of `PUBLIC_BASE_URL` (and its loopback aliases on the same port)', values: 'comma-separated origins, or `*`',
    meaning: 'Browser origins allowed to call `/mcp`; any other `Origin` gets 403 ([MCP](mcp.md#transport-rules)).',
  },

  // ── OpenTelemetry ingest
  OTLP_MAX_BODY_BYTES: { group: 'otlp', kind: 'integer', default: 4 * 1024 * 1024, min: 1024, shown: '`4194304` (4 MiB)', meaning: '`POST /v1/traces` bodies as sent above this answer 413 ([OpenTelemetry](opentelemetry.md)).' },
  OTLP_MAX_DECOMPRESSED_BYTES: {
    group: 'otlp', kind: 'integer', default: 16 * 1024 * 1024, min: 1024, shown: '`16777216` (16 MiB)',
    meaning: 'A gzip body inflating past this answers 413; a decompression bomb stops there.',
  },
  OTLP_MAX_QUEUED_WRITES: { group: 'otlp', kind: 'integer', default: 64, min: 0, meaning: 'While this many ingest writes wait for a slot, exports answer 503 + `Retry-After` (`0`: never).' },
  OTLP_MAX_INFLIGHT_BYTES: {
    group: 'otlp', kind: 'integer', default: 8 * 1024 * 1024, min: 1024,
    meaning: 'While other exports hold this many decompressed bytes, an export answers 503 + `Retry-After` (one export alone is always taken), so concurrent large exports cannot stack their memory ([OTLP memory](tenant-safety-input.md#otlp-memory)).',
  },
  TRACE_SETTLE_MS: { group: 'otlp', kind: 'integer', default: 10_000, min: 0, meaning: 'A growing (OTLP) trace is evaluated by detections once no span arrived for this long, and again after late spans.' },
  MODEL_PRICES_FILE: {
    group: 'otlp', kind: 'text', shown: 'unset: the built-in table', values: 'path of a JSON file',
    meaning: 'Model prices overriding the built-in table for this deployment ([cost](opentelemetry.md#cost)).',
  },

  // ── OAuth
  OAUTH_ACCESS_TOKEN_TTL_SECONDS: { group: 'oauth', kind: 'integer', default: 3600, min: 60, meaning: 'Lifetime of OAuth access tokens.' },
  OAUTH_REFRESH_TOKEN_TTL_SECONDS: { group: 'oauth', kind: 'integer', default: 30 * 24 * 3600, min: 60, shown: '`2592000` (30 days)', meaning: 'Lifetime of OAuth refresh tokens (`offline_access`).' },
  OAUTH_REGISTRATIONS_PER_HOUR: { group: 'oauth', kind: 'integer', default: 20, min: 1, meaning: 'Dynamic client registrations (`POST /oauth/register`) per network address per hour.' },
  OAUTH_DYNAMIC_CLIENT_IDLE_DAYS: { group: 'oauth', kind: 'integer', default: 30, min: 1, meaning: 'A self-registered client not issued a token for this long is forgotten.' },
  OAUTH_CLIENT_METADATA_ALLOWED_HOSTS: {
    group: 'oauth', kind: 'text', shown: 'empty', values: 'comma-separated `host`, `host:port`, `host:*`',
    meaning: 'Hosts whose client metadata documents (URL client ids) may be on loopback or private addresses ([MCP](mcp.md)).',
  },
  SSO_ALLOWED_HOSTS: {
    group: 'oauth', kind: 'text', shown: 'empty', values: 'comma-separated `host`, `host:port`, `host:*`',
    meaning: 'Hosts whose OpenID Connect issuers (single sign-on) may be on loopback or private addresses, and may then use plain http ([SSO](sso.md)); metadata addresses stay refused.',
  },
  OAUTH_CLIENT_METADATA_CA_FILE: { group: 'oauth', kind: 'text', shown: 'unset', values: 'path of a PEM file', meaning: 'Extra CAs trusted when fetching client metadata documents.' },

  // ── webhooks
  WEBHOOK_ENCRYPTION_KEY: {
    group: 'webhooks', kind: 'text', shown: 'unset: HKDF-SHA256 of `SERVER_SECRET`', values: '32 bytes: 64 hex characters, or base64/base64url',
    meaning: 'AES-256-GCM key of webhook secrets at rest. Give every process of one deployment the same value.',
  },
  WEBHOOK_ALLOWED_HOSTS: {
    group: 'webhooks', kind: 'text', shown: 'empty', values: 'comma-separated `host`, `host:port`, `host:*`',
    meaning: 'Hosts whose webhook destinations may be loopback or private, pinned to that port (bare host: 80/443 only); metadata addresses stay refused ([destinations](tenant-safety-input.md#webhook-destinations)).',
  },
  WEBHOOK_DELIVERY_TIMEOUT_MS: { group: 'webhooks', kind: 'integer', default: 10_000, min: 1, meaning: 'Deadline of one delivery attempt, connect to full response.' },
  GITHUB_API_URL: {
    group: 'webhooks', kind: 'text', shown: '`https://api.github.com`', values: 'URL (GitHub Enterprise Server: `https://HOST/api/v3`)',
    meaning: 'The GitHub REST API fix dispatches create issues through; it passes the destination guard like a webhook destination ([GitHub](integrations.md#github)).',
  },
  WEBHOOK_POLL_INTERVAL_MS: {
    group: 'webhooks', kind: 'integer', default: 1000, min: 1,
    meaning: 'How often an idle delivery worker looks for due deliveries (after a round that attempted some it goes again at once).',
  },
  PAGERDUTY_EVENTS_URL: {
    group: 'webhooks', kind: 'text', shown: '`https://events.pagerduty.com/v2/enqueue`', values: 'http(s) URL (EU: `https://events.eu.pagerduty.com/v2/enqueue`)',
    meaning: 'The PagerDuty Events API v2 endpoint of `pagerduty` channels that set no `eventsUrl` of their own ([channels](integrations.md#channels)).',
  },

  // ── mail
  SMTP_URL: {
    group: 'mail', kind: 'text', shown: 'unset: no mail is sent; invitation and reset links are shown to whoever made them', values: '`smtp://[user:password@]host[:port]`, `smtps://…` (`?tls=off` for a relay without STARTTLS)',
    meaning: 'The SMTP server the service sends its mail through: email channels, invitations, password resets, digests ([integrations](integrations.md)).',
  },
  SMTP_FROM: { group: 'mail', kind: 'text', shown: '`Tracewell <tracewell@localhost>`', values: 'address, optionally `Name <address>`', meaning: 'The From address of every message the service sends.' },
  SMTP_TIMEOUT_MS: { group: 'mail', kind: 'integer', default: 15_000, min: 1, meaning: 'Deadline of one SMTP conversation, connect to the server accepting the message.' },

  // ── evaluations
  EVALUATOR_WORKER_ENABLED: { group: 'evaluations', kind: 'text', shown: '`true`', values: '`true` or `false`', meaning: 'Run the LLM-as-judge evaluator worker in this process ([evaluations](evaluations.md#settings)).' },
  EVALUATOR_WORKER_POLL_MS: { group: 'evaluations', kind: 'integer', default: 1000, min: 10, meaning: 'How often an idle evaluator worker looks for jobs.' },
  EVALUATOR_JOB_LEASE_MS: { group: 'evaluations', kind: 'integer', default: 120_000, min: 1000, meaning: 'How long a claimed job is held (longer than a judge call).' },
  EVALUATOR_WORKER_BATCH_SIZE: { group: 'evaluations', kind: 'integer', default: 5, min: 1, meaning: 'Jobs claimed per round.' },
  EVALUATOR_MAX_ATTEMPTS: { group: 'evaluations', kind: 'integer', default: 4, min: 1, meaning: 'Attempts of a job before its run is recorded as an error.' },
  EVALUATOR_TIMEOUT_MS: { group: 'evaluations', kind: 'integer', default: 30_000, min: 100, meaning: 'Deadline of one judge call, connect to full answer.' },
  EVALUATOR_RETRY_BASE_MS: { group: 'evaluations', kind: 'integer', default: 2000, min: 1, meaning: 'First back-off after a 429, 5xx or timeout; doubles per attempt, at most 10 minutes.' },

  // ── logs and metrics
  LOG_LEVEL: {
    group: 'operations', kind: 'text', shown: '`info`', values: '`fatal`, `error`, `warn`, `info`, `debug`, `trace`, `silent`',
    meaning: 'Threshold of the JSON log lines on stdout.',
  },
  LOG_REQUESTS: { group: 'operations', kind: 'switch', default: true, meaning: 'One `info` line per request (request id, operation, status, duration, project).' },
  METRICS_TOKEN: {
    group: 'operations', kind: 'text', shown: 'unset: `/metrics` answers 404',
    meaning: '`GET /metrics` (Prometheus text) answers only with `Authorization: Bearer <this>` ([metrics](deployment.md)).',
  },
  VALIDATE_RESPONSES: { group: 'operations', kind: 'switch', default: false, meaning: 'Validate every response against the contract (on in tests).' },

  // ── command-line client (read by `tracewell`, never by the server)
  TRACEWELL_BASE_URL: { group: 'cli', kind: 'text', shown: '`http://127.0.0.1:8080`', values: 'URL', meaning: 'Server address (`--base-url`).' },
  TRACEWELL_API_KEY: { group: 'cli', kind: 'text', shown: 'unset', meaning: 'Public API key, sent as `x-api-key` (`--api-key`).' },
  TRACEWELL_TOKEN: { group: 'cli', kind: 'text', shown: 'unset', meaning: 'Service-account or OAuth token, sent as `Authorization: Bearer` (`--token`).' },
  TRACEWELL_PROJECT_ID: { group: 'cli', kind: 'text', shown: 'unset', values: 'uuid', meaning: 'Project, sent as `x-project-id` (`--project`).' },
  TRACEWELL_CONFIG: {
    group: 'cli', kind: 'text', shown: '`$XDG_CONFIG_HOME/tracewell/config.json`', values: 'path',
    meaning: 'User config file holding login tokens, written with mode 0600 ([CLI](cli.md)).',
  },
  XDG_CONFIG_HOME: { group: 'cli', kind: 'text', shown: '`$HOME/.config`', values: 'directory', meaning: 'Where the config file lives when `TRACEWELL_CONFIG` is unset.' },
  HOME: { group: 'cli', kind: 'text', shown: 'the user\'s home directory', values: 'directory', meaning: 'Base of `XDG_CONFIG_HOME`\'s default.' },
  TRACEWELL_OAUTH_CLIENT_ID: { group: 'cli', kind: 'text', shown: '`tracewell-cli`', meaning: 'OAuth client id of `tracewell login` (device flow).' },
  TRACEWELL_SLACK_WEBHOOK_URL: { group: 'cli', kind: 'text', shown: 'unset', values: 'URL', meaning: 'Slack incoming-webhook URL for `tracewell channels create --kind slack` when `--slack-url` is not given (kept out of shell history).' },
  TRACEWELL_PAGERDUTY_ROUTING_KEY: { group: 'cli', kind: 'text', shown: 'unset', meaning: 'PagerDuty Events API v2 integration key for `tracewell channels create --kind pagerduty` when `--routing-key` is not given.' },
  GITHUB_TOKEN: { group: 'cli', kind: 'text', shown: 'unset', meaning: 'GitHub token sent by `tracewell github set` (never a flag: flags land in shell history).' },

  // ── tests and benchmarks
  NODE_ENV: { group: 'development', kind: 'text', shown: 'unset (`test` in `npm test`)', meaning: 'Only `test` changes anything: it lets `SCRYPT_TEST_COST_LOG2` apply.' },
  SCRYPT_TEST_COST_LOG2: {
    group: 'development', kind: 'text', shown: 'unset: 17', values: '10 to 17',
    meaning: 'Tests only (honoured when `NODE_ENV=test`): a lower scrypt cost for new password hashes; a production process ignores it.',
  },
  BENCH_POSTGRES_URL: {
    group: 'development', kind: 'text', shown: '`postgres://postgres@127.0.0.1:5432/test`', values: 'URL',
    meaning: 'Benchmarks only: the PostgreSQL server on which `npm run bench` creates (and drops) its own database.',
  },
} as const satisfies Record<string, SettingDeclaration>;

export type SettingName = keyof typeof SETTINGS;

/** The names of the settings of one kind, so a reader of that kind accepts only them. */
export type SettingNameOf<Kind extends SettingDeclaration['kind']> = {
  [Name in SettingName]: (typeof SETTINGS)[Name]['kind'] extends Kind ? Name : never;
}[SettingName];

export function declarationOf(name: SettingName): SettingDeclaration {
  return SETTINGS[name];
}
