import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
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
 * Packages left to node_modules, loaded by node at run time: native code (the SQLite driver, pg's
 * optional native binding); drivers a bundled package requires only when asked and this server never
 * installs (knex's sqlite3 dialect, which the better-sqlite3 client extends, names `sqlite3`; its
 * postgres dialect names pg-query-stream for streams); and express-openapi-validator, whose internal
 * modules src/http/validator-*.ts patch through `require` from node_modules, so it must be the copy
 * they patch. Every other package is bundled.
 */
const EXTERNAL_PACKAGES = [
  'better-sqlite3',
  'better-sqlite3-napi',
  'pg-native',
  'sqlite3',
  'pg-query-stream',
  'express-openapi-validator',
  // Only a PostgreSQL deployment loads pg (~170 kB bundled), so node loads it from node_modules there.
  'pg',
  // A table node reads as JSON (one file, JSON.parse) where a bundle would have it parsed as code.
  'mime-db',
];

/**
 * Parts of bundled packages that they `require` only when asked for, and that are big: bundled, each
 * would be parsed at every start (V8 scans all the text it is given). Left external, node loads them
 * from node_modules on the first call that needs them. Keyed by the requiring file, relative to
 * node_modules; each maps a specifier it requires to the package path node resolves instead.
 */
const LOADED_WHEN_ASKED: Record<string, Record<string, string>> = {
  // knex requires each of its twelve dialects by name when a client asks for it; the server asks for
  // better-sqlite3 (whose client extends sqlite3's) and postgres only.
  'knex/lib/dialects/index.js': Object.fromEntries(
    ['cockroachdb', 'mssql', 'mysql', 'mariadb', 'mysql2', 'oracle', 'oracledb', 'pgnative', 'redshift'].map((dialect) => [`./${dialect}`, `knex/lib/dialects/${dialect}`]),
  ),
  // iconv-lite's encoding tables (~550 kB): body-parser's JSON and form parsers load them with their first
  // body (the OAuth, account, SCIM and mail routes); the API's and the tool server's bodies are read raw.
  'iconv-lite/lib/index.js': { '../encodings': 'iconv-lite/encodings' },
};

/**
 * The modules of express-openapi-validator that the precompiled request validation runs per request
 * (src/http/request-validation/precompiled-request-validator.ts: its error classes, parameter mutator,
 * body media-type parser and error mapping), imported by their paths under dist/: bundled, unlike the
 * rest of the package (EXTERNAL_PACKAGES), which only response validation loads. From node_modules
 * they brought ~60 small files (qs and its helpers) through node's loader on the first API request;
 * bundled, qs is the copy express already brought. None of them is one src/http/validator-*.ts patches.
 */
const BUNDLED_VALIDATOR_PARTS = /^express-openapi-validator\/dist\/(framework\/types|middlewares\/util|middlewares\/parsers\/(req\.parameter\.mutator|body\.parse))\.js$/;

const bundledValidatorPartsPlugin: Plugin = {
  name: 'tracewell-bundled-validator-parts',
  setup(build) {
    build.onResolve({ filter: BUNDLED_VALIDATOR_PARTS }, (args) => ({ path: createRequire(path.join(args.resolveDir, 'noop.js')).resolve(args.path) }));
  },
};

const loadedWhenAskedPlugin: Plugin = {
  name: 'tracewell-loaded-when-asked',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const marker = `${path.sep}node_modules${path.sep}`;
      const at = args.importer.lastIndexOf(marker);
      if (at < 0) return undefined;
      const importer = args.importer.slice(at + marker.length).split(path.sep).join('/');
      const external = LOADED_WHEN_ASKED[importer]?.[args.path];
      return external ? { path: external, external: true } : undefined;
    });
  },
};

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
  /** For each module written (relative to the output directory), the source files bundled into it (relative to the repository: `src/…`, `node_modules/…`). */
  inputs: Record<string, string[]>;
  /** esbuild's account of the build (inputs, outputs, their sizes), for `--metafile`. */
  metafile: Metafile;
}

/** A package's file named from its `node_modules/` on (esbuild names it by its real path, which a linked node_modules puts elsewhere). */
function fromNodeModules(input: string): string {
  const at = input.lastIndexOf('node_modules/');
  return at < 0 ? input : input.slice(at);
}

/**
 * Bundles the server and the CLI for production (issue #61): resolving, reading and linking ~480
 * compiled modules one by one took over a third of start-up's CPU (670 → 420 ms to the first
 * /readyz on SQLite, docs/benchmarks.md). ES modules with code splitting: the entries share chunks, so a
 * lazy face or worker loaded later gets the same module instances as the code that loaded it, and
 * loads only what it adds. Packages are bundled too (but EXTERNAL_PACKAGES): node resolved, read and
 * compiled the ~530 files of theirs the way to `/readyz` took (knex with lodash alone ~340) one by
 * one, each with its stats and package.json reads.
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
    external: EXTERNAL_PACKAGES,
    // No keepNames: it wraps every function and class in a `__name` call that defines `name`, and the
    // functions created per request (express's, body-parser's, ours) paid it on every request — 10–15 %
    // of the server's CPU per MCP tools/call (docs/benchmarks.md, issue #61 item 3). A symbol the bundle
    // renames (a clash within its chunk) then reports its new name; test/process/bundle.test.ts lists
    // the renamed classes, each checked for a reader of its name.
    keepNames: false,
    // Strings, template literals and regular expressions with non-ASCII characters are escaped, so the
    // only ones left are in comments (asciiComments).
    charset: 'ascii',
    sourcemap: 'linked',
    // Bundled CommonJS code requires node's modules and the external packages through esbuild's
    // `__require`, which calls the `require` in scope; an ES module has none, so each file gets its own.
    // (src/lazy-module.ts tells CommonJS by `__filename`, which this leaves undefined.)
    banner: { js: `import { createRequire as __tracewellCreateRequire } from 'node:module';\nconst require = __tracewellCreateRequire(import.meta.url);\n${OUTPUT_ROOT_BANNER}` },
    plugins: [moduleUrlPlugin(repoRoot), loadedWhenAskedPlugin, bundledValidatorPartsPlugin],
    write: false,
    metafile: true,
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
  const inputs = Object.fromEntries(
    Object.entries(result.metafile.outputs)
      .filter(([output]) => output.endsWith('.js'))
      .map(([output, { inputs: bundled }]) => [path.relative(absoluteOut, path.resolve(repoRoot, output)), Object.keys(bundled).map(fromNodeModules)]),
  );
  return { files: result.outputFiles.map((file) => path.relative(absoluteOut, file.path)).sort(), inputs, metafile: result.metafile };
}
