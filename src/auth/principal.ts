import type { ProjectRecord } from '../ports/projects.js';
import type { ProjectRole } from './roles.js';

/** The credential kinds of the spec and the security schemes of the contract that carry them. */
export type CredentialKind = 'api_key' | 'oauth' | 'service_account' | 'guest';
export type SecuritySchemeName = 'apiKey' | 'legacyBearer' | 'oauth2' | 'serviceAccount' | 'guestReview';

/** Who is calling, established once per request by the authenticator. */
export interface Principal {
  kind: CredentialKind;
  scheme: SecuritySchemeName;
  /** Stable id of the credential: rate limits, cursors and idempotency keys are scoped to it. */
  credentialId: string;
  /** The selected project's organization, or the credential's; null for a user token outside any project. */
  organizationId: string | null;
  /** The human behind the credential, when there is one (OAuth, or the creator of an API key). */
  userId: string | null;
  /** Granted scopes; null for public API keys, which are limited by the schemes an operation accepts. */
  scopes: readonly string[] | null;
  /** The selected project, for operations that work in one. */
  project: ProjectRecord | null;
  /** What a guest review token was issued for (resource kind and id); null for other kinds. */
  grant: ReadGrant | null;
  /** The principal's role in the selected project, for kinds that hold roles (OAuth users, service accounts). */
  role?: ProjectRole | null;
  /** The one project the credential is limited to (a project API key, a guest share); null or absent: none. */
  fixedProjectId?: string | null;
  /** A read-only API key: it may call read operations only (isReadOperation). */
  readOnly?: boolean;
  /** The grant an OAuth token belongs to (its refresh family): what a tool session is bound to, so it survives a refresh. */
  grantId?: string | null;
}

/** What a guest review token was issued for: one resource of one kind. */
export interface ReadGrant {
  resourceType: string;
  resourceId: string;
}

/** A guest token without a grant may read nothing. */
const NOTHING_GRANTED: ReadGrant = { resourceType: 'none', resourceId: '' };

/** The read limit of a principal: its grant for guests, none (null, unlimited) for every other kind. */
export const readGrantOf = (principal: Principal): ReadGrant | null => (principal.kind === 'guest' ? (principal.grant ?? NOTHING_GRANTED) : null);

/** Whether `grant` (null: no limit) lets its holder read the resource; services answer 404 otherwise. */
export const grantAllows = (grant: ReadGrant | null, resourceType: string, resourceId: string): boolean =>
  grant === null || (grant.resourceType === resourceType && grant.resourceId === resourceId);
