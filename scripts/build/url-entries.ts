import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The modules the server loads by URL rather than by `import`: the lazy faces
 * (`loadModule(new URL('./http/otlp-router.js', import.meta.url))`) and the worker threads'
 * entry files (`new URL(\`./scan-worker${EXTENSION}\`, import.meta.url)`). A bundler cannot follow
 * either, so each becomes an entry point of its own, written where `tsc` wrote it; found here by
 * reading the sources so that a new face or worker needs no second list to be kept in step.
 */
const URL_OF_MODULE = /new URL\(\s*(['`])(\.{1,2}\/[^'`$]+?)(\$\{[A-Z_]+\})?\1\s*,\s*import\.meta\.url\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

/** Source files (absolute) addressed by URL from any module under `roots`; throws on a URL naming no source file. */
export function urlAddressedModules(roots: string[]): string[] {
  const found = new Set<string>();
  for (const file of roots.flatMap(sourceFiles)) {
    for (const match of readFileSync(file, 'utf8').matchAll(URL_OF_MODULE)) {
      const relative = match[2]!;
      // `./x.js` names the compiled sibling of x.ts; `./x${EXTENSION}` takes this module's own extension.
      const target = path.resolve(path.dirname(file), match[3] ? `${relative}.ts` : relative.replace(/\.js$/, '.ts'));
      if (!existsSync(target)) throw new Error(`${file}: new URL('${match[0]}') names ${target}, which does not exist`);
      found.add(target);
    }
  }
  return [...found].sort();
}
