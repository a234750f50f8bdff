/**
 * State kept once per process rather than once per module instance, under a registered symbol.
 *
 * The express-openapi-validator patches (src/http/validator-*.ts) change modules every instance
 * of this code shares: node's `require` cache holds one copy of the validator and of ajv. This
 * code itself may be loaded twice in one process, though. mocha, on a Node with require(esm),
 * `require`s a test file and falls back to `import` for one with top-level await; each way builds
 * its own instances of the modules the file imports. Two instances that each kept their own
 * "patched" mark patched the same prototype twice, and the one patched last answered first,
 * leaving the other's counters still (test/http/validator-patch-instances.test.ts).
 */
export function processWideState<T extends object>(name: string, create: () => T): T {
  const registry = globalThis as unknown as Record<symbol, T | undefined>;
  const key = Symbol.for(`tracewell.${name}`);
  return (registry[key] ??= create());
}
