import type { BenchDatabase } from './bench-database.js';

/** Limits high enough that no phase is ever rate limited: the benchmark measures the work, not the limiter's 429s. */
const UNLIMITED = '1000000000';

/**
 * The environment of the measured server, for the full run and the tenant-safety-only runner alike
 * (the tenant-safety phases put the fair-share settings back to their defaults on a server of their own).
 */
export function benchServerEnv(db: BenchDatabase): Record<string, string> {
  return {
    ...db.serverEnv,
    RATE_LIMIT_READ_PER_MINUTE: UNLIMITED,
    RATE_LIMIT_WRITE_PER_MINUTE: UNLIMITED,
    RATE_LIMIT_INGEST_PER_MINUTE: UNLIMITED,
    RATE_LIMIT_SEARCH_PER_MINUTE: UNLIMITED,
    TOOL_RATE_LIMIT_PER_MINUTE: UNLIMITED,
    // Likewise the per-credential caps (the fair-share phase runs its own server with the defaults).
    CONCURRENCY_SEARCH_PER_CREDENTIAL: UNLIMITED,
    CONCURRENCY_BATCH_INGEST_PER_CREDENTIAL: UNLIMITED,
    CONCURRENCY_TREND_PER_CREDENTIAL: UNLIMITED,
    FAIR_SHARE_BUSY_MS_PER_SECOND: '0',
    // A batch of large traces may pass 1 MB; the body limit is not what the benchmark measures.
    MAX_BODY_BYTES: String(16 * 1024 * 1024),
    VALIDATE_RESPONSES: 'false',
    LOG_REQUESTS: 'false',
    // Load generators leave keep-alive sockets open; the drain need not wait for them.
    DRAIN_TIMEOUT_SECONDS: '1',
    // Ingest still enqueues detection jobs in its transaction (the same code path as the raw
    // run); evaluating the bulk-loaded backlog in the background would skew every phase.
    DETECTION_WORKER_ENABLED: 'false',
    // Likewise the metrics rollups: the bulk load marks every hour of its 30 days, whose settling (871 s
    // on SQLite, 1,932 s on PostgreSQL at a million traces, docs/analytics.md) would run through every
    // phase; a deployment that took those traces over 30 days settled each hour as it came.
    // `npm run bench:metrics` measures the settler and the queries that read its rows.
    METRICS_ROLLUP_WORKER_ENABLED: 'false',
  };
}
