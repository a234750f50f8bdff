import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createApp } from '../../src/app.js';
import type { Dialect } from '../../src/ports/store.js';
import { startTestServer, type TestServer, type TestServerOptions } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { resultJson } from '../tools/tool-server.js';

/** The real app listening on 127.0.0.1, so real OTLP exporters can reach it. */
export interface OtlpServer {
  server: TestServer;
  /** e.g. http://127.0.0.1:41234 — what OTEL_EXPORTER_OTLP_ENDPOINT is set to. */
  baseUrl: string;
  /** GET /api/v1/public/traces/{id} with the tenant's project key; the envelope's data. */
  getTrace(traceId: string): Promise<TraceView>;
  /** The get_trace_context tool through an official MCP client. */
  traceContextTool(traceId: string): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export interface SpanView {
  spanId: string;
  parentSpanId: string | null;
  name: string;
  spanType: string;
  status: string;
  latencyMs: number | null;
  startTime: string | null;
  input: Record<string, unknown> | null;
  output: Record<string, unknown> | null;
  error: string | null;
  metadata: Record<string, unknown>;
  children: SpanView[];
}

export interface TraceView {
  id: string;
  name: string;
  status: string;
  latencyMs: number;
  cost: number;
  spanCount: number;
  framework: string | null;
  agentName: string | null;
  errorMessage: string | null;
  sessionId: string | null;
  userId: string | null;
  metadata: Record<string, unknown>;
  spans: SpanView[];
}

export async function startOtlpServer(adapter: Dialect, options: TestServerOptions = {}): Promise<OtlpServer> {
  const server = await startTestServer(adapter, options);
  const httpServer: Server = createServer(createApp(server.runtime));
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  let client: Client | null = null;
  return {
    server,
    baseUrl,
    async getTrace(traceId) {
      const res = await server.request().get(`/api/v1/public/traces/${traceId}`).set('x-api-key', server.tenant.apiKey);
      return expectEnvelope<TraceView>(res, 200);
    },
    async traceContextTool(traceId) {
      if (!client) {
        client = new Client({ name: 'otlp-test', version: '1.0.0' });
        await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers: { 'x-api-key': server.tenant.apiKey } } }));
      }
      return resultJson(await client.callTool({ name: 'get_trace_context', arguments: { trace_id: traceId } }));
    },
    async close() {
      await client?.close().catch(() => undefined);
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await server.close();
    },
  };
}

/** Every span of a tree, depth first. */
export function flatten(spans: SpanView[]): SpanView[] {
  return spans.flatMap((s) => [s, ...flatten(s.children)]);
}

/** Runs `work` with environment variables set, restoring them afterwards. */
export async function withEnv<T>(env: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await work();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
