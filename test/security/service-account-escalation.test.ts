import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import type { ProjectRecord } from '../../src/ports/projects.js';
import type { ProjectRole } from '../../src/auth/roles.js';

interface Account {
  id: string;
  bindings: { projectId: string; role: string }[];
}
interface Issued {
  token: string;
  tokenInfo: { id: string };
}

const base = '/api/v1/public/service-accounts';

/**
 * Service accounts across projects: project A1 and A2 of one organization. A project key of A1 and
 * a user who is admin in A1 but viewer in A2 must not reach A2 through a service account; the
 * organization key and the organization owner may.
 */
forEachAdapter((adapter) => {
  describe('service accounts: no escalation across projects (access matrix)', () => {
    let server: TestServer;
    let a1: ProjectRecord;
    let a2: ProjectRecord;
    let mixedUserToken: string;
    let ownerToken: string;
    const accounts: Record<'onlyA2' | 'both' | 'onlyA1' | 'unbound', string> = { onlyA2: '', both: '', onlyA1: '', unbound: '' };

    before(async () => {
      server = await startTestServer(adapter);
      a1 = server.tenant.project;
      a2 = await server.runtime.services.provisioning.createProject(server.tenant.organization.id, 'A2');
      const { provisioning, identityProvisioning } = server.runtime.services;
      const mixed = await provisioning.createUser(`mixed-${randomUUID()}@example.com`, 'Mixed', [{ organizationId: server.tenant.organization.id, role: 'member' }]);
      await identityProvisioning.setProjectRole(a1.id, mixed.id, 'admin');
      await identityProvisioning.setProjectRole(a2.id, mixed.id, 'viewer');
      mixedUserToken = await server.oauthToken(mixed.id, ['organization:read', 'organization:write', 'context:read'], { expiresInMs: 30 * 86_400_000 });
      ownerToken = await server.oauthToken(server.tenant.user.id, ['organization:read', 'organization:write'], { expiresInMs: 30 * 86_400_000 });

      const store = server.runtime.store;
      const now = server.clock.now();
      const make = async (name: string, bindings: [ProjectRecord, ProjectRole][]): Promise<string> => {
        const id = randomUUID();
        await store.serviceAccounts.create({ id, organizationId: server.tenant.organization.id, name, description: null, createdByUserId: null, createdAt: now, updatedAt: now });
        for (const [project, role] of bindings) await store.serviceAccounts.upsertBinding({ serviceAccountId: id, projectId: project.id, role, now });
        return id;
      };
      accounts.onlyA2 = await make('only-a2', [[a2, 'admin']]);
      accounts.both = await make('both', [[a1, 'viewer'], [a2, 'admin']]);
      accounts.onlyA1 = await make('only-a1', [[a1, 'admin']]);
      accounts.unbound = await make('unbound', []);
    });
    after(async () => server.close());
    beforeEach(() => server.clock.advance(3_600_000));

    type Who = 'projectKeyA1' | 'mixedUser' | 'orgKey' | 'owner';
    const as = (who: Who, method: 'get' | 'post' | 'put' | 'delete', path: string, project: ProjectRecord = a1) => {
      const request = server.request()[method](path).set('x-project-id', project.id);
      switch (who) {
        case 'projectKeyA1':
          return request.set('x-api-key', server.tenant.apiKey);
        case 'orgKey':
          return request.set('x-api-key', server.tenant.orgApiKey);
        case 'mixedUser':
          return request.set('authorization', `Bearer ${mixedUserToken}`);
        case 'owner':
          return request.set('authorization', `Bearer ${ownerToken}`);
      }
    };
    const listed = async (who: Who): Promise<Account[]> =>
      expectEnvelope<{ serviceAccounts: Account[] }>(await as(who, 'get', base).query({ limit: 100 })).serviceAccounts;

    describe('GET /api/v1/public/service-accounts', () => {
      for (const who of ['projectKeyA1', 'mixedUser'] as const) {
        it(`${who} sees only the accounts bound to A1, each with only its A1 binding`, async () => {
          const seen = await listed(who);
          expect(seen.map((a) => a.id).sort()).to.deep.equal([accounts.both, accounts.onlyA1].sort());
          expect(seen.find((a) => a.id === accounts.both)!.bindings).to.deep.equal([{ projectId: a1.id, role: 'viewer' }]);
        });
      }
      for (const who of ['orgKey', 'owner'] as const) {
        it(`${who} (organization-wide) sees every account with every binding`, async () => {
          const seen = await listed(who);
          expect(seen.map((a) => a.id)).to.include.members(Object.values(accounts));
          expect(seen.find((a) => a.id === accounts.both)!.bindings).to.have.deep.members([
            { projectId: a1.id, role: 'viewer' },
            { projectId: a2.id, role: 'admin' },
          ]);
        });
      }
      it('mixedUser selecting A2 (where it is viewer) gets 403 PUBLIC_API_INSUFFICIENT_ROLE', async () => {
        expectProblem(await as('mixedUser', 'get', base, a2), 403, 'PUBLIC_API_INSUFFICIENT_ROLE');
      });
    });

    describe('POST /api/v1/public/service-accounts/{serviceAccountId}/tokens', () => {
      for (const who of ['projectKeyA1', 'mixedUser'] as const) {
        it(`${who}: an account bound only to A2 answers 404 PUBLIC_API_NOT_FOUND (not in reach)`, async () => {
          expectProblem(await as(who, 'post', `${base}/${accounts.onlyA2}/tokens`).send({ scopes: ['observability:read'] }), 404, 'PUBLIC_API_NOT_FOUND');
        });
        it(`${who}: an account bound to A1 and as admin to A2 answers 403 PUBLIC_API_INSUFFICIENT_ROLE`, async () => {
          expectProblem(await as(who, 'post', `${base}/${accounts.both}/tokens`).send({ scopes: ['observability:read'] }), 403, 'PUBLIC_API_INSUFFICIENT_ROLE');
        });
        it(`${who}: an unbound account answers 404 (only organization administrators reach it)`, async () => {
          expectProblem(await as(who, 'post', `${base}/${accounts.unbound}/tokens`).send({ scopes: ['observability:read'] }), 404, 'PUBLIC_API_NOT_FOUND');
        });
        it(`${who}: an account bound only to A1 gets its token (201), which works in A1 and not in A2`, async () => {
          const issued = expectEnvelope<Issued>(await as(who, 'post', `${base}/${accounts.onlyA1}/tokens`).send({ scopes: ['context:read'] }), 201);
          const project = (p: ProjectRecord) => server.request().get('/api/v1/public/project').set('authorization', `Bearer ${issued.token}`).set('x-project-id', p.id);
          expectEnvelope(await project(a1));
          expectProblem(await project(a2), 403, 'PUBLIC_API_PROJECT_FORBIDDEN');
        });
      }
      for (const who of ['orgKey', 'owner'] as const) {
        it(`${who} (organization-wide) mints for the account bound to both projects: 201`, async () => {
          expectEnvelope(await as(who, 'post', `${base}/${accounts.both}/tokens`).send({ scopes: ['context:read'] }), 201);
        });
      }
      it('mixedUser selecting A2 gets 403 PUBLIC_API_INSUFFICIENT_ROLE (viewer there)', async () => {
        expectProblem(await as('mixedUser', 'post', `${base}/${accounts.onlyA2}/tokens`, a2).send({ scopes: ['context:read'] }), 403, 'PUBLIC_API_INSUFFICIENT_ROLE');
      });
    });

    describe('POST /api/v1/public/service-accounts/{serviceAccountId}/tokens/{tokenId}/rotate', () => {
      it('projectKeyA1 cannot rotate a token of the account bound as admin to A2 (403); the organization key can (201)', async () => {
        const issued = expectEnvelope<Issued>(await as('orgKey', 'post', `${base}/${accounts.both}/tokens`).send({ scopes: ['context:read'] }), 201);
        expectProblem(await as('projectKeyA1', 'post', `${base}/${accounts.both}/tokens/${issued.tokenInfo.id}/rotate`), 403, 'PUBLIC_API_INSUFFICIENT_ROLE');
        expectEnvelope(await as('orgKey', 'post', `${base}/${accounts.both}/tokens/${issued.tokenInfo.id}/rotate`), 201);
      });
    });

    describe('GET /api/v1/public/service-accounts/{serviceAccountId}/tokens', () => {
      it('projectKeyA1 cannot list the tokens of an account bound only to A2 (404)', async () => {
        expectProblem(await as('projectKeyA1', 'get', `${base}/${accounts.onlyA2}/tokens`), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('PUT /api/v1/public/service-accounts/{serviceAccountId}/binding', () => {
      for (const who of ['projectKeyA1', 'mixedUser'] as const) {
        it(`${who} cannot pull an account of A2 (or an unbound one) into A1: 404, no binding written`, async () => {
          expectProblem(await as(who, 'put', `${base}/${accounts.onlyA2}/binding`).send({ role: 'admin' }), 404, 'PUBLIC_API_NOT_FOUND');
          expectProblem(await as(who, 'put', `${base}/${accounts.unbound}/binding`).send({ role: 'admin' }), 404, 'PUBLIC_API_NOT_FOUND');
          expect(await server.runtime.store.serviceAccounts.findBinding(accounts.onlyA2, a1.id)).to.equal(null);
          expect(await server.runtime.store.serviceAccounts.findBinding(accounts.unbound, a1.id)).to.equal(null);
        });
      }
      it('projectKeyA1 changes the A1 binding of a shared account and sees only that binding in the answer', async () => {
        const data = expectEnvelope<Account>(await as('projectKeyA1', 'put', `${base}/${accounts.both}/binding`).send({ role: 'viewer' }));
        expect(data.bindings).to.deep.equal([{ projectId: a1.id, role: 'viewer' }]);
      });
      it('the organization key binds an unbound account (organization-wide reach)', async () => {
        const id = randomUUID();
        const now = server.clock.now();
        await server.runtime.store.serviceAccounts.create({ id, organizationId: server.tenant.organization.id, name: 'fresh', description: null, createdByUserId: null, createdAt: now, updatedAt: now });
        const data = expectEnvelope<Account>(await as('orgKey', 'put', `${base}/${id}/binding`).send({ role: 'editor' }));
        expect(data.bindings).to.deep.equal([{ projectId: a1.id, role: 'editor' }]);
      });
    });

    describe('POST /api/v1/public/service-accounts', () => {
      it('an account created by a project key starts bound to its project as viewer, so it stays in reach', async () => {
        const created = expectEnvelope<Account>(await as('projectKeyA1', 'post', base).send({ name: 'project-made' }), 201);
        expect(created.bindings).to.deep.equal([{ projectId: a1.id, role: 'viewer' }]);
        expect((await listed('projectKeyA1')).map((a) => a.id)).to.include(created.id);
      });
      it('an account created by the organization key starts unbound', async () => {
        expect(expectEnvelope<Account>(await as('orgKey', 'post', base).send({ name: 'org-made' }), 201).bindings).to.deep.equal([]);
      });
    });

    describe('the reported path: A1 credential → token of an A2 admin account → A2 webhooks', () => {
      it('is closed: no token, and so no webhook in A2', async () => {
        const res = await as('projectKeyA1', 'post', `${base}/${accounts.onlyA2}/tokens`).send({ scopes: ['configuration:write', 'observability:read'] });
        expectProblem(res, 404, 'PUBLIC_API_NOT_FOUND');
        const webhooks = await server.runtime.database.knex('webhooks').where({ project_id: a2.id }).count({ n: '*' }).first();
        expect(Number(webhooks!.n)).to.equal(0);
      });
    });
  });
});
