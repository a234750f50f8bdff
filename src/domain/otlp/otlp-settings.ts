/** OTLP ingest settings from the environment; README and docs/opentelemetry.md list each variable. */
export interface OtlpSettings {
  /** Request body bytes as sent (compressed or not); above → 413. */
  maxBodyBytes: number;
  /** Bytes a gzip body may inflate to; above → 413 (a decompression bomb stops there). */
  maxDecompressedBytes: number;
  /**
   * Decompressed bytes of the exports decoded and written at once; an export that would pass it
   * while others run is 503 + Retry-After (one alone is always admitted).
   */
  maxInFlightBytes: number;
  /** Ingest writes waiting for a slot beyond which an export is answered 503 + Retry-After. */
  maxQueuedWrites: number;
  /** A trace is evaluated by detections once no span arrived for this long (and again after late spans). */
  settleMs: number;
  /** A JSON price file overriding the built-in model prices for this deployment. */
  priceFile: string | undefined;
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}; got ${raw}`);
  return value;
}

export function loadOtlpSettings(env: Env): OtlpSettings {
  return {
    maxBodyBytes: integer(env, 'OTLP_MAX_BODY_BYTES', 4 * 1024 * 1024, 1024),
    maxDecompressedBytes: integer(env, 'OTLP_MAX_DECOMPRESSED_BYTES', 16 * 1024 * 1024, 1024),
    maxInFlightBytes: integer(env, 'OTLP_MAX_INFLIGHT_BYTES', 8 * 1024 * 1024, 1024),
    maxQueuedWrites: integer(env, 'OTLP_MAX_QUEUED_WRITES', 64, 0),
    settleMs: integer(env, 'TRACE_SETTLE_MS', 10_000, 0),
    priceFile: env.MODEL_PRICES_FILE || undefined,
  };
}
