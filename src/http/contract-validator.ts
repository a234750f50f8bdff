import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import { PACKAGE_ROOT } from '../package-root.js';
import { loadModule } from '../lazy-module.js';
import type * as OpenApiValidatorModule from './openapi-validator.js';
import { precompiledRequestValidator, type CompiledValidator, type OperationValidators } from './request-validation/precompiled-request-validator.js';
import { outsidePublicApi } from './request-validation/public-api-paths.js';
import { REQUEST_FORMATS } from './request-validation/request-formats.js';
import type { RequestValidationIndex } from './request-validation/validation-index.js';

export interface ContractValidatorSettings {
  /** VALIDATE_RESPONSES: answers are checked against the contract too (tests and development). */
  validateResponses: boolean;
}

/** Written by `npm run generate` (scripts/request-validators.ts) and drift-tested like the rest of generated/. */
export const REQUEST_VALIDATION_INDEX_PATH = path.join(PACKAGE_ROOT, 'generated/request-validation.json');
export const REQUEST_VALIDATORS_DIR = path.join(PACKAGE_ROOT, 'generated/request-validators');

type GeneratedModule = Record<'general' | 'body', (formats: typeof REQUEST_FORMATS) => Record<string, CompiledValidator>>;

/** An operation's generated validators, given the formats they name: a CommonJS file node loads as it is (never bundled). */
export function loadOperationValidators(operationId: string): OperationValidators {
  const generated = createRequire(import.meta.url)(path.join(REQUEST_VALIDATORS_DIR, `${operationId}.cjs`)) as GeneratedModule;
  return { ...generated.general(REQUEST_FORMATS), ...generated.body(REQUEST_FORMATS) };
}

export function loadRequestValidationIndex(): RequestValidationIndex {
  return JSON.parse(readFileSync(REQUEST_VALIDATION_INDEX_PATH, 'utf8')) as RequestValidationIndex;
}

/**
 * The public API's request (and optionally response) validation against the contract, as one
 * router, built on the first /api/v1/public request (src/http/lazy-router.ts). Requests are checked
 * by the validators compiled ahead of time (src/http/request-validation/); express-openapi-validator
 * is loaded only to check answers, where VALIDATE_RESPONSES asks for it.
 */
export async function contractValidator(settings: ContractValidatorSettings): Promise<Router> {
  const router = express.Router();
  router.use(precompiledRequestValidator({ index: loadRequestValidationIndex(), validators: loadOperationValidators, ignores: outsidePublicApi }));
  if (settings.validateResponses) {
    const { openApiValidator } = await loadModule<typeof OpenApiValidatorModule>(new URL('./openapi-validator.js', import.meta.url));
    router.use(keepingValidatedParameters(openApiValidator({ validateRequests: false, validateResponses: true })));
  }
  return router;
}

type WithOpenApi = Request & { openapi?: { pathParams?: Record<string, unknown> } };

/**
 * Runs express-openapi-validator for answers after the request was validated. Its route lookup
 * gives the request a fresh `openapi` with the path parameters as matched (strings), which its
 * route-parameter hook would then hand to the handler; the validated, coerced ones (`version` a
 * number) are put back, as they were when the one validator did both.
 */
function keepingValidatedParameters(responseValidator: Router): RequestHandler {
  return (req: WithOpenApi, res: Response, next: NextFunction) => {
    const validated = req.openapi?.pathParams;
    responseValidator(req, res, (error?: unknown) => {
      if (error === undefined && validated && req.openapi) {
        req.openapi.pathParams = validated;
        req.params = validated as Request['params'];
      }
      next(error);
    });
  };
}
