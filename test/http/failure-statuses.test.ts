import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem, expectRateLimitHeaders } from '../support/problem.js';

forEachAdapter((adapter) => {
  describe('Problem Details for failures outside any one endpoint', () => {
    let server: TestServer;
    beforeEach(async () => {
      server = await startTestServer(adapter, { env: { RATE_LIMIT_READ_PER_MINUTE: '3' } });
    });
    afterEach(async () => server.close());

    it('answers 404 PUBLIC_API_ROUTE_NOT_FOUND for a path the contract does not have', async () => {
      const res = await server.request().get('/api/v1/public/nothing-here').set('x-api-key', server.tenant.apiKey);
      expectProblem(res, 404, 'PUBLIC_API_ROUTE_NOT_FOUND');
    });

    it('answers 404 PUBLIC_API_ROUTE_NOT_FOUND for a path spelled in another case, before reading its input', async () => {
      const spellings = ['/API/v1/public/project', '/Api/V1/Public/project', '/api/v1/public/PROJECT', '/api/v1/public/TRACES?limit=abc', '/API/v1/public/openapi.json', '/MCP'];
      for (const path of spellings) {
        const res = await server.request().get(path).set('x-api-key', server.tenant.apiKey);
        // Not expectProblem: its instance must begin /api/v1/public, and these are the paths as sent.
        expect([res.status, res.headers['content-type'], res.body.code, res.body.instance], path).to.deep.equal([404, 'application/problem+json; charset=utf-8', 'PUBLIC_API_ROUTE_NOT_FOUND', path.split('?')[0]]);
      }
      const write = await server.request().post('/api/v1/public/SAVED-FILTERS').set('x-api-key', server.tenant.apiKey).send({ name: 'x', filter: 'nonsense' });
      expectProblem(write, 404, 'PUBLIC_API_ROUTE_NOT_FOUND');
      // None of them spent the read class (3 a minute here): the spelling as written still answers three times.
      for (let i = 0; i < 3; i++) expectEnvelope(await server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.apiKey));
    });

    it('answers 404 for a method the path does not have', async () => {
      const res = await server.request().put('/api/v1/public/project').set('x-api-key', server.tenant.apiKey);
      expectProblem(res, 404, 'PUBLIC_API_ROUTE_NOT_FOUND');
    });

    it('answers 429 with Retry-After and rate-limit headers once the read class is spent', async () => {
      for (let i = 0; i < 3; i++) {
        const ok = await server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.apiKey);
        expectEnvelope(ok);
        expect(ok.headers['ratelimit-remaining']).to.equal(String(2 - i));
      }
      const res = await server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.apiKey);
      const body = expectProblem(res, 429, 'PUBLIC_API_RATE_LIMITED');
      expect(body.retryable).to.equal(true);
      expectRateLimitHeaders(res);
      expect(res.headers['ratelimit-remaining']).to.equal('0');
      expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
      expect(res.headers['retry-after']).to.equal(res.headers['x-service-ratelimit-reset-after']);
    });

    it('counts each credential separately', async () => {
      for (let i = 0; i < 3; i++) await server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.apiKey);
      const res = await server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.orgApiKey).set('x-project-id', server.tenant.project.id);
      expectEnvelope(res);
      expect(res.headers['ratelimit-remaining']).to.equal('2');
    });

    it('opens a fresh window after the reset', async () => {
      for (let i = 0; i < 4; i++) await server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.apiKey);
      server.clock.advance(60_000);
      expectEnvelope(await server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.apiKey));
    });

    it('answers 500 PUBLIC_API_INTERNAL_ERROR without leaking the cause', async () => {
      server.runtime.services.projects.describe = async () => {
        throw new Error('connection to db-7.internal lost at /srv/app/repo.ts:42');
      };
      const res = await server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.apiKey);
      const body = expectProblem(res, 500, 'PUBLIC_API_INTERNAL_ERROR');
      expect(body.retryable).to.equal(true);
      expect(JSON.stringify(body)).to.not.match(/db-7|repo\.ts|Error:/);
    });

    it('answers 503 PUBLIC_API_DRAINING with Retry-After while draining', async () => {
      server.runtime.lifecycle.startDraining();
      const res = await server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.apiKey);
      const body = expectProblem(res, 503, 'PUBLIC_API_DRAINING');
      expect(body.retryable).to.equal(true);
      expect(res.headers['retry-after']).to.equal('5');
      expect(res.headers.connection).to.equal('close');
    });
  });
});

forEachAdapter((adapter) => {
  describe('rate limiting through Redis (REDIS_URL)', () => {
    it('reports X-Service-RateLimit-Degraded: false while Redis answers', async () => {
      const server = await startTestServer(adapter, { env: { REDIS_URL: 'redis://127.0.0.1:6379' } });
      try {
        const res = await server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.apiKey);
        expectEnvelope(res);
        expect(res.headers['x-service-ratelimit-degraded']).to.equal('false');
      } finally {
        await server.close();
      }
    });

    it('keeps serving with local enforcement and Degraded: true when Redis is unreachable', async () => {
      const server = await startTestServer(adapter, { env: { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_READ_PER_MINUTE: '1' } });
      try {
        const ok = await server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.apiKey);
        expectEnvelope(ok);
        expect(ok.headers['x-service-ratelimit-degraded']).to.equal('true');
        const limited = await server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.apiKey);
        expectProblem(limited, 429, 'PUBLIC_API_RATE_LIMITED');
        expect(limited.headers['x-service-ratelimit-degraded']).to.equal('true');
      } finally {
        await server.close();
      }
    });
  });
});
