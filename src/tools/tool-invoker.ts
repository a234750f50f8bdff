import { JSONRPCErrorException } from 'json-rpc-2.0';
import type { Principal } from '../auth/principal.js';
import type { Clock } from '../clock.js';
import { isProblemError, ProblemError } from '../errors.js';
import type { ProjectRecord } from '../ports/projects.js';
import { RpcCode } from './protocol.js';
import type { ToolCatalog } from './tool-catalog.js';
import { successResult, toolErrorResult, type CallToolResult } from './tool-result.js';

export interface ToolCall {
  name: string;
  args: Record<string, unknown>;
  principal: Principal;
  project: ProjectRecord;
  requestId: string;
}

export const invalidParams = (detail: string, extra: Record<string, unknown> = {}): JSONRPCErrorException =>
  new JSONRPCErrorException('Invalid params', RpcCode.invalidParams, { error: detail, ...extra });

export const internalError = (requestId: string): JSONRPCErrorException =>
  new JSONRPCErrorException('Internal error', RpcCode.internalError, {
    error: `An internal error occurred; quote request id ${requestId} when reporting it.`,
    request_id: requestId,
  });

class ToolTimeout extends Error {}

/**
 * Runs one tools/call: finds the tool, validates its arguments, checks token scopes, runs the
 * handler under its timeout, and maps the outcome. Protocol faults (unknown or disabled tool, bad
 * arguments) and internal faults throw JSON-RPC errors; failures a tool reports with a ProblemError
 * become `isError` results the agent can read and act on.
 */
export class ToolInvoker {
  constructor(
    private readonly catalog: ToolCatalog,
    private readonly clock: Clock,
    private readonly maxResultBytes: number,
    private readonly log: (message: string) => void,
  ) {}

  async call({ name, args, principal, project, requestId }: ToolCall): Promise<CallToolResult> {
    const found = this.catalog.lookup(name);
    if (found.kind === 'unknown') throw invalidParams(`Unknown tool: ${name}. tools/list names the tools of this server.`);
    if (found.kind === 'disabled') throw invalidParams(`Tool ${name} is disabled on this server.`);
    const { tool, timeoutMs } = found;

    const checked = this.catalog.checkArguments(tool, args);
    if (!checked.valid) throw invalidParams(checked.detail, { errors: checked.errors });

    const missing = principal.scopes ? (tool.requiredScopes ?? []).filter((scope) => !principal.scopes!.includes(scope)) : [];
    if (missing.length > 0) {
      return toolErrorResult(new ProblemError(403, 'PUBLIC_API_INSUFFICIENT_SCOPE', `The token lacks the scope ${missing.join(' ')}.`));
    }

    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort(new ToolTimeout());
        reject(new ToolTimeout());
      }, timeoutMs);
    });
    try {
      const result = await Promise.race([tool.handler(checked.input, { principal, project, signal: controller.signal, clock: this.clock }), deadline]);
      return successResult(result, this.maxResultBytes);
    } catch (error) {
      if (error instanceof ToolTimeout || controller.signal.aborted) {
        return toolErrorResult(
          new ProblemError(503, 'PUBLIC_API_TOOL_TIMEOUT', `Tool ${name} did not finish within ${timeoutMs} ms and was cancelled; retry, or narrow the request.`),
        );
      }
      if (isProblemError(error) && error.status !== 500) return toolErrorResult(error);
      this.log(`${requestId} tools/call ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      throw internalError(requestId);
    } finally {
      clearTimeout(timer);
    }
  }
}
