import { CliFailure } from './cli-errors.js';
import type { Credential } from './credentials.js';

const PROTOCOL_VERSION = '2025-06-18';

interface RpcError {
  code: number;
  message: string;
  data?: { status?: number; code?: string; error?: string; request_id?: string; retry_after_seconds?: number };
}

interface RpcAnswer {
  result?: { content?: { type: string; text: string }[]; isError?: boolean };
  error?: RpcError;
}

/** A tool-level failure (`isError: true`), or a JSON-RPC refusal, in the Problem-like shape the CLI prints. */
export class ToolCallError extends CliFailure {
  constructor(
    readonly status: number | undefined,
    readonly code: string | undefined,
    detail: string,
    readonly requestId: string | undefined,
  ) {
    super(`${detail}${status ? ` (${status}${code ? ` ${code}` : ''})` : ''}${requestId ? `\n  requestId: ${requestId}` : ''}`);
    this.name = 'ToolCallError';
  }
}

export interface McpClientOptions {
  baseUrl: string;
  credential: Credential;
  projectId?: string;
  notice: (message: string) => void;
  sleep: (ms: number) => Promise<void>;
}

/**
 * Just enough of an MCP Streamable HTTP client to call one tool: initialize (which opens a session),
 * the initialized notification, tools/call, and DELETE to end the session. Used where a feature has
 * no REST path (full-text trace search is the `search_traces` tool).
 */
export class McpClient {
  private sessionId: string | undefined;
  private nextId = 1;

  constructor(private readonly options: McpClientOptions) {}

  async callTool(name: string, args: Record<string, unknown>): Promise<unknown> {
    await this.post({ jsonrpc: '2.0', id: this.nextId++, method: 'initialize', params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'tracewell-cli', version: '0.1.0' } } });
    try {
      await this.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
      const answer = await this.post({ jsonrpc: '2.0', id: this.nextId++, method: 'tools/call', params: { name, arguments: args } });
      const text = answer?.result?.content?.find((item) => item.type === 'text')?.text;
      if (text === undefined) throw new CliFailure(`The tool ${name} answered without a text result.`);
      const value = JSON.parse(text) as Record<string, unknown>;
      if (answer?.result?.isError) {
        throw new ToolCallError(value.status as number | undefined, value.code as string | undefined, String(value.message ?? 'The tool failed.'), undefined);
      }
      return value;
    } finally {
      await this.endSession();
    }
  }

  private async headers(): Promise<Record<string, string>> {
    return {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': PROTOCOL_VERSION,
      ...(await this.options.credential.headers()),
      ...(this.options.projectId ? { 'x-project-id': this.options.projectId } : {}),
      ...(this.sessionId ? { 'mcp-session-id': this.sessionId } : {}),
    };
  }

  private async post(message: Record<string, unknown>): Promise<RpcAnswer | undefined> {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(`${this.options.baseUrl}/mcp`, { method: 'POST', headers: await this.headers(), body: JSON.stringify(message) });
      } catch (error) {
        throw new CliFailure(`Cannot reach ${this.options.baseUrl}/mcp: ${(error as Error).message}`);
      }
      const session = response.headers.get('mcp-session-id');
      if (session) this.sessionId = session;
      if (response.status === 202) return undefined;
      const text = await response.text();
      let answer: RpcAnswer;
      try {
        answer = JSON.parse(text) as RpcAnswer;
      } catch {
        throw new CliFailure(`The tool server answered ${response.status} without JSON.`);
      }
      if (response.status === 429 && attempt < 5) {
        const seconds = Math.max(1, Number(response.headers.get('retry-after')) || answer.error?.data?.retry_after_seconds || 1);
        this.options.notice(`Rate limited; waiting ${seconds} s (Retry-After) and continuing…`);
        await this.options.sleep(seconds * 1000);
        continue;
      }
      if (answer.error) {
        const data = answer.error.data ?? {};
        throw new ToolCallError(data.status ?? response.status, data.code, data.error ?? answer.error.message, data.request_id);
      }
      return answer;
    }
  }

  private async endSession(): Promise<void> {
    if (!this.sessionId) return;
    await fetch(`${this.options.baseUrl}/mcp`, { method: 'DELETE', headers: await this.headers() }).catch(() => undefined);
    this.sessionId = undefined;
  }
}
