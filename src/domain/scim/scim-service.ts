import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { hashToken, tokenKindOf } from '../../auth/tokens.js';
import type { ScimConnectionRecord, ScimGroupMember, ScimGroupRecord, ScimUserRecord } from '../../ports/scim.js';
import type { Store } from '../../ports/store.js';
import { recordScimChange } from './scim-audit.js';
import { notFound, ScimError } from './scim-error.js';
import { parseScimFilter, type ScimFilter } from './scim-filter.js';
import { groupAttributes, patchGroup, type GroupState } from './scim-group-patch.js';
import { syncMembership, type MembershipChange } from './scim-membership.js';
import { patchOperations, patchUser } from './scim-patch.js';
import { SCIM_LIMITS } from './scim-schemas.js';
import { accountEmail, accountName, userAttributes, type ScimUserAttributes } from './scim-user-attributes.js';

export interface ScimUserView {
  user: ScimUserRecord;
  groups: ScimGroupMember[];
}

export interface ScimGroupView {
  group: ScimGroupRecord;
  members: ScimGroupMember[];
}

export interface ScimPageRequest {
  filter?: string;
  startIndex?: string;
  count?: string;
}

export interface ScimPage<T> {
  items: T[];
  total: number;
  startIndex: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const userNotFound = (): ScimError => notFound('The User');
const groupNotFound = (): ScimError => notFound('The Group');
const taken = (what: string): ScimError => new ScimError(409, `${what} is already taken in this organization.`, 'uniqueness');

/** RFC 7644 §3.4.2.4: startIndex below 1 reads as 1, a negative count as 0; count is capped. */
function pageBounds(request: ScimPageRequest): { offset: number; limit: number; startIndex: number } {
  const integer = (value: string | undefined, name: string, fallback: number): number => {
    if (value === undefined) return fallback;
    if (!/^-?\d{1,9}$/.test(value)) throw new ScimError(400, `${name} must be an integer.`, 'invalidValue');
    return Number(value);
  };
  const startIndex = Math.max(1, integer(request.startIndex, 'startIndex', 1));
  const limit = Math.min(SCIM_LIMITS.maxPageSize, Math.max(0, integer(request.count, 'count', 100)));
  return { offset: startIndex - 1, limit, startIndex };
}

const attributesOf = (user: ScimUserRecord): ScimUserAttributes => ({
  userName: user.userName,
  externalId: user.externalId,
  displayName: user.displayName,
  givenName: user.givenName,
  familyName: user.familyName,
  emails: user.emails,
  active: user.active,
});

/** The membership change in an audit record's words. */
const membershipDetails = (change: MembershipChange): Record<string, unknown> => ({
  roleBefore: change.before,
  roleAfter: change.after,
  revokedTokens: change.revokedTokens,
});

/**
 * SCIM 2.0 provisioning of one organization (RFC 7643/7644): Users become members with the role
 * their Groups map to; deactivating or deleting one ends the membership at once. Every change runs
 * in one transaction with its audit record.
 */
export class ScimService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /** The organization's connection a `tw_sc_…` bearer token opens, or null. */
  async authenticate(token: string): Promise<ScimConnectionRecord | null> {
    if (tokenKindOf(token) !== 'scim') return null;
    return this.store.scim.findConnectionByTokenHash(hashToken(token));
  }

  async createUser(connection: ScimConnectionRecord, body: unknown): Promise<ScimUserView> {
    const attributes = userAttributes(body);
    const email = accountEmail(attributes);
    return this.store.transaction(async (tx) => {
      await tx.scim.lockConnection(connection.organizationId);
      const organizationId = connection.organizationId;
      if (await tx.scim.findUserByUserName(organizationId, attributes.userName)) throw taken('userName');
      const now = this.clock.now();
      // An account with this email already exists (another organization, an invitation): it is the
      // same person, so the record links to it rather than creating a second account.
      const account = (await tx.users.findByEmail(email)) ?? (await tx.users.create({ id: randomUUID(), email, name: accountName(attributes), now }));
      if (await tx.scim.findUserByUserId(organizationId, account.id)) throw taken(`A User for ${email}`);
      const user: ScimUserRecord = { id: randomUUID(), organizationId, userId: account.id, ...attributes, version: 1, createdAt: now, updatedAt: now };
      if ((await tx.scim.createUser(user)) === 'conflict') throw taken('userName');
      const change = await syncMembership(tx, connection, user, now);
      await recordScimChange(tx, connection, now, {
        action: 'scim.user.created',
        targetType: 'user',
        targetId: account.id,
        details: { scimId: user.id, userName: user.userName, active: user.active, ...membershipDetails(change) },
      });
      return { user, groups: [] };
    });
  }

  async getUser(connection: ScimConnectionRecord, id: string): Promise<ScimUserView> {
    const user = UUID.test(id) ? await this.store.scim.findUser(connection.organizationId, id.toLowerCase()) : null;
    if (!user) throw userNotFound();
    return { user, groups: await this.store.scim.groupsOf(user.id) };
  }

  async listUsers(connection: ScimConnectionRecord, request: ScimPageRequest): Promise<ScimPage<ScimUserView>> {
    const filter: ScimFilter | null = request.filter === undefined ? null : parseScimFilter(request.filter, 'User');
    const { offset, limit, startIndex } = pageBounds(request);
    const { items, total } = await this.store.scim.listUsers({ organizationId: connection.organizationId, filter, offset, limit });
    const views = await Promise.all(items.map(async (user) => ({ user, groups: await this.store.scim.groupsOf(user.id) })));
    return { items: views, total, startIndex };
  }

  async replaceUser(connection: ScimConnectionRecord, id: string, body: unknown): Promise<ScimUserView> {
    const attributes = userAttributes(body);
    return this.changeUser(connection, id, () => attributes);
  }

  async patchUser(connection: ScimConnectionRecord, id: string, body: unknown): Promise<ScimUserView> {
    const operations = patchOperations(body);
    return this.changeUser(connection, id, (current) => patchUser(current, operations));
  }

  async deleteUser(connection: ScimConnectionRecord, id: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      await tx.scim.lockConnection(connection.organizationId);
      const user = UUID.test(id) ? await tx.scim.findUser(connection.organizationId, id.toLowerCase()) : null;
      if (!user) throw userNotFound();
      const now = this.clock.now();
      // Deleting deprovisions first (membership, project roles, tokens), then forgets the record.
      const change = await syncMembership(tx, connection, { ...user, active: false }, now);
      await tx.scim.deleteUser(connection.organizationId, user.id);
      await recordScimChange(tx, connection, now, {
        action: 'scim.user.deleted',
        targetType: 'user',
        targetId: user.userId,
        details: { scimId: user.id, userName: user.userName, ...membershipDetails(change) },
      });
    });
  }

  async createGroup(connection: ScimConnectionRecord, body: unknown): Promise<ScimGroupView> {
    const attributes = groupAttributes(body);
    return this.store.transaction(async (tx) => {
      await tx.scim.lockConnection(connection.organizationId);
      const now = this.clock.now();
      const group: ScimGroupRecord = { id: randomUUID(), organizationId: connection.organizationId, displayName: attributes.displayName, externalId: attributes.externalId, version: 1, createdAt: now, updatedAt: now };
      if ((await tx.scim.createGroup(group)) === 'conflict') throw taken('displayName');
      const members = await this.resolveMembers(tx, connection, attributes.members);
      await tx.scim.addMembers(group.id, members.map((member) => member.id));
      const changes = await this.resync(tx, connection, members, now);
      await recordScimChange(tx, connection, now, {
        action: 'scim.group.created',
        targetType: 'scim_group',
        targetId: group.id,
        details: { displayName: group.displayName, membersAdded: members.map((member) => member.userId), roleChanges: changes },
      });
      return { group, members: await tx.scim.membersOf(group.id) };
    });
  }

  async getGroup(connection: ScimConnectionRecord, id: string): Promise<ScimGroupView> {
    const group = UUID.test(id) ? await this.store.scim.findGroup(connection.organizationId, id.toLowerCase()) : null;
    if (!group) throw groupNotFound();
    return { group, members: await this.store.scim.membersOf(group.id) };
  }

  async listGroups(connection: ScimConnectionRecord, request: ScimPageRequest): Promise<ScimPage<ScimGroupView>> {
    const filter = request.filter === undefined ? null : parseScimFilter(request.filter, 'Group');
    const { offset, limit, startIndex } = pageBounds(request);
    const { items, total } = await this.store.scim.listGroups({ organizationId: connection.organizationId, filter, offset, limit });
    const views = await Promise.all(items.map(async (group) => ({ group, members: await this.store.scim.membersOf(group.id) })));
    return { items: views, total, startIndex };
  }

  async replaceGroup(connection: ScimConnectionRecord, id: string, body: unknown): Promise<ScimGroupView> {
    const attributes = groupAttributes(body);
    return this.changeGroup(connection, id, () => ({ displayName: attributes.displayName, externalId: attributes.externalId, members: new Set(attributes.members) }));
  }

  async patchGroup(connection: ScimConnectionRecord, id: string, body: unknown): Promise<ScimGroupView> {
    const operations = patchOperations(body);
    return this.changeGroup(connection, id, (current) => patchGroup(current, operations));
  }

  async deleteGroup(connection: ScimConnectionRecord, id: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      await tx.scim.lockConnection(connection.organizationId);
      const group = UUID.test(id) ? await tx.scim.findGroup(connection.organizationId, id.toLowerCase()) : null;
      if (!group) throw groupNotFound();
      const now = this.clock.now();
      const members = await tx.scim.membersOf(group.id);
      await tx.scim.deleteGroup(connection.organizationId, group.id);
      const users = await this.resolveMembers(tx, connection, members.map((member) => member.value));
      const changes = await this.resync(tx, connection, users, now);
      await recordScimChange(tx, connection, now, { action: 'scim.group.deleted', targetType: 'scim_group', targetId: group.id, details: { displayName: group.displayName, roleChanges: changes } });
    });
  }

  private async changeUser(connection: ScimConnectionRecord, id: string, change: (current: ScimUserAttributes) => ScimUserAttributes): Promise<ScimUserView> {
    return this.store.transaction(async (tx) => {
      await tx.scim.lockConnection(connection.organizationId);
      const current = UUID.test(id) ? await tx.scim.findUser(connection.organizationId, id.toLowerCase()) : null;
      if (!current) throw userNotFound();
      const attributes = change(attributesOf(current));
      const now = this.clock.now();
      const user: ScimUserRecord = { ...current, ...attributes, version: current.version + 1, updatedAt: now };
      const outcome = await tx.scim.updateUser(user);
      if (outcome === 'missing') throw userNotFound();
      if (outcome === 'conflict') throw taken('userName');
      const membership = await syncMembership(tx, connection, user, now);
      const action = current.active && !user.active ? 'scim.user.deactivated' : !current.active && user.active ? 'scim.user.reactivated' : 'scim.user.updated';
      const changed = (Object.keys(attributes) as (keyof ScimUserAttributes)[]).filter((key) => JSON.stringify(attributes[key]) !== JSON.stringify(current[key]));
      await recordScimChange(tx, connection, now, {
        action,
        targetType: 'user',
        targetId: user.userId,
        details: { scimId: user.id, userName: user.userName, changed, ...membershipDetails(membership) },
      });
      return { user, groups: await tx.scim.groupsOf(user.id) };
    });
  }

  private async changeGroup(connection: ScimConnectionRecord, id: string, change: (current: GroupState) => GroupState): Promise<ScimGroupView> {
    return this.store.transaction(async (tx) => {
      await tx.scim.lockConnection(connection.organizationId);
      const current = UUID.test(id) ? await tx.scim.findGroup(connection.organizationId, id.toLowerCase()) : null;
      if (!current) throw groupNotFound();
      const before = new Set((await tx.scim.membersOf(current.id)).map((member) => member.value));
      const next = change({ displayName: current.displayName, externalId: current.externalId, members: before });
      const added = [...next.members].filter((member) => !before.has(member));
      const removed = [...before].filter((member) => !next.members.has(member));
      const addedUsers = await this.resolveMembers(tx, connection, added);
      const now = this.clock.now();
      const group: ScimGroupRecord = { ...current, displayName: next.displayName, externalId: next.externalId, version: current.version + 1, updatedAt: now };
      const outcome = await tx.scim.updateGroup(group);
      if (outcome === 'missing') throw groupNotFound();
      if (outcome === 'conflict') throw taken('displayName');
      await tx.scim.addMembers(group.id, added);
      await tx.scim.removeMembers(group.id, removed);
      // A rename changes which mapping applies to every member; otherwise only the moved members change.
      const renamed = group.displayName.toLowerCase() !== current.displayName.toLowerCase();
      const removedUsers = await this.resolveMembers(tx, connection, removed, true);
      const stayingUsers = renamed ? await this.resolveMembers(tx, connection, [...next.members].filter((member) => before.has(member)), true) : [];
      const changes = await this.resync(tx, connection, [...addedUsers, ...removedUsers, ...stayingUsers], now);
      await recordScimChange(tx, connection, now, {
        action: 'scim.group.updated',
        targetType: 'scim_group',
        targetId: group.id,
        details: {
          displayName: group.displayName,
          ...(renamed ? { previousDisplayName: current.displayName } : {}),
          membersAdded: addedUsers.map((user) => user.userId),
          membersRemoved: removedUsers.map((user) => user.userId),
          roleChanges: changes,
        },
      });
      return { group, members: await tx.scim.membersOf(group.id) };
    });
  }

  /** The SCIM users a member list names; an id that is no User of this organization is a 400 (unless `lenient`). */
  private async resolveMembers(tx: Store, connection: ScimConnectionRecord, ids: readonly string[], lenient = false): Promise<ScimUserRecord[]> {
    const users: ScimUserRecord[] = [];
    for (const id of new Set(ids)) {
      const user = await tx.scim.findUser(connection.organizationId, id);
      if (user) users.push(user);
      else if (!lenient) throw new ScimError(400, `members: ${id} is no User of this organization.`, 'invalidValue');
    }
    return users;
  }

  /** Recomputes the role of each user (group membership changed); returns the changes made. */
  private async resync(tx: Store, connection: ScimConnectionRecord, users: readonly ScimUserRecord[], now: Date): Promise<{ userId: string; before: string | null; after: string | null }[]> {
    const changes = [];
    for (const user of users) {
      const change = await syncMembership(tx, connection, user, now);
      if (change.before !== change.after) changes.push({ userId: user.userId, before: change.before, after: change.after });
    }
    return changes;
  }
}
