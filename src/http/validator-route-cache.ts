import { createRequire } from 'node:module';

type PathToRegexp = (path: string, options?: { sensitive?: boolean; strict?: boolean; end?: boolean; delimiter?: string; trailing?: boolean }) => unknown;

/** The copy of path-to-regexp express-openapi-validator loads (resolved from the validator, as Node resolves it). */
const validatorRequire = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
const pathToRegexpModule = validatorRequire('path-to-regexp') as { pathToRegexp: PathToRegexp };

let installed = false;

/** Compiled paths by path and options: the contract's paths, a few per option set, never a request's. */
const compiled = new Map<string, unknown>();

/** Calls to the original compiler since start (what the test reads). */
export const routeCompilations = { count: 0 };

/**
 * express-openapi-validator (5.6.2, the latest) finds each request's operation by compiling every
 * contract path into a regular expression, one after another until one matches, on every request
 * (lookupRoute in its openapi.metadata middleware): 0.27 ms of each batch ingest request's CPU over
 * our 76 paths in the bench's profile, and the loop is the same whatever the request. The expression
 * depends only on the path and the options, and the validator only executes it (no global flag,
 * so no state) and reads its keys, so one compilation per path serves every request. This memoizes
 * the module function the validator calls; called once, before the validator handles a request.
 * Express's own router compiles its routes once at registration and is unaffected either way.
 */
export function cacheValidatorRouteCompilation(): void {
  if (installed) return;
  installed = true;
  const original = pathToRegexpModule.pathToRegexp;
  pathToRegexpModule.pathToRegexp = (path, options) => {
    // The validator passes one string path at a time; anything else (an array of paths) goes through as it came.
    if (typeof path !== 'string') return original(path, options);
    const key = `${options?.sensitive ? 's' : '-'}${options?.strict ? 't' : '-'}${options?.end === false ? 'o' : '-'}${options?.delimiter ?? ''}|${options?.trailing === false ? 'n' : '-'}|${path}`;
    let regexp = compiled.get(key);
    if (regexp === undefined) {
      routeCompilations.count += 1;
      regexp = original(path, options);
      compiled.set(key, regexp);
    }
    return regexp;
  };
}
