import type { Principal } from '../../src/auth/principal.js';
import { servedHandlers } from '../../src/handlers/served-handlers.js';
import { operationIndex } from '../../src/http/contract.js';
import { operationTool, type AnyToolMapping } from '../../src/tools/operation-tool.js';
import type { ToolContext, ToolDefinition } from '../../src/tools/tool-definition.js';
import type { TenantSeed, TestServer } from './harness.js';

/** The context a tool call of `tenant`'s project API key gets, for calling tool handlers directly. */
export function toolContext(server: TestServer, tenant: TenantSeed, overrides: Partial<Principal> = {}): ToolContext {
  return {
    principal: {
      kind: 'api_key',
      scheme: 'apiKey',
      credentialId: `key-of-${tenant.project.id}`,
      organizationId: tenant.organization.id,
      userId: tenant.user.id,
      scopes: null,
      project: tenant.project,
      grant: null,
      ...overrides,
    },
    project: tenant.project,
    signal: new AbortController().signal,
    clock: server.clock,
    requestId: 'req_00000000000000000000000000000000',
  };
}

/** The served tools of `mappings` over the server's operation handlers (audit trail included), for calling tool handlers directly. */
export function toolsOver(server: TestServer, mappings: AnyToolMapping[]): ToolDefinition[] {
  const handlers = servedHandlers(server.runtime, operationIndex());
  return mappings.map((mapping) => operationTool(mapping, handlers));
}

export function tool(tools: ToolDefinition[], name: string): ToolDefinition {
  const found = tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}
