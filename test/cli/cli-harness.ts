import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../../src/app.js';
import type { Dialect } from '../../src/ports/store.js';
import { startTestServer, type TestServer, type TestServerOptions } from '../support/harness.js';

/**
 * The CLI's source through tsx, so these tests check the code as it is rather than the last build;
 * the compiled launcher (bin/tracewell.js → dist/) is tested installed, in test/process/package.test.ts.
 */
const CLI_SOURCE = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A test server really listening on a random port, and a private config directory for the CLI. */
export interface ListeningServer {
  server: TestServer;
  baseUrl: string;
  /** A fresh TRACEWELL_CONFIG path per suite, so no run reads the user's real config. */
  configFile: string;
  /** Runs `tracewell …` as a child process against this server. */
  cli(args: string[], options?: { env?: Record<string, string>; input?: string }): Promise<CliResult>;
  /** Starts `tracewell …` and returns while it runs (for interactive flows such as login). */
  startCli(args: string[], options?: { env?: Record<string, string> }): RunningCli;
  close(): Promise<void>;
}

/** A CLI process still running: its output so far, a way to wait for a line, and its end. */
export interface RunningCli {
  stderrMatch(pattern: RegExp): Promise<RegExpMatchArray>;
  done: Promise<CliResult>;
}

/**
 * Runs the CLI as a child process. Asynchronous on purpose: the server answering it lives in
 * this process, so a blocking spawnSync would deadlock.
 */
export function runCli(args: string[], env: Record<string, string>, input?: string): Promise<CliResult> {
  return startCli(args, env, input).done;
}

export function startCli(args: string[], env: Record<string, string>, input?: string): RunningCli {
  const waiters: { pattern: RegExp; resolve: (match: RegExpMatchArray) => void }[] = [];
  let stderrSoFar = '';
  const done = new Promise<CliResult>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI_SOURCE, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: env.HOME ?? tmpdir(), ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      stderrSoFar = stderr;
      for (const waiter of [...waiters]) {
        const match = stderr.match(waiter.pattern);
        if (match) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(match);
        }
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
  return {
    done,
    stderrMatch: (pattern) =>
      new Promise((resolve, reject) => {
        const match = stderrSoFar.match(pattern);
        if (match) return resolve(match);
        waiters.push({ pattern, resolve });
        void done.then((result) => reject(new Error(`the CLI ended (exit ${result.code}) before printing ${pattern}: ${result.stderr}`)));
      }),
  };
}

export async function startListeningServer(adapter: Dialect, options: TestServerOptions = {}): Promise<ListeningServer> {
  const server = await startTestServer(adapter, options);
  const http: Server = createServer(createApp(server.runtime));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const home = mkdtempSync(path.join(tmpdir(), 'tracewell-cli-'));
  const configFile = path.join(home, 'config', 'tracewell', 'config.json');
  return {
    server,
    baseUrl,
    configFile,
    cli: (args, { env = {}, input } = {}) =>
      runCli(args, { HOME: home, TRACEWELL_CONFIG: configFile, TRACEWELL_BASE_URL: baseUrl, ...env }, input),
    startCli: (args, { env = {} } = {}) => startCli(args, { HOME: home, TRACEWELL_CONFIG: configFile, TRACEWELL_BASE_URL: baseUrl, ...env }),
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await server.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
