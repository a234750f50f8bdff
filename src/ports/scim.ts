import type { ProjectRole } from '../auth/roles.js';
import type { ScimFilter } from '../domain/scim/scim-filter.js';

/** An organization role SCIM provisioning may grant: never `owner` (ownership is granted by hand). */
export type ScimRole = 'admin' | 'member' | 'viewer';

export interface ScimGroupRole {
  /** A SCIM group's displayName, matched case-insensitively. */
  group: string;
  role: ScimRole;
  /** Project roles in projects of the organization the group's members get. */
  projectRoles?: { projectId: string; role: ProjectRole }[];
}

/** A project role provisioning granted, remembered so it can take exactly that role away again. */
export interface ScimProjectGrant {
  projectId: string;
  role: ProjectRole;
}

export interface ScimConnectionRecord {
  organizationId: string;
  tokenPrefix: string | null;
  tokenCreatedAt: Date | null;
  defaultRole: ScimRole;
  groupRoles: ScimGroupRole[];
  updatedAt: Date | null;
}

export interface ScimEmail {
  value: string;
  type: string | null;
  primary: boolean;
}

export interface ScimUserRecord {
  /** The SCIM resource id (not the service's user id). */
  id: string;
  organizationId: string;
  /** The service's user the identity provider's record provisions. */
  userId: string;
  userName: string;
  externalId: string | null;
  displayName: string | null;
  givenName: string | null;
  familyName: string | null;
  emails: ScimEmail[];
  active: boolean;
  /** Counts changes; the resource's ETag (RFC 7644 §3.14) is `W/"<version>"`. */
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A reference between a group and a user: `value` is the other side's SCIM id, `display` its name. */
export interface ScimGroupMember {
  value: string;
  display: string;
}

export interface ScimGroupRecord {
  id: string;
  organizationId: string;
  displayName: string;
  externalId: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** One page of a filtered list: `offset` is startIndex − 1; `total` counts every match. */
export interface ScimListQuery {
  organizationId: string;
  filter: ScimFilter | null;
  offset: number;
  limit: number;
}

export interface ScimRepository {
  findConnection(organizationId: string): Promise<ScimConnectionRecord | null>;
  /**
   * Holds the organization's connection row until the caller's transaction ends, so its SCIM
   * writes run one at a time (two creates of one person cannot both create the account).
   */
  lockConnection(organizationId: string): Promise<void>;
  findConnectionByTokenHash(tokenHash: string): Promise<ScimConnectionRecord | null>;
  /** Replaces the token hash (creating the row with `defaults` when none exists): the old token stops working at once. */
  setToken(organizationId: string, token: { hash: string; prefix: string }, defaults: { defaultRole: ScimRole }, now: Date): Promise<void>;
  saveSettings(organizationId: string, settings: { defaultRole: ScimRole; groupRoles: ScimGroupRole[] }, now: Date): Promise<void>;

  /**
   * Write outcomes: `conflict` when a unique key (userName or displayName in the organization, the
   * user's one record there) is taken — by a concurrent request too — and `missing` when the row is gone.
   */
  createUser(record: ScimUserRecord): Promise<'created' | 'conflict'>;
  /** Writes every field of `record` (the caller sets the new version). */
  updateUser(record: ScimUserRecord): Promise<'updated' | 'missing' | 'conflict'>;
  deleteUser(organizationId: string, id: string): Promise<boolean>;
  findUser(organizationId: string, id: string): Promise<ScimUserRecord | null>;
  findUserByUserName(organizationId: string, userName: string): Promise<ScimUserRecord | null>;
  findUserByUserId(organizationId: string, userId: string): Promise<ScimUserRecord | null>;
  listUsers(query: ScimListQuery): Promise<{ items: ScimUserRecord[]; total: number }>;
  /** Every provisioned user of the organization (role recomputation after a mapping change). */
  allUsers(organizationId: string): Promise<ScimUserRecord[]>;

  createGroup(record: ScimGroupRecord): Promise<'created' | 'conflict'>;
  updateGroup(record: ScimGroupRecord): Promise<'updated' | 'missing' | 'conflict'>;
  deleteGroup(organizationId: string, id: string): Promise<boolean>;
  findGroup(organizationId: string, id: string): Promise<ScimGroupRecord | null>;
  findGroupByName(organizationId: string, displayName: string): Promise<ScimGroupRecord | null>;
  listGroups(query: ScimListQuery): Promise<{ items: ScimGroupRecord[]; total: number }>;
  membersOf(groupId: string): Promise<ScimGroupMember[]>;
  addMembers(groupId: string, scimUserIds: readonly string[]): Promise<void>;
  removeMembers(groupId: string, scimUserIds: readonly string[]): Promise<void>;
  /** The groups a SCIM user belongs to (`value` the group id, `display` its displayName), by name. */
  groupsOf(scimUserId: string): Promise<ScimGroupMember[]>;

  /** The project roles provisioning granted the user in the organization. */
  projectGrantsOf(organizationId: string, userId: string): Promise<ScimProjectGrant[]>;
  setProjectGrant(organizationId: string, userId: string, grant: ScimProjectGrant): Promise<void>;
  deleteProjectGrant(organizationId: string, userId: string, projectId: string): Promise<void>;

  /**
   * Deprovisioning: revokes every OAuth access and refresh token of the user (console sessions and
   * CLI/MCP connections are such tokens), in the caller's transaction. Returns how many were live.
   */
  revokeUserSessions(userId: string, now: Date): Promise<number>;
}
