/**
 * Just enough of an MCP Streamable-HTTP client for the benchmark: open a session on POST /mcp
 * (initialize + notifications/initialized) and call tools. The load generator then replays
 * `tools/call` requests with the session's headers.
 */
export interface McpSession {
  url: string;
  /** Headers every request of the session carries (credential, session id, protocol version). */
  headers: Record<string, string>;
  callTool<T = unknown>(name: string, args: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}

const PROTOCOL_VERSION = '2025-06-18';

/** The JSON-RPC message of a response that may be plain JSON or a one-event SSE stream. */
async function rpcMessage(response: Response): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
  const text = await response.text();
  if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const data = text.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim());
    return JSON.parse(data[data.length - 1]);
  }
  return JSON.parse(text);
}

export function toolCallBody(name: string, args: Record<string, unknown>, id: number | string = 1): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
}

export async function openMcpSession(baseUrl: string, apiKey: string): Promise<McpSession> {
  const url = `${baseUrl}/mcp`;
  const base: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'x-api-key': apiKey,
  };
  const init = await fetch(url, {
    method: 'POST',
    headers: base,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'tracewell-bench', version: '1' } },
    }),
  });
  const initMessage = await rpcMessage(init);
  if (!init.ok || initMessage.error) throw new Error(`MCP initialize failed (${init.status}): ${JSON.stringify(initMessage)}`);
  const headers: Record<string, string> = { ...base, 'mcp-protocol-version': PROTOCOL_VERSION };
  const sessionId = init.headers.get('mcp-session-id');
  if (sessionId) headers['mcp-session-id'] = sessionId;
  await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });

  let nextId = 1;
  return {
    url,
    headers,
    async callTool<T>(name: string, args: Record<string, unknown>): Promise<T> {
      const response = await fetch(url, { method: 'POST', headers, body: toolCallBody(name, args, nextId++) });
      const message = await rpcMessage(response);
      if (message.error) throw new Error(`${name} failed: ${message.error.code} ${message.error.message}`);
      const result = message.result as { content?: { type: string; text: string }[]; isError?: boolean };
      const text = result.content?.find((item) => item.type === 'text')?.text ?? 'null';
      if (result.isError) throw new Error(`${name} returned a tool error: ${text}`);
      return JSON.parse(text) as T;
    },
    async close() {
      if (sessionId) await fetch(url, { method: 'DELETE', headers }).catch(() => undefined);
    },
  };
}
