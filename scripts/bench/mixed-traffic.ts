import { randomUUID } from 'node:crypto';
import type { BenchDatabase } from './bench-database.js';
import { load } from './load.js';
import { openMcpSession, toolCallBody } from './mcp-client.js';
import type { ServerProcess } from './server-process.js';

/**
 * Unrecorded traffic of other kinds on the server, a few seconds each, before its settle: REST
 * reads and writes, searches and other tools, as the full run's earlier phases send it. The bare
 * endpoint never sees any: the difference this makes to the ratio is the measurement (`--mixed`).
 */
export async function mixedTraffic(db: BenchDatabase, server: ServerProcess, connections: number, seconds: number, log: (message: string) => void): Promise<void> {
  const apiKey = await db.issueApiKey(db.project.projectId);
  const session = await openMcpSession(server.baseUrl, apiKey);
  const rest = { 'x-api-key': apiKey, 'content-type': 'application/json' };
  // Ids of their own per call: two servers warmed on one database would otherwise collide (409).
  const prefix = `mixed-${randomUUID().slice(0, 8)}`;
  let written = 0;
  const trace = () =>
    JSON.stringify({
      trace_id: `${prefix}-${written++}`,
      name: 'customer support run',
      metadata: { framework: 'langchain', agent_name: 'support-bot' },
      spans: [{ span_id: 'root', name: 'agent', span_type: 'AGENT', status: 'success', latency_ms: 12, start_time: new Date().toISOString() }],
    });
  const each = { connections, durationSeconds: seconds, warmupRequests: 0 };
  const run = async (label: string, options: Omit<Parameters<typeof load>[0], keyof typeof each>) => {
    const result = await load({ ...each, ...options });
    log(`mixed: ${label} ${Math.round(result.requestsPerSecond)} req/s${result.failed > 0 ? `, not 2xx: ${JSON.stringify(result.statusCodes)}` : ''}`);
  };
  try {
    await run('POST /traces', { url: `${server.baseUrl}/api/v1/public/traces`, method: 'POST', headers: rest, nextBody: trace });
    await run('GET /traces', { url: `${server.baseUrl}/api/v1/public/traces?limit=50`, headers: rest });
    await run('GET /project', { url: `${server.baseUrl}/api/v1/public/project`, headers: rest });
    await run('GET /traces/{id}', { url: `${server.baseUrl}/api/v1/public/traces/${prefix}-0`, headers: rest });
    for (const [tool, args] of [['search_traces', { query: 'customer', limit: 20 }], ['get_trace_context', { trace_id: `${prefix}-0` }], ['list_detections', {}]] as const) {
      await run(tool, { url: session.url, method: 'POST', headers: session.headers, body: toolCallBody(tool, args) });
    }
  } finally {
    await session.close();
  }
}
