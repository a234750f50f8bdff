import type { components } from '../../generated/openapi.js';
import type { Config } from '../config.js';
import { SEVERITIES } from '../domain/detections/detection-types.js';
import { FIX_STATUSES, UPDATE_STATUS_TARGETS } from '../domain/fixes/fix-state-machine.js';
import { READS, UPDATES } from './tool-annotation-presets.js';
import { field, listField, object, orNull, pathParameter, queryParameter, renamedField, type ToolFields } from './contract-fields.js';
import { ABSOLUTE_URL, clampedLimit, FIX_ID, TOOL_ONLY } from './tool-field-exceptions.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';
import { optionalEnum, optionalInteger, optionalString, requiredString } from './tool-input-readers.js';

type Schemas = components['schemas'];

/** The fix every fix tool names: the operation's path id (see FIX_ID for how it differs). */
const fixId = (operationId: 'getFix' | 'acceptFix' | 'dismissFix' | 'updateFixStatus' | 'updateFix' | 'getFixInvestigation' | 'listFixSteps') => ({
  fix_id: pathParameter(operationId, 'id', FIX_ID),
});

/** The fix fields triage_list and triage_get share. */
const commonFields = (schema: 'FixSummary' | 'Fix'): ToolFields => ({
  id: field(schema, 'id'),
  title: field(schema, 'title'),
  description: field(schema, 'description'),
  status: field(schema, 'status'),
  severity: field(schema, 'severity'),
  label: field(schema, 'label'),
  confidence: field(schema, 'confidence'),
  created_at: field(schema, 'createdAt'),
  updated_at: field(schema, 'updatedAt'),
  creator: field(schema, 'creator'),
});
const CHANGED: ToolFields = { id: field('Fix', 'id'), status: field('Fix', 'status'), updated_at: field('Fix', 'updatedAt') };
const STEP = object({
  step_id: field('InvestigationStep', 'id'),
  timestamp: field('InvestigationStep', 'createdAt'),
  agent: field('InvestigationStep', 'agent'),
  action: field('InvestigationStep', 'action'),
  finding: field('InvestigationStep', 'finding'),
});

const comment = (c: Schemas['FixComment']) => ({ id: c.id, author: c.author, text: c.text, created_at: c.createdAt });
const step = (s: Schemas['InvestigationStep']) => ({ step_id: s.id, timestamp: s.createdAt, agent: s.agent, action: s.action, finding: s.finding });
const changed = (fix: Schemas['Fix']) => ({ id: fix.id, status: fix.status, updated_at: fix.updatedAt });

type FixCommon = Omit<Schemas['FixSummary'], 'linkedTraceIds' | 'detectionId'>;
const common = (fix: FixCommon) => ({
  id: fix.id,
  title: fix.title,
  description: fix.description,
  status: fix.status,
  severity: fix.severity,
  label: fix.label,
  confidence: fix.confidence,
  created_at: fix.createdAt,
  updated_at: fix.updatedAt,
  creator: fix.creator,
});

/** Path parameters of a fix operation. A fix_id that is no uuid names no fix: the service answers 404. */
const fixPath = (input: Record<string, unknown>) => ({ id: requiredString(input, 'fix_id', 64) });
const NO_QUERY = { query: {}, headers: {} } as const;

/**
 * The fix triage tools, each over its fix operation. Transitions follow the state machine in
 * src/domain/fixes/fix-state-machine.ts; a refused transition is 400, an unknown fix 404.
 */
export function triageToolMappings(config: Config): AnyToolMapping[] {
  // The operation's url is the trace's console path; tool results carry it absolute.
  const traceUrl = (path: string) => `${config.publicBaseUrl}${path}`;

  return [
    mapTool({
      name: 'triage_list',
      output: object({
        fixes: listField('FixList', 'fixes', object({ ...commonFields('FixSummary'), linked_traces: field('FixSummary', 'linkedTraceIds'), dispatch_status: field('FixSummary', 'dispatchStatus') })),
        total_count: field('FixList', 'totalCount'),
        has_more: field('Page', 'hasMore'),
      }),
      annotations: READS,
      operationId: 'listFixes',
      description: 'List fixes, newest first, optionally by status, severity or label.',
      input: object({
        status: queryParameter('listFixes', 'status'),
        severity: queryParameter('listFixes', 'severity'),
        label: queryParameter('listFixes', 'label'),
        limit: queryParameter('listFixes', 'limit', clampedLimit(100, 50)),
        offset: TOOL_ONLY.offset,
      }),
      // The tool pages by offset (startOffset), REST by cursor; an empty label filters nothing, as before.
      toOperation: (input) => ({
        ...NO_QUERY,
        path: {},
        body: undefined,
        startOffset: optionalInteger(input, 'offset', 0, 0, Number.MAX_SAFE_INTEGER),
        query: {
          limit: optionalInteger(input, 'limit', 50, 1, 100),
          status: optionalEnum(input, 'status', FIX_STATUSES),
          severity: optionalEnum(input, 'severity', SEVERITIES),
          label: optionalString(input, 'label', 255) || undefined,
        },
      }),
      toResult: (data) => ({
        fixes: data.fixes.map((fix) => ({ ...common(fix), linked_traces: fix.linkedTraceIds, dispatch_status: fix.dispatchStatus })),
        total_count: data.totalCount,
        has_more: data.page.hasMore,
      }),
    }),
    mapTool({
      name: 'triage_get',
      output: object({
        ...commonFields('Fix'),
        linked_traces: listField(
          'Fix',
          'linkedTraces',
          object({
            trace_id: field('FixLinkedTrace', 'traceId'),
            name: field('FixLinkedTrace', 'name'),
            accuracy: field('FixLinkedTrace', 'accuracy'),
            url: field('FixLinkedTrace', 'url', ABSOLUTE_URL),
          }),
        ),
        dispatch_status: field('Fix', 'dispatchStatus'),
        root_cause: field('Fix', 'rootCause'),
        recommended_action: field('Fix', 'recommendedAction'),
        risk_assessment: field('Fix', 'riskAssessment'),
        verification: field('Fix', 'verification'),
        rollback_plan: field('Fix', 'rollbackPlan'),
        comments: renamedField('Fix', 'comments'),
      }),
      annotations: READS,
      operationId: 'getFix',
      description: 'A fix with its linked traces, analysis and comments.',
      input: object(fixId('getFix')),
      toOperation: (input) => ({ ...NO_QUERY, path: fixPath(input), body: undefined }),
      toResult: (fix) => ({
        ...common(fix),
        linked_traces: fix.linkedTraces.map((t) => ({ trace_id: t.traceId, name: t.name, accuracy: t.accuracy, url: traceUrl(t.url) })),
        dispatch_status: fix.dispatchStatus,
        root_cause: fix.rootCause,
        recommended_action: fix.recommendedAction,
        risk_assessment: fix.riskAssessment,
        verification: fix.verification,
        rollback_plan: fix.rollbackPlan,
        comments: fix.comments.map(comment),
      }),
    }),
    mapTool({
      name: 'triage_accept',
      output: object(CHANGED),
      annotations: UPDATES,
      operationId: 'acceptFix',
      description: 'Accept a draft fix: it becomes open and visible on the team board.',
      input: object(fixId('acceptFix')),
      toOperation: (input) => ({ ...NO_QUERY, path: fixPath(input), body: undefined }),
      toResult: changed,
    }),
    mapTool({
      name: 'triage_dismiss',
      output: object(CHANGED),
      annotations: UPDATES,
      operationId: 'dismissFix',
      description: 'Dismiss (archive) a fix that is not resolved or archived; the reason is kept as feedback.',
      input: object({ ...fixId('dismissFix'), reason: field('FixDismissRequest', 'reason') }),
      toOperation: (input) => ({ ...NO_QUERY, path: fixPath(input), body: { reason: optionalString(input, 'reason', 10_000) } }),
      toResult: changed,
    }),
    mapTool({
      name: 'triage_update_status',
      output: object({ ...CHANGED, note: orNull(field('FixStatusChangeRequest', 'note')) }),
      annotations: UPDATES,
      operationId: 'updateFixStatus',
      description: 'Move a fix one step forward: open → in_progress → resolved → archived.',
      input: object({ ...fixId('updateFixStatus'), status: field('FixStatusChangeRequest', 'status'), note: field('FixStatusChangeRequest', 'note') }),
      toOperation: (input) => {
        const path = fixPath(input);
        const status = optionalEnum(input, 'status', UPDATE_STATUS_TARGETS);
        if (!status) requiredString(input, 'status'); // absent: "status is required"
        return { ...NO_QUERY, path, body: { status: status!, note: optionalString(input, 'note', 10_000) } };
      },
      // The spec echoes the note; the operation keeps it with the transition.
      toResult: (fix, input) => ({ ...changed(fix), note: (input.note as string | undefined) ?? null }),
    }),
    mapTool({
      name: 'triage_update',
      output: object({ id: field('Fix', 'id'), title: field('Fix', 'title'), severity: field('Fix', 'severity'), updated_at: field('Fix', 'updatedAt') }),
      annotations: UPDATES,
      operationId: 'updateFix',
      description: 'Change the title, severity, label or recommended action of a fix.',
      input: object({
        ...fixId('updateFix'),
        title: field('FixUpdateRequest', 'title'),
        severity: field('FixUpdateRequest', 'severity'),
        label: field('FixUpdateRequest', 'label'),
        recommended_action: field('FixUpdateRequest', 'recommendedAction'),
      }),
      toOperation: (input) => ({
        ...NO_QUERY,
        path: fixPath(input),
        body: {
          title: optionalString(input, 'title', 500, 1),
          severity: optionalEnum(input, 'severity', SEVERITIES),
          label: optionalString(input, 'label', 255),
          recommendedAction: optionalString(input, 'recommended_action', 10_000),
        },
      }),
      toResult: (fix) => ({ id: fix.id, title: fix.title, severity: fix.severity, updated_at: fix.updatedAt }),
    }),
    mapTool({
      name: 'triage_get_investigation',
      output: object({
        fix_id: field('FixInvestigation', 'fixId'),
        investigation: object({ created_at: field('FixInvestigation', 'createdAt'), steps: listField('FixInvestigation', 'steps', STEP) }),
        comments: renamedField('FixInvestigation', 'comments'),
      }),
      annotations: READS,
      operationId: 'getFixInvestigation',
      description: 'The investigation of a fix (its steps) and its comments.',
      input: object(fixId('getFixInvestigation')),
      toOperation: (input) => ({ ...NO_QUERY, path: fixPath(input), body: undefined }),
      toResult: (data) => ({ fix_id: data.fixId, investigation: { created_at: data.createdAt, steps: data.steps.map(step) }, comments: data.comments.map(comment) }),
    }),
    mapTool({
      name: 'triage_list_steps',
      output: object({ fix_id: field('FixStepList', 'fixId'), steps: listField('FixStepList', 'steps', STEP), total_count: field('FixStepList', 'totalCount') }),
      annotations: READS,
      operationId: 'listFixSteps',
      description: 'The investigation steps of a fix, oldest first (the same steps as triage_get_investigation).',
      input: object({ ...fixId('listFixSteps'), limit: queryParameter('listFixSteps', 'limit', clampedLimit(500, 50)) }),
      toOperation: (input) => ({ headers: {}, path: fixPath(input), body: undefined, query: { limit: optionalInteger(input, 'limit', 50, 1, 500) } }),
      toResult: (data) => ({ fix_id: data.fixId, steps: data.steps.map(step), total_count: data.totalCount }),
    }),
  ];
}
