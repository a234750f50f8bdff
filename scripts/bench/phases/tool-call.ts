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
  /** Interleaved MCP / bare rounds; the medians are reported (1 when absent). */
  rounds?: number;
}

/** The median of a list of numbers (the lower middle of an even count). */
const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/**
 * `tools/call ping` through the whole MCP path (credential, session, rate limit, JSON-RPC, tool
 * registry) against a bare express JSON endpoint spawned the same way, same connections and
 * duration, in the same run: the ratio is the tool server's overhead. With `rounds` > 1 the two
 * alternate (MCP, bare, MCP, bare, …) and the medians are reported: on a shared machine a single
 * pair measures whatever else ran in its minute (the ratio is the median of the rounds' ratios).
 */
export async function measureToolCall(context: PhaseContext, options: ToolCallOptions): Promise<BenchPhases['toolCall']> {
  const apiKey = await context.db.issueApiKey(options.projectId);
  const session = await openMcpSession(context.server.baseUrl, apiKey);
  const rounds: NonNullable<BenchPhases['toolCall']['rounds']> = [];
  let mcp: BenchPhases['toolCall']['mcp'] | null = null;
  let bare: BenchPhases['toolCall']['bare'] | null = null;
  try {
    await session.callTool('ping', {});
    for (let round = 0; round < (options.rounds ?? 1); round++) {
      context.log(`tool call: MCP ping at ${options.connections} connections (round ${round + 1})…`);
      const result = await loadPing(context, 'tool call MCP', session, options.connections);
      const mcpRound = { requestsPerSecond: result.requestsPerSecond, p50Ms: result.p50Ms, p99Ms: result.p99Ms, failed: result.failed, peakRssMb: result.peakRssMb };
      context.log(`tool call: bare express endpoint (round ${round + 1})…`);
      const bareResult = await load({
        url: `${options.bare.baseUrl}/ping`,
        method: 'POST',
        connections: options.connections,
        ...timedRun(context),
        headers: { 'content-type': 'application/json' },
        body: toolCallBody('ping', {}),
      });
      noteFailures(context, 'tool call bare', bareResult.failed, bareResult.statusCodes);
      const bareRound = { requestsPerSecond: bareResult.requestsPerSecond, p50Ms: bareResult.p50Ms, p99Ms: bareResult.p99Ms, failed: bareResult.failed };
      rounds.push({ mcp: mcpRound, bare: bareRound, mcpToBare: ratioOf(mcpRound.requestsPerSecond, bareRound.requestsPerSecond) });
    }
  } finally {
    await session.close();
  }
  const middle = (pick: (r: (typeof rounds)[number]) => number) => median(rounds.map(pick));
  mcp = {
    requestsPerSecond: middle((r) => r.mcp.requestsPerSecond),
    p50Ms: middle((r) => r.mcp.p50Ms),
    p99Ms: middle((r) => r.mcp.p99Ms),
    failed: rounds.reduce((sum, r) => sum + r.mcp.failed, 0),
    peakRssMb: Math.max(...rounds.map((r) => r.mcp.peakRssMb ?? 0)) || null,
  };
  bare = {
    requestsPerSecond: middle((r) => r.bare.requestsPerSecond),
    p50Ms: middle((r) => r.bare.p50Ms),
    p99Ms: middle((r) => r.bare.p99Ms),
    failed: rounds.reduce((sum, r) => sum + r.bare.failed, 0),
  };
  return {
    connections: options.connections,
    mcp,
    bare,
    mcpToBare: middle((r) => r.mcpToBare),
    ...(rounds.length > 1 ? { rounds } : {}),
  };
}

const ratioOf = (mcp: number, bare: number) => (bare > 0 ? Math.round((mcp / bare) * 1000) / 1000 : 0);
