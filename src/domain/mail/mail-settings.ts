import { readInteger, readSetting, type Env } from '../../settings/read-setting.js';

/** Mail settings from the environment; src/settings/catalog.ts declares each variable. */
export interface MailSettings {
  /** `smtp://user:pass@host:port` or `smtps://…`; undefined → the service sends no mail (links are shown instead). */
  smtpUrl: string | undefined;
  /** The From address of every message. */
  from: string;
  /** Deadline of one SMTP conversation (connect to the server's final answer). */
  timeoutMs: number;
}

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;

export function loadMailSettings(env: Env): MailSettings {
  const smtpUrl = readSetting(env, 'SMTP_URL') || undefined;
  if (smtpUrl) {
    let parsed: URL;
    try {
      parsed = new URL(smtpUrl);
    } catch {
      throw new Error('SMTP_URL must be a URL: smtp://[user:password@]host[:port] or smtps://…');
    }
    if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') throw new Error('SMTP_URL must start with smtp:// or smtps://');
  }
  const from = (readSetting(env, 'SMTP_FROM') || 'Tracewell <tracewell@localhost>').trim();
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from;
  if (!ADDRESS.test(address)) throw new Error('SMTP_FROM must be an address, optionally with a display name: "Name <user@host>"');
  return { smtpUrl, from, timeoutMs: readInteger(env, 'SMTP_TIMEOUT_MS') };
}
