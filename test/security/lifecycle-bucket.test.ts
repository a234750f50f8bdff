import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';

const base = '/api/v1/public/service-accounts';

forEachAdapter((adapter) => {
  describe('security-lifecycle bucket', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    it('30 parallel service-account creations on a fresh organization: exactly 10 succeed, 20 get 429', async () => {
      const tenant = await server.seedTenant('Parallel');
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          server.request().post(base).set('x-api-key', tenant.orgApiKey).set('x-project-id', tenant.project.id).send({ name: `parallel-${i}` }),
        ),
      );
      const statuses = responses.map((res) => res.status);
      expect(statuses.filter((s) => s === 201), statuses.join(',')).to.have.length(10);
      expect(statuses.filter((s) => s === 429), statuses.join(',')).to.have.length(20);
      for (const res of responses.filter((r) => r.status === 429)) expectProblem(res, 429, 'PUBLIC_API_SECURITY_LIFECYCLE_LIMITED');
      const stored = await server.runtime.database.knex('service_accounts').where({ organization_id: tenant.organization.id }).count({ n: '*' }).first();
      expect(Number(stored!.n)).to.equal(10);
    });

    it('30 parallel mints on a fresh organization: exactly 10 tokens issued', async () => {
      const tenant = await server.seedTenant('ParallelMint');
      const account = (await server.runtime.services.serviceAccounts.create(tenant.project, { kind: 'api_key', scheme: 'apiKey', credentialId: 'seed', organizationId: tenant.organization.id, userId: null, scopes: null, project: tenant.project, grant: null, fixedProjectId: null }, { name: 'seed' })).account;
      // The creation above drew one token: nine remain for the mints.
      const responses = await Promise.all(
        Array.from({ length: 30 }, () =>
          server.request().post(`${base}/${account.id}/tokens`).set('x-api-key', tenant.orgApiKey).set('x-project-id', tenant.project.id).send({ scopes: ['context:read'] }),
        ),
      );
      expect(responses.filter((res) => res.status === 201)).to.have.length(9);
      expect(responses.filter((res) => res.status === 429)).to.have.length(21);
    });

    it('never blocks revocation and revoking does not draw from it', async () => {
      const tenant = await server.seedTenant('Revoker');
      const call = (method: 'post' | 'delete', path: string) => server.request()[method](path).set('x-api-key', tenant.orgApiKey).set('x-project-id', tenant.project.id);
      const account = expectEnvelope<{ id: string }>(await call('post', base).send({ name: 'r' }), 201); // 1
      const tokens: string[] = [];
      for (let i = 0; i < 9; i++) tokens.push(expectEnvelope<{ tokenInfo: { id: string } }>(await call('post', `${base}/${account.id}/tokens`).send({ scopes: ['context:read'] }), 201).tokenInfo.id); // 10
      expectProblem(await call('post', base).send({ name: 'spent' }), 429, 'PUBLIC_API_SECURITY_LIFECYCLE_LIMITED');

      for (const id of tokens) {
        const revoked = expectEnvelope<{ revokedAt: string }>(await call('delete', `${base}/${account.id}/tokens/${id}`));
        expect(revoked.revokedAt).to.equal(server.clock.now().toISOString());
      }
      // Nine revocations later the bucket is as it was: one token back after 360 s, not before, and only one.
      server.clock.advance(359_000);
      expectProblem(await call('post', base).send({ name: 'early' }), 429, 'PUBLIC_API_SECURITY_LIFECYCLE_LIMITED');
      server.clock.advance(1_000);
      expectEnvelope(await call('post', base).send({ name: 'refilled' }), 201);
      expectProblem(await call('post', base).send({ name: 'again' }), 429, 'PUBLIC_API_SECURITY_LIFECYCLE_LIMITED');
    });
  });
});
