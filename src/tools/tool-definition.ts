import type { Principal } from '../auth/principal.js';
import type { ProjectRecord } from '../ports/projects.js';

/** JSON Schema of a tool's input, as tools/list publishes it. */
export type JsonSchema = Record<string, unknown>;

/** What a tool call knows about its caller: always one project. */
export interface ToolContext {
  principal: Principal;
  project: ProjectRecord;
  /** Aborted when the tool's timeout passes; long work should stop and write nothing more. */
  signal: AbortSignal;
}

/**
 * One agent tool. Its handler calls the same domain services as the REST handlers and throws
 * ProblemError for failures with the spec's statuses (400, 404, 413, 429).
 */
export interface ToolDefinition<Input = Record<string, unknown>, Result = unknown> {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  /** Defaults to the server's tool timeout (15 s). */
  timeoutMs?: number;
  handler(input: Input, context: ToolContext): Promise<Result>;
}
