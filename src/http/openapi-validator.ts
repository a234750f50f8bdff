import express, { type Router } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { cacheValidatorRouteCompilation } from './validator-route-cache.js';
import { resolveComponentSchemasWithoutCompiling } from './validator-ref-resolution.js';
import { useContractAsBundled } from './validator-spec-loading.js';
import { skipSchemaRefWalksWithoutIdentities } from './validator-schema-refs.js';
import { validationContract } from './contract.js';
import { REQUEST_FORMATS } from './request-validation/request-formats.js';
import { outsidePublicApi } from './request-validation/public-api-paths.js';

export interface OpenApiValidatorSettings {
  /** Requests are validated (the precompiled validators are written from this configuration). */
  validateRequests: boolean;
  /** Answers are checked against the contract too (VALIDATE_RESPONSES: tests and development). */
  validateResponses: boolean;
  /** The validation contract (generated/validation-contract.json); `npm run generate` passes the one it is writing. */
  contract?: Record<string, unknown>;
}

type ValidatorOptions = Parameters<typeof OpenApiValidator.middleware>[0];

/**
 * express-openapi-validator's options for the public API: what openApiValidator runs with, and what
 * the tests that build the validator's own parts (its preprocessor, its ajv) give them.
 */
export function openApiValidatorOptions(settings: OpenApiValidatorSettings): ValidatorOptions {
  return {
    // No copy of our own: the validator deep-copies the document it is given before annotating it.
    apiSpec: useContractAsBundled(settings.contract ?? validationContract()) as unknown as ValidatorOptions['apiSpec'],
    validateApiSpec: false,
    validateRequests: settings.validateRequests ? { allowUnknownQueryParameters: false, coerceTypes: true, removeAdditional: false } : false,
    validateResponses: settings.validateResponses ? { removeAdditional: false } : false,
    validateSecurity: false,
    // Registered after ajv-formats' own, so this `date-time` replaces theirs.
    formats: REQUEST_FORMATS,
    ignorePaths: outsidePublicApi,
  };
}

/**
 * express-openapi-validator configured for the public API, as one router. The server validates
 * requests with the validators `npm run generate` compiles from this very configuration
 * (scripts/request-validators.ts, src/http/request-validation/), and loads this module only to
 * check answers (VALIDATE_RESPONSES); the parity test runs both on the same requests. Its ajv
 * instances and its copy of the contract cost ~0.5 s of CPU and ~40 MB that a server that checks
 * no answers never spends.
 */
export function openApiValidator(settings: OpenApiValidatorSettings): Router {
  cacheValidatorRouteCompilation();
  resolveComponentSchemasWithoutCompiling();
  skipSchemaRefWalksWithoutIdentities();
  const router = express.Router();
  router.use(OpenApiValidator.middleware(openApiValidatorOptions(settings)));
  return router;
}
