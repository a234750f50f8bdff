import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startListeningServer, type ListeningServer } from './cli-harness.js';

const BASE = '/api/v1/public/saved-filters';
const RULES = [{ id: 'r1', field: 'status', operator: 'is', value: 'error' }];

forEachAdapter((adapter) => {
  describe('tracewell saved-filters', function (this: Mocha.Suite) {
    this.timeout(60_000); // each case spawns CLI processes; a loaded 2-core machine makes them slow
    let listening: ListeningServer;
    let env: Record<string, string>;
    const apiGet = (path: string) => listening.server.request().get(path).set('x-api-key', listening.server.tenant.apiKey);

    before(async () => {
      listening = await startListeningServer(adapter);
      env = { TRACEWELL_API_KEY: listening.server.tenant.apiKey };
    });
    after(async () => listening.close());

    it('creates from --filters and from stdin; get --json prints exactly the API data', async () => {
      const created = await listening.cli(['saved-filters', 'create', '--name', 'errors', '--filters', JSON.stringify(RULES), '--json'], { env });
      expect(created.code, created.stderr).to.equal(0);
      const filter = JSON.parse(created.stdout) as { id: string; name: string };
      expect(filter.name).to.equal('errors');
      listening.server.clock.advance(1000); // distinct createdAt: the list order is then by time, not by random id

      const fromStdin = await listening.cli(['saved-filters', 'create', '--name', 'errors too', '--filters-file', '-', '--json'], { env, input: JSON.stringify(RULES) });
      expect(fromStdin.code, fromStdin.stderr).to.equal(0);

      const got = await listening.cli(['saved-filters', 'get', filter.id, '--json'], { env });
      expect(got.code, got.stderr).to.equal(0);
      expect(JSON.parse(got.stdout)).to.deep.equal((await apiGet(`${BASE}/${filter.id}`)).body.data);
    });

    it('lists with the shared engine: --all --max-items keeps the cursor, the cursor resumes', async () => {
      const first = await listening.cli(['saved-filters', 'list', '--all', '--max-items', '1', '--json'], { env });
      expect(first.code, first.stderr).to.equal(0);
      const page = JSON.parse(first.stdout) as { items: { name: string }[]; nextCursor: string };
      expect(page.items.map((f) => f.name)).to.deep.equal(['errors too']);
      const rest = await listening.cli(['saved-filters', 'list', '--cursor', page.nextCursor, '--json'], { env });
      expect(JSON.parse(rest.stdout)).to.deep.equal({ items: [(await apiGet(BASE)).body.data.savedFilters[1]], nextCursor: null });
    });

    it('updates the name; nothing to update is a usage error', async () => {
      const id = (await apiGet(BASE)).body.data.savedFilters[0].id as string;
      const updated = await listening.cli(['saved-filters', 'update', id, '--name', 'renamed', '--json'], { env });
      expect(updated.code, updated.stderr).to.equal(0);
      expect(JSON.parse(updated.stdout).name).to.equal('renamed');
      const nothing = await listening.cli(['saved-filters', 'update', id], { env });
      expect(nothing.code).to.equal(2);
      expect(nothing.stderr).to.contain('give --name, --filters or --filters-file');
    });

    it('refuses to delete without --yes when stdin is not a terminal, and keeps the filter', async () => {
      const id = (await apiGet(BASE)).body.data.savedFilters[0].id as string;
      const refused = await listening.cli(['saved-filters', 'delete', id], { env });
      expect(refused.code).to.equal(2);
      expect(refused.stderr).to.contain('refusing to delete without confirmation: pass --yes');
      expect((await apiGet(`${BASE}/${id}`)).status).to.equal(200);
    });

    it('deletes with --yes, sending the id as confirmation', async () => {
      const id = (await apiGet(BASE)).body.data.savedFilters[0].id as string;
      const deleted = await listening.cli(['saved-filters', 'delete', id, '--yes', '--json'], { env });
      expect(deleted.code, deleted.stderr).to.equal(0);
      expect(JSON.parse(deleted.stdout)).to.deep.equal({ id, deleted: true });
      expect((await apiGet(`${BASE}/${id}`)).status).to.equal(404);
      const again = await listening.cli(['saved-filters', 'delete', id, '--yes'], { env });
      expect(again.code).to.equal(1);
      expect(again.stderr).to.match(/^Error: .+ \(404 PUBLIC_API_NOT_FOUND\)\n/);
    });
  });
});
