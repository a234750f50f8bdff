import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { migrateToLatest } from '../../adapters/database.js';
import { isUniqueViolation } from '../../adapters/sql/unique-violation.js';
import type { Store } from '../../src/ports/store.js';
import { forEachAdapter } from '../support/adapters.js';
import { openMigratedStore, type MigratedStore } from '../support/migrated-store.js';
import { rejectionOf } from '../support/rejection.js';

const T0 = new Date('2026-11-01T12:00:00.000Z');
const T1 = new Date('2026-11-01T13:00:00.000Z');

/** The repository contract: the same expectations of every adapter. */
forEachAdapter((adapter) => {
  describe('foundation repositories', () => {
    let opened: MigratedStore;
    let store: Store;

    before(async () => {
      opened = await openMigratedStore(adapter);
      store = opened.store;
    });
    after(async () => opened.close());

    it('reports its dialect', () => {
      expect(store.dialect).to.equal(adapter);
    });

    it('migrates idempotently', async () => {
      await migrateToLatest(opened.database);
    });

    it('creates and finds organizations and projects with exact times', async () => {
      const org = await store.organizations.create({ id: randomUUID(), name: 'Acme', now: T0 });
      const project = await store.projects.create({ id: randomUUID(), organizationId: org.id, name: 'Agents', now: T0 });
      expect(await store.organizations.findById(org.id)).to.deep.equal({ id: org.id, name: 'Acme', createdAt: T0, updatedAt: T0 });
      expect(await store.projects.findById(project.id)).to.deep.equal({ id: project.id, organizationId: org.id, name: 'Agents', retentionDays: null, searchInputsOutputs: true, experimentAlpha: 0.05, createdAt: T0, updatedAt: T0 });
      expect((await store.projects.listByOrganization(org.id)).map((p) => p.id)).to.deep.equal([project.id]);
      expect(await store.projects.findById(randomUUID())).to.equal(null);
    });

    it('records memberships and their roles', async () => {
      const org = await store.organizations.create({ id: randomUUID(), name: 'Roles', now: T0 });
      const user = await store.users.create({ id: randomUUID(), email: `${randomUUID()}@example.com`, name: 'R', now: T0 });
      await store.organizations.addMember({ organizationId: org.id, userId: user.id, role: 'viewer', now: T0 });
      expect(await store.organizations.findMemberRole(org.id, user.id)).to.equal('viewer');
      expect(await store.organizations.findMemberRole(org.id, randomUUID())).to.equal(null);
    });

    it('creates users with profile defaults and updates only the given fields', async () => {
      const id = randomUUID();
      const created = await store.users.create({ id, email: `${id}@example.com`, name: 'Ada', now: T0 });
      expect(created).to.deep.include({ name: 'Ada', bio: null, language: 'en', avatarConfigured: false, createdAt: T0 });
      const updated = await store.users.updateProfile(id, { bio: 'Hello', timezone: 'UTC' }, T1);
      expect(updated).to.deep.include({ name: 'Ada', bio: 'Hello', timezone: 'UTC', updatedAt: T1 });
      expect(await store.users.updateProfile(randomUUID(), { bio: 'x' }, T1)).to.equal(null);
      expect((await store.users.findByEmail(`${id}@example.com`))?.id).to.equal(id);
    });

    it('rejects a second user with the same email', async () => {
      const email = `${randomUUID()}@example.com`;
      await store.users.create({ id: randomUUID(), email, name: 'A', now: T0 });
      const failure = await rejectionOf(store.users.create({ id: randomUUID(), email, name: 'B', now: T0 }));
      // The unique constraint refused it, not some other fault.
      expect(isUniqueViolation(failure), String(failure)).to.equal(true);
    });

    it('finds API keys by hash and revokes them once', async () => {
      const org = await store.organizations.create({ id: randomUUID(), name: 'Keys', now: T0 });
      const key = await store.apiKeys.create({
        id: randomUUID(),
        organizationId: org.id,
        projectId: null,
        name: 'org key',
        displayPrefix: 'tw_pk_abcd',
        keyHash: 'a'.repeat(64),
        createdByUserId: null,
        createdAt: T0,
      });
      expect(await store.apiKeys.findByHash('a'.repeat(64))).to.deep.equal(key);
      expect(await store.apiKeys.revoke(key.id, T1)).to.equal(true);
      expect(await store.apiKeys.revoke(key.id, T1)).to.equal(false);
      expect((await store.apiKeys.findByHash('a'.repeat(64)))?.revokedAt).to.deep.equal(T1);
    });

    it('stores OAuth access tokens with their scopes and expiry', async () => {
      const user = await store.users.create({ id: randomUUID(), email: `${randomUUID()}@example.com`, name: 'T', now: T0 });
      const token = await store.oauthTokens.create({
        id: randomUUID(),
        tokenHash: 'b'.repeat(64),
        userId: user.id,
        clientId: 'cli',
        scopes: ['profile:read', 'observability:read'],
        host: '127.0.0.1',
        expiresAt: T1,
        createdAt: T0,
      });
      expect(await store.oauthTokens.findByHash('b'.repeat(64))).to.deep.equal(token);
    });

    it('commits a transaction as a whole', async () => {
      const orgId = randomUUID();
      await store.transaction(async (tx) => {
        await tx.organizations.create({ id: orgId, name: 'Tx', now: T0 });
        await tx.projects.create({ id: randomUUID(), organizationId: orgId, name: 'P', now: T0 });
      });
      expect(await store.projects.listByOrganization(orgId)).to.have.length(1);
    });

    it('rolls a transaction back as a whole when it throws', async () => {
      const orgId = randomUUID();
      const failure = await store
        .transaction(async (tx) => {
          await tx.organizations.create({ id: orgId, name: 'Rollback', now: T0 });
          await tx.projects.create({ id: randomUUID(), organizationId: orgId, name: 'P', now: T0 });
          throw new Error('abort');
        })
        .catch((error: Error) => error.message);
      expect(failure).to.equal('abort');
      expect(await store.organizations.findById(orgId)).to.equal(null);
      expect(await store.projects.listByOrganization(orgId)).to.deep.equal([]);
    });

    it('joins an enclosing transaction instead of opening a second one', async () => {
      const orgId = randomUUID();
      const abortOuter = new Error('abort outer');
      const failure = await rejectionOf(
        store.transaction(async (tx) => {
          await tx.transaction(async (inner) => inner.organizations.create({ id: orgId, name: 'Nested', now: T0 }));
          // The inner write is visible to the outer transaction: it really ran, and in this one.
          expect((await tx.organizations.findById(orgId))?.name).to.equal('Nested');
          throw abortOuter;
        }),
      );
      expect(failure).to.equal(abortOuter);
      expect(await store.organizations.findById(orgId)).to.equal(null);
    });
  });
});
