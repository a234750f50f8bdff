import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * JSON Schemas written from the text of RFC 7643 (resources) and RFC 7644 (messages), to validate
 * what the SCIM endpoints send and what the tests send them. Section numbers name the sentence
 * each rule comes from. Extension attributes are allowed (additionalProperties stays open where
 * the RFC lets a resource carry schema extensions); the core attributes are typed exactly.
 */

const URN_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const URN_GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';

/** §3.1 "meta": resourceType, created and lastModified (DateTime, §2.3.5), location (URI), version. All read-only. */
const meta = (resourceType?: string) => ({
  type: 'object',
  additionalProperties: false,
  properties: {
    resourceType: resourceType ? { const: resourceType } : { type: 'string' },
    created: { type: 'string', format: 'date-time' },
    lastModified: { type: 'string', format: 'date-time' },
    location: { type: 'string', format: 'uri' },
    // §3.1: "version … MUST be an opaque string" — the weak entity-tag form of RFC 7232 when ETags are used (RFC 7644 §3.14).
    version: { type: 'string' },
  },
});

/** §2.4: a multi-valued attribute's "primary" is true for at most one value. */
const atMostOnePrimary = { not: { contains: { type: 'object', properties: { primary: { const: true } }, required: ['primary'] }, minContains: 2 } };

/** §3.1 common attributes: "id" is a string, unique, not "bulkId"; "externalId" a string. */
const common = {
  id: { type: 'string', minLength: 1, not: { const: 'bulkId' } },
  externalId: { type: 'string' },
};

/** §4.1 User. */
export const USER_SCHEMA = {
  $id: 'scim:User',
  type: 'object',
  // §3: "schemas" is REQUIRED and names the core schema; §4.1.1: "userName" is REQUIRED.
  required: ['schemas', 'userName'],
  properties: {
    schemas: { type: 'array', items: { type: 'string' }, contains: { const: URN_USER }, minItems: 1 },
    ...common,
    meta: meta('User'),
    userName: { type: 'string', minLength: 1 },
    // §4.1.1 "name": complex, its sub-attributes strings.
    name: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(['formatted', 'familyName', 'givenName', 'middleName', 'honorificPrefix', 'honorificSuffix'].map((key) => [key, { type: 'string' }])),
    },
    displayName: { type: 'string' },
    nickName: { type: 'string' },
    profileUrl: { type: 'string', format: 'uri' },
    title: { type: 'string' },
    userType: { type: 'string' },
    preferredLanguage: { type: 'string' },
    locale: { type: 'string' },
    timezone: { type: 'string' },
    // §4.1.1 "active": Boolean.
    active: { type: 'boolean' },
    password: { type: 'string' },
    // §4.1.2 "emails": multi-valued; "value" (canonicalized per RFC 5321), "display", "type" (work, home, other), "primary".
    emails: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['value'],
        properties: { value: { type: 'string', format: 'email' }, display: { type: 'string' }, type: { type: 'string' }, primary: { type: 'boolean' } },
      },
      ...atMostOnePrimary,
    },
    // §4.1.2 "groups": read-only; "value" the group id, "$ref" its URI, "display", "type" (direct, indirect).
    groups: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['value'],
        properties: { value: { type: 'string' }, $ref: { type: 'string', format: 'uri' }, display: { type: 'string' }, type: { enum: ['direct', 'indirect'] } },
      },
    },
  },
};

/** §4.2 Group: "displayName" (REQUIRED), "members" with value, $ref, type (User, Group). */
export const GROUP_SCHEMA = {
  $id: 'scim:Group',
  type: 'object',
  required: ['schemas', 'displayName'],
  properties: {
    schemas: { type: 'array', items: { type: 'string' }, contains: { const: URN_GROUP }, minItems: 1 },
    ...common,
    meta: meta('Group'),
    displayName: { type: 'string', minLength: 1 },
    members: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['value'],
        properties: { value: { type: 'string' }, $ref: { type: 'string', format: 'uri' }, display: { type: 'string' }, type: { enum: ['User', 'Group'] } },
      },
    },
  },
};

/** RFC 7644 §3.4.2: ListResponse — totalResults REQUIRED, Resources REQUIRED when totalResults is not 0. */
export const LIST_RESPONSE_SCHEMA = {
  $id: 'scim:ListResponse',
  type: 'object',
  additionalProperties: false,
  required: ['schemas', 'totalResults'],
  properties: {
    schemas: { const: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'] },
    totalResults: { type: 'integer', minimum: 0 },
    // §3.4.2.4: "startIndex" 1-based, "itemsPerPage" the number of resources returned.
    startIndex: { type: 'integer', minimum: 1 },
    itemsPerPage: { type: 'integer', minimum: 0 },
    Resources: { type: 'array' },
  },
  if: { properties: { totalResults: { exclusiveMinimum: 0 } } },
  then: { required: ['Resources'] },
};

/** RFC 7644 §3.12: Error — "status" REQUIRED (a string), "scimType" from the table, "detail". */
export const ERROR_SCHEMA = {
  $id: 'scim:Error',
  type: 'object',
  additionalProperties: false,
  required: ['schemas', 'status'],
  properties: {
    schemas: { const: ['urn:ietf:params:scim:api:messages:2.0:Error'] },
    status: { type: 'string', pattern: '^[1-5][0-9][0-9]$' },
    scimType: { enum: ['invalidFilter', 'tooMany', 'uniqueness', 'mutability', 'invalidSyntax', 'invalidPath', 'noTarget', 'invalidValue', 'invalidVers', 'sensitive'] },
    detail: { type: 'string' },
  },
};

/** RFC 7644 §3.5.2: PatchOp — "Operations" of op add/remove/replace, path (remove: REQUIRED), value. */
export const PATCH_OP_SCHEMA = {
  $id: 'scim:PatchOp',
  type: 'object',
  required: ['schemas', 'Operations'],
  properties: {
    schemas: { const: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'] },
    Operations: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['op'],
        // "op" MUST be one of "add", "remove" or "replace" (Entra ID's "Add"/"Replace" are outside it; the server accepts them).
        properties: { op: { enum: ['add', 'remove', 'replace'] }, path: { type: 'string' } },
        // §3.5.2.2: for remove, "path" is REQUIRED.
        if: { properties: { op: { const: 'remove' } } },
        then: { required: ['path'] },
      },
    },
  },
};

const supported = { type: 'object', required: ['supported'], properties: { supported: { type: 'boolean' } } };

/** RFC 7643 §5: ServiceProviderConfig — patch, bulk, filter, changePassword, sort, etag, authenticationSchemes REQUIRED. */
export const SERVICE_PROVIDER_CONFIG_SCHEMA = {
  $id: 'scim:ServiceProviderConfig',
  type: 'object',
  required: ['schemas', 'patch', 'bulk', 'filter', 'changePassword', 'sort', 'etag', 'authenticationSchemes'],
  properties: {
    schemas: { type: 'array', contains: { const: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig' } },
    documentationUri: { type: 'string', format: 'uri' },
    patch: supported,
    bulk: { ...supported, required: ['supported', 'maxOperations', 'maxPayloadSize'], properties: { supported: { type: 'boolean' }, maxOperations: { type: 'integer' }, maxPayloadSize: { type: 'integer' } } },
    filter: { ...supported, required: ['supported', 'maxResults'], properties: { supported: { type: 'boolean' }, maxResults: { type: 'integer' } } },
    changePassword: supported,
    sort: supported,
    etag: supported,
    authenticationSchemes: {
      type: 'array',
      minItems: 1,
      items: { type: 'object', required: ['type', 'name', 'description'], properties: { type: { type: 'string' }, name: { type: 'string' }, description: { type: 'string' }, specUri: { type: 'string', format: 'uri' }, documentationUri: { type: 'string', format: 'uri' } } },
    },
    meta: meta('ServiceProviderConfig'),
  },
};

/** RFC 7643 §6: ResourceType — name, endpoint and schema REQUIRED. */
export const RESOURCE_TYPE_SCHEMA = {
  $id: 'scim:ResourceType',
  type: 'object',
  required: ['schemas', 'name', 'endpoint', 'schema'],
  properties: {
    schemas: { type: 'array', contains: { const: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType' } },
    id: { type: 'string' },
    name: { type: 'string' },
    endpoint: { type: 'string', pattern: '^/' },
    description: { type: 'string' },
    schema: { type: 'string', pattern: '^urn:' },
    schemaExtensions: { type: 'array' },
    meta: meta('ResourceType'),
  },
};

/** RFC 7643 §7: an attribute definition — its characteristics from §2.2 with their allowed values. */
const ATTRIBUTE = {
  $id: 'scim:Attribute',
  type: 'object',
  required: ['name', 'type', 'multiValued', 'required', 'mutability', 'returned'],
  properties: {
    name: { type: 'string', pattern: '^[A-Za-z$][A-Za-z0-9_$-]*$' },
    type: { enum: ['string', 'boolean', 'decimal', 'integer', 'dateTime', 'reference', 'complex', 'binary'] },
    multiValued: { type: 'boolean' },
    description: { type: 'string' },
    required: { type: 'boolean' },
    canonicalValues: { type: 'array' },
    caseExact: { type: 'boolean' },
    mutability: { enum: ['readOnly', 'readWrite', 'immutable', 'writeOnly'] },
    returned: { enum: ['always', 'never', 'default', 'request'] },
    uniqueness: { enum: ['none', 'server', 'global'] },
    referenceTypes: { type: 'array', items: { type: 'string' } },
    subAttributes: { type: 'array', items: { $ref: 'scim:Attribute' } },
  },
};

/** RFC 7643 §7: Schema — id (a URI), name, description, attributes. */
export const SCHEMA_SCHEMA = {
  $id: 'scim:Schema',
  type: 'object',
  required: ['id', 'attributes'],
  properties: {
    schemas: { type: 'array', contains: { const: 'urn:ietf:params:scim:schemas:core:2.0:Schema' } },
    id: { type: 'string', pattern: '^urn:' },
    name: { type: 'string' },
    description: { type: 'string' },
    attributes: { type: 'array', items: { $ref: 'scim:Attribute' } },
    meta: meta('Schema'),
  },
};

// Draft 2020-12: the at-most-one-primary rule needs minContains.
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema(ATTRIBUTE);

export type ScimBody = 'User' | 'Group' | 'ListResponse' | 'Error' | 'PatchOp' | 'ServiceProviderConfig' | 'ResourceType' | 'Schema';
const VALIDATORS: Record<ScimBody, ValidateFunction> = {
  User: ajv.compile(USER_SCHEMA),
  Group: ajv.compile(GROUP_SCHEMA),
  ListResponse: ajv.compile(LIST_RESPONSE_SCHEMA),
  Error: ajv.compile(ERROR_SCHEMA),
  PatchOp: ajv.compile(PATCH_OP_SCHEMA),
  ServiceProviderConfig: ajv.compile(SERVICE_PROVIDER_CONFIG_SCHEMA),
  ResourceType: ajv.compile(RESOURCE_TYPE_SCHEMA),
  Schema: ajv.compile(SCHEMA_SCHEMA),
};

/** Throws with ajv's errors when `body` is not a valid `kind` (a ListResponse's Resources are checked as `resources`). */
export function assertScim(kind: ScimBody, body: unknown, resources?: ScimBody): void {
  const validate = VALIDATORS[kind];
  if (!validate(body)) throw new Error(`Not a valid SCIM ${kind}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body, null, 2)}`);
  if (resources) for (const resource of (body as { Resources?: unknown[] }).Resources ?? []) assertScim(resources, resource);
}
