import type { ScimGroupRole, ScimProjectGrant, ScimRole } from './scim.js';

/** The organization roles a connection may grant (never `owner`), as SCIM's. */
export type SsoRole = ScimRole;
/** Group → organization role and project roles: the same mapping model as SCIM's. */
export type SsoGroupRole = ScimGroupRole;

export interface SsoConnectionRecord {
  id: string;
  organizationId: string;
  /** The identity provider's issuer identifier (discovery at `{issuer}/.well-known/openid-configuration`). */
  issuer: string;
  clientId: string;
  /** The client secret sealed with the secret box (the connection id as associated data). */
  clientSecretSealed: string;
  /** Lower-case email domains this connection signs in; each belongs to one connection. */
  allowedDomains: string[];
  defaultRole: SsoRole;
  groupClaim: string;
  groupRoles: SsoGroupRole[];
  requireSso: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** What to do once the identity provider answered: finish an OAuth authorization or approve a device code. */
export type SsoResume =
  | { kind: 'authorize'; params: Record<string, string | undefined> }
  | { kind: 'device'; userCode: string };

export interface SsoLoginState {
  stateHash: string;
  connectionId: string;
  nonce: string;
  codeVerifier: string;
  resume: SsoResume;
  expiresAt: Date;
  createdAt: Date;
}

export interface SsoRepository {
  findById(id: string): Promise<SsoConnectionRecord | null>;
  findByOrganization(organizationId: string): Promise<SsoConnectionRecord | null>;
  findByDomain(domain: string): Promise<SsoConnectionRecord | null>;
  /** Connections of these organizations that require SSO. */
  requiringSso(organizationIds: readonly string[]): Promise<SsoConnectionRecord[]>;
  /** Inserts or replaces the connection and its domains; `conflict` when a domain belongs to another connection (a concurrent save too). */
  save(record: SsoConnectionRecord): Promise<'saved' | 'conflict'>;
  remove(id: string): Promise<boolean>;

  createLoginState(state: SsoLoginState): Promise<void>;
  /** Deletes and returns the state (single use): null when unknown, already taken or expired. */
  takeLoginState(stateHash: string, now: Date): Promise<SsoLoginState | null>;

  projectGrantsOf(organizationId: string, userId: string): Promise<ScimProjectGrant[]>;
  setProjectGrant(organizationId: string, userId: string, grant: ScimProjectGrant): Promise<void>;
  deleteProjectGrant(organizationId: string, userId: string, projectId: string): Promise<void>;
}
