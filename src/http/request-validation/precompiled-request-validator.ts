import { createRequire } from 'node:module';
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

/** The precompiled validators by key (generated/request-validators.cjs): `<operationId>:general`, `<operationId>:body:<media type>`, and NO_BODY. */
export type CompiledValidators = Readonly<Record<string, CompiledValidator>>;

/** The body validator of an operation without a body, or of a request whose media type selects no schema. */
export const NO_BODY = ':none';

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
 * way the validator read it; these modules load in a few milliseconds, without ajv or the contract.
 */
const validatorRequire = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
const httpErrors = validatorRequire('./framework/types') as { BadRequest: HttpErrorClass; NotFound: HttpErrorClass; MethodNotAllowed: HttpErrorClass };
const { RequestParameterMutator } = validatorRequire('./middlewares/parsers/req.parameter.mutator') as {
  RequestParameterMutator: new (ajv: unknown, apiDoc: unknown, path: string, parsedSchema: unknown) => { modifyRequest(req: Request): void };
};
const { BodySchemaParser } = validatorRequire('./middlewares/parsers/body.parse') as {
  BodySchemaParser: new () => { parse(path: string, operation: unknown, contentType: ContentTypeValue): JsonObject };
};
const validatorUtil = validatorRequire('./middlewares/util') as {
  ContentType: { from(req: Request): ContentTypeValue };
  augmentAjvErrors(errors: AjvError[]): AjvError[];
  ajvErrorsToValidatorError(status: number, errors: AjvError[]): { errors: { path: string; message: string; errorCode: string }[] };
};

/** The methods the validator treats as operations of a path item (its preprocessor's list), for the 405's Allow. */
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

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
  validators: CompiledValidators;
  /** The paths the validator skips (its `ignorePaths`). */
  ignores: (path: string) => boolean;
}

/**
 * The public API's request validation with the validators compiled by `npm run generate`: the same
 * route lookup (404, 405), parameter reading, media-type choice (415), coercion, defaults and error
 * list as express-openapi-validator's request middleware, configured as src/http/contract-validator.ts
 * configures it, without compiling anything when a request comes (test/http/request-validation-parity.test.ts
 * compares the two on generated requests for every operation).
 */
export function precompiledRequestValidator(options: PrecompiledValidatorOptions): RequestHandler {
  const { index, validators, ignores } = options;
  const routes: CompiledRoute[] = index.routes.map((route) => ({ ...route, regexp: new RegExp(route.pattern, route.flags) }));
  // The parameter mutator dereferences parameters through `apiDoc.components.parameters` and their
  // schemas through ajv's getSchema(ref).schema; these two stand in for the contract and ajv.
  const apiDoc = { components: index.components };
  const schemaLookup = { getSchema: (ref: string) => (ref in index.components.schemas ? { schema: index.components.schemas[ref] } : undefined) };
  const pathParamNames = [...new Set(routes.flatMap((route) => route.keys))];
  const installedOn = new WeakSet<Application>();
  const validatorOf = (key: string): CompiledValidator => {
    const validator = validators[key];
    if (!validator) throw new Error(`no precompiled request validator ${key}: run \`npm run generate\``);
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
    const body = new BodySchemaParser().parse(openapi.expressRoute, operation, contentType);
    const bodyValidator = validatorOf(typeof body['x-tracewell-validator'] === 'string' ? body['x-tracewell-validator'] : NO_BODY);
    const generalValidator = validatorOf(`${operation.operationId}:general`);
    if (Object.keys(openapi.pathParams).length > 0) req.params = openapi.pathParams;
    // As the validator does for express 5: an own, writable `query`, so that the mutator's and ajv's changes stay.
    const queryDescriptor = Object.getOwnPropertyDescriptor(req, 'query');
    Object.defineProperty(req, 'query', { writable: true, value: req.query });
    new RequestParameterMutator(schemaLookup, apiDoc, openapi.expressRoute, { query: operation.querySchema }).modifyRequest(req);
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
        const allow = Object.keys(route.operations).filter((method) => HTTP_METHODS.has(method)).map((method) => method.toUpperCase()).join(', ');
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
