import { fileURLToPath } from 'node:url';

/**
 * Imports the module at `url` when called: what start-up does not need is loaded on first use
 * (issue #61). Callers name the module's type with `import type * as …` beside the call, which also
 * keeps the dependency visible to `npm run lint:deps`.
 *
 * Where this module itself was loaded as CommonJS — the test runner's TypeScript loader compiles
 * src/ to CommonJS — an `import()` would load a second, ES-module copy of the module and of all it
 * imports next to the copies the rest of the process holds (its own metrics registry, its own error
 * classes for `instanceof`). There the module is taken from the same `require` as everything else;
 * compiled and run by node as ES modules, `require` does not exist and `import()` is the one loader.
 * In the bundle (scripts/build) each `url` names an entry file of its own, which shares the bundle's
 * chunks with the code that loads it. The bundle has a `require` of its own (for the CommonJS
 * packages bundled in it), so CommonJS is told by `__filename`, which only a CommonJS module has.
 */
export function loadModule<T>(url: URL): Promise<T> {
  if (typeof __filename === 'string') return Promise.resolve(require(fileURLToPath(url)) as T);
  return import(url.href) as Promise<T>;
}
