import { expect } from 'chai';
import type { Response } from 'supertest';
import { MAX_BATCH_MESSAGES } from '../../src/tools/protocol.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';

const initialize = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'abuse', version: '1' } },
});
const logTrace = (traceId: string, id?: number) => ({
  jsonrpc: '2.0',
  ...(id === undefined ? {} : { id }),
  method: 'tools/call',
  params: { name: 'log_trace', arguments: { trace_id: traceId, name: 'flood' } },
});

function expectRefusal(res: Response, status: number, rpcCode: number, code: string, id: string | number | null = null): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  expect(res.body.jsonrpc).to.equal('2.0');
  expect(res.body.id).to.equal(id);
  expect(res.body.error.code).to.equal(rpcCode);
  expect(res.body.error.data.code).to.equal(code);
}

/** Issue 15, item 2: the tool rate limit cannot be bypassed with notifications or batches. */
forEachAdapter((adapter) => {
  describe('the tool rate limit cannot be bypassed', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter, { env: { TOOL_RATE_LIMIT_PER_MINUTE: '3' } });
    });
    after(async () => server.close());
    // A fresh key per test: each starts with the whole budget.
    async function freshKey(): Promise<Record<string, string>> {
      const issued = await server.runtime.services.provisioning.issueApiKey({ organizationId: server.tenant.organization.id, projectId: server.tenant.project.id, name: 'abuse' });
      return { 'x-api-key': issued.key };
    }
    const post = (headers: Record<string, string>, body: unknown) =>
      server.request().post('/mcp').set({ ...headers, 'content-type': 'application/json' }).send(typeof body === 'string' ? body : JSON.stringify(body));
    async function session(headers: Record<string, string>, protocolVersion = '2025-03-26'): Promise<Record<string, string>> {
      const res = await post(headers, initialize(protocolVersion));
      expect(res.status).to.equal(200);
      return { ...headers, 'mcp-session-id': res.headers['mcp-session-id'] as string };
    }
    const stored = async (traceId: string) => server.runtime.store.traces.findById(server.tenant.project.id, traceId);

    describe('notifications', () => {
      it('refuses tools/call sent as a notification with 400 -32600 and runs nothing, before and after the budget is spent', async () => {
        const headers = await session(await freshKey());
        expectRefusal(await post(headers, logTrace('note-1')), 400, -32600, 'PUBLIC_API_NOTIFICATION_NOT_ALLOWED');
        for (let i = 0; i < 3; i++) await post(headers, { jsonrpc: '2.0', id: i + 1, method: 'ping' });
        for (let i = 0; i < 20; i++) expectRefusal(await post(headers, logTrace(`note-flood-${i}`)), 400, -32600, 'PUBLIC_API_NOTIFICATION_NOT_ALLOWED');
        expect(await stored('note-1')).to.equal(null);
        for (let i = 0; i < 20; i++) expect(await stored(`note-flood-${i}`)).to.equal(null);
      });

      it('refuses every method but notifications/* without an id, alone or in a batch, and runs no message of that batch', async () => {
        const headers = await session(await freshKey());
        for (const method of ['ping', 'tools/list', 'resources/list']) expectRefusal(await post(headers, { jsonrpc: '2.0', method }), 400, -32600, 'PUBLIC_API_NOTIFICATION_NOT_ALLOWED');
        const res = await post(headers, [logTrace('in-batch', 1), logTrace('note-in-batch')]);
        expectRefusal(res, 400, -32600, 'PUBLIC_API_NOTIFICATION_NOT_ALLOWED');
        expect(await stored('in-batch')).to.equal(null);
        expect(await stored('note-in-batch')).to.equal(null);
        expect((await post(headers, { jsonrpc: '2.0', method: 'notifications/initialized' })).status).to.equal(202);
      });
    });

    describe('batches', () => {
      it('counts every message of a batch, notifications included', async () => {
        const headers = await session(await freshKey()); // 1 of 3
        const batch = await post(headers, [{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', method: 'notifications/initialized' }]);
        expect(batch.status).to.equal(200);
        expect(batch.headers['ratelimit-remaining']).to.equal('0');
        expectRefusal(await post(headers, { jsonrpc: '2.0', id: 9, method: 'ping' }), 429, -32000, 'PUBLIC_API_RATE_LIMITED', 9);
      });

      it(`caps a batch at ${MAX_BATCH_MESSAGES} messages (400 -32600) and runs none of a larger one`, async () => {
        const headers = await session(await freshKey());
        const messages = Array.from({ length: MAX_BATCH_MESSAGES + 1 }, (_, i) => logTrace(`capped-${i}`, i + 1));
        const res = await post(headers, messages);
        expectRefusal(res, 400, -32600, 'PUBLIC_API_BATCH_TOO_LARGE');
        expect(res.body.error.data.error).to.equal(`A batch holds at most ${MAX_BATCH_MESSAGES} messages; this one holds ${MAX_BATCH_MESSAGES + 1}.`);
        expect(await stored('capped-0')).to.equal(null);
      });

      for (const version of ['2025-06-18', '2025-11-25']) {
        it(`refuses a batch in a session of MCP ${version}, which has no batches (400 -32600)`, async () => {
          const headers = await session(await freshKey(), version);
          const res = await post(headers, [logTrace('v-batch', 1)]);
          expectRefusal(res, 400, -32600, 'PUBLIC_API_BATCH_NOT_SUPPORTED');
          expect(await stored('v-batch')).to.equal(null);
        });
      }
    });

    describe('error replies carry the request id', () => {
      it('answers refusals of a single request with its id: credential, session, protocol version, rate limit', async () => {
        const key = await freshKey();
        const ping = (id: string | number) => ({ jsonrpc: '2.0', id, method: 'ping' });
        expectRefusal(await post({}, ping('no-credential')), 401, -32000, 'PUBLIC_API_UNAUTHENTICATED', 'no-credential');
        expectRefusal(await post(key, ping(11)), 400, -32000, 'PUBLIC_API_SESSION_REQUIRED', 11);
        expectRefusal(await post({ ...key, 'mcp-session-id': 'nope' }, ping(12)), 404, -32001, 'PUBLIC_API_SESSION_NOT_FOUND', 12);
        const headers = await session(key);
        expectRefusal(await post({ ...headers, 'mcp-protocol-version': '2023-01-01' }, ping(13)), 400, -32000, 'PUBLIC_API_UNSUPPORTED_PROTOCOL_VERSION', 13);
        await post(headers, ping(14));
        await post(headers, ping(15));
        expectRefusal(await post(headers, ping(16)), 429, -32000, 'PUBLIC_API_RATE_LIMITED', 16);
      });

      it('answers id null where no id could be read: malformed JSON, batches, a body that is no message (never a 500)', async () => {
        const headers = await session(await freshKey());
        expectRefusal(await post(headers, '{"jsonrpc":"2.0","id":5,'), 400, -32700, 'PUBLIC_API_MALFORMED_JSON', null);
        expectRefusal(await post(headers, []), 400, -32600, 'PUBLIC_API_INVALID_REQUEST', null);
        for (const body of ['null', '42', '"ping"']) expectRefusal(await post(headers, body), 400, -32600, 'PUBLIC_API_INVALID_REQUEST', null);
      });
    });
  });
});
