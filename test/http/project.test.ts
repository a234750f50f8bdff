import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem, expectRateLimitHeaders } from '../support/problem.js';

forEachAdapter((adapter) => {
  describe('GET /api/v1/public/project', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    it('returns the project of a project API key sent as x-api-key, with rate-limit headers', async () => {
      const res = await server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.apiKey);
      const data = expectEnvelope(res);
      expect(data).to.deep.equal({
        id: server.tenant.project.id,
        name: 'Alpha Project',
        organizationId: server.tenant.organization.id,
        organizationName: 'Alpha Org',
        retentionDays: null,
        searchInputsOutputs: true,
        experimentAlpha: 0.05,
        createdAt: '2026-11-01T12:00:00.000Z',
        updatedAt: '2026-11-01T12:00:00.000Z',
      });
      expectRateLimitHeaders(res);
      expect(res.headers['x-service-ratelimit-policy']).to.equal('read;w=60;q=600');
    });

    it('accepts the same key as a legacy Authorization: Bearer credential', async () => {
      const res = await server.request().get('/api/v1/public/project').set('authorization', `Bearer ${server.tenant.apiKey}`);
      expect(expectEnvelope<{ id: string }>(res).id).to.equal(server.tenant.project.id);
    });

    it('selects a project of an organization key with x-project-id', async () => {
      const res = await server
        .request()
        .get('/api/v1/public/project')
        .set('x-api-key', server.tenant.orgApiKey)
        .set('x-project-id', server.tenant.project.id);
      expect(expectEnvelope<{ id: string }>(res).id).to.equal(server.tenant.project.id);
    });

    it('answers 400 PUBLIC_API_PROJECT_REQUIRED for an organization key without x-project-id', async () => {
      const res = await server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.orgApiKey);
      const body = expectProblem(res, 400, 'PUBLIC_API_PROJECT_REQUIRED');
      expect(body.errors).to.deep.equal([{ code: 'required', message: 'x-project-id is required with this credential', path: '/headers/x-project-id' }]);
    });

    it('answers 400 PUBLIC_API_INVALID_PROJECT_ID for an x-project-id that is not a uuid', async () => {
      const res = await server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.apiKey).set('x-project-id', 'project-1');
      expectProblem(res, 400, 'PUBLIC_API_INVALID_PROJECT_ID');
    });

    it('answers 403 when a project key names another project', async () => {
      const res = await server
        .request()
        .get('/api/v1/public/project')
        .set('x-api-key', server.tenant.apiKey)
        .set('x-project-id', server.other.project.id);
      expectProblem(res, 403, 'PUBLIC_API_PROJECT_FORBIDDEN');
    });

    it('answers 403 when an organization key names a project outside its organization', async () => {
      const res = await server
        .request()
        .get('/api/v1/public/project')
        .set('x-api-key', server.tenant.orgApiKey)
        .set('x-project-id', server.other.project.id);
      expectProblem(res, 403, 'PUBLIC_API_PROJECT_FORBIDDEN');
    });

    it('answers 403 alike for a project that does not exist, so ids do not leak', async () => {
      const res = await server
        .request()
        .get('/api/v1/public/project')
        .set('x-api-key', server.tenant.orgApiKey)
        .set('x-project-id', '00000000-0000-4000-8000-000000000000');
      expectProblem(res, 403, 'PUBLIC_API_PROJECT_FORBIDDEN');
    });

    it('answers 401 with a bearer challenge when no credential is sent', async () => {
      const res = await server.request().get('/api/v1/public/project');
      expectProblem(res, 401, 'PUBLIC_API_UNAUTHENTICATED');
      expect(res.headers['www-authenticate']).to.equal('Bearer realm="tracewell"');
    });

    it('answers 401 invalid_token for an unknown key', async () => {
      const res = await server.request().get('/api/v1/public/project').set('x-api-key', 'tw_pk_notakeyatall');
      expectProblem(res, 401, 'PUBLIC_API_INVALID_CREDENTIAL');
      expect(res.headers['www-authenticate']).to.match(/^Bearer realm="tracewell", error="invalid_token"/);
    });

    it('answers 401 for a revoked key', async () => {
      const issued = await server.runtime.services.provisioning.issueApiKey({
        organizationId: server.tenant.organization.id,
        projectId: server.tenant.project.id,
        name: 'to revoke',
      });
      await server.runtime.store.apiKeys.revoke(issued.record.id, server.clock.now());
      const res = await server.request().get('/api/v1/public/project').set('x-api-key', issued.key);
      expectProblem(res, 401, 'PUBLIC_API_INVALID_CREDENTIAL');
    });

    it('answers 401 for a guest token sent as a bearer token', async () => {
      const res = await server.request().get('/api/v1/public/project').set('authorization', 'Bearer tw_gt_abcdefabcdef');
      expectProblem(res, 401, 'PUBLIC_API_INVALID_CREDENTIAL');
    });

    it('answers 400 when both x-api-key and Authorization are sent', async () => {
      const res = await server
        .request()
        .get('/api/v1/public/project')
        .set('x-api-key', server.tenant.apiKey)
        .set('authorization', `Bearer ${server.tenant.apiKey}`);
      expectProblem(res, 400, 'PUBLIC_API_AMBIGUOUS_CREDENTIALS');
    });

    it('accepts an OAuth token with context:read and x-project-id of a project of the user', async () => {
      const token = await server.oauthToken(server.tenant.user.id, ['context:read']);
      const res = await server.request().get('/api/v1/public/project').set('authorization', `Bearer ${token}`).set('x-project-id', server.tenant.project.id);
      expect(expectEnvelope<{ id: string }>(res).id).to.equal(server.tenant.project.id);
    });

    it('answers 400 for an OAuth token without x-project-id', async () => {
      const token = await server.oauthToken(server.tenant.user.id, ['context:read']);
      const res = await server.request().get('/api/v1/public/project').set('authorization', `Bearer ${token}`);
      expectProblem(res, 400, 'PUBLIC_API_PROJECT_REQUIRED');
    });

    it('answers 403 insufficient_scope for an OAuth token without context:read', async () => {
      const token = await server.oauthToken(server.tenant.user.id, ['profile:read']);
      const res = await server.request().get('/api/v1/public/project').set('authorization', `Bearer ${token}`).set('x-project-id', server.tenant.project.id);
      const body = expectProblem(res, 403, 'PUBLIC_API_INSUFFICIENT_SCOPE');
      expect(body.detail).to.contain('context:read');
      expect(res.headers['www-authenticate']).to.equal('Bearer realm="tracewell", error="insufficient_scope", scope="context:read"');
    });

    it('answers 403 for an OAuth token of a user outside the project organization', async () => {
      const token = await server.oauthToken(server.other.user.id, ['context:read']);
      const res = await server.request().get('/api/v1/public/project').set('authorization', `Bearer ${token}`).set('x-project-id', server.tenant.project.id);
      expectProblem(res, 403, 'PUBLIC_API_PROJECT_FORBIDDEN');
    });

    it('answers 401 for an expired OAuth token', async () => {
      const token = await server.oauthToken(server.tenant.user.id, ['context:read'], { expiresInMs: 1000 });
      server.clock.advance(1001);
      const res = await server.request().get('/api/v1/public/project').set('authorization', `Bearer ${token}`).set('x-project-id', server.tenant.project.id);
      expectProblem(res, 401, 'PUBLIC_API_INVALID_CREDENTIAL');
    });
  });
});
