import type { Config } from '../config.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { loadContract } from '../http/contract.js';
import { field, object } from './contract-fields.js';
import { detectionToolMappings } from './detection-tools.js';
import { learnedDetectionToolMappings } from './learned-detection-tools.js';
import { failureClusterToolMappings } from './failure-cluster-tools.js';
import { READS } from './tool-annotation-presets.js';
import { mapTool, operationTool, type AnyToolMapping } from './operation-tool.js';
import type { ToolDefinition } from './tool-definition.js';
import { traceToolMappings } from './trace-tools.js';
import { triageToolMappings } from './triage-tools.js';
import { alertToolMappings } from './alert-tools.js';
import { channelToolMappings } from './channel-tools.js';
import { dispatchToolMappings } from './dispatch-tools.js';
import { agentToolMappings } from './agent-tools.js';
import { evaluationToolMappings } from './evaluation-tools.js';
import { promptToolMappings } from './prompt-tools.js';
import { sessionToolMappings } from './session-tools.js';
import { experimentToolMappings } from './experiment-tools.js';
import { analyticsToolMappings } from './analytics-tools.js';

const NO_INPUT = object({});
const NOTHING = { path: {}, query: {}, headers: {}, body: undefined } as const;

/** ping (the ping operation) and whoami (getProject). */
function connectionToolMappings(): AnyToolMapping[] {
  return [
    mapTool({
      name: 'ping',
      output: object({ status: field('Ping', 'status'), server_time: field('Ping', 'serverTime') }),
      annotations: READS,
      operationId: 'ping',
      description: 'Checks that the tool server is reachable and the credential works. Returns status "ok" and the server time (ISO 8601).',
      input: NO_INPUT,
      toOperation: () => NOTHING,
      toResult: (data) => ({ status: data.status, server_time: data.serverTime }),
    }),
    mapTool({
      name: 'whoami',
      output: object({ project_id: field('Project', 'id'), org_id: field('Project', 'organizationId'), project_name: field('Project', 'name') }),
      annotations: READS,
      operationId: 'getProject',
      description: 'Returns the project this connection is bound to: project_id, org_id and project_name. Every other tool works in this project.',
      input: NO_INPUT,
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
  return [...connectionToolMappings(), ...traceToolMappings(config), ...detectionToolMappings(), ...triageToolMappings(config), ...alertToolMappings(), ...channelToolMappings(), ...dispatchToolMappings(), ...agentToolMappings(), ...evaluationToolMappings(), ...promptToolMappings(), ...experimentToolMappings(), ...learnedDetectionToolMappings(), ...failureClusterToolMappings(), ...sessionToolMappings(config), ...analyticsToolMappings()];
}

/** The served tools over `handlers`, the object REST routes to, with schemas derived from `contract`. */
export function buildToolRegistry(handlers: OperationHandlers, config: Config, contract: Record<string, unknown> = loadContract()): ToolDefinition[] {
  return toolMappings(config).map((mapping) => operationTool(mapping, handlers, contract));
}
