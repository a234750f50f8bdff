import autocannon, { type AutocannonOptions, type AutocannonRequest } from 'autocannon';

/** What one load run measured. Latencies are exact (per response), not autocannon's whole-ms buckets. */
export interface LoadResult {
  requests: number;
  ok: number;
  failed: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Status codes other than 2xx, with counts: a non-empty map means the phase is suspect. */
  statusCodes: Record<string, number>;
}

export interface LoadOptions {
  url: string;
  connections: number;
  /** Run for this many seconds… */
  durationSeconds?: number;
  /** …or until this many requests were answered. */
  amount?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Unrecorded requests before a fixed-body measurement (default 200; 0 for none), for at most the measurement's duration. */
  warmupRequests?: number;
  /** Per-request bodies (ingest: every batch is new data). Returning null ends the connection. */
  nextBody?: () => string | Buffer | null;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Runs autocannon against a loopback server and reduces the run to the numbers the report needs.
 * Fixed-body runs are preceded by an unrecorded warm-up, so JIT compilation and cold caches of
 * the first requests do not land in the p99. The warm-up is bounded in time too: 200 requests of a
 * multi-second query (a common search term over a million traces) would otherwise take many minutes.
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  if (!options.nextBody && options.warmupRequests !== 0) {
    const amount = Math.max(options.warmupRequests ?? 200, options.connections);
    await measure({ ...options, durationSeconds: undefined, amount }, options.durationSeconds ?? 5);
  }
  return measure(options);
}

function measure(options: LoadOptions, stopAfterSeconds?: number): Promise<LoadResult> {
  const request: AutocannonRequest = { method: options.method ?? 'GET', headers: options.headers, body: options.body };
  if (options.nextBody) {
    const nextBody = options.nextBody;
    request.setupRequest = (req) => {
      const body = nextBody();
      return body === null ? null : { ...req, body };
    };
  }
  const autocannonOptions: AutocannonOptions = {
    url: options.url,
    connections: options.connections,
    requests: [request],
    timeout: 60,
    ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.durationSeconds ?? 5 }),
  };
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let failed = 0;
  // Timed from start to the last answer: autocannon's own duration rounds up to its 1 s ticks.
  const started = process.hrtime.bigint();
  let lastAnswer = started;
  return new Promise((resolve, reject) => {
    let stopTimer: NodeJS.Timeout | undefined;
    const instance = autocannon(autocannonOptions, (error, result) => {
      clearTimeout(stopTimer);
      if (error) return reject(error);
      const seconds = Math.max(Number(lastAnswer - started) / 1e9, 1e-6);
      latencies.sort((a, b) => a - b);
      failed += result.errors + result.timeouts;
      resolve({
        requests: latencies.length + failed,
        ok: latencies.length,
        failed,
        seconds: round(seconds, 3),
        requestsPerSecond: round(latencies.length / seconds, 1),
        p50Ms: round(percentile(latencies, 50), 3),
        p99Ms: round(percentile(latencies, 99), 3),
        statusCodes,
      });
    });
    if (stopAfterSeconds !== undefined) stopTimer = setTimeout(() => instance.stop(), stopAfterSeconds * 1000);
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTimeMs: number) => {
      lastAnswer = process.hrtime.bigint();
      if (statusCode >= 200 && statusCode < 300) {
        latencies.push(responseTimeMs);
      } else {
        failed += 1;
        statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
      }
    });
  });
}
