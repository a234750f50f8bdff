import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';

/**
 * The health router is entered only by GET, HEAD and OPTIONS (issue #61 item 3: every tool call's
 * POST passed through it); what each method answers on its paths is what it was.
 */
forEachAdapter((adapter) => {
  describe('health routes by method', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    it('answers GET /healthz 200 {status: ok} and HEAD /healthz 200', async () => {
      const get = await server.request().get('/healthz');
      expect(get.status).to.equal(200);
      expect(get.body).to.deep.equal({ status: 'ok' });
      expect((await server.request().head('/healthz')).status).to.equal(200);
    });

    it('answers OPTIONS /healthz 200 with Allow: GET, HEAD', async () => {
      const res = await server.request().options('/healthz');
      expect(res.status).to.equal(200);
      expect(res.headers.allow).to.equal('GET, HEAD');
    });

    it('passes POST /healthz on to the routes after it: 404 PUBLIC_API_ROUTE_NOT_FOUND', async () => {
      const res = await server.request().post('/healthz').set('content-type', 'application/json').send('{}');
      expect(res.status).to.equal(404);
      expect(res.body.code).to.equal('PUBLIC_API_ROUTE_NOT_FOUND');
    });
  });
});
