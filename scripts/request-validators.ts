/**
 * Writes the public API's request validators ahead of time (issue #61: the server's first API answer
 * waited ~0.5 s for express-openapi-validator to load, preprocess the contract and compile ajv
 * validators on the first request). The validator itself builds them here, in this process: its own
 * spec loading, preprocessing, route order, parameter schemas and ajv options, as the server had
 * configured it (src/http/openapi-validator.ts). What it would compile on a request is compiled
 * now by ajv into standalone code (generated/request-validators.cjs), and what its middleware reads
 * of the preprocessed contract is written beside it (generated/request-validation.json).
 * src/http/request-validation/ serves them; test/http/request-validation-parity.test.ts holds the
 * two to the same answers.
 */
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { openApiValidator } from '../src/http/openapi-validator.js';
import type { RequestValidationIndex, ValidatedOperation, ValidatedRoute } from '../src/http/request-validation/validation-index.js';
import { GENERAL, HTTP_METHODS, NO_BODY } from '../src/http/request-validation/precompiled-request-validator.js';
import { REQUEST_FORMATS } from '../src/http/request-validation/request-formats.js';
import { REQUEST_VALIDATION_INDEX_PATH, REQUEST_VALIDATORS_DIR } from '../src/http/contract-validator.js';

type JsonObject = Record<string, unknown>;
type AjvLike = { addSchema(schema: unknown, key: string): void; formats: Record<string, unknown> };

const here = createRequire(import.meta.url);
const validatorRequire = createRequire(here.resolve('express-openapi-validator'));
const ajvFactory = validatorRequire('./framework/ajv/index') as { createRequestAjv(doc: unknown, options: JsonObject): AjvLike };
const requestValidatorModule = validatorRequire('./middlewares/openapi.request.validator') as {
  RequestValidator: { prototype: { validate(this: CapturedValidator, req: unknown, res: unknown, next: () => void): void } };
};
const contextModule = validatorRequire('./framework/openapi.context') as { OpenApiContext: { prototype: { shouldIgnoreRoute(this: CapturedContext, path: string): boolean } } };
const schemaParseModule = validatorRequire('./middlewares/parsers/schema.parse') as {
  ParametersSchemaParser: new (ajv: unknown, doc: unknown) => { parse(path: string, parameters: unknown[] | undefined): Record<string, JsonObject> };
};
const bodyParseModule = validatorRequire('./middlewares/parsers/body.parse') as {
  BodySchemaParser: new () => { parse(path: string, operation: unknown, contentType: unknown): JsonObject };
};
const utilModule = validatorRequire('./middlewares/util') as { ContentType: { fromString(type: string): { normalize(): string | undefined } } };
const pathToRegexp = (validatorRequire('path-to-regexp') as { pathToRegexp(path: string, options: JsonObject): { regexp: RegExp; keys: { name: string }[] } }).pathToRegexp;
const ajvRequire = createRequire(validatorRequire.resolve('ajv/dist/2020'));
const { _ } = ajvRequire('ajv') as { _: (strings: TemplateStringsArray, ...values: unknown[]) => unknown };
const standaloneCode = (ajvRequire('ajv/dist/standalone') as { default: (ajv: unknown, refs: Record<string, string>) => string }).default;

interface CapturedValidator {
  apiDoc: JsonObject;
  ajv: unknown;
}
interface CapturedContext {
  apiDoc: JsonObject;
  basePaths: string[];
  expressRouteMap: Record<string, JsonObject & { basePath: string; _openApiRoute: string; _expressRoute: string }>;
}


/** The validator's state once it has served a request: its preprocessed contract, route map, ajv options. */
async function captureValidator(contract: JsonObject): Promise<{ validator: CapturedValidator; context: CapturedContext; generalOptions: JsonObject; bodyOptions: JsonObject; securityQueryNames: (operation: JsonObject) => string[] }> {
  const options: JsonObject[] = [];
  const createRequestAjv = ajvFactory.createRequestAjv;
  ajvFactory.createRequestAjv = (doc, opts) => {
    options.push(opts);
    return createRequestAjv(doc, opts);
  };
  let validator: CapturedValidator | undefined;
  let context: CapturedContext | undefined;
  const validate = requestValidatorModule.RequestValidator.prototype.validate;
  requestValidatorModule.RequestValidator.prototype.validate = function (this: CapturedValidator, _req, _res, next) {
    validator = this;
    next();
  };
  const shouldIgnoreRoute = contextModule.OpenApiContext.prototype.shouldIgnoreRoute;
  contextModule.OpenApiContext.prototype.shouldIgnoreRoute = function (this: CapturedContext, path: string) {
    context = this;
    return shouldIgnoreRoute.call(this, path);
  };
  try {
    const app = express();
    app.set('query parser', 'extended');
    app.use(openApiValidator({ validateRequests: true, validateResponses: false, contract }));
    app.use((_req, res) => void res.status(204).end());
    app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(500).json({ error: String(error) }));
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/public/project`);
    await response.text();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    if (response.status !== 204) throw new Error(`the validator answered ${response.status} to the capturing request`);
  } finally {
    ajvFactory.createRequestAjv = createRequestAjv;
    requestValidatorModule.RequestValidator.prototype.validate = validate;
    contextModule.OpenApiContext.prototype.shouldIgnoreRoute = shouldIgnoreRoute;
  }
  if (!validator || !context || options.length < 2) throw new Error('express-openapi-validator did not build its request validator');
  // RequestValidator's constructor creates the general (parameters, always coercing) ajv first, the body's second.
  const [generalOptions, bodyOptions] = options.slice(-2);
  const apiDoc = validator.apiDoc;
  const securitySchemes = ((apiDoc.components as JsonObject | undefined)?.securitySchemes ?? {}) as Record<string, JsonObject>;
  // Security.queryParam of the request validator: API keys sent in the query are allowed as unknown query parameters.
  const securityQueryNames = (operation: JsonObject): string[] => {
    const used = ((operation.security as JsonObject[] | undefined)?.length ? operation.security : apiDoc.security) as JsonObject[] | undefined;
    return (used ?? [])
      .filter((requirement) => Object.keys(requirement).length > 0)
      .map((requirement) => securitySchemes[Object.keys(requirement)[0]])
      .filter((scheme) => scheme?.type === 'apiKey' && scheme.in === 'query')
      .map((scheme) => String(scheme.name));
  };
  return { validator, context, generalOptions, bodyOptions, securityQueryNames };
}

const MODULE_HEADER = '// Generated from contract/openapi.yaml by `npm run generate` (scripts/request-validators.ts). Do not edit by hand.\n';
/** Standalone code as a function of the formats it names, so the server passes its own (REQUEST_FORMATS). */
const wrap = (name: string, source: string) => `function ${name}(formats) {\nconst exports = {};\nconst module = { exports };\n${source}\nreturn exports;\n}\n`;

export interface RenderedRequestValidators {
  /** generated/request-validation.json */
  index: string;
  /** generated/request-validators/<operationId>.cjs, by file name */
  modules: Record<string, string>;
}

/**
 * The files under generated/ that differ from `rendered`, by path relative to generated/: the index,
 * each module missing or changed, and each module left over from an operation the contract no longer
 * has. Empty when they are current (`npm run generate --check` and test/contract read this).
 */
export async function staleRequestValidatorFiles(rendered: RenderedRequestValidators): Promise<string[]> {
  const read = (file: string) => readFile(file, 'utf8').catch(() => undefined);
  const stale: string[] = [];
  if ((await read(REQUEST_VALIDATION_INDEX_PATH)) !== rendered.index) stale.push(path.basename(REQUEST_VALIDATION_INDEX_PATH));
  const folder = path.basename(REQUEST_VALIDATORS_DIR);
  const present = new Set(await readdir(REQUEST_VALIDATORS_DIR).catch(() => [] as string[]));
  for (const [file, text] of Object.entries(rendered.modules)) if ((await read(path.join(REQUEST_VALIDATORS_DIR, file))) !== text) stale.push(`${folder}/${file}`);
  for (const file of [...present].sort()) if (!Object.hasOwn(rendered.modules, file)) stale.push(`${folder}/${file}`);
  return stale;
}

/**
 * Everything the validator would build for each operation: the route (its expression as the
 * validator compiles it), the operation as it reads it after preprocessing, and the standalone
 * validators for its parameters and each of its body's media types.
 */
export async function renderRequestValidators(contract: JsonObject): Promise<RenderedRequestValidators> {
  const { validator, context, generalOptions, bodyOptions, securityQueryNames } = await captureValidator(contract);
  const apiDoc = validator.apiDoc;
  const code = { source: true, lines: false, formats: _`formats` };
  // ajv's own inlining of references is kept (inlineRefs): a reference compiled as a call coerces
  // differently in some anyOf branches (null to "" where the validator keeps null), so it must match the validator's.
  // The same factory and options the validator used, with standalone code switched on.
  const generalAjv = ajvFactory.createRequestAjv(apiDoc, { ...generalOptions, code });
  const bodyAjv = ajvFactory.createRequestAjv(apiDoc, { ...bodyOptions, code });
  // One root per ajv holding every operation's schema beside the components, so each component is compiled once.
  const generalRoot: JsonObject = { paths: apiDoc.paths, components: apiDoc.components, operations: {} };
  const bodyRoot: JsonObject = { paths: apiDoc.paths, components: apiDoc.components, operations: {} };
  // By operation: the standalone exports of its parameters' validator and of each body validator.
  const refsByOperation = new Map<string, { general: Record<string, string>; body: Record<string, string> }>();
  const parser = new schemaParseModule.ParametersSchemaParser(validator.ajv, apiDoc);
  const routes: ValidatedRoute[] = [];
  for (const [expressRoute, methods] of Object.entries(context.expressRouteMap)) {
    const openApiRoute = methods._openApiRoute;
    const pathKey = openApiRoute.substring(methods.basePath.length);
    const pathItem = (apiDoc.paths as Record<string, JsonObject>)[pathKey];
    // Case-sensitive where the validator is not: the server routes one spelling of each path
    // (src/app.ts), so another spelling is the validator's 404 before any of its input is read.
    const { regexp, keys } = pathToRegexp(expressRoute, { sensitive: true, strict: false });
    const operations: Record<string, ValidatedOperation> = {};
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method] as JsonObject | undefined;
      if (!operation) continue;
      const operationId = String(operation.operationId);
      const parameters = parser.parse(expressRoute, operation.parameters as unknown[] | undefined);
      const general = { required: ['query', 'headers', 'params'], properties: { ...parameters, body: {} } };
      (generalRoot.operations as JsonObject)[operationId] = general;
      const refs = { general: { [GENERAL]: `general#/operations/${operationId}` }, body: { [NO_BODY]: 'body#/operations/_none' } as Record<string, string> };
      refsByOperation.set(operationId, refs);
      const query = parameters.query as { properties?: Record<string, JsonObject>; allowEmptyValue?: Set<string> };
      if (query.allowEmptyValue?.size) throw new Error(`${operationId}: allowEmptyValue is not supported by the precompiled validators`);
      if (expressRoute.endsWith('*')) throw new Error(`${operationId}: wildcard paths are not supported by the precompiled validators`);
      const queryNames = Object.keys(query.properties ?? {});
      const anyQuery = Object.values(query.properties ?? {}).some((p) => p.type === 'object' && Boolean(p.additionalProperties));
      // The body schema the validator would pick for each media type the operation declares.
      const bodies: Record<string, string> = {};
      const requestBody = operation.requestBody as { content?: Record<string, JsonObject> } | undefined;
      for (const [position, mediaType] of Object.keys(requestBody?.content ?? {}).entries()) {
        if (mediaType.startsWith('multipart/')) throw new Error(`${operationId}: multipart bodies are not supported by the precompiled validators`);
        const schema = new bodyParseModule.BodySchemaParser().parse(expressRoute, operation, utilModule.ContentType.fromString(mediaType));
        const binary = schema.format === 'binary';
        const body: JsonObject = { properties: { query: {}, headers: {}, params: {}, cookies: {}, body: binary ? {} : schema } };
        // The validator requires a body when its schema has a `required` list (Validator._schemaBody).
        if (schema.required && !binary) body.required = ['body'];
        (bodyRoot.operations as JsonObject)[`${operationId}_${position}`] = body;
        refs.body[`body:${mediaType}`] = `body#/operations/${operationId}_${position}`;
        bodies[mediaType] = `body:${mediaType}`;
      }
      operations[method] = {
        operationId,
        parameters: (operation.parameters as JsonObject[] | undefined) ?? [],
        ...(requestBody ? { requestBody: { required: (requestBody as JsonObject).required as boolean | undefined, content: Object.fromEntries(Object.entries(bodies).map(([type, key]) => [type, { schema: { 'x-tracewell-validator': key } }])) } } : {}),
        querySchema: query as JsonObject,
        query: {
          names: queryNames,
          anyName: anyQuery,
          securityNames: securityQueryNames(operation),
          allowUnknown: Boolean(operation['x-eov-allow-unknown-query-parameters'] ?? operation['x-allow-unknown-query-parameters'] ?? generalOptions.allowUnknownQueryParameters),
        },
      };
    }
    routes.push({ expressRoute, openApiRoute, pattern: regexp.source, flags: regexp.flags, keys: keys.map((k) => k.name), operations });
  }
  // A request whose media type selects no body schema validates its parameters only; its body part always passes.
  (bodyRoot.operations as JsonObject)._none = { properties: { query: {}, headers: {}, params: {}, cookies: {}, body: {} } };
  generalAjv.addSchema(generalRoot, 'general');
  bodyAjv.addSchema(bodyRoot, 'body');
  // One module per operation, loaded with its first request: a server reads the code of the operations it is asked for.
  const modules: Record<string, string> = {};
  for (const [operationId, refs] of refsByOperation) {
    const generalCode = standaloneCode(generalAjv, refs.general);
    const bodyCode = standaloneCode(bodyAjv, refs.body);
    // Function formats are referenced by name (`formats[...]`), so the server must pass the very definitions ajv had here.
    for (const [source, ajv] of [[generalCode, generalAjv], [bodyCode, bodyAjv]] as const) {
      for (const [, name] of source.matchAll(/formats\["([^"]+)"\]/g)) {
        if (REQUEST_FORMATS[name] !== ajv.formats[name]) throw new Error(`format ${name}: the definition the validator compiled with is not REQUEST_FORMATS[${JSON.stringify(name)}]`);
      }
    }
    modules[`${operationId}.cjs`] = `${MODULE_HEADER}'use strict';\n${wrap('general', generalCode)}${wrap('body', bodyCode)}module.exports = { general, body };\n`;
  }
  const parameterSchemas: Record<string, unknown> = {};
  const components = (apiDoc.components ?? {}) as JsonObject;
  const index: RequestValidationIndex = {
    basePaths: context.basePaths,
    components: { parameters: (components.parameters ?? {}) as JsonObject, schemas: parameterSchemas },
    routes,
  };
  // The parameter schemas reached by $ref, as the validator's mutator dereferences them (ajv.getSchema(ref).schema).
  const parameters = [...routes.flatMap((route) => Object.values(route.operations).flatMap((operation) => operation.parameters)), ...(Object.values(index.components.parameters) as JsonObject[])];
  for (const parameter of parameters) {
    const ref = (parameter.schema as JsonObject | undefined)?.$ref;
    if (typeof ref !== 'string') continue;
    if (!ref.startsWith('#/components/schemas/')) throw new Error(`parameter ${String(parameter.name)}: its schema's $ref ${ref} is not a component schema`);
    parameterSchemas[ref] = (components.schemas as JsonObject)[ref.slice('#/components/schemas/'.length)];
  }
  return { index: JSON.stringify(index), modules };
}
