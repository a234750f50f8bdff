import type { components } from '../../generated/openapi.js';
import type { BodyOf, HandledOperationId, PathOf, QueryOf } from '../http/operation-types.js';
import type { JsonSchema } from './tool-definition.js';

/**
 * The vocabulary a tool's input and output are declared in: each tool field names where in the
 * contract its schema lives, so a constraint is written once, in contract/openapi.yaml, and reaches
 * the tool from there (tool-schema-derivation.ts turns a declaration into JSON Schema at start).
 * Every name is checked by the compiler against generated/openapi.ts: a field the contract does not
 * have fails the typecheck.
 */

type Schemas = components['schemas'];
/** The property names of a generated type (of the object members of a union). */
type Keys<T> = T extends object ? Extract<keyof T, string> : never;

export type SchemaName = Extract<keyof Schemas, string>;

/** Where one field's schema is in the contract. */
export type ContractSource =
  | { in: 'schema'; schema: string }
  | { in: 'property'; schema: string; property: string }
  /** A property of the items of an array property whose items are written inline. */
  | { in: 'item'; schema: string; property: string; itemProperty: string }
  | { in: 'query' | 'path'; operationId: string; name: string }
  | { in: 'body'; operationId: string; property: string };

/**
 * A declared difference between a tool field and its contract field. Each one says why; they are
 * the exceptions tool-field-exceptions.ts collects, so they can be read (and questioned) together.
 */
export interface Adjustment {
  /** Keywords whose value differs for the tool (a default, a description that speaks of tools). */
  set?: JsonSchema;
  /** Keywords the tool does not have (a bound the tool clamps instead of refusing). */
  drop?: readonly string[];
  /** Whether the tool requires the field, where the contract says otherwise. */
  required?: boolean;
  why: string;
}

export type ToolField =
  | { kind: 'contract'; source: ContractSource; adjustment?: Adjustment }
  /** A whole contract schema, its property names turned camelCase → snake_case at every level. */
  | { kind: 'renamed'; source: ContractSource }
  /** A field the contract has no counterpart for (see tool-only-fields.ts). */
  | { kind: 'tool-only'; schema: JsonSchema; required: boolean; why: string }
  | { kind: 'object'; fields: ToolFields; required: boolean; description?: string }
  /** An array whose array-level constraints (maxItems, description) are the contract's, and whose items are mapped. */
  | { kind: 'array'; source: ContractSource; items: ToolField }
  | { kind: 'nullable'; field: ToolField };

export type ToolFields = Record<string, ToolField>;

/** A tool's whole input or output: an object of mapped fields. */
export type ToolObject = Extract<ToolField, { kind: 'object' }>;

const contract = (source: ContractSource, adjustment?: Adjustment): ToolField => ({ kind: 'contract', source, adjustment });

/** Property `property` of component schema `schema`. */
export const field = <S extends SchemaName>(schema: S, property: Keys<Schemas[S]>, adjustment?: Adjustment): ToolField =>
  contract({ in: 'property', schema, property }, adjustment);

type ItemOf<T> = T extends readonly (infer I)[] ? I : never;

/** Property `itemProperty` of the (inline) items of array property `property` of `schema`. */
export const itemField = <S extends SchemaName, P extends Keys<Schemas[S]>>(
  schema: S,
  property: P,
  itemProperty: Keys<ItemOf<NonNullable<Schemas[S][P & keyof Schemas[S]]>>>,
  adjustment?: Adjustment,
): ToolField => contract({ in: 'item', schema, property, itemProperty }, adjustment);

/** Query parameter `name` of operation `operationId`. */
export const queryParameter = <Op extends HandledOperationId>(operationId: Op, name: Keys<QueryOf<Op>>, adjustment?: Adjustment): ToolField =>
  contract({ in: 'query', operationId, name }, adjustment);

/** Path parameter `name` of operation `operationId`. */
export const pathParameter = <Op extends HandledOperationId>(operationId: Op, name: Keys<PathOf<Op>>, adjustment?: Adjustment): ToolField =>
  contract({ in: 'path', operationId, name }, adjustment);

/** Property `property` of operation `operationId`'s JSON request body. */
export const bodyField = <Op extends HandledOperationId>(operationId: Op, property: Keys<NonNullable<BodyOf<Op>>>, adjustment?: Adjustment): ToolField =>
  contract({ in: 'body', operationId, property }, adjustment);

/** Component schema `schema` whole, with snake_case property names (1:1 with the contract's). */
export const renamed = <S extends SchemaName>(schema: S): ToolField => ({ kind: 'renamed', source: { in: 'schema', schema } });

/** Property `property` of `schema` whole, with snake_case property names at every level below it. */
export const renamedField = <S extends SchemaName>(schema: S, property: Keys<Schemas[S]>): ToolField => ({
  kind: 'renamed',
  source: { in: 'property', schema, property },
});

/** An array property of `schema` (its maxItems and description), each item mapped by `items`. */
export const listField = <S extends SchemaName>(schema: S, property: Keys<Schemas[S]>, items: ToolField): ToolField => ({
  kind: 'array',
  source: { in: 'property', schema, property },
  items,
});

/** An object of mapped fields: closed (no other keys), required when `required`. */
export const object = (fields: ToolFields, options: { required?: boolean; description?: string } = {}): ToolObject => ({
  kind: 'object',
  fields,
  required: options.required ?? true,
  description: options.description,
});

/** The field or null (a tool result key that is null when there is nothing to say). */
export const orNull = (inner: ToolField): ToolField => ({ kind: 'nullable', field: inner });

/** camelCase → snake_case, the spec's tool spelling of a contract name (`spanCount` → `span_count`). */
export const snakeCase = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
