import { OAuthError } from './oauth-error.js';

/**
 * RFC 8707 resource indicators. The service is two protected resources: the whole service (REST API
 * and tool server, `PUBLIC_BASE_URL`) and the MCP tool server alone (`PUBLIC_BASE_URL/mcp`). A token
 * names at most one; a token for the tool server is refused by the REST API, and a request for any
 * other resource is refused at the authorization server (invalid_target).
 */
export class ServedResources {
  readonly service: string;
  readonly mcp: string;

  constructor(publicBaseUrl: string) {
    this.service = canonicalResource(publicBaseUrl);
    this.mcp = canonicalResource(`${this.service}/mcp`);
  }

  /** The canonical form of a requested resource, or invalid_target when this server does not serve it. */
  resolve(raw: string | undefined): string | null {
    if (raw === undefined || raw === '') return null;
    let resource: string;
    try {
      resource = canonicalResource(raw);
    } catch {
      throw new OAuthError('invalid_target', 'resource must be an absolute http(s) URI without a fragment.');
    }
    if (resource !== this.service && resource !== this.mcp) {
      throw new OAuthError('invalid_target', `This server protects ${this.service} and ${this.mcp}; it issues no tokens for ${resource}.`);
    }
    return resource;
  }
}

/**
 * Scheme and host lower-cased (URL does that), no fragment, no trailing slash — the form the MCP
 * specification calls canonical (https://mcp.example.com/mcp); clients send it with or without the slash.
 */
export function canonicalResource(raw: string): string {
  const url = new URL(raw);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hash !== '' || raw.includes('#')) throw new Error('not a resource URI');
  const text = url.href;
  return text.endsWith('/') ? text.slice(0, -1) : text;
}
