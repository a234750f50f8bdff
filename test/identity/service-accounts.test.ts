import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { registeredTraces } from '../support/trace-fixtures.js';

interface Account {
  id: string;
  bindings: { projectId: string; role: string }[];
}
interface Issued {
  token: string;
  tokenInfo: { id: string; prefix: string; scopes: string[]; expiresAt: string; revokedAt: string | null; rotatedFromId: string | null };
}

forEachAdapter((adapter) => {
  describe('service accounts', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());
    // A full hour refills the organization's security-lifecycle bucket, so each test starts with 10.
    beforeEach(() => server.clock.advance(3_600_000));

    const base = '/api/v1/public/service-accounts';
    const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, key = server.tenant.orgApiKey) =>
      server.request()[method](path).set('x-api-key', key).set('x-project-id', server.tenant.project.id);

    async function createAccount(name = 'ci'): Promise<Account> {
      return expectEnvelope<Account>(await call('post', base).send({ name }), 201);
    }
    async function mint(accountId: string, scopes: string[], expiresInSeconds?: number): Promise<Issued> {
      return expectEnvelope<Issued>(await call('post', `${base}/${accountId}/tokens`).send({ scopes, ...(expiresInSeconds ? { expiresInSeconds } : {}) }), 201);
    }
    const asServiceAccount = (token: string, projectId = server.tenant.project.id) =>
      server.request().get('/api/v1/public/project').set('authorization', `Bearer ${token}`).set('x-project-id', projectId);

    describe('POST /api/v1/public/service-accounts', () => {
      it('creates an account in the selected project organization, without bindings', async () => {
        const res = await call('post', base).send({ name: 'deployer', description: 'CI' });
        const data = expectEnvelope<Account & { organizationId: string; name: string; description: string }>(res, 201);
        expect(data).to.include({ organizationId: server.tenant.organization.id, name: 'deployer', description: 'CI' });
        expect(data.bindings).to.deep.equal([]);
      });

      it('needs the admin role: an organization member with an OAuth token gets 403 PUBLIC_API_INSUFFICIENT_ROLE', async () => {
        const member = await server.runtime.services.provisioning.createUser(`member-${adapter}@example.com`, 'Member', [{ organizationId: server.tenant.organization.id, role: 'member' }]);
        await server.runtime.services.identityProvisioning.setProjectRole(server.tenant.project.id, member.id, 'editor');
        const token = await server.oauthToken(member.id, ['organization:write']);
        const res = await server.request().post(base).set('authorization', `Bearer ${token}`).set('x-project-id', server.tenant.project.id).send({ name: 'x' });
        const body = expectProblem(res, 403, 'PUBLIC_API_INSUFFICIENT_ROLE');
        expect(body.detail).to.equal('This operation needs the project role admin; the principal holds editor.');
      });
    });

    describe('service-account tokens', () => {
      it('work only with an active binding, within their scopes, and show the token once', async () => {
        const account = await createAccount();
        const issued = await mint(account.id, ['context:read']);
        expect(issued.token).to.match(/^tw_sa_/);
        expect(issued.tokenInfo.prefix).to.equal(issued.token.slice(0, 10));
        expectProblem(await asServiceAccount(issued.token), 403, 'PUBLIC_API_PROJECT_FORBIDDEN');

        const bound = expectEnvelope<Account>(await call('put', `${base}/${account.id}/binding`).send({ role: 'viewer' }));
        expect(bound.bindings).to.deep.equal([{ projectId: server.tenant.project.id, role: 'viewer' }]);
        expect(expectEnvelope<{ id: string }>(await asServiceAccount(issued.token)).id).to.equal(server.tenant.project.id);
        expectProblem(await asServiceAccount(issued.token, server.other.project.id), 403, 'PUBLIC_API_PROJECT_FORBIDDEN');

        const tokens = expectEnvelope<{ tokens: { id: string }[] }>(await call('get', `${base}/${account.id}/tokens`));
        expect(tokens.tokens.map((t) => t.id)).to.deep.equal([issued.tokenInfo.id]);
        expect(JSON.stringify(tokens)).to.not.contain(issued.token);

        expectEnvelope(await call('delete', `${base}/${account.id}/binding`));
        expectProblem(await asServiceAccount(issued.token), 403, 'PUBLIC_API_PROJECT_FORBIDDEN');
      });

      it('answers 403 insufficient_scope for a token without the operation scope', async () => {
        const account = await createAccount();
        await call('put', `${base}/${account.id}/binding`).send({ role: 'admin' });
        // GET /project takes context:read or observability:read (the whoami tool's readers): neither here.
        const issued = await mint(account.id, ['evaluation:read']);
        const res = await asServiceAccount(issued.token);
        expectProblem(res, 403, 'PUBLIC_API_INSUFFICIENT_SCOPE');
        expect(res.headers['www-authenticate']).to.contain('error="insufficient_scope"');
      });

      it('expire after their lifetime (ManualClock)', async () => {
        const account = await createAccount();
        await call('put', `${base}/${account.id}/binding`).send({ role: 'viewer' });
        const issued = await mint(account.id, ['context:read'], 300);
        server.clock.advance(300_000);
        expectProblem(await asServiceAccount(issued.token), 401, 'PUBLIC_API_INVALID_CREDENTIAL');
      });

      it('rotate: the new token works, the old one is revoked', async () => {
        const account = await createAccount();
        await call('put', `${base}/${account.id}/binding`).send({ role: 'viewer' });
        const issued = await mint(account.id, ['context:read']);
        const rotated = expectEnvelope<Issued>(await call('post', `${base}/${account.id}/tokens/${issued.tokenInfo.id}/rotate`), 201);
        expect(rotated.tokenInfo.rotatedFromId).to.equal(issued.tokenInfo.id);
        expect(rotated.tokenInfo.scopes).to.deep.equal(['context:read']);
        expectProblem(await asServiceAccount(issued.token), 401, 'PUBLIC_API_INVALID_CREDENTIAL');
        expectEnvelope(await asServiceAccount(rotated.token));
        expectProblem(await call('post', `${base}/${account.id}/tokens/${issued.tokenInfo.id}/rotate`), 409, 'PUBLIC_API_TOKEN_INACTIVE');
      });

      it('revoke: the token stops working at once', async () => {
        const account = await createAccount();
        await call('put', `${base}/${account.id}/binding`).send({ role: 'viewer' });
        const issued = await mint(account.id, ['context:read']);
        const revoked = expectEnvelope<{ revokedAt: string }>(await call('delete', `${base}/${account.id}/tokens/${issued.tokenInfo.id}`));
        expect(revoked.revokedAt).to.equal(server.clock.now().toISOString());
        expectProblem(await asServiceAccount(issued.token), 401, 'PUBLIC_API_INVALID_CREDENTIAL');
      });

      it('answers 404 for an account of another organization', async () => {
        const res = await server.request().post(`${base}/${(await createAccount()).id}/tokens`).set('x-api-key', server.other.apiKey).send({ scopes: ['context:read'] });
        expectProblem(res, 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('GET /api/v1/public/service-accounts', () => {
      it('pages newest first with a cursor', async () => {
        const tenant = await server.seedTenant('Delta');
        const call = (method: 'get' | 'post', path: string) => server.request()[method](path).set('x-api-key', tenant.orgApiKey).set('x-project-id', tenant.project.id);
        const createAccount = async (name: string) => expectEnvelope<Account>(await call('post', base).send({ name }), 201);
        const first = await createAccount('a');
        server.clock.advance(1000);
        const second = await createAccount('b');
        const page1 = expectEnvelope<{ serviceAccounts: Account[]; page: { hasMore: boolean; nextCursor: string } }>(await call('get', base).query({ limit: 1 }));
        expect(page1.serviceAccounts.map((a) => a.id)).to.deep.equal([second.id]);
        expect(page1.page.hasMore).to.equal(true);
        const page2 = expectEnvelope<{ serviceAccounts: Account[]; page: { hasMore: boolean; nextCursor: null } }>(await call('get', base).query({ limit: 1, cursor: page1.page.nextCursor }));
        expect(page2.serviceAccounts.map((a) => a.id)).to.deep.equal([first.id]);
        expect(page2.page).to.deep.equal({ hasMore: false, limit: 1, nextCursor: null });
      });
    });

    describe('security-lifecycle bucket', () => {
      it('is shared by create and mint, by two service accounts and two credentials of one organization; 429 with Retry-After, refilled over time', async () => {
        const tenant = await server.seedTenant('Gamma');
        const call = (method: 'post', path: string) => server.request()[method](path).set('x-api-key', tenant.orgApiKey).set('x-project-id', tenant.project.id);
        const createAccount = async (name: string) => expectEnvelope<Account>(await call('post', base).send({ name }), 201);
        const mint = async (accountId: string, scopes: string[]) => expectEnvelope<Issued>(await call('post', `${base}/${accountId}/tokens`).send({ scopes }), 201);
        const one = await createAccount('one'); // 1
        const two = await createAccount('two'); // 2
        for (let i = 0; i < 4; i++) await mint(one.id, ['context:read']); // 6
        // Binding draws nothing; it puts the account in reach of the project key.
        expectEnvelope(await server.request().put(`${base}/${two.id}/binding`).set('x-api-key', tenant.orgApiKey).set('x-project-id', tenant.project.id).send({ role: 'viewer' }));
        for (let i = 0; i < 3; i++) {
          const res = await server.request().post(`${base}/${two.id}/tokens`).set('x-api-key', tenant.apiKey).send({ scopes: ['context:read'] });
          expectEnvelope(res, 201); // 9, through the project key
        }
        expectEnvelope(await call('post', base).send({ name: 'three' }), 201); // 10

        const mintRes = await call('post', `${base}/${two.id}/tokens`).send({ scopes: ['context:read'] });
        expectProblem(mintRes, 429, 'PUBLIC_API_SECURITY_LIFECYCLE_LIMITED');
        expect(mintRes.headers['retry-after']).to.equal('360');
        expectProblem(await call('post', base).send({ name: 'four' }), 429, 'PUBLIC_API_SECURITY_LIFECYCLE_LIMITED');

        // Another organization has its own bucket.
        expectEnvelope(await server.request().post(base).set('x-api-key', server.other.apiKey).send({ name: 'other' }), 201);

        server.clock.advance(360_000);
        expectEnvelope(await call('post', `${base}/${one.id}/tokens`).send({ scopes: ['context:read'] }), 201);
        expectProblem(await call('post', base).send({ name: 'five' }), 429, 'PUBLIC_API_SECURITY_LIFECYCLE_LIMITED');
      });
    });
  });

  describe('guest review tokens', () => {
    let server: TestServer;
    const traceId = 'trace-shared-1';
    before(async () => {
      server = await startTestServer(adapter);
      const now = server.clock.now().getTime();
      const knex = server.runtime.database.knex;
      await knex('traces').insert(await registeredTraces(knex, [{ project_id: server.tenant.project.id, id: traceId, name: 'shared', status: 'success', created_at: now }]));
    });
    after(async () => server.close());

    const create = (body: Record<string, unknown>) => server.request().post('/api/v1/public/sharing/guest-tokens').set('x-api-key', server.tenant.apiKey).send(body);

    describe('POST /api/v1/public/sharing/guest-tokens', () => {
      it('shares one existing trace; the token is accepted only as ServiceGuest', async () => {
        const issued = expectEnvelope<{ token: string; grant: Record<string, string> }>(await create({ resourceType: 'trace', resourceId: traceId, expiresInSeconds: 600 }), 201);
        expect(issued.token).to.match(/^tw_gt_/);
        const grant = { resourceType: 'trace', resourceId: traceId, projectId: server.tenant.project.id, expiresAt: new Date(server.clock.now().getTime() + 600_000).toISOString() };
        expect(issued.grant).to.deep.equal(grant);

        expect(expectEnvelope(await server.request().get('/api/v1/public/guest-review').set('authorization', `ServiceGuest ${issued.token}`))).to.deep.equal(grant);
        expectProblem(await server.request().get('/api/v1/public/guest-review').set('authorization', `Bearer ${issued.token}`), 401, 'PUBLIC_API_INVALID_CREDENTIAL');
        expectProblem(await server.request().get('/api/v1/public/guest-review').set('x-api-key', issued.token), 401, 'PUBLIC_API_INVALID_CREDENTIAL');
        expectProblem(await server.request().get('/api/v1/public/project').set('authorization', `ServiceGuest ${issued.token}`), 403, 'PUBLIC_API_CREDENTIAL_NOT_ALLOWED');
      });

      it('expires (ManualClock)', async () => {
        const issued = expectEnvelope<{ token: string }>(await create({ resourceType: 'trace', resourceId: traceId, expiresInSeconds: 300 }), 201);
        server.clock.advance(300_000);
        expectProblem(await server.request().get('/api/v1/public/guest-review').set('authorization', `ServiceGuest ${issued.token}`), 401, 'PUBLIC_API_INVALID_CREDENTIAL');
      });

      it('answers 404 for a trace that does not exist in the project', async () => {
        expectProblem(await create({ resourceType: 'trace', resourceId: 'nope' }), 404, 'PUBLIC_API_NOT_FOUND');
      });

      it('needs sharing:write with an OAuth token', async () => {
        const token = await server.oauthToken(server.tenant.user.id, ['sharing:read']);
        const res = await server.request().post('/api/v1/public/sharing/guest-tokens').set('authorization', `Bearer ${token}`).set('x-project-id', server.tenant.project.id).send({ resourceType: 'trace', resourceId: traceId });
        expectProblem(res, 403, 'PUBLIC_API_INSUFFICIENT_SCOPE');
      });
    });
  });
});
