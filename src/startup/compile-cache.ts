import nodeModule from 'node:module';

/** What node:module offers for its compile cache from Node 22.1 (enable) and 23.0 (flush); Node 20 has neither. */
export interface CompileCacheApi {
  enableCompileCache?: () => { status: number; directory?: string; message?: string };
  flushCompileCache?: () => void;
  constants?: { compileCacheStatus?: { ENABLED: number; ALREADY_ENABLED: number } };
}

const runtimeApi = nodeModule as unknown as CompileCacheApi;

/** Where the cache went, or why there is none (the start does not print it; the tests read it). */
export type CompileCacheState = { enabled: true; directory: string } | { enabled: false; reason: string };

/**
 * V8's code cache for every module the server compiles, kept on disk by the runtime (issue #61 item 2:
 * most of a start's CPU is compiling the bundle and its packages). From the second start on, a module
 * whose text did not change is read back compiled. Node's own settings decide where and whether:
 * NODE_COMPILE_CACHE names the directory (default `<os tmpdir>/node-compile-cache`),
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off. Runtimes without it (Node 20) start as before.
 *
 * Must run before the server's modules load: main.ts calls it, then imports the server.
 */
export function enableCompileCache(env: NodeJS.ProcessEnv = process.env, api: CompileCacheApi = runtimeApi): CompileCacheState {
  if (typeof api.enableCompileCache !== 'function') return { enabled: false, reason: `node ${process.version} has no compile cache` };
  const result = api.enableCompileCache();
  const statuses = api.constants?.compileCacheStatus;
  if (!result.directory || (statuses && result.status !== statuses.ENABLED && result.status !== statuses.ALREADY_ENABLED)) {
    return { enabled: false, reason: result.message ?? 'disabled' };
  }
  // The cache is per thread: worker threads (the SQLite thread, the scanners) enable it from the
  // environment they inherit.
  env.NODE_COMPILE_CACHE = result.directory;
  return { enabled: true, directory: result.directory };
}

/** Writes what has been compiled so far: the runtime writes only at exit, which a killed server never reaches. */
export function flushCompileCache(): void {
  runtimeApi.flushCompileCache?.();
}
