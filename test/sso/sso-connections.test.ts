import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { startFakeProvider, type FakeProvider } from '../support/fake-oidc-provider.js';
import { createConnection, ownerToken, SSO_ENV } from './sso-support.js';

interface Connection {
  id: string;
  organizationId: string;
  issuer: string;
  clientId: string;
  allowedDomains: string[];
  defaultRole: string;
  groupClaim: string;
  groupRoles: unknown[];
  requireSso: boolean;
  redirectUri: string;
  createdAt: string;
  updatedAt: string;
}

forEachAdapter((adapter) => {
  describe('SSO connections (REST, organization owners)', function () {
    this.timeout(60_000);
    let server: TestServer;
    let idp: FakeProvider;
    let owner: string;
    let domain: string;
    let created: Connection;
    before(async () => {
      idp = await startFakeProvider();
      server = await startTestServer(adapter, { env: SSO_ENV });
      owner = await ownerToken(server);
      domain = `rest${Date.now()}.example`;
    });
    after(async () => {
      await server.close();
      await idp.close();
    });

    const as = <T extends { set(name: string, value: string): T }>(req: T, bearer = owner) => req.set('authorization', `Bearer ${bearer}`).set('x-project-id', server.tenant.project.id);
    const list = (bearer = owner) => as(server.request().get('/api/v1/public/sso-connections'), bearer);
    const body = (overrides: Record<string, unknown> = {}) => ({ issuer: idp.issuer, clientId: 'client-1', clientSecret: 's3cret-value', allowedDomains: [domain.toUpperCase()], defaultRole: 'member', ...overrides });
    const audit = async (action: string) =>
      expectEnvelope<{ auditEvents: { action: string; targetId: string; details: Record<string, unknown> }[] }>(await as(server.request().get(`/api/v1/public/audit-events?action=${action}`))).auditEvents;

    describe('GET /api/v1/public/sso-connections (listSsoConnections)', () => {
      it('none at first', async () => {
        expect(expectEnvelope<{ ssoConnections: Connection[] }>(await list())).to.deep.equal({ ssoConnections: [] });
      });

      it('an organization admin who is not an owner: 403 PUBLIC_API_OWNER_REQUIRED', async () => {
        const admin = await server.runtime.services.provisioning.createUser(`sso-admin-${Date.now()}@example.com`, 'Admin', [{ organizationId: server.tenant.organization.id, role: 'admin' }]);
        expectProblem(await list(await server.oauthToken(admin.id, ['access:read'])), 403, 'PUBLIC_API_OWNER_REQUIRED');
      });
    });

    describe('POST /api/v1/public/sso-connections (createSsoConnection)', () => {
      it('an issuer whose discovery cannot be fetched: 400 at /body/issuer, nothing saved', async () => {
        const res = await createConnection(server, body({ issuer: 'http://127.0.0.1:9/nothing' }));
        expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(res.body.errors[0]).to.include({ path: '/body/issuer', code: 'issuer_unreachable' });
        expect(expectEnvelope<{ ssoConnections: Connection[] }>(await list()).ssoConnections).to.deep.equal([]);
      });

      it('a private-network issuer not in SSO_ALLOWED_HOSTS: 400 (SSRF guard), never fetched', async () => {
        const res = await createConnection(server, body({ issuer: 'https://10.0.0.7' }));
        expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(res.body.errors[0]).to.include({ path: '/body/issuer' });
        expect(res.body.detail).to.include('non-public address');
      });

      it('a malformed domain: 400 naming it', async () => {
        const res = await createConnection(server, body({ allowedDomains: ['example.com', 'not a domain'] }));
        expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(res.body.errors[0]).to.include({ path: '/body/allowedDomains/1', code: 'pattern' });
      });

      it('no client secret: 400 at /body/clientSecret', async () => {
        const { clientSecret: _secret, ...rest } = body();
        const res = await createConnection(server, rest);
        expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(res.body.errors[0]).to.include({ path: '/body/clientSecret' });
      });

      it('creates the connection: domains lower-cased, group claim groups, the redirect URI to register; the secret sealed and never returned; audited without it', async () => {
        server.clock.advance(1000);
        created = expectEnvelope<Connection>(await createConnection(server, body()), 201);
        expect(created).to.deep.equal({
          id: created.id,
          organizationId: server.tenant.organization.id,
          issuer: idp.issuer,
          clientId: 'client-1',
          allowedDomains: [domain],
          defaultRole: 'member',
          groupClaim: 'groups',
          groupRoles: [],
          requireSso: false,
          redirectUri: `${server.config.publicBaseUrl}/sso/callback`,
          createdAt: server.clock.now().toISOString(),
          updatedAt: server.clock.now().toISOString(),
        });
        const stored = (await server.runtime.store.sso.findById(created.id))!;
        expect(stored.clientSecretSealed).to.match(/^v1\./).and.not.include('s3cret-value');
        expect(JSON.stringify(expectEnvelope(await list()))).to.not.include('s3cret');
        const [event] = await audit('sso.connection_created');
        expect(event).to.deep.include({ targetId: created.id });
        // The audit details are the request's fields as sent, the secret never among them.
        expect(event.details).to.deep.equal({ issuer: idp.issuer, clientId: 'client-1', allowedDomains: [domain.toUpperCase()], defaultRole: 'member' });
        expect(JSON.stringify(event.details)).to.not.include('s3cret');
      });

      it('a second connection for the organization: 409 SSO_CONNECTION_EXISTS', async () => {
        expectProblem(await createConnection(server, body({ allowedDomains: ['second.example'] })), 409, 'SSO_CONNECTION_EXISTS');
      });

      it('another organization claiming the same domain: 409 SSO_DOMAIN_TAKEN, nothing saved for it', async () => {
        const res = await createConnection(server, body(), server.other);
        expectProblem(res, 409, 'SSO_DOMAIN_TAKEN');
        expect(res.body.errors[0]).to.include({ path: '/body/allowedDomains' });
        expect(await server.runtime.store.sso.findByOrganization(server.other.organization.id)).to.equal(null);
      });
    });

    describe('PUT /api/v1/public/sso-connections/{connectionId} (replaceSsoConnection)', () => {
      it('without clientSecret the stored one is kept; settings replaced; audited', async () => {
        const before = (await server.runtime.store.sso.findById(created.id))!.clientSecretSealed;
        const res = await as(server.request().put(`/api/v1/public/sso-connections/${created.id}`)).send({
          issuer: idp.issuer, clientId: 'client-2', allowedDomains: [domain, `eu.${domain}`], defaultRole: 'viewer', groupClaim: 'roles', requireSso: true,
          groupRoles: [{ group: 'Admins', role: 'admin', projectRoles: [{ projectId: server.tenant.project.id, role: 'admin' }] }],
        });
        const replaced = expectEnvelope<Connection>(res);
        expect(replaced).to.deep.include({ clientId: 'client-2', allowedDomains: [`eu.${domain}`, domain], defaultRole: 'viewer', groupClaim: 'roles', requireSso: true });
        expect((await server.runtime.store.sso.findById(created.id))!.clientSecretSealed).to.equal(before);
        expect((await audit('sso.connection_updated'))[0]).to.deep.include({ targetId: created.id });
      });

      it('a project of another organization in the mapping: 400 naming it', async () => {
        const res = await as(server.request().put(`/api/v1/public/sso-connections/${created.id}`)).send({
          issuer: idp.issuer, clientId: 'client-2', allowedDomains: [domain], defaultRole: 'viewer', groupRoles: [{ group: 'A', role: 'admin', projectRoles: [{ projectId: server.other.project.id, role: 'admin' }] }],
        });
        expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(res.body.errors[0]).to.include({ path: '/body/groupRoles/0/projectRoles/0/projectId' });
      });

      it('an unknown id, or another organization’s connection: 404', async () => {
        const res = await as(server.request().put('/api/v1/public/sso-connections/00000000-0000-4000-8000-000000000000')).send({ issuer: idp.issuer, clientId: 'c', allowedDomains: ['x.example'], defaultRole: 'viewer' });
        expectProblem(res, 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('DELETE /api/v1/public/sso-connections/{connectionId} (deleteSsoConnection)', () => {
      it('removes the connection (its domains free again), audited', async () => {
        expectEnvelope<Connection>(await as(server.request().delete(`/api/v1/public/sso-connections/${created.id}`)));
        expect(expectEnvelope<{ ssoConnections: Connection[] }>(await list()).ssoConnections).to.deep.equal([]);
        expect(await server.runtime.store.sso.findByDomain(domain)).to.equal(null);
        expect((await audit('sso.connection_deleted'))[0]).to.deep.include({ targetId: created.id });
        expectProblem(await as(server.request().delete(`/api/v1/public/sso-connections/${created.id}`)), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });
  });
});
