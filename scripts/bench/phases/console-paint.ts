import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { REPO_ROOT } from '../server-process.js';
import { bigTrace } from './big-traces.js';
import type { PhaseContext } from './phase-context.js';

/** Span counts and the first-paint budget of each (issue #53 item 5). */
export const CONSOLE_PAINT_TARGETS = [
  { spans: 1_000, budgetMs: 1_000 },
  { spans: 10_000, budgetMs: 2_000 },
] as const;

/** Full page loads measured per trace after its cold load (which fills the HTTP cache again); the smoke run takes one. */
const LOADS = 5;

export interface ConsolePaintResult {
  spans: number;
  /** Warm loads measured (after the cold one). */
  loads: number;
  budgetMs: number;
  /** A load with an empty HTTP cache (the console's scripts fetched too), in a browser already started. */
  coldMs: number;
  /** Median and worst of LOADS later loads (scripts from the cache, data fetched anew). */
  p50Ms: number;
  maxMs: number;
  /**
   * Median of when the first page of spans had arrived, on the same loads: the rows are drawn from it
   * (the rest of a big trace loads after), so first paint minus this is the console's own work.
   */
  firstSpanPageP50Ms: number;
}

/** One load's figures, read in the page: both from the navigation's start (performance.timeOrigin). */
interface LoadTiming {
  firstRowPaintMs: number;
  firstSpanPageMs: number;
}

/**
 * The waterfall's first row carries `elementtiming="first-span-row"` (console/src/traces/waterfall.tsx):
 * Chromium's Element Timing reports when its text was painted. The span pages are the resource
 * entries of `/traces/{id}/spans`; the first to end is the first page.
 */
const READ_TIMING = `new Promise((resolve) => {
  const firstSpanPage = () => Math.min(...performance.getEntriesByType('resource').filter((e) => /\\/traces\\/[^/]+\\/spans/.test(e.name)).map((e) => e.responseEnd));
  new PerformanceObserver((list, observer) => {
    const entry = list.getEntries().find((e) => e.identifier === 'first-span-row');
    if (!entry) return;
    observer.disconnect();
    resolve({ firstRowPaintMs: entry.renderTime || entry.loadTime, firstSpanPageMs: firstSpanPage() });
  }).observe({ type: 'element', buffered: true });
})`;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function load(page: Page, url: string): Promise<LoadTiming> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator('[role=treeitem]').first().waitFor({ state: 'visible', timeout: 60_000 });
  return (await page.evaluate(READ_TIMING)) as LoadTiming;
}

/** Builds the console when it was never built (a fresh checkout that skipped `npm install`'s prepare). */
function ensureConsole(): void {
  if (!existsSync(path.join(REPO_ROOT, 'console', 'dist', 'index.html'))) execFileSync('npm', ['run', 'build:console'], { cwd: REPO_ROOT, stdio: 'inherit' });
}

/**
 * First paint of a trace page in Chromium: from navigation to the first waterfall row painted, for a
 * 1,000- and a 10,000-span trace on the running server, signed in with a project API key (as the
 * console's own sign-in leaves it in sessionStorage). Headless Debian Chromium at 1440×900.
 */
export async function measureConsolePaint(context: Pick<PhaseContext, 'server' | 'db' | 'raw' | 'baseTime' | 'log'>, { loads: count = LOADS }: { loads?: number } = {}): Promise<ConsolePaintResult[]> {
  ensureConsole();
  const projectId = await context.db.createProject('bench console paint');
  const apiKey = await context.db.issueApiKey(projectId);
  const profile = mkdtempSync(path.join(tmpdir(), 'tracewell-bench-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const results: ConsolePaintResult[] = [];
  try {
    const session = JSON.stringify({ kind: 'apiKey', apiKey, projectId });
    await browser.addInitScript({ content: `sessionStorage.setItem('tracewell.session', ${JSON.stringify(session)});` });
    const page = browser.pages()[0] ?? (await browser.newPage());
    // A browser already running, as a person's is: its first navigation's start-up is not the console's.
    await page.goto(`${context.server.baseUrl}/sign-in`);
    for (const { spans, budgetMs } of CONSOLE_PAINT_TARGETS) {
      const id = `paint-${spans}`;
      await context.raw.ingestBatch(projectId, [bigTrace(id, spans, context.baseTime)]);
      context.log(`console paint: ${spans} spans…`);
      const url = `${context.server.baseUrl}/traces/${id}`;
      // The cold load: the HTTP cache emptied first, so the console's scripts are fetched too.
      const cdp = await browser.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      const cold = await load(page, url);
      const loads: LoadTiming[] = [];
      for (let i = 0; i < count; i++) loads.push(await load(page, url));
      const paints = loads.map((l) => l.firstRowPaintMs);
      results.push({
        spans,
        loads: count,
        budgetMs,
        coldMs: Math.round(cold.firstRowPaintMs),
        p50Ms: Math.round(median(paints)),
        maxMs: Math.round(Math.max(...paints)),
        firstSpanPageP50Ms: Math.round(median(loads.map((l) => l.firstSpanPageMs))),
      });
    }
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
    await context.db.deleteProject(projectId);
  }
  return results;
}
