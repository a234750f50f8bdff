import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { PASSWORD, startListeningServer, type ListeningServer } from './oauth-fixture.js';
import { CALLBACK_PAGE_TEXT, closePage, cspComplaints, launchEnforcingBrowser, requestTo, startCallbackServer, within, type CallbackServer } from './oauth-browser.js';

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/**
 * The consent page in a real browser, CSP enforced: after Approve (or Deny) Chromium must follow
 * the 302 to the client's redirect URI. With `form-action 'self'` it refused that redirect and the
 * user stayed on the consent page.
 */
forEachAdapter((adapter) => {
  describe('consent page in Chromium: the form answer reaches the registered redirect URI', function () {
    this.timeout(60_000);
    let fixture: ListeningServer;
    let browser: Awaited<ReturnType<typeof launchEnforcingBrowser>>;
    let page: Page;
    let callback: CallbackServer;

    before(async () => {
      browser = await launchEnforcingBrowser();
    });
    after(async () => browser.close());
    beforeEach(async () => {
      fixture = await startListeningServer(adapter);
      callback = await startCallbackServer();
      page = await browser.context.newPage();
    });
    afterEach(async () => {
      // Each part bounded on its own, so a hang names what hung instead of the hook's timeout.
      await closePage(page);
      await within(callback.close(), 15_000, 'the callback listener did not close');
      await within(fixture.close(), 30_000, 'the server did not close');
    });

    /** Registers a client with `registered` and opens its authorization request for `redirectUri` in the page. */
    async function openConsent(registered: string, redirectUri = registered): Promise<void> {
      const res = await fetch(`${fixture.baseUrl}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'Browser Client', redirect_uris: [registered] }) });
      expect(res.status, await res.clone().text()).to.equal(201);
      const { client_id } = (await res.json()) as { client_id: string };
      const url = new URL(`${fixture.baseUrl}/oauth/authorize`);
      url.search = new URLSearchParams({ response_type: 'code', client_id, redirect_uri: redirectUri, scope: 'context:read', state: 'xyz', code_challenge: CHALLENGE, code_challenge_method: 'S256' }).toString();
      await page.goto(url.toString());
      expect(await page.locator('h1').textContent()).to.equal('Authorize access');
    }

    async function approve(password = PASSWORD): Promise<void> {
      await page.fill('input[name=email]', fixture.server.tenant.user.email);
      await page.fill('input[name=password]', password);
      await page.click('button[value=approve]');
    }

    const expectCode = (url: URL | string): void => {
      const query = new URL(url).searchParams;
      expect(query.get('code')).to.match(/^[A-Za-z0-9_-]{20,}$/);
      expect(query.get('state')).to.equal('xyz');
      expect(query.get('iss')).to.equal(fixture.baseUrl);
    };

    it('lands on a loopback callback at 127.0.0.1 on the port of the request, whatever port was registered (RFC 8252 §7.3)', async () => {
      const complaints = cspComplaints(page);
      await openConsent('http://127.0.0.1/callback', `http://127.0.0.1:${callback.port}/callback`);
      await approve();
      expectCode(await within(callback.received, 10_000, 'the callback was not reached'));
      await page.waitForURL(`http://127.0.0.1:${callback.port}/callback?**`);
      expect(await page.locator('p').textContent()).to.equal(CALLBACK_PAGE_TEXT);
      expect(complaints).to.deep.equal([]);
    });

    it('lands on a localhost callback on a random port', async () => {
      await openConsent(`http://localhost:${callback.port}/callback`);
      await approve();
      expectCode(await within(callback.received, 10_000, 'the callback was not reached'));
      expect(new URL(page.url()).host).to.equal(`localhost:${callback.port}`);
    });

    it('goes to an [::1] callback (CSP has no IPv6 host-source: the page allows its scheme)', async () => {
      // Tests listen on 127.0.0.1 only: Chromium's request to [::1] is answered by interception.
      const landed = new Promise<string>((resolve) => {
        void page.route('http://[::1]:*/**', (route) => {
          resolve(route.request().url());
          void route.fulfill({ status: 200, contentType: 'text/html', body: CALLBACK_PAGE_TEXT });
        });
      });
      await openConsent('http://[::1]:43117/callback');
      await approve();
      const url = await within(landed, 10_000, 'Chromium did not go to [::1]');
      expect(url.startsWith('http://[::1]:43117/callback?')).to.equal(true);
      expectCode(url);
    });

    it('goes to an https redirect URI (intercepted: the test has no network)', async () => {
      const landed = new Promise<string>((resolve) => {
        void page.route('https://app.example/**', (route) => {
          resolve(route.request().url());
          void route.fulfill({ status: 200, contentType: 'text/html', body: CALLBACK_PAGE_TEXT });
        });
      });
      await openConsent('https://app.example/cb');
      await approve();
      const url = await within(landed, 10_000, 'Chromium did not go to https://app.example/cb');
      expect(url.startsWith('https://app.example/cb?')).to.equal(true);
      expectCode(url);
    });

    for (const uri of ['cursor://anysphere.cursor-retrieval/oauth/callback', 'vscode://vscode.github-authentication/did-authenticate']) {
      it(`issues the navigation to the custom scheme ${uri.split(':')[0]}:// (seen on the DevTools protocol)`, async () => {
        const complaints = cspComplaints(page);
        const issued = await requestTo(browser.context, page, `${uri}?`);
        await openConsent(uri);
        await approve();
        expectCode(await issued());
        expect(complaints).to.deep.equal([]);
      });
    }

    it('after a wrong password, the page asks again and the second answer still lands on the callback', async () => {
      await openConsent(`http://127.0.0.1:${callback.port}/callback`);
      await approve('not the password');
      await page.waitForSelector('p.error');
      expect(await page.locator('p.error').textContent()).to.equal('The email or password is wrong.');
      await approve();
      expectCode(await within(callback.received, 10_000, 'the callback was not reached'));
    });

    it('Deny lands on the callback with error=access_denied', async () => {
      await openConsent(`http://127.0.0.1:${callback.port}/callback`);
      await page.click('button[value=deny]');
      const query = (await within(callback.received, 10_000, 'the callback was not reached')).searchParams;
      expect(query.get('error')).to.equal('access_denied');
      expect(query.get('state')).to.equal('xyz');
    });
  });
});
