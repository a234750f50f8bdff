import {
  SCIM_GROUP_SCHEMA,
  SCIM_LIMITS,
  SCIM_RESOURCE_TYPE_SCHEMA,
  SCIM_SCHEMA_SCHEMA,
  SCIM_SERVICE_PROVIDER_CONFIG_SCHEMA,
  SCIM_USER_SCHEMA,
} from '../../domain/scim/scim-schemas.js';

/**
 * The discovery documents of RFC 7644 §4 (ServiceProviderConfig, ResourceTypes, Schemas) in the
 * shapes RFC 7643 §5–§7 define. They describe what this service does — no bulk, no sort, no
 * ETags, no password change, filters on the attributes `scim-filter.ts` lists — so an identity
 * provider that reads them does not try the rest.
 */

type Attribute = Record<string, unknown>;

const attribute = (name: string, options: Partial<Attribute> = {}): Attribute => ({
  name,
  type: 'string',
  multiValued: false,
  description: '',
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...options,
});

const USER_ATTRIBUTES: Attribute[] = [
  attribute('userName', { required: true, uniqueness: 'server', description: 'Unique in the organization; case-insensitive.' }),
  attribute('name', {
    type: 'complex',
    description: "The user's name.",
    subAttributes: [attribute('givenName', { description: 'Given name.' }), attribute('familyName', { description: 'Family name.' }), attribute('formatted', { mutability: 'readOnly', description: 'Given and family name.' })],
  }),
  attribute('displayName', { description: 'The name shown in the service.' }),
  attribute('emails', {
    type: 'complex',
    multiValued: true,
    description: 'Email addresses; the primary one (else the first) is the account email filters match.',
    subAttributes: [attribute('value', { description: 'The address.' }), attribute('type', { description: 'work, home, other.' }), attribute('primary', { type: 'boolean', description: 'The primary address.' })],
  }),
  attribute('active', { type: 'boolean', description: 'false ends the organization membership, and the sessions of a user left in no organization.' }),
  attribute('groups', {
    type: 'complex',
    multiValued: true,
    mutability: 'readOnly',
    description: 'The groups the user is in (changed through Groups).',
    subAttributes: [attribute('value', { mutability: 'readOnly', description: 'The group id.' }), attribute('display', { mutability: 'readOnly', description: 'The group name.' })],
  }),
];

const GROUP_ATTRIBUTES: Attribute[] = [
  attribute('displayName', { required: true, uniqueness: 'server', description: 'Unique in the organization; the name group-to-role mappings match.' }),
  attribute('members', {
    type: 'complex',
    multiValued: true,
    description: 'The users in the group.',
    subAttributes: [attribute('value', { mutability: 'immutable', description: 'A User id.' }), attribute('display', { mutability: 'readOnly', description: "The user's userName." })],
  }),
];

const meta = (baseUrl: string, resourceType: string, path: string) => ({ resourceType, location: `${baseUrl}${path}` });

export function serviceProviderConfig(baseUrl: string): Record<string, unknown> {
  return {
    schemas: [SCIM_SERVICE_PROVIDER_CONFIG_SCHEMA],
    documentationUri: 'https://github.com/tracewell/tracewell/blob/main/docs/sso.md',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_LIMITS.maxPageSize },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      { type: 'oauthbearertoken', name: 'Bearer token', description: 'The organization\'s SCIM token (tw_sc_…), issued by an owner: POST /api/v1/public/scim-connection/token.', primary: true },
    ],
    meta: meta(baseUrl, 'ServiceProviderConfig', '/ServiceProviderConfig'),
  };
}

export function resourceTypes(baseUrl: string): Record<string, unknown>[] {
  return [
    { schemas: [SCIM_RESOURCE_TYPE_SCHEMA], id: 'User', name: 'User', endpoint: '/Users', description: 'A member of the organization.', schema: SCIM_USER_SCHEMA, meta: meta(baseUrl, 'ResourceType', '/ResourceTypes/User') },
    { schemas: [SCIM_RESOURCE_TYPE_SCHEMA], id: 'Group', name: 'Group', endpoint: '/Groups', description: 'A group whose name maps to an organization role.', schema: SCIM_GROUP_SCHEMA, meta: meta(baseUrl, 'ResourceType', '/ResourceTypes/Group') },
  ];
}

export function schemas(baseUrl: string): Record<string, unknown>[] {
  return [
    { schemas: [SCIM_SCHEMA_SCHEMA], id: SCIM_USER_SCHEMA, name: 'User', description: 'User Account', attributes: USER_ATTRIBUTES, meta: meta(baseUrl, 'Schema', `/Schemas/${SCIM_USER_SCHEMA}`) },
    { schemas: [SCIM_SCHEMA_SCHEMA], id: SCIM_GROUP_SCHEMA, name: 'Group', description: 'Group', attributes: GROUP_ATTRIBUTES, meta: meta(baseUrl, 'Schema', `/Schemas/${SCIM_GROUP_SCHEMA}`) },
  ];
}
