import https from 'node:https';
import tls from 'node:tls';
import type { LookupFunction } from 'node:net';
import type { Clock } from '../../clock.js';
import { TtlCache } from '../../auth/ttl-cache.js';
import { isProblemError } from '../../errors.js';
import type { DestinationGuard, VettedDestination } from '../webhooks/destination-guard.js';
import { checkRedirectUri } from './redirect-uris.js';
import { GRANT_AUTHORIZATION_CODE, GRANT_REFRESH_TOKEN } from './oauth-grants.js';
import { OAuthError } from './oauth-error.js';

/** What a client metadata document registers: a public client with these redirect URIs. */
export interface ClientDocument {
  clientId: string;
  name: string;
  redirectUris: string[];
  grantTypes: string[];
}

/** One GET of a vetted https URL: status and body (at most `maxBytes`), or why none came. */
export type DocumentFetch = (destination: VettedDestination, options: { timeoutMs: number; maxBytes: number }) => Promise<{ status: number; body: string }>;

const MAX_CLIENT_ID_LENGTH = 1000;
const MAX_DOCUMENT_BYTES = 16 * 1024;
const FETCH_TIMEOUT_MS = 5_000;
const CACHE_MS = 5 * 60_000;
const CACHE_ENTRIES = 500;

/** https with a path: the form the 2025-11-25 revision gives URL client ids. */
export const isUrlClientId = (clientId: string): boolean => clientId.startsWith('https://');

const invalidClient = (detail: string) => new OAuthError('invalid_request', `Client metadata document: ${detail}`);

/**
 * GETs the document over the connection the SSRF guard vetted (pinned address, no redirects),
 * trusting the system CAs plus `ca` (OAUTH_CLIENT_METADATA_CA_FILE).
 */
export function httpsDocumentFetch(ca?: string): DocumentFetch {
  return ({ url, address }, { timeoutMs, maxBytes }) =>
    new Promise((resolve, reject) => {
      const pinned: LookupFunction = (_hostname, options, callback) => {
        if ((options as { all?: boolean }).all) callback(null, [{ address: address.address, family: address.family }]);
        else callback(null, address.address, address.family);
      };
      const request = https.request(url, { method: 'GET', headers: { accept: 'application/json' }, lookup: pinned, agent: false, timeout: timeoutMs, ...(ca ? { ca: [...tls.rootCertificates, ca] } : {}) }, (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            request.destroy(new Error(`the document is larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      });
      const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      request.on('error', reject);
      request.on('close', () => clearTimeout(deadline));
      request.end();
    });
}

/**
 * Client ID Metadata Documents (MCP 2025-11-25): a client whose client_id is an https URL is
 * described by the JSON document at that URL, fetched by this server. The fetch goes through the
 * webhook SSRF guard (public addresses only unless OAUTH_CLIENT_METADATA_ALLOWED_HOSTS names the host;
 * metadata endpoints never), follows no redirect, reads at most 16 KB within 5 s, and is cached
 * 5 minutes. The document must name itself (`client_id` equal to the URL) and list its redirect URIs
 * under the rules of dynamic registration; such clients are public (PKCE).
 */
export class ClientMetadataDocuments {
  private readonly cache: TtlCache<ClientDocument>;

  constructor(
    private readonly guard: DestinationGuard,
    clock: Clock,
    private readonly fetchDocument: DocumentFetch = httpsDocumentFetch(),
  ) {
    this.cache = new TtlCache(clock, CACHE_MS, CACHE_ENTRIES);
  }

  async load(clientId: string): Promise<ClientDocument> {
    const document = await this.cache.get(clientId, () => this.fetchAndCheck(clientId));
    return document!;
  }

  private async fetchAndCheck(clientId: string): Promise<ClientDocument> {
    if (clientId.length > MAX_CLIENT_ID_LENGTH) throw invalidClient(`the client_id URL is longer than ${MAX_CLIENT_ID_LENGTH} characters.`);
    let url: URL;
    try {
      url = new URL(clientId);
    } catch {
      throw invalidClient('the client_id is not a URL.');
    }
    if (url.protocol !== 'https:' || url.pathname === '/' || url.hash !== '' || clientId.includes('#')) throw invalidClient('the client_id must be an https URL with a path and no fragment.');
    let destination: VettedDestination;
    try {
      destination = await this.guard.vet(clientId);
    } catch (error) {
      if (isProblemError(error)) throw invalidClient(error.detail.replace(/destination/g, 'client_id host'));
      throw error;
    }
    let answer: { status: number; body: string };
    try {
      answer = await this.fetchDocument(destination, { timeoutMs: FETCH_TIMEOUT_MS, maxBytes: MAX_DOCUMENT_BYTES });
    } catch (error) {
      throw invalidClient(`it could not be fetched (${error instanceof Error ? error.message : String(error)}).`);
    }
    if (answer.status !== 200) throw invalidClient(`fetching it answered HTTP ${answer.status}.`);
    let document: unknown;
    try {
      document = JSON.parse(answer.body);
    } catch {
      throw invalidClient('it is not JSON.');
    }
    if (typeof document !== 'object' || document === null || Array.isArray(document)) throw invalidClient('it is not a JSON object.');
    const fields = document as Record<string, unknown>;
    if (fields.client_id !== clientId) throw invalidClient('its client_id is not the URL it was fetched from.');
    if (fields.token_endpoint_auth_method !== undefined && fields.token_endpoint_auth_method !== 'none') {
      throw invalidClient('only public clients (token_endpoint_auth_method none) are supported.');
    }
    if (!Array.isArray(fields.redirect_uris) || fields.redirect_uris.length === 0 || fields.redirect_uris.length > 10) throw invalidClient('redirect_uris must list 1 to 10 URIs.');
    let redirectUris: string[];
    try {
      redirectUris = [...new Set(fields.redirect_uris.map(checkRedirectUri))];
    } catch (error) {
      throw invalidClient(error instanceof OAuthError ? error.message : 'a redirect URI is invalid.');
    }
    const grants = fields.grant_types === undefined ? [GRANT_AUTHORIZATION_CODE, GRANT_REFRESH_TOKEN] : fields.grant_types;
    if (!Array.isArray(grants) || grants.some((grant) => grant !== GRANT_AUTHORIZATION_CODE && grant !== GRANT_REFRESH_TOKEN)) {
      throw invalidClient('grant_types may hold authorization_code and refresh_token only.');
    }
    const name = typeof fields.client_name === 'string' && fields.client_name.trim() !== '' ? fields.client_name.trim().slice(0, 255) : url.host;
    return { clientId, name, redirectUris, grantTypes: [...new Set([GRANT_AUTHORIZATION_CODE, ...(grants as string[])])] };
  }
}
