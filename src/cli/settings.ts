import { ConfigFile, configPath } from './config-file.js';
import { UsageError } from './cli-errors.js';
import { readSetting, type Env } from '../settings/read-setting.js';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';
/** The public client the identity service registers for the CLI's device flow. */
export const DEFAULT_CLIENT_ID = 'tracewell-cli';

/** The options every command accepts (declared once on the root program). */
export interface GlobalOptions {
  baseUrl?: string;
  apiKey?: string;
  token?: string;
  project?: string;
  json?: boolean;
  quiet?: boolean;
}

export interface Settings {
  baseUrl: string;
  /** A public API key (`tw_pk_…`), sent as x-api-key. */
  apiKey?: string;
  /** A bearer token (`tw_sa_…` service account or `tw_at_…` access token). */
  token?: string;
  projectId?: string;
  clientId: string;
  json: boolean;
  quiet: boolean;
  config: ConfigFile;
}

const nonEmpty = (value: string | undefined): string | undefined => (value && value.trim() !== '' ? value.trim() : undefined);

function normalizeBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--base-url must be an http(s) URL; got ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--base-url must be an http(s) URL; got ${raw}`);
  return url.toString().replace(/\/+$/, '');
}

/** Flags win over environment variables, which win over the user config file, which wins over defaults. */
export function resolveSettings(options: GlobalOptions, env: Env): Settings {
  const config = new ConfigFile(configPath(env));
  const stored = config.read();
  const baseUrl = normalizeBaseUrl(nonEmpty(options.baseUrl) ?? nonEmpty(readSetting(env, 'TRACEWELL_BASE_URL')) ?? stored.baseUrl ?? DEFAULT_BASE_URL);
  const apiKey = nonEmpty(options.apiKey) ?? nonEmpty(readSetting(env, 'TRACEWELL_API_KEY'));
  const token = nonEmpty(options.token) ?? nonEmpty(readSetting(env, 'TRACEWELL_TOKEN'));
  if (apiKey && token) throw new UsageError('give either an API key (--api-key / TRACEWELL_API_KEY) or a token (--token / TRACEWELL_TOKEN), not both');
  const projectId = nonEmpty(options.project) ?? nonEmpty(readSetting(env, 'TRACEWELL_PROJECT_ID')) ?? stored.sessions?.[baseUrl]?.projectId ?? stored.projectId ?? undefined;
  return {
    baseUrl,
    apiKey,
    token,
    projectId,
    clientId: nonEmpty(readSetting(env, 'TRACEWELL_OAUTH_CLIENT_ID')) ?? DEFAULT_CLIENT_ID,
    json: options.json === true,
    quiet: options.quiet === true,
    config,
  };
}
