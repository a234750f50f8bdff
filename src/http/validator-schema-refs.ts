import { createRequire } from 'node:module';
import { processWideState } from './process-wide-state.js';

type GetSchemaRefs = (this: { opts: { schemaId?: string } }, schema: unknown, baseId?: string) => Record<string, unknown>;

/** ajv's compile/resolve module as the validator's ajv loads it (resolved from the validator, as Node resolves it). */
const validatorRequire = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
type ResolveModule = { getSchemaRefs: GetSchemaRefs };

/** Keywords that give a schema node an identity of its own: the only ones getSchemaRefs records. */
const IDENTIFYING = ['$anchor', '$dynamicAnchor'] as const;

/**
 * Once per process (src/http/process-wide-state.ts): the resolve modules patched; per schemaId
 * keyword, the objects (and everything beneath them) found to hold no identifying keyword; and the
 * calls that skipped ajv's walk since start (what the test reads).
 */
const state = processWideState('validator-schema-refs', () => ({
  patched: new WeakSet<object>(),
  idFree: new Map<string, WeakSet<object>>(),
  skipped: { count: 0 },
}));

/** Calls that skipped ajv's walk since start (what the test reads). */
export const skippedWalks = state.skipped;

/** True when no object at or below `node` has a string `schemaId`, `$anchor` or `$dynamicAnchor`. */
function holdsNoIdentity(node: unknown, schemaId: string, known: WeakSet<object>, visiting = new Set<object>()): boolean {
  if (node === null || typeof node !== 'object') return true;
  // A node met again on its own path (the validator may link schemas into cycles) had its keys checked on the way in.
  if (known.has(node) || visiting.has(node)) return true;
  const object = node as Record<string, unknown>;
  if (!Array.isArray(node)) {
    if (typeof object[schemaId] === 'string') return false;
    for (const keyword of IDENTIFYING) if (typeof object[keyword] === 'string') return false;
  }
  visiting.add(node);
  for (const value of Array.isArray(node) ? node : Object.values(object)) {
    if (!holdsNoIdentity(value, schemaId, known, visiting)) return false;
  }
  visiting.delete(node);
  known.add(node);
  return true;
}

/**
 * ajv's getSchemaRefs walks every node of a schema it is given (addSchema, compile) to record the
 * nodes that carry an `$id`, `$anchor` or `$dynamicAnchor`. express-openapi-validator (5.6.2) gives
 * it, for each route's first request, two schemas holding the whole contract's `paths` and
 * `components` (so `#/components/...` resolves inside them): ~0.1–0.2 s of CPU for each route's first
 * request, to find nothing, the contract having none of those keywords. With no such keyword
 * anywhere in the schema, the walk records nothing and returns `{}`; this answers `{}` without it,
 * having checked once per object (remembered by identity, so the contract's shared `paths` and
 * `components` are checked once for all routes). Any schema holding one goes ajv's own way.
 * test/http/validator-schema-refs.test.ts compares the answers with ajv's for every route schema.
 * Called once, before the validator is created.
 */
export function skipSchemaRefWalksWithoutIdentities(): void {
  const resolveModule = validatorRequire('ajv/dist/compile/resolve') as ResolveModule;
  if (state.patched.has(resolveModule)) return;
  state.patched.add(resolveModule);
  const original = resolveModule.getSchemaRefs;
  resolveModule.getSchemaRefs = function (schema, baseId) {
    const schemaId = this.opts.schemaId ?? '$id';
    let known = state.idFree.get(schemaId);
    if (!known) state.idFree.set(schemaId, (known = new WeakSet()));
    if (typeof schema === 'object' && schema !== null && holdsNoIdentity(schema, schemaId, known)) {
      state.skipped.count += 1;
      return {};
    }
    return original.call(this, schema, baseId);
  };
}
