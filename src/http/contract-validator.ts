import express, { type Router } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { cacheValidatorRouteCompilation } from './validator-route-cache.js';
import { resolveComponentSchemasWithoutCompiling } from './validator-ref-resolution.js';
import { useContractAsBundled } from './validator-spec-loading.js';
import { skipSchemaRefWalksWithoutIdentities } from './validator-schema-refs.js';
import { validationContract } from './contract.js';
import { DATE_TIME_FORMAT, RFC3339_DATE_TIME, RFC3339_FORMAT } from './date-time-format.js';

export interface ContractValidatorSettings {
  /** VALIDATE_RESPONSES: answers are checked against the contract too (tests and development). */
  validateResponses: boolean;
}

/**
 * The public API's request (and optionally response) validation against the contract, as one
 * router. A module of its own so the app can import it on the first /api/v1/public request
 * (src/http/lazy-router.ts): express-openapi-validator, its ajv instances and its copy of the
 * contract cost ~0.3 s of CPU and several MB that /readyz and the other faces never need.
 */
export function contractValidator(settings: ContractValidatorSettings): Router {
  cacheValidatorRouteCompilation();
  resolveComponentSchemasWithoutCompiling();
  skipSchemaRefWalksWithoutIdentities();
  const router = express.Router();
  router.use(
    OpenApiValidator.middleware({
      // No copy of our own: the validator deep-copies the document it is given before annotating it.
      apiSpec: useContractAsBundled(validationContract()) as unknown as Parameters<typeof OpenApiValidator.middleware>[0]['apiSpec'],
      validateApiSpec: false,
      validateRequests: { allowUnknownQueryParameters: false, coerceTypes: true, removeAdditional: false },
      validateResponses: settings.validateResponses ? { removeAdditional: false } : false,
      validateSecurity: false,
      // Registered after ajv-formats' own, so this `date-time` replaces theirs.
      formats: { 'date-time': DATE_TIME_FORMAT, [RFC3339_DATE_TIME]: RFC3339_FORMAT },
      ignorePaths: (path: string) => !path.startsWith('/api/v1/public'),
    }),
  );
  return router;
}
