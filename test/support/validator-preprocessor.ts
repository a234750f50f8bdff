import { createRequire } from 'node:module';
import { openApiValidatorOptions } from '../../src/http/openapi-validator.js';

type JsonObject = Record<string, unknown>;

/** Requires a module of express-openapi-validator's own, resolved from its package as Node resolves it. */
export const validatorRequire = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));

export interface SchemaPreprocessor {
  resolveSchema(schema: unknown): unknown;
  preProcess(): unknown;
}

export const { SchemaPreprocessor } = validatorRequire('./middlewares/parsers/schema.preprocessor') as {
  SchemaPreprocessor: (new (doc: JsonObject, ajvOptions: JsonObject, responseOptions: unknown) => SchemaPreprocessor) & {
    prototype: SchemaPreprocessor;
  };
};

const { OpenApiValidator } = validatorRequire('./openapi.validator') as { OpenApiValidator: new (options: JsonObject) => { ajvOpts: { preprocessor: JsonObject } } };

/** The ajv options the validator gives its preprocessor, configured as the server configures it (src/http/openapi-validator.ts). */
export const preprocessorOptions = (apiSpec: JsonObject): JsonObject =>
  new OpenApiValidator(openApiValidatorOptions({ validateRequests: true, validateResponses: false, contract: apiSpec }) as unknown as JsonObject).ajvOpts.preprocessor;
