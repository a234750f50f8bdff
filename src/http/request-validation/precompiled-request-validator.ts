import * as validatorTypes from 'express-openapi-validator/dist/framework/types.js';
import * as validatorUtilModule from 'express-openapi-validator/dist/middlewares/util.js';
import * as mutatorModule from 'express-openapi-validator/dist/middlewares/parsers/req.parameter.mutator.js';
import * as bodyParseModule from 'express-openapi-validator/dist/middlewares/parsers/body.parse.js';
import type { Application, NextFunction, Request, RequestHandler, Response } from 'express';
import type { RequestValidationIndex, ValidatedOperation, ValidatedRoute } from './validation-index.js';

type JsonObject = Record<string, unknown>;

/** A validator ajv wrote as standalone code: true or false, with the errors of the last call on itself. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: AjvError[] | null;
}
interface AjvError {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
  schemaPath: string;
}

/** One operation's precompiled validators (generated/request-validators/<operationId>.cjs) by key: GENERAL, NO_BODY and `body:<media type>`. */
export type OperationValidators = Readonly<Record<string, CompiledValidator>>;
/** Loads an operation's validators; called once per operation, on its first request. */
export type ValidatorLoader = (operationId: string) => OperationValidators;

/** The validator of an operation's parameters (query, headers, path). */
export const GENERAL = 'general';
/** The body validator of a request whose media type selects no body schema (or of an operation without a body). */
export const NO_BODY = 'none';

interface HttpErrorInit {
  path: string;
  message: string;
  headers?: Record<string, string>;
}
type HttpErrorClass = new (init: HttpErrorInit) => Error & { errors: { path: string; message: string; errorCode?: string }[] };
interface ContentTypeValue {
  normalize(): string | undefined;
  mediaType: string | null;
}

/*
 * The parts of express-openapi-validator (5.6.2) that run per request and compile nothing: its error
 * classes, its parameter mutator (query styles, array explosion, bracket keys), its body media-type
 * choice (the 415s) and its ajv error mapping. Reused, not rewritten, so that a request is read the
 * way the validator read it; imported by path, they are bundled with the server (scripts/build/server-bundle.ts)
 * without the rest of the package, ajv or the contract.
 */
const httpErrors = validatorTypes as unknown as { BadRequest: HttpErrorClass; NotFound: HttpErrorClass; MethodNotAllowed: HttpErrorClass };
const validatorUtil = validatorUtilModule as unknown as {
  ContentType: { from(req: Request): ContentTypeValue };
  augmentAjvErrors(errors: AjvError[]): AjvError[];
  ajvErrorsToValidatorError(status: number, errors: AjvError[]): { errors: { path: string; message: string; errorCode: string }[] };
};
const ParameterMutator = mutatorModule.RequestParameterMutator as unknown as new (ajv: unknown, apiDoc: unknown, path: string, parsedSchema: unknown) => { modifyRequest(req: Request): void };
const BodyMediaTypes = bodyParseModule.BodySchemaParser as unknown as new () => { parse(path: string, operation: unknown, contentType: ContentTypeValue): JsonObject };

/** The methods the validator treats as operations of a path item (its preprocessor's list): the generator's, and the 405's Allow. */
export const HTTP_METHODS: readonly string[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The validator's `req.openapi`, which its parameter mutator and response validation read. */
interface OpenApiMetadata {
  expressRoute: string;
  openApiRoute: string;
  pathParams: Record<string, string>;
  schema: ValidatedOperation;
  serial: number;
}
type ValidatedRequest = Request & { openapi?: OpenApiMetadata; cookies?: JsonObject; signedCookies?: JsonObject };

interface CompiledRoute extends ValidatedRoute {
  regexp: RegExp;
}

export interface PrecompiledValidatorOptions {
  index: RequestValidationIndex;
  validators: ValidatorLoader;
  /** The paths the validator skips (its `ignorePaths`). */
  ignores: (path: string) => boolean;
}

/**
 * The public API's request validation with the validators compiled by `npm run generate`: the same
 * route lookup (404, 405), parameter reading, media-type choice (415), coercion, defaults and error
 * list as express-openapi-validator's request middleware, configured as src/http/openapi-validator.ts
 * configures it, without compiling anything when a request comes (test/http/request-validation-parity.test.ts
 * compares the two on generated requests for every operation).
 */
export function precompiledRequestValidator(options: PrecompiledValidatorOptions): RequestHandler {
  const { index, validators, ignores } = options;
  const routes: CompiledRoute[] = index.routes.map((route) => ({ ...route, regexp: new RegExp(route.pattern, route.flags) }));
  // The parameter mutator dereferences parameters through `apiDoc.components.parameters` and their
  // schemas through ajv's getSchema(ref).schema; these two stand in for the contract and ajv.
  const apiDoc = { components: index.components };
  const schemaLookup = { getSchema: (ref: string) => (Object.hasOwn(index.components.schemas, ref) ? { schema: index.components.schemas[ref] } : undefined) };
  const pathParamNames = [...new Set(routes.flatMap((route) => route.keys))];
  const installedOn = new WeakSet<Application>();
  const loaded = new Map<string, OperationValidators>();
  const validatorOf = (operationId: string, key: string): CompiledValidator => {
    let forOperation = loaded.get(operationId);
    if (!forOperation) loaded.set(operationId, (forOperation = validators(operationId)));
    const validator = forOperation[key];
    if (!validator) throw new Error(`no precompiled request validator ${key} for ${operationId}: run \`npm run generate\``);
    return validator;
  };

  /** The validator's pathParamsMiddleware: a route's parameters are the ones it matched (decoded, coerced). */
  function installPathParams(app: Application): void {
    if (installedOn.has(app)) return;
    installedOn.add(app);
    for (const name of pathParamNames) {
      app.param(name, (req: ValidatedRequest, _res, next, _value, paramName: string) => {
        const pathParams = req.openapi?.pathParams;
        if (pathParams) req.params[paramName] = pathParams[paramName] || req.params[paramName];
        next();
      });
    }
  }

  function lookupRoute(req: Request): { route: CompiledRoute; pathParams: Record<string, string>; operation: ValidatedOperation | undefined } | undefined {
    const path = req.originalUrl.split('?')[0];
    for (const route of routes) {
      const matched = route.regexp.exec(path);
      if (!matched) continue;
      let values: string[];
      try {
        values = matched.slice(1).map(decodeURIComponent);
      } catch {
        throw new httpErrors.BadRequest({ path: req.path, message: "malformed uri'" });
      }
      const pathParams = Object.fromEntries(route.keys.map((key, position) => [key, values[position]]));
      const method = req.method.toLowerCase();
      const operation = Object.hasOwn(route.operations, method) ? route.operations[method] : undefined;
      return { route, pathParams, operation };
    }
    return undefined;
  }

  /** The validator's refusal of query parameters the operation does not declare, or sends empty. */
  function checkQueryNames(query: JsonObject, operation: ValidatedOperation): void {
    if (operation.query.allowUnknown || operation.query.anyName) return;
    const known = new Set([...operation.query.names, ...operation.query.securityNames]);
    for (const name of Object.keys(query)) {
      if (!known.has(name)) throw new httpErrors.BadRequest({ path: `/query/${name}`, message: `Unknown query parameter '${name}'` });
      if (query[name] === '') throw new httpErrors.BadRequest({ path: `/query/${name}`, message: `Empty value found for query parameter '${name}'` });
    }
  }

  function validate(req: ValidatedRequest, openapi: OpenApiMetadata): void {
    const operation = openapi.schema;
    const contentType = validatorUtil.ContentType.from(req);
    const body = new BodyMediaTypes().parse(openapi.expressRoute, operation, contentType);
    const bodyValidator = validatorOf(operation.operationId, typeof body['x-tracewell-validator'] === 'string' ? body['x-tracewell-validator'] : NO_BODY);
    const generalValidator = validatorOf(operation.operationId, GENERAL);
    if (Object.keys(openapi.pathParams).length > 0) req.params = openapi.pathParams;
    // As the validator does for express 5: an own, writable `query`, so that the mutator's and ajv's changes stay.
    const queryDescriptor = Object.getOwnPropertyDescriptor(req, 'query');
    Object.defineProperty(req, 'query', { writable: true, value: req.query });
    new ParameterMutator(schemaLookup, apiDoc, openapi.expressRoute, { query: operation.querySchema }).modifyRequest(req);
    checkQueryNames(req.query as JsonObject, operation);
    // The validator gives a multipart request a body object; no operation reads multipart (the generator refuses one).
    if (contentType.mediaType === 'multipart/form-data') req.body ??= {};
    if (queryDescriptor) Object.defineProperty(req, 'query', queryDescriptor);
    const cookies = req.cookies ? { ...req.cookies, ...req.signedCookies } : undefined;
    const data = { query: req.query ?? {}, headers: req.headers, params: req.params, cookies, body: req.body as unknown };
    const valid = generalValidator(data);
    const validBody = bodyValidator(data);
    if (valid && validBody) return;
    const errors = validatorUtil.augmentAjvErrors([...(generalValidator.errors ?? []), ...(bodyValidator.errors ?? [])]);
    const error = new httpErrors.BadRequest({ path: req.path, message: errors.map((e) => `request${e.instancePath} ${e.message}`).join(', ') });
    error.errors = validatorUtil.ajvErrorsToValidatorError(400, errors).errors;
    throw error;
  }

  return (req: ValidatedRequest, _res: Response, next: NextFunction) => {
    try {
      installPathParams(req.app);
      const path = req.path.startsWith(req.baseUrl) ? req.path : `${req.baseUrl}/${req.path}`;
      if (ignores(path)) return next();
      const matched = lookupRoute(req);
      if (!matched) {
        if (index.basePaths.some((base) => path.startsWith(base))) throw new httpErrors.NotFound({ path: req.path, message: 'not found' });
        return next();
      }
      const { route, pathParams, operation } = matched;
      if (!operation) {
        const allow = Object.keys(route.operations).filter((method) => HTTP_METHODS.includes(method)).map((method) => method.toUpperCase()).join(', ');
        throw new httpErrors.MethodNotAllowed({ path: req.path, message: `${req.method} method not allowed`, headers: { Allow: allow } });
      }
      const openapi: OpenApiMetadata = { expressRoute: route.expressRoute, openApiRoute: route.openApiRoute, pathParams, schema: operation, serial: -1 };
      req.openapi = openapi;
      req.params = pathParams;
      validate(req, openapi);
      next();
    } catch (error) {
      next(error);
    }
  };
}
