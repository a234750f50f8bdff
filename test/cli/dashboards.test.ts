import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startListeningServer, type ListeningServer } from './cli-harness.js';

forEachAdapter((adapter) => {
  describe('tracewell dashboards (listDashboards, getDashboard)', function (this: Mocha.Suite) {
    this.timeout(180_000);
    let listening: ListeningServer;
    let env: Record<string, string>;
    let savedId: string;

    before(async () => {
      listening = await startListeningServer(adapter);
      env = { TRACEWELL_API_KEY: listening.server.tenant.apiKey };
      const saved = await listening.server.runtime.services.dashboards.create(listening.server.tenant.project.id, {
        name: 'Spend',
        widgets: [{ type: 'bar', title: 'Cost by agent', query: { measures: ['costSum'], dimensions: [{ name: 'agent', top: 3 }] }, layout: { x: 0, y: 0, w: 12, h: 4 } }],
      });
      savedId = saved.id;
    });
    after(async () => listening.close());

    it('list prints the built-in default first, then the saved dashboards', async () => {
      const printed = await listening.cli(['dashboards', 'list'], { env });
      expect(printed.code, printed.stderr).to.equal(0);
      const id = savedId.padEnd(36);
      expect(printed.stdout).to.equal(
        `ID${' '.repeat(34)}  NAME      WIDGETS  BUILT-IN  UPDATED\n` +
          `${'default'.padEnd(36)}  Overview  11       yes       -\n` +
          `${id}  Spend     1        no        2026-11-01T12:00:00.000Z\n`,
      );
    });

    it('show prints a dashboard and its widgets; an unknown id exits 1 with the Problem', async () => {
      const printed = await listening.cli(['dashboards', 'show', savedId], { env });
      expect(printed.code, printed.stderr).to.equal(0);
      expect(printed.stdout).to.equal('Spend\n\nTYPE  TITLE          MEASURES  BY           POSITION\nbar   Cost by agent  costSum   agent top 3  0,0 12x4\n');
      const builtIn = await listening.cli(['dashboards', 'show', 'default'], { env });
      expect(builtIn.stdout.split('\n').slice(0, 2)).to.deep.equal(['Overview (built-in)', 'Traces, errors, latency, cost and tokens over time, cost by model and the top users.']);
      expect(builtIn.stdout).to.match(/\nline +Latency p50 \/ p95 \(ms\) +latencyP50, latencyP95 +hour +0,6 6x4\n/);
      const missing = await listening.cli(['dashboards', 'show', '00000000-0000-4000-8000-000000000000'], { env });
      expect(missing.code).to.equal(1);
      expect(missing.stderr).to.include('PUBLIC_API_NOT_FOUND');
    });
  });
});
