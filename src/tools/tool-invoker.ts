import { JSONRPCErrorException } from 'json-rpc-2.0';
import type { Principal } from '../auth/principal.js';
import type { Clock } from '../clock.js';
import { storageUnavailableProblem } from '../ports/storage-faults.js';
import { isProblemError, ProblemError } from '../errors.js';
import type { ProjectRecord } from '../ports/projects.js';
import { RpcCode } from './protocol.js';
import type { PresentedCredential, ToolAccess } from './tool-access.js';
import type { ToolCatalog } from './tool-catalog.js';
import { successResult, toolErrorResult, type CallToolResult } from './tool-result.js';
import { CallContext, CallDeadline, ToolTimeout } from './call-deadline.js';

export interface ToolCall {
  name: string;
  args: Record<string, unknown>;
  project: ProjectRecord;
  requestId: string;
  /** The request's credential headers: the tool's operation is authorized on them, as REST would. */
  credential: PresentedCredential;
  /** The scopes of the caller's token (null for API keys): a step-up asks for these plus the missing ones. */
  scopesHeld?: readonly string[] | null;
}

export const invalidParams = (detail: string, extra: Record<string, unknown> = {}): JSONRPCErrorException =>
  new JSONRPCErrorException('Invalid params', RpcCode.invalidParams, { error: detail, ...extra });

export const internalError = (requestId: string): JSONRPCErrorException =>
  new JSONRPCErrorException('Internal error', RpcCode.internalError, {
    error: `An internal error occurred; quote request id ${requestId} when reporting it.`,
    request_id: requestId,
  });

/**
 * A token lacking the scope of a tool's operation. Outside a batch the transport answers HTTP 403
 * with `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"`, which OAuth clients answer
 * by asking the user for the wider grant (step-up); `scopes` are those to ask for.
 */
export class InsufficientScope extends Error {
  constructor(
    readonly problem: ProblemError,
    readonly scopes: string[],
  ) {
    super(problem.detail);
  }

  /** The JSON-RPC error the body carries (json-rpc-2.0 resets its exception's prototype, so this is no subclass of it). */
  toRpcError(): JSONRPCErrorException {
    return new JSONRPCErrorException('Insufficient scope', RpcCode.requestRejected, { status: 403, code: this.problem.code, error: this.problem.detail, scopes: this.scopes });
  }
}

const challengedScopes = (problem: ProblemError): string[] => /scope="([^"]*)"/.exec(problem.headers['WWW-Authenticate'] ?? '')?.[1].split(' ').filter(Boolean) ?? [];

/**
 * Runs one tools/call: finds the tool, authorizes it as its contract operation (the check REST
 * runs), validates its arguments, runs the handler under its timeout, and maps the outcome. Protocol faults (unknown or disabled tool, bad
 * arguments) and internal faults throw JSON-RPC errors; failures a tool reports with a ProblemError
 * become `isError` results the agent can read and act on.
 */
export class ToolInvoker {
  constructor(
    private readonly catalog: ToolCatalog,
    private readonly access: ToolAccess,
    private readonly clock: Clock,
    private readonly maxResultBytes: number,
    private readonly log: (message: string) => void,
  ) {}

  async call({ name, args, project, requestId, credential, scopesHeld }: ToolCall): Promise<CallToolResult> {
    const found = this.catalog.lookup(name);
    if (found.kind === 'unknown') throw invalidParams(`Unknown tool: ${name}. tools/list names the tools of this server.`);
    if (found.kind === 'disabled') throw invalidParams(`Tool ${name} is disabled on this server.`);
    const { tool, timeoutMs } = found;

    // Before the arguments are read, as REST authorizes before it validates: a refusal is the
    // operation's own 401/403 Problem, reported as a tool error.
    let principal: Principal;
    try {
      principal = await this.access.authorize(tool.operationId, credential);
    } catch (error) {
      if (isProblemError(error) && error.code === 'PUBLIC_API_INSUFFICIENT_SCOPE') {
        throw new InsufficientScope(error, [...new Set([...(scopesHeld ?? []), ...challengedScopes(error)])]);
      }
      if (isProblemError(error) && error.status !== 500) return toolErrorResult(error);
      throw error;
    }
    if (principal.project?.id !== project.id) {
      // The transport selected the project from the same headers; anything else is a server fault.
      throw new Error(`tool ${name}: operation project ${principal.project?.id} differs from the session's ${project.id}`);
    }

    // 2025-11-25: arguments outside the input schema are a tool error the model can read and correct
    // (with each field's path), not a protocol error its client would swallow.
    const checked = this.catalog.checkArguments(tool, args);
    if (!checked.valid) return toolErrorResult(new ProblemError(400, 'PUBLIC_API_VALIDATION_FAILED', checked.detail, { errors: checked.errors }));

    const deadline = new CallDeadline(timeoutMs);
    const context = new CallContext(principal, project, this.clock, requestId, deadline);
    try {
      const result = await Promise.race([tool.handler(checked.input, context), deadline.expired]);
      return successResult(result, this.maxResultBytes, tool.outputSchema !== undefined);
    } catch (error) {
      if (error instanceof ToolTimeout || deadline.hasPassed) {
        return toolErrorResult(
          new ProblemError(503, 'PUBLIC_API_TOOL_TIMEOUT', `Tool ${name} did not finish within ${timeoutMs} ms and was cancelled; retry, or narrow the request.`),
        );
      }
      if (isProblemError(error) && error.status !== 500) return toolErrorResult(error);
      const storageFault = storageUnavailableProblem(error);
      if (storageFault) return toolErrorResult(storageFault);
      this.log(`${requestId} tools/call ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      throw internalError(requestId);
    } finally {
      deadline.clear();
    }
  }
}
