import type { RatePolicy } from '../ratelimit/rate-limiter.js';
import { readInteger, readSetting, type Env } from '../settings/read-setting.js';

/** Limits and switches of the agent tool server; src/settings/catalog.ts declares the variables. */
export interface ToolServerSettings {
  /** One budget per credential, shared by all its sessions. */
  rateLimit: RatePolicy;
  /** Default per-call timeout; `timeouts` overrides it per tool name. */
  timeoutMs: number;
  timeouts: Record<string, number>;
  /** When set, only these tools are served. */
  enabled: string[] | null;
  /** Never served, even when listed in `enabled`. */
  disabled: string[];
  maxRequestBytes: number;
  /** A tool result serialized above this many bytes is truncated. */
  maxResultBytes: number;
  sessionIdleSeconds: number;
  /** MCP_ALLOWED_ORIGINS: browser origins allowed to call the tool server; null: this server's own origin only. */
  allowedOrigins: string[] | null;
}


const names = (raw: string | undefined): string[] =>
  (raw ?? '').split(',').map((name) => name.trim()).filter((name) => name.length > 0);

/** TOOL_TIMEOUTS=search_traces=30000,log_trace=20000 */
function toolTimeouts(raw: string | undefined): Record<string, number> {
  const timeouts: Record<string, number> = {};
  for (const entry of names(raw)) {
    const match = /^([A-Za-z0-9_.-]+)=(\d+)$/.exec(entry);
    if (!match || Number(match[2]) < 1) throw new Error(`TOOL_TIMEOUTS entries must be name=milliseconds (≥ 1); got ${entry}`);
    timeouts[match[1]] = Number(match[2]);
  }
  return timeouts;
}

function allowedOrigins(raw: string): string[] {
  return names(raw).map((origin) => {
    if (origin === '*') return origin;
    try {
      const url = new URL(origin);
      if (url.origin === 'null' || url.pathname !== '/' || url.search || url.hash) throw new Error('not an origin');
      return url.origin;
    } catch {
      throw new Error(`MCP_ALLOWED_ORIGINS entries must be origins like https://app.example.com (or *); got ${origin}`);
    }
  });
}

export function loadToolServerSettings(env: Env): ToolServerSettings {
  const enabled = readSetting(env, 'TOOLS_ENABLED');
  const origins = readSetting(env, 'MCP_ALLOWED_ORIGINS');
  return {
    rateLimit: { name: 'tools', limit: readInteger(env, 'TOOL_RATE_LIMIT_PER_MINUTE'), windowSeconds: 60 },
    timeoutMs: readInteger(env, 'TOOL_TIMEOUT_MS'),
    timeouts: toolTimeouts(readSetting(env, 'TOOL_TIMEOUTS')),
    enabled: enabled ? names(enabled) : null,
    disabled: names(readSetting(env, 'TOOLS_DISABLED')),
    maxRequestBytes: readInteger(env, 'TOOL_MAX_REQUEST_BYTES'),
    maxResultBytes: readInteger(env, 'TOOL_MAX_RESULT_BYTES'),
    sessionIdleSeconds: readInteger(env, 'TOOL_SESSION_IDLE_SECONDS'),
    allowedOrigins: origins ? allowedOrigins(origins) : null,
  };
}
