import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { forEachAdapter } from '../support/adapters.js';
import { PASSWORD, startListeningServer, type ListeningServer } from './oauth-fixture.js';
import { CALLBACK_PAGE_TEXT, closePage, launchEnforcingBrowser, startCallbackServer, within, type CallbackServer } from './oauth-browser.js';

const CLIENT_NAME = 'Claude Code (test)';

/**
 * What an MCP client keeps (Claude Code, Cursor): the SDK registers it, and redirectToAuthorization
 * opens the authorization URL in the user's browser — here a Chromium page.
 */
class BrowserOAuthProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  opened: URL | null = null;

  constructor(
    private readonly page: Page,
    private readonly callbackPort: number,
  ) {}

  get redirectUrl(): string {
    return `http://127.0.0.1:${this.callbackPort}/callback`;
  }

  get clientMetadata(): OAuthClientMetadata {
    return { client_name: CLIENT_NAME, redirect_uris: [this.redirectUrl], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
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
    this.opened = url;
    await this.page.goto(url.toString());
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }
}

forEachAdapter((adapter) => {
  describe('MCP sign-in with the official SDK client through Chromium (discovery → registration → sign-in → consent → loopback callback → tools)', function () {
    this.timeout(60_000);
    let fixture: ListeningServer;
    let browser: Awaited<ReturnType<typeof launchEnforcingBrowser>>;
    let page: Page;
    let callback: CallbackServer;
    let passwordsTyped: number;

    before(async () => {
      browser = await launchEnforcingBrowser();
    });
    after(async () => browser.close());
    beforeEach(async () => {
      fixture = await startListeningServer(adapter);
      callback = await startCallbackServer();
      page = await browser.context.newPage();
      passwordsTyped = 0;
    });
    afterEach(async () => {
      await closePage(page);
      await callback.close();
      await fixture.close();
    });

    /** The SDK's first connect: it discovers, registers and opens the consent page, then stops for the user. */
    async function startSignIn(provider: BrowserOAuthProvider, url: URL): Promise<StreamableHTTPClientTransport> {
      const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
      const refused = await new Client({ name: 'sdk-browser', version: '1.0.0' }).connect(transport).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused, 'the first connect waits for the user').to.be.instanceOf(UnauthorizedError);
      return transport;
    }

    async function typeCredentials(): Promise<void> {
      await page.fill('input[name=email]', fixture.server.tenant.user.email);
      await page.fill('input[name=password]', PASSWORD);
      passwordsTyped++;
    }

    /** The code the browser delivered to the loopback listener, handed to the SDK; then a connected client. */
    async function finish(provider: BrowserOAuthProvider, transport: StreamableHTTPClientTransport, url: URL): Promise<Client> {
      const back = await within(callback.received, 10_000, 'the browser did not reach the callback');
      expect(back.searchParams.get('state')).to.equal(provider.opened!.searchParams.get('state'));
      expect(back.searchParams.get('iss')).to.equal(fixture.baseUrl);
      await page.waitForURL(`${provider.redirectUrl}?**`);
      expect(await page.locator('p').textContent()).to.equal(CALLBACK_PAGE_TEXT);
      await transport.finishAuth(back.searchParams.get('code')!);
      const client = new Client({ name: 'sdk-browser', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
      return client;
    }

    it('signs in with email and password on the consent page, lands on the client callback, and calls tools', async () => {
      const url = new URL(`${fixture.baseUrl}/mcp`);
      const provider = new BrowserOAuthProvider(page, callback.port);
      const transport = await startSignIn(provider, url);

      // Discovery and registration happened before the page opened.
      expect(provider.client?.client_id).to.match(/^mcp_/);
      expect(provider.opened!.origin + provider.opened!.pathname).to.equal(`${fixture.baseUrl}/oauth/authorize`);
      expect(provider.opened!.searchParams.get('redirect_uri')).to.equal(provider.redirectUrl);

      // What the person sees.
      expect(await page.title()).to.equal('Authorize access · Tracewell');
      expect(await page.locator('h1').textContent()).to.equal('Authorize access');
      expect(await page.locator('p').first().textContent()).to.equal(`${CLIENT_NAME} asks for access to your Tracewell account for ${fixture.baseUrl}/mcp. It will be able to:`);
      // Each scope in plain words (src/auth/scope-descriptions.ts), its raw name kept beside them.
      expect(await page.locator('li').allInnerTexts()).to.deep.equal([
        'Know which project it works in\nthe project’s name, organization and settings context:read',
        'Read traces\ntraces, spans, sessions, search, detections, fixes and alerts observability:read',
      ]);
      expect(await page.locator('label').allTextContents()).to.deep.equal(['Email ', 'Password ']);
      await typeCredentials();
      await page.click('button[value=approve]');

      const client = await finish(provider, transport, url);
      const tools = (await client.listTools()).tools.map((tool) => tool.name);
      expect(tools).to.include.members(['whoami', 'search_traces']);
      const whoami = await client.callTool({ name: 'whoami' });
      expect(whoami.isError ?? false).to.equal(false);
      expect(whoami.structuredContent).to.deep.equal({ project_id: fixture.server.tenant.project.id, org_id: fixture.server.tenant.organization.id, project_name: 'Alpha Project' });
      expect((await client.callTool({ name: 'search_traces', arguments: { query: 'nothing' } })).structuredContent).to.deep.include({ total_count: 0 });
      expect(passwordsTyped).to.equal(1);
      await client.close();
    });

    it('asks a user with two projects for the password once: the project step carries the sign-in, and the token works in the chosen project', async () => {
      const { server } = fixture;
      const second = await server.runtime.services.provisioning.createProject(server.tenant.organization.id, 'Second Project');
      const url = new URL(`${fixture.baseUrl}/mcp`);
      const provider = new BrowserOAuthProvider(page, callback.port);
      const transport = await startSignIn(provider, url);

      await typeCredentials();
      await page.click('button[value=approve]');
      await page.waitForSelector('select[name=project_id]');
      expect(await page.locator('p.error').textContent()).to.equal('Choose the project this connection works in.');
      expect(await page.locator('select[name=project_id] option').allTextContents()).to.have.members([`Alpha Project (${server.tenant.project.id})`, `Second Project (${second.id})`]);
      expect(await page.locator('input[type=password]').count(), 'the project step asks for no password').to.equal(0);
      await page.selectOption('select[name=project_id]', second.id);
      await page.click('button[value=approve]');

      const client = await finish(provider, transport, url);
      expect((await client.callTool({ name: 'whoami' })).structuredContent).to.deep.include({ project_id: second.id, project_name: 'Second Project' });
      expect(passwordsTyped).to.equal(1);
      await client.close();
    });
  });
});
