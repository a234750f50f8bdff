import { expect } from 'chai';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { forEachAdapter } from '../support/adapters.js';
import { resultJson, SERVED_TOOL_NAMES, startToolServer, TEST_TOOL_NAMES, type ToolServerFixture } from './tool-server.js';

/** The rejection a promise ends with (fails the test when it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

forEachAdapter((adapter) => {
  describe('MCP tool server through the official SDK client', () => {
    let fixture: ToolServerFixture;
    before(async () => {
      fixture = await startToolServer(adapter, { env: { TOOL_TIMEOUTS: 'slow=100' } });
    });
    after(async () => fixture.close());

    const apiKey = () => ({ 'x-api-key': fixture.server.tenant.apiKey });

    describe('initialize', () => {
      it('negotiates the SDK latest protocol version and announces server info and the tools capability', async () => {
        const { client, transport, responses } = await fixture.connect(apiKey());
        expect(transport.protocolVersion).to.equal(LATEST_PROTOCOL_VERSION);
        expect(transport.sessionId).to.match(/^[A-Za-z0-9_-]{32}$/);
        expect(client.getServerVersion()).to.deep.equal({ name: 'tracewell', version: '0.1.0' });
        expect(client.getServerCapabilities()).to.deep.equal({ tools: { listChanged: false } });
        expect(client.getInstructions()).to.contain(fixture.server.tenant.project.id);
        // initialize 200, notifications/initialized 202 (the client's optional GET stream, 405, is not awaited by connect)
        expect(responses.slice(0, 2).map((r) => `${r.method} ${r.status}`)).to.deep.equal(['POST 200', 'POST 202']);
      });

      it('keeps the session across requests and ends it on close (DELETE)', async () => {
        const { client, transport, responses } = await fixture.connect(apiKey());
        await client.ping();
        const sessionId = transport.sessionId!;
        await transport.terminateSession();
        expect(responses.at(-1)!.method).to.equal('DELETE');
        expect(responses.at(-1)!.status).to.equal(204);
        const res = await fixture
          .http()
          .post('/mcp')
          .set(apiKey())
          .set('mcp-session-id', sessionId)
          .send({ jsonrpc: '2.0', id: 1, method: 'ping' });
        expect(res.status).to.equal(404);
        expect(res.body.error.code).to.equal(-32001);
      });
    });

    describe('tools/list', () => {
      it('lists every served tool with a description and an object inputSchema', async () => {
        const { client } = await fixture.connect(apiKey());
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).to.have.members([...SERVED_TOOL_NAMES, ...TEST_TOOL_NAMES]);
        expect(tools).to.have.length(SERVED_TOOL_NAMES.length + TEST_TOOL_NAMES.length);
        for (const tool of tools) {
          expect(tool.description, tool.name).to.be.a('string').with.length.greaterThan(10);
          expect(tool.inputSchema.type, tool.name).to.equal('object');
        }
        expect(tools[0].inputSchema).to.deep.equal({ type: 'object', properties: {}, additionalProperties: false });
      });
    });

    describe('tool ping', () => {
      it('answers status ok and the server time as ISO 8601, in the spec envelope', async () => {
        const { client } = await fixture.connect(apiKey());
        const result = await client.callTool({ name: 'ping', arguments: {} });
        expect(result).to.deep.equal({ content: [{ type: 'text', text: JSON.stringify({ status: 'ok', server_time: '2026-11-01T12:00:00.000Z' }) }] });
      });
    });

    describe('tool whoami', () => {
      it('names the project of a project API key', async () => {
        const { client } = await fixture.connect(apiKey());
        const result = await client.callTool({ name: 'whoami' });
        expect(resultJson(result)).to.deep.equal({
          project_id: fixture.server.tenant.project.id,
          org_id: fixture.server.tenant.organization.id,
          project_name: 'Alpha Project',
        });
      });

      it('names the project an organization key selects with x-project-id', async () => {
        const { client } = await fixture.connect({ 'x-api-key': fixture.server.other.orgApiKey, 'x-project-id': fixture.server.other.project.id });
        expect(resultJson(await client.callTool({ name: 'whoami' }))).to.deep.equal({
          project_id: fixture.server.other.project.id,
          org_id: fixture.server.other.organization.id,
          project_name: 'Beta Project',
        });
      });

      it('accepts an OAuth token with observability:read and x-project-id', async () => {
        const token = await fixture.server.oauthToken(fixture.server.tenant.user.id, ['observability:read']);
        const { client } = await fixture.connect({ authorization: `Bearer ${token}`, 'x-project-id': fixture.server.tenant.project.id });
        expect(resultJson(await client.callTool({ name: 'whoami' })).project_id).to.equal(fixture.server.tenant.project.id);
      });
    });

    describe('credentials', () => {
      it('refuses a connection without a credential with HTTP 401', async () => {
        const error = await rejectionOf(fixture.connect({}));
        expect(error).to.be.instanceOf(StreamableHTTPError);
        expect((error as StreamableHTTPError).code).to.equal(401);
        expect(error.message).to.contain('PUBLIC_API_UNAUTHENTICATED');
      });

      it('refuses an OAuth token without observability:read with HTTP 403', async () => {
        const token = await fixture.server.oauthToken(fixture.server.tenant.user.id, ['profile:read']);
        const error = await rejectionOf(fixture.connect({ authorization: `Bearer ${token}`, 'x-project-id': fixture.server.tenant.project.id }));
        expect((error as StreamableHTTPError).code).to.equal(403);
        expect(error.message).to.contain('PUBLIC_API_INSUFFICIENT_SCOPE');
      });

      it('refuses an organization key without x-project-id with HTTP 400', async () => {
        const error = await rejectionOf(fixture.connect({ 'x-api-key': fixture.server.tenant.orgApiKey }));
        expect((error as StreamableHTTPError).code).to.equal(400);
        expect(error.message).to.contain('PUBLIC_API_PROJECT_REQUIRED');
      });
    });

    describe('tool scopes (requiredScopes)', () => {
      it('answers a writing tool called with a read-only token with a 403 tool error', async () => {
        const token = await fixture.server.oauthToken(fixture.server.tenant.user.id, ['observability:read']);
        const { client } = await fixture.connect({ authorization: `Bearer ${token}`, 'x-project-id': fixture.server.tenant.project.id });
        const result = await client.callTool({ name: 'write_probe' });
        expect(result.isError).to.equal(true);
        expect(resultJson(result)).to.deep.equal({
          status: 403,
          code: 'PUBLIC_API_INSUFFICIENT_SCOPE',
          message: 'The token lacks the scope observability:write.',
          retryable: false,
        });
      });

      it('runs it for a token with observability:write, and for an API key (keys carry no scopes)', async () => {
        const token = await fixture.server.oauthToken(fixture.server.tenant.user.id, ['observability:read', 'observability:write']);
        const scoped = await fixture.connect({ authorization: `Bearer ${token}`, 'x-project-id': fixture.server.tenant.project.id });
        expect(resultJson(await scoped.client.callTool({ name: 'write_probe' }))).to.deep.equal({ written_in: fixture.server.tenant.project.id });
        const keyed = await fixture.connect(apiKey());
        expect((await keyed.client.callTool({ name: 'write_probe' })).isError).to.equal(undefined);
      });
    });

    describe('tool arguments', () => {
      it('validates arguments against the inputSchema and applies its defaults', async () => {
        const { client } = await fixture.connect(apiKey());
        expect(resultJson(await client.callTool({ name: 'echo', arguments: { query: 'timeout' } }))).to.deep.equal({ query: 'timeout', limit: 50 });
      });

      it('answers arguments outside the schema with -32602 and the failing fields', async () => {
        const { client } = await fixture.connect(apiKey());
        const error = (await rejectionOf(client.callTool({ name: 'echo', arguments: { limit: 500, extra: true } }))) as McpError;
        expect(error).to.be.instanceOf(McpError);
        expect(error.code).to.equal(-32602);
        expect(error.data).to.deep.include({ error: "arguments must have required property 'query', arguments must NOT have additional properties, arguments/limit must be <= 100" });
        expect((error.data as { errors: unknown[] }).errors).to.deep.equal([
          { code: 'required', message: "must have required property 'query'", path: '/arguments/query' },
          { code: 'additional_properties', message: 'must NOT have additional properties', path: '/arguments' },
          { code: 'maximum', message: 'must be <= 100', path: '/arguments/limit' },
        ]);
      });

      it('answers an unknown tool with -32602', async () => {
        const { client } = await fixture.connect(apiKey());
        const error = (await rejectionOf(client.callTool({ name: 'drop_tables' }))) as McpError;
        expect(error.code).to.equal(-32602);
        expect(error.data).to.deep.equal({ error: 'Unknown tool: drop_tables. tools/list names the tools of this server.' });
      });
    });

    describe('tool failures', () => {
      for (const status of [400, 404, 413, 429] as const) {
        it(`reports a ${status} thrown by a tool as an isError result with status, code and message`, async () => {
          const { client } = await fixture.connect(apiKey());
          const result = await client.callTool({ name: 'fail_with', arguments: { status } });
          expect(result.isError).to.equal(true);
          const body = resultJson(result);
          expect(body).to.deep.include({ status, code: `PUBLIC_API_TEST_${status}`, message: `Failed with ${status} on purpose.`, retryable: status === 429 });
          if (status === 400) expect(body.errors).to.deep.equal([{ code: 'format', message: 'must be a trace id', path: '/arguments/trace_id' }]);
          if (status === 429) expect(body.retry_after_seconds).to.equal(7);
        });
      }

      it('answers an unexpected error with -32603 "Internal error" and a detail without stack or cause', async () => {
        const { client } = await fixture.connect(apiKey());
        const error = (await rejectionOf(client.callTool({ name: 'explode' }))) as McpError;
        expect(error.code).to.equal(-32603);
        expect(error.message).to.equal('MCP error -32603: Internal error');
        const data = error.data as { error: string; request_id: string };
        expect(data.error).to.match(/^An internal error occurred; quote request id req_[0-9a-f]{32} when reporting it\.$/);
        expect(data.error).not.to.contain('db-primary');
        expect(data.error).not.to.contain(' at ');
      });

      it('treats a ProblemError 500 thrown by a tool as an internal error too', async () => {
        const { client } = await fixture.connect(apiKey());
        const error = (await rejectionOf(client.callTool({ name: 'fail_with', arguments: { status: 500 } }))) as McpError;
        expect(error.code).to.equal(-32603);
      });

      it('cancels a tool that exceeds its timeout (TOOL_TIMEOUTS) and reports it cleanly', async () => {
        const { client } = await fixture.connect(apiKey());
        const result = await client.callTool({ name: 'slow' });
        expect(result.isError).to.equal(true);
        expect(resultJson(result)).to.deep.equal({
          status: 503,
          code: 'PUBLIC_API_TOOL_TIMEOUT',
          message: 'Tool slow did not finish within 100 ms and was cancelled; retry, or narrow the request.',
          retryable: true,
        });
        expect(fixture.probe.slowSawAbort).to.equal(true);
        expect(fixture.probe.slowWroteAfterAbort).to.equal(false);
      });
    });

    describe('result size', () => {
      it('returns a result just under 10 MB whole', async () => {
        const { client } = await fixture.connect(apiKey());
        const body = resultJson(await client.callTool({ name: 'huge', arguments: { bytes: 10 * 1024 * 1024 - 100 } }));
        expect((body.blob as string).length).to.equal(10 * 1024 * 1024 - 100);
      });

      it('truncates a result above 10 MB and says so in the result', async () => {
        const { client } = await fixture.connect(apiKey());
        const result = await client.callTool({ name: 'huge', arguments: { bytes: 11 * 1024 * 1024 } });
        const text = (result.content as { text: string }[])[0].text;
        expect(Buffer.byteLength(text)).to.be.at.most(10 * 1024 * 1024);
        const body = JSON.parse(text) as Record<string, unknown>;
        expect(body.truncated).to.equal(true);
        expect(body.original_bytes).to.equal(11 * 1024 * 1024 + 11);
        expect(body.limit_bytes).to.equal(10 * 1024 * 1024);
        expect(body.message).to.match(/^The result was 11534347 bytes, above the 10485760-byte limit; partial holds its first \d+ bytes of JSON text/);
        expect(body.partial).to.match(/^\{"blob":"xxxx/);
      });
    });
  });

  describe('MCP tool rate limit (60 per minute per credential)', () => {
    let fixture: ToolServerFixture;
    before(async () => {
      fixture = await startToolServer(adapter);
    });
    after(async () => fixture.close());

    it('is shared by two sessions of one key: the 61st request fails with 429 and Retry-After; another key is unaffected', async () => {
      const first = await fixture.connect({ 'x-api-key': fixture.server.tenant.apiKey });
      const second = await fixture.connect({ 'x-api-key': fixture.server.tenant.apiKey });
      // two initialize requests so far; notifications are not counted
      for (let i = 0; i < 58; i++) await (i % 2 === 0 ? first : second).client.callTool({ name: 'ping' });
      expect(second.responses.at(-1)!.headers.get('ratelimit-remaining')).to.equal('0');

      const error = (await rejectionOf(second.client.callTool({ name: 'ping' }))) as StreamableHTTPError;
      expect(error).to.be.instanceOf(StreamableHTTPError);
      expect(error.code).to.equal(429);
      expect(error.message).to.contain('PUBLIC_API_RATE_LIMITED');
      expect(error.message).to.contain('"retry_after_seconds":60');
      const refused = second.responses.at(-1)!;
      expect(refused.status).to.equal(429);
      expect(refused.headers.get('retry-after')).to.equal('60');
      expect(refused.headers.get('x-service-ratelimit-policy')).to.equal('tools;w=60;q=60');
      expect((await rejectionOf(first.client.callTool({ name: 'ping' })) as StreamableHTTPError).code).to.equal(429);

      const other = await fixture.connect({ 'x-api-key': fixture.server.other.apiKey });
      expect(resultJson(await other.client.callTool({ name: 'ping' })).status).to.equal('ok');

      fixture.server.clock.advance(60_000);
      expect(resultJson(await first.client.callTool({ name: 'ping' })).status).to.equal('ok');
    });
  });
});
