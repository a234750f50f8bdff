import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { hashToken, issueToken } from '../../src/auth/tokens.js';
import type { ProjectRole } from '../../src/auth/roles.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

type Json = Record<string, unknown>;

/** Opens a tool session with `headers` and returns a tools/call function answering the parsed result. */
async function toolSession(server: TestServer, headers: Record<string, string>) {
  const post = (body: unknown, extra: Record<string, string> = {}) =>
    server.request().post('/mcp').set({ ...headers, ...extra, 'content-type': 'application/json' }).send(JSON.stringify(body));
  const init = await post({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
  expect(init.status, JSON.stringify(init.body)).to.equal(200);
  const session = init.headers['mcp-session-id'] as string;
  return async (name: string, args: Json): Promise<{ isError: boolean; body: Json }> => {
    const res = await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, { 'mcp-session-id': session });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const result = res.body.result as { isError?: boolean; content: { text: string }[] };
    return { isError: result.isError === true, body: JSON.parse(result.content[0].text) as Json };
  };
}

forEachAdapter((adapter) => {
  describe('tool access follows the tool’s contract operation', () => {
    let server: TestServer;
    let fixId: string;
    const project = () => server.tenant.project.id;
    const WRITE_SCOPES = ['observability:read', 'observability:write'];

    before(async () => {
      server = await startTestServer(adapter);
    });
    beforeEach(async () => {
      fixId = (await server.runtime.services.fixes.create(project(), { title: 'A draft', severity: 'low' }, 'user:seed')).id;
    });
    after(async () => server.close());

    async function viewerOAuth(): Promise<Record<string, string>> {
      const viewer = await server.runtime.services.provisioning.createUser(`viewer-${randomUUID()}@example.com`, 'Viewer', [{ organizationId: server.tenant.organization.id, role: 'viewer' }]);
      return { authorization: `Bearer ${await server.oauthToken(viewer.id, WRITE_SCOPES)}`, 'x-project-id': project() };
    }

    async function boundServiceAccount(role: ProjectRole): Promise<Record<string, string>> {
      const { store } = server.runtime;
      const now = server.clock.now();
      const account = await store.serviceAccounts.create({ id: randomUUID(), organizationId: server.tenant.organization.id, name: `sa-${role}`, description: null, createdByUserId: null, createdAt: now, updatedAt: now });
      await store.serviceAccounts.upsertBinding({ serviceAccountId: account.id, projectId: project(), role, now });
      const token = issueToken('serviceAccount');
      await store.serviceAccounts.createToken({
        id: randomUUID(), serviceAccountId: account.id, tokenHash: hashToken(token), displayPrefix: token.slice(0, 10), scopes: WRITE_SCOPES, rotatedFromId: null,
        expiresAt: new Date(now.getTime() + 3_600_000), revokedAt: null, createdAt: now,
      });
      return { authorization: `Bearer ${token}`, 'x-project-id': project() };
    }

    const WRITES: [string, () => Json][] = [
      ['log_trace', () => ({ trace_id: 'viewer-trace', name: 'viewer trace' })],
      ['triage_accept', () => ({ fix_id: fixId })],
      ['triage_update', () => ({ fix_id: fixId, title: 'Renamed' })],
    ];

    for (const [who, headersOf] of [
      ['a viewer-role OAuth user', viewerOAuth],
      ['a service account bound as viewer', () => boundServiceAccount('viewer')],
    ] as const) {
      it(`refuses ${who} log_trace, triage_accept and triage_update with 403 PUBLIC_API_INSUFFICIENT_ROLE, as REST does, and changes nothing`, async () => {
        const headers = await headersOf();
        const call = await toolSession(server, headers);
        for (const [tool, args] of WRITES) {
          const { isError, body } = await call(tool, args());
          expect(isError, tool).to.equal(true);
          expect(body, tool).to.deep.equal({ status: 403, code: 'PUBLIC_API_INSUFFICIENT_ROLE', message: 'This operation needs the project role editor; the principal holds viewer.', retryable: false });
        }
        expectProblem(await server.request().post('/api/v1/public/traces').set(headers).send({ trace_id: 'viewer-trace', name: 'viewer trace' }), 403, 'PUBLIC_API_INSUFFICIENT_ROLE');
        expectProblem(await server.request().post(`/api/v1/public/fixes/${fixId}/accept`).set(headers), 403, 'PUBLIC_API_INSUFFICIENT_ROLE');
        expectProblem(await server.request().patch(`/api/v1/public/fixes/${fixId}`).set(headers).send({ title: 'Renamed' }), 403, 'PUBLIC_API_INSUFFICIENT_ROLE');
        const fix = await server.runtime.services.fixes.get(project(), fixId);
        expect(fix.fix).to.include({ status: 'draft', title: 'A draft' });
        expect(await server.runtime.store.traces.findById(project(), 'viewer-trace')).to.equal(null);
        // Reading stays allowed to a viewer.
        expect((await call('triage_get', { fix_id: fixId })).isError).to.equal(false);
      });
    }

    it('lets an editor-bound service account run the same tools', async () => {
      const call = await toolSession(server, await boundServiceAccount('editor'));
      expect((await call('triage_accept', { fix_id: fixId })).body).to.include({ id: fixId, status: 'open' });
      expect((await call('log_trace', { name: 'editor trace' })).body).to.include({ status: 'created', span_count: 0 });
    });
  });

  describe('PUBLIC_API_MUTATIONS_ENABLED=false and the tools', () => {
    let server: TestServer;
    let fixId: string;
    before(async () => {
      server = await startTestServer(adapter, { env: { PUBLIC_API_MUTATIONS_ENABLED: 'false' } });
      fixId = (await server.runtime.services.fixes.create(server.tenant.project.id, { title: 'A draft', severity: 'low' }, 'user:seed')).id;
    });
    after(async () => server.close());

    it('stops every triage tool that writes with 403 PUBLIC_API_MUTATIONS_DISABLED, as REST, and writes nothing', async () => {
      const call = await toolSession(server, { 'x-api-key': server.tenant.apiKey });
      const refused = {
        status: 403,
        code: 'PUBLIC_API_MUTATIONS_DISABLED',
        message: 'This deployment has the public-api-mutations capability turned off; nothing was changed.',
        retryable: false,
      };
      for (const [tool, args] of [
        ['triage_accept', { fix_id: fixId }],
        ['triage_dismiss', { fix_id: fixId, reason: 'no' }],
        ['triage_update_status', { fix_id: fixId, status: 'archived' }],
        ['triage_update', { fix_id: fixId, title: 'Renamed' }],
      ] as const) {
        expect(await call(tool, args), tool).to.deep.equal({ isError: true, body: refused });
      }
      expectProblem(await server.request().post(`/api/v1/public/fixes/${fixId}/accept`).set('x-api-key', server.tenant.apiKey), 403, 'PUBLIC_API_MUTATIONS_DISABLED');
      expect((await server.runtime.services.fixes.get(server.tenant.project.id, fixId)).fix).to.include({ status: 'draft', title: 'A draft' });
    });

    it('keeps log_trace working, as trace ingestion (the data plane) is exempt over REST too', async () => {
      const call = await toolSession(server, { 'x-api-key': server.tenant.apiKey });
      expect(await call('log_trace', { trace_id: 'still-ingesting', name: 'data plane' })).to.deep.include({ isError: false });
      expect(await call('triage_list', {})).to.deep.include({ isError: false });
    });
  });
});
