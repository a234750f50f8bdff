import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

forEachAdapter((adapter) => {
  describe('POST /api/v1/public/sharing/guest-tokens (resource ids that cannot exist)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(() => server.close());

    // Found by the conformance kit's fuzzing: on PostgreSQL a non-uuid fix id was a 500.
    for (const resourceId of [' ', 'not-a-uuid', '𐖂']) {
      it(`answers 404 for fix ${JSON.stringify(resourceId)}, never 500`, async () => {
        const res = await server.request().post('/api/v1/public/sharing/guest-tokens').set('x-api-key', server.tenant.apiKey).send({ resourceType: 'fix', resourceId });
        const body = expectProblem(res, 404, 'PUBLIC_API_NOT_FOUND');
        expect(body.detail).to.be.a('string');
      });
    }
  });
});
