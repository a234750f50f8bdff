import { readInteger, readSetting, type Env } from '../../settings/read-setting.js';

/** OTLP ingest settings from the environment; src/settings/catalog.ts declares each variable. */
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

export function loadOtlpSettings(env: Env): OtlpSettings {
  return {
    maxBodyBytes: readInteger(env, 'OTLP_MAX_BODY_BYTES'),
    maxDecompressedBytes: readInteger(env, 'OTLP_MAX_DECOMPRESSED_BYTES'),
    maxInFlightBytes: readInteger(env, 'OTLP_MAX_INFLIGHT_BYTES'),
    maxQueuedWrites: readInteger(env, 'OTLP_MAX_QUEUED_WRITES'),
    settleMs: readInteger(env, 'TRACE_SETTLE_MS'),
    priceFile: readSetting(env, 'MODEL_PRICES_FILE') || undefined,
  };
}
