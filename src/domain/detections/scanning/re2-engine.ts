import { createRequire } from 'node:module';
import type * as Re2Module from 're2js';

let engine: typeof Re2Module.RE2JS | undefined;

/**
 * RE2JS, the linear-time pattern engine, loaded by its first use: ~285 kB of code, a tenth of what a
 * start parsed on the way to `/readyz` (issue #61 item 2), that only saving or running a detection
 * pattern, a PII scan or a pattern scorer needs. Required (re2js ships a CommonJS build beside its ES
 * module), so that its callers stay synchronous; the build leaves a required package to node_modules.
 */
export function re2(): typeof Re2Module.RE2JS {
  engine ??= (createRequire(import.meta.url)('re2js') as typeof Re2Module).RE2JS;
  return engine;
}
