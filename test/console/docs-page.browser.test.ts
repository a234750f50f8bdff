import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { launchBrowser, listen, type Listening, type RunningBrowser } from './browser.js';

/** Records the page's Content-Security-Policy violations in `window.cspViolations`, from before its first script. */
const RECORD_VIOLATIONS = `window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));`;

forEachAdapter((adapter) => {
  describe('GET /docs in Chromium, with its Content-Security-Policy enforced', function () {
    this.timeout(120_000);
    let server: TestServer;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;
    /** Another origin (another port) whose page frames /docs. */
    let framing: Server;
    let framingUrl: string;

    before(async () => {
      server = await startTestServer(adapter);
      http = await listen(server.app);
      framing = createServer((_req, res) => {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(`<!doctype html><title>framing</title><iframe src="${http.baseUrl}/docs" onload="this.dataset.loaded = 'yes'"></iframe>`);
      });
      await new Promise<void>((resolve) => framing.listen(0, '127.0.0.1', resolve));
      framingUrl = `http://127.0.0.1:${(framing.address() as AddressInfo).port}/`;
      chrome = await launchBrowser({ bypassCSP: false });
      await chrome.context.addInitScript({ content: RECORD_VIOLATIONS });
      page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
    });
    after(async () => {
      await chrome?.close();
      framing?.closeAllConnections();
      await new Promise<void>((resolve) => (framing ? framing.close(() => resolve()) : resolve()));
      await http?.close();
      await server?.close();
    });

    it('renders the reference (operations, their search) with nothing the policy blocks', async () => {
      await page.goto(`${http.baseUrl}/docs`);
      await page.getByRole('heading', { name: 'List the traces of the selected project, newest first or in a chosen order.' }).first().waitFor({ state: 'visible', timeout: 30_000 });
      // Redoc's search runs in a worker made from a blob: URL.
      await page.getByPlaceholder('Search...').fill('saved filter');
      await page.locator('[data-role="search:results"]').getByText(/saved filter/i).first().waitFor({ timeout: 15_000 });
      // Redoc's own footer links its logo from its CDN: refused, as the page loads nothing from elsewhere.
      expect(await page.evaluate('window.cspViolations')).to.deep.equal(['img-src https://cdn.redoc.ly/redoc/logo-mini.svg']);
    });

    it('is not shown in a frame of another origin', async () => {
      await page.goto(framingUrl);
      await page.waitForFunction(`document.querySelector('iframe').dataset.loaded === 'yes'`, undefined, { timeout: 15_000 });
      const frame = page.frames().find((f) => f !== page.mainFrame());
      expect(frame, 'the iframe').to.not.equal(undefined);
      // Chromium replaces a refused frame's document with its error page: no Redoc, not the docs URL.
      expect(frame!.url()).to.not.equal(`${http.baseUrl}/docs`);
      expect(await frame!.locator('redoc').count()).to.equal(0);
    });
  });
});
