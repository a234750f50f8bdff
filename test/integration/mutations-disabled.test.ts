import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { ingest, keyOf, span } from './support.js';

forEachAdapter((adapter) => {
  describe('PUBLIC_API_MUTATIONS_ENABLED=false (the public-api-mutations capability off)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter, { env: { PUBLIC_API_MUTATIONS_ENABLED: 'false' } });
    });
    after(async () => server.close());

    it('answers a saved-filter create with 403 PUBLIC_API_MUTATIONS_DISABLED and writes nothing', async () => {
      const res = await server.request().post('/api/v1/public/saved-filters').set(keyOf(server)).send({ name: 'Errors', filters: [] });
      expectProblem(res, 403, 'PUBLIC_API_MUTATIONS_DISABLED');
      expect(await server.runtime.database.knex('saved_filters').select('id')).to.deep.equal([]);
    });

    it('answers a profile PATCH with 403 PUBLIC_API_MUTATIONS_DISABLED and changes nothing', async () => {
      const token = await server.oauthToken(server.tenant.user.id, ['profile:read', 'profile:write']);
      const patch = await server.request().patch('/api/v1/public/account/profile').set('authorization', `Bearer ${token}`).send({ name: 'Renamed' });
      expectProblem(patch, 403, 'PUBLIC_API_MUTATIONS_DISABLED');
      const profile = expectEnvelope<{ name: string }>(await server.request().get('/api/v1/public/account/profile').set('authorization', `Bearer ${token}`));
      expect(profile.name).to.equal('Alpha User');
    });

    it('still ingests traces: ingestion is the data plane, not a mutation of the public API', async () => {
      expect(await ingest(server, { trace_id: 'still-works', name: 'run', spans: [span('s')] })).to.equal('still-works');
      const batch = await server.request().post('/api/v1/public/traces/batch').set(keyOf(server)).send({ traces: [{ trace_id: 'batch-1', name: 'run', spans: [span('s')] }] });
      expectEnvelope(batch, 201);
      expect((await server.runtime.database.knex('traces').select('id').orderBy('id')).map((r) => r.id)).to.deep.equal(['batch-1', 'still-works']);
    });
  });
});
