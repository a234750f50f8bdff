import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { Express } from 'express';

/** Debian's Chromium; .ci/run installs the package when it is missing. No browser is ever downloaded. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CONSOLE_DIST = path.join(ROOT, 'console/dist');
export const ARTIFACTS = path.join(ROOT, 'test-artifacts');

const newestMtime = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const full = path.join(dir, entry.name);
    return Math.max(latest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }, 0);

/** Builds the console when console/dist is missing or older than its sources (npm install builds it too). */
export function ensureConsoleBuilt(): void {
  const index = path.join(CONSOLE_DIST, 'index.html');
  const sources = Math.max(newestMtime(path.join(ROOT, 'console/src')), statSync(path.join(ROOT, 'generated/openapi.ts')).mtimeMs);
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  execFileSync('npm', ['run', 'build:console'], { cwd: ROOT, stdio: 'pipe', timeout: 300_000 });
}

export interface RunningBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * One headless Chromium with a fresh profile (playwright takes it as the persistent context's
 * directory) and no network chatter of its own. CSP is bypassed only so axe can be injected inline;
 * `{ bypassCSP: false }` keeps the pages' own policies, for tests of them.
 */
export async function launchBrowser({ bypassCSP = true, viewport = { width: 1400, height: 900 } }: { bypassCSP?: boolean; viewport?: { width: number; height: number } } = {}): Promise<RunningBrowser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'tracewell-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    bypassCSP,
    viewport,
    // Times and numbers render the same on every machine (the docs' screenshots are compared as files).
    locale: 'en-US',
    timezoneId: 'UTC',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface Listening {
  baseUrl: string;
  close(): Promise<void>;
}

export async function listen(app: Express): Promise<Listening> {
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const AXE_SOURCE = readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  /** CSS selectors of the offending elements, to find them. */
  targets: string[];
}

/** axe-core on the current page: the serious and critical violations (what must be none). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  // A string, not a function: the test program is compiled without the DOM library.
  const violations = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((result) =>
    result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) })))`)) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Where the docs' screenshots live (docs/console.md, README.md). */
export const DOC_IMAGES = path.join(ROOT, 'docs/images');

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
