import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { slackProblems, StandIn } from '../channels/stand-ins.js';
import { startListeningServer, type ListeningServer } from './cli-harness.js';

forEachAdapter((adapter) => {
  describe('tracewell channels', function (this: Mocha.Suite) {
    this.timeout(60_000); // each case spawns CLI processes
    let listening: ListeningServer;
    let env: Record<string, string>;
    let slack: StandIn;

    before(async () => {
      slack = await new StandIn(slackProblems, 200).start();
      listening = await startListeningServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      const { server } = listening;
      const token = await server.oauthToken(server.tenant.user.id, ['configuration:read', 'configuration:write']);
      env = { TRACEWELL_TOKEN: token, TRACEWELL_PROJECT_ID: server.tenant.project.id, TRACEWELL_SLACK_WEBHOOK_URL: slack.url };
    });
    after(async () => {
      await listening.close();
      await slack.stop();
    });
    beforeEach(async () => {
      for (const table of ['channel_deliveries', 'channels']) await listening.server.runtime.database.knex(table).delete();
      slack.respondWith(200);
    });

    const created = async (): Promise<string> => {
      const result = await listening.cli(['channels', 'create', '--name', 'alerts', '--kind', 'slack', '--events', 'alert.threshold_breach', '--json'], { env });
      expect(result.code, result.stderr).to.equal(0);
      return (JSON.parse(result.stdout) as { id: string }).id;
    };

    it('creates a Slack channel with the URL from the environment and lists it', async () => {
      const id = await created();
      const list = await listening.cli(['channels', 'list'], { env });
      expect(list.code, list.stderr).to.equal(0);
      expect(list.stdout).to.match(new RegExp(`^ID +NAME +KIND +ENABLED +EVENTS\\n${id} +alerts +slack +true +alert.threshold_breach\\n$`));
    });

    it('test sends synchronously and prints the delivery; the log lists it', async () => {
      const id = await created();
      const test = await listening.cli(['channels', 'test', id, '--json'], { env });
      expect(test.code, test.stderr).to.equal(0);
      expect(JSON.parse(test.stdout)).to.include({ eventType: 'channel.test', status: 'succeeded', responseCode: 200 });
      const log = await listening.cli(['channels', 'deliveries', id], { env });
      expect(log.code, log.stderr).to.equal(0);
      expect(log.stdout.split('\n')[1]).to.match(/ channel\.test +succeeded +1 +200 +- +-$/);
    });

    it('exits 1 with the reason when the test message is refused', async () => {
      slack.respondWith(403);
      const id = await created();
      const test = await listening.cli(['channels', 'test', id], { env });
      expect(test.code).to.equal(1);
      expect(test.stderr).to.include('the test message was not delivered: HTTP 403');
    });
  });
});
