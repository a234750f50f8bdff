import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem, expectRateLimitHeaders } from '../support/problem.js';

forEachAdapter((adapter) => {
  describe('GET /api/v1/public/account/profile', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    it('returns the token user profile with profile:read', async () => {
      const token = await server.oauthToken(server.tenant.user.id, ['profile:read']);
      const res = await server.request().get('/api/v1/public/account/profile').set('authorization', `Bearer ${token}`);
      expect(expectEnvelope(res)).to.deep.equal({
        avatarConfigured: false,
        bio: null,
        companyName: null,
        language: 'en',
        name: 'Alpha User',
        timezone: null,
        websiteUrl: null,
      });
      expectRateLimitHeaders(res);
    });

    it('answers 403 insufficient_scope without profile:read', async () => {
      const token = await server.oauthToken(server.tenant.user.id, ['profile:write']);
      const res = await server.request().get('/api/v1/public/account/profile').set('authorization', `Bearer ${token}`);
      const body = expectProblem(res, 403, 'PUBLIC_API_INSUFFICIENT_SCOPE');
      expect(body.detail).to.equal('The token lacks the scope profile:read.');
    });

    it('answers 403 for a public API key, which this operation does not accept', async () => {
      const res = await server.request().get('/api/v1/public/account/profile').set('x-api-key', server.tenant.apiKey);
      expectProblem(res, 403, 'PUBLIC_API_CREDENTIAL_NOT_ALLOWED');
    });

    it('answers 401 for a revoked token', async () => {
      const token = await server.oauthToken(server.tenant.user.id, ['profile:read']);
      const { hashToken } = await import('../../src/auth/tokens.js');
      const record = await server.runtime.store.oauthTokens.findByHash(hashToken(token));
      await server.runtime.store.oauthTokens.revoke(record!.id, server.clock.now());
      const res = await server.request().get('/api/v1/public/account/profile').set('authorization', `Bearer ${token}`);
      expectProblem(res, 401, 'PUBLIC_API_INVALID_CREDENTIAL');
      expect(res.headers['www-authenticate']).to.match(/error="invalid_token"/);
    });

    it('answers 401 for a token issued on another host', async () => {
      const token = await server.oauthToken(server.tenant.user.id, ['profile:read']);
      const res = await server.request().get('/api/v1/public/account/profile').set('host', 'tracewell.example.com').set('authorization', `Bearer ${token}`);
      expectProblem(res, 401, 'PUBLIC_API_INVALID_CREDENTIAL');
    });
  });

  describe('PATCH /api/v1/public/account/profile', () => {
    let server: TestServer;
    let token: string;
    before(async () => {
      server = await startTestServer(adapter);
      token = await server.oauthToken(server.tenant.user.id, ['profile:read', 'profile:write']);
    });
    after(async () => server.close());

    const patch = (body: unknown) =>
      server.request().patch('/api/v1/public/account/profile').set('authorization', `Bearer ${token}`).send(body as object);

    it('changes only the fields sent and returns the whole profile', async () => {
      const res = await patch({ bio: 'Builds agents.', websiteUrl: 'https://example.com/me', timezone: 'Europe/Berlin' });
      expect(expectEnvelope(res)).to.deep.equal({
        avatarConfigured: false,
        bio: 'Builds agents.',
        companyName: null,
        language: 'en',
        name: 'Alpha User',
        timezone: 'Europe/Berlin',
        websiteUrl: 'https://example.com/me',
      });
      const again = await server.request().get('/api/v1/public/account/profile').set('authorization', `Bearer ${token}`);
      expect(expectEnvelope<{ bio: string }>(again).bio).to.equal('Builds agents.');
    });

    it('clears a nullable field with null', async () => {
      const res = await patch({ bio: null });
      expect(expectEnvelope<{ bio: string | null }>(res).bio).to.equal(null);
    });

    it('answers 400 with errors[] for an unknown field', async () => {
      const body = expectProblem(await patch({ nickname: 'x' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(body.errors).to.deep.include({ code: 'additional_properties', message: 'must NOT have additional properties', path: '/body/nickname' });
    });

    it('answers 400 for an empty object', async () => {
      expectProblem(await patch({}), 400, 'PUBLIC_API_VALIDATION_FAILED');
    });

    it('answers 400 for a name longer than 255 characters', async () => {
      const body = expectProblem(await patch({ name: 'x'.repeat(256) }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect((body.errors as { path: string }[])[0].path).to.equal('/body/name');
    });

    it('answers 400 for a language shorter than 2 characters', async () => {
      expectProblem(await patch({ language: 'e' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
    });

    it('answers 400 for a websiteUrl that is not a URI', async () => {
      expectProblem(await patch({ websiteUrl: 'not a url' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
    });

    it('answers 400 for avatarConfigured, which is derived', async () => {
      expectProblem(await patch({ avatarConfigured: true }), 400, 'PUBLIC_API_VALIDATION_FAILED');
    });

    it('answers 400 PUBLIC_API_MALFORMED_JSON for a body that is not JSON', async () => {
      const res = await server
        .request()
        .patch('/api/v1/public/account/profile')
        .set('authorization', `Bearer ${token}`)
        .set('content-type', 'application/json')
        .send('{"name": ');
      expectProblem(res, 400, 'PUBLIC_API_MALFORMED_JSON');
    });

    it('answers 415 for a body that is not application/json', async () => {
      const res = await server
        .request()
        .patch('/api/v1/public/account/profile')
        .set('authorization', `Bearer ${token}`)
        .set('content-type', 'text/plain')
        .send('name=x');
      expectProblem(res, 415, 'PUBLIC_API_UNSUPPORTED_MEDIA_TYPE');
    });

    it('answers 413 for a body above 1 MB', async () => {
      const res = await patch({ bio: 'x'.repeat(1024 * 1024 + 10) });
      expectProblem(res, 413, 'PUBLIC_API_PAYLOAD_TOO_LARGE');
    });
  });
});
