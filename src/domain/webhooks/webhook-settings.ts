import { parseAllowedHost } from './allowed-host.js';
import { readInteger, readSetting, type Env } from '../../settings/read-setting.js';

/** Webhook settings from the environment; src/settings/catalog.ts declares each variable. */
export interface WebhookSettings {
  /** 32-byte AES-256-GCM key from WEBHOOK_ENCRYPTION_KEY; undefined → derived from SERVER_SECRET with HKDF. */
  encryptionKey: Buffer | undefined;
  /**
   * Entries `host`, `host:port` or `host:*` whose destinations skip the private-range refusal on that
   * port (bare host: the scheme's default port); never metadata.
   */
  allowedHosts: string[];
  /** A delivery attempt without a complete answer within this many ms fails as a timeout. */
  deliveryTimeoutMs: number;
  /** How often the worker looks for due deliveries. */
  pollIntervalMs: number;
}

/** 64 hex characters, or base64 / base64url of exactly 32 bytes. */
function encryptionKey(raw: string | undefined): Buffer | undefined {
  if (!raw) return undefined;
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error('WEBHOOK_ENCRYPTION_KEY must be 32 bytes: 64 hex characters or base64/base64url.');
  return key;
}

export function loadWebhookSettings(env: Env): WebhookSettings {
  return {
    encryptionKey: encryptionKey(readSetting(env, 'WEBHOOK_ENCRYPTION_KEY')),
    allowedHosts: (readSetting(env, 'WEBHOOK_ALLOWED_HOSTS') ?? '')
      .split(',')
      .map((host) => host.trim())
      .filter(Boolean)
      // Parsed here only to refuse a malformed entry at startup rather than at the first webhook.
      .map((host) => {
        parseAllowedHost(host);
        return host;
      }),
    deliveryTimeoutMs: readInteger(env, 'WEBHOOK_DELIVERY_TIMEOUT_MS'),
    pollIntervalMs: readInteger(env, 'WEBHOOK_POLL_INTERVAL_MS'),
  };
}
