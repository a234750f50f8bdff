import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { startOidcProvider, type RealProvider } from '../support/oidc-provider-idp.js';
import { ensureConsoleBuilt, launchBrowser, type RunningBrowser } from './browser.js';
import { CONSOLE_PASSWORD } from './console-sign-in.js';

/** A free loopback port, so PUBLIC_BASE_URL (and the callback URI the provider registers) is known before the server starts. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** oidc-provider's development pages: sign in with the email as login (any password), then consent when asked. */
async function passProvider(page: Page, email: string): Promise<void> {
  const login = page.locator('input[name="login"]');
  const consent = page.getByRole('button', { name: 'Continue' });
  await login.or(consent).first().waitFor();
  if (await login.isVisible()) {
    await login.fill(email);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
  }
  if (page.url().includes('/interaction/')) {
    await consent.waitFor();
    await consent.click();
  }
}

forEachAdapter((adapter) => {
  describe('single sign-on in Chromium through oidc-provider (console and CLI device flow)', function () {
    this.timeout(180_000);
    let server: TestServer;
    let idp: RealProvider;
    let http: Server;
    let baseUrl: string;
    let chrome: RunningBrowser;
    let page: Page;
    const domain = `sso${Date.now()}.example`;

    before(async () => {
      ensureConsoleBuilt();
      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      idp = await startOidcProvider(`${baseUrl}/sso/callback`);
      server = await startTestServer(adapter, { env: { PUBLIC_BASE_URL: baseUrl, SSO_ALLOWED_HOSTS: '127.0.0.1:*' } });
      http = createServer(server.app);
      await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', () => resolve()));
      const owner = await server.oauthToken(server.tenant.user.id, ['access:read', 'access:write']);
      const res = await server
        .request()
        .post('/api/v1/public/sso-connections')
        .set('authorization', `Bearer ${owner}`)
        .set('x-project-id', server.tenant.project.id)
        .send({
          issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, allowedDomains: [domain], defaultRole: 'viewer',
          groupRoles: [{ group: 'observability-editors', role: 'member', projectRoles: [{ projectId: server.tenant.project.id, role: 'editor' }] }],
        });
      expect(res.status, res.text).to.equal(201);
      // The pages' own CSP stays on: the sign-in form's form-action must not stop the way to the provider.
      chrome = await launchBrowser({ bypassCSP: false });
      page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
    });
    after(async () => {
      await chrome?.close();
      await new Promise<void>((resolve) => {
        if (!http) return resolve();
        http.closeAllConnections();
        http.close(() => resolve());
      });
      await server?.close();
      await idp?.close();
    });

    it('signs a new person in to the console with "Continue with SSO": provider login and consent, just-in-time member with the mapped roles, the console shows their project', async () => {
      const email = `ada@${domain}`;
      idp.groups.set(email, ['observability-editors']);
      await page.goto(`${baseUrl}/`);
      await page.waitForURL(/\/sign-in/);
      await page.getByLabel('Work email').fill(email);
      await page.getByRole('button', { name: 'Continue with SSO' }).click();
      await page.waitForURL((url) => url.href.startsWith(idp.issuer));
      await passProvider(page, email);
      await page.waitForURL(/\/projects/);
      await page.getByRole('button', { name: `${server.tenant.organization.name} / ${server.tenant.project.name}` }).click();
      await page.waitForURL(/\/traces$/);
      const user = (await server.runtime.store.users.findByEmail(email))!;
      expect(user.name).to.equal('SSO ada');
      expect(await server.runtime.store.organizations.findMemberRole(server.tenant.organization.id, user.id)).to.equal('member');
      expect(await server.runtime.store.projectMembers.findRole(server.tenant.project.id, user.id)).to.equal('editor');
    });

    it('approves a CLI device code through SSO from the verification page; the CLI’s poll gets tokens', async () => {
      const device = (await server.request().post('/oauth/device/code').type('form').send({ client_id: 'tracewell-cli', scope: 'context:read' })).body as { device_code: string; verification_uri_complete: string };
      await page.goto(device.verification_uri_complete);
      await page.getByLabel('Email').fill(`ada@${domain}`);
      await page.getByRole('button', { name: 'Continue with SSO' }).click();
      await page.waitForURL((url) => url.href.startsWith(idp.issuer) || url.pathname === '/sso/callback');
      if (page.url().startsWith(idp.issuer)) await passProvider(page, `ada@${domain}`);
      await page.waitForURL(/\/sso\/callback/);
      await page.getByRole('heading', { name: 'Device connected' }).waitFor();
      const tokens = await server.request().post('/oauth/token').type('form').send({ grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: device.device_code, client_id: 'tracewell-cli' });
      expect(tokens.status, tokens.text).to.equal(200);
      const introspected = await server.request().get('/api/v1/public/project').set('authorization', `Bearer ${tokens.body.access_token}`).set('x-project-id', server.tenant.project.id);
      expect(introspected.status, introspected.text).to.equal(200);
    });

    it('the owner manages the connection and SCIM from organization settings (screenshots for docs/sso.md)', async () => {
      const owner = await chrome.context.newPage();
      await owner.setViewportSize({ width: 1280, height: 900 });
      await owner.goto(`${baseUrl}/sign-in`);
      await owner.getByLabel('Work email').waitFor();
      await owner.screenshot({ path: 'docs/images/sso-sign-in.png' });
      // The owner's password sign-in (the tab before remembered the project, so the console may go straight to it).
      await server.runtime.services.identityProvisioning.setPassword(server.tenant.user.id, CONSOLE_PASSWORD);
      await owner.getByRole('button', { name: 'Sign in with your account' }).click();
      await owner.waitForURL(/\/oauth\/authorize/);
      await owner.getByLabel('Email').fill(server.tenant.user.email);
      await owner.getByLabel('Password').fill(CONSOLE_PASSWORD);
      await owner.getByRole('button', { name: 'Approve' }).click();
      await owner.waitForURL(/\/(projects|traces)$/);
      if (owner.url().endsWith('/projects')) await owner.getByRole('button', { name: `${server.tenant.organization.name} / ${server.tenant.project.name}` }).click();
      await owner.waitForURL(/\/traces$/);
      await owner.goto(`${baseUrl}/settings`);
      await owner.getByRole('link', { name: 'Single sign-on (OpenID Connect)' }).click();
      await owner.getByRole('heading', { name: 'Single sign-on', level: 1 }).waitFor();
      expect(await owner.getByLabel('Issuer URL').inputValue()).to.equal(idp.issuer);
      expect(await owner.getByLabel(/^Group mappings/).inputValue()).to.equal('observability-editors = member');
      await owner.getByRole('checkbox', { name: /Require SSO/ }).check();
      await owner.getByRole('button', { name: 'Save connection' }).click();
      await owner.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      await owner.screenshot({ path: 'docs/images/sso-settings.png', fullPage: true });
      expect((await server.runtime.store.sso.findByOrganization(server.tenant.organization.id))!.requireSso).to.equal(true);
      await owner.goto(`${baseUrl}/settings/scim`);
      await owner.getByRole('button', { name: 'Issue token' }).click();
      const shown = owner.getByRole('status').filter({ hasText: 'shown once' });
      await shown.waitFor();
      expect(await shown.locator('code').innerText()).to.match(/^tw_sc_/);
      await owner.screenshot({ path: 'docs/images/scim-settings.png', fullPage: true });
      await owner.close();
    });
  });
});
