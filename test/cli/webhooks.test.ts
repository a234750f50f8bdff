import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startListeningServer, type ListeningServer } from './cli-harness.js';

const KEY = '7d9c1e0a-4b3f-4c2d-9e8f-a1b2c3d4e5f6';

forEachAdapter((adapter) => {
  describe('tracewell webhooks', function (this: Mocha.Suite) {
    this.timeout(60_000); // each case spawns CLI processes; a loaded 2-core machine makes them slow
    let listening: ListeningServer;
    let env: Record<string, string>;

    before(async () => {
      listening = await startListeningServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      const { server } = listening;
      const token = await server.oauthToken(server.tenant.user.id, ['configuration:read', 'configuration:write']);
      env = { TRACEWELL_TOKEN: token, TRACEWELL_PROJECT_ID: server.tenant.project.id };
    });
    after(async () => listening.close());
    // Each case starts with no webhook and no idempotency record, so it runs alone and in any order.
    beforeEach(async () => {
      for (const table of ['webhook_delivery_attempts', 'webhook_deliveries', 'webhooks', 'idempotency_keys']) await listening.server.runtime.database.knex(table).delete();
    });

    const create = (extra: string[] = []) =>
      listening.cli(['webhooks', 'create', '--name', 'ops', '--url', 'http://127.0.0.1:9/hooks', '--events', 'alert.threshold_breach,alert.sla_breach_warning', '--json', ...extra], { env });
    /** The id of a webhook made by `create`; fails the case if the creation did. */
    const created = async (extra: string[] = []): Promise<string> => {
      const result = await create(extra);
      expect(result.code, result.stderr).to.equal(0);
      return (JSON.parse(result.stdout) as { id: string }).id;
    };

    it('creates a webhook; --json prints exactly the API data', async () => {
      const result = await create(['--idempotency-key', KEY]);
      expect(result.code, result.stderr).to.equal(0);
      const webhook = JSON.parse(result.stdout) as { id: string };
      const api = await listening.server.request().get(`/api/v1/public/webhooks/${webhook.id}`).set('authorization', `Bearer ${env.TRACEWELL_TOKEN}`).set('x-project-id', env.TRACEWELL_PROJECT_ID);
      expect(webhook).to.deep.equal(api.body.data);
      expect(webhook).to.include({ name: 'ops', enabled: true, destinationConfigured: true });
    });

    it('sending again with the same idempotency key replays the first creation instead of creating another', async () => {
      const webhookId = await created(['--idempotency-key', KEY]);
      const again = await create(['--idempotency-key', KEY]);
      expect(again.code, again.stderr).to.equal(0);
      expect(JSON.parse(again.stdout).id).to.equal(webhookId);
    });

    it('generates a fresh key per run, so a second run with the same name meets the name conflict', async () => {
      await created();
      const second = await create();
      expect(second.code).to.equal(1);
      expect(second.stderr).to.match(/^Error: .+ \(409 PUBLIC_API_WEBHOOK_CONFLICT\)\n/);
    });

    it('disables and enables a webhook', async () => {
      const webhookId = await created();
      const disabled = await listening.cli(['webhooks', 'disable', webhookId, '--json'], { env });
      expect(disabled.code, disabled.stderr).to.equal(0);
      expect(JSON.parse(disabled.stdout).enabled).to.equal(false);
      const enabled = await listening.cli(['webhooks', 'enable', webhookId], { env });
      expect(enabled.code, enabled.stderr).to.equal(0);
      expect(enabled.stdout).to.match(/^enabled:\s+true$/m);
    });

    it('lists webhooks as a table', async () => {
      const webhookId = await created();
      const result = await listening.cli(['webhooks', 'list'], { env });
      expect(result.code, result.stderr).to.equal(0);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines).to.have.length(2);
      expect(lines[0]).to.match(/^ID\s+NAME\s+ENABLED\s+EVENTS\s+CREATED$/);
      expect(lines[1]).to.match(new RegExp(`^${webhookId}\\s+ops\\s+true\\s+alert.threshold_breach,alert.sla_breach_warning\\s+\\S+Z$`));
    });
  });
});
