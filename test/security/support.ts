import { expect } from 'chai';
import type { Response } from 'supertest';
import type { TestServer } from '../support/harness.js';

/** A tool-server session opened over HTTP with the project key, as an agent would. */
export async function openMcpSession(server: TestServer): Promise<(body: unknown) => Promise<Response>> {
  const headers = { 'x-api-key': server.tenant.apiKey, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const init = await server
    .request()
    .post('/mcp')
    .set(headers)
    .send(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'security', version: '1' } } }));
  expect(init.status, init.text).to.equal(200);
  const session = String(init.headers['mcp-session-id']);
  await server.request().post('/mcp').set(headers).set('mcp-session-id', session).send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  return (body: unknown) =>
    server
      .request()
      .post('/mcp')
      .set(headers)
      .set('mcp-session-id', session)
      .set('mcp-protocol-version', '2025-06-18')
      .send(typeof body === 'string' ? body : JSON.stringify(body));
}

/** A JSON-RPC error the transport answered with `status`; returns `error.data`. */
export function expectRpcRejection(res: Response, status: number, rpcCode: number, code: string): Record<string, unknown> {
  expect(res.status, res.text).to.equal(status);
  expect(res.headers['content-type']).to.match(/^application\/json/);
  expect(res.body.jsonrpc).to.equal('2.0');
  expect(res.body.error.code).to.equal(rpcCode);
  const data = res.body.error.data as Record<string, unknown>;
  expect(data.status).to.equal(status);
  expect(data.code).to.equal(code);
  return data;
}

/** `depth` nested objects around `leaf`, as JSON text (built without recursion). */
export const nestedJson = (depth: number, leaf = '1'): string => '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
