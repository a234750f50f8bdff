import type { components } from '../../generated/openapi.js';
import { DISPATCH_TARGETS } from '../domain/dispatch/dispatch-state-machine.js';
import { DISPATCHES, READS, UPDATES } from './tool-annotation-presets.js';
import { bodyField, field, itemField, listField, object, pathParameter } from './contract-fields.js';
import { FIX_ID } from './tool-field-exceptions.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';
import { optionalEnum, optionalString, requiredString } from './tool-input-readers.js';

type FixDispatch = components['schemas']['FixDispatch'];

/** The dispatch state every dispatch tool answers: the contract's FixDispatch, in the spec's names. */
export const DISPATCH = object({
  fix_id: field('FixDispatch', 'fixId'),
  dispatch_status: field('FixDispatch', 'status'),
  target: field('FixDispatch', 'target'),
  webhook_id: field('FixDispatch', 'webhookId'),
  claimed_by: field('FixDispatch', 'claimedBy'),
  github_issue: field('FixDispatch', 'githubIssue'),
  requested_by: field('FixDispatch', 'requestedBy'),
  expires_at: field('FixDispatch', 'expiresAt'),
  assignee_user_id: field('FixDispatch', 'assigneeUserId'),
  transitions: listField(
    'FixDispatch',
    'transitions',
    object({
      action: itemField('FixDispatch', 'transitions', 'action'),
      from: itemField('FixDispatch', 'transitions', 'fromStatus'),
      to: itemField('FixDispatch', 'transitions', 'toStatus'),
      actor: itemField('FixDispatch', 'transitions', 'actor'),
      note: itemField('FixDispatch', 'transitions', 'note'),
      at: itemField('FixDispatch', 'transitions', 'createdAt'),
    }),
  ),
});
const ACTIONS = ['request', 'dispatch', 'acknowledge', 'complete', 'fail'] as const;
const DECISIONS = ['approve', 'reject'] as const;
const NO_QUERY = { query: {}, headers: {} } as const;

const fixPath = (input: Record<string, unknown>) => ({ id: requiredString(input, 'fix_id', 64) });

export const dispatchResult = (d: FixDispatch) => ({
  fix_id: d.fixId,
  dispatch_status: d.status,
  target: d.target,
  webhook_id: d.webhookId,
  claimed_by: d.claimedBy,
  github_issue: d.githubIssue,
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
      output: DISPATCH,
      annotations: READS,
      operationId: 'getFixDispatch',
      description: 'The dispatch state of a fix (null until first requested) and its trail.',
      input: object({ fix_id: pathParameter('getFixDispatch', 'id', FIX_ID) }),
      toOperation: (input) => ({ ...NO_QUERY, path: fixPath(input), body: undefined }),
      toResult: dispatchResult,
    }),
    mapTool({
      name: 'triage_dispatch',
      output: DISPATCH,
      annotations: DISPATCHES,
      operationId: 'actOnFixDispatch',
      description:
        'Request the dispatch of an open or in_progress fix to a webhook, GitHub (an issue) or the coding agents\' queue, send an approved one, or report it acknowledged, completed or failed.',
      input: object({
        fix_id: pathParameter('actOnFixDispatch', 'id', FIX_ID),
        action: bodyField('actOnFixDispatch', 'action'),
        target: bodyField('actOnFixDispatch', 'target'),
        webhook_id: bodyField('actOnFixDispatch', 'webhookId'),
        note: bodyField('actOnFixDispatch', 'note'),
      }),
      toOperation: (input) => {
        const action = optionalEnum(input, 'action', ACTIONS) ?? (requiredString(input, 'action') as (typeof ACTIONS)[number]);
        return {
          ...NO_QUERY,
          path: fixPath(input),
          body: { action, target: optionalEnum(input, 'target', DISPATCH_TARGETS), webhookId: optionalString(input, 'webhook_id', 64), note: optionalString(input, 'note', 2000, 1) },
        };
      },
      toResult: dispatchResult,
    }),
    mapTool({
      name: 'triage_decide_dispatch',
      output: DISPATCH,
      annotations: UPDATES,
      operationId: 'decideFixDispatch',
      description: 'Approve or reject a dispatch waiting for approval (needs the admin role).',
      input: object({
        fix_id: pathParameter('decideFixDispatch', 'id', FIX_ID),
        decision: bodyField('decideFixDispatch', 'decision'),
        note: bodyField('decideFixDispatch', 'note'),
      }),
      toOperation: (input) => {
        const decision = optionalEnum(input, 'decision', DECISIONS) ?? (requiredString(input, 'decision') as (typeof DECISIONS)[number]);
        return { ...NO_QUERY, path: fixPath(input), body: { decision, note: optionalString(input, 'note', 2000, 1) } };
      },
      toResult: dispatchResult,
    }),
  ];
}
