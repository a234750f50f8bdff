import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { spawnServer } from '../../scripts/bench/server-process.js';
import { eventually } from '../support/eventually.js';

const PATH = '/api/v1/public/api-keys';

interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  scope: string;
  projectId: string | null;
  readOnly: boolean;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
}

forEachAdapter((adapter) => {
  describe('API keys: create, list, revoke', function () {
    this.timeout(60_000);
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    const create = (body: unknown, key = server.tenant.orgApiKey) =>
      server.request().post(PATH).set('x-api-key', key).set('x-project-id', server.tenant.project.id).send(body as object);

    describe('POST /api/v1/public/api-keys', () => {
      it('creates a project key shown once, which then works, and records its creation in the audit log', async () => {
        const res = await create({ name: '  CI ingest  ' });
        const data = expectEnvelope<{ key: string; apiKey: ApiKey }>(res, 201);
        expect(data.key).to.match(/^tw_pk_[A-Za-z0-9_-]{43}$/);
        expect(data.apiKey).to.deep.equal({
          id: data.apiKey.id,
          name: 'CI ingest',
          prefix: data.key.slice(0, 10),
          scope: 'project',
          projectId: server.tenant.project.id,
          readOnly: false,
          createdAt: '2026-11-01T12:00:00.000Z',
          lastUsedAt: null,
          expiresAt: null,
          revokedAt: null,
        });
        const use = await server.request().get('/api/v1/public/project').set('x-api-key', data.key);
        expect(use.status).to.equal(200);
        const audit = await server.request().get('/api/v1/public/audit-events').query({ action: 'api_key.created', targetId: data.apiKey.id }).set('x-api-key', server.tenant.orgApiKey).set('x-project-id', server.tenant.project.id);
        const events = expectEnvelope<{ auditEvents: { actor: { kind: string }; requestId: string; details: Record<string, unknown> }[] }>(audit).auditEvents;
        expect(events).to.have.length(1);
        expect(events[0].actor.kind).to.equal('api_key');
        expect(events[0].requestId).to.equal(res.body.requestId);
        expect(events[0].details).to.deep.equal({ name: '  CI ingest  ', scope: 'project', readOnly: false });
      });

      it('creates an organization key with an organization key; a project key may not (403), and nothing is stored', async () => {
        const org = expectEnvelope<{ key: string; apiKey: ApiKey }>(await create({ name: 'org', scope: 'organization' }), 201);
        expect(org.apiKey).to.include({ scope: 'organization', projectId: null });
        const other = await server.seedTenant('Gamma');
        const selected = await server.request().get('/api/v1/public/project').set('x-api-key', org.key).set('x-project-id', server.tenant.project.id);
        expect(selected.status).to.equal(200);
        const foreign = await server.request().get('/api/v1/public/project').set('x-api-key', org.key).set('x-project-id', other.project.id);
        expectProblem(foreign, 403, 'PUBLIC_API_PROJECT_FORBIDDEN');

        const before = (await server.runtime.database.knex('api_keys').count<{ n: number }[]>({ n: '*' }))[0].n;
        expectProblem(await create({ name: 'escalate', scope: 'organization' }, server.tenant.apiKey), 403, 'PUBLIC_API_ORGANIZATION_ADMIN_REQUIRED');
        const after = (await server.runtime.database.knex('api_keys').count<{ n: number }[]>({ n: '*' }))[0].n;
        expect(Number(after)).to.equal(Number(before));
      });

      it('a read-only key reads but may not write (403 PUBLIC_API_READ_ONLY_CREDENTIAL), not even ingest; the tool server lets it in (its tools: test/tools/read-only-key.test.ts)', async () => {
        const { key } = expectEnvelope<{ key: string }>(await create({ name: 'reader', readOnly: true }), 201);
        expect((await server.request().get('/api/v1/public/traces').set('x-api-key', key)).status).to.equal(200);
        expectProblem(await server.request().post('/api/v1/public/traces').set('x-api-key', key).send({ name: 'x' }), 403, 'PUBLIC_API_READ_ONLY_CREDENTIAL');
        expectProblem(await server.request().post(PATH).set('x-api-key', key).send({ name: 'y' }), 403, 'PUBLIC_API_READ_ONLY_CREDENTIAL');
        const mcp = await server.request().post('/mcp').set('x-api-key', key).set('accept', 'application/json, text/event-stream').send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
        expect(mcp.status).to.equal(400);
        expect(mcp.body.error.data.code).to.equal('PUBLIC_API_SESSION_REQUIRED');
      });

      it('an expiring key works until its expiry, then is 401; an expiry in the past is 400 at /body/expiresAt', async () => {
        const { key } = expectEnvelope<{ key: string }>(await create({ name: 'short', expiresAt: '2026-11-01T13:00:00.000Z' }), 201);
        expect((await server.request().get('/api/v1/public/project').set('x-api-key', key)).status).to.equal(200);
        server.clock.advance(3_600_000);
        expectProblem(await server.request().get('/api/v1/public/project').set('x-api-key', key), 401, 'PUBLIC_API_INVALID_CREDENTIAL');
        const past = expectProblem(await create({ name: 'past', expiresAt: '2020-01-01T00:00:00Z' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(past.errors).to.deep.equal([{ code: 'minimum', message: 'must be in the future', path: '/body/expiresAt' }]);
        server.clock.set(new Date('2026-11-01T12:00:00.000Z'));
      });

      it('rejects a bad body with a field path', async () => {
        const res = await create({ name: 'x', scope: 'everything' });
        const problem = expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((problem.errors as { path: string }[]).map((e) => e.path)).to.include('/body/scope');
      });
    });

    describe('GET /api/v1/public/api-keys', () => {
      it('lists prefix, name, scope, times and last use — never the secret or its hash; a project key sees its project keys only', async () => {
        const orgView = expectEnvelope<{ apiKeys: ApiKey[]; page: { hasMore: boolean } }>(
          await server.request().get(PATH).query({ limit: 100 }).set('x-api-key', server.tenant.orgApiKey).set('x-project-id', server.tenant.project.id),
        );
        const body = JSON.stringify(orgView);
        expect(body).to.not.match(/tw_pk_[A-Za-z0-9_-]{20,}/);
        expect(body).to.not.contain('key_hash');
        expect(orgView.apiKeys.some((k) => k.scope === 'organization')).to.equal(true);
        const used = orgView.apiKeys.find((k) => k.name === 'org test')!;
        expect(used.lastUsedAt).to.be.a('string');

        const projectView = expectEnvelope<{ apiKeys: ApiKey[] }>(await server.request().get(PATH).query({ limit: 100 }).set('x-api-key', server.tenant.apiKey));
        expect(projectView.apiKeys.every((k) => k.projectId === server.tenant.project.id)).to.equal(true);
        expect(projectView.apiKeys.length).to.be.lessThan(orgView.apiKeys.length);
      });

      it('pages newest first with a cursor', async () => {
        const first = expectEnvelope<{ apiKeys: ApiKey[]; page: { hasMore: boolean; nextCursor: string } }>(
          await server.request().get(PATH).query({ limit: 2 }).set('x-api-key', server.tenant.orgApiKey).set('x-project-id', server.tenant.project.id),
        );
        expect(first.page.hasMore).to.equal(true);
        const second = expectEnvelope<{ apiKeys: ApiKey[] }>(
          await server.request().get(PATH).query({ limit: 2, cursor: first.page.nextCursor }).set('x-api-key', server.tenant.orgApiKey).set('x-project-id', server.tenant.project.id),
        );
        expect(second.apiKeys.map((k) => k.id)).to.not.include.members(first.apiKeys.map((k) => k.id));
      });
    });

    describe('DELETE /api/v1/public/api-keys/{apiKeyId}', () => {
      it('revokes: the key answers 401 at once on this process; revoking again returns it unchanged; another organization’s key is 404', async () => {
        const { key, apiKey } = expectEnvelope<{ key: string; apiKey: ApiKey }>(await create({ name: 'to revoke' }), 201);
        const revoked = expectEnvelope<ApiKey>(await server.request().delete(`${PATH}/${apiKey.id}`).set('x-api-key', server.tenant.apiKey));
        expect(revoked.revokedAt).to.equal('2026-11-01T12:00:00.000Z');
        expectProblem(await server.request().get('/api/v1/public/project').set('x-api-key', key), 401, 'PUBLIC_API_INVALID_CREDENTIAL');
        const again = expectEnvelope<ApiKey>(await server.request().delete(`${PATH}/${apiKey.id}`).set('x-api-key', server.tenant.apiKey));
        expect(again).to.deep.equal(revoked);
        expectProblem(await server.request().delete(`${PATH}/${apiKey.id}`).set('x-api-key', server.other.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
      });

      it('is seen by a second server process within CREDENTIAL_CACHE_MS', async function () {
        this.timeout(120_000);
        const { key, apiKey } = expectEnvelope<{ key: string; apiKey: ApiKey }>(await create({ name: 'shared' }), 201);
        const database = adapter === 'sqlite'
          ? { DATABASE_URL: `sqlite:${(server.runtime.database.knex.client.config.connection as { filename: string }).filename}` }
          : { DATABASE_URL: `${process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'}?options=${encodeURIComponent(`-c search_path=${(server.runtime.database.knex.client.config.searchPath as string[])[0]}`)}` };
        const second = await spawnServer({
          entry: 'src/main.ts',
          env: { ...database, DATA_DIR: server.config.dataDir, CREDENTIAL_CACHE_MS: '1500', DETECTION_WORKER_ENABLED: 'false', SERVER_SECRET: 'test-server-secret' },
          startTimeoutMs: 60_000,
        });
        try {
          const call = () => fetch(`${second.baseUrl}/api/v1/public/project`, { headers: { 'x-api-key': key } });
          expect((await call()).status).to.equal(200); // now cached on the second process
          await server.request().delete(`${PATH}/${apiKey.id}`).set('x-api-key', server.tenant.apiKey).expect(200);
          // The second process has its own clock: poll until its cache entry lapses (1.5 s). A cache
          // that never let go of a revoked key keeps answering 200 and fails here at the deadline.
          await eventually(async () => (await call()).status === 401, { timeoutMs: 15_000, intervalMs: 100, what: 'the revoked key refused by the second process' });
        } finally {
          await second.stop();
        }
      });
    });
  });
});
