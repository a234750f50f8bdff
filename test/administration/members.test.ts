import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';

interface Member {
  userId: string;
  email: string | null;
  name: string;
  role: string;
  projectRole: string | null;
  effectiveProjectRole: string;
  joinedAt: string;
}

const PASSWORD = 'invited password';

forEachAdapter((adapter) => {
  describe('members and invitations', function () {
    this.timeout(30_000);
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    const asOrgKey = (req: ReturnType<ReturnType<TestServer['request']>['get']>) => req.set('x-api-key', server.tenant.orgApiKey).set('x-project-id', server.tenant.project.id);
    const invite = (body: object) => asOrgKey(server.request().post('/api/v1/public/invitations')).send(body);
    const accept = (token: string, body: object) => server.request().post('/account/invitation').send({ token, ...body });
    const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

    describe('GET /api/v1/public/members (listMembers): who sees email addresses', () => {
      const members = (headers: Record<string, string>) => server.request().get('/api/v1/public/members').set(headers).set('x-project-id', server.tenant.project.id);
      /** An organization member who administers only the selected project. */
      async function projectAdmin(): Promise<{ id: string; email: string; token: string }> {
        const email = `project-admin-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
        const user = await server.runtime.services.provisioning.createUser(email, 'Project Admin', [{ organizationId: server.tenant.organization.id, role: 'member' }]);
        await server.runtime.services.identityProvisioning.setProjectRole(server.tenant.project.id, user.id, 'admin');
        return { id: user.id, email, token: await server.oauthToken(user.id, ['access:read', 'access:write']) };
      }

      it('an organization key and an organization owner see every member with their email', async () => {
        const admin = await projectAdmin();
        const owner = await server.oauthToken(server.tenant.user.id, ['access:read']);
        for (const headers of [{ 'x-api-key': server.tenant.orgApiKey }, { authorization: `Bearer ${owner}` }] as Record<string, string>[]) {
          const listed = expectEnvelope<{ members: Member[] }>(await members(headers)).members;
          expect(listed.find((m) => m.userId === server.tenant.user.id)?.email).to.equal(server.tenant.user.email);
          expect(listed.find((m) => m.userId === admin.id)?.email).to.equal(admin.email);
        }
      });

      it('a project API key sees every member, each with email null', async () => {
        const admin = await projectAdmin();
        const listed = expectEnvelope<{ members: Member[] }>(await members({ 'x-api-key': server.tenant.apiKey })).members;
        expect(listed.map((m) => m.userId)).to.include.members([server.tenant.user.id, admin.id]);
        expect(listed.map((m) => m.email)).to.deep.equal(listed.map(() => null));
        const owner = listed.find((m) => m.userId === server.tenant.user.id);
        expect(owner).to.deep.equal({ userId: server.tenant.user.id, email: null, name: 'Alpha User', role: 'owner', projectRole: null, effectiveProjectRole: 'admin', joinedAt: owner!.joinedAt });
      });

      it('a project-only admin (organization member) sees email null, in the list and in a role change it makes', async () => {
        const admin = await projectAdmin();
        const listed = expectEnvelope<{ members: Member[] }>(await members({ authorization: `Bearer ${admin.token}` })).members;
        expect(listed.map((m) => m.email)).to.deep.equal(listed.map(() => null));
        const changed = expectEnvelope<Member>(
          await server.request().patch(`/api/v1/public/members/${admin.id}`).set('authorization', `Bearer ${admin.token}`).set('x-project-id', server.tenant.project.id).send({ projectRole: 'admin' }),
        );
        expect(changed).to.include({ userId: admin.id, email: null, projectRole: 'admin' });
      });

      it('a project API key changing a project role gets the member back with email null', async () => {
        const admin = await projectAdmin();
        const changed = expectEnvelope<Member>(await server.request().patch(`/api/v1/public/members/${admin.id}`).set('x-api-key', server.tenant.apiKey).send({ projectRole: 'editor' }));
        expect(changed).to.include({ userId: admin.id, email: null, projectRole: 'editor', effectiveProjectRole: 'editor' });
      });

      it('a service-account token cannot list members: 403 PUBLIC_API_CREDENTIAL_NOT_ALLOWED, even bound as admin', async () => {
        const manage = (method: 'post' | 'put', path: string) =>
          server.request()[method](`/api/v1/public/service-accounts${path}`).set('x-api-key', server.tenant.orgApiKey).set('x-project-id', server.tenant.project.id);
        const account = expectEnvelope<{ id: string }>(await manage('post', '').send({ name: `members-${Date.now()}` }), 201);
        expectEnvelope(await manage('put', `/${account.id}/binding`).send({ role: 'admin' }));
        const { token } = expectEnvelope<{ token: string }>(await manage('post', `/${account.id}/tokens`).send({ scopes: ['context:read'] }), 201);
        const body = expectProblem(await members({ authorization: `Bearer ${token}` }), 403, 'PUBLIC_API_CREDENTIAL_NOT_ALLOWED');
        expect(body.detail).to.equal('This operation does not accept service-account tokens.');
      });
    });

    describe('GET /api/v1/public/invitations (listInvitations): organization reach only', () => {
      it('a project API key and a project-only admin get 403 PUBLIC_API_ORGANIZATION_ADMIN_REQUIRED; the organization key sees the invitee', async () => {
        const email = `invitee-${Date.now()}@example.com`;
        expectEnvelope(await invite({ email, role: 'viewer' }), 201);
        const user = await server.runtime.services.provisioning.createUser(`pa-${Date.now()}@example.com`, 'Project Admin', [{ organizationId: server.tenant.organization.id, role: 'member' }]);
        await server.runtime.services.identityProvisioning.setProjectRole(server.tenant.project.id, user.id, 'admin');
        const token = await server.oauthToken(user.id, ['access:read']);
        const list = () => server.request().get('/api/v1/public/invitations').set('x-project-id', server.tenant.project.id);
        expectProblem(await list().set('x-api-key', server.tenant.apiKey), 403, 'PUBLIC_API_ORGANIZATION_ADMIN_REQUIRED');
        expectProblem(await list().set('authorization', `Bearer ${token}`), 403, 'PUBLIC_API_ORGANIZATION_ADMIN_REQUIRED');
        const open = expectEnvelope<{ invitations: { email: string }[] }>(await list().set('x-api-key', server.tenant.orgApiKey));
        expect(open.invitations.map((i) => i.email)).to.include(email);
      });
    });

    it('invitation → acceptance (sets the password) → role change → removal', async () => {
      const created = expectEnvelope<{ invitation: { id: string; email: string; role: string; acceptedAt: null }; url: string }>(
        await invite({ email: ' New.Person@Example.com ', role: 'member' }),
        201,
      );
      expect(created.invitation).to.include({ email: 'new.person@example.com', role: 'member', acceptedAt: null });
      expect(created.url).to.match(new RegExp(`^${server.config.publicBaseUrl}/account/invitation\\?token=tw_iv_`));
      const open = expectEnvelope<{ invitations: { id: string }[] }>(await asOrgKey(server.request().get('/api/v1/public/invitations')));
      expect(open.invitations.map((i) => i.id)).to.include(created.invitation.id);

      const page = await server.request().get('/account/invitation').query({ token: tokenOf(created.url) });
      expect(page.status).to.equal(200);
      expect(page.text).to.contain('Alpha Org').and.contain('new.person@example.com');
      expect((await accept(tokenOf(created.url), { name: 'New Person', password: 'short' })).status).to.equal(400);
      const accepted = await accept(tokenOf(created.url), { name: 'New Person', password: PASSWORD });
      expect(accepted.status).to.equal(200);
      const userId = accepted.body.userId as string;
      expect(accepted.body).to.deep.equal({ status: 'accepted', email: 'new.person@example.com', userId });
      expect((await accept(tokenOf(created.url), { password: PASSWORD })).status).to.equal(400);
      expect(await server.runtime.services.identityProvisioning.verifyCredentials('new.person@example.com', PASSWORD)).to.include({ id: userId });

      const members = expectEnvelope<{ members: Member[] }>(await asOrgKey(server.request().get('/api/v1/public/members'))).members;
      expect(members.find((m) => m.userId === userId)).to.deep.equal({
        userId, email: 'new.person@example.com', name: 'New Person', role: 'member', projectRole: null, effectiveProjectRole: 'viewer', joinedAt: '2026-11-01T12:00:00.000Z',
      });

      const raised = expectEnvelope<Member>(await asOrgKey(server.request().patch(`/api/v1/public/members/${userId}`)).send({ projectRole: 'editor' }));
      expect(raised).to.include({ role: 'member', projectRole: 'editor', effectiveProjectRole: 'editor' });
      const promoted = expectEnvelope<Member>(await asOrgKey(server.request().patch(`/api/v1/public/members/${userId}`)).send({ role: 'admin' }));
      expect(promoted).to.include({ role: 'admin', effectiveProjectRole: 'admin' });

      // The new admin signs in (OAuth) and administers: its token now passes admin-only operations.
      const token = await server.oauthToken(userId, ['access:read']);
      const asAdmin = await server.request().get('/api/v1/public/members').set('authorization', `Bearer ${token}`).set('x-project-id', server.tenant.project.id);
      expect(asAdmin.status).to.equal(200);

      const actions = (await server.runtime.database.knex('audit_events').where({ target_id: userId }).orderBy('created_at').select('action')).map((r: { action: string }) => r.action);
      expect(actions).to.deep.equal(['member.updated', 'member.updated']);

      expect(expectEnvelope(await asOrgKey(server.request().delete(`/api/v1/public/members/${userId}`)))).to.deep.equal({ userId, removed: true });
      const gone = await server.request().get('/api/v1/public/members').set('authorization', `Bearer ${token}`).set('x-project-id', server.tenant.project.id);
      expectProblem(gone, 403, 'PUBLIC_API_PROJECT_FORBIDDEN');
    });

    it('only owners grant ownership; the last owner stays; a project key cannot invite; members are 409 when invited again', async () => {
      expectProblem(await invite({ email: 'boss@example.com', role: 'owner' }), 403, 'PUBLIC_API_OWNER_REQUIRED');
      const projectKey = await server.request().post('/api/v1/public/invitations').set('x-api-key', server.tenant.apiKey).send({ email: 'x@example.com', role: 'viewer' });
      expectProblem(projectKey, 403, 'PUBLIC_API_ORGANIZATION_ADMIN_REQUIRED');
      expectProblem(await invite({ email: server.tenant.user.email, role: 'viewer' }), 409, 'PUBLIC_API_ALREADY_MEMBER');
      expectProblem(await invite({ email: 'not an email', role: 'viewer' }), 400, 'PUBLIC_API_VALIDATION_FAILED');

      const ownerToken = await server.oauthToken(server.tenant.user.id, ['access:write']);
      const asOwner = (req: ReturnType<ReturnType<TestServer['request']>['patch']>) => req.set('authorization', `Bearer ${ownerToken}`).set('x-project-id', server.tenant.project.id);
      expectProblem(await asOwner(server.request().patch(`/api/v1/public/members/${server.tenant.user.id}`)).send({ role: 'admin' }), 409, 'PUBLIC_API_LAST_OWNER');
      expectProblem(await asOwner(server.request().delete(`/api/v1/public/members/${server.tenant.user.id}`)), 409, 'PUBLIC_API_LAST_OWNER');
      const boss = expectEnvelope<{ url: string }>(await asOwner(server.request().post('/api/v1/public/invitations')).send({ email: 'boss@example.com', role: 'owner' }), 201);
      expect((await accept(tokenOf(boss.url), { name: 'Boss', password: PASSWORD })).status).to.equal(200);
    });

    it('a revoked invitation cannot be accepted; an existing account accepts with its own password only', async () => {
      const revokedOne = expectEnvelope<{ invitation: { id: string }; url: string }>(await invite({ email: 'late@example.com', role: 'viewer' }), 201);
      const revoked = expectEnvelope<{ revokedAt: string }>(await asOrgKey(server.request().delete(`/api/v1/public/invitations/${revokedOne.invitation.id}`)));
      expect(revoked.revokedAt).to.equal('2026-11-01T12:00:00.000Z');
      expect((await accept(tokenOf(revokedOne.url), { password: PASSWORD })).status).to.equal(400);
      expectProblem(await asOrgKey(server.request().delete(`/api/v1/public/invitations/${revokedOne.invitation.id}`)), 409, 'PUBLIC_API_INVITATION_CLOSED');

      // Beta's owner, with a password, is invited into Alpha.
      await server.runtime.services.identityProvisioning.setPassword(server.other.user.id, 'beta password');
      const cross = expectEnvelope<{ url: string }>(await invite({ email: server.other.user.email, role: 'viewer' }), 201);
      const wrong = await accept(tokenOf(cross.url), { password: 'not the password' });
      expect(wrong.status).to.equal(401);
      expect((await accept(tokenOf(cross.url), { password: 'beta password' })).status).to.equal(200);
      expect(await server.runtime.store.organizations.findMemberRole(server.tenant.organization.id, server.other.user.id)).to.equal('viewer');
    });
  });
});
