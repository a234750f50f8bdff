import { createRequire } from 'node:module';
import { DATE_TIME_FORMAT, RFC3339_DATE_TIME, RFC3339_FORMAT } from '../../src/http/date-time-format.js';

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

/** The ajv options the validator gives its preprocessor, with the server's formats (src/http/openapi-validator.ts). */
export const preprocessorOptions = (apiSpec: JsonObject): JsonObject =>
  new OpenApiValidator({
    apiSpec,
    validateApiSpec: false,
    validateRequests: { allowUnknownQueryParameters: false, coerceTypes: true, removeAdditional: false },
    validateResponses: false,
    validateSecurity: false,
    formats: { 'date-time': DATE_TIME_FORMAT, [RFC3339_DATE_TIME]: RFC3339_FORMAT },
  }).ajvOpts.preprocessor;
