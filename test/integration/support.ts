import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createApp } from '../../src/app.js';
import type { Dialect } from '../../src/ports/store.js';
import { startTestServer, type TestServer, type TestServerOptions } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';

/** Headers of a project API key of `server.tenant`. */
export const keyOf = (server: TestServer): Record<string, string> => ({ 'x-api-key': server.tenant.apiKey });

/** Headers of a bearer token (OAuth or service account) selecting `projectId`. */
export const bearer = (token: string, projectId: string): Record<string, string> => ({ authorization: `Bearer ${token}`, 'x-project-id': projectId });

/** One LLM span; `extra` overrides or adds span fields. */
export const span = (spanId: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  span_id: spanId,
  name: `step ${spanId}`,
  span_type: 'LLM',
  status: 'success',
  ...extra,
});

/** Ingests one trace over REST (POST /traces) and returns its id. */
export async function ingest(server: TestServer, body: Record<string, unknown>, headers = keyOf(server)): Promise<string> {
  const res = await server.request().post('/api/v1/public/traces').set(headers).send(body);
  return expectEnvelope<{ id: string }>(res, 201).id;
}

/** Creates a detection over REST and returns its id. */
export async function createDetection(server: TestServer, body: Record<string, unknown>): Promise<string> {
  const res = await server.request().post('/api/v1/public/detections').set(keyOf(server)).send(body);
  return expectEnvelope<{ id: string }>(res, 201).id;
}

/** Runs the detection worker until the evaluation outbox is empty; returns every job outcome. */
export async function drainDetections(server: TestServer): Promise<string[]> {
  const outcomes: string[] = [];
  for (;;) {
    const round = await server.runtime.services.detectionEvaluation.runOnce('integration-test');
    if (round.length === 0) return outcomes;
    outcomes.push(...round);
  }
}

/** Verifies a Standard Webhooks signature (`v1,<base64 HMAC-SHA256 of id.timestamp.body>`) as a receiver would. */
export function verifiesStandardWebhook(secret: string, headers: Record<string, string | string[] | undefined>, body: string): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64');
  return String(headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

/** The real app with only its own tools, listening on 127.0.0.1, with an official MCP SDK client factory. */
export interface ListeningServer {
  server: TestServer;
  connect(headers: Record<string, string>): Promise<Client>;
  close(): Promise<void>;
}

export async function startListeningServer(adapter: Dialect, options: TestServerOptions = {}): Promise<ListeningServer> {
  const server = await startTestServer(adapter, options);
  const httpServer: Server = createServer(createApp(server.runtime));
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const url = new URL(`http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/mcp`);
  const clients: Client[] = [];
  return {
    server,
    async connect(headers) {
      const client = new Client({ name: 'tracewell-integration', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients) await client.close().catch(() => undefined);
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await server.close();
    },
  };
}

