import { load } from '../load.js';
import { openMcpSession, toolCallBody } from '../mcp-client.js';
import type { BenchPhases } from '../report.js';
import type { ServerProcess } from '../server-process.js';
import { loadPing, noteFailures, timedRun, type PhaseContext } from './phase-context.js';

export interface ToolCallOptions {
  projectId: string;
  connections: number;
  /** The bare express endpoint (scripts/bench/bare-server.ts), spawned like the server. */
  bare: ServerProcess;
}

/**
 * `tools/call ping` through the whole MCP path (credential, session, rate limit, JSON-RPC, tool
 * registry) against a bare express JSON endpoint spawned the same way, same connections and
 * duration, one after the other in the same run: the ratio is the tool server's overhead.
 */
export async function measureToolCall(context: PhaseContext, options: ToolCallOptions): Promise<BenchPhases['toolCall']> {
  const apiKey = await context.db.issueApiKey(options.projectId);
  const session = await openMcpSession(context.server.baseUrl, apiKey);
  let mcp: BenchPhases['toolCall']['mcp'];
  try {
    await session.callTool('ping', {});
    context.log(`tool call: MCP ping at ${options.connections} connections…`);
    const result = await loadPing(context, 'tool call MCP', session, options.connections);
    mcp = { requestsPerSecond: result.requestsPerSecond, p50Ms: result.p50Ms, p99Ms: result.p99Ms, failed: result.failed, peakRssMb: result.peakRssMb };
  } finally {
    await session.close();
  }

  context.log('tool call: bare express endpoint…');
  const bareResult = await load({
    url: `${options.bare.baseUrl}/ping`,
    method: 'POST',
    connections: options.connections,
    ...timedRun(context),
    headers: { 'content-type': 'application/json' },
    body: toolCallBody('ping', {}),
  });
  noteFailures(context, 'tool call bare', bareResult.failed, bareResult.statusCodes);
  const bare = { requestsPerSecond: bareResult.requestsPerSecond, p50Ms: bareResult.p50Ms, p99Ms: bareResult.p99Ms, failed: bareResult.failed };
  return {
    connections: options.connections,
    mcp,
    bare,
    mcpToBare: bare.requestsPerSecond > 0 ? Math.round((mcp.requestsPerSecond / bare.requestsPerSecond) * 1000) / 1000 : 0,
  };
}
