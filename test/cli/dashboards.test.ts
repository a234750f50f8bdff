import { expect } from 'chai';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

  describe('tracewell dashboards create|update|delete (createDashboard, updateDashboard, deleteDashboard)', function (this: Mocha.Suite) {
    this.timeout(180_000);
    let listening: ListeningServer;
    let env: Record<string, string>;
    let dir: string;
    const BASE = '/api/v1/public/dashboards';
    const apiGet = (p: string) => listening.server.request().get(p).set('x-api-key', listening.server.tenant.apiKey);
    const savedNames = async () => ((await apiGet(BASE)).body.data.dashboards as { name: string }[]).map((d) => d.name);
    const WIDGETS = [
      { type: 'line', title: 'Cost by tag', query: { measures: ['costSum'], time: { bucket: 'day' }, dimensions: [{ name: 'tag', top: 5 }] }, layout: { x: 0, y: 0, w: 6, h: 4 } },
      { type: 'number', title: 'Traces', query: { measures: ['traceCount'] }, layout: { x: 6, y: 0, w: 3, h: 2 } },
    ];

    before(async () => {
      listening = await startListeningServer(adapter);
      env = { TRACEWELL_API_KEY: listening.server.tenant.apiKey };
      dir = mkdtempSync(path.join(tmpdir(), 'tw-dash-'));
      writeFileSync(path.join(dir, 'widgets.json'), JSON.stringify(WIDGETS));
      writeFileSync(path.join(dir, 'too-many-values.json'), JSON.stringify([{ ...WIDGETS[0], query: { ...WIDGETS[0].query, dimensions: [{ name: 'tag', top: 51 }] } }]));
    });
    after(async () => listening.close());

    it('create --file saves the widgets and prints the dashboard as show does', async () => {
      const created = await listening.cli(['dashboards', 'create', '--name', 'Tags', '--description', 'by tag', '--file', path.join(dir, 'widgets.json')], { env });
      expect(created.code, created.stderr).to.equal(0);
      const id = /^Created dashboard ([0-9a-f-]{36})\.\n/.exec(created.stdout)?.[1];
      expect(created.stdout).to.equal(
        `Created dashboard ${id}.\nTags\nby tag\n\n` +
          'TYPE    TITLE        MEASURES    BY              POSITION\n' +
          'line    Cost by tag  costSum     day, tag top 5  0,0 6x4\n' +
          'number  Traces       traceCount  -               6,0 3x2\n',
      );
      expect((await apiGet(`${BASE}/${id}`)).body.data.widgets).to.deep.equal(WIDGETS);
    });

    it('create --file - reads `show --json` output from stdin; --json prints exactly the API data', async () => {
      listening.server.clock.advance(1000);
      const shown = { name: 'ignored', widgets: WIDGETS };
      const created = await listening.cli(['dashboards', 'create', '--name', 'From stdin', '--file', '-', '--json'], { env, input: JSON.stringify(shown) });
      expect(created.code, created.stderr).to.equal(0);
      const data = JSON.parse(created.stdout) as { id: string; name: string; description: string; widgets: unknown[] };
      expect(data).to.deep.equal((await apiGet(`${BASE}/${data.id}`)).body.data);
      expect([data.name, data.description, data.widgets]).to.deep.equal(['From stdin', '', WIDGETS]);
    });

    it('create --from default copies the built-in as "Copy of Overview", widgets and description included', async () => {
      listening.server.clock.advance(1000);
      const copied = await listening.cli(['dashboards', 'create', '--from', 'default', '--json'], { env });
      expect(copied.code, copied.stderr).to.equal(0);
      const data = JSON.parse(copied.stdout) as { name: string; description: string; builtIn: boolean; widgets: unknown[] };
      const builtIn = (await apiGet(`${BASE}/default`)).body.data;
      expect([data.name, data.description, data.builtIn, data.widgets]).to.deep.equal(['Copy of Overview', builtIn.description, false, builtIn.widgets]);
    });

    it('create --from a saved dashboard with --name keeps the given name', async () => {
      listening.server.clock.advance(1000);
      const source = ((await apiGet(BASE)).body.data.dashboards as { id: string; name: string }[]).find((d) => d.name === 'Tags')!;
      const copied = await listening.cli(['dashboards', 'create', '--from', source.id, '--name', 'Tags again', '--json'], { env });
      expect(copied.code, copied.stderr).to.equal(0);
      const data = JSON.parse(copied.stdout) as { name: string; description: string; widgets: unknown[] };
      expect([data.name, data.description, data.widgets]).to.deep.equal(['Tags again', 'by tag', WIDGETS]);
    });

    it('a refused widget prints the Problem with its field path, exits 1 and saves nothing', async () => {
      const before = await savedNames();
      const refused = await listening.cli(['dashboards', 'create', '--name', 'Bad', '--file', path.join(dir, 'too-many-values.json')], { env });
      expect(refused.code).to.equal(1);
      expect(refused.stdout).to.equal('');
      expect(refused.stderr).to.match(/^Error: .+ \(400 PUBLIC_API_VALIDATION_FAILED\)\n/);
      expect(refused.stderr).to.match(/\n {2}- \/body\/widgets\/0\/query\/dimensions\/0\/top: .+\n/);
      expect(await savedNames()).to.deep.equal(before);
    });

    it('usage errors exit 2 and send nothing: no name, --file with --from, a file that is not widgets', async () => {
      const before = await savedNames();
      const noName = await listening.cli(['dashboards', 'create'], { env });
      expect([noName.code, noName.stderr.split('\n')[0]]).to.deep.equal([2, 'Usage error: give the name with --name (or copy a dashboard with --from)']);
      const both = await listening.cli(['dashboards', 'create', '--name', 'x', '--from', 'default', '--file', path.join(dir, 'widgets.json')], { env });
      expect([both.code, both.stderr.split('\n')[0]]).to.deep.equal([2, 'Usage error: give --file or --from, not both']);
      const notWidgets = await listening.cli(['dashboards', 'create', '--name', 'x', '--file', '-'], { env, input: '{"name":"no widgets"}' });
      expect(notWidgets.code).to.equal(2);
      expect(notWidgets.stderr).to.contain('the widgets must be a JSON array of widgets');
      expect(await savedNames()).to.deep.equal(before);
    });

    it('update renames, changes the description and replaces the widgets; nothing to update exits 2', async () => {
      const id = ((await apiGet(BASE)).body.data.dashboards as { id: string; name: string }[]).find((d) => d.name === 'Tags')!.id;
      writeFileSync(path.join(dir, 'one.json'), JSON.stringify([WIDGETS[1]]));
      const updated = await listening.cli(['dashboards', 'update', id, '--name', 'Tag spend', '--description', '', '--file', path.join(dir, 'one.json')], { env });
      expect(updated.code, updated.stderr).to.equal(0);
      expect(updated.stdout).to.equal(`Updated dashboard ${id}.\nTag spend\n\nTYPE    TITLE   MEASURES    BY  POSITION\nnumber  Traces  traceCount  -   6,0 3x2\n`);
      const stored = (await apiGet(`${BASE}/${id}`)).body.data;
      expect([stored.name, stored.description, stored.widgets]).to.deep.equal(['Tag spend', '', [WIDGETS[1]]]);
      const nothing = await listening.cli(['dashboards', 'update', id], { env });
      expect([nothing.code, nothing.stderr.split('\n')[0]]).to.deep.equal([2, 'Usage error: give --name, --description or --file']);
    });

    it('update of the built-in exits 1 with 409 PUBLIC_API_DASHBOARD_BUILT_IN', async () => {
      const refused = await listening.cli(['dashboards', 'update', 'default', '--name', 'Mine'], { env });
      expect(refused.code).to.equal(1);
      expect(refused.stderr).to.match(/^Error: .+ \(409 PUBLIC_API_DASHBOARD_BUILT_IN\)\n/);
      expect((await apiGet(`${BASE}/default`)).body.data.name).to.equal('Overview');
    });

    it('delete refuses without --yes when stdin is not a terminal, and keeps the dashboard', async () => {
      const id = ((await apiGet(BASE)).body.data.dashboards as { id: string; name: string }[]).find((d) => d.name === 'From stdin')!.id;
      const refused = await listening.cli(['dashboards', 'delete', id], { env });
      expect(refused.code).to.equal(2);
      expect(refused.stderr).to.contain('refusing to delete without confirmation: pass --yes');
      expect((await apiGet(`${BASE}/${id}`)).status).to.equal(200);
    });

    it('delete --yes deletes (--json: the API data); again is 404; the built-in is 409', async () => {
      const id = ((await apiGet(BASE)).body.data.dashboards as { id: string; name: string }[]).find((d) => d.name === 'From stdin')!.id;
      const deleted = await listening.cli(['dashboards', 'delete', id, '--yes', '--json'], { env });
      expect(deleted.code, deleted.stderr).to.equal(0);
      expect(JSON.parse(deleted.stdout)).to.deep.equal({ id, deleted: true });
      expect((await apiGet(`${BASE}/${id}`)).status).to.equal(404);
      const again = await listening.cli(['dashboards', 'delete', id, '--yes'], { env });
      expect(again.code).to.equal(1);
      expect(again.stderr).to.match(/^Error: .+ \(404 PUBLIC_API_NOT_FOUND\)\n/);
      const builtIn = await listening.cli(['dashboards', 'delete', 'default', '--yes'], { env });
      expect(builtIn.code).to.equal(1);
      expect(builtIn.stderr).to.match(/^Error: .+ \(409 PUBLIC_API_DASHBOARD_BUILT_IN\)\n/);
      const plain = await listening.cli(['dashboards', 'delete', ((await apiGet(BASE)).body.data.dashboards as { id: string; name: string }[]).find((d) => d.name === 'Tags again')!.id, '--yes'], { env });
      expect([plain.code, plain.stdout.replace(/[0-9a-f-]{36}/, 'ID')]).to.deep.equal([0, 'Deleted dashboard ID.\n']);
    });
  });
});
