import type { Principal } from '../auth/principal.js';
import type { Clock } from '../clock.js';
import type { OperationId } from '../http/operation-types.js';
import type { ProjectRecord } from '../ports/projects.js';

/** JSON Schema of a tool's input, as tools/list publishes it. */
export type JsonSchema = Record<string, unknown>;

/** MCP tool annotations (2025-03-26 on): hints about what a call does, set from what its operation does. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** What a tool call knows about its caller: always one project. */
export interface ToolContext {
  principal: Principal;
  project: ProjectRecord;
  /** Aborted when the tool's timeout passes; long work should stop and write nothing more. */
  signal: AbortSignal;
  /** The server's clock (a ManualClock in tests). */
  clock: Clock;
  /** The HTTP request's id, which the operation's handler sees as REST handlers do. */
  requestId: string;
}

/**
 * One agent tool. `operationId` names the contract operation whose access policy a call must pass
 * (credential kinds, scopes, minimum project role, capability) — the check REST runs for it; the
 * served tools' handlers call that operation's handler (see operation-tool.ts). Failures are
 * ProblemErrors with the spec's statuses (400, 404, 413, 429).
 */
export interface ToolDefinition<Input = Record<string, unknown>, Result = unknown> {
  name: string;
  description: string;
  /** An object schema; arguments are validated against it (and its defaults applied) before the handler runs. */
  inputSchema: JsonSchema;
  /** JSON Schema of the result object: tools/list publishes it and results carry it as structuredContent. */
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  /** Defaults to the server's tool timeout (15 s). */
  timeoutMs?: number;
  operationId: OperationId;
  handler(input: Input, context: ToolContext): Promise<Result>;
}
