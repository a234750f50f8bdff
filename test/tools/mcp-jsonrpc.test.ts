import { expect } from 'chai';
import type { Response } from 'supertest';
import { LATEST_PROTOCOL_VERSION } from '../../src/tools/protocol.js';
import { forEachAdapter } from '../support/adapters.js';
import { REQUEST_ID } from '../support/problem.js';
import { SERVED_TOOL_NAMES, startToolServer, type ToolServerFixture } from './tool-server.js';

const HOUR = 3_600_000;
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
/** A session on the last revision that has JSON-RPC batches (2025-06-18 removed them). */
const INITIALIZE_WITH_BATCHES = { ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: '2025-03-26' } };

/** Asserts a JSON-RPC error answered by the transport with `status`; returns `error.data`. */
function expectRejection(res: Response, status: number, rpcCode: number, code: string): Record<string, unknown> {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  expect(res.headers['content-type']).to.match(/^application\/json/);
  expect(res.body.jsonrpc).to.equal('2.0');
  expect(res.body.error.code).to.equal(rpcCode);
  expect(res.body.error.message).to.be.a('string');
  const data = res.body.error.data as Record<string, unknown>;
  expect(data.status).to.equal(status);
  expect(data.code).to.equal(code);
  expect(data.error).to.be.a('string').with.length.greaterThan(0);
  expect(data.request_id).to.equal(res.headers['x-request-id']).and.match(REQUEST_ID);
  return data;
}

forEachAdapter((adapter) => {
  describe('POST /mcp (raw JSON-RPC)', () => {
    let fixture: ToolServerFixture;
    let key: Record<string, string>;
    before(async () => {
      fixture = await startToolServer(adapter, { env: { TOOLS_DISABLED: 'explode' } });
      key = { 'x-api-key': fixture.server.tenant.apiKey };
    });
    after(async () => fixture.close());

    const post = (body: unknown, headers: Record<string, string> = {}) =>
      fixture
        .http()
        .post('/mcp')
        .set({ ...key, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers })
        .send(typeof body === 'string' ? body : JSON.stringify(body));

    const openSession = async (headers: Record<string, string> = {}, initialize: unknown = INITIALIZE): Promise<string> => {
      const res = await post(initialize, headers);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      return res.headers['mcp-session-id'] as string;
    };

    describe('initialize', () => {
      it('opens a session, echoes a supported protocol version and answers server info and capabilities', async () => {
        const res = await post(INITIALIZE);
        expect(res.status).to.equal(200);
        expect(res.headers['mcp-session-id']).to.match(/^[A-Za-z0-9_-]{32}$/);
        expect(res.headers['ratelimit-limit']).to.equal('60');
        expect(res.body).to.deep.equal({
          jsonrpc: '2.0',
          id: 0,
          result: {
            protocolVersion: '2025-06-18',
            capabilities: { tools: { listChanged: false }, resources: { listChanged: false, subscribe: false }, prompts: { listChanged: false }, completions: {}, logging: {} },
            serverInfo: { name: 'tracewell', version: '0.1.0' },
            instructions: `Tracewell observability tools. Every call works in project Alpha Project (${fixture.server.tenant.project.id}); whoami names it.`,
          },
        });
      });

      it('answers an unsupported protocol version with the latest it supports', async () => {
        const res = await post({ ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: '1999-01-01' } });
        expect(res.body.result.protocolVersion).to.equal(LATEST_PROTOCOL_VERSION);
      });

      it('answers initialize without params.protocolVersion with -32602 and opens no session', async () => {
        const res = await post({ jsonrpc: '2.0', id: 3, method: 'initialize', params: {} });
        expect(res.status).to.equal(200);
        expect(res.headers['mcp-session-id']).to.equal(undefined);
        expect(res.body.error).to.deep.equal({ code: -32602, message: 'Invalid params', data: { error: 'initialize needs params.protocolVersion (a string).' } });
      });

      it('refuses initialize inside a batch with 400 -32600', async () => {
        const res = await post([INITIALIZE]);
        expectRejection(res, 400, -32600, 'PUBLIC_API_INVALID_REQUEST');
      });
    });

    describe('message handling', () => {
      it('answers malformed JSON with 400 -32700 Parse error and id null', async () => {
        const res = await post('{"jsonrpc": "2.0", "method": ');
        const data = expectRejection(res, 400, -32700, 'PUBLIC_API_MALFORMED_JSON');
        expect(res.body.id).to.equal(null);
        expect(res.body.error.message).to.equal('Parse error');
        expect(data.error).to.equal('The request body is not valid JSON.');
      });

      it('answers a body that is no JSON-RPC message with 400 -32600', async () => {
        const session = await openSession();
        const res = await post({ id: 9, method: 'ping' }, { 'mcp-session-id': session });
        expectRejection(res, 400, -32600, 'PUBLIC_API_INVALID_REQUEST');
        expect(res.body.id).to.equal(9);
      });

      it('answers an unknown method with -32601', async () => {
        const session = await openSession();
        const res = await post({ jsonrpc: '2.0', id: 'a', method: 'resources/subscribe', params: { uri: 'tracewell://traces/x' } }, { 'mcp-session-id': session });
        expect(res.status).to.equal(200);
        expect(res.body).to.deep.equal({ jsonrpc: '2.0', id: 'a', error: { code: -32601, message: 'Method not found' } });
      });

      it('answers a notification with 202 and no body, known or not', async () => {
        const session = await openSession();
        for (const method of ['notifications/initialized', 'notifications/unheard-of']) {
          const res = await post({ jsonrpc: '2.0', method }, { 'mcp-session-id': session });
          expect(res.status, method).to.equal(202);
          expect(res.text, method).to.equal('');
        }
      });

      it('answers the MCP ping method with an empty result', async () => {
        const session = await openSession();
        const res = await post({ jsonrpc: '2.0', id: 5, method: 'ping' }, { 'mcp-session-id': session });
        expect(res.body).to.deep.equal({ jsonrpc: '2.0', id: 5, result: {} });
      });

      it('answers a batch with an array holding one response per request, none for notifications', async () => {
        const session = await openSession({}, INITIALIZE_WITH_BATCHES);
        const res = await post(
          [
            { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ping', arguments: {} } },
            { jsonrpc: '2.0', method: 'notifications/initialized' },
            { jsonrpc: '2.0', id: 2, method: 'no/such/method' },
            { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: {} } },
            42,
          ],
          { 'mcp-session-id': session },
        );
        expect(res.status).to.equal(200);
        expect(res.body).to.deep.equal([
          {
            jsonrpc: '2.0',
            id: 1,
            result: { content: [{ type: 'text', text: '{"status":"ok","server_time":"2026-11-01T12:00:00.000Z"}' }], structuredContent: { status: 'ok', server_time: '2026-11-01T12:00:00.000Z' } },
          },
          { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } },
          {
            jsonrpc: '2.0',
            id: 3,
            result: {
              isError: true,
              content: [
                {
                  type: 'text',
                  text: JSON.stringify({
                    status: 400,
                    code: 'PUBLIC_API_VALIDATION_FAILED',
                    message: "arguments must have required property 'query'",
                    retryable: false,
                    errors: [{ code: 'required', message: "must have required property 'query'", path: '/arguments/query' }],
                  }),
                },
              ],
            },
          },
          { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } },
        ]);
      });

      it('answers a batch with one request with an array of one', async () => {
        const session = await openSession({}, INITIALIZE_WITH_BATCHES);
        const res = await post([{ jsonrpc: '2.0', id: 1, method: 'ping' }], { 'mcp-session-id': session });
        expect(res.body).to.deep.equal([{ jsonrpc: '2.0', id: 1, result: {} }]);
      });

      it('answers a batch of notifications only with 202', async () => {
        const session = await openSession({}, INITIALIZE_WITH_BATCHES);
        const res = await post([{ jsonrpc: '2.0', method: 'notifications/initialized' }], { 'mcp-session-id': session });
        expect(res.status).to.equal(202);
      });

      it('answers an empty batch with 400 -32600', async () => {
        const res = await post([]);
        expectRejection(res, 400, -32600, 'PUBLIC_API_INVALID_REQUEST');
      });

      it('answers tools/call without a tool name with -32602', async () => {
        const session = await openSession();
        const res = await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { arguments: {} } }, { 'mcp-session-id': session });
        expect(res.body.error).to.deep.equal({ code: -32602, message: 'Invalid params', data: { error: 'tools/call needs params.name (a string).' } });
      });

      it('refuses a body above 1 MB with 413', async () => {
        const session = await openSession();
        const res = await post(
          { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { query: 'x'.repeat(1024 * 1024) } } },
          { 'mcp-session-id': session },
        );
        expectRejection(res, 413, -32000, 'PUBLIC_API_PAYLOAD_TOO_LARGE');
      });

      it('refuses an MCP-Protocol-Version it does not speak with 400', async () => {
        const session = await openSession();
        const res = await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'mcp-session-id': session, 'mcp-protocol-version': '2023-01-01' });
        expectRejection(res, 400, -32000, 'PUBLIC_API_UNSUPPORTED_PROTOCOL_VERSION');
      });
    });

    describe('sessions', () => {
      it('requires Mcp-Session-Id after initialize: 400', async () => {
        const res = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
        expectRejection(res, 400, -32000, 'PUBLIC_API_SESSION_REQUIRED');
      });

      it('answers an unknown session with 404 -32001', async () => {
        const res = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-session-id': 'no-such-session' });
        expectRejection(res, 404, -32001, 'PUBLIC_API_SESSION_NOT_FOUND');
      });

      it('answers a session used with another credential as unknown (404)', async () => {
        const session = await openSession();
        const res = await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'x-api-key': fixture.server.other.apiKey, 'mcp-session-id': session });
        expectRejection(res, 404, -32001, 'PUBLIC_API_SESSION_NOT_FOUND');
      });

      it('keeps a session alive while it is used and ends it after 1 hour of inactivity', async () => {
        const session = await openSession();
        fixture.server.clock.advance(HOUR - 1);
        expect((await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'mcp-session-id': session })).status).to.equal(200);
        fixture.server.clock.advance(HOUR - 1);
        expect((await post({ jsonrpc: '2.0', id: 2, method: 'ping' }, { 'mcp-session-id': session })).status).to.equal(200);
        fixture.server.clock.advance(HOUR);
        const res = await post({ jsonrpc: '2.0', id: 3, method: 'ping' }, { 'mcp-session-id': session });
        expectRejection(res, 404, -32001, 'PUBLIC_API_SESSION_NOT_FOUND');
      });

      it('ends a session on DELETE (204); the session is then unknown', async () => {
        const session = await openSession();
        const deleted = await fixture.http().delete('/mcp').set(key).set('mcp-session-id', session);
        expect(deleted.status).to.equal(204);
        const again = await fixture.http().delete('/mcp').set(key).set('mcp-session-id', session);
        expectRejection(again, 404, -32001, 'PUBLIC_API_SESSION_NOT_FOUND');
      });

      it('answers GET with 405 and Allow: POST, DELETE (no server-initiated stream)', async () => {
        const res = await fixture.http().get('/mcp').set(key).set('accept', 'text/event-stream');
        expectRejection(res, 405, -32000, 'PUBLIC_API_METHOD_NOT_ALLOWED');
        expect(res.headers.allow).to.equal('POST, DELETE');
      });

      it('answers HEAD as GET, and PUT, PATCH and OPTIONS with 405 naming POST and DELETE', async () => {
        const head = await fixture.http().head('/mcp').set(key);
        expect(head.status).to.equal(405);
        expect(head.headers.allow).to.equal('POST, DELETE');
        for (const method of ['put', 'patch', 'options'] as const) {
          const res = await fixture.http()[method]('/mcp').set(key);
          const data = expectRejection(res, 405, -32000, 'PUBLIC_API_METHOD_NOT_ALLOWED');
          expect(res.headers.allow, method).to.equal('POST, DELETE');
          expect(data.error, method).to.equal('Use POST (or DELETE to end a session).');
        }
      });

      it('serves only /mcp itself: a path below it is no route (404 Problem), and a rebound page is refused there too', async () => {
        const below = await fixture.http().post('/mcp/tools').set(key).set('content-type', 'application/json').send(JSON.stringify(INITIALIZE));
        expect(below.status).to.equal(404);
        expect(below.headers['content-type']).to.match(/^application\/problem\+json/);
        expect(below.body.code).to.equal('PUBLIC_API_ROUTE_NOT_FOUND');
        const rebound = await fixture.http().post('/mcp/tools').set(key).set('origin', 'https://evil.example').send('{}');
        expectRejection(rebound, 403, -32000, 'PUBLIC_API_ORIGIN_NOT_ALLOWED');
      });
    });

    describe('credentials', () => {
      it('answers a missing credential with 401, a bearer challenge and a JSON-RPC error', async () => {
        const res = await fixture.http().post('/mcp').set('content-type', 'application/json').send(JSON.stringify(INITIALIZE));
        const data = expectRejection(res, 401, -32000, 'PUBLIC_API_UNAUTHENTICATED');
        // RFC 9728 §5.1 and MCP authorization: the challenge leads an OAuth client to the metadata, and names the default scopes.
        expect(res.headers['www-authenticate']).to.equal(
          `Bearer realm="tracewell", resource_metadata="${fixture.server.config.publicBaseUrl}/.well-known/oauth-protected-resource/mcp", scope="context:read observability:read"`,
        );
        expect(res.body.error.message).to.equal('Authentication required');
        expect(data.error).to.equal('A credential is required: x-api-key or an Authorization header.');
      });

      it('answers an unknown key with 401 invalid_token', async () => {
        const res = await post(INITIALIZE, { 'x-api-key': 'tw_pk_unknown' });
        expectRejection(res, 401, -32000, 'PUBLIC_API_INVALID_CREDENTIAL');
        expect(res.headers['www-authenticate']).to.match(/error="invalid_token"/);
      });

      it('answers a project key naming another project with 403', async () => {
        const res = await post(INITIALIZE, { 'x-project-id': fixture.server.other.project.id });
        expectRejection(res, 403, -32000, 'PUBLIC_API_PROJECT_FORBIDDEN');
      });

      it('accepts the key as a legacy bearer token', async () => {
        const res = await fixture
          .http()
          .post('/mcp')
          .set({ authorization: `Bearer ${fixture.server.tenant.apiKey}`, 'content-type': 'application/json' })
          .send(JSON.stringify(INITIALIZE));
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
      });
    });

    describe('tools/call results on the wire', () => {
      it('sends structuredContent and the text item as the same JSON, Content-Length counting UTF-8 bytes', async () => {
        const session = await openSession();
        const name = 'Größe straße — 東京 😀 "quoted" \\ back';
        const spans = Array.from({ length: 300 }, (_, i) => ({ span_id: `s${i}`, ...(i > 0 ? { parent_span_id: 's0' } : {}), name: `${name} ${i}`, span_type: 'TOOL', status: 'success' }));
        const logged = await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'log_trace', arguments: { trace_id: 'wire-1', name, spans } } }, { 'mcp-session-id': session });
        expect(logged.body.result.isError, logged.text).to.equal(undefined);
        const res = await post({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_trace_context', arguments: { trace_id: 'wire-1' } } }, { 'mcp-session-id': session });
        expect(res.status).to.equal(200);
        expect(Number(res.headers['content-length'])).to.equal(Buffer.byteLength(res.text, 'utf8'));
        expect(res.text).to.equal(JSON.stringify(res.body));
        const { structuredContent, content } = res.body.result;
        expect(structuredContent).to.deep.equal(JSON.parse(content[0].text));
        expect(structuredContent).to.include({ trace_id: 'wire-1', name, span_count: 300 });
        expect(structuredContent.root_span.children).to.have.length(299);
      });
    });

    describe('tools/list and tools/call with TOOLS_DISABLED', () => {
      it('leaves a disabled tool out of tools/list', async () => {
        const session = await openSession();
        const res = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-session-id': session });
        const names = (res.body.result.tools as { name: string }[]).map((tool) => tool.name);
        expect(names).to.have.members([...SERVED_TOOL_NAMES, 'echo', 'fail_with', 'slow', 'huge', 'write_probe']);
        expect(names).to.not.include('explode');
      });

      it('refuses a call of a disabled tool with -32602', async () => {
        const session = await openSession();
        const res = await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'explode' } }, { 'mcp-session-id': session });
        expect(res.body).to.deep.equal({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid params', data: { error: 'Tool explode is disabled on this server.' } } });
      });
    });
  });

  describe('POST /mcp with TOOLS_ENABLED and a small rate limit', () => {
    let fixture: ToolServerFixture;
    before(async () => {
      fixture = await startToolServer(adapter, { env: { TOOLS_ENABLED: 'ping,echo', TOOLS_DISABLED: 'echo', TOOL_RATE_LIMIT_PER_MINUTE: '3' } });
    });
    after(async () => fixture.close());

    const post = (body: unknown, headers: Record<string, string>) =>
      fixture.http().post('/mcp').set({ 'x-api-key': fixture.server.tenant.apiKey, 'content-type': 'application/json', ...headers }).send(JSON.stringify(body));

    it('serves only enabled tools that are not disabled, and counts every request of a batch', async () => {
      const init = await post(INITIALIZE_WITH_BATCHES, {});
      const session = init.headers['mcp-session-id'] as string;
      const list = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-session-id': session });
      expect((list.body.result.tools as { name: string }[]).map((tool) => tool.name)).to.deep.equal(['ping']);
      expect(list.headers['ratelimit-remaining']).to.equal('1');

      const res = await post(
        [
          { jsonrpc: '2.0', id: 2, method: 'ping' },
          { jsonrpc: '2.0', id: 3, method: 'ping' },
        ],
        { 'mcp-session-id': session },
      );
      const data = expectRejection(res, 429, -32000, 'PUBLIC_API_RATE_LIMITED');
      expect(res.headers['retry-after']).to.equal('60');
      expect(res.headers['ratelimit-remaining']).to.equal('0');
      expect(data.retry_after_seconds).to.equal(60);
      expect(data.error).to.equal('Rate limit of 3 tool requests per 60 s exceeded for this credential; retry after 60 s.');
    });
  });
});
