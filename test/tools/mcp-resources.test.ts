import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { forEachAdapter } from '../support/adapters.js';
import { ingest, span } from '../integration/support.js';
import { startListeningServer, type ListeningServer } from './oauth-fixture.js';

const INITIALIZE = (version: string) => ({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });

forEachAdapter((adapter) => {
  describe('MCP resources, prompts, completion and logging', () => {
    let fixture: ListeningServer;
    let client: Client;

    before(async () => {
      fixture = await startListeningServer(adapter, { env: { TOOL_RATE_LIMIT_PER_MINUTE: '1000' } });
      client = new Client({ name: 'resources', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${fixture.baseUrl}/mcp`), { requestInit: { headers: { 'x-api-key': fixture.server.tenant.apiKey } } }));
      for (let i = 0; i < 3; i++) {
        await ingest(fixture.server, { trace_id: `run-${i}`, name: `checkout ${i}`, spans: [span('root', { status: i === 0 ? 'error' : 'success', error: i === 0 ? 'card declined' : null })] });
        fixture.server.clock.advance(1000);
      }
    });

    after(async () => {
      await client.close();
      await fixture.close();
    });

    it('resources/templates/list names the trace and fix templates', async () => {
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).to.deep.equal(['tracewell://traces/{trace_id}', 'tracewell://fixes/{fix_id}']);
    });

    it('resources/list: with traces and no fixes, the first page holds the traces newest first, and no cursor', async () => {
      const first = await client.listResources();
      expect(first.resources.map((r) => r.uri)).to.deep.equal(['tracewell://traces/run-2', 'tracewell://traces/run-1', 'tracewell://traces/run-0']);
      expect(first.resources[2]).to.deep.include({ title: 'checkout 0', mimeType: 'application/json' });
      expect(first.nextCursor).to.equal(undefined);
    });

    it('refuses a cursor it did not issue with -32602', async () => {
      const error = (await client.listResources({ cursor: 'bogus' }).catch((e: unknown) => e)) as McpError;
      expect(error).to.be.instanceOf(McpError);
      expect(error.code).to.equal(-32602);
    });

    it('resources/read of a trace answers the get_trace_context JSON; an unknown trace is -32002', async () => {
      const { contents } = await client.readResource({ uri: 'tracewell://traces/run-0' });
      expect(contents).to.have.length(1);
      expect(contents[0]).to.deep.include({ uri: 'tracewell://traces/run-0', mimeType: 'application/json' });
      const trace = JSON.parse((contents[0] as { text: string }).text) as Record<string, unknown>;
      expect(trace).to.deep.include({ trace_id: 'run-0', name: 'checkout 0', status: 'error', span_count: 1 });
      const missing = (await client.readResource({ uri: 'tracewell://traces/nope' }).catch((e: unknown) => e)) as McpError;
      expect(missing.code).to.equal(-32002);
      const foreign = (await client.readResource({ uri: 'https://example.com/x' }).catch((e: unknown) => e)) as McpError;
      expect(foreign.code).to.equal(-32002);
    });

    it('resources/read of another project’s trace is not found: the same access policy as REST', async () => {
      await ingest(fixture.server, { trace_id: 'beta-only', name: 'other tenant', spans: [span('root')] }, { 'x-api-key': fixture.server.other.apiKey });
      const error = (await client.readResource({ uri: 'tracewell://traces/beta-only' }).catch((e: unknown) => e)) as McpError;
      expect(error.code).to.equal(-32002);
    });

    it('prompts/list offers investigate_failing_trace and triage_open_fixes; prompts/get embeds the trace as a resource', async () => {
      const { prompts } = await client.listPrompts();
      expect(prompts.map((p) => p.name)).to.deep.equal(['investigate_failing_trace', 'triage_open_fixes']);
      const prompt = await client.getPrompt({ name: 'investigate_failing_trace', arguments: { trace_id: 'run-0' } });
      expect(prompt.messages).to.have.length(2);
      expect(prompt.messages[0].content.type).to.equal('text');
      const embedded = prompt.messages[1].content as { type: string; resource: { uri: string; text: string } };
      expect(embedded.type).to.equal('resource');
      expect(embedded.resource.uri).to.equal('tracewell://traces/run-0');
      expect(JSON.parse(embedded.resource.text)).to.deep.include({ trace_id: 'run-0' });
      const triage = await client.getPrompt({ name: 'triage_open_fixes', arguments: {} });
      expect((triage.messages[0].content as { text: string }).text).to.contain('open fixes');
      const unknown = (await client.getPrompt({ name: 'nope' }).catch((e: unknown) => e)) as McpError;
      expect(unknown.code).to.equal(-32602);
    });

    it('completion/complete offers recent trace ids that start with what was typed, and severities', async () => {
      const traces = await client.complete({ ref: { type: 'ref/prompt', name: 'investigate_failing_trace' }, argument: { name: 'trace_id', value: 'run-' } });
      expect(traces.completion.values).to.have.members(['run-0', 'run-1', 'run-2']);
      const severities = await client.complete({ ref: { type: 'ref/prompt', name: 'triage_open_fixes' }, argument: { name: 'severity', value: 'h' } });
      expect(severities.completion.values).to.deep.equal(['high']);
    });

    it('logging/setLevel accepts an RFC 5424 level and refuses another with -32602', async () => {
      expect(await client.setLoggingLevel('warning')).to.deep.equal({});
      const error = (await client.setLoggingLevel('loud' as 'info').catch((e: unknown) => e)) as McpError;
      expect(error.code).to.equal(-32602);
    });
  });

  describe('resources/list pages', () => {
    let fixture: ListeningServer;

    before(async () => {
      fixture = await startListeningServer(adapter, { env: { TOOL_RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_INGEST_PER_MINUTE: '1000' } });
    });

    after(async () => {
      await fixture.close();
    });

    /** An SDK client of a fresh project, so each rule sees only the traces it wrote. */
    const clientOf = async (apiKey: string): Promise<Client> => {
      const client = new Client({ name: 'pages', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${fixture.baseUrl}/mcp`), { requestInit: { headers: { 'x-api-key': apiKey } } }));
      return client;
    };

    it('an empty project: one empty page without a cursor', async () => {
      const tenant = await fixture.server.seedTenant('Empty');
      const client = await clientOf(tenant.apiKey);
      try {
        expect(await client.listResources()).to.deep.equal({ resources: [] });
      } finally {
        await client.close();
      }
    });

    it('51 traces: a page of 50 with a cursor, then the last one without; no page is empty', async () => {
      const tenant = await fixture.server.seedTenant('Busy');
      for (let i = 0; i < 51; i++) {
        await ingest(fixture.server, { trace_id: `busy-${String(i).padStart(2, '0')}`, name: `busy ${i}`, spans: [span('root')] }, { 'x-api-key': tenant.apiKey });
        fixture.server.clock.advance(1000);
      }
      const client = await clientOf(tenant.apiKey);
      try {
        const first = await client.listResources();
        expect(first.resources).to.have.length(50);
        expect(first.resources[0].uri).to.equal('tracewell://traces/busy-50');
        expect(first.nextCursor).to.be.a('string');
        const second = await client.listResources({ cursor: first.nextCursor });
        expect(second.resources.map((r) => r.uri)).to.deep.equal(['tracewell://traces/busy-00']);
        expect(second.nextCursor).to.equal(undefined);
      } finally {
        await client.close();
      }
    });
  });

  describe('notifications/message (logging/setLevel)', () => {
    let fixture: ListeningServer;

    before(async () => {
      fixture = await startListeningServer(adapter);
    });

    after(async () => {
      await fixture.close();
    });

    it('sends the calls’ log messages at or above the session’s level before the answer (an SSE reply), and none before a level is set', async () => {
      const client = new Client({ name: 'logs', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${fixture.baseUrl}/mcp`), { requestInit: { headers: { 'x-api-key': fixture.server.tenant.apiKey } } }));
      const messages: { level: string; logger?: string; data: Record<string, unknown> }[] = [];
      client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
        messages.push(notification.params as (typeof messages)[number]);
      });
      await client.callTool({ name: 'ping' });
      expect(messages).to.deep.equal([]);

      await client.setLoggingLevel('debug');
      await client.callTool({ name: 'ping' });
      expect(messages).to.have.length(1);
      expect(messages[0]).to.deep.include({ level: 'debug', logger: 'tracewell.tools' });
      expect(messages[0].data).to.deep.include({ tool: 'ping', outcome: 'ok' });

      await client.setLoggingLevel('error');
      await client.callTool({ name: 'ping' });
      const failed = await client.callTool({ name: 'get_trace_context', arguments: { trace_id: 'missing' } });
      expect(failed.isError).to.equal(true);
      expect(messages).to.have.length(2);
      expect(messages[1].level).to.equal('error');
      expect(messages[1].data).to.deep.include({ tool: 'get_trace_context', outcome: 'tool_error', status: 404 });
      await client.close();
    });
  });

  describe('MCP transport rules: DNS rebinding, protocol versions, error ids', () => {
    let fixture: ListeningServer;

    before(async () => {
      fixture = await startListeningServer(adapter);
    });

    after(async () => {
      await fixture.close();
    });

    const post = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${fixture.baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-key': fixture.server.tenant.apiKey, ...headers },
        body: JSON.stringify(body),
      });

    it('refuses a request whose Origin is another site with 403, before reading the credential', async () => {
      const res = await post(INITIALIZE('2025-11-25'), { origin: 'http://evil.example.com', 'x-api-key': 'tw_pk_wrong' });
      expect(res.status).to.equal(403);
      const body = (await res.json()) as { error: { code: number; data: { code: string } } };
      expect(body.error.code).to.equal(-32000);
      expect(body.error.data.code).to.equal('PUBLIC_API_ORIGIN_NOT_ALLOWED');
    });

    it('refuses a rebound Host on a loopback-bound server with 403 (raw request: fetch keeps Host to itself)', async () => {
      const { request } = await import('node:http');
      const url = new URL(`${fixture.baseUrl}/mcp`);
      const status = await new Promise<number>((resolve, reject) => {
        const req = request({ host: url.hostname, port: url.port, path: '/mcp', method: 'POST', headers: { host: 'evil.example.com', 'content-type': 'application/json', 'x-api-key': fixture.server.tenant.apiKey } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject);
        req.end(JSON.stringify(INITIALIZE('2025-11-25')));
      });
      expect(status).to.equal(403);
    });

    it('accepts its own origin and its loopback aliases on the same port', async () => {
      const port = new URL(fixture.baseUrl).port;
      for (const origin of [fixture.baseUrl, `http://localhost:${port}`]) {
        expect((await post(INITIALIZE('2025-11-25'), { origin })).status, origin).to.equal(200);
      }
      expect((await post(INITIALIZE('2025-11-25'), { origin: 'http://localhost:1' })).status).to.equal(403);
    });

    it('allows the origins of MCP_ALLOWED_ORIGINS instead', async () => {
      const configured = await startListeningServer(adapter, { env: { MCP_ALLOWED_ORIGINS: 'https://console.example.com' } });
      try {
        const send = (origin: string) =>
          fetch(`${configured.baseUrl}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', origin, 'x-api-key': configured.server.tenant.apiKey }, body: JSON.stringify(INITIALIZE('2025-11-25')) });
        expect((await send('https://console.example.com')).status).to.equal(200);
        expect((await send(configured.baseUrl)).status).to.equal(403);
      } finally {
        await configured.close();
      }
    });

    it('announces 2025-11-25 to a client asking for it, and still serves a 2024-11-05 client with batches', async () => {
      const latest = (await (await post(INITIALIZE('2025-11-25'))).json()) as { result: { protocolVersion: string } };
      expect(latest.result.protocolVersion).to.equal('2025-11-25');
      const old = await post(INITIALIZE('2024-11-05'));
      const session = old.headers.get('mcp-session-id')!;
      expect(((await old.json()) as { result: { protocolVersion: string } }).result.protocolVersion).to.equal('2024-11-05');
      const batch = await post([{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: 2, method: 'tools/list' }], { 'mcp-session-id': session });
      expect(batch.status).to.equal(200);
      expect(((await batch.json()) as unknown[]).length).to.equal(2);
    });

    it('refuses a batch on a session negotiated at 2025-06-18 or later, whatever MCP-Protocol-Version the request carries', async () => {
      const opened = await post(INITIALIZE('2025-11-25'));
      const session = opened.headers.get('mcp-session-id')!;
      for (const version of ['2025-11-25', '2025-03-26']) {
        const batch = await post([{ jsonrpc: '2.0', id: 1, method: 'ping' }], { 'mcp-session-id': session, 'mcp-protocol-version': version });
        expect(batch.status, version).to.equal(400);
        expect(((await batch.json()) as { error: { data: { code: string } } }).error.data.code, version).to.equal('PUBLIC_API_BATCH_NOT_SUPPORTED');
      }
    });

    it('accepts on a session any MCP-Protocol-Version it supports, not only the negotiated one (the suite’s multiple-streams scenario)', async () => {
      const opened = await post(INITIALIZE('2025-11-25'));
      const session = opened.headers.get('mcp-session-id')!;
      for (const version of ['2025-03-26', '2025-06-18', '2024-11-05']) {
        const res = await post({ jsonrpc: '2.0', id: version, method: 'tools/list' }, { 'mcp-session-id': session, 'mcp-protocol-version': version });
        expect(res.status, version).to.equal(200);
        const body = (await res.json()) as { id: string; result: { tools: unknown[] } };
        expect(body.id).to.equal(version);
        expect(body.result.tools.length, version).to.be.greaterThan(0);
      }
    });

    it('refuses on a session an MCP-Protocol-Version it does not speak with 400 PUBLIC_API_UNSUPPORTED_PROTOCOL_VERSION', async () => {
      const opened = await post(INITIALIZE('2025-11-25'));
      const session = opened.headers.get('mcp-session-id')!;
      const res = await post({ jsonrpc: '2.0', id: 'v', method: 'ping' }, { 'mcp-session-id': session, 'mcp-protocol-version': '2025-12-31' });
      expect(res.status).to.equal(400);
      const body = (await res.json()) as { error: { data: { code: string } } };
      expect(body.error.data.code).to.equal('PUBLIC_API_UNSUPPORTED_PROTOCOL_VERSION');
    });

    it('answers a refused credential with the request id it could read', async () => {
      const res = await post({ jsonrpc: '2.0', id: 41, method: 'ping' }, { 'x-api-key': 'tw_pk_unknown' });
      expect(res.status).to.equal(401);
      expect(((await res.json()) as { id: number }).id).to.equal(41);
    });
  });
});
