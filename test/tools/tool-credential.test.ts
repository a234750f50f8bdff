import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startToolServer, type ToolServerFixture } from './tool-server.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const PING_CALL = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'ping', arguments: {} } });

/**
 * Issue #61 item 3: a request's credential is read, hashed and looked up once, at the tool server's
 * door, and each tools/call of the request is authorized as its operation on that same credential.
 * The key cache is off here (CREDENTIAL_CACHE_MS=0), so every resolution is a store look-up to count.
 */
forEachAdapter((adapter) => {
  describe('POST /mcp tools/call: the request’s credential', () => {
    let fixture: ToolServerFixture;
    let lookups: string[] = [];
    let restore: () => void;
    before(async () => {
      fixture = await startToolServer(adapter, { env: { CREDENTIAL_CACHE_MS: '0' } });
      const apiKeys = fixture.server.runtime.store.apiKeys;
      const findByHash = apiKeys.findByHash.bind(apiKeys);
      apiKeys.findByHash = async (hash: string) => {
        lookups.push(hash);
        return findByHash(hash);
      };
      restore = () => {
        apiKeys.findByHash = findByHash;
      };
    });
    after(async () => {
      restore();
      await fixture.close();
    });

    const post = (body: unknown, headers: Record<string, string>) =>
      fixture
        .http()
        .post('/mcp')
        .set({ 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers })
        .send(JSON.stringify(body));

    async function openSession(apiKey: string): Promise<Record<string, string>> {
      const res = await post(INITIALIZE, { 'x-api-key': apiKey });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      return { 'x-api-key': apiKey, 'mcp-session-id': res.headers['mcp-session-id'] as string };
    }

    it('looks the key up once for a tools/call: the door and the call’s operation share it', async () => {
      const headers = await openSession(fixture.server.tenant.apiKey);
      lookups = [];
      const res = await post(PING_CALL(1), headers);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.result.structuredContent).to.deep.equal({ status: 'ok', server_time: '2026-11-01T12:00:00.000Z' });
      expect(lookups).to.have.length(1);
    });

    it('looks the key up once for a batch of three calls, each authorized as its operation', async () => {
      const headers = await openSession(fixture.server.tenant.apiKey);
      lookups = [];
      const res = await post([PING_CALL(1), PING_CALL(2), { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'whoami', arguments: {} } }], headers);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect((res.body as { id: number; result: { isError?: boolean } }[]).map((answer) => [answer.id, answer.result.isError ?? false])).to.deep.equal([
        [1, false],
        [2, false],
        [3, false],
      ]);
      expect(lookups).to.have.length(1);
    });

    it('refuses the next request of a session once its key is revoked (no cache: at once), with 401 and nothing run', async () => {
      const { provisioning } = fixture.server.runtime.services;
      const { tenant } = fixture.server;
      const issued = await provisioning.issueApiKey({ organizationId: tenant.organization.id, projectId: tenant.project.id, name: 'revoked-in-session', createdByUserId: tenant.user.id });
      const headers = await openSession(issued.key);
      expect((await post(PING_CALL(1), headers)).status).to.equal(200);
      expect(await fixture.server.runtime.store.apiKeys.revoke(issued.record.id, fixture.server.clock.now())).to.equal(true);
      const res = await post(PING_CALL(2), headers);
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.include({ jsonrpc: '2.0', id: 2 });
      expect(res.body.error.data).to.include({ status: 401, code: 'PUBLIC_API_INVALID_CREDENTIAL' });
    });
  });
});
