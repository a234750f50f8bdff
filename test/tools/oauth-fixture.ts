import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { createApp } from '../../src/app.js';
import type { Dialect } from '../../src/ports/store.js';
import { startTestServer, type TestServer, type TestServerOptions } from '../support/harness.js';

export const PASSWORD = 'correct horse battery staple';

/**
 * The real app listening on 127.0.0.1 with PUBLIC_BASE_URL set to that address, so the resource and
 * issuer an OAuth client discovers are the URL it connects to (as in a deployment).
 */
export interface ListeningServer {
  server: TestServer;
  baseUrl: string;
  close(): Promise<void>;
}

export async function startListeningServer(adapter: Dialect, options: TestServerOptions & { injectHeaders?: Record<string, string> } = {}): Promise<ListeningServer> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  // injectHeaders: a credential for clients that cannot send one (the conformance suite), as a client config's headers would.
  const http: Server = createServer((req, res) => {
    for (const [name, value] of Object.entries(options.injectHeaders ?? {})) req.headers[name] ??= value;
    handler!(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const server = await startTestServer(adapter, { ...options, env: { PUBLIC_BASE_URL: baseUrl, ...options.env } });
  handler = createApp(server.runtime);
  await server.runtime.services.identityProvisioning.setPassword(server.tenant.user.id, PASSWORD);
  return {
    server,
    baseUrl,
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await server.close();
    },
  };
}

const unescapeHtml = (value: string): string =>
  value.replace(/&(amp|lt|gt|quot|#39);/g, (_m, entity: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[entity]!);

/** The hidden fields and project choices of the server's consent page. */
export function consentForm(html: string): { hidden: Record<string, string>; projects: string[] } {
  const hidden: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) hidden[unescapeHtml(match[1])] = unescapeHtml(match[2]);
  const projects = [...html.matchAll(/<option value="([^"]*)">/g)].map((match) => unescapeHtml(match[1]));
  return { hidden, projects };
}

/**
 * A user at the server's own login page: opens the authorization URL, fills in email and password
 * (and the project, when asked), approves, and returns the redirect the browser would follow.
 */
export async function approveInBrowser(authorizationUrl: URL, email: string, password = PASSWORD, projectId?: string): Promise<URL> {
  const page = await fetch(authorizationUrl);
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${await page.text()}`);
  const { hidden } = consentForm(await page.text());
  const form = new URLSearchParams({ ...hidden, email, password, decision: 'approve', ...(projectId ? { project_id: projectId } : {}) });
  const action = new URL('/oauth/authorize', authorizationUrl);
  const answer = await fetch(action, { method: 'POST', body: form, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  if (answer.status !== 302) throw new Error(`consent answered ${answer.status}: ${await answer.text()}`);
  return new URL(answer.headers.get('location')!);
}

/**
 * An OAuthClientProvider as an MCP client keeps it (Claude Code, Cursor): it registers dynamically,
 * sends the user to the authorization URL, and stores what it gets. Here the "browser" is
 * approveInBrowser, and the callback's code is kept for finishAuth.
 */
export class TestOAuthProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  lastAuthorizationUrl: URL | null = null;
  code: string | null = null;
  /** Set: the client identifies itself by this metadata document URL instead of registering. */
  clientMetadataUrl?: string;

  constructor(
    private readonly email: string,
    private readonly redirect = 'http://127.0.0.1:33418/callback',
    private readonly projectId?: string,
  ) {}

  get redirectUrl(): string {
    return this.redirect;
  }

  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'Tracewell test client', redirect_uris: [this.redirect], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.client;
  }

  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.client = info;
  }

  tokens(): OAuthTokens | undefined {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    this.lastAuthorizationUrl = url;
    const back = await approveInBrowser(url, this.email, PASSWORD, this.projectId);
    this.code = back.searchParams.get('code');
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }
}
