import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { ingest, sampleTrace } from './fixtures.js';

forEachAdapter((adapter) => {
  describe('trace storage keys', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    const count = async (table: string, projectId: string): Promise<number> => {
      const row = await server.runtime.database.knex(table).where({ project_id: projectId }).count<{ n: number }[]>({ n: '*' }).first();
      return Number(row?.n ?? 0);
    };

    // SQLite's FTS5 table is a virtual table without keys: its documents of a deleted project stay
    // behind, unreachable (search joins traces of the project). PostgreSQL's cascade removes them.
    it('removes a project’s traces and spans (and on PostgreSQL its search documents) with the project', async () => {
      const tenant = await server.seedTenant('Doomed');
      await ingest(server, tenant, sampleTrace({ trace_id: 'to-go-1' }), sampleTrace({ trace_id: 'to-go-2' }));
      expect(await count('spans', tenant.project.id)).to.be.greaterThan(0);
      if (adapter === 'postgres') expect(await count('trace_search', tenant.project.id)).to.equal(2);

      await server.runtime.database.knex('projects').where({ id: tenant.project.id }).delete();

      expect(await count('traces', tenant.project.id)).to.equal(0);
      expect(await count('spans', tenant.project.id)).to.equal(0);
      if (adapter === 'postgres') expect(await count('trace_search', tenant.project.id)).to.equal(0);
    });
  });
});
