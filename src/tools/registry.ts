import type { Config } from '../config.js';
import type { Services } from '../services.js';
import type { ToolDefinition } from './tool-definition.js';
import { traceTools } from './trace-tools.js';
import { detectionTools } from './detection-tools.js';
import { triageTools } from './triage-tools.js';

const NO_INPUT = { type: 'object', properties: {}, additionalProperties: false } as const;

/** Connectivity check: answers without touching storage. */
function pingTool(): ToolDefinition<Record<string, never>, { status: 'ok'; server_time: string }> {
  return {
    name: 'ping',
    description: 'Checks that the tool server is reachable and the credential works. Returns status "ok" and the server time (ISO 8601).',
    inputSchema: NO_INPUT,
    handler: async (_input, { clock }) => ({ status: 'ok', server_time: clock.now().toISOString() }),
  };
}

/** The project (and its organization) every call of this session is bound to. */
function whoamiTool(services: Services): ToolDefinition<Record<string, never>, { project_id: string; org_id: string; project_name: string }> {
  return {
    name: 'whoami',
    description: 'Returns the project this connection is bound to: project_id, org_id and project_name. Every other tool works in this project.',
    inputSchema: NO_INPUT,
    handler: async (_input, { project }) => {
      const { project: described, organization } = await services.projects.describe(project);
      return { project_id: described.id, org_id: organization.id, project_name: described.name };
    },
  };
}

/**
 * Every tool the server knows, in the order tools/list shows them. Configuration (TOOLS_ENABLED,
 * TOOLS_DISABLED) decides which are served; the catalog applies it, not this list.
 */
export function buildToolRegistry(services: Services, config: Config): ToolDefinition[] {
  return [
    pingTool(),
    whoamiTool(services),
    ...traceTools(services, config),
    ...detectionTools(services),
    ...triageTools(services, config),
  ];
}
