import { JSONRPCErrorException, JSONRPCServer, type JSONRPCParams } from 'json-rpc-2.0';
import type { Principal } from '../auth/principal.js';
import type { ProjectRecord } from '../ports/projects.js';
import { negotiateProtocolVersion } from './protocol.js';
import type { PresentedCredential } from './tool-access.js';
import type { ToolCatalog } from './tool-catalog.js';
import { internalError, invalidParams, type ToolInvoker } from './tool-invoker.js';
import { observeToolCall } from '../observability/instruments.js';
import type { ToolSession, ToolSessions } from './tool-sessions.js';

/** What every method of one HTTP request sees. `session` is set by initialize for the router to announce. */
export interface RpcContext {
  principal: Principal;
  project: ProjectRecord;
  requestId: string;
  session: ToolSession | null;
  /** The request's credential headers, on which each tool's operation is authorized. */
  credential: PresentedCredential;
}

export interface McpMethodDependencies {
  catalog: ToolCatalog;
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

/** The MCP methods of the server on json-rpc-2.0: lifecycle, ping and the two tool methods. */
export function createMcpMethods({ catalog, invoker, sessions, serverVersion, log }: McpMethodDependencies): JSONRPCServer<RpcContext> {
  const server = new JSONRPCServer<RpcContext>({ errorListener: () => undefined });

  server.addMethod(
    'initialize',
    guarded(log, 'initialize', (params, context) => {
      if (!isRecord(params) || typeof params.protocolVersion !== 'string') throw invalidParams('initialize needs params.protocolVersion (a string).');
      const clientInfo = isRecord(params.clientInfo) ? params.clientInfo : {};
      const protocolVersion = negotiateProtocolVersion(params.protocolVersion);
      context.session = sessions.open({
        credentialId: context.principal.credentialId,
        projectId: context.project.id,
        protocolVersion,
        clientName: typeof clientInfo.name === 'string' ? clientInfo.name.slice(0, 200) : null,
      });
      return {
        protocolVersion,
        capabilities: { tools: { listChanged: false } },
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
    guarded(log, 'tools/list', () => ({
      tools: catalog.list().map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })),
    })),
  );

  server.addMethod(
    'tools/call',
    guarded(log, 'tools/call', (params, context) => {
      if (!isRecord(params) || typeof params.name !== 'string') throw invalidParams('tools/call needs params.name (a string).');
      const args = params.arguments ?? {};
      if (!isRecord(args)) throw invalidParams('params.arguments must be an object.');
      const name = params.name;
      return observeToolCall(name, catalog.lookup(name).kind !== 'unknown', () =>
        invoker.call({ name, args, project: context.project, requestId: context.requestId, credential: context.credential }),
      );
    }),
  );

  return server;
}
