import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, type RunningBrowser } from '../console/browser.js';

/**
 * Headless Chromium that enforces Content-Security-Policy (the console harness bypasses it to inject
 * axe; here the policy is what is under test): the console harness's browser with its policies kept.
 */
export const launchEnforcingBrowser = (): Promise<RunningBrowser> => launchBrowser({ bypassCSP: false });

export const CALLBACK_PAGE_TEXT = 'Signed in to Tracewell. You can close this tab.';

/** The loopback listener a native MCP client opens for the redirect (RFC 8252 §7.3), on a port of its own. */
export interface CallbackServer {
  port: number;
  /** Resolves with the first callback request's URL (its query holds code, state, iss or error). */
  received: Promise<URL>;
  close(): Promise<void>;
}

export async function startCallbackServer(): Promise<CallbackServer> {
  let deliver: (url: URL) => void = () => undefined;
  const received = new Promise<URL>((resolve) => (deliver = resolve));
  const server: Server = createServer((req, res) => {
    if (!req.url?.startsWith('/callback')) {
      res.writeHead(404).end();
      return;
    }
    deliver(new URL(req.url, 'http://callback.invalid'));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Done</title><p>${CALLBACK_PAGE_TEXT}</p>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Fails with `what` when `promise` has not settled by the deadline (no fixed sleeps: the wait ends as soon as it settles). */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms)));
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** The Content-Security-Policy complaints Chromium logs on the page (a blocked form redirect shows here). */
export function cspComplaints(page: Page): string[] {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) complaints.push(message.text());
  });
  return complaints;
}

/**
 * Resolves with the first navigation request Chromium issues whose URL starts with `prefix`, read
 * from the DevTools protocol (Network.requestWillBeSent). This is how a custom-scheme redirect
 * (cursor://, vscode://) is observed: Chromium announces the request before it hands the URL to the
 * operating system's protocol handler (none in headless Chromium, so nothing is launched), and it
 * announces none when CSP form-action refuses the redirect.
 */
export async function requestTo(context: BrowserContext, page: Page, prefix: string): Promise<() => Promise<string>> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Promise<string>((resolve) => {
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.request.url.startsWith(prefix)) resolve(event.request.url);
    });
  });
  return () => within(seen, 10_000, `no request to ${prefix}`);
}

/**
 * Closes a page, waiting at most 5 s. Headless Chromium sometimes never acknowledges closing a page
 * whose last navigation went to another origin or scheme (seen 2 runs in 3 on a loaded machine,
 * after every assertion had passed); such a page is ended with its context by the browser's close.
 */
export async function closePage(page: Page): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([page.close(), new Promise<void>((resolve) => (timer = setTimeout(resolve, 5_000)))]).finally(() => clearTimeout(timer));
}
