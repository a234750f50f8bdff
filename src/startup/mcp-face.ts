import type { RequestHandler } from 'express';
import type { OperationMeta } from '../http/contract.js';
import type { OperationHandlers } from '../http/operation-types.js';
import type { Runtime } from '../runtime.js';
import { mcpRouter } from '../tools/mcp-router.js';
import { buildToolRegistry } from '../tools/registry.js';
import { contentDefinitions, McpContent } from '../tools/mcp-content.js';
import { ToolAccess } from '../tools/tool-access.js';
import type { ToolDefinition } from '../tools/tool-definition.js';

/**
 * The MCP tool server mounted at /mcp: the tool registry over the served handlers, their access
 * rules and the resources. A module of its own so the app imports it on the first /mcp request
 * (src/http/lazy-router.ts): the registry's schema derivation and the tool modules cost ~0.1 s of
 * CPU at start that a deployment serving only REST (and every /readyz) never needs.
 */
export function mcpFace(runtime: Runtime, handlers: OperationHandlers, operations: readonly OperationMeta[], extraTools: readonly ToolDefinition[]): RequestHandler {
  const { config, services, authenticator, limiter, clock, log } = runtime;
  const toolAccess = new ToolAccess(authenticator, services.capabilities, operations);
  return mcpRouter({
    authenticator,
    limiter,
    clock,
    log,
    settings: config.tools,
    tools: [...buildToolRegistry(handlers, config), ...extraTools],
    access: toolAccess,
    publicBaseUrl: config.publicBaseUrl,
    bindHost: config.host,
    content: new McpContent(contentDefinitions(handlers, config), toolAccess, clock),
  });
}
