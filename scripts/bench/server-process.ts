import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../build/server-bundle.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A server started as its own process on loopback: by the benchmark, so its RSS and CPU are its
 * own, and by the process test, as `npm start` runs it.
 */
export interface ServerProcess {
  pid: number;
  baseUrl: string;
  output(): string;
  /** SIGTERM, then wait for the exit (the server drains and closes its database). */
  stop(): Promise<number | null>;
}

export interface SpawnOptions {
  /** Script relative to the repository root: TypeScript runs with `node --import tsx`, compiled JavaScript (dist/) with plain node. */
  entry: string;
  env: Record<string, string>;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
  /** The node binary (default: this process's), e.g. another runtime's under test. */
  node?: string;
  startTimeoutMs?: number;
}

/**
 * Spawns `node [--import tsx] <entry>` with PORT=0 on 127.0.0.1 and resolves once it prints
 * "listening on http://127.0.0.1:<port>" (both the server and the bare endpoint print it).
 */
export async function spawnServer(options: SpawnOptions): Promise<ServerProcess> {
  const loader = options.entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child: ChildProcess = spawn(options.node ?? process.execPath, [...(options.nodeArgs ?? []), ...loader, options.entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', REDIS_URL: '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // never leave a half-started server behind
      reject(new Error(`${options.entry} did not start within ${options.startTimeoutMs ?? 60_000} ms:\n${output}`));
    }, options.startTimeoutMs ?? 60_000);
    const check = () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${options.entry} exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    pid: child.pid!,
    baseUrl,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** The server compiled for one bench run; `remove` deletes the build. */
export interface CompiledServer {
  /** Entry for spawnServer, relative to the repository root. */
  entry: string;
  remove(): void;
}

/**
 * Builds the server as `npm run build` does (scripts/build: the esbuild bundle), into a directory of
 * this run's own under bench/tmp (node resolves the repository's node_modules from there; dist/ is
 * left to the build and the tests that use it). The bench measures the server `npm start` runs: run
 * from source through tsx, the loader's transpiler and source maps held about 50 MB more at idle
 * (scripts/startup-footprint.ts: 220 MB against 168 MB), and every worker thread loaded its own.
 */
export async function buildServer(): Promise<CompiledServer> {
  const outDir = path.join('bench', 'tmp', `server-${process.pid}`);
  const remove = () => rmSync(path.join(REPO_ROOT, outDir), { recursive: true, force: true });
  try {
    await bundleServer(REPO_ROOT, outDir);
  } catch (error) {
    remove();
    throw new Error(`building the server failed: ${(error as Error).message}`);
  }
  return { entry: path.join(outDir, 'src', 'main.js'), remove };
}
