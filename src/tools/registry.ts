import type { Config } from '../config.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { detectionToolMappings } from './detection-tools.js';
import { READS, OUTPUT_SCHEMAS } from './tool-output-schemas.js';
import { mapTool, operationTool, type AnyToolMapping } from './operation-tool.js';
import type { ToolDefinition } from './tool-definition.js';
import { traceToolMappings } from './trace-tools.js';
import { triageToolMappings } from './triage-tools.js';
import { alertToolMappings } from './alert-tools.js';
import { dispatchToolMappings } from './dispatch-tools.js';
import { evaluationToolMappings } from './evaluation-tools.js';

const NO_INPUT = { type: 'object', properties: {}, additionalProperties: false } as const;
const NOTHING = { path: {}, query: {}, headers: {}, body: undefined } as const;

/** ping (the ping operation) and whoami (getProject). */
function connectionToolMappings(): AnyToolMapping[] {
  return [
    mapTool({
      name: 'ping',
    outputSchema: OUTPUT_SCHEMAS.ping,
    annotations: READS,
      operationId: 'ping',
      description: 'Checks that the tool server is reachable and the credential works. Returns status "ok" and the server time (ISO 8601).',
      inputSchema: NO_INPUT,
      toOperation: () => NOTHING,
      toResult: (data) => ({ status: data.status, server_time: data.serverTime }),
    }),
    mapTool({
      name: 'whoami',
    outputSchema: OUTPUT_SCHEMAS.whoami,
    annotations: READS,
      operationId: 'getProject',
      description: 'Returns the project this connection is bound to: project_id, org_id and project_name. Every other tool works in this project.',
      inputSchema: NO_INPUT,
      toOperation: () => NOTHING,
      toResult: (project) => ({ project_id: project.id, org_id: project.organizationId, project_name: project.name }),
    }),
  ];
}

/**
 * The tool table: every spec tool and the one contract operation it rides, in the order tools/list
 * shows them. Configuration (TOOLS_ENABLED, TOOLS_DISABLED) decides which are served; the catalog
 * applies it, not this list.
 */
export function toolMappings(config: Config): AnyToolMapping[] {
  return [...connectionToolMappings(), ...traceToolMappings(config), ...detectionToolMappings(), ...triageToolMappings(config), ...alertToolMappings(), ...dispatchToolMappings(), ...evaluationToolMappings()];
}

/** The served tools over `handlers`, the object REST routes to. */
export function buildToolRegistry(handlers: OperationHandlers, config: Config): ToolDefinition[] {
  return toolMappings(config).map((mapping) => operationTool(mapping, handlers));
}
