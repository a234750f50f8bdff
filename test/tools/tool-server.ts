import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createApp } from '../../src/app.js';
import { ProblemError, type ProblemStatus } from '../../src/errors.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import type { Dialect } from '../../src/ports/store.js';
import { startTestServer, type TestServer, type TestServerOptions } from '../support/harness.js';

/** What the test tools observed, so tests can assert a cancelled tool stopped. */
export interface ToolProbe {
  slowSawAbort: boolean;
  slowWroteAfterAbort: boolean;
}

/**
 * Tools that exist only in tests: they provoke every failure mapping of the server without
 * depending on other areas' tools. Each is authorized as a contract operation like every tool:
 * the read-only `ping`, or for write_probe `ingestTrace` (observability:write, not gated by the
 * public-api-mutations capability).
 */
export function testTools(probe: ToolProbe): ToolDefinition[] {
  return [
    {
      name: 'echo',
      operationId: 'ping',
      description: 'Returns its arguments, after validation and defaults.',
      inputSchema: {
        type: 'object',
        properties: { query: { type: 'string', minLength: 1 }, limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 } },
        required: ['query'],
        additionalProperties: false,
      },
      handler: async (input) => input,
    },
    {
      name: 'fail_with',
      operationId: 'ping',
      description: 'Fails with the ProblemError status given.',
      inputSchema: { type: 'object', properties: { status: { type: 'integer', enum: [400, 404, 413, 429, 500] } }, required: ['status'] },
      handler: async (input) => {
        const status = input.status as ProblemStatus;
        throw new ProblemError(status, `PUBLIC_API_TEST_${status}`, `Failed with ${status} on purpose.`, {
          ...(status === 400 ? { errors: [{ code: 'format', message: 'must be a trace id', path: '/arguments/trace_id' }] } : {}),
          ...(status === 429 ? { headers: { 'Retry-After': '7' } } : {}),
        });
      },
    },
    {
      name: 'explode',
      operationId: 'ping',
      description: 'Throws an unexpected error.',
      inputSchema: { type: 'object', properties: {} },
      handler: async () => {
        throw new Error('connection to db-primary:5432 refused');
      },
    },
    {
      name: 'slow',
      operationId: 'ping',
      description: 'Works until its signal aborts, then writes nothing more.',
      inputSchema: { type: 'object', properties: {} },
      timeoutMs: 10_000,
      handler: async (_input, { signal }) => {
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        probe.slowSawAbort = true;
        if (!signal.aborted) probe.slowWroteAfterAbort = true;
        return { done: true };
      },
    },
    {
      name: 'huge',
      operationId: 'ping',
      description: 'Returns a result of the requested size in bytes.',
      inputSchema: { type: 'object', properties: { bytes: { type: 'integer', minimum: 1 } }, required: ['bytes'] },
      handler: async (input) => ({ blob: 'x'.repeat(input.bytes as number) }),
    },
    {
      name: 'write_probe',
      description: 'A tool that writes: scoped tokens need observability:write.',
      inputSchema: { type: 'object', properties: {} },
      operationId: 'ingestTrace',
      handler: async (_input, { project }) => ({ written_in: project.id }),
    },
  ];
}

export const TEST_TOOL_NAMES = ['echo', 'fail_with', 'explode', 'slow', 'huge', 'write_probe'];

/** The fifteen tools of the spec (the order of its tool table). */
export const SPEC_TOOL_NAMES = [
  'ping',
  'whoami',
  'search_traces',
  'get_trace_context',
  'list_detections',
  'get_detection_trend',
  'log_trace',
  'triage_list',
  'triage_get',
  'triage_accept',
  'triage_dismiss',
  'triage_update_status',
  'triage_update',
  'triage_get_investigation',
  'triage_list_steps',
];

/** Tools beyond the spec's table, each riding a contract operation: alerts (docs/alerts.md) fix dispatch (docs/notifications-and-dispatch.md), scores (docs/evaluations.md), prompts (docs/prompts.md) and experiments (docs/experiments.md). */
export const EXTENSION_TOOL_NAMES = ['list_monitors', 'list_incidents', 'triage_get_dispatch', 'triage_dispatch', 'triage_decide_dispatch', 'score_trace', 'get_prompt', 'list_prompts', 'create_prompt_version', 'set_prompt_label', 'list_datasets', 'get_dataset_items', 'list_experiment_runs', 'compare_experiment_runs', 'get_prompt_usage', 'start_experiment_run', 'train_detection', 'list_detection_models', 'activate_detection_model', 'list_sessions', 'get_session', 'list_users', 'get_user', 'query_metrics', 'list_channels', 'test_channel', 'list_channel_deliveries', 'agent_list_fixes', 'agent_claim_fix', 'agent_report_progress', 'agent_complete_fix', 'list_dashboards', 'get_dashboard', 'create_dashboard', 'update_dashboard', 'delete_dashboard', 'list_failure_clusters', 'list_failure_cluster_traces', 'merge_failure_clusters', 'split_failure_cluster'];

/** Every tool the server serves by default. */
export const SERVED_TOOL_NAMES = [...SPEC_TOOL_NAMES, ...EXTENSION_TOOL_NAMES];

export interface ToolServerFixture {
  server: TestServer;
  probe: ToolProbe;
  url: URL;
  /** supertest against the listening server. */
  http: () => supertest.Agent;
  /** An SDK client connected with `headers`; `responses` records every HTTP status and headers it saw. */
  connect(headers: Record<string, string>): Promise<ConnectedClient>;
  close(): Promise<void>;
}

export interface ConnectedClient {
  client: Client;
  transport: StreamableHTTPClientTransport;
  responses: { method: string; status: number; headers: Headers }[];
}

/** The real app with the test tools, listening on an ephemeral port of 127.0.0.1. */
export async function startToolServer(adapter: Dialect, options: TestServerOptions = {}): Promise<ToolServerFixture> {
  const server = await startTestServer(adapter, options);
  const probe: ToolProbe = { slowSawAbort: false, slowWroteAfterAbort: false };
  const httpServer: Server = createServer(createApp(server.runtime, { extraTools: testTools(probe) }));
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  const url = new URL(`http://127.0.0.1:${port}/mcp`);
  const clients: Client[] = [];

  return {
    server,
    probe,
    url,
    http: () => supertest.agent(httpServer),
    async connect(headers) {
      const responses: ConnectedClient['responses'] = [];
      const transport = new StreamableHTTPClientTransport(url, {
        requestInit: { headers },
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          responses.push({ method: init?.method ?? 'GET', status: response.status, headers: response.headers });
          return response;
        },
      });
      const client = new Client({ name: 'tracewell-tests', version: '1.0.0' });
      await client.connect(transport);
      clients.push(client);
      return { client, transport, responses };
    },
    async close() {
      for (const client of clients) await client.close().catch(() => undefined);
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await server.close();
    },
  };
}

/** The parsed JSON of a tool result's one text item. */
export function resultJson(result: unknown): Record<string, unknown> {
  const content = (result as { content: { type: string; text: string }[] }).content;
  if (content.length !== 1 || content[0].type !== 'text') throw new Error(`expected one text item, got ${JSON.stringify(content)}`);
  return JSON.parse(content[0].text) as Record<string, unknown>;
}
