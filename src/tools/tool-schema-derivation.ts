import { resolveRef } from '../http/contract.js';
import { snakeCase, type ContractSource, type ToolField, type ToolObject } from './contract-fields.js';
import type { JsonSchema } from './tool-definition.js';

type JsonObject = Record<string, unknown>;

/** A resolved contract field: its schema, and whether the contract requires it where it stands. */
interface ContractNode {
  schema: JsonObject;
  required: boolean;
}

const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'example', 'examples']);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The schema `node` stands for, with every `$ref` replaced by its target (the sibling keywords of a
 * `$ref`, such as a description, win, as in OpenAPI 3.1) and the contract's own extension keywords
 * (`x-…`) left out: a tool schema is plain JSON Schema. The contract has no `$ref` cycle (recursive
 * trees are marked with `x-recursive-ref`, which is dropped here), so this ends.
 */
export function inlined(document: JsonObject, node: unknown): unknown {
  if (Array.isArray(node)) return node.map((item) => inlined(document, item));
  if (!isObject(node)) return node;
  const { $ref, ...siblings } = node;
  const base = typeof $ref === 'string' ? inlinedTarget(document, $ref) : {};
  const own = Object.entries(siblings)
    .filter(([key]) => !key.startsWith('x-'))
    .map(([key, value]) => {
      // Property names are names, not keywords (an `x-…` property stays); enum, const and default values are data.
      if (key === 'properties' && isObject(value)) return [key, Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, inlined(document, schema)]))];
      if (DATA_KEYWORDS.has(key)) return [key, value];
      return [key, inlined(document, value)];
    });
  return { ...base, ...Object.fromEntries(own) };
}

/**
 * Each `$ref` target of a document inlined once: every tool field inlines the schema holding it, so
 * the large shared components (TraceInput, SpanInput, …) were inlined again per field — ~0.4 s of
 * start-up CPU over the registry. Derivation only reads what it gets (each step builds new objects),
 * so tools may share these.
 */
const inlinedTargets = new WeakMap<JsonObject, Map<string, JsonObject>>();

function inlinedTarget(document: JsonObject, ref: string): JsonObject {
  let targets = inlinedTargets.get(document);
  if (!targets) inlinedTargets.set(document, (targets = new Map()));
  let target = targets.get(ref);
  if (!target) targets.set(ref, (target = inlined(document, resolveRef(document, { $ref: ref })) as JsonObject));
  return target;
}

function operationOf(document: JsonObject, operationId: string): { operation: JsonObject; parameters: JsonObject[] } {
  for (const pathItem of Object.values(document.paths as Record<string, JsonObject>)) {
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation) || operation.operationId !== operationId) continue;
      const parameters = [...((pathItem.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])].map((p) => resolveRef(document, p));
      return { operation, parameters };
    }
  }
  throw new Error(`The contract has no operation ${operationId}.`);
}

function propertyOf(document: JsonObject, objectSchema: unknown, property: string, where: string): ContractNode {
  const schema = inlined(document, objectSchema) as JsonObject;
  const properties = (schema.properties ?? {}) as JsonObject;
  if (!isObject(properties[property])) throw new Error(`The contract has no property ${property} in ${where}.`);
  return { schema: properties[property], required: Array.isArray(schema.required) && schema.required.includes(property) };
}

/** The contract field `source` names, inlined; a name the contract lacks fails the start. */
export function contractNode(document: JsonObject, source: ContractSource): ContractNode {
  switch (source.in) {
    case 'schema': {
      const schema = ((document.components as JsonObject).schemas as JsonObject)[source.schema];
      if (!isObject(schema)) throw new Error(`The contract has no schema ${source.schema}.`);
      return { schema: inlined(document, schema) as JsonObject, required: true };
    }
    case 'property':
      return propertyOf(document, { $ref: `#/components/schemas/${source.schema}` }, source.property, `schema ${source.schema}`);
    case 'item': {
      const array = contractNode(document, { in: 'property', schema: source.schema, property: source.property }).schema;
      if (array.type !== 'array') throw new Error(`The contract property ${source.property} of ${source.schema} is no array.`);
      return propertyOf(document, array.items, source.itemProperty, `the items of ${source.schema}.${source.property}`);
    }
    case 'query':
    case 'path': {
      const parameter = operationOf(document, source.operationId).parameters.find((p) => p.in === source.in && p.name === source.name);
      if (!parameter) throw new Error(`The contract has no ${source.in} parameter ${source.name} in operation ${source.operationId}.`);
      const schema = inlined(document, parameter.schema) as JsonObject;
      // A parameter's description is written on the parameter, not its schema; the tool field carries it.
      const description = parameter.description ?? schema.description;
      return { schema: description === undefined ? schema : { ...schema, description }, required: parameter.required === true };
    }
    case 'body': {
      const { operation } = operationOf(document, source.operationId);
      const body = (((operation.requestBody as JsonObject | undefined)?.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined)?.schema;
      if (!body) throw new Error(`The contract has no JSON request body in operation ${source.operationId}.`);
      return propertyOf(document, body, source.property, `the request body of ${source.operationId}`);
    }
  }
}

/** Every object schema below `schema` gets snake_case property names (and `required` entries). */
function snakeCased(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(snakeCased);
  if (!isObject(schema)) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => {
      if (key === 'properties' && isObject(value)) return [key, Object.fromEntries(Object.entries(value).map(([name, inner]) => [snakeCase(name), snakeCased(inner)]))];
      if (key === 'required' && Array.isArray(value)) return [key, value.map((name) => snakeCase(String(name)))];
      // enum and const values are data, not names: they stay as the contract spells them.
      if (DATA_KEYWORDS.has(key)) return [key, value];
      return [key, snakeCased(value)];
    }),
  );
}

function withoutKeys(schema: JsonObject, keys: readonly string[]): JsonObject {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !keys.includes(key)));
}

/** The JSON Schema of one tool field, and whether the tool requires it. */
export function deriveField(document: JsonObject, declared: ToolField): { schema: JsonSchema; required: boolean } {
  switch (declared.kind) {
    case 'contract': {
      const node = contractNode(document, declared.source);
      const adjustment = declared.adjustment;
      if (!adjustment) return node;
      return { schema: { ...withoutKeys(node.schema, adjustment.drop ?? []), ...adjustment.set }, required: adjustment.required ?? node.required };
    }
    case 'renamed': {
      const node = contractNode(document, declared.source);
      return { schema: snakeCased(node.schema) as JsonSchema, required: node.required };
    }
    case 'tool-only':
      return { schema: declared.schema, required: declared.required };
    case 'object':
      return { schema: deriveObject(document, declared), required: declared.required };
    case 'array': {
      const node = contractNode(document, declared.source);
      if (node.schema.type !== 'array') throw new Error(`The contract field ${JSON.stringify(declared.source)} is no array.`);
      return { schema: { ...node.schema, items: deriveField(document, declared.items).schema }, required: node.required };
    }
    case 'nullable': {
      const inner = deriveField(document, declared.field);
      return { schema: { anyOf: [inner.schema, { type: 'null' }] }, required: inner.required };
    }
  }
}

/** The JSON Schema of a tool's input or output object. */
export function deriveObject(document: JsonObject, declared: ToolObject): JsonSchema {
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const [name, inner] of Object.entries(declared.fields)) {
    const derived = deriveField(document, inner);
    properties[name] = derived.schema;
    if (derived.required) required.push(name);
  }
  return {
    type: 'object',
    ...(declared.description === undefined ? {} : { description: declared.description }),
    additionalProperties: false,
    properties,
    ...(required.length > 0 ? { required } : {}),
  };
}
