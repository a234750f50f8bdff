import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { SecuritySchemeName } from '../auth/principal.js';
import { minimumRoleFor, type ProjectRole } from '../auth/roles.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { queryParametersAsSent } from './query-parameters.js';
import { spanStartTimesReadByIngestion } from './date-time-format.js';

export const CONTRACT_PATH = path.join(PACKAGE_ROOT, 'contract/openapi.yaml');
/**
 * The same contract parsed by `npm run generate` (drift-tested): the server starts with JSON.parse
 * (~20 ms) where the YAML parser took ~0.6 s of start-up CPU and a few MB of parser garbage.
 */
export const PARSED_CONTRACT_PATH = path.join(PACKAGE_ROOT, 'generated/openapi.json');

export type RateClass = 'read' | 'write' | 'ingest' | 'search';

/** What the server needs to know about an operation before validation: who may call it and how often. */
export interface OperationMeta {
  operationId: string;
  method: string;
  /** OpenAPI path template, e.g. /api/v1/public/saved-filters/{id} */
  pathTemplate: string;
  /** Express path, e.g. /api/v1/public/saved-filters/:id */
  expressPath: string;
  matcher: RegExp;
  /** The credential policy: each accepted scheme with the scopes it needs. */
  security: { scheme: SecuritySchemeName; scopes: string[] }[];
  rateClass: RateClass;
  /** Declares x-project-id, so it works in one selected project. */
  projectScoped: boolean;
  /** x-project-id is a required parameter of the operation. */
  projectHeaderRequired: boolean;
  /** The least project role a user or service account needs (`x-min-role`, else by method). */
  minRole: ProjectRole;
  /** `x-tracewell-read-only: true`: a non-GET operation that changes nothing, callable by read-only keys. */
  readsOnly: boolean;
  /** `x-audit`: the operation is an administrative mutation, recorded in its own transaction. */
  audit?: AuditSpec;
  /** The names of its path and query parameters that the contract declares `format: uuid` (src/http/uuid-parameters.ts). */
  uuidParameters: { path: ReadonlySet<string>; query: ReadonlySet<string> };
}

/**
 * How an audited operation is recorded: the action, the target's type, where the target id is
 * (`path.<param>` or `response.<dotted.path>`), and which body fields (else path parameters) go into the details.
 */
export interface AuditSpec {
  action: string;
  target: string;
  id?: string;
  details?: string[];
}

type JsonObject = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** The contract at `file`, parsed as the server reads it (a test reads a changed copy through this). */
export function readContract(file: string): JsonObject {
  // Loaded here, not at start: the server reads generated/openapi.json and never needs the YAML parser.
  const { parse } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return parse(readFileSync(file, 'utf8'), { maxAliasCount: -1 }) as JsonObject;
}

/** generated/openapi.json as text: also the body of GET /api/v1/public/openapi.json, so it is read once. */
export function parsedContractText(): string {
  return readFileSync(PARSED_CONTRACT_PATH, 'utf8');
}

let cached: JsonObject | undefined;
/** The contract as the server reads it; one shared copy (callers must not change it). */
export function loadContract(): JsonObject {
  cached ??= JSON.parse(parsedContractText()) as JsonObject;
  return cached;
}

export function resolveRef(document: JsonObject, node: unknown): JsonObject {
  const ref = (node as JsonObject | undefined)?.$ref;
  if (typeof ref !== 'string') return node as JsonObject;
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((value, key) => (value as JsonObject)[key.replace(/~1/g, '/').replace(/~0/g, '~')], document) as JsonObject;
}

/** An operation as generated/operation-index.json holds it: OperationMeta with its path pattern as text and its uuid parameters as lists. */
export type OperationRecord = Omit<OperationMeta, 'matcher' | 'uuidParameters'> & { pattern: string; uuidParameters: { path: string[]; query: string[] } };

/** The operations of `document` that take credentials (src/http/access-middleware.ts), as plain records. */
export function deriveOperationIndex(document: JsonObject): OperationRecord[] {
  const operations: OperationRecord[] = [];
  const paths = document.paths as Record<string, JsonObject>;
  for (const [pathTemplate, pathItem] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = pathItem[method] as JsonObject | undefined;
      if (!operation) continue;
      // `security: []` marks a public operation (the served contract): answered before
      // authentication by its own router, outside the credential policy and rate classes.
      if (Array.isArray(operation.security) && operation.security.length === 0) continue;
      const parameters = [...((pathItem.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])].map((p) =>
        resolveRef(document, p),
      );
      const projectHeader = parameters.find((p) => p.in === 'header' && String(p.name).toLowerCase() === 'x-project-id');
      const security = ((operation.security ?? document.security ?? []) as Record<string, string[]>[]).flatMap((requirement) =>
        Object.entries(requirement).map(([scheme, scopes]) => ({ scheme: scheme as SecuritySchemeName, scopes })),
      );
      // A read-only POST (x-tracewell-read-only) is a read for the role it needs too: viewer, as a GET.
      const readsOnly = operation['x-tracewell-read-only'] === true;
      const pattern = pathTemplate.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '([^/]+)');
      const audit = operation['x-audit'] as AuditSpec | undefined;
      const uuidNamed = (where: string) => parameters.filter((p) => p.in === where && resolveRef(document, p.schema)?.format === 'uuid').map((p) => String(p.name));
      operations.push({
        operationId: String(operation.operationId),
        method: method.toUpperCase(),
        pathTemplate,
        expressPath: pathTemplate.replace(/\{([^}]+)\}/g, ':$1'),
        pattern: `^${pattern}/?$`,
        security,
        rateClass: ((operation['x-rate-class'] as RateClass | undefined) ?? (method === 'get' ? 'read' : 'write')),
        projectScoped: Boolean(projectHeader),
        projectHeaderRequired: Boolean(projectHeader?.required),
        minRole: minimumRoleFor(readsOnly ? 'get' : method, operation['x-min-role']),
        readsOnly,
        ...(audit ? { audit } : {}),
        uuidParameters: { path: uuidNamed('path'), query: uuidNamed('query') },
      });
    }
  }
  return operations;
}

/** generated/operation-index.json: deriveOperationIndex of the contract, written by `npm run generate`. */
export const OPERATION_INDEX_PATH = path.join(PACKAGE_ROOT, 'generated/operation-index.json');

let indexCached: OperationRecord[] | undefined;

/**
 * The operations that take credentials, with their matchers. Without a document, read from
 * generated/operation-index.json (~100 kB) rather than derived from the whole contract: building the
 * app then parses no contract at all (reading and parsing generated/openapi.json took ~40 ms of every
 * start before `/readyz`, issue #61 item 2); the request validator parses it on the first API request.
 * A test passes a changed document and gets it derived.
 */
export function operationIndex(document?: JsonObject): OperationMeta[] {
  const records = document ? deriveOperationIndex(document) : (indexCached ??= JSON.parse(readFileSync(OPERATION_INDEX_PATH, 'utf8')) as OperationRecord[]);
  return records.map(({ pattern, uuidParameters, ...operation }) => ({
    ...operation,
    matcher: new RegExp(pattern),
    uuidParameters: { path: new Set(uuidParameters.path), query: new Set(uuidParameters.query) },
  }));
}

/** Finds the operation a request addresses; templated segments match after literal ones. */
export function createOperationMatcher(operations: OperationMeta[]): (method: string, requestPath: string) => OperationMeta | undefined {
  const ordered = [...operations].sort((a, b) => (a.pathTemplate.match(/\{/g)?.length ?? 0) - (b.pathTemplate.match(/\{/g)?.length ?? 0));
  return (method, requestPath) => ordered.find((op) => op.method === method && op.matcher.test(requestPath));
}

/**
 * The contract as validators read it: every schema marked `x-recursive-ref` (TraceSpan.children,
 * FilterGroup.rules) becomes the `$ref` it names. The file itself has no `$ref` cycle so tools that
 * dereference it whole load it; validation still checks every level of the recursive trees.
 */
export function linkRecursiveRefs<T>(document: T): T {
  const link = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(link);
    if (!node || typeof node !== 'object') return node;
    const target = (node as JsonObject)['x-recursive-ref'];
    if (typeof target === 'string') return { $ref: target };
    return Object.fromEntries(Object.entries(node as JsonObject).map(([key, value]) => [key, link(value)]));
  };
  return link(document) as T;
}

/**
 * The same contract as the request validator reads it (`deriveValidationContract`), written by
 * `npm run generate` and drift-tested: the server reads it with JSON.parse where the three
 * whole-document transforms took ~0.1–0.25 s of CPU on the way to the first API answer.
 */
export const VALIDATION_CONTRACT_PATH = path.join(PACKAGE_ROOT, 'generated/validation-contract.json');

/**
 * The contract the request validator reads: recursive refs linked, query values taken as clients
 * encode them, span start times left to ingestion's own rule (the validator's `date-time` is
 * stricter than RFC 3339: src/http/date-time-format.ts). Run by `npm run generate`, not by the server.
 */
export function deriveValidationContract(contract: JsonObject): JsonObject {
  return spanStartTimesReadByIngestion(queryParametersAsSent(linkRecursiveRefs(contract)));
}

let validationCached: JsonObject | undefined;
/** generated/validation-contract.json parsed; one shared copy (callers must not change it). */
export function validationContract(): JsonObject {
  validationCached ??= JSON.parse(readFileSync(VALIDATION_CONTRACT_PATH, 'utf8')) as JsonObject;
  return validationCached;
}
