import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';
import { countEveryTable } from './table-counts.js';

const SOME_ID = '0b5e7c1a-4f6d-4e8b-9a3c-2d1f0e9b8a7c';

forEachAdapter((adapter) => {
  describe('administration with PUBLIC_API_MUTATIONS_ENABLED=false', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter, { env: { PUBLIC_API_MUTATIONS_ENABLED: 'false' } });
      await server.runtime.services.traceIngestion.ingest(server.tenant.project.id, { trace_id: 'kept', name: 'kept', spans: [] });
    });
    after(async () => server.close());

    const calls: [string, string, object | undefined][] = [
      ['post', '/api/v1/public/projects', { name: 'New' }],
      ['patch', '/api/v1/public/project', { retentionDays: 1 }],
      ['delete', '/api/v1/public/project', undefined],
      ['post', '/api/v1/public/api-keys', { name: 'k' }],
      ['delete', `/api/v1/public/api-keys/${SOME_ID}`, undefined],
      ['patch', `/api/v1/public/members/${SOME_ID}`, { role: 'admin' }],
      ['delete', `/api/v1/public/members/${SOME_ID}`, undefined],
      ['post', '/api/v1/public/invitations', { email: 'a@example.com', role: 'viewer' }],
      ['delete', `/api/v1/public/invitations/${SOME_ID}`, undefined],
      ['delete', '/api/v1/public/traces/kept', undefined],
    ];

    it('answers every administrative mutation with 403 PUBLIC_API_MUTATIONS_DISABLED and changes no table', async () => {
      const before = await countEveryTable(server.runtime.database.knex, adapter);
      for (const [method, path, body] of calls) {
        let request = (server.request() as unknown as Record<string, (p: string) => ReturnType<ReturnType<TestServer['request']>['get']>>)[method](path)
          .set('x-api-key', server.tenant.orgApiKey)
          .set('x-project-id', server.tenant.project.id);
        if (method === 'delete' && path === '/api/v1/public/project') request = request.send({ confirmation: server.tenant.project.id });
        else if (body) request = request.send(body);
        expectProblem(await request, 403, 'PUBLIC_API_MUTATIONS_DISABLED');
      }
      expect(await countEveryTable(server.runtime.database.knex, adapter)).to.deep.equal(before);
    });

    it('still lists, reads the audit log and exports (reads are not mutations)', async () => {
      for (const path of ['/api/v1/public/projects', '/api/v1/public/api-keys', '/api/v1/public/members', '/api/v1/public/audit-events', '/api/v1/public/traces/export']) {
        const res = await server.request().get(path).set('x-api-key', server.tenant.orgApiKey).set('x-project-id', server.tenant.project.id);
        expect(res.status, path).to.equal(200);
      }
    });
  });
});
