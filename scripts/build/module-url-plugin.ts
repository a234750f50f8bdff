import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';

/** Set in every output file by OUTPUT_ROOT_BANNER: the URL of the build's root directory, ending in `/`. */
export const OUTPUT_ROOT = '__tracewellOutputRoot';
/** Replaced, per output file, by that file's way up to the build's root (`./`, `../../`). */
export const OUTPUT_ROOT_PLACEHOLDER = '__TRACEWELL_OUTPUT_ROOT__';
export const OUTPUT_ROOT_BANNER = `const ${OUTPUT_ROOT} = new URL(${JSON.stringify(OUTPUT_ROOT_PLACEHOLDER)}, import.meta.url).href;`;

/**
 * Gives every bundled module the `import.meta.url` it had compiled by `tsc`: bundled, a module's
 * code sits in whichever output file or shared chunk the bundler chose, so its own URL would name
 * that file, and the URLs it builds beside itself (the lazy faces, the worker threads' entry files,
 * each an entry point written where `tsc` wrote it) would point into the wrong directory.
 * Only the text `import.meta.url` changes, within its line, so the source map's lines still hold.
 */
export function moduleUrlPlugin(repoRoot: string): Plugin {
  return {
    name: 'tracewell-module-url',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        const relative = path.relative(repoRoot, args.path);
        if (relative.startsWith('..') || relative.split(path.sep).includes('node_modules')) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
        const compiledPath = relative.split(path.sep).join('/').replace(/\.ts$/, '.js');
        return { contents: source.replaceAll('import.meta.url', `(${OUTPUT_ROOT} + ${JSON.stringify(compiledPath)})`), loader: 'ts' };
      });
    },
  };
}
