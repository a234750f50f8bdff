import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startFakeProvider, type FakeProvider } from '../support/fake-oidc-provider.js';
import { startListeningServer, type ListeningServer } from './cli-harness.js';

forEachAdapter((adapter) => {
  describe('tracewell sso', function (this: Mocha.Suite) {
    this.timeout(240_000); // each case spawns CLI processes; a loaded machine makes them slow
    let listening: ListeningServer;
    let idp: FakeProvider;
    let env: Record<string, string>;
    const domain = `cli${Date.now()}.example`;

    before(async () => {
      idp = await startFakeProvider();
      listening = await startListeningServer(adapter, { env: { SSO_ALLOWED_HOSTS: '127.0.0.1:*' } });
      const { server } = listening;
      env = { TRACEWELL_TOKEN: await server.oauthToken(server.tenant.user.id, ['access:read', 'access:write']), TRACEWELL_PROJECT_ID: server.tenant.project.id };
    });
    after(async () => {
      await listening.close();
      await idp.close();
    });

    it('show without a connection says how to create one', async () => {
      const result = await listening.cli(['sso', 'show'], { env });
      expect(result.code, result.stderr).to.equal(0);
      expect(result.stdout).to.equal('No single sign-on connection. Create one with `tracewell sso set`.\n');
    });

    it('creating needs the secret on stdin (usage error, exit 2, nothing sent)', async () => {
      const result = await listening.cli(['sso', 'set', '--issuer', idp.issuer, '--client-id', 'cli-client', '--domain', domain], { env });
      expect(result.code).to.equal(2);
      expect(result.stderr).to.include('creating a connection needs --client-secret-stdin');
    });

    it('set creates the connection (secret from stdin, never printed), set again changes only what it names, delete removes it', async () => {
      const created = await listening.cli(['sso', 'set', '--issuer', idp.issuer, '--client-id', 'cli-client', '--client-secret-stdin', '--domain', domain, '--default-role', 'viewer', '--group', 'Tracewell Admins=admin', '--json'], { env, input: 'the-secret\n' });
      expect(created.code, created.stderr).to.equal(0);
      const connection = JSON.parse(created.stdout) as Record<string, unknown>;
      expect(connection).to.deep.include({ issuer: idp.issuer, clientId: 'cli-client', allowedDomains: [domain], defaultRole: 'viewer', groupRoles: [{ group: 'Tracewell Admins', role: 'admin' }], requireSso: false });
      expect(created.stdout).to.not.include('the-secret');
      const stored = (await listening.server.runtime.store.sso.findById(connection.id as string))!;
      const changed = await listening.cli(['sso', 'set', '--require-sso', '--json'], { env });
      expect(changed.code, changed.stderr).to.equal(0);
      expect(JSON.parse(changed.stdout)).to.deep.include({ id: connection.id, clientId: 'cli-client', groupRoles: [{ group: 'Tracewell Admins', role: 'admin' }], requireSso: true });
      expect((await listening.server.runtime.store.sso.findById(connection.id as string))!.clientSecretSealed).to.equal(stored.clientSecretSealed);
      const removed = await listening.cli(['sso', 'delete', '--json'], { env });
      expect(removed.code, removed.stderr).to.equal(0);
      expect(await listening.server.runtime.store.sso.findById(connection.id as string)).to.equal(null);
    });
  });
});
