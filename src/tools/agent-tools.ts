import { DISPATCH_STATUSES } from '../domain/dispatch/dispatch-state-machine.js';
import { ADDS, READS, UPDATES } from './tool-annotation-presets.js';
import { bodyField, field, listField, object, pathParameter, queryParameter } from './contract-fields.js';
import { DISPATCH, dispatchResult } from './dispatch-tools.js';
import { clampedLimit, FIX_ID, TOOL_ONLY } from './tool-field-exceptions.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';
import { optionalEnum, optionalInteger, optionalString, requiredString } from './tool-input-readers.js';

const NO_QUERY = { query: {}, headers: {} } as const;
const fixPath = (input: Record<string, unknown>) => ({ id: requiredString(input, 'fix_id', 64) });

/**
 * The coding agents' queue over MCP (docs/integrations.md#coding-agents): list the fixes dispatched
 * to agents, claim one, report progress as investigation steps, mark it done. Each tool is a contract
 * operation, so the dispatch state machine orders them (a second claim is 409, done before a claim 400).
 */
export function agentToolMappings(): AnyToolMapping[] {
  return [
    mapTool({
      name: 'agent_list_fixes',
      output: object({
        fixes: listField(
          'FixList',
          'fixes',
          object({
            fix_id: field('FixSummary', 'id'),
            title: field('FixSummary', 'title'),
            description: field('FixSummary', 'description'),
            status: field('FixSummary', 'status'),
            severity: field('FixSummary', 'severity'),
            dispatch_status: field('FixSummary', 'dispatchStatus'),
            linked_traces: field('FixSummary', 'linkedTraceIds'),
          }),
        ),
        total_count: field('FixList', 'totalCount'),
        has_more: field('Page', 'hasMore'),
      }),
      annotations: READS,
      operationId: 'listFixes',
      description:
        'List the fixes dispatched to coding agents, newest first: by default the ones waiting to be claimed (dispatch_status "dispatched"); "acknowledged" lists the claimed ones. Read one with triage_get, then claim it with agent_claim_fix.',
      input: object({
        dispatch_status: queryParameter('listFixes', 'dispatchStatus'),
        limit: queryParameter('listFixes', 'limit', clampedLimit(100, 50)),
        offset: TOOL_ONLY.offset,
      }),
      toOperation: (input) => ({
        ...NO_QUERY,
        path: {},
        body: undefined,
        startOffset: optionalInteger(input, 'offset', 0, 0, Number.MAX_SAFE_INTEGER),
        query: { limit: optionalInteger(input, 'limit', 50, 1, 100), dispatchTarget: 'agent' as const, dispatchStatus: optionalEnum(input, 'dispatch_status', DISPATCH_STATUSES) ?? 'dispatched' },
      }),
      toResult: (data) => ({
        fixes: data.fixes.map((fix) => ({
          fix_id: fix.id,
          title: fix.title,
          description: fix.description,
          status: fix.status,
          severity: fix.severity,
          dispatch_status: fix.dispatchStatus,
          linked_traces: fix.linkedTraceIds,
        })),
        total_count: data.totalCount,
        has_more: data.page.hasMore,
      }),
    }),
    mapTool({
      name: 'agent_claim_fix',
      output: DISPATCH,
      annotations: ADDS,
      operationId: 'claimFixDispatch',
      description: 'Claim a fix dispatched to coding agents before working on it: it becomes yours (acknowledged) and in progress. A fix claimed already is a 409 error.',
      input: object({ fix_id: pathParameter('claimFixDispatch', 'id', FIX_ID), note: bodyField('claimFixDispatch', 'note') }),
      toOperation: (input) => {
        const note = optionalString(input, 'note', 2000, 1);
        return { ...NO_QUERY, path: fixPath(input), body: note === undefined ? {} : { note } };
      },
      toResult: dispatchResult,
    }),
    mapTool({
      name: 'agent_report_progress',
      output: object({
        id: field('InvestigationStep', 'id'),
        agent: field('InvestigationStep', 'agent'),
        action: field('InvestigationStep', 'action'),
        finding: field('InvestigationStep', 'finding'),
        created_at: field('InvestigationStep', 'createdAt'),
      }),
      annotations: ADDS,
      operationId: 'reportFixProgress',
      description: 'Record progress on a fix you claimed as a step of its investigation (what you did, what you found); shown on the fix page.',
      input: object({
        fix_id: pathParameter('reportFixProgress', 'id', FIX_ID),
        action: bodyField('reportFixProgress', 'action'),
        finding: bodyField('reportFixProgress', 'finding'),
      }),
      toOperation: (input) => ({ ...NO_QUERY, path: fixPath(input), body: { action: requiredString(input, 'action', 100), finding: requiredString(input, 'finding', 4000) } }),
      toResult: (step) => ({ id: step.id, agent: step.agent, action: step.action, finding: step.finding, created_at: step.createdAt }),
    }),
    mapTool({
      name: 'agent_complete_fix',
      output: DISPATCH,
      annotations: UPDATES,
      operationId: 'actOnFixDispatch',
      description: 'Mark a fix you claimed as done: the dispatch becomes completed and the fix resolved. Before a claim this is an invalid transition (400).',
      input: object({ fix_id: pathParameter('actOnFixDispatch', 'id', FIX_ID), note: bodyField('actOnFixDispatch', 'note') }),
      toOperation: (input) => ({ ...NO_QUERY, path: fixPath(input), body: { action: 'complete' as const, note: optionalString(input, 'note', 2000, 1) } }),
      toResult: dispatchResult,
    }),
  ];
}
