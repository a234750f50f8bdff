import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { hashToken, issueToken } from '../../src/auth/tokens.js';
import { forEachAdapter } from '../support/adapters.js';
import { approveInBrowser, consentForm, PASSWORD, startListeningServer, TestOAuthProvider, type ListeningServer } from './oauth-fixture.js';

/** Connects the SDK client with OAuth: the first connect runs discovery, registration and the code flow. */
async function connectWithOAuth(fixture: ListeningServer, provider: TestOAuthProvider): Promise<Client> {
  const url = new URL(`${fixture.baseUrl}/mcp`);
  const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
  const client = new Client({ name: 'oauth-e2e', version: '1.0.0' });
  const refused = await client.connect(first).then(
    () => null,
    (error: unknown) => error,
  );
  expect(refused, 'the first connect needs the user').to.be.instanceOf(UnauthorizedError);
  expect(provider.code, 'the login page redirected with a code').to.be.a('string');
  await first.finishAuth(provider.code!);
  const connected = new Client({ name: 'oauth-e2e', version: '1.0.0' });
  await connected.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
  return connected;
}

forEachAdapter((adapter) => {
  describe('MCP authorization with the official SDK client (discovery → registration → code + PKCE)', () => {
    let fixture: ListeningServer;

    beforeEach(async () => {
      fixture = await startListeningServer(adapter);
    });

    afterEach(async () => {
      await fixture.close();
    });

    it('connects with nothing but the URL: registers itself, signs in on the server login page, and calls tools in the one project of the user', async () => {
      const { tenant } = fixture.server;
      const provider = new TestOAuthProvider(tenant.user.email);
      const client = await connectWithOAuth(fixture, provider);

      // What the SDK did, read back: a dynamic public client, a token for the tool server with the default read scopes.
      expect(provider.client?.client_id).to.match(/^mcp_/);
      expect(provider.lastAuthorizationUrl!.searchParams.get('resource')).to.equal(`${fixture.baseUrl}/mcp`);
      // The challenge's scope: the default read scopes.
      expect(provider.lastAuthorizationUrl!.searchParams.get('scope')).to.equal('context:read observability:read');
      expect(provider.saved?.scope).to.equal('context:read observability:read');

      const whoami = await client.callTool({ name: 'whoami' });
      expect(whoami.structuredContent).to.deep.equal({ project_id: tenant.project.id, org_id: tenant.organization.id, project_name: 'Alpha Project' });
      expect((await client.callTool({ name: 'search_traces', arguments: { query: 'nothing' } })).structuredContent).to.deep.include({ total_count: 0 });
      await client.close();
    });

    it('refreshes an expired access token of a grant with offline_access: the new token keeps the resource, the project and the session', async () => {
      const short = await startListeningServer(adapter, { env: { OAUTH_ACCESS_TOKEN_TTL_SECONDS: '60' } });
      try {
        const { server, baseUrl } = short;
        const provider = new TestOAuthProvider(server.tenant.user.email);
        const { client_id } = (await (await fetch(`${baseUrl}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(provider.clientMetadata) })).json()) as { client_id: string };
        const url = new URL(`${baseUrl}/oauth/authorize`);
        url.search = new URLSearchParams({
          response_type: 'code',
          client_id,
          redirect_uri: provider.redirectUrl,
          scope: 'context:read observability:read offline_access',
          resource: `${baseUrl}/mcp`,
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
        }).toString();
        const back = await approveInBrowser(url, server.tenant.user.email);
        const tokens = (await (
          await fetch(`${baseUrl}/oauth/token`, {
            method: 'POST',
            body: new URLSearchParams({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: provider.redirectUrl, client_id, code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', resource: `${baseUrl}/mcp` }),
          })
        ).json()) as { access_token: string; refresh_token: string; token_type: string; expires_in: number; scope: string };
        expect(tokens.refresh_token).to.match(/^tw_rt_/);
        // The client already holds the grant (as after an earlier sign-in); the SDK refreshes on its own.
        provider.client = { client_id, issuer: baseUrl } as typeof provider.client;
        provider.saved = { ...tokens, issuer: baseUrl } as typeof provider.saved;
        const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { authProvider: provider });
        const client = new Client({ name: 'refresh', version: '1' });
        await client.connect(transport);
        const session = transport.sessionId;
        server.clock.advance(61_000);
        expect((await client.callTool({ name: 'whoami' })).structuredContent).to.deep.include({ project_id: server.tenant.project.id });
        expect(provider.code, 'no second sign-in').to.equal(null);
        expect(provider.saved!.access_token).not.to.equal(tokens.access_token);
        expect(provider.saved!.refresh_token).not.to.equal(tokens.refresh_token);
        expect(transport.sessionId, 'the session survives the refresh').to.equal(session);
        const rest = await fetch(`${baseUrl}/api/v1/public/project`, { headers: { authorization: `Bearer ${provider.saved!.access_token}`, 'x-project-id': server.tenant.project.id } });
        expect(rest.status, 'still a tool server token').to.equal(401);
        await client.close();
      } finally {
        await short.close();
      }
    });

    it('refuses the tool server token at the REST API (RFC 8707: another audience) and accepts it at /mcp only', async () => {
      const provider = new TestOAuthProvider(fixture.server.tenant.user.email);
      const client = await connectWithOAuth(fixture, provider);
      await client.close();
      const rest = await fetch(`${fixture.baseUrl}/api/v1/public/project`, {
        headers: { authorization: `Bearer ${provider.saved!.access_token}`, 'x-project-id': fixture.server.tenant.project.id },
      });
      expect(rest.status).to.equal(401);
      expect(((await rest.json()) as { code: string }).code).to.equal('PUBLIC_API_INVALID_CREDENTIAL');
    });

    it('refuses at /mcp a token minted for another resource with 401 invalid_token and the metadata challenge', async () => {
      const { server } = fixture;
      const token = issueToken('oauthAccess');
      await server.runtime.store.oauthTokens.create({
        id: randomUUID(),
        tokenHash: hashToken(token),
        userId: server.tenant.user.id,
        clientId: 'elsewhere',
        scopes: ['context:read', 'observability:read'],
        host: '127.0.0.1',
        resource: 'https://other.example/mcp',
        projectId: server.tenant.project.id,
        expiresAt: new Date(server.clock.now().getTime() + 3_600_000),
        createdAt: server.clock.now(),
      });
      const res = await fetch(`${fixture.baseUrl}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } }),
      });
      expect(res.status).to.equal(401);
      expect(res.headers.get('www-authenticate')).to.equal(
        `Bearer realm="tracewell", resource_metadata="${fixture.baseUrl}/.well-known/oauth-protected-resource/mcp", scope="context:read observability:read", error="invalid_token", error_description="The credential is invalid, expired or revoked."`,
      );
      expect(((await res.json()) as { id: number }).id).to.equal(7);
    });

    it('asks a user with several projects to choose one, and binds the token to it', async () => {
      const { server } = fixture;
      const second = await server.runtime.services.provisioning.createProject(server.tenant.organization.id, 'Second Project');
      const provider = new TestOAuthProvider(server.tenant.user.email, 'http://127.0.0.1:33418/callback', second.id);
      // Without a choice the page asks again, listing the projects.
      const url = new URL(`${fixture.baseUrl}/oauth/authorize`);
      const client = await connectWithOAuth(fixture, provider);
      expect((await client.callTool({ name: 'whoami' })).structuredContent).to.deep.include({ project_id: second.id });
      await client.close();

      const { hidden } = consentForm(await (await fetch(provider.lastAuthorizationUrl!)).text());
      const unchosen = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({ ...hidden, email: server.tenant.user.email, password: PASSWORD, decision: 'approve' }),
      });
      expect(unchosen.status).to.equal(200);
      expect(consentForm(await unchosen.text()).projects.sort()).to.deep.equal([server.tenant.project.id, second.id].sort());
    });

    it('refuses an authorization request for a resource this server does not protect (invalid_target)', async () => {
      const provider = new TestOAuthProvider(fixture.server.tenant.user.email);
      const registration = await fetch(`${fixture.baseUrl}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(provider.clientMetadata) });
      const { client_id } = (await registration.json()) as { client_id: string };
      const url = new URL(`${fixture.baseUrl}/oauth/authorize`);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id,
        redirect_uri: provider.redirectUrl,
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        resource: 'https://evil.example/mcp',
        state: 's',
      }).toString();
      const answer = await fetch(url, { redirect: 'manual' });
      expect(answer.status).to.equal(302);
      const back = new URL(answer.headers.get('location')!);
      expect(back.searchParams.get('error')).to.equal('invalid_target');
      expect(back.searchParams.get('state')).to.equal('s');
    });

    it('grants a write scope after a step-up: the 403 insufficient_scope leads the SDK to ask again with observability:write', async () => {
      const { server } = fixture;
      const provider = new TestOAuthProvider(server.tenant.user.email);
      const client = await connectWithOAuth(fixture, provider);
      const firstToken = provider.saved!.access_token;
      // The SDK transport re-authorizes on 403 insufficient_scope and retries; our provider approves at once.
      const logged = await client
        .callTool({ name: 'log_trace', arguments: { name: 'after step-up' } })
        .then((result) => ({ result }), (error: Error) => ({ error }));
      if ('error' in logged) {
        // Older transports stop at UnauthorizedError: finish the new grant and retry.
        expect(logged.error).to.be.instanceOf(UnauthorizedError);
      }
      expect(provider.lastAuthorizationUrl!.searchParams.get('scope')).to.equal('context:read observability:read observability:write');
      expect(provider.code).to.be.a('string');
      expect(firstToken).to.be.a('string');
      await client.close();
    });
  });

  describe('POST /oauth/register (RFC 7591)', () => {
    let fixture: ListeningServer;

    beforeEach(async () => {
      fixture = await startListeningServer(adapter, { env: { OAUTH_REGISTRATIONS_PER_HOUR: '3', OAUTH_DYNAMIC_CLIENT_IDLE_DAYS: '1' } });
    });

    afterEach(async () => {
      await fixture.close();
    });

    const register = (body: unknown) => fetch(`${fixture.baseUrl}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

    it('registers a public client with loopback and custom-scheme redirect URIs (201), whatever auth method it asked for', async () => {
      const res = await register({ client_name: 'Cursor', redirect_uris: ['http://localhost:6274/oauth/callback', 'cursor://anysphere.cursor-retrieval/oauth/callback'], token_endpoint_auth_method: 'client_secret_post' });
      expect(res.status).to.equal(201);
      expect(res.headers.get('cache-control')).to.equal('no-store');
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).to.deep.include({
        client_name: 'Cursor',
        redirect_uris: ['http://localhost:6274/oauth/callback', 'cursor://anysphere.cursor-retrieval/oauth/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        client_id_issued_at: Math.floor(fixture.server.clock.now().getTime() / 1000),
      });
      expect(body).not.to.have.property('client_secret');
    });

    for (const [uri, reason] of [
      ['http://example.com/callback', 'http redirect URIs must be loopback'],
      ['javascript:alert(1)', 'The scheme javascript: is not a redirect target.'],
      ['https://app.example/cb#frag', 'A redirect URI has no fragment'],
      ['not a uri', 'is not an absolute URI'],
    ]) {
      it(`refuses the redirect URI ${uri} with 400 invalid_redirect_uri`, async () => {
        const res = await register({ redirect_uris: [uri] });
        expect(res.status).to.equal(400);
        const body = (await res.json()) as { error: string; error_description: string };
        expect(body.error).to.equal('invalid_redirect_uri');
        expect(body.error_description).to.contain(reason);
      });
    }

    it('refuses a body without redirect_uris, and a grant other than authorization_code and refresh_token', async () => {
      expect(((await (await register({ client_name: 'x' })).json()) as { error: string }).error).to.equal('invalid_redirect_uri');
      const res = await register({ redirect_uris: ['http://127.0.0.1/cb'], grant_types: ['client_credentials'] });
      expect(res.status).to.equal(400);
      expect(((await res.json()) as { error: string }).error).to.equal('invalid_client_metadata');
    });

    it('answers a body that is no JSON object with 400 invalid_client_metadata, and one above 16 KB with 413, never a Problem', async () => {
      for (const body of ['{', 'null', '[]']) {
        const res = await fetch(`${fixture.baseUrl}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        expect(res.status, body).to.equal(400);
        expect(((await res.json()) as { error: string }).error, body).to.equal('invalid_client_metadata');
      }
      const large = await fetch(`${fixture.baseUrl}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'x'.repeat(20_000) }) });
      expect(large.status).to.equal(413);
      expect(((await large.json()) as { error: string }).error).to.equal('invalid_client_metadata');
    });

    it('limits registrations per address (OAUTH_REGISTRATIONS_PER_HOUR): the fourth within the hour is 429 with Retry-After', async () => {
      for (let i = 0; i < 3; i++) expect((await register({ redirect_uris: ['http://127.0.0.1/cb'] })).status).to.equal(201);
      const res = await register({ redirect_uris: ['http://127.0.0.1/cb'] });
      expect(res.status).to.equal(429);
      expect(Number(res.headers.get('retry-after'))).to.be.greaterThan(0);
      expect(((await res.json()) as { error: string }).error).to.equal('slow_down');
    });

    it('deletes registrations unused for OAUTH_DYNAMIC_CLIENT_IDLE_DAYS on the scheduler, once an hour, and keeps a newer one', async () => {
      const { server } = fixture;
      const { client_id: idle } = (await (await register({ redirect_uris: ['http://127.0.0.1/cb'] })).json()) as { client_id: string };
      server.clock.advance(12 * 3600 * 1000);
      const { client_id: fresh } = (await (await register({ redirect_uris: ['http://127.0.0.1/cb'] })).json()) as { client_id: string };
      server.clock.advance(12 * 3600 * 1000 + 1000);
      await server.runtime.scheduler.tick();
      expect(await server.runtime.store.oauthClients.findById(idle)).to.equal(null);
      expect(await server.runtime.store.oauthClients.findById(fresh)).not.to.equal(null);
    });

    it('forgets a registration unused for OAUTH_DYNAMIC_CLIENT_IDLE_DAYS: its authorization requests then fail as an unknown client, and a later registration deletes it', async () => {
      const { client_id } = (await (await register({ redirect_uris: ['http://127.0.0.1/cb'] })).json()) as { client_id: string };
      const authorize = () =>
        fetch(`${fixture.baseUrl}/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id, redirect_uri: 'http://127.0.0.1:5000/cb', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' })}`);
      expect((await authorize()).status).to.equal(200);
      fixture.server.clock.advance(24 * 3600 * 1000);
      const gone = await authorize();
      expect(gone.status).to.equal(400);
      expect(await gone.text()).to.contain('Unknown or missing client_id.');
      expect(await fixture.server.runtime.store.oauthClients.findById(client_id)).not.to.equal(null);
      await register({ redirect_uris: ['http://127.0.0.1/cb'] });
      expect(await fixture.server.runtime.store.oauthClients.findById(client_id)).to.equal(null);
    });
  });

  describe('GET /.well-known/oauth-protected-resource (RFC 9728) and the authorization server metadata', () => {
    let fixture: ListeningServer;

    before(async () => {
      fixture = await startListeningServer(adapter);
    });

    after(async () => {
      await fixture.close();
    });

    it('describes the tool server in the path form, naming this server as authorization server and the MCP scopes', async () => {
      const res = await fetch(`${fixture.baseUrl}/.well-known/oauth-protected-resource/mcp`);
      expect(res.status).to.equal(200);
      expect(res.headers.get('access-control-allow-origin')).to.equal('*');
      expect(await res.json()).to.deep.equal({
        resource: `${fixture.baseUrl}/mcp`,
        authorization_servers: [fixture.baseUrl],
        scopes_supported: ['context:read', 'observability:read', 'observability:write', 'offline_access'],
        bearer_methods_supported: ['header'],
        resource_name: 'Tracewell MCP tool server',
        resource_documentation: `${fixture.baseUrl}/docs`,
      });
    });

    it('describes the whole service at the root', async () => {
      const body = (await (await fetch(`${fixture.baseUrl}/.well-known/oauth-protected-resource`)).json()) as Record<string, unknown>;
      expect(body.resource).to.equal(fixture.baseUrl);
      expect(body.authorization_servers).to.deep.equal([fixture.baseUrl]);
      expect(body.scopes_supported).to.include('organization:read');
    });

    it('advertises the registration endpoint in the authorization server metadata', async () => {
      const body = (await (await fetch(`${fixture.baseUrl}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
      expect(body.registration_endpoint).to.equal(`${fixture.baseUrl}/oauth/register`);
      expect(body.code_challenge_methods_supported).to.deep.equal(['S256']);
    });

    it('grants the documented default scopes (context:read observability:read) to an authorization request without scope', async () => {
      const provider = new TestOAuthProvider(fixture.server.tenant.user.email);
      const { client_id } = (await (
        await fetch(`${fixture.baseUrl}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(provider.clientMetadata) })
      ).json()) as { client_id: string };
      const url = new URL(`${fixture.baseUrl}/oauth/authorize`);
      url.search = new URLSearchParams({ response_type: 'code', client_id, redirect_uri: provider.redirectUrl, code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' }).toString();
      const back = await approveInBrowser(url, fixture.server.tenant.user.email);
      const token = await fetch(`${fixture.baseUrl}/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: provider.redirectUrl, client_id, code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk' }),
      });
      expect(token.status).to.equal(200);
      expect(((await token.json()) as { scope: string }).scope).to.equal('context:read observability:read');
    });
  });

  describe('Client ID Metadata Documents (MCP 2025-11-25)', () => {
    let fixture: ListeningServer;
    let documents: HttpsServer;
    let documentBase: string;
    const served = new Map<string, unknown>();

    before(async () => {
      // A client's https host with a certificate of its own (self-signed, trusted through OAUTH_CLIENT_METADATA_CA_FILE).
      const dir = mkdtempSync(path.join(tmpdir(), 'cimd-'));
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
      documents = createHttpsServer({ key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) }, (req, res) => {
        const body = served.get(req.url ?? '');
        if (body === undefined) return void res.writeHead(404).end();
        res.writeHead(200, { 'content-type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));
      });
      await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
      documentBase = `https://127.0.0.1:${(documents.address() as AddressInfo).port}`;
      fixture = await startListeningServer(adapter, { env: { OAUTH_CLIENT_METADATA_ALLOWED_HOSTS: '127.0.0.1:*', OAUTH_CLIENT_METADATA_CA_FILE: path.join(dir, 'cert.pem') } });
    });

    after(async () => {
      await fixture.close();
      documents.closeAllConnections();
      await new Promise<void>((resolve) => documents.close(() => resolve()));
    });

    const authorizeUrl = (clientId: string, redirectUri = 'http://127.0.0.1:33418/callback') =>
      `${fixture.baseUrl}/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: redirectUri, code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' })}`;

    it('announces client_id_metadata_document_supported, and the SDK client signs in with its URL as client_id, without registering', async () => {
      const metadata = (await (await fetch(`${fixture.baseUrl}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
      expect(metadata.client_id_metadata_document_supported).to.equal(true);
      const clientId = `${documentBase}/clients/editor.json`;
      served.set('/clients/editor.json', { client_id: clientId, client_name: 'Editor', redirect_uris: ['http://127.0.0.1:33418/callback'], token_endpoint_auth_method: 'none' });
      const provider = new TestOAuthProvider(fixture.server.tenant.user.email);
      provider.clientMetadataUrl = clientId;
      const client = await connectWithOAuth(fixture, provider);
      expect(provider.lastAuthorizationUrl!.searchParams.get('client_id')).to.equal(clientId);
      expect((await client.callTool({ name: 'whoami' })).structuredContent).to.deep.include({ project_id: fixture.server.tenant.project.id });
      await client.close();
      const row = await fixture.server.runtime.store.oauthClients.findById(clientId);
      expect(row).to.deep.include({ name: 'Editor', type: 'public', registration: 'metadata_document' });
    });

    it('shows an error page (never a redirect) when the document names another client_id, lacks the redirect URI, or cannot be fetched', async () => {
      served.set('/clients/liar.json', { client_id: `${documentBase}/clients/other.json`, redirect_uris: ['http://127.0.0.1:33418/callback'] });
      served.set('/clients/narrow.json', { client_id: `${documentBase}/clients/narrow.json`, redirect_uris: ['https://editor.example/cb'] });
      for (const [clientId, text] of [
        [`${documentBase}/clients/liar.json`, 'its client_id is not the URL it was fetched from'],
        [`${documentBase}/clients/narrow.json`, 'redirect_uri is missing or not registered for this client'],
        [`${documentBase}/clients/missing.json`, 'fetching it answered HTTP 404'],
        ['https://169.254.169.254/latest/meta-data', 'cloud metadata address'],
      ]) {
        const res = await fetch(authorizeUrl(clientId), { redirect: 'manual' });
        expect(res.status, clientId).to.equal(400);
        expect(await res.text(), clientId).to.contain(text);
      }
    });

    it('refuses a document host on a private address unless OAUTH_CLIENT_METADATA_ALLOWED_HOSTS names it', async () => {
      const strict = await startListeningServer(adapter);
      try {
        const res = await fetch(`${strict.baseUrl}/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: `${documentBase}/clients/editor.json`, redirect_uri: 'http://127.0.0.1:33418/callback', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' })}`);
        expect(res.status).to.equal(400);
        expect(await res.text()).to.contain('non-public address');
      } finally {
        await strict.close();
      }
    });
  });
});
