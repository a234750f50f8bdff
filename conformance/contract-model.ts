import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

export type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export const DEFAULT_CONTRACT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../contract/openapi.yaml');

export interface ParameterSpec {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Json;
  /** JSON pointer of the schema, for the validator. */
  schemaPointer: string;
  /** False for a query parameter that only shapes the answer (`x-cursor-bound: false`), so a cursor does not fix it. */
  cursorBound: boolean;
}

export interface ResponseSpec {
  status: string;
  /** media type → schema pointer */
  content: Record<string, string>;
  /** header name (lower case) → { schema pointer, required } */
  headers: Record<string, string>;
}

export interface OperationSpec {
  operationId: string;
  method: string;
  pathTemplate: string;
  security: { scheme: string; scopes: string[] }[];
  parameters: ParameterSpec[];
  /** Schema of the application/json body, if any. */
  body?: { schema: Json; pointer: string; required: boolean };
  responses: Map<string, ResponseSpec>;
  readOnly: boolean;
  /** The rate class the spec counts the operation in (x-rate-class; GET reads, anything else writes). */
  rateClass: string;
  /**
   * x-credential-reach: organization — only an organization-wide credential (or an organization owner
   * or admin) may call it; anything else is 403 PUBLIC_API_ORGANIZATION_ADMIN_REQUIRED.
   */
  organizationReach: boolean;
}

const escapePointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The contract as the kit reads it: operations with their parameters, bodies and responses, and a
 * JSON Schema 2020-12 validator over the whole document. The kit takes every rule about shapes from
 * here, never from the implementation.
 */
export class ContractModel {
  readonly document: Json;
  readonly operations: OperationSpec[];
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(text: string) {
    this.document = linkRecursiveRefs(parse(text, { maxAliasCount: -1 }) as Json);
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addFormat('media-range', true);
    this.ajv.addSchema(this.document as object, 'contract');
    this.operations = this.indexOperations();
  }

  static load(file = DEFAULT_CONTRACT): ContractModel {
    return new ContractModel(readFileSync(file, 'utf8'));
  }

  /** Follows `$ref`s from `pointer`, returning the node and the pointer it ends at. */
  resolve(pointer: string): { node: Json; pointer: string } {
    let current = pointer;
    for (let hops = 0; hops < 20; hops += 1) {
      const node = this.at(current);
      const ref = node?.$ref;
      if (typeof ref !== 'string') return { node, pointer: current };
      current = ref.replace(/^#/, '');
    }
    throw new Error(`$ref chain too long at ${pointer}`);
  }

  at(pointer: string): Json {
    return pointer
      .split('/')
      .slice(1)
      .reduce<unknown>((node, key) => (node as Json | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], this.document) as Json;
  }

  /** Validates `value` against the schema at `pointer`; returns the first error as text, or undefined. */
  validate(pointer: string, value: unknown): string | undefined {
    // Keyed by where the $refs end, so the many responses that share the Problem schema compile it once.
    const target = this.resolve(pointer).pointer;
    let validator = this.compiled.get(target);
    if (!validator) {
      validator = this.ajv.compile({ $ref: `contract#${target}` });
      this.compiled.set(target, validator);
    }
    if (validator(value)) return undefined;
    const error = validator.errors?.[0];
    return error ? `${error.instancePath || '/'} ${error.message ?? 'is invalid'}${error.params ? ` ${JSON.stringify(error.params)}` : ''}` : 'is invalid';
  }

  schema(name: string): string {
    return `/components/schemas/${name}`;
  }

  operation(operationId: string): OperationSpec | undefined {
    return this.operations.find((op) => op.operationId === operationId);
  }

  private indexOperations(): OperationSpec[] {
    const operations: OperationSpec[] = [];
    for (const [pathTemplate, item] of Object.entries(this.document.paths as Record<string, Json>)) {
      // The public API's rules (envelopes, Problems, cursors) hold under /api/v1/public. Other
      // paths speak another protocol the contract does not JSON-Schema-describe (OTLP/HTTP's
      // protobuf or OTLP JSON bodies and google.rpc.Status errors at /v1/traces); not checked here.
      if (!pathTemplate.startsWith('/api/v1/public/')) continue;
      const itemPointer = `/paths/${escapePointer(pathTemplate)}`;
      for (const method of METHODS) {
        const op = item[method] as Json | undefined;
        if (!op) continue;
        const opPointer = `${itemPointer}/${method}`;
        const parameterPointers = [
          ...((item.parameters as unknown[] | undefined) ?? []).map((_, i) => `${itemPointer}/parameters/${i}`),
          ...((op.parameters as unknown[] | undefined) ?? []).map((_, i) => `${opPointer}/parameters/${i}`),
        ];
        const parameters = parameterPointers.map((p) => {
          const { node, pointer } = this.resolve(p);
          const schema = this.resolve(`${pointer}/schema`);
          return { name: String(node.name), in: node.in, required: Boolean(node.required), schema: schema.node, schemaPointer: schema.pointer, cursorBound: node['x-cursor-bound'] !== false } as ParameterSpec;
        });
        const bodyPointer = op.requestBody ? `${this.resolve(`${opPointer}/requestBody`).pointer}` : undefined;
        const bodyNode = bodyPointer ? this.at(bodyPointer) : undefined;
        const jsonSchemaPointer = bodyNode?.content && (bodyNode.content as Json)['application/json'] ? `${bodyPointer}/content/application~1json/schema` : undefined;
        const responses = new Map<string, ResponseSpec>();
        for (const status of Object.keys(op.responses as Json)) {
          const { node, pointer } = this.resolve(`${opPointer}/responses/${status}`);
          const content: Record<string, string> = {};
          for (const media of Object.keys((node.content as Json | undefined) ?? {})) content[media] = `${pointer}/content/${escapePointer(media)}/schema`;
          const headers: Record<string, string> = {};
          for (const header of Object.keys((node.headers as Json | undefined) ?? {})) {
            headers[header.toLowerCase()] = `${this.resolve(`${pointer}/headers/${escapePointer(header)}`).pointer}/schema`;
          }
          responses.set(status, { status, content, headers });
        }
        const security = ((op.security ?? this.document.security ?? []) as Record<string, string[]>[]).flatMap((req) =>
          Object.entries(req).map(([scheme, scopes]) => ({ scheme, scopes })),
        );
        operations.push({
          operationId: String(op.operationId),
          method: method.toUpperCase(),
          pathTemplate,
          security,
          parameters,
          body: jsonSchemaPointer ? { schema: this.resolve(jsonSchemaPointer).node, pointer: jsonSchemaPointer, required: Boolean(bodyNode?.required) } : undefined,
          responses,
          readOnly: method === 'get',
          rateClass: typeof op['x-rate-class'] === 'string' ? op['x-rate-class'] : method === 'get' ? 'read' : 'write',
          organizationReach: op['x-credential-reach'] === 'organization',
        });
      }
    }
    return operations;
  }
}

/**
 * `x-recursive-ref` (the contract's acyclic spelling of a recursive schema) becomes the `$ref` it
 * names. The server does the same in src/http/contract.ts; the kit keeps its own copy because it
 * must not import the implementation it checks.
 */
export function linkRecursiveRefs<T>(node: T): T {
  if (Array.isArray(node)) return node.map(linkRecursiveRefs) as T;
  if (!node || typeof node !== 'object') return node;
  const target = (node as Json)['x-recursive-ref'];
  if (typeof target === 'string') return { $ref: target } as T;
  return Object.fromEntries(Object.entries(node as Json).map(([k, v]) => [k, linkRecursiveRefs(v)])) as T;
}
