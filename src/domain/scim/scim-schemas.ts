/** The URNs of RFC 7643 / RFC 7644 this service speaks. */
export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_SERVICE_PROVIDER_CONFIG_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
export const SCIM_RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
export const SCIM_SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

/** Bounds on what one request may carry (docs/sso.md "Limits"). */
export const SCIM_LIMITS = {
  /** Request body, bytes. */
  bodyBytes: 64 * 1024,
  /** Resources per list page (`count` above it is lowered to it, RFC 7644 §3.4.2.4). */
  maxPageSize: 200,
  /** Operations per PATCH request. */
  maxPatchOperations: 100,
  /** Member references per group operation. */
  maxMembersPerOperation: 1000,
  /** Emails per user. */
  maxEmails: 10,
} as const;
