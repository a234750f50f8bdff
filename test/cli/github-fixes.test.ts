import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { GitHubStandIn } from '../integrations/github-stand-in.js';
import { startListeningServer, type ListeningServer } from './cli-harness.js';

forEachAdapter((adapter) => {
  describe('tracewell github and tracewell fixes', function (this: Mocha.Suite) {
    this.timeout(120_000); // each case spawns CLI processes
    let listening: ListeningServer;
    let github: GitHubStandIn;
    let admin: Record<string, string>;
    let agent: Record<string, string>;
    const projectId = () => listening.server.tenant.project.id;
    const openFix = async (title: string) => {
      const { services } = listening.server.runtime;
      const fix = await services.fixes.create(projectId(), { title, severity: 'high' }, 'user:seed');
      await services.fixes.accept(projectId(), fix.id, 'user:seed');
      return fix.id;
    };

    before(async () => {
      github = new GitHubStandIn();
      await github.start();
      listening = await startListeningServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*', GITHUB_API_URL: github.url } });
      await listening.server.runtime.services.notifications.updateSettings(projectId(), { dispatchApprovalRequired: false });
      const token = await listening.server.oauthToken(listening.server.tenant.user.id, ['configuration:read', 'configuration:write']);
      admin = { TRACEWELL_TOKEN: token, TRACEWELL_PROJECT_ID: projectId() };
      agent = { TRACEWELL_API_KEY: listening.server.tenant.apiKey };
    });
    after(async () => {
      await listening.close();
      await github.close();
    });

    it('github set reads the token from GITHUB_TOKEN, prints the secret once; show never prints the token', async () => {
      const set = await listening.cli(['github', 'set', '--repo', 'acme/agent-app', '--labels', 'tracewell,bug', '--json'], { env: { ...admin, GITHUB_TOKEN: 'ghp_cli_token' } });
      expect(set.code, set.stderr).to.equal(0);
      const target = JSON.parse(set.stdout) as Record<string, unknown>;
      expect(target).to.include({ repository: 'acme/agent-app', tokenConfigured: true });
      expect(target.webhookSecret).to.match(/^ghws_/);
      const show = await listening.cli(['github', 'show', '--json'], { env: admin });
      expect(show.code, show.stderr).to.equal(0);
      expect(JSON.parse(show.stdout)).to.include({ repository: 'acme/agent-app', webhookSecret: null });
      expect(show.stdout + set.stdout).not.to.contain('ghp_cli_token');
    });

    it('github set without GITHUB_TOKEN on a new project passes the 400 at /body/token through (exit 1)', async () => {
      await listening.server.runtime.store.github.deleteTarget(projectId());
      const set = await listening.cli(['github', 'set', '--repo', 'acme/agent-app'], { env: admin });
      expect(set.code).to.equal(1);
      expect(set.stderr).to.contain('/body/token');
      expect((await listening.cli(['github', 'set', '--repo', 'acme/agent-app'], { env: { ...admin, GITHUB_TOKEN: 'ghp_cli_token' } })).code).to.equal(0);
    });

    it('fixes dispatch --to github sends the fix; the issue appears on show-dispatch after the worker ran', async () => {
      const fixId = await openFix('CLI to GitHub');
      const sent = await listening.cli(['fixes', 'dispatch', fixId, '--to', 'github'], { env: agent });
      expect(sent.code, sent.stderr).to.equal(0);
      expect(sent.stdout).to.equal(`Fix ${fixId}: dispatch dispatched to github\n`);
      await listening.server.runtime.services.githubIssues.drain();
      const shown = await listening.cli(['fixes', 'show-dispatch', fixId, '--json'], { env: agent });
      expect(JSON.parse(shown.stdout).githubIssue).to.deep.equal({ number: 42, url: 'https://github.com/acme/agent-app/issues/42' });
    });

    it('works the agents’ queue: queue, claim, progress, done; a second claim exits 1 with the 409', async () => {
      const fixId = await openFix('CLI agent work');
      expect((await listening.cli(['fixes', 'dispatch', fixId, '--to', 'agent'], { env: agent })).code).to.equal(0);
      const queue = await listening.cli(['fixes', 'queue', '--json'], { env: agent });
      expect((JSON.parse(queue.stdout) as { id: string }[]).map((f) => f.id)).to.deep.equal([fixId]);
      const claimed = await listening.cli(['fixes', 'claim', fixId], { env: agent });
      expect(claimed.stdout).to.equal(`Fix ${fixId}: dispatch acknowledged to agent · claimed by user:${listening.server.tenant.user.id}\n`);
      const again = await listening.cli(['fixes', 'claim', fixId], { env: agent });
      expect(again.code).to.equal(1);
      expect(again.stderr).to.contain('PUBLIC_API_DISPATCH_ALREADY_CLAIMED');
      const progress = await listening.cli(['fixes', 'progress', fixId, '--action', 'patched', '--finding', 'Capped retries.'], { env: agent });
      expect(progress.stdout).to.equal(`Recorded step patched on fix ${fixId}.\n`);
      const done = await listening.cli(['fixes', 'done', fixId, '--note', 'PR #12'], { env: agent });
      expect(done.code, done.stderr).to.equal(0);
      expect(done.stdout).to.contain('dispatch completed to agent');
      expect((await listening.server.runtime.store.fixes.findById(projectId(), fixId))!.status).to.equal('resolved');
    });
  });
});
