import { expect } from 'chai';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { forEachAdapter } from '../support/adapters.js';
import { startListeningServer, type ListeningServer } from './cli-harness.js';

const PASSWORD = 'correct horse battery';
const SCOPES = 'context:read observability:read offline_access';

interface StoredConfig {
  sessions: Record<string, { accessToken: string; refreshToken: string; expiresAt: number; scopes: string[]; clientId: string; projectId: string }>;
}

forEachAdapter((adapter) => {
  describe('tracewell login / whoami / logout (OAuth device flow)', function (this: Mocha.Suite) {
    this.timeout(90_000); // the device flow polls at the server's 5-second interval
    let listening: ListeningServer;
    const stored = (): StoredConfig => JSON.parse(readFileSync(listening.configFile, 'utf8')) as StoredConfig;
    const projectCall = (token: string) =>
      listening.server.request().get('/api/v1/public/project').set('authorization', `Bearer ${token}`).set('x-project-id', listening.server.tenant.project.id).set('host', new URL(listening.baseUrl).host);

    before(async () => {
      listening = await startListeningServer(adapter);
      await listening.server.runtime.services.identityProvisioning.setPassword(listening.server.tenant.user.id, PASSWORD);
    });
    after(async () => listening.close());

    it('prints the verification URL and user code, and stores the tokens 0600 once the code is approved through the API', async () => {
      const { server } = listening;
      const login = listening.startCli(['login', '--scopes', SCOPES, '--project', server.tenant.project.id]);
      const [, uri, userCode] = await login.stderrMatch(/open (\S+) and enter the code: ([A-Z]{4}-[A-Z]{4})\n/);
      expect(uri).to.equal(`${server.config.publicBaseUrl}/oauth/device`);
      const approval = await server.request().post('/oauth/device').send({ user_code: userCode, email: server.tenant.user.email, password: PASSWORD, decision: 'approve' });
      expect(approval.body).to.deep.equal({ status: 'approved' });

      const result = await login.done;
      expect(result.code, result.stderr).to.equal(0);
      expect(result.stdout).to.equal(`Logged in to ${listening.baseUrl} (project ${server.tenant.project.id}). Scopes: ${SCOPES}\n`);
      expect(statSync(listening.configFile).mode & 0o777).to.equal(0o600);
      const session = stored().sessions[listening.baseUrl];
      expect(session).to.include({ clientId: 'tracewell-cli', projectId: server.tenant.project.id });
      expect(session.scopes).to.deep.equal(SCOPES.split(' '));
      expect(session.accessToken).to.match(/^tw_at_/);
      expect(session.refreshToken).to.match(/^tw_rt_/);
    });

    it('whoami uses the stored login: OAuth credential, its project and scopes', async () => {
      const result = await listening.cli(['whoami', '--json']);
      expect(result.code, result.stderr).to.equal(0);
      const identity = JSON.parse(result.stdout);
      expect(identity).to.include({ credential: 'oauth' });
      expect(identity.scopes).to.deep.equal(SCOPES.split(' '));
      expect(identity.project.id).to.equal(listening.server.tenant.project.id);
    });

    it('refreshes an expired access token before the request and stores the new tokens', async () => {
      const config = stored();
      const before = config.sessions[listening.baseUrl];
      config.sessions[listening.baseUrl] = { ...before, expiresAt: Date.now() - 1000 };
      writeFileSync(listening.configFile, JSON.stringify(config), { mode: 0o600 });
      const result = await listening.cli(['whoami']);
      expect(result.code, result.stderr).to.equal(0);
      const after = stored().sessions[listening.baseUrl];
      expect(after.accessToken).to.not.equal(before.accessToken);
      expect(after.refreshToken).to.not.equal(before.refreshToken);
      expect(after.expiresAt).to.be.greaterThan(Date.now());
      expect(statSync(listening.configFile).mode & 0o777).to.equal(0o600);
    });

    it('logout revokes the tokens and forgets them', async () => {
      const { accessToken } = stored().sessions[listening.baseUrl];
      expect((await projectCall(accessToken)).status).to.equal(200);
      const result = await listening.cli(['logout']);
      expect(result.code, result.stderr).to.equal(0);
      expect(result.stdout).to.equal(`Logged out of ${listening.baseUrl}.\n`);
      expect(existsSync(listening.configFile)).to.equal(false);
      expect((await projectCall(accessToken)).status).to.equal(401);
      const after = await listening.cli(['whoami']);
      expect(after.code).to.equal(1);
      expect(after.stderr).to.contain('No credential for');
    });
  });
});
