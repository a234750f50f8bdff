import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';

interface Connection {
  organizationId: string;
  enabled: boolean;
  baseUrl: string;
  tokenPrefix: string | null;
  tokenCreatedAt: string | null;
  defaultRole: string;
  groupRoles: { group: string; role: string }[];
  updatedAt: string | null;
}

forEachAdapter((adapter) => {
  describe('SCIM connection (REST, organization owners)', function () {
    this.timeout(30_000);
    let server: TestServer;
    let owner: string;
    before(async () => {
      server = await startTestServer(adapter);
      owner = await server.oauthToken(server.tenant.user.id, ['access:read', 'access:write']);
    });
    after(async () => server.close());

    const as = (bearer: string, req: ReturnType<ReturnType<TestServer['request']>['get']>) => req.set('authorization', `Bearer ${bearer}`).set('x-project-id', server.tenant.project.id);
    const get = (bearer = owner) => as(bearer, server.request().get('/api/v1/public/scim-connection'));
    const put = (body: object, bearer = owner) => as(bearer, server.request().put('/api/v1/public/scim-connection')).send(body);
    const rotate = (bearer = owner) => as(bearer, server.request().post('/api/v1/public/scim-connection/token'));
    const audit = async (action: string) =>
      expectEnvelope<{ auditEvents: { action: string; targetId: string; actor: { kind: string; userId: string | null }; details: Record<string, unknown> }[] }>(
        await as(owner, server.request().get(`/api/v1/public/audit-events?action=${action}`)),
      ).auditEvents;

    describe('GET /api/v1/public/scim-connection (getScimConnection)', () => {
      it('before any token: off, default role member, no mapping, the base URL to give the identity provider', async () => {
        expect(expectEnvelope<Connection>(await get())).to.deep.equal({
          organizationId: server.tenant.organization.id,
          enabled: false,
          baseUrl: `${server.config.publicBaseUrl}/scim/v2`,
          tokenPrefix: null,
          tokenCreatedAt: null,
          defaultRole: 'member',
          groupRoles: [],
          updatedAt: null,
        });
      });

      it('an organization admin who is not an owner: 403 PUBLIC_API_OWNER_REQUIRED', async () => {
        const admin = await server.runtime.services.provisioning.createUser(`scim-admin-${Date.now()}@example.com`, 'Admin', [{ organizationId: server.tenant.organization.id, role: 'admin' }]);
        expectProblem(await get(await server.oauthToken(admin.id, ['access:read'])), 403, 'PUBLIC_API_OWNER_REQUIRED');
      });

      it('an organization API key (it acts as an admin, never an owner): 403 PUBLIC_API_CREDENTIAL_NOT_ALLOWED', async () => {
        const res = await server.request().get('/api/v1/public/scim-connection').set('x-api-key', server.tenant.orgApiKey).set('x-project-id', server.tenant.project.id);
        expectProblem(res, 403, 'PUBLIC_API_CREDENTIAL_NOT_ALLOWED');
      });
    });

    describe('POST /api/v1/public/scim-connection/token (rotateScimToken)', () => {
      it('returns a tw_sc_ token once, turns provisioning on, and is audited', async () => {
        server.clock.advance(1000);
        const issued = expectEnvelope<{ token: string; connection: Connection }>(await rotate(), 201);
        expect(issued.token).to.match(/^tw_sc_[A-Za-z0-9_-]{43}$/);
        expect(issued.connection).to.include({ enabled: true, tokenPrefix: issued.token.slice(0, 10), tokenCreatedAt: server.clock.now().toISOString() });
        const read = expectEnvelope<Connection>(await get());
        expect(read.tokenPrefix).to.equal(issued.token.slice(0, 10));
        expect(JSON.stringify(read)).to.not.include(issued.token);
        const [event] = await audit('scim.token_rotated');
        expect(event).to.deep.include({ action: 'scim.token_rotated', targetId: server.tenant.organization.id });
        expect(event.actor).to.deep.include({ kind: 'oauth', userId: server.tenant.user.id });
      });

      it('a second token replaces the first: only the newest opens /scim/v2', async () => {
        const first = expectEnvelope<{ token: string }>(await rotate(), 201).token;
        const second = expectEnvelope<{ token: string }>(await rotate(), 201).token;
        expect((await server.request().get('/scim/v2/Users').set('authorization', `Bearer ${first}`)).status).to.equal(401);
        expect((await server.request().get('/scim/v2/Users').set('authorization', `Bearer ${second}`)).status).to.equal(200);
      });

      it('a non-owner cannot mint one: 403', async () => {
        const member = await server.runtime.services.provisioning.createUser(`scim-member-${Date.now()}@example.com`, 'Member', [{ organizationId: server.tenant.organization.id, role: 'admin' }]);
        expectProblem(await rotate(await server.oauthToken(member.id, ['access:write'])), 403, 'PUBLIC_API_OWNER_REQUIRED');
      });
    });

    describe('PUT /api/v1/public/scim-connection (updateScimConnection)', () => {
      it('saves the default role and the mapping, and is audited with them', async () => {
        const body = { defaultRole: 'viewer', groupRoles: [{ group: ' Engineering ', role: 'admin' }] };
        const saved = expectEnvelope<Connection>(await put(body));
        expect(saved).to.deep.include({ defaultRole: 'viewer', groupRoles: [{ group: 'Engineering', role: 'admin' }] });
        const [event] = await audit('scim.configured');
        expect(event.details).to.deep.equal(body);
        expectEnvelope(await put({ defaultRole: 'member', groupRoles: [] }));
      });

      it('a group mapped twice (any case) is a 400 naming the entry', async () => {
        const problem = expectProblem(await put({ defaultRole: 'member', groupRoles: [{ group: 'Ops', role: 'admin' }, { group: 'ops', role: 'viewer' }] }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(JSON.stringify(problem.errors)).to.include('/body/groupRoles/1/group');
      });

      it('owner is no role provisioning may grant; more than 100 mappings is refused', async () => {
        expectProblem(await put({ defaultRole: 'owner', groupRoles: [] }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        const many = Array.from({ length: 101 }, (_, i) => ({ group: `g${i}`, role: 'member' }));
        expectProblem(await put({ defaultRole: 'member', groupRoles: many }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      });
    });
  });
});
