import type { IncomingHttpHeaders } from 'node:http';

/**
 * DNS-rebinding defence of the tool server (MCP transport security): a browser page on another
 * site may reach a server on the user's machine, but it cannot hide its Origin, and a rebound name
 * still arrives in Host. So a request whose Origin is not allowed is refused, and, when the server
 * listens on loopback only, so is a request whose Host names anything but this machine.
 */
export interface OriginPolicy {
  /** Allowed Origin values (scheme://host[:port], lower case). Requests without Origin (non-browser clients) pass. */
  allowedOrigins: ReadonlySet<string>;
  /** Host names accepted when bound to loopback; null when bound elsewhere (a proxy decides Host then). */
  loopbackHostnames: ReadonlySet<string> | null;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const isLoopbackHost = (host: string): boolean => host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);

/** The origin of a URL: scheme://host[:port], as browsers send it. */
const originOf = (raw: string): string => new URL(raw).origin.toLowerCase();

/**
 * The default allows this server's own origin (PUBLIC_BASE_URL) and none other — on loopback also
 * its aliases on the same port (localhost, 127.0.0.1, [::1]), which name the same server.
 * MCP_ALLOWED_ORIGINS replaces the list (comma-separated origins; `*` allows any origin).
 */
export function originPolicy(publicBaseUrl: string, bindHost: string, configured: readonly string[] | null): OriginPolicy {
  const base = new URL(publicBaseUrl);
  const own = new Set([originOf(publicBaseUrl)]);
  if (isLoopbackHost(base.hostname)) {
    for (const name of LOOPBACK_NAMES) own.add(originOf(`${base.protocol}//${name}${base.port ? `:${base.port}` : ''}`));
  }
  const allowedOrigins = configured ? new Set(configured.map((origin) => (origin === '*' ? '*' : originOf(origin)))) : own;
  const loopbackHostnames = isLoopbackHost(bindHost) ? new Set([...LOOPBACK_NAMES, base.hostname.toLowerCase()]) : null;
  return { allowedOrigins, loopbackHostnames };
}

/** Why the request is refused, or null when it may proceed. */
export function originRefusal(policy: OriginPolicy, headers: IncomingHttpHeaders): string | null {
  const origin = headers.origin;
  if (typeof origin === 'string' && !policy.allowedOrigins.has('*') && !policy.allowedOrigins.has(origin.toLowerCase())) {
    return `Origin ${origin.slice(0, 200)} is not allowed to use this tool server (MCP_ALLOWED_ORIGINS).`;
  }
  if (policy.loopbackHostnames) {
    const host = (headers.host ?? '').toLowerCase();
    const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
    if (!policy.loopbackHostnames.has(hostname)) {
      return `Host ${host.slice(0, 200) || '(none)'} is not this server: it listens on loopback and answers only to localhost, 127.0.0.1, [::1] and its PUBLIC_BASE_URL host.`;
    }
  }
  return null;
}
