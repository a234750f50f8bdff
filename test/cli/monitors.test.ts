import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startListeningServer, type ListeningServer } from './cli-harness.js';

const BASE = '/api/v1/public/monitors';

forEachAdapter((adapter) => {
  describe('tracewell monitors', function (this: Mocha.Suite) {
    this.timeout(60_000); // each case spawns CLI processes
    let listening: ListeningServer;
    let env: Record<string, string>;
    const apiGet = (path: string) => listening.server.request().get(path).set('x-api-key', listening.server.tenant.apiKey);

    before(async () => {
      listening = await startListeningServer(adapter);
      env = { TRACEWELL_API_KEY: listening.server.tenant.apiKey };
    });
    after(async () => listening.close());

    it('creates from flags; get --json prints exactly the API data', async () => {
      const created = await listening.cli(
        ['monitors', 'create', '--name', 'errors', '--kind', 'threshold', '--metric', 'error_rate', '--window', '300', '--condition', '{"operator":"gt","threshold":0.2}', '--scope', '{"framework":"langchain"}', '--json'],
        { env },
      );
      expect(created.code, created.stderr).to.equal(0);
      const monitor = JSON.parse(created.stdout) as { id: string };
      expect(monitor).to.deep.include({ name: 'errors', kind: 'threshold', metric: 'error_rate', windowSeconds: 300, scope: { framework: 'langchain' } });
      const got = await listening.cli(['monitors', 'get', monitor.id, '--json'], { env });
      expect(JSON.parse(got.stdout)).to.deep.equal((await apiGet(`${BASE}/${monitor.id}`)).body.data);
    });

    it('passes the server’s validation errors through (exit 1) and refuses a missing --window (exit 2)', async () => {
      const invalid = await listening.cli(['monitors', 'create', '--name', 'bad', '--kind', 'threshold', '--metric', 'trace_count', '--window', '300', '--condition', '{"operator":"gt"}'], { env });
      expect(invalid.code).to.equal(1);
      expect(invalid.stderr).to.contain('/body/condition/threshold');
      const noWindow = await listening.cli(['monitors', 'create', '--name', 'bad', '--kind', 'ingestion_silence'], { env });
      expect(noWindow.code).to.equal(2);
      expect(noWindow.stderr).to.contain('--window');
    });

    it('mutes until a time and unmutes; lists monitors and incidents', async () => {
      const id = (await apiGet(BASE)).body.data.monitors[0].id as string;
      const muted = await listening.cli(['monitors', 'mute', id, '--until', '2026-11-02T08:00:00Z', '--json'], { env });
      expect(muted.code, muted.stderr).to.equal(0);
      expect(JSON.parse(muted.stdout).mutedUntil).to.equal('2026-11-02T08:00:00.000Z');
      const unmuted = await listening.cli(['monitors', 'unmute', id, '--json'], { env });
      expect(JSON.parse(unmuted.stdout).mutedUntil).to.equal(null);
      const list = await listening.cli(['monitors', 'list', '--json'], { env });
      expect(JSON.parse(list.stdout).items.map((m: { id: string }) => m.id)).to.deep.equal([id]);
      const incidents = await listening.cli(['monitors', 'incidents', '--monitor', id, '--status', 'alerting', '--json'], { env });
      expect(incidents.code, incidents.stderr).to.equal(0);
      expect(JSON.parse(incidents.stdout)).to.deep.equal({ items: [], nextCursor: null });
    });

    it('deletes with --yes', async () => {
      const id = (await apiGet(BASE)).body.data.monitors[0].id as string;
      const deleted = await listening.cli(['monitors', 'delete', id, '--yes'], { env });
      expect(deleted.code, deleted.stderr).to.equal(0);
      expect(deleted.stdout).to.equal(`Deleted monitor ${id}.\n`);
      expect((await apiGet(`${BASE}/${id}`)).status).to.equal(404);
    });
  });
});
