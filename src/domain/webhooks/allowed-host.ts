import { isIPv6 } from 'node:net';

/** One WEBHOOK_ALLOWED_HOSTS entry: a host and the port it is allowed on. */
export interface AllowedHost {
  /** Lower-case host name or IP literal, IPv6 without brackets. */
  host: string;
  /** A port number, `*` for every port, or `default` for the URL scheme's default port (80/443). */
  port: number | '*' | 'default';
}

/**
 * Parses `host`, `host:port`, `host:*`, `[v6]`, `[v6]:port` or a bare IPv6 literal. A bare host is
 * pinned to the default port: allowing a receiver must not silently allow every service on it.
 */
export function parseAllowedHost(entry: string): AllowedHost {
  const text = entry.trim().toLowerCase();
  if (isIPv6(text)) return { host: text, port: 'default' };
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\*|\d{1,5}))?$/.exec(text);
  if (!match) throw new Error(`WEBHOOK_ALLOWED_HOSTS entry ${entry} is not host, host:port or host:*`);
  const host = match[1].replace(/^\[|\]$/g, '');
  const port = match[2] === undefined ? 'default' : match[2] === '*' ? '*' : Number(match[2]);
  if (typeof port === 'number' && (port < 1 || port > 65535)) throw new Error(`WEBHOOK_ALLOWED_HOSTS entry ${entry} has a port outside 1–65535`);
  return { host, port };
}
