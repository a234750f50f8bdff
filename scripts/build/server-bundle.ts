import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { moduleUrlPlugin, OUTPUT_ROOT_BANNER, OUTPUT_ROOT_PLACEHOLDER } from './module-url-plugin.js';
import { urlAddressedModules } from './url-entries.js';

/**
 * The process entry points: the server `npm start` runs and the CLI bin/tracewell.js runs; and the
 * SQLite driver module, which the start-up bench's floor server (scripts/bench/floor-server.mjs)
 * imports from the build so that it opens the same driver the server does.
 */
const ENTRY_POINTS = ['src/main.ts', 'src/cli/main.ts', 'adapters/sqlite/driver.ts'];
const SOURCE_ROOTS = ['src', 'adapters', 'generated'];

/**
 * The output with the non-ASCII characters of its comments (an em dash, an arrow) replaced by `?`,
 * one for each UTF-16 unit so that source-map columns still hold. V8 keeps every module's source
 * text in memory: one such character makes the whole text two bytes a character (main.js: 2.6 MB
 * instead of 1.3 MB at idle). esbuild escapes the other non-ASCII characters (`charset: 'ascii'`).
 */
function asciiComments(code: string): string {
  return code.replace(/[^\x00-\x7f]/g, '?');
}

export interface ServerBundle {
  /** Output files written, relative to the output directory (code, chunks and source maps). */
  files: string[];
}

/**
 * Bundles the server and the CLI for production (issue #61): resolving, reading and linking ~480
 * compiled modules one by one took over a third of start-up's CPU (670 → 420 ms to the first
 * /readyz on SQLite, docs/benchmarks.md). ES modules with code splitting: the entries share chunks, so a
 * lazy face or worker loaded later gets the same module instances as the code that loaded it, and
 * loads only what it adds. Packages stay external (resolved from node_modules at run time as
 * before: better-sqlite3 is native, and the rest are loaded once either way).
 * Entry points are written where `tsc` wrote them (dist/src/main.js, dist/src/cli/main.js, the faces
 * and workers at their own paths); the shared code goes to chunks/.
 */
export async function bundleServer(repoRoot: string, outDir: string): Promise<ServerBundle> {
  const absoluteOut = path.resolve(repoRoot, outDir);
  const entries = [...ENTRY_POINTS.map((entry) => path.join(repoRoot, entry)), ...urlAddressedModules(SOURCE_ROOTS.map((root) => path.join(repoRoot, root)))];
  const result = await build({
    absWorkingDir: repoRoot,
    entryPoints: entries,
    outdir: absoluteOut,
    outbase: repoRoot,
    entryNames: '[dir]/[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // Errors and classes keep their names (logs, `error.name`) though bundling renames clashing identifiers.
    keepNames: true,
    // Strings, template literals and regular expressions with non-ASCII characters are escaped, so the
    // only ones left are in comments (asciiComments).
    charset: 'ascii',
    sourcemap: 'linked',
    // ES modules have no `require`: src/lazy-module.ts's CommonJS branch (taken under the test runner's
    // loader) must see none, where esbuild would otherwise put its throwing `__require` shim. Only a free
    // `require` is replaced; a module's own `const require = createRequire(…)` is left alone.
    define: { require: 'undefined' },
    banner: { js: OUTPUT_ROOT_BANNER },
    plugins: [moduleUrlPlugin(repoRoot)],
    write: false,
    logLevel: 'warning',
  });
  rmSync(absoluteOut, { recursive: true, force: true });
  for (const file of result.outputFiles) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    if (!file.path.endsWith('.js')) {
      writeFileSync(file.path, file.contents);
      continue;
    }
    const up = path.relative(path.dirname(file.path), absoluteOut).split(path.sep).join('/');
    writeFileSync(file.path, asciiComments(file.text.replace(OUTPUT_ROOT_PLACEHOLDER, up === '' ? './' : `${up}/`)));
  }
  return { files: result.outputFiles.map((file) => path.relative(absoluteOut, file.path)).sort() };
}
