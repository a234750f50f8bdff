import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { OrganizationRecord, OrganizationRole } from '../../ports/organizations.js';
import type { ProjectRecord } from '../../ports/projects.js';
import type { Store } from '../../ports/store.js';
import type { UserRecord } from '../../ports/users.js';
import type { ApiKeyRecord } from '../../ports/api-keys.js';
import { displayPrefix, hashToken, issueToken } from '../../auth/tokens.js';

export interface IssuedApiKey {
  record: ApiKeyRecord;
  /** The key itself: shown once, never stored. */
  key: string;
}

/** Creating organizations, projects, users and API keys; used by first start, seeding and tests. */
export class Provisioning {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  createOrganization(name: string): Promise<OrganizationRecord> {
    return this.store.organizations.create({ id: randomUUID(), name, now: this.clock.now() });
  }

  createProject(organizationId: string, name: string): Promise<ProjectRecord> {
    return this.store.projects.create({ id: randomUUID(), organizationId, name, now: this.clock.now() });
  }

  async createUser(email: string, name: string, memberships: { organizationId: string; role: OrganizationRole }[] = []): Promise<UserRecord> {
    return this.store.transaction(async (tx) => {
      const user = await tx.users.create({ id: randomUUID(), email: email.trim().toLowerCase(), name, now: this.clock.now() });
      for (const membership of memberships) {
        await tx.organizations.addMember({ ...membership, userId: user.id, now: this.clock.now() });
      }
      return user;
    });
  }

  /** A key for one project, or for the whole organization when projectId is null. */
  async issueApiKey(input: { organizationId: string; projectId: string | null; name: string; createdByUserId?: string | null }): Promise<IssuedApiKey> {
    const key = issueToken('apiKey');
    const record = await this.store.apiKeys.create({
      id: randomUUID(),
      organizationId: input.organizationId,
      projectId: input.projectId,
      name: input.name,
      displayPrefix: displayPrefix(key),
      keyHash: hashToken(key),
      createdByUserId: input.createdByUserId ?? null,
      createdAt: this.clock.now(),
    });
    return { record, key };
  }
}

export interface DevEnvironment {
  organization: OrganizationRecord;
  project: ProjectRecord;
  user: UserRecord;
  apiKey: IssuedApiKey;
}

/**
 * On the very first start (no organization yet) creates a dev organization, project, owner user and
 * project API key in one transaction, so `npm start` is immediately usable. Returns null afterwards.
 */
export async function provisionDevEnvironment(store: Store, clock: Clock, adminEmail = 'dev@localhost'): Promise<DevEnvironment | null> {
  return store.transaction(async (tx) => {
    if ((await tx.organizations.count()) > 0) return null;
    const provisioning = new Provisioning(tx, clock);
    const organization = await provisioning.createOrganization('Dev Organization');
    const project = await provisioning.createProject(organization.id, 'Dev Project');
    const user = await provisioning.createUser(adminEmail, 'Dev User', [{ organizationId: organization.id, role: 'owner' }]);
    const apiKey = await provisioning.issueApiKey({ organizationId: organization.id, projectId: project.id, name: 'Dev key', createdByUserId: user.id });
    return { organization, project, user, apiKey };
  });
}
