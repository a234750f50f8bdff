import { createRequire } from 'node:module';
import { processWideState } from './process-wide-state.js';

type JsonObject = Record<string, unknown>;

const validatorRequire = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
const frameworkModule = validatorRequire('./framework/index') as {
  OpenAPIFramework: { prototype: { loadSpec(spec: unknown, refParser?: unknown): Promise<unknown> } };
};
const schemaValidatorModule = validatorRequire('./framework/openapi.schema.validator') as {
  OpenAPISchemaValidator: new (options: { version: string; validateApiSpec: boolean }) => { validate(document: unknown): { errors: unknown[] } };
};

/**
 * Marks a document bundling leaves unchanged (test/http/validator-spec-loading.test.ts). A symbol
 * key, not identity: the validator deep-copies the document it is given (lodash cloneDeep, which
 * copies symbol keys) before loading it; JSON and the validator's own traversals never see it.
 * Registered, so that every instance of this module in a process marks alike.
 */
const BUNDLED = Symbol.for('tracewell.contract-bundled');

/** The framework prototypes patched, once per process (src/http/process-wide-state.ts). */
const state = processWideState('validator-spec-loading', () => ({ patched: new WeakSet<object>() }));

/**
 * Two steps of express-openapi-validator's (5.6.2) start that do nothing for this server yet took
 * ~0.9 s of start-up CPU between them:
 *
 * - It passes the document through json-schema-ref-parser's `bundle`, which crawls every node to
 *   gather external references into the document. The contract has only internal ones, and bundling
 *   returns it unchanged (the test compares them whole), so a document marked here is used as given.
 * - It compiles the OpenAPI 3.1 meta-schema with ajv even with `validateApiSpec: false`, only to never
 *   call it. With validation off, a validator that is never asked stands in; with it on, the real one.
 *
 * Called before the validator is created, on the document it is given (a marked copy is returned);
 * a document not marked is loaded the validator's own way.
 */
export function useContractAsBundled(contract: JsonObject): JsonObject {
  // A shallow copy carries the mark: the validator copies it whole, so the shared contract is never touched.
  const document = { ...contract, [BUNDLED]: true };
  const prototype = frameworkModule.OpenAPIFramework.prototype;
  if (state.patched.has(prototype)) return document;
  state.patched.add(prototype);
  const loadSpec = prototype.loadSpec;
  prototype.loadSpec = function (spec, refParser) {
    if (spec !== null && typeof spec === 'object' && (spec as { [BUNDLED]?: boolean })[BUNDLED] === true) return Promise.resolve(spec);
    return loadSpec.call(this, spec, refParser);
  };
  const SchemaValidator = schemaValidatorModule.OpenAPISchemaValidator;
  schemaValidatorModule.OpenAPISchemaValidator = function (options: { version: string; validateApiSpec: boolean }) {
    if (options.validateApiSpec) return new SchemaValidator(options);
    return { validate: () => ({ errors: [] }) };
  } as unknown as typeof SchemaValidator;
  return document;
}
