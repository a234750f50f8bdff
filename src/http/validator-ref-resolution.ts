import { createRequire } from 'node:module';
import { processWideState } from './process-wide-state.js';

type JsonObject = Record<string, unknown>;

/** The part of express-openapi-validator's SchemaPreprocessor this module replaces. */
interface Preprocessor {
  apiDoc: { components?: { schemas?: Record<string, unknown> } };
  resolveSchema(schema: unknown): unknown;
  preProcess(): unknown;
}

const validatorRequire = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
type PreprocessorModule = { SchemaPreprocessor: { prototype: Preprocessor } };

const COMPONENT_SCHEMA = /^#\/components\/schemas\/([^/]+)$/;

/**
 * Once per process (src/http/process-wide-state.ts): the preprocessor prototypes patched, the
 * component schemas each preprocessor was given before it aliases any (what its ajv instance
 * registered), and the lookups answered without ajv since start (what the test reads).
 */
const state = processWideState('validator-ref-resolution', () => ({
  patched: new WeakSet<object>(),
  registered: new WeakMap<Preprocessor, Record<string, unknown>>(),
  lookups: { count: 0 },
}));

/** Component-schema lookups answered since start without ajv (what the test reads). */
export const componentSchemaLookups = state.lookups;

/**
 * express-openapi-validator (5.6.2) resolves each `$ref` while preprocessing the contract with
 * `ajv.getSchema(ref).schema`: to hand back the very object it registered, ajv compiles the whole
 * schema (and everything it references) into validator code, which the preprocessor then drops. Over
 * our contract that was ~0.9 s of start-up CPU and, being done once per server, pure waste: the
 * request validators compile what they need on each route's first request. A `$ref` naming a
 * component schema (`#/components/schemas/<name>`) is answered here with the same object ajv would
 * return — the one the preprocessor's ajv registered, taken before the preprocessor aliases any —
 * and every other `$ref` goes the validator's own way. test/http/validator-ref-resolution.test.ts
 * proves the answers identical (===) for every `$ref` of the contract. Called once, before the
 * validator is created.
 */
export function resolveComponentSchemasWithoutCompiling(): void {
  const prototype = (validatorRequire('./middlewares/parsers/schema.preprocessor') as PreprocessorModule).SchemaPreprocessor.prototype;
  if (state.patched.has(prototype)) return;
  state.patched.add(prototype);
  const preProcess = prototype.preProcess;
  const resolveSchema = prototype.resolveSchema;
  prototype.preProcess = function (this: Preprocessor) {
    state.registered.set(this, { ...(this.apiDoc.components?.schemas ?? {}) });
    return preProcess.call(this);
  };
  prototype.resolveSchema = function (this: Preprocessor, schema: unknown) {
    const ref = (schema as JsonObject | null | undefined)?.$ref;
    const name = typeof ref === 'string' ? COMPONENT_SCHEMA.exec(ref)?.[1] : undefined;
    const schemas = state.registered.get(this);
    // Only plain names: an escaped one (~0, ~1) is left to the validator, as is any pointer deeper into a schema.
    if (name === undefined || name.includes('~') || !schemas || !Object.hasOwn(schemas, name)) return resolveSchema.call(this, schema);
    state.lookups.count += 1;
    return schemas[name];
  };
}
