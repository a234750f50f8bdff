import { expect } from 'chai';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { forEachAdapter } from '../support/adapters.js';
import { startListeningServer, type ListeningServer } from './cli-harness.js';

forEachAdapter((adapter) => {
  describe('tracewell projects / api-keys / members / invitations / audit / traces export+import', function () {
    this.timeout(60_000);
    let listening: ListeningServer;
    before(async () => {
      listening = await startListeningServer(adapter);
    });
    after(async () => listening.close());

    const orgKey = () => ({ TRACEWELL_API_KEY: listening.server.tenant.orgApiKey, TRACEWELL_PROJECT_ID: listening.server.tenant.project.id });

    it('projects: create, list, rename, retention, delete (refused without --yes off a terminal)', async () => {
      const created = await listening.cli(['projects', 'create', 'CLI Project', '--json'], { env: orgKey() });
      expect(created.code, created.stderr).to.equal(0);
      const project = JSON.parse(created.stdout) as { id: string; name: string };
      expect(project.name).to.equal('CLI Project');
      const env = { TRACEWELL_API_KEY: listening.server.tenant.orgApiKey, TRACEWELL_PROJECT_ID: project.id };

      const listed = await listening.cli(['projects', 'list'], { env });
      expect(listed.stdout).to.match(/CLI Project\s+Alpha Org\s+unlimited/);
      const renamed = await listening.cli(['projects', 'rename', 'Renamed', '--json'], { env });
      expect(JSON.parse(renamed.stdout)).to.include({ id: project.id, name: 'Renamed' });
      const retained = await listening.cli(['projects', 'retention', '30', '--json'], { env });
      expect(JSON.parse(retained.stdout)).to.include({ retentionDays: 30 });
      const badRetention = await listening.cli(['projects', 'retention', '0'], { env });
      expect(badRetention.code).to.equal(2);

      const refused = await listening.cli(['projects', 'delete', project.id], { env });
      expect(refused.code).to.equal(2);
      expect(refused.stderr).to.contain('--yes');
      const deleted = await listening.cli(['projects', 'delete', project.id, '--yes'], { env });
      expect(deleted.code, deleted.stderr).to.equal(0);
      expect(deleted.stdout).to.equal(`Deleted project ${project.id}; its data is purged in the background.\n`);
    });

    it("projects experiment-alpha sets the project's alpha, and refuses one out of (0, 0.5] before any request", async () => {
      const env = orgKey();
      const set = await listening.cli(['projects', 'experiment-alpha', '0.01', '--json'], { env });
      expect(set.code, set.stderr).to.equal(0);
      expect(JSON.parse(set.stdout)).to.include({ id: listening.server.tenant.project.id, experimentAlpha: 0.01 });
      for (const bad of ['0', '0.6', 'abc', '-0.1']) {
        const refused = await listening.cli(['projects', 'experiment-alpha', bad], { env });
        expect(refused.code, bad).to.equal(2);
        expect(refused.stderr).to.contain(`alpha must be above 0 and at most 0.5; got ${bad}`);
      }
      const back = await listening.cli(['projects', 'experiment-alpha', '.05', '--json'], { env });
      expect(JSON.parse(back.stdout)).to.include({ experimentAlpha: 0.05 });
    });

    it('api-keys: create prints the key once on stdout, list never shows it, revoke ends it; audit lists both', async () => {
      const created = await listening.cli(['api-keys', 'create', '--name', 'from cli', '--read-only'], { env: orgKey() });
      expect(created.code, created.stderr).to.equal(0);
      const key = created.stdout.trim();
      expect(key).to.match(/^tw_pk_/);
      expect(created.stderr).to.contain('shown only this once');
      const works = await listening.cli(['traces', 'list', '--json'], { env: { TRACEWELL_API_KEY: key } });
      expect(works.code, works.stderr).to.equal(0);

      const list = await listening.cli(['api-keys', 'list', '--json'], { env: orgKey() });
      expect(list.stdout).to.not.contain(key);
      const row = (JSON.parse(list.stdout).items as { id: string; name: string; readOnly: boolean }[]).find((k) => k.name === 'from cli')!;
      expect(row.readOnly).to.equal(true);
      const revoked = await listening.cli(['api-keys', 'revoke', row.id, '--json'], { env: orgKey() });
      expect(JSON.parse(revoked.stdout).revokedAt).to.be.a('string');
      listening.server.clock.advance(listening.server.config.credentialCacheMs + 1); // past this process's key cache
      const refused = await listening.cli(['traces', 'list'], { env: { TRACEWELL_API_KEY: key } });
      expect(refused.code).to.equal(1);

      const audit = await listening.cli(['audit', 'list', '--target', row.id, '--json'], { env: orgKey() });
      expect((JSON.parse(audit.stdout).items as { action: string }[]).map((e) => e.action)).to.have.members(['api_key.revoked', 'api_key.created']);
    });

    it('members and invitations: invite prints the link; list shows roles', async () => {
      const invited = await listening.cli(['invitations', 'create', 'cli-invitee@example.com', '--role', 'viewer'], { env: orgKey() });
      expect(invited.code, invited.stderr).to.equal(0);
      expect(invited.stdout.trim()).to.match(/\/account\/invitation\?token=tw_iv_/);
      // No SMTP_URL on this server: the link is the inviter's to pass on.
      expect(invited.stderr).to.match(/Invited cli-invitee@example\.com as viewer; pass the link on; it is valid until \S+\./);
      const open = await listening.cli(['invitations', 'list'], { env: orgKey() });
      expect(open.stdout).to.contain('cli-invitee@example.com');
      const members = await listening.cli(['members', 'list'], { env: orgKey() });
      expect(members.stdout).to.contain(listening.server.tenant.user.email);
      expect(members.stdout).to.match(/owner\s+-\s+admin/);
    });

    it('traces export > file.jsonl, then traces import --file into another project reproduces the traces', async () => {
      const { server } = listening;
      const traces = Array.from({ length: 30 }, (_, i) => ({
        trace_id: `cli-${i}`,
        name: `cli trace ${i}`,
        metadata: { framework: 'cli' },
        spans: [{ span_id: 's', name: 'step', span_type: 'TOOL', status: 'success', latency_ms: i, start_time: new Date(Date.UTC(2026, 9, 1, 0, 0, i)).toISOString() }],
      }));
      await server.request().post('/api/v1/public/traces/batch').set('x-api-key', server.tenant.apiKey).send({ traces }).expect(201);
      const exported = await listening.cli(['traces', 'export', '--framework', 'cli'], { env: { TRACEWELL_API_KEY: server.tenant.apiKey } });
      expect(exported.code, exported.stderr).to.equal(0);
      const lines = exported.stdout.trimEnd().split('\n');
      expect(lines).to.have.length(30);
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'tracewell-export-cli-')), 'traces.jsonl');
      writeFileSync(file, exported.stdout);

      const imported = await listening.cli(['traces', 'import', '--file', file, '--batch-bytes', '2048'], { env: { TRACEWELL_API_KEY: server.other.apiKey } });
      expect(imported.code, imported.stderr).to.equal(0);
      expect(imported.stdout).to.equal('Imported 30 traces.\n');
      const again = await listening.cli(['traces', 'export'], { env: { TRACEWELL_API_KEY: server.other.apiKey } });
      expect(again.stdout).to.equal(exported.stdout);
    });
  });
});
