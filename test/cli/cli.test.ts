import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { REQUEST_ID } from '../support/problem.js';
import { startListeningServer, type ListeningServer } from './cli-harness.js';

forEachAdapter((adapter) => {
  describe('tracewell (process, configuration and errors)', function (this: Mocha.Suite) {
    this.timeout(60_000); // each case spawns CLI processes; a loaded 2-core machine makes them slow
    let listening: ListeningServer;
    before(async () => {
      listening = await startListeningServer(adapter);
    });
    after(async () => listening.close());

    it('whoami shows the credential kind, project and scopes of an API key', async () => {
      const { tenant } = listening.server;
      const result = await listening.cli(['whoami'], { env: { TRACEWELL_API_KEY: tenant.apiKey } });
      expect(result.stderr).to.equal('');
      expect(result.code).to.equal(0);
      expect(result.stdout).to.equal(
        [
          `Server:      ${listening.baseUrl}`,
          'Credential:  public API key',
          `Project:     Alpha Project (${tenant.project.id})`,
          `Organization: Alpha Org (${tenant.organization.id})`,
          'Scopes:      (API keys carry no scopes)',
          '',
        ].join('\n'),
      );
    });

    it('whoami --json embeds exactly the API data of GET /project; --api-key and --project flags select it', async () => {
      const { tenant } = listening.server;
      const project = (await listening.server.request().get('/api/v1/public/project').set('x-api-key', tenant.apiKey)).body.data;
      const result = await listening.cli(['whoami', '--json', '--api-key', tenant.orgApiKey, '--project', tenant.project.id]);
      expect(result.code).to.equal(0);
      expect(JSON.parse(result.stdout)).to.deep.equal({ baseUrl: listening.baseUrl, credential: 'api-key', scopes: null, project });
    });

    describe('whoami without a selected project', () => {
      /** The projects as GET /projects returns them to `headers`, in its order. */
      const reachable = async (headers: Record<string, string>) =>
        (await listening.server.request().get('/api/v1/public/projects').set(headers)).body.data.projects as { id: string; name: string; organizationId: string; organizationName: string }[];
      const table = (projects: { id: string; name: string; organizationId: string; organizationName: string }[]) => {
        const rows = [['ID', 'NAME', 'ORGANIZATION'], ...projects.map((p) => [p.id, p.name, `${p.organizationName} (${p.organizationId})`])];
        const widths = [0, 1].map((i) => Math.max(...rows.map((row) => row[i].length)));
        return rows.map(([id, name, organization]) => `${id.padEnd(widths[0])}  ${name.padEnd(widths[1])}  ${organization}`);
      };

      it('an organization key lists the projects it reaches with ids, names and organizations, says how to select one, and exits 0', async () => {
        const gamma = await listening.server.seedTenant('Gamma');
        await listening.server.runtime.services.provisioning.createProject(gamma.organization.id, 'Gamma Second');
        const projects = await reachable({ 'x-api-key': gamma.orgApiKey });
        expect(projects.map((p) => p.name)).to.have.members(['Gamma Project', 'Gamma Second']);
        const result = await listening.cli(['whoami'], { env: { TRACEWELL_API_KEY: gamma.orgApiKey } });
        expect(result.stderr).to.equal('');
        expect(result.code).to.equal(0);
        expect(result.stdout).to.equal(
          [
            `Server:      ${listening.baseUrl}`,
            'Credential:  public API key',
            'Project:     (none selected)',
            'Scopes:      (API keys carry no scopes)',
            '',
            'Projects this credential reaches:',
            ...table(projects),
            'Select one with --project <id> (or TRACEWELL_PROJECT_ID=<id>).',
            '',
          ].join('\n'),
        );
      });

      it('--json: project null and projects exactly the API data of GET /projects', async () => {
        const { tenant } = listening.server;
        const projects = await reachable({ 'x-api-key': tenant.orgApiKey });
        const result = await listening.cli(['whoami', '--json', '--api-key', tenant.orgApiKey]);
        expect(result.code, result.stderr).to.equal(0);
        expect(JSON.parse(result.stdout)).to.deep.equal({ baseUrl: listening.baseUrl, credential: 'api-key', scopes: null, project: null, projects });
      });

      it('an OAuth token lists the projects of the user\'s organizations', async () => {
        const { tenant } = listening.server;
        const token = await listening.server.oauthToken(tenant.user.id, ['context:read', 'organization:read']);
        const projects = await reachable({ authorization: `Bearer ${token}` });
        expect(projects.map((p) => p.id)).to.include(tenant.project.id);
        const result = await listening.cli(['whoami', '--json', '--token', token]);
        expect(result.code, result.stderr).to.equal(0);
        expect(JSON.parse(result.stdout)).to.deep.equal({ baseUrl: listening.baseUrl, credential: 'oauth', scopes: null, project: null, projects });
      });

      it('an OAuth token without organization:read gets the hint to name a project, and exits 0', async () => {
        const token = await listening.server.oauthToken(listening.server.tenant.user.id, ['context:read']);
        const result = await listening.cli(['whoami', '--token', token]);
        expect(result.stderr).to.equal('');
        expect(result.code).to.equal(0);
        expect(result.stdout.split('\n').slice(2)).to.deep.equal([
          'Project:     (none selected)',
          'Scopes:      (not known to the CLI)',
          '',
          'This token cannot list projects (that needs organization:read); name one with --project <id> (or TRACEWELL_PROJECT_ID=<id>).',
          '',
        ]);
      });

      it('a service-account token (which cannot list projects) gets the hint to name its project, and exits 0', async () => {
        const { tenant } = listening.server;
        const admin = (method: 'post' | 'put', path: string) =>
          listening.server.request()[method](`/api/v1/public/service-accounts${path}`).set('x-api-key', tenant.orgApiKey).set('x-project-id', tenant.project.id);
        const account = (await admin('post', '').send({ name: 'whoami-ci' }).expect(201)).body.data as { id: string };
        await admin('put', `/${account.id}/binding`).send({ role: 'viewer' }).expect(200);
        const { token } = (await admin('post', `/${account.id}/tokens`).send({ scopes: ['context:read'] }).expect(201)).body.data as { token: string };

        const result = await listening.cli(['whoami', '--token', token]);
        expect(result.stderr).to.equal('');
        expect(result.code).to.equal(0);
        expect(result.stdout).to.equal(
          [
            `Server:      ${listening.baseUrl}`,
            'Credential:  service-account token',
            'Project:     (none selected)',
            'Scopes:      (not known to the CLI)',
            '',
            'A service-account token works in the projects its account is bound to; name one with --project <id> (or TRACEWELL_PROJECT_ID=<id>).',
            '',
          ].join('\n'),
        );
        const json = await listening.cli(['whoami', '--json', '--token', token]);
        expect(JSON.parse(json.stdout)).to.deep.equal({ baseUrl: listening.baseUrl, credential: 'service-account', scopes: null, project: null });

        const selected = await listening.cli(['whoami', '--json', '--token', token, '--project', tenant.project.id]);
        expect(selected.code, selected.stderr).to.equal(0);
        expect(JSON.parse(selected.stdout).project.id).to.equal(tenant.project.id);
      });
    });

    it('prints a Problem on stderr with title, detail and requestId, and exits 1', async () => {
      const result = await listening.cli(['whoami', '--api-key', 'tw_pk_not-a-key']);
      expect(result.code).to.equal(1);
      expect(result.stdout).to.equal('');
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines[0]).to.match(/^Error: .+ \(401 PUBLIC_API_INVALID_CREDENTIAL\)$/);
      expect(lines[1]).to.match(/^ {2}\S/);
      expect(lines.at(-1)).to.match(/^ {2}requestId: req_[0-9a-f]{32}$/);
      expect(lines.at(-1)!.split(': ')[1]).to.match(REQUEST_ID);
    });

    it('reports a 403 for another tenant\'s project the same way', async () => {
      const { tenant, other } = listening.server;
      const result = await listening.cli(['whoami', '--project', other.project.id], { env: { TRACEWELL_API_KEY: tenant.apiKey } });
      expect(result.code).to.equal(1);
      expect(result.stderr).to.match(/^Error: .+ \(403 PUBLIC_API_PROJECT_FORBIDDEN\)\n/);
    });

    it('fails with exit 1 and says how to sign in when there is no credential', async () => {
      const result = await listening.cli(['whoami']);
      expect(result.code).to.equal(1);
      expect(result.stderr).to.equal(
        `Error: No credential for ${listening.baseUrl}: run \`tracewell login\`, or pass --api-key (TRACEWELL_API_KEY) or --token (TRACEWELL_TOKEN).\n`,
      );
    });

    it('exits 2 for usage errors: --all without --max-items, unknown options, a bad base URL', async () => {
      const env = { TRACEWELL_API_KEY: listening.server.tenant.apiKey };
      const all = await listening.cli(['traces', 'list', '--all'], { env });
      expect(all.code).to.equal(2);
      expect(all.stdout).to.equal('');
      expect(all.stderr).to.contain('Usage error: --all needs --max-items N (1 to 1000)');
      const maxOnly = await listening.cli(['traces', 'list', '--max-items', '5'], { env });
      expect(maxOnly.code).to.equal(2);
      expect(maxOnly.stderr).to.contain('--max-items only applies together with --all');
      const unknown = await listening.cli(['traces', 'list', '--offset', '3'], { env });
      expect(unknown.code).to.equal(2);
      expect(unknown.stderr).to.contain("error: unknown option '--offset'");
      const badUrl = await listening.cli(['whoami', '--base-url', 'ftp://example.com'], { env });
      expect(badUrl.code).to.equal(2);
    });
  });
});
