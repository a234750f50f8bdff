import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { drainDetections, ingest } from '../integration/support.js';
import { startListeningServer, type ListeningServer } from './cli-harness.js';

const failing = (id: string, seconds: number) => ({
  trace_id: id,
  name: 'support agent',
  spans: [{ span_id: 'cause', name: 'http_get', span_type: 'tool', status: 'error', error: `upstream timeout after ${seconds}s` }],
});

forEachAdapter((adapter) => {
  describe('tracewell clusters list | show | fix | split | merge', function (this: Mocha.Suite) {
    this.timeout(90_000); // each case spawns CLI processes
    let listening: ListeningServer;
    let env: Record<string, string>;
    let clusterId: string;

    before(async () => {
      listening = await startListeningServer(adapter);
      env = { TRACEWELL_API_KEY: listening.server.tenant.apiKey };
      await ingest(listening.server, failing('cli-1', 30));
      await ingest(listening.server, failing('cli-2', 5));
      await drainDetections(listening.server);
    });
    after(async () => listening.close());

    it('list prints id, count, last seen, a trend sparkline and the template', async () => {
      const listed = await listening.cli(['clusters', 'list', '--trend-days', '3'], { env });
      expect(listed.code, listed.stderr).to.equal(0);
      const [header, row] = listed.stdout.split('\n');
      expect(header).to.match(/^ID +COUNT +LAST SEEN +TREND +TEMPLATE$/);
      expect(row).to.match(/^[0-9a-f-]{36} +2 +2026-11-01T12:00:00.000Z +█ +tool http_get: upstream timeout after <NUM>$/);
      clusterId = row!.slice(0, 36);
      const bad = await listening.cli(['clusters', 'list', '--sort', 'size'], { env });
      expect(bad.code).to.equal(2);
    });

    it('show prints the cluster and its traces', async () => {
      const shown = await listening.cli(['clusters', 'show', clusterId, '--json'], { env });
      expect(shown.code, shown.stderr).to.equal(0);
      const data = JSON.parse(shown.stdout) as { cluster: { count: number }; traces: { traceId: string }[] };
      expect(data.cluster.count).to.equal(2);
      expect(data.traces.map((t) => t.traceId)).to.deep.equal(['cli-2', 'cli-1']);
      const text = await listening.cli(['clusters', 'show', clusterId], { env });
      expect(text.stdout).to.match(/TRACE +SEEN +NAME +SIGNATURE/);
      expect(text.stdout).to.contain('cli-2');
    });

    it('fix makes a draft fix with the traces linked; a bad severity is a usage error', async () => {
      const fixed = await listening.cli(['clusters', 'fix', clusterId, '--severity', 'high', '--json'], { env });
      expect(fixed.code, fixed.stderr).to.equal(0);
      const fix = JSON.parse(fixed.stdout) as { status: string; severity: string; linkedTraces: { traceId: string }[] };
      expect(fix).to.deep.include({ status: 'draft', severity: 'high' });
      expect(fix.linkedTraces.map((t) => t.traceId).sort()).to.deep.equal(['cli-1', 'cli-2']);
      const wrong = await listening.cli(['clusters', 'fix', clusterId, '--severity', 'urgent'], { env });
      expect(wrong.code).to.equal(2);
      expect(wrong.stderr).to.contain('--severity must be one of critical, high, medium, low; got urgent');
    });

    it('split moves the named traces into a new cluster; merge --into moves them back; a stranger is an error naming the trace', async () => {
      const split = await listening.cli(['clusters', 'split', clusterId, 'cli-2', '--json'], { env });
      expect(split.code, split.stderr).to.equal(0);
      const created = JSON.parse(split.stdout) as { id: string; count: number; exampleTraceIds: string[] };
      expect(created).to.deep.include({ count: 1, exampleTraceIds: ['cli-2'] });
      const merged = await listening.cli(['clusters', 'merge', created.id, '--into', clusterId, '--json'], { env });
      expect(merged.code, merged.stderr).to.equal(0);
      expect(JSON.parse(merged.stdout)).to.deep.include({ id: clusterId, count: 2 });
      const stranger = await listening.cli(['clusters', 'split', clusterId, 'nobody'], { env });
      expect(stranger.code).to.not.equal(0);
      expect(stranger.stderr).to.contain('/body/traceIds/0');
    });
  });
});
