import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { s256 } from '../../src/domain/identity/authorization-codes.js';

const PASSWORD = 'correct horse battery';
const REDIRECT = 'https://app.example.com/callback';
const HOST = '127.0.0.1';

interface Tokens {
  access_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

forEachAdapter((adapter) => {
  describe('OAuth 2.0 authorization server', () => {
    let server: TestServer;
    let email: string;
    before(async () => {
      server = await startTestServer(adapter);
      email = server.tenant.user.email;
      await server.runtime.services.identityProvisioning.setPassword(server.tenant.user.id, PASSWORD);
      await server.runtime.services.oauth.clients.register({
        id: 'web-app',
        name: 'Web App',
        type: 'public',
        redirectUris: [REDIRECT],
        grantTypes: ['authorization_code', 'refresh_token'],
      });
    });
    after(async () => server.close());

    const post = (path: string, form: Record<string, string>) => server.request().post(path).set('host', HOST).type('form').send(form);

    /** Drives the browser part: consent page, sign-in and approval; returns the code from the redirect. */
    async function authorize(verifier: string, scope: string, state = 'xyz'): Promise<string> {
      const query = { response_type: 'code', client_id: 'web-app', redirect_uri: REDIRECT, scope, state, code_challenge: s256(verifier), code_challenge_method: 'S256' };
      const consent = await server.request().get('/oauth/authorize').set('host', HOST).query(query);
      expect(consent.status).to.equal(200);
      expect(consent.headers['content-type']).to.match(/^text\/html/);
      expect(consent.headers['x-frame-options']).to.equal('DENY');
      expect(consent.text).to.contain('Web App');
      const approved = await post('/oauth/authorize', { ...query, email, password: PASSWORD, decision: 'approve' });
      expect(approved.status).to.equal(302);
      const location = new URL(approved.headers.location);
      expect(location.origin + location.pathname).to.equal(REDIRECT);
      expect(location.searchParams.get('state')).to.equal(state);
      expect(location.searchParams.get('iss')).to.equal(server.config.publicBaseUrl);
      return location.searchParams.get('code')!;
    }

    async function codeFlow(scope: string): Promise<Tokens> {
      const verifier = randomBytes(32).toString('base64url');
      const code = await authorize(verifier, scope);
      const res = await post('/oauth/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: 'web-app', code_verifier: verifier });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.headers['cache-control']).to.equal('no-store');
      return res.body as Tokens;
    }

    const getProject = (token: string, host = HOST) =>
      server.request().get('/api/v1/public/project').set('host', host).set('authorization', `Bearer ${token}`).set('x-project-id', server.tenant.project.id);

    describe('GET /.well-known/oauth-authorization-server', () => {
      it('publishes RFC 8414 metadata with S256 PKCE and the device endpoint', async () => {
        const res = await server.request().get('/.well-known/oauth-authorization-server');
        expect(res.status).to.equal(200);
        const base = server.config.publicBaseUrl;
        expect(res.body).to.include({
          issuer: base,
          authorization_endpoint: `${base}/oauth/authorize`,
          token_endpoint: `${base}/oauth/token`,
          revocation_endpoint: `${base}/oauth/revoke`,
          device_authorization_endpoint: `${base}/oauth/device/code`,
        });
        expect(res.body.code_challenge_methods_supported).to.deep.equal(['S256']);
        expect(res.body.grant_types_supported).to.deep.equal(['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code']);
        expect(res.body.scopes_supported).to.include('offline_access');
      });
    });

    describe('authorization code + PKCE', () => {
      it('issues a host-bound tw_at_ token without a refresh token when offline_access is absent', async () => {
        const tokens = await codeFlow('context:read');
        expect(tokens.access_token).to.match(/^tw_at_/);
        expect(tokens).to.not.have.property('refresh_token');
        expect(tokens).to.include({ token_type: 'Bearer', expires_in: 3600, scope: 'context:read' });
        expect(expectEnvelope<{ id: string }>(await getProject(tokens.access_token)).id).to.equal(server.tenant.project.id);
      });

      it('answers 401 invalid_token when the token is presented to another host', async () => {
        const tokens = await codeFlow('context:read');
        const res = await getProject(tokens.access_token, 'tracewell.example.com');
        expectProblem(res, 401, 'PUBLIC_API_INVALID_CREDENTIAL');
        expect(res.headers['www-authenticate']).to.match(/error="invalid_token"/);
      });

      it('expires the access token after its lifetime (ManualClock)', async () => {
        const tokens = await codeFlow('context:read');
        server.clock.advance(3600 * 1000);
        expectProblem(await getProject(tokens.access_token), 401, 'PUBLIC_API_INVALID_CREDENTIAL');
      });

      it('rejects a wrong code_verifier with invalid_grant', async () => {
        const code = await authorize(randomBytes(32).toString('base64url'), 'context:read');
        const res = await post('/oauth/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: 'web-app', code_verifier: randomBytes(32).toString('base64url') });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ error: 'invalid_grant', error_description: 'The code_verifier does not match the code_challenge.' });
      });

      it('revokes the tokens of a code that is replayed', async () => {
        const verifier = randomBytes(32).toString('base64url');
        const code = await authorize(verifier, 'context:read');
        const form = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: 'web-app', code_verifier: verifier };
        const first = await post('/oauth/token', form);
        expect(first.status).to.equal(200);
        const replay = await post('/oauth/token', form);
        expect(replay.status).to.equal(400);
        expect(replay.body.error).to.equal('invalid_grant');
        expectProblem(await getProject(first.body.access_token), 401, 'PUBLIC_API_INVALID_CREDENTIAL');
      });

      it('rejects an expired code', async () => {
        const verifier = randomBytes(32).toString('base64url');
        const code = await authorize(verifier, 'context:read');
        server.clock.advance(60_001);
        const res = await post('/oauth/token', { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: 'web-app', code_verifier: verifier });
        expect(res.body).to.deep.equal({ error: 'invalid_grant', error_description: 'The authorization code expired.' });
      });

      it('requires PKCE S256 of a public client, redirecting the error back with state', async () => {
        const res = await server
          .request()
          .get('/oauth/authorize')
          .query({ response_type: 'code', client_id: 'web-app', redirect_uri: REDIRECT, scope: 'context:read', state: 's1', code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' });
        expect(res.status).to.equal(302);
        const location = new URL(res.headers.location);
        expect(location.searchParams.get('error')).to.equal('invalid_request');
        expect(location.searchParams.get('state')).to.equal('s1');
      });

      it('never redirects to an unregistered redirect_uri', async () => {
        const res = await server.request().get('/oauth/authorize').query({ response_type: 'code', client_id: 'web-app', redirect_uri: 'https://evil.example/cb', scope: 'context:read' });
        expect(res.status).to.equal(400);
        expect(res.headers).to.not.have.property('location');
      });

      it('answers the consent form with 401 and no code for a wrong password', async () => {
        const verifier = randomBytes(32).toString('base64url');
        const res = await post('/oauth/authorize', {
          response_type: 'code', client_id: 'web-app', redirect_uri: REDIRECT, scope: 'context:read', code_challenge: s256(verifier), code_challenge_method: 'S256', email, password: 'wrong password', decision: 'approve',
        });
        expect(res.status).to.equal(401);
        expect(res.text).to.contain('The email or password is wrong.');
      });

      it('redirects access_denied when the user denies', async () => {
        const res = await post('/oauth/authorize', {
          response_type: 'code', client_id: 'web-app', redirect_uri: REDIRECT, scope: 'context:read', state: 'd', code_challenge: s256(randomBytes(32).toString('base64url')), code_challenge_method: 'S256', decision: 'deny',
        });
        expect(res.status).to.equal(302);
        expect(new URL(res.headers.location).searchParams.get('error')).to.equal('access_denied');
      });

      it('rejects an unknown scope with invalid_scope', async () => {
        const res = await server.request().get('/oauth/authorize').query({ response_type: 'code', client_id: 'web-app', redirect_uri: REDIRECT, scope: 'admin:all', code_challenge: s256('v'.repeat(43)), code_challenge_method: 'S256' });
        expect(new URL(res.headers.location).searchParams.get('error')).to.equal('invalid_scope');
      });
    });

    describe('POST /oauth/token refresh_token', () => {
      it('issues a tw_rt_ refresh token only with offline_access and rotates it on use', async () => {
        const tokens = await codeFlow('context:read offline_access');
        expect(tokens.refresh_token).to.match(/^tw_rt_/);
        const refreshed = await post('/oauth/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: 'web-app' });
        expect(refreshed.status).to.equal(200);
        expect(refreshed.body.refresh_token).to.match(/^tw_rt_/).and.not.equal(tokens.refresh_token);
        expect(expectEnvelope<{ id: string }>(await getProject(refreshed.body.access_token)).id).to.equal(server.tenant.project.id);
      });

      it('revokes the whole family when a rotated refresh token is reused', async () => {
        const tokens = await codeFlow('context:read offline_access');
        const rotated = await post('/oauth/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: 'web-app' });
        const reuse = await post('/oauth/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: 'web-app' });
        expect(reuse.status).to.equal(400);
        expect(reuse.body.error).to.equal('invalid_grant');
        expectProblem(await getProject(rotated.body.access_token), 401, 'PUBLIC_API_INVALID_CREDENTIAL');
        expectProblem(await getProject(tokens.access_token), 401, 'PUBLIC_API_INVALID_CREDENTIAL');
        const next = await post('/oauth/token', { grant_type: 'refresh_token', refresh_token: rotated.body.refresh_token, client_id: 'web-app' });
        expect(next.body.error).to.equal('invalid_grant');
      });

      it('narrows scopes on request and refuses scopes beyond the grant', async () => {
        const tokens = await codeFlow('context:read profile:read offline_access');
        const beyond = await post('/oauth/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: 'web-app', scope: 'profile:write' });
        expect(beyond.body.error).to.equal('invalid_scope');
        const narrowed = await post('/oauth/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: 'web-app', scope: 'profile:read offline_access' });
        expect(narrowed.status).to.equal(200);
        expect(narrowed.body.scope).to.equal('profile:read offline_access');
      });

      it('rejects an expired refresh token', async () => {
        const tokens = await codeFlow('context:read offline_access');
        server.clock.advance(30 * 24 * 3600 * 1000);
        const res = await post('/oauth/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: 'web-app' });
        expect(res.body).to.deep.equal({ error: 'invalid_grant', error_description: 'The refresh token expired.' });
      });

      it('answers unsupported_grant_type and invalid_client per RFC 6749 §5.2', async () => {
        const unsupported = await post('/oauth/token', { grant_type: 'password', client_id: 'web-app' });
        expect(unsupported.status).to.equal(400);
        expect(unsupported.body.error).to.equal('unsupported_grant_type');
        const unknown = await post('/oauth/token', { grant_type: 'refresh_token', client_id: 'nobody', refresh_token: 'tw_rt_x' });
        expect(unknown.status).to.equal(401);
        expect(unknown.body.error).to.equal('invalid_client');
      });
    });

    describe('POST /oauth/revoke', () => {
      it('revokes an access token (RFC 7009) and answers 200 for unknown tokens', async () => {
        const tokens = await codeFlow('context:read');
        const res = await post('/oauth/revoke', { token: tokens.access_token, client_id: 'web-app' });
        expect(res.status).to.equal(200);
        expectProblem(await getProject(tokens.access_token), 401, 'PUBLIC_API_INVALID_CREDENTIAL');
        expect((await post('/oauth/revoke', { token: 'tw_at_unknown', client_id: 'web-app' })).status).to.equal(200);
      });

      it('revokes a refresh token together with the access tokens of its family', async () => {
        const tokens = await codeFlow('context:read offline_access');
        expect((await post('/oauth/revoke', { token: tokens.refresh_token!, token_type_hint: 'refresh_token', client_id: 'web-app' })).status).to.equal(200);
        expectProblem(await getProject(tokens.access_token), 401, 'PUBLIC_API_INVALID_CREDENTIAL');
        const res = await post('/oauth/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: 'web-app' });
        expect(res.body.error).to.equal('invalid_grant');
      });

      it('refuses to revoke a token of another client', async () => {
        const tokens = await codeFlow('context:read');
        const res = await post('/oauth/revoke', { token: tokens.access_token, client_id: 'tracewell-cli' });
        expect(res.status).to.equal(400);
        expect(res.body.error).to.equal('unauthorized_client');
        expect(expectEnvelope<{ id: string }>(await getProject(tokens.access_token)).id).to.equal(server.tenant.project.id);
      });
    });

    describe('device authorization (RFC 8628)', () => {
      const poll = (deviceCode: string) => post('/oauth/token', { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: deviceCode, client_id: 'tracewell-cli' });
      const start = async (scope = 'context:read offline_access') => {
        const res = await post('/oauth/device/code', { client_id: 'tracewell-cli', scope });
        expect(res.status).to.equal(200);
        return res.body as { device_code: string; user_code: string; verification_uri: string; verification_uri_complete: string; expires_in: number; interval: number };
      };
      const approve = (userCode: string, decision = 'approve') =>
        server.request().post('/oauth/device').set('host', HOST).send({ user_code: userCode, email, password: PASSWORD, decision });

      it('runs the full flow: code, pending, slow_down, approval over HTTP, tokens', async () => {
        const device = await start();
        expect(device.user_code).to.match(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
        expect(device).to.include({ verification_uri: `${server.config.publicBaseUrl}/oauth/device`, expires_in: 600, interval: 5 });
        expect(device.verification_uri_complete).to.equal(`${device.verification_uri}?user_code=${device.user_code}`);

        expect((await poll(device.device_code)).body.error).to.equal('authorization_pending');
        const tooFast = await poll(device.device_code);
        expect(tooFast.status).to.equal(400);
        expect(tooFast.body.error).to.equal('slow_down');

        const page = await server.request().get('/oauth/device').query({ user_code: device.user_code.toLowerCase() });
        expect(page.status).to.equal(200);
        expect(page.text).to.contain('Tracewell CLI');

        const approval = await approve(device.user_code);
        expect(approval.status).to.equal(200);
        expect(approval.body).to.deep.equal({ status: 'approved' });

        server.clock.advance(10_000);
        const granted = await poll(device.device_code);
        expect(granted.status).to.equal(200);
        expect(granted.body.access_token).to.match(/^tw_at_/);
        expect(granted.body.refresh_token).to.match(/^tw_rt_/);
        expect(expectEnvelope<{ id: string }>(await getProject(granted.body.access_token)).id).to.equal(server.tenant.project.id);
        expect((await poll(device.device_code)).body.error).to.equal('invalid_grant');
      });

      it('answers access_denied after the user denies', async () => {
        const device = await start();
        expect((await approve(device.user_code, 'deny')).body).to.deep.equal({ status: 'denied' });
        expect((await poll(device.device_code)).body.error).to.equal('access_denied');
      });

      it('answers expired_token after the device code lifetime', async () => {
        const device = await start();
        server.clock.advance(600_000);
        expect((await poll(device.device_code)).body.error).to.equal('expired_token');
        expect((await approve(device.user_code)).status).to.equal(400);
      });

      it('refuses approval with a wrong password', async () => {
        const device = await start();
        const res = await server.request().post('/oauth/device').send({ user_code: device.user_code, email, password: 'nope nope nope', decision: 'approve' });
        expect(res.status).to.equal(401);
        expect(res.body.error).to.equal('access_denied');
        expect((await poll(device.device_code)).body.error).to.equal('authorization_pending');
      });

      it('refuses a client not registered for the device grant', async () => {
        const res = await post('/oauth/device/code', { client_id: 'web-app', scope: 'context:read' });
        expect(res.status).to.equal(400);
        expect(res.body.error).to.equal('unauthorized_client');
      });
    });
  });
});
