import { load } from '../load.js';
import { openMcpSession, toolCallBody } from '../mcp-client.js';
import type { BenchPhases } from '../report.js';
import { RssSampler } from '../rss-sampler.js';
import { spawnServer } from '../server-process.js';
import { noteFailures, type PhaseContext } from './phase-context.js';

export interface ToolCallOptions {
  projectId: string;
  connections: number;
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
    const rss = new RssSampler(context.server.pid);
    rss.start();
    const result = await load({
      url: session.url,
      method: 'POST',
      connections: options.connections,
      durationSeconds: context.durationSeconds,
      headers: session.headers,
      body: toolCallBody('ping', {}),
    });
    mcp = { requestsPerSecond: result.requestsPerSecond, p50Ms: result.p50Ms, p99Ms: result.p99Ms, failed: result.failed, peakRssMb: rss.stop() };
    noteFailures(context, 'tool call MCP', result.failed, result.statusCodes);
  } finally {
    await session.close();
  }

  context.log('tool call: bare express endpoint…');
  const bareServer = await spawnServer({ entry: 'scripts/bench/bare-server.ts', env: {} });
  let bare: BenchPhases['toolCall']['bare'];
  try {
    const result = await load({
      url: `${bareServer.baseUrl}/ping`,
      method: 'POST',
      connections: options.connections,
      durationSeconds: context.durationSeconds,
      headers: { 'content-type': 'application/json' },
      body: toolCallBody('ping', {}),
    });
    bare = { requestsPerSecond: result.requestsPerSecond, p50Ms: result.p50Ms, p99Ms: result.p99Ms, failed: result.failed };
    noteFailures(context, 'tool call bare', result.failed, result.statusCodes);
  } finally {
    await bareServer.stop();
  }
  return {
    connections: options.connections,
    mcp,
    bare,
    mcpToBare: bare.requestsPerSecond > 0 ? Math.round((mcp.requestsPerSecond / bare.requestsPerSecond) * 1000) / 1000 : 0,
  };
}
