import type { Principal } from '../auth/principal.js';
import type { Clock } from '../clock.js';
import type { ProjectRecord } from '../ports/projects.js';

/** JSON Schema of a tool's input, as tools/list publishes it. */
export type JsonSchema = Record<string, unknown>;

/** What a tool call knows about its caller: always one project. */
export interface ToolContext {
  principal: Principal;
  project: ProjectRecord;
  /** Aborted when the tool's timeout passes; long work should stop and write nothing more. */
  signal: AbortSignal;
  /** The server's clock (a ManualClock in tests). */
  clock: Clock;
}

/**
 * One agent tool. Its handler calls the same domain services as the REST handlers and throws
 * ProblemError for failures with the spec's statuses (400, 404, 413, 429).
 */
export interface ToolDefinition<Input = Record<string, unknown>, Result = unknown> {
  name: string;
  description: string;
  /** An object schema; arguments are validated against it (and its defaults applied) before the handler runs. */
  inputSchema: JsonSchema;
  /** Defaults to the server's tool timeout (15 s). */
  timeoutMs?: number;
  /**
   * Scopes an OAuth or service-account token needs beyond the server's `observability:read`
   * (e.g. `observability:write` for tools that write). Public API keys carry no scopes and pass.
   */
  requiredScopes?: readonly string[];
  handler(input: Input, context: ToolContext): Promise<Result>;
}
