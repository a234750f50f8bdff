import { expect } from 'chai';
import { routeCompilations } from '../../src/http/validator-route-cache.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';

forEachAdapter((adapter) => {
  describe('contract route lookup (express-openapi-validator) compiles each path once', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    it('compiles nothing more once every path has been compiled, whatever the requests, and still routes each to its operation', async () => {
      const key = server.tenant.apiKey;
      // The first request compiles the paths the lookup reaches; later ones reuse them.
      await server.request().get('/api/v1/public/traces').set('x-api-key', key).expect(200);
      await server.request().get('/api/v1/public/traces/no-such-trace').set('x-api-key', key).expect(404);
      const before = routeCompilations.count;
      expect(before).to.be.greaterThan(0);
      for (let i = 0; i < 3; i++) {
        const list = await server.request().get('/api/v1/public/traces').query({ limit: 1 }).set('x-api-key', key).expect(200);
        expect(list.body.data.traces).to.be.an('array');
        const missing = await server.request().get(`/api/v1/public/traces/missing-${i}`).set('x-api-key', key).expect(404);
        expect([missing.body.code, missing.body.detail]).to.deep.equal(['PUBLIC_API_NOT_FOUND', 'The trace was not found.']);
      }
      expect(routeCompilations.count).to.equal(before);
    });
  });
});
