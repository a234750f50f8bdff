import type { components } from '../../generated/openapi.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';
import { optionalEnum, optionalString, requiredString } from './tool-input-readers.js';

type FixDispatch = components['schemas']['FixDispatch'];

const FIX_ID = { fix_id: { type: 'string', description: 'The fix id (uuid).' } };
const NOTE = { note: { type: 'string', minLength: 1, maxLength: 2000 } };
const ACTIONS = ['request', 'dispatch', 'acknowledge', 'fail'] as const;
const DECISIONS = ['approve', 'reject'] as const;
const NO_QUERY = { query: {}, headers: {} } as const;

const fixPath = (input: Record<string, unknown>) => ({ id: requiredString(input, 'fix_id', 64) });

const result = (d: FixDispatch) => ({
  fix_id: d.fixId,
  dispatch_status: d.status,
  webhook_id: d.webhookId,
  requested_by: d.requestedBy,
  expires_at: d.expiresAt,
  assignee_user_id: d.assigneeUserId,
  transitions: d.transitions.map((t) => ({ action: t.action, from: t.fromStatus, to: t.toStatus, actor: t.actor, note: t.note, at: t.createdAt })),
});

/**
 * Fix dispatch over its operations: the state machine lives in src/domain/dispatch/ and is the same
 * for REST and tools (a refused pair is 400, a decision needs the admin role like its REST twin).
 */
export function dispatchToolMappings(): AnyToolMapping[] {
  return [
    mapTool({
      name: 'triage_get_dispatch',
      operationId: 'getFixDispatch',
      description: 'The dispatch state of a fix (null until first requested) and its trail.',
      inputSchema: { type: 'object', additionalProperties: false, required: ['fix_id'], properties: FIX_ID },
      toOperation: (input) => ({ ...NO_QUERY, path: fixPath(input), body: undefined }),
      toResult: result,
    }),
    mapTool({
      name: 'triage_dispatch',
      operationId: 'actOnFixDispatch',
      description:
        'Request the dispatch of an open or in_progress fix to a webhook (a coding agent or tracker), send an approved one, or report it acknowledged or failed.',
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        required: ['fix_id', 'action'],
        properties: { ...FIX_ID, action: { type: 'string', enum: [...ACTIONS] }, webhook_id: { type: 'string', description: 'The target webhook (uuid); with request only.' }, ...NOTE },
      },
      toOperation: (input) => {
        const action = optionalEnum(input, 'action', ACTIONS) ?? (requiredString(input, 'action') as (typeof ACTIONS)[number]);
        return { ...NO_QUERY, path: fixPath(input), body: { action, webhookId: optionalString(input, 'webhook_id', 64), note: optionalString(input, 'note', 2000, 1) } };
      },
      toResult: result,
    }),
    mapTool({
      name: 'triage_decide_dispatch',
      operationId: 'decideFixDispatch',
      description: 'Approve or reject a dispatch waiting for approval (needs the admin role).',
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        required: ['fix_id', 'decision'],
        properties: { ...FIX_ID, decision: { type: 'string', enum: [...DECISIONS] }, ...NOTE },
      },
      toOperation: (input) => {
        const decision = optionalEnum(input, 'decision', DECISIONS) ?? (requiredString(input, 'decision') as (typeof DECISIONS)[number]);
        return { ...NO_QUERY, path: fixPath(input), body: { decision, note: optionalString(input, 'note', 2000, 1) } };
      },
      toResult: result,
    }),
  ];
}
