import { JSONRPCErrorException, type JSONRPCParams } from 'json-rpc-2.0';
import type { Principal } from '../auth/principal.js';
import type { ProjectRecord } from '../ports/projects.js';
import { negotiateProtocolVersion } from './protocol.js';
import { sessionOwner } from './session-owner.js';
import type { PresentedCredential, ToolAccess } from './tool-access.js';
import type { ToolCatalog } from './tool-catalog.js';
import { InsufficientScope, internalError, invalidParams, type ToolInvoker } from './tool-invoker.js';
import { toolErrorResult, type CallToolResult } from './tool-result.js';
import { PROMPTS, RESOURCE_TEMPLATES, type McpContent } from './mcp-content.js';
import { observeToolCall } from '../observability/instruments.js';
import type { ToolSession, ToolSessions } from './tool-sessions.js';
import { RpcMethods } from './rpc-methods.js';

/** What every method of one HTTP request sees. */
export interface RpcContext {
  principal: Principal;
  project: ProjectRecord;
  requestId: string;
  /** The session the request resumed (null for initialize). */
  session: ToolSession | null;
  /** Set by initialize for the router to announce in Mcp-Session-Id. */
  opened: ToolSession | null;
  /** The request's credential headers, on which each tool's operation is authorized. */
  credential: PresentedCredential;
  /** Set when a call lacked a scope the token could be granted: the router answers 403 (step-up). */
  stepUp: { scopes: string[]; detail: string } | null;
  /** Whether the request is a batch (no step-up there: one message's refusal must not sink the others). */
  batch: boolean;
  /** notifications/message for the session's log level, sent before the answer when the reply is a stream. */
  notifications: Record<string, unknown>[];
}

export interface McpMethodDependencies {
  content?: McpContent;
  catalog: ToolCatalog;
  /** Which tools a principal is shown (a read-only key: the reading ones). */
  access: Pick<ToolAccess, 'offersTo'>;
  invoker: ToolInvoker;
  sessions: ToolSessions;
  serverVersion: string;
  log: (message: string) => void;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Turns anything unexpected into -32603 "Internal error" (logged with its stack, answered without). */
function guarded<T>(log: (message: string) => void, method: string, body: (params: JSONRPCParams, context: RpcContext) => Promise<T> | T) {
  return async (params: JSONRPCParams, context: RpcContext): Promise<T> => {
    try {
      return await body(params, context);
    } catch (error) {
      if (error instanceof JSONRPCErrorException) throw error;
      log(`${context.requestId} ${method} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      throw internalError(context.requestId);
    }
  };
}

/** RFC 5424 severities, as logging/setLevel names them. */
const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** Queues a notifications/message when the session asked for `level` or a lower one (logging/setLevel). */
function notify(context: RpcContext, level: string, data: Record<string, unknown>): void {
  const wanted = context.session?.logLevel;
  if (!wanted || LOG_LEVELS.indexOf(level) < LOG_LEVELS.indexOf(wanted)) return;
  context.notifications.push({ jsonrpc: '2.0', method: 'notifications/message', params: { level, logger: 'tracewell.tools', data } });
}

/** What a finished call tells a client that asked for logs: its outcome (errors) or its duration (debug). */
function logCall(context: RpcContext, name: string, result: CallToolResult, startedMs: number): void {
  const durationMs = Math.round(performance.now() - startedMs);
  if (!result.isError) return notify(context, 'debug', { tool: name, outcome: 'ok', duration_ms: durationMs });
  let problem: Record<string, unknown> = {};
  try {
    problem = JSON.parse(result.content[0]?.text ?? '{}') as Record<string, unknown>;
  } catch {
    // a truncated result's notice is JSON too; anything else is logged without details
  }
  notify(context, 'error', { tool: name, outcome: 'tool_error', status: problem.status ?? null, code: problem.code ?? null, message: problem.message ?? null, duration_ms: durationMs });
}

/** A refused scope: a step-up outside batches (the router answers 403), else the operation's tool error. */
function stepUpOr<T>(context: RpcContext, error: unknown, inBatch: () => T): T {
  if (!(error instanceof InsufficientScope)) throw error;
  if (context.batch) return inBatch();
  context.stepUp = { scopes: error.scopes, detail: error.problem.detail };
  throw error.toRpcError();
}

/** The MCP methods of the server (src/tools/rpc-methods.ts): lifecycle, ping, tools, logging and, with content, resources, prompts and completions. */
export function createMcpMethods({ catalog, access, invoker, sessions, serverVersion, log, content }: McpMethodDependencies): RpcMethods<RpcContext> {
  const server = new RpcMethods<RpcContext>();

  server.addMethod(
    'initialize',
    guarded(log, 'initialize', (params, context) => {
      if (!isRecord(params) || typeof params.protocolVersion !== 'string') throw invalidParams('initialize needs params.protocolVersion (a string).');
      const clientInfo = isRecord(params.clientInfo) ? params.clientInfo : {};
      const protocolVersion = negotiateProtocolVersion(params.protocolVersion);
      context.opened = sessions.open({
        credentialId: sessionOwner(context.principal),
        projectId: context.project.id,
        protocolVersion,
        clientName: typeof clientInfo.name === 'string' ? clientInfo.name.slice(0, 200) : null,
      });
      return {
        protocolVersion,
        capabilities: {
          tools: { listChanged: false },
          ...(content ? { resources: { listChanged: false, subscribe: false }, prompts: { listChanged: false }, completions: {} } : {}),
          logging: {},
        },
        serverInfo: { name: 'tracewell', version: serverVersion },
        instructions: `Tracewell observability tools. Every call works in project ${context.project.name} (${context.project.id}); whoami names it.`,
      };
    }),
  );

  // Lifecycle notifications need no work: the session is usable from initialize on.
  server.addMethod('notifications/initialized', () => undefined);
  server.addMethod('notifications/cancelled', () => undefined);

  server.addMethod('ping', () => ({}));

  server.addMethod(
    'tools/list',
    // A client shows the model every listed tool; one it could only be refused is left out.
    guarded(log, 'tools/list', (_params, context) => ({
      tools: catalog.list().filter((tool) => access.offersTo(tool.operationId, context.principal)).map((tool) => ({
        name: tool.name,
        ...(tool.annotations?.title ? { title: tool.annotations.title } : {}),
        description: tool.description,
        inputSchema: tool.inputSchema,
        ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
        ...(tool.annotations ? { annotations: tool.annotations } : {}),
      })),
    })),
  );

  server.addMethod(
    'tools/call',
    guarded(log, 'tools/call', (params, context) => {
      if (!isRecord(params) || typeof params.name !== 'string') throw invalidParams('tools/call needs params.name (a string).');
      const args = params.arguments ?? {};
      if (!isRecord(args)) throw invalidParams('params.arguments must be an object.');
      const name = params.name;
      const startedMs = performance.now();
      return observeToolCall(name, catalog.lookup(name).kind !== 'unknown', () =>
        invoker
          .call({ name, args, project: context.project, requestId: context.requestId, credential: context.credential, scopesHeld: context.principal.scopes })
          .catch((error: unknown) => stepUpOr(context, error, () => toolErrorResult((error as InsufficientScope).problem))),
      ).then((result) => {
        logCall(context, name, result, startedMs);
        return result;
      });
    }),
  );

  server.addMethod(
    'logging/setLevel',
    guarded(log, 'logging/setLevel', (params, context) => {
      if (!isRecord(params) || typeof params.level !== 'string' || !LOG_LEVELS.includes(params.level)) {
        throw invalidParams(`logging/setLevel needs params.level, one of ${LOG_LEVELS.join(', ')}.`);
      }
      if (context.session) context.session.logLevel = params.level;
      return {};
    }),
  );

  if (content) {
    const call = (context: RpcContext) => ({ project: context.project, requestId: context.requestId, credential: context.credential, scopesHeld: context.principal.scopes });
    const refusing = <T>(context: RpcContext, work: Promise<T>): Promise<T> =>
      work.catch((error: unknown) =>
        stepUpOr(context, error, () => {
          throw error;
        }),
      );
    server.addMethod(
      'resources/list',
      guarded(log, 'resources/list', (params, context) => refusing(context, content.listResources(isRecord(params) ? params.cursor : undefined, call(context)))),
    );
    server.addMethod(
      'resources/read',
      guarded(log, 'resources/read', (params, context) => refusing(context, content.readResource(isRecord(params) ? params.uri : undefined, call(context)))),
    );
    server.addMethod('resources/templates/list', () => ({ resourceTemplates: RESOURCE_TEMPLATES }));
    server.addMethod('prompts/list', () => ({ prompts: PROMPTS }));
    server.addMethod(
      'prompts/get',
      guarded(log, 'prompts/get', (params, context) => {
        if (!isRecord(params)) throw invalidParams('prompts/get needs params.name.');
        const args = params.arguments ?? {};
        if (!isRecord(args)) throw invalidParams('params.arguments must be an object.');
        return refusing(context, content.getPrompt(params.name, args, call(context)));
      }),
    );
    server.addMethod(
      'completion/complete',
      guarded(log, 'completion/complete', (params, context) =>
        refusing(context, content.complete(isRecord(params) ? params.ref : undefined, isRecord(params) ? params.argument : undefined, call(context))),
      ),
    );
  }

  return server;
}
