import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { startFakeProvider, type FakeProvider } from '../support/fake-oidc-provider.js';
import { authorizationRequest, continueWithSso, createConnection, HOST, ownerToken, REDIRECT, registerWebApp, SSO_ENV } from './sso-support.js';

const CLIENT_ID = 'tracewell-app';
const SECRET = 'provider-client-secret';
const PASSWORD = 'correct horse battery';

forEachAdapter((adapter) => {
  describe('OpenID Connect sign-in (hand-built provider: every ID token rule)', function () {
    this.timeout(60_000);
    let server: TestServer;
    let idp: FakeProvider;
    let domain: string;
    let admins: string;

    before(async () => {
      idp = await startFakeProvider();
      server = await startTestServer(adapter, { env: SSO_ENV });
      await registerWebApp(server);
      domain = `corp${Date.now()}.example`;
      admins = 'Tracewell Admins';
      const res = await createConnection(server, {
        issuer: idp.issuer,
        clientId: CLIENT_ID,
        clientSecret: SECRET,
        allowedDomains: [domain],
        defaultRole: 'viewer',
        groupRoles: [{ group: admins, role: 'admin', projectRoles: [{ projectId: server.tenant.project.id, role: 'editor' }] }],
      });
      expect(res.status, res.text).to.equal(201);
    });
    after(async () => {
      await server.close();
      await idp.close();
    });

    const now = () => Math.floor(Date.now() / 1000);
    const claimsFor = (authorize: URL, overrides: Record<string, unknown> = {}) => ({
      iss: idp.issuer,
      aud: CLIENT_ID,
      sub: `sub-${randomUUID()}`,
      iat: now(),
      exp: now() + 300,
      nonce: authorize.searchParams.get('nonce'),
      email_verified: true,
      ...overrides,
    });
    const callback = (authorize: URL, code = 'code-1') => server.request().get('/sso/callback').set('host', HOST).query({ code, state: authorize.searchParams.get('state')! });
    const account = (email: string) => server.runtime.store.users.findByEmail(email);

    /** One sign-in: "Continue with SSO", the provider answering `claims`, the callback. */
    async function signIn(email: string, claims: (authorize: URL) => Record<string, unknown>, signer?: (claims: Record<string, unknown>) => string) {
      const { query, verifier } = authorizationRequest();
      const authorize = await continueWithSso(server, email, query);
      const body = claims(authorize);
      idp.nextIdToken = signer ? signer(body) : idp.sign(body);
      const res = await callback(authorize);
      return { res, authorize, query, verifier };
    }

    describe('POST /oauth/authorize decision=sso (Continue with SSO)', () => {
      it('sends the browser to the provider: code flow, PKCE S256, state, nonce, the registered redirect URI, login_hint', async () => {
        const { query } = authorizationRequest();
        const authorize = await continueWithSso(server, `ada@${domain}`, query);
        expect(`${authorize.origin}${authorize.pathname}`).to.equal(`${idp.issuer}/authorize`);
        const params = Object.fromEntries(authorize.searchParams);
        expect(params).to.include({ response_type: 'code', client_id: CLIENT_ID, redirect_uri: `${server.config.publicBaseUrl}/sso/callback`, scope: 'openid email profile groups', code_challenge_method: 'S256', login_hint: `ada@${domain}` });
        expect(params.state).to.match(/^[A-Za-z0-9_-]{43}$/);
        expect(params.nonce).to.match(/^[A-Za-z0-9_-]{43}$/);
        expect(params.code_challenge).to.match(/^[A-Za-z0-9_-]{43}$/);
      });

      it('an email whose domain has no connection: the sign-in page again, saying so in plain words', async () => {
        const { query } = authorizationRequest();
        const res = await server.request().post('/oauth/authorize').set('host', HOST).type('form').send({ ...query, email: 'someone@elsewhere.example', decision: 'sso' });
        expect(res.status).to.equal(400);
        expect(res.text).to.include('Single sign-on is not set up for elsewhere.example. Sign in with your email and password instead.');
      });

      it('GET /oauth/authorize with login_hint of an SSO domain redirects to the provider at once (the console form)', async () => {
        const { query } = authorizationRequest();
        const res = await server.request().get('/oauth/authorize').set('host', HOST).query({ ...query, login_hint: `ada@${domain}` });
        expect(res.status).to.equal(302);
        expect(res.headers.location.startsWith(`${idp.issuer}/authorize?`)).to.equal(true);
      });
    });

    describe('GET /sso/callback', () => {
      it('a valid sign-in: the code is redeemed with the client secret and PKCE verifier, the account and membership are made just in time (default role), the client gets its code, audited', async () => {
        const email = `grace.${Date.now()}@${domain}`;
        const { res, authorize, query, verifier } = await signIn(email, (authorize) => claimsFor(authorize, { email, name: 'Grace Hopper' }));
        expect(res.status, res.text).to.equal(302);
        const back = new URL(res.headers.location);
        expect(`${back.origin}${back.pathname}`).to.equal(REDIRECT);
        expect(back.searchParams.get('state')).to.equal(query.state);
        const exchange = idp.tokenRequests.at(-1)!;
        // client_secret_basic, id and secret form-urlencoded first (RFC 6749 §2.3.1).
        const basic = Buffer.from(exchange.authorization!.replace(/^Basic /, ''), 'base64').toString('utf8').split(':').map(decodeURIComponent);
        expect(basic).to.deep.equal([CLIENT_ID, SECRET]);
        expect(exchange.form.get('grant_type')).to.equal('authorization_code');
        expect(exchange.form.get('redirect_uri')).to.equal(`${server.config.publicBaseUrl}/sso/callback`);
        expect(exchange.form.get('code_verifier')).to.be.a('string').with.length(43);
        expect(authorize.searchParams.get('code_challenge')).to.not.equal(exchange.form.get('code_verifier'));
        // The session is the one password sign-in makes: the client's code becomes tokens.
        const tokens = await server.request().post('/oauth/token').set('host', HOST).type('form').send({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: REDIRECT, client_id: 'web-app', code_verifier: verifier });
        expect(tokens.status, tokens.text).to.equal(200);
        const user = (await account(email))!;
        expect(user).to.include({ email, name: 'Grace Hopper' });
        expect(await server.runtime.store.organizations.findMemberRole(server.tenant.organization.id, user.id)).to.equal('viewer');
        const audit = expectEnvelope<{ auditEvents: { action: string; targetId: string; actor: { kind: string; userId: string }; details: Record<string, unknown> }[] }>(
          await server.request().get('/api/v1/public/audit-events?action=sso.signed_in').set('authorization', `Bearer ${await ownerToken(server)}`).set('x-project-id', server.tenant.project.id),
        ).auditEvents;
        expect(audit[0]).to.deep.include({ action: 'sso.signed_in', targetId: user.id });
        expect(audit[0].actor).to.deep.include({ kind: 'sign_in', userId: user.id });
        expect(audit[0].details).to.deep.include({ accountCreated: true, roleBefore: null, roleAfter: 'viewer', issuer: idp.issuer });
      });

      it('groups are applied at each sign-in: in the mapped group → admin and the project role; out of it → the default role, the project role gone', async () => {
        const email = `linus.${Date.now()}@${domain}`;
        const first = await signIn(email, (authorize) => claimsFor(authorize, { email, groups: [admins, 'Other'] }));
        expect(first.res.status, first.res.text).to.equal(302);
        const user = (await account(email))!;
        const org = server.tenant.organization.id;
        expect(await server.runtime.store.organizations.findMemberRole(org, user.id)).to.equal('admin');
        expect(await server.runtime.store.projectMembers.findRole(server.tenant.project.id, user.id)).to.equal('editor');
        const second = await signIn(email, (authorize) => claimsFor(authorize, { email, groups: ['Other'] }));
        expect(second.res.status, second.res.text).to.equal(302);
        expect(await server.runtime.store.organizations.findMemberRole(org, user.id)).to.equal('viewer');
        expect(await server.runtime.store.projectMembers.findRole(server.tenant.project.id, user.id)).to.equal(null);
      });

      const refusals: [string, number, string, (authorize: URL, email: string) => Record<string, unknown>, ((claims: Record<string, unknown>) => string) | undefined][] = [
        ['a forged ID token (signed with a key the provider never published)', 400, 'is not signed by your identity provider', (a, email) => claimsFor(a, { email }), (claims) => idp.sign(claims, idp.foreignKey)],
        ['an expired ID token', 400, 'has expired or is not valid yet', (a, email) => claimsFor(a, { email, iat: now() - 3600, exp: now() - 600 }), undefined],
        ['an ID token for another audience', 400, 'issued the sign-in for another application (audience)', (a, email) => claimsFor(a, { email, aud: 'someone-else' }), undefined],
        ['an ID token from another issuer', 400, 'issued by another identity provider than the one configured (issuer)', (a, email) => claimsFor(a, { email, iss: 'https://evil.example' }), undefined],
        ['an ID token with another sign-in’s nonce', 400, 'does not belong to the sign-in you started (nonce)', (a, email) => claimsFor(a, { email, nonce: 'a-nonce-of-another-sign-in-aaaaaaaaaaaaaaaa' }), undefined],
        ['an email of a domain the connection does not allow', 403, 'is not in a domain this organization signs in with single sign-on', (a) => claimsFor(a, { email: `mallory.${Date.now()}@not-allowed.example` }), undefined],
        ['an unverified email', 403, 'has not verified', (a, email) => claimsFor(a, { email, email_verified: false }), undefined],
      ];
      for (const [what, status, words, claims, signer] of refusals) {
        it(`${what}: ${status}, said in plain words, no account or membership created`, async () => {
          const email = `eve.${randomUUID()}@${domain}`;
          const { res } = await signIn(email, (authorize) => claims(authorize, email), signer);
          expect(res.status).to.equal(status);
          expect(res.text).to.include('Single sign-on failed').and.include(words);
          expect(await account(email)).to.equal(null);
        });
      }

      it('a replayed callback (same state and nonce, even with a valid token): 400, the state was single-use', async () => {
        const email = `replay.${Date.now()}@${domain}`;
        const { res, authorize } = await signIn(email, (authorize) => claimsFor(authorize, { email }));
        expect(res.status).to.equal(302);
        idp.nextIdToken = idp.sign(claimsFor(authorize, { email }));
        const again = await server.request().get('/sso/callback').query({ code: 'code-2', state: authorize.searchParams.get('state')! });
        expect(again.status).to.equal(400);
        expect(again.text).to.include('This sign-in link was already used or has expired.');
      });

      it('a callback with an unknown state or none: 400, the provider is never asked', async () => {
        const before = idp.tokenRequests.length;
        expect((await server.request().get('/sso/callback').query({ code: 'x', state: 'forged' })).status).to.equal(400);
        const none = await server.request().get('/sso/callback').query({ code: 'x' });
        expect(none.status).to.equal(400);
        expect(none.text).to.include('carries no state');
        expect(idp.tokenRequests.length).to.equal(before);
      });

      it('the provider refused the person (error=access_denied): 403 in plain words', async () => {
        const { query } = authorizationRequest();
        const authorize = await continueWithSso(server, `ada@${domain}`, query);
        const res = await server.request().get('/sso/callback').query({ error: 'access_denied', error_description: 'User is not assigned to the client application.', state: authorize.searchParams.get('state')! });
        expect(res.status).to.equal(403);
        expect(res.text).to.include('The identity provider did not sign you in (User is not assigned to the client application.).');
      });
    });

    describe('device authorization (tracewell login) through SSO', () => {
      it('POST /oauth/device decision=sso → provider → callback approves the code; the CLI’s poll gets tokens', async () => {
        const device = (await server.request().post('/oauth/device/code').set('host', HOST).type('form').send({ client_id: 'tracewell-cli', scope: 'context:read' })).body as { device_code: string; user_code: string };
        const email = `cli.${Date.now()}@${domain}`;
        const started = await server.request().post('/oauth/device').set('host', HOST).send({ user_code: device.user_code, email, decision: 'sso' });
        expect(started.status).to.equal(200);
        expect(started.body.status).to.equal('redirect');
        const authorize = new URL(started.body.location as string);
        idp.nextIdToken = idp.sign(claimsFor(authorize, { email }));
        const res = await callback(authorize);
        expect(res.status, res.text).to.equal(200);
        expect(res.text).to.include('Device connected');
        const tokens = await server.request().post('/oauth/token').set('host', HOST).type('form').send({ grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: device.device_code, client_id: 'tracewell-cli' });
        expect(tokens.status, tokens.text).to.equal(200);
        expect(tokens.body.access_token).to.be.a('string');
      });

      it('an unknown user code: 400 before going to the provider', async () => {
        const res = await server.request().post('/oauth/device').set('host', HOST).send({ user_code: 'BCDF-GHJK', email: `x@${domain}`, decision: 'sso' });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ error: 'invalid_grant', error_description: 'The code is unknown, expired or already used.' });
      });
    });

    describe('require SSO', () => {
      let member: { id: string; email: string };
      before(async () => {
        const { provisioning, identityProvisioning } = server.runtime.services;
        member = await provisioning.createUser(`member.${Date.now()}@${domain}`, 'Member', [{ organizationId: server.tenant.organization.id, role: 'member' }]);
        await identityProvisioning.setPassword(member.id, PASSWORD);
        await identityProvisioning.setPassword(server.tenant.user.id, PASSWORD);
        const owner = await ownerToken(server);
        const [connection] = expectEnvelope<{ ssoConnections: { id: string; allowedDomains: string[]; groupRoles: unknown[] }[] }>(
          await server.request().get('/api/v1/public/sso-connections').set('authorization', `Bearer ${owner}`).set('x-project-id', server.tenant.project.id),
        ).ssoConnections;
        const res = await server
          .request()
          .put(`/api/v1/public/sso-connections/${connection.id}`)
          .set('authorization', `Bearer ${owner}`)
          .set('x-project-id', server.tenant.project.id)
          .send({ issuer: idp.issuer, clientId: CLIENT_ID, allowedDomains: connection.allowedDomains, defaultRole: 'viewer', groupRoles: connection.groupRoles, requireSso: true });
        expect(res.status, res.text).to.equal(200);
      });

      const passwordSignIn = (email: string) => {
        const { query } = authorizationRequest();
        return server.request().post('/oauth/authorize').set('host', HOST).type('form').send({ ...query, email, password: PASSWORD, decision: 'approve' });
      };

      it('a member’s password sign-in is refused, pointing to SSO; nothing is issued', async () => {
        const res = await passwordSignIn(member.email);
        expect(res.status).to.equal(403);
        expect(res.text).to.include('Your organization requires single sign-on: use &quot;Continue with SSO&quot; with your work email instead of a password.');
      });

      it('the device page refuses the member’s password the same way (403 JSON)', async () => {
        const device = (await server.request().post('/oauth/device/code').set('host', HOST).type('form').send({ client_id: 'tracewell-cli', scope: 'context:read' })).body as { user_code: string };
        const res = await server.request().post('/oauth/device').set('host', HOST).send({ user_code: device.user_code, email: member.email, password: PASSWORD, decision: 'approve' });
        expect(res.status).to.equal(403);
        expect(res.body.error).to.equal('access_denied');
      });

      it('an owner keeps the break-glass password path, and it is in the audit log', async () => {
        const res = await passwordSignIn(server.tenant.user.email);
        expect(res.status).to.equal(302);
        expect(new URL(res.headers.location).searchParams.get('code')).to.be.a('string');
        const audit = expectEnvelope<{ auditEvents: { action: string; targetId: string; actor: { kind: string; credentialId: string; userId: string }; details: Record<string, unknown> }[] }>(
          await server.request().get('/api/v1/public/audit-events?action=sso.break_glass_sign_in').set('authorization', `Bearer ${await ownerToken(server)}`).set('x-project-id', server.tenant.project.id),
        ).auditEvents;
        expect(audit).to.have.length(1);
        expect(audit[0]).to.deep.include({ targetId: server.tenant.user.id, details: { via: 'console' } });
        expect(audit[0].actor).to.deep.include({ kind: 'sign_in', credentialId: 'password', userId: server.tenant.user.id });
      });

      it('members of other organizations keep their passwords', async () => {
        await server.runtime.services.identityProvisioning.setPassword(server.other.user.id, PASSWORD);
        expect((await passwordSignIn(server.other.user.email)).status).to.equal(302);
      });
    });
  });
});
