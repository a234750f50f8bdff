import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { assertScim } from '../support/scim-rfc7643-schemas.js';
import { enableScim, GROUP_URN, mapGroups, oktaUser, PATCH_URN, scimClient, USER_URN } from './scim-support.js';

/**
 * The SCIM endpoints driven the way the two large identity providers drive them. The sequences
 * follow Okta's "SCIM 2.0 test plan" (Runscope spec tests: list, filter a random userName, create,
 * get, filter the created userName, duplicate → 409, unknown id → 404, deactivate/reactivate by
 * PATCH without a path, Group push) and Microsoft Entra ID's SCIM validator (create with
 * externalId, filter by userName and externalId, PATCH with "Replace" and typed email paths,
 * "False" as a string, delete; groups with excludedAttributes=members, "Add"/"Remove" members).
 * Every response body — and every request body the tests send — is validated against JSON Schemas
 * written from RFC 7643/7644 (test/support/scim-rfc7643-schemas.ts).
 */
forEachAdapter((adapter) => {
  describe('SCIM 2.0 provisioning (/scim/v2)', function () {
    this.timeout(60_000);
    let server: TestServer;
    let token: string;
    const scim = () => scimClient(server, () => token);

    before(async () => {
      server = await startTestServer(adapter);
      token = await enableScim(server);
    });
    after(async () => server.close());

    const roleOf = (userId: string) => server.runtime.store.organizations.findMemberRole(server.tenant.organization.id, userId);
    const accountOf = async (userName: string) => (await server.runtime.store.users.findByEmail(userName.toLowerCase()))!;

    describe('Okta test plan: Users', () => {
      it('lists with count and startIndex: a ListResponse (RFC 7644 §3.4.2)', async () => {
        const body = await scim().expect('get', '/Users?count=1&startIndex=1', undefined, 200, 'ListResponse', 'User');
        expect(body).to.include({ startIndex: 1 });
        expect(body.itemsPerPage).to.be.at.most(1);
      });

      it('filters a userName that does not exist: totalResults 0, no resources', async () => {
        const body = await scim().expect('get', `/Users?filter=${encodeURIComponent(`userName eq "${randomUUID()}@example.com"`)}`, undefined, 200, 'ListResponse');
        expect(body).to.deep.equal({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });
      });

      it('creates, reads, finds by userName (any case), refuses a duplicate, and 404s an unknown id', async () => {
        const request = oktaUser();
        assertScim('User', request);
        const created = await scim().expect('post', '/Users', request, 201, 'User');
        expect(created).to.deep.include({ userName: request.userName, active: true, displayName: request.displayName, externalId: request.externalId, groups: [] });
        expect(created.name).to.deep.equal({ givenName: 'Ada', familyName: (request.name as { familyName: string }).familyName, formatted: `Ada ${(request.name as { familyName: string }).familyName}` });
        expect(created.meta).to.include({ resourceType: 'User', location: `${server.config.publicBaseUrl}/scim/v2/Users/${created.id}`, version: 'W/"1"' });
        expect(created).to.not.have.property('password');

        const read = await scim().expect('get', `/Users/${created.id}`, undefined, 200, 'User');
        expect(read).to.deep.equal(created);

        const filter = encodeURIComponent(`userName eq "${String(request.userName).toUpperCase()}"`);
        const found = await scim().expect('get', `/Users?filter=${filter}&startIndex=1&count=100`, undefined, 200, 'ListResponse', 'User');
        expect(found.totalResults).to.equal(1);
        expect(found.Resources[0].id).to.equal(created.id);

        const duplicate = await scim().expect('post', '/Users', request, 409, 'Error');
        expect(duplicate).to.include({ status: '409', scimType: 'uniqueness' });
        const missing = await scim().expect('get', `/Users/${randomUUID()}`, undefined, 404, 'Error');
        expect(missing.status).to.equal('404');
      });

      it('a created active user is a member of the organization with the default role (member)', async () => {
        const created = await scim().expect('post', '/Users', oktaUser(), 201, 'User');
        const account = await accountOf(created.userName);
        expect(await roleOf(account.id)).to.equal('member');
        expect(account.name).to.equal(created.displayName);
      });

      it('deactivates and reactivates with PATCH {"op":"replace","value":{"active":…}}: membership ends and returns', async () => {
        const created = await scim().expect('post', '/Users', oktaUser(), 201, 'User');
        const account = await accountOf(created.userName);
        const deactivate = { schemas: [PATCH_URN], Operations: [{ op: 'replace', value: { active: false } }] };
        assertScim('PatchOp', deactivate);
        const off = await scim().expect('patch', `/Users/${created.id}`, deactivate, 200, 'User');
        expect(off.active).to.equal(false);
        expect(off.meta.version).to.equal('W/"2"');
        expect(await roleOf(account.id)).to.equal(null);
        const on = await scim().expect('patch', `/Users/${created.id}`, { schemas: [PATCH_URN], Operations: [{ op: 'replace', value: { active: true } }] }, 200, 'User');
        expect(on.active).to.equal(true);
        expect(await roleOf(account.id)).to.equal('member');
      });

      it('replaces a user with PUT (profile update), keeping id and created', async () => {
        const request = oktaUser();
        const created = await scim().expect('post', '/Users', request, 201, 'User');
        const replaced = await scim().expect('put', `/Users/${created.id}`, { ...request, displayName: 'Renamed', name: { givenName: 'Augusta', familyName: 'King' } }, 200, 'User');
        expect(replaced).to.deep.include({ id: created.id, displayName: 'Renamed', name: { givenName: 'Augusta', familyName: 'King', formatted: 'Augusta King' } });
        expect(replaced.meta.created).to.equal(created.meta.created);
      });
    });

    describe('Okta test plan: Group push', () => {
      it('creates a group, adds and removes members, renames it and deletes it', async () => {
        const ada = await scim().expect('post', '/Users', oktaUser(), 201, 'User');
        const bob = await scim().expect('post', '/Users', oktaUser(), 201, 'User');
        const group = await scim().expect('post', '/Groups', { schemas: [GROUP_URN], displayName: `Okta Engineers ${randomUUID()}`, members: [] }, 201, 'Group');
        expect(group.members).to.deep.equal([]);

        const add = { schemas: [PATCH_URN], Operations: [{ op: 'add', path: 'members', value: [{ value: ada.id, display: ada.userName }, { value: bob.id, display: bob.userName }] }] };
        assertScim('PatchOp', add);
        const added = await scim().expect('patch', `/Groups/${group.id}`, add, 200, 'Group');
        expect(added.members.map((m: { value: string }) => m.value).sort()).to.deep.equal([ada.id, bob.id].sort());
        const adaNow = await scim().expect('get', `/Users/${ada.id}`, undefined, 200, 'User');
        expect(adaNow.groups).to.deep.equal([{ value: group.id, display: group.displayName, $ref: `${server.config.publicBaseUrl}/scim/v2/Groups/${group.id}` }]);

        const removed = await scim().expect('patch', `/Groups/${group.id}`, { schemas: [PATCH_URN], Operations: [{ op: 'remove', path: 'members', value: [{ value: bob.id }] }] }, 200, 'Group');
        expect(removed.members.map((m: { value: string }) => m.value)).to.deep.equal([ada.id]);

        const renamed = await scim().expect('patch', `/Groups/${group.id}`, { schemas: [PATCH_URN], Operations: [{ op: 'replace', value: { id: group.id, displayName: 'Okta Renamed' } }] }, 200, 'Group');
        expect(renamed.displayName).to.equal('Okta Renamed');

        const put = await scim().expect('put', `/Groups/${group.id}`, { schemas: [GROUP_URN], displayName: 'Okta Renamed', members: [{ value: bob.id }] }, 200, 'Group');
        expect(put.members.map((m: { value: string }) => m.value)).to.deep.equal([bob.id]);

        await scim().expect('delete', `/Groups/${group.id}`, undefined, 204, null);
        await scim().expect('get', `/Groups/${group.id}`, undefined, 404, 'Error');
      });
    });

    describe('Entra ID validator: Users', () => {
      const entraUser = (n: string) => ({
        schemas: [USER_URN, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
        externalId: `entra-${n}`,
        userName: `Entra.${n}@Example.com`,
        active: true,
        displayName: `Entra ${n}`,
        emails: [{ primary: true, type: 'work', value: `entra.${n}@example.com` }],
        name: { formatted: `Grace ${n}`, familyName: n, givenName: 'Grace' },
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Research' },
      });

      it('creates with externalId and finds the user by userName and by externalId', async () => {
        const n = randomUUID().slice(0, 8);
        const request = entraUser(n);
        assertScim('User', request);
        const created = await scim().expect('post', '/Users', request, 201, 'User');
        const byName = await scim().expect('get', `/Users?filter=${encodeURIComponent(`userName eq "entra.${n}@example.com"`)}`, undefined, 200, 'ListResponse', 'User');
        expect(byName.Resources.map((u: { id: string }) => u.id)).to.deep.equal([created.id]);
        const byExternal = await scim().expect('get', `/Users?filter=${encodeURIComponent(`externalId eq "entra-${n}"`)}`, undefined, 200, 'ListResponse', 'User');
        expect(byExternal.Resources.map((u: { id: string }) => u.id)).to.deep.equal([created.id]);
        // externalId is caseExact (RFC 7643 §3.1): another case is another value, on both adapters.
        const otherCase = await scim().expect('get', `/Users?filter=${encodeURIComponent(`externalId eq "ENTRA-${n}"`)}`, undefined, 200, 'ListResponse');
        expect(otherCase.totalResults).to.equal(0);
      });

      it('PATCHes with "Replace", typed email paths and "False" as a string; deletes; the deleted user is 404', async () => {
        const n = randomUUID().slice(0, 8);
        const created = await scim().expect('post', '/Users', entraUser(n), 201, 'User');
        const account = await accountOf(`entra.${n}@example.com`);
        const updated = await scim().expect(
          'patch',
          `/Users/${created.id}`,
          {
            schemas: [PATCH_URN],
            Operations: [
              { op: 'Replace', path: 'displayName', value: 'Grace Hopper' },
              { op: 'Replace', path: 'emails[type eq "work"].value', value: `hopper.${n}@example.com` },
              { op: 'Replace', path: 'name.familyName', value: 'Hopper' },
              { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber', value: '42' },
            ],
          },
          200,
          'User',
        );
        expect(updated).to.deep.include({ displayName: 'Grace Hopper', emails: [{ value: `hopper.${n}@example.com`, type: 'work', primary: true }] });
        expect(updated.name.familyName).to.equal('Hopper');
        const byEmail = await scim().expect('get', `/Users?filter=${encodeURIComponent(`emails.value eq "HOPPER.${n}@example.com"`)}`, undefined, 200, 'ListResponse', 'User');
        expect(byEmail.Resources.map((u: { id: string }) => u.id)).to.deep.equal([created.id]);

        const disabled = await scim().expect('patch', `/Users/${created.id}`, { schemas: [PATCH_URN], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] }, 200, 'User');
        expect(disabled.active).to.equal(false);
        expect(await roleOf(account.id)).to.equal(null);

        await scim().expect('delete', `/Users/${created.id}`, undefined, 204, null);
        await scim().expect('get', `/Users/${created.id}`, undefined, 404, 'Error');
        // The account stays (it may belong to other organizations); its membership here is gone.
        expect(await server.runtime.store.users.findById(account.id)).to.not.equal(null);
        expect(await roleOf(account.id)).to.equal(null);
      });
    });

    describe('Entra ID validator: Groups', () => {
      it('filters by displayName with excludedAttributes=members, adds with "Add" and removes with members[value eq …]', async () => {
        const user = await scim().expect('post', '/Users', oktaUser('entra'), 201, 'User');
        const name = `Entra Group ${randomUUID()}`;
        const group = await scim().expect('post', '/Groups', { schemas: [GROUP_URN], displayName: name, externalId: 'entra-group-1' }, 201, 'Group');
        const listed = await scim().expect('get', `/Groups?excludedAttributes=members&filter=${encodeURIComponent(`displayName eq "${name.toUpperCase()}"`)}`, undefined, 200, 'ListResponse', 'Group');
        expect(listed.Resources).to.have.length(1);
        expect(listed.Resources[0]).to.not.have.property('members');
        await scim().expect('patch', `/Groups/${group.id}`, { schemas: [PATCH_URN], Operations: [{ op: 'Add', path: 'members', value: [{ value: user.id }] }] }, 200, 'Group');
        const after = await scim().expect('patch', `/Groups/${group.id}`, { schemas: [PATCH_URN], Operations: [{ op: 'Remove', path: `members[value eq "${user.id}"]` }] }, 200, 'Group');
        expect(after.members).to.deep.equal([]);
      });
    });

    describe('group-to-role mapping', () => {
      it('a mapped group gives its role, the highest of several wins, and leaving the group takes it away', async () => {
        const admins = `Admins ${randomUUID()}`;
        const readers = `Readers ${randomUUID()}`;
        const mapping = await mapGroups(server, 'member', [
          { group: admins, role: 'admin' },
          { group: readers, role: 'viewer' },
        ]);
        expect(mapping.status).to.equal(200);
        const user = await scim().expect('post', '/Users', oktaUser(), 201, 'User');
        const account = await accountOf(user.userName);
        const adminGroup = await scim().expect('post', '/Groups', { schemas: [GROUP_URN], displayName: admins.toLowerCase(), members: [{ value: user.id }] }, 201, 'Group');
        expect(await roleOf(account.id)).to.equal('admin');
        const readerGroup = await scim().expect('post', '/Groups', { schemas: [GROUP_URN], displayName: readers, members: [{ value: user.id }] }, 201, 'Group');
        expect(await roleOf(account.id)).to.equal('admin');
        await scim().expect('patch', `/Groups/${adminGroup.id}`, { schemas: [PATCH_URN], Operations: [{ op: 'remove', path: 'members', value: [{ value: user.id }] }] }, 200, 'Group');
        expect(await roleOf(account.id)).to.equal('viewer');
        await scim().expect('delete', `/Groups/${readerGroup.id}`, undefined, 204, null);
        expect(await roleOf(account.id)).to.equal('member');
      });

      it('changing the mapping recomputes every provisioned member at once', async () => {
        const group = `Switch ${randomUUID()}`;
        const user = await scim().expect('post', '/Users', oktaUser(), 201, 'User');
        const account = await accountOf(user.userName);
        await scim().expect('post', '/Groups', { schemas: [GROUP_URN], displayName: group, members: [{ value: user.id }] }, 201, 'Group');
        expect((await mapGroups(server, 'viewer', [{ group, role: 'admin' }])).status).to.equal(200);
        expect(await roleOf(account.id)).to.equal('admin');
        expect((await mapGroups(server, 'viewer', [])).status).to.equal(200);
        expect(await roleOf(account.id)).to.equal('viewer');
        expect((await mapGroups(server, 'member', [])).status).to.equal(200);
      });

      it('project roles follow the groups: granted on joining, taken away on leaving, a role changed by hand since is kept', async () => {
        const second = await server.runtime.services.provisioning.createProject(server.tenant.organization.id, `SCIM ${randomUUID().slice(0, 6)}`);
        const editors = `Editors ${randomUUID()}`;
        expect((await mapGroups(server, 'member', [{ group: editors, role: 'member', projectRoles: [{ projectId: second.id, role: 'editor' }] }])).status).to.equal(200);
        const projectRole = (userId: string) => server.runtime.store.projectMembers.findRole(second.id, userId);
        const ada = await scim().expect('post', '/Users', oktaUser(), 201, 'User');
        const bob = await scim().expect('post', '/Users', oktaUser(), 201, 'User');
        const [adaAccount, bobAccount] = [await accountOf(ada.userName), await accountOf(bob.userName)];
        const group = await scim().expect('post', '/Groups', { schemas: [GROUP_URN], displayName: editors, members: [{ value: ada.id }, { value: bob.id }] }, 201, 'Group');
        expect([await projectRole(adaAccount.id), await projectRole(bobAccount.id)]).to.deep.equal(['editor', 'editor']);
        // An admin raises Bob by hand; leaving the group then leaves Bob's role alone.
        await server.runtime.services.identityProvisioning.setProjectRole(second.id, bobAccount.id, 'admin');
        await scim().expect('patch', `/Groups/${group.id}`, { schemas: [PATCH_URN], Operations: [{ op: 'remove', path: 'members' }] }, 200, 'Group');
        expect([await projectRole(adaAccount.id), await projectRole(bobAccount.id)]).to.deep.equal([null, 'admin']);
        expect((await mapGroups(server, 'member', [])).status).to.equal(200);
      });

      it('a project role naming a project outside the organization is a 400 naming the entry', async () => {
        const res = await mapGroups(server, 'member', [{ group: 'X', role: 'member', projectRoles: [{ projectId: server.other.project.id, role: 'viewer' }] }]);
        expect(res.status).to.equal(400);
        expect(JSON.stringify(res.body.errors)).to.include('/body/groupRoles/0/projectRoles/0/projectId');
      });

      it('never changes an owner: an owner provisioned into a mapped group stays owner', async () => {
        const ownerEmail = server.tenant.user.email;
        const user = await scim().expect('post', '/Users', { schemas: [USER_URN], userName: ownerEmail, emails: [{ value: ownerEmail, primary: true }] }, 201, 'User');
        expect(await roleOf(server.tenant.user.id)).to.equal('owner');
        // The organization's only owner cannot be deprovisioned.
        const refused = await scim().expect('patch', `/Users/${user.id}`, { schemas: [PATCH_URN], Operations: [{ op: 'replace', path: 'active', value: false }] }, 400, 'Error');
        expect(refused).to.include({ scimType: 'mutability' });
        expect(await roleOf(server.tenant.user.id)).to.equal('owner');
        await scim().expect('get', `/Users/${user.id}`, undefined, 200, 'User').then((body) => expect(body.active).to.equal(true));
      });
    });

    describe('deprovisioning', () => {
      const project = (bearer: string) => server.request().get('/api/v1/public/project').set('authorization', `Bearer ${bearer}`).set('x-project-id', server.tenant.project.id);

      it('active=false revokes every OAuth token of a user left in no organization, at once', async () => {
        const user = await scim().expect('post', '/Users', oktaUser(), 201, 'User');
        const account = await accountOf(user.userName);
        const session = await server.oauthToken(account.id, ['context:read']);
        expect((await project(session)).status).to.equal(200);
        await scim().expect('patch', `/Users/${user.id}`, { schemas: [PATCH_URN], Operations: [{ op: 'replace', path: 'active', value: false }] }, 200, 'User');
        expect((await project(session)).status).to.equal(401);
        // Reactivation brings the membership back, not the revoked token.
        await scim().expect('patch', `/Users/${user.id}`, { schemas: [PATCH_URN], Operations: [{ op: 'replace', path: 'active', value: true }] }, 200, 'User');
        expect((await project(session)).status).to.equal(401);
        const fresh = await server.oauthToken(account.id, ['context:read']);
        expect((await project(fresh)).status).to.equal(200);
      });

      it('a user who belongs to another organization keeps that access; this organization refuses at once', async () => {
        const user = await scim().expect('post', '/Users', oktaUser(), 201, 'User');
        const account = await accountOf(user.userName);
        await server.runtime.store.organizations.addMember({ organizationId: server.other.organization.id, userId: account.id, role: 'member', now: server.clock.now() });
        const session = await server.oauthToken(account.id, ['context:read']);
        await scim().expect('delete', `/Users/${user.id}`, undefined, 204, null);
        expect((await project(session)).status).to.equal(403);
        const elsewhere = await server.request().get('/api/v1/public/project').set('authorization', `Bearer ${session}`).set('x-project-id', server.other.project.id);
        expect(elsewhere.status).to.equal(200);
      });
    });

    describe('authentication and isolation', () => {
      it('no token, a wrong token, or another credential kind: 401 in SCIM format with a Bearer challenge', async () => {
        for (const authorization of [undefined, 'Bearer tw_sc_wrong', `Bearer ${server.tenant.apiKey}`, `Basic ${Buffer.from('a:b').toString('base64')}`]) {
          const req = server.request().get('/scim/v2/Users');
          const res = await (authorization ? req.set('authorization', authorization) : req);
          expect(res.status, authorization).to.equal(401);
          expect(res.headers['www-authenticate']).to.equal('Bearer realm="scim"');
          assertScim('Error', res.body);
          expect(res.body.status).to.equal('401');
        }
      });

      it('rotating the token stops the previous one at once', async () => {
        const previous = token;
        token = await enableScim(server);
        expect((await server.request().get('/scim/v2/Users').set('authorization', `Bearer ${previous}`)).status).to.equal(401);
        await scim().expect('get', '/Users', undefined, 200, 'ListResponse');
      });

      it("another organization's token sees none of this organization's users or groups", async () => {
        const user = await scim().expect('post', '/Users', oktaUser(), 201, 'User');
        const otherToken = await enableScim(server, server.other);
        const other = scimClient(server, () => otherToken);
        await other.expect('get', `/Users/${user.id}`, undefined, 404, 'Error');
        await other.expect('patch', `/Users/${user.id}`, { schemas: [PATCH_URN], Operations: [{ op: 'replace', path: 'active', value: false }] }, 404, 'Error');
        const listed = await other.expect('get', `/Users?filter=${encodeURIComponent(`userName eq "${user.userName}"`)}`, undefined, 200, 'ListResponse');
        expect(listed.totalResults).to.equal(0);
      });

      it('discovery endpoints answer without a token and validate against RFC 7643 §5–§7', async () => {
        const config = await server.request().get('/scim/v2/ServiceProviderConfig');
        assertScim('ServiceProviderConfig', config.body);
        expect(config.body).to.deep.include({ patch: { supported: true }, bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 }, filter: { supported: true, maxResults: 200 } });
        const types = await server.request().get('/scim/v2/ResourceTypes');
        assertScim('ListResponse', types.body, 'ResourceType');
        expect(types.body.Resources.map((t: { endpoint: string }) => t.endpoint)).to.deep.equal(['/Users', '/Groups']);
        assertScim('ResourceType', (await server.request().get('/scim/v2/ResourceTypes/User')).body);
        const schemas = await server.request().get('/scim/v2/Schemas');
        assertScim('ListResponse', schemas.body, 'Schema');
        assertScim('Schema', (await server.request().get(`/scim/v2/Schemas/${USER_URN}`)).body);
        expect((await server.request().get('/scim/v2/Schemas/urn:nope')).status).to.equal(404);
      });
    });

    describe('pagination (RFC 7644 §3.4.2.4)', () => {
      it('pages with startIndex and count over a stable order; count above 200 is lowered to 200; count=0 gives only the total', async () => {
        const prefix = `page${randomUUID().slice(0, 6)}`;
        for (let i = 0; i < 5; i++) await scim().expect('post', '/Users', oktaUser(prefix), 201, 'User');
        const filter = encodeURIComponent(`userName sw "${prefix}."`);
        const all = await scim().expect('get', `/Users?filter=${filter}`, undefined, 200, 'ListResponse', 'User');
        expect(all.totalResults).to.equal(5);
        const second = await scim().expect('get', `/Users?filter=${filter}&startIndex=3&count=2`, undefined, 200, 'ListResponse', 'User');
        expect(second).to.include({ totalResults: 5, startIndex: 3, itemsPerPage: 2 });
        expect(second.Resources.map((u: { id: string }) => u.id)).to.deep.equal(all.Resources.slice(2, 4).map((u: { id: string }) => u.id));
        const none = await scim().expect('get', `/Users?filter=${filter}&count=0`, undefined, 200, 'ListResponse');
        expect(none).to.include({ totalResults: 5, itemsPerPage: 0 });
        const below = await scim().expect('get', `/Users?filter=${filter}&startIndex=-4&count=1`, undefined, 200, 'ListResponse');
        expect(below.startIndex).to.equal(1);
        const capped = await scim().expect('get', '/Users?count=100000', undefined, 200, 'ListResponse');
        expect(capped.itemsPerPage).to.be.at.most(200);
        const bad = await scim().expect('get', '/Users?startIndex=abc', undefined, 400, 'Error');
        expect(bad.scimType).to.equal('invalidValue');
      });
    });

    describe('hostile input', () => {
      const list = (filter: string) => scim().call('get', `/Users?filter=${encodeURIComponent(filter)}`);

      it('a quote inside a string is data, not syntax: filter injection finds nothing and changes nothing', async () => {
        const user = await scim().expect('post', '/Users', oktaUser(), 201, 'User');
        for (const filter of [
          `userName eq "x\\" or \\"1\\"=\\"1"`,
          `userName eq "' OR '1'='1"`,
          `userName eq "x'); DROP TABLE scim_users; --"`,
          `userName co "%"`,
          `userName co "_"`,
        ]) {
          const res = await list(filter);
          expect(res.status, filter).to.equal(200);
          expect(res.body.totalResults, filter).to.equal(0);
        }
        await scim().expect('get', `/Users/${user.id}`, undefined, 200, 'User');
      });

      it('syntax outside the grammar is a 400 invalidFilter', async () => {
        for (const filter of [`userName eq "x" or 1=1`, 'userName eq x', 'userName eq "x', '(userName eq "x"', 'password eq "x"', 'emails[type eq "work"]', 'userName gt "a"', 'meta.created gt "2020"', 'id co "a"', 'active eq "yes"', 'userName eq "a\\u0000b"', '']) {
          const res = await list(filter);
          expect(res.status, filter).to.equal(400);
          assertScim('Error', res.body);
          expect(res.body.scimType, filter).to.equal('invalidFilter');
        }
      });

      it('an oversize filter, more than 10 comparisons, or groups nested deeper than 5 are 400 invalidFilter', async () => {
        const long = `userName eq "${'a'.repeat(1000)}"`;
        const many = Array.from({ length: 11 }, (_, i) => `userName eq "u${i}"`).join(' or ');
        const deep = `${'('.repeat(6)}userName eq "x"${')'.repeat(6)}`;
        for (const filter of [long, many, deep]) {
          const res = await list(filter);
          expect(res.status).to.equal(400);
          expect(res.body.scimType).to.equal('invalidFilter');
        }
        const ten = Array.from({ length: 10 }, (_, i) => `userName eq "u${i}"`).join(' or ');
        expect((await list(ten)).status).to.equal(200);
        expect((await list(`not (${'('.repeat(3)}userName pr${')'.repeat(3)}) and active eq true`)).status).to.equal(200);
      });

      it('every operator on every attribute answers 200 on both databases (no cast errors on uuid or boolean columns)', async () => {
        for (const attribute of ['id', 'userName', 'externalId', 'displayName', 'emails', 'emails.value']) {
          for (const operator of attribute === 'id' ? ['eq', 'ne'] : ['eq', 'ne', 'co', 'sw', 'ew']) {
            const res = await list(`${attribute} ${operator} "x"`);
            expect(res.status, `${attribute} ${operator}`).to.equal(200);
          }
          expect((await list(`${attribute} pr`)).status, `${attribute} pr`).to.equal(200);
        }
        for (const filter of ['active pr', 'active eq true', 'active ne false', 'not (active eq false)']) expect((await list(filter)).status, filter).to.equal(200);
      });

      it('a repeated query parameter is a 400, not a 500', async () => {
        const res = await scim().call('get', '/Users?filter=userName%20pr&filter=userName%20pr');
        expect(res.status).to.equal(400);
        expect(res.body.scimType).to.equal('invalidValue');
      });

      it('bodies: bad JSON, missing schemas, NUL characters, bad emails, oversize bodies are refused in SCIM format', async () => {
        const cases: [unknown, number, string | undefined][] = [
          [{ userName: 'no-schemas@example.com' }, 400, 'invalidSyntax'],
          [{ schemas: [USER_URN] }, 400, 'invalidValue'],
          [{ schemas: [USER_URN], userName: 'nul\u0000@example.com' }, 400, 'invalidValue'],
          [{ schemas: [USER_URN], userName: 'lone\ud800@example.com' }, 400, 'invalidValue'],
          [{ schemas: [USER_URN], userName: 'not-an-email' }, 400, 'invalidValue'],
          [{ schemas: [USER_URN], userName: 'x@example.com', emails: [{ value: 'a@example.com', primary: true }, { value: 'b@example.com', primary: true }] }, 400, 'invalidValue'],
          [{ schemas: [USER_URN], userName: 'x@example.com', active: 'maybe' }, 400, 'invalidValue'],
          [{ schemas: [USER_URN], userName: 'x'.repeat(321) }, 400, 'invalidValue'],
          [{ schemas: [USER_URN], userName: 'big@example.com', displayName: 'x'.repeat(70_000) }, 413, undefined],
        ];
        for (const [body, status, scimType] of cases) {
          const res = await scim().call('post', '/Users', body);
          expect(res.status, JSON.stringify(body).slice(0, 80)).to.equal(status);
          assertScim('Error', res.body);
          expect(res.body.scimType).to.equal(scimType);
        }
        const broken = await server.request().post('/scim/v2/Users').set('authorization', `Bearer ${token}`).set('content-type', 'application/scim+json').send('{"schemas": [');
        expect(broken.status).to.equal(400);
        expect(broken.body.scimType).to.equal('invalidSyntax');
      });

      it('PATCH: remove without a path is noTarget, id is read-only (mutability), an unknown path is invalidPath, 101 operations is tooMany', async () => {
        const user = await scim().expect('post', '/Users', oktaUser(), 201, 'User');
        const patch = (Operations: unknown[]) => scim().call('patch', `/Users/${user.id}`, { schemas: [PATCH_URN], Operations });
        expect((await patch([{ op: 'remove' }])).body.scimType).to.equal('noTarget');
        expect((await patch([{ op: 'replace', path: 'id', value: randomUUID() }])).body.scimType).to.equal('mutability');
        expect((await patch([{ op: 'replace', path: 'userName', value: null }])).body.scimType).to.equal('invalidValue');
        expect((await patch([{ op: 'replace', path: 'nosuch', value: 1 }])).body.scimType).to.equal('invalidPath');
        expect((await patch([{ op: 'move', path: 'active', value: true }])).body.scimType).to.equal('invalidSyntax');
        const many = await patch(Array.from({ length: 101 }, () => ({ op: 'replace', path: 'displayName', value: 'x' })));
        expect(many.status).to.equal(400);
        expect(many.body.scimType).to.equal('tooMany');
        // None of the refused requests changed the user.
        const after = await scim().expect('get', `/Users/${user.id}`, undefined, 200, 'User');
        expect(after.meta.version).to.equal('W/"1"');
      });

      it('five concurrent creates of one person: one 201, four 409 uniqueness, one account', async () => {
        const request = oktaUser('race');
        const answers = await Promise.all(Array.from({ length: 5 }, () => scim().call('post', '/Users', request)));
        expect(answers.map((res) => res.status).sort()).to.deep.equal([201, 409, 409, 409, 409]);
        for (const res of answers) assertScim(res.status === 201 ? 'User' : 'Error', res.body);
        const listed = await scim().expect('get', `/Users?filter=${encodeURIComponent(`userName eq "${request.userName}"`)}`, undefined, 200, 'ListResponse');
        expect(listed.totalResults).to.equal(1);
      });

      it('group members must be users of this organization; a renamed user to a taken userName is 409', async () => {
        const group = await scim().expect('post', '/Groups', { schemas: [GROUP_URN], displayName: `G ${randomUUID()}` }, 201, 'Group');
        const unknown = await scim().call('patch', `/Groups/${group.id}`, { schemas: [PATCH_URN], Operations: [{ op: 'add', path: 'members', value: [{ value: randomUUID() }] }] });
        expect(unknown.status).to.equal(400);
        expect(unknown.body.scimType).to.equal('invalidValue');
        const first = await scim().expect('post', '/Users', oktaUser(), 201, 'User');
        const second = await scim().expect('post', '/Users', oktaUser(), 201, 'User');
        const clash = await scim().call('patch', `/Users/${second.id}`, { schemas: [PATCH_URN], Operations: [{ op: 'replace', path: 'userName', value: first.userName.toUpperCase() }] });
        expect(clash.status).to.equal(409);
        expect(clash.body.scimType).to.equal('uniqueness');
      });

      it('an unknown endpoint is a SCIM 404; an unsupported method a SCIM 405', async () => {
        const unknown = await scim().call('get', '/Bulk');
        expect(unknown.status).to.equal(404);
        assertScim('Error', unknown.body);
        const method = await scim().call('post', `/Users/${randomUUID()}`, {});
        expect(method.status).to.equal(405);
        assertScim('Error', method.body);
      });
    });

    describe('audit log', () => {
      it('records every SCIM change with actor kind scim and the token prefix', async () => {
        const user = await scim().expect('post', '/Users', oktaUser(), 201, 'User');
        server.clock.advance(1000); // distinct instants: the log lists newest first
        await scim().expect('patch', `/Users/${user.id}`, { schemas: [PATCH_URN], Operations: [{ op: 'replace', path: 'active', value: false }] }, 200, 'User');
        server.clock.advance(1000);
        await scim().expect('patch', `/Users/${user.id}`, { schemas: [PATCH_URN], Operations: [{ op: 'replace', path: 'active', value: true }] }, 200, 'User');
        server.clock.advance(1000);
        await scim().expect('put', `/Users/${user.id}`, { schemas: [USER_URN], userName: user.userName, displayName: 'Changed' }, 200, 'User');
        server.clock.advance(1000);
        const group = await scim().expect('post', '/Groups', { schemas: [GROUP_URN], displayName: `Audited ${randomUUID()}`, members: [{ value: user.id }] }, 201, 'Group');
        server.clock.advance(1000);
        await scim().expect('patch', `/Groups/${group.id}`, { schemas: [PATCH_URN], Operations: [{ op: 'remove', path: 'members' }] }, 200, 'Group');
        server.clock.advance(1000);
        await scim().expect('delete', `/Groups/${group.id}`, undefined, 204, null);
        server.clock.advance(1000);
        await scim().expect('delete', `/Users/${user.id}`, undefined, 204, null);
        server.clock.advance(1000);

        const account = await accountOf(user.userName);
        const owner = await server.oauthToken(server.tenant.user.id, ['access:read']);
        const events = async (targetId: string) =>
          (await server.request().get(`/api/v1/public/audit-events?targetId=${targetId}&limit=50`).set('authorization', `Bearer ${owner}`).set('x-project-id', server.tenant.project.id)).body.data.auditEvents as {
            action: string;
            actor: { kind: string; credentialId: string };
            details: Record<string, unknown>;
          }[];
        const userEvents = await events(account.id);
        expect(userEvents.map((e) => e.action).reverse()).to.deep.equal(['scim.user.created', 'scim.user.deactivated', 'scim.user.reactivated', 'scim.user.updated', 'scim.user.deleted']);
        expect(userEvents.every((e) => e.actor.kind === 'scim' && e.actor.credentialId === token.slice(0, 10))).to.equal(true);
        expect(userEvents.find((e) => e.action === 'scim.user.deactivated')!.details).to.deep.include({ roleBefore: 'member', roleAfter: null, revokedTokens: 0 });
        expect((await events(group.id)).map((e) => e.action).reverse()).to.deep.equal(['scim.group.created', 'scim.group.updated', 'scim.group.deleted']);
      });
    });
  });
});
