import type { components } from '../../generated/openapi.js';
import type { Config } from '../config.js';
import { SEVERITIES } from '../domain/detections/detection-types.js';
import { FIX_STATUSES, UPDATE_STATUS_TARGETS } from '../domain/fixes/fix-state-machine.js';
import { READS, UPDATES, OUTPUT_SCHEMAS } from './tool-output-schemas.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';
import { optionalEnum, optionalInteger, optionalString, requiredString } from './tool-input-readers.js';

type Schemas = components['schemas'];

const FIX_ID = { fix_id: { type: 'string', description: 'The fix id (uuid).' } };

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
    outputSchema: OUTPUT_SCHEMAS.triage_list,
    annotations: READS,
      operationId: 'listFixes',
      description: 'List fixes, newest first, optionally by status, severity or label.',
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        properties: {
          status: { type: 'string', enum: [...FIX_STATUSES] },
          severity: { type: 'string', enum: [...SEVERITIES] },
          label: { type: 'string', maxLength: 255 },
          limit: { type: 'integer', minimum: 1, default: 50, description: 'Clamped to 100.' },
          offset: { type: 'integer', minimum: 0, default: 0 },
        },
      },
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
    outputSchema: OUTPUT_SCHEMAS.triage_get,
    annotations: READS,
      operationId: 'getFix',
      description: 'A fix with its linked traces, analysis and comments.',
      inputSchema: { type: 'object', additionalProperties: false, required: ['fix_id'], properties: FIX_ID },
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
    outputSchema: OUTPUT_SCHEMAS.triage_accept,
    annotations: UPDATES,
      operationId: 'acceptFix',
      description: 'Accept a draft fix: it becomes open and visible on the team board.',
      inputSchema: { type: 'object', additionalProperties: false, required: ['fix_id'], properties: FIX_ID },
      toOperation: (input) => ({ ...NO_QUERY, path: fixPath(input), body: undefined }),
      toResult: changed,
    }),
    mapTool({
      name: 'triage_dismiss',
    outputSchema: OUTPUT_SCHEMAS.triage_dismiss,
    annotations: UPDATES,
      operationId: 'dismissFix',
      description: 'Dismiss (archive) a fix that is not resolved or archived; the reason is kept as feedback.',
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        required: ['fix_id'],
        properties: { ...FIX_ID, reason: { type: 'string', maxLength: 10000 } },
      },
      toOperation: (input) => ({ ...NO_QUERY, path: fixPath(input), body: { reason: optionalString(input, 'reason', 10_000) } }),
      toResult: changed,
    }),
    mapTool({
      name: 'triage_update_status',
    outputSchema: OUTPUT_SCHEMAS.triage_update_status,
    annotations: UPDATES,
      operationId: 'updateFixStatus',
      description: 'Move a fix one step forward: open → in_progress → resolved → archived.',
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        required: ['fix_id', 'status'],
        properties: { ...FIX_ID, status: { type: 'string', enum: [...UPDATE_STATUS_TARGETS] }, note: { type: 'string', maxLength: 10000 } },
      },
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
    outputSchema: OUTPUT_SCHEMAS.triage_update,
    annotations: UPDATES,
      operationId: 'updateFix',
      description: 'Change the title, severity, label or recommended action of a fix.',
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        required: ['fix_id'],
        properties: {
          ...FIX_ID,
          title: { type: 'string', minLength: 1, maxLength: 500 },
          severity: { type: 'string', enum: [...SEVERITIES] },
          label: { type: 'string', maxLength: 255 },
          recommended_action: { type: 'string', maxLength: 10000 },
        },
      },
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
    outputSchema: OUTPUT_SCHEMAS.triage_get_investigation,
    annotations: READS,
      operationId: 'getFixInvestigation',
      description: 'The investigation of a fix (its steps) and its comments.',
      inputSchema: { type: 'object', additionalProperties: false, required: ['fix_id'], properties: FIX_ID },
      toOperation: (input) => ({ ...NO_QUERY, path: fixPath(input), body: undefined }),
      toResult: (data) => ({ fix_id: data.fixId, investigation: { created_at: data.createdAt, steps: data.steps.map(step) }, comments: data.comments.map(comment) }),
    }),
    mapTool({
      name: 'triage_list_steps',
    outputSchema: OUTPUT_SCHEMAS.triage_list_steps,
    annotations: READS,
      operationId: 'listFixSteps',
      description: 'The investigation steps of a fix, oldest first (the same steps as triage_get_investigation).',
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        required: ['fix_id'],
        properties: { ...FIX_ID, limit: { type: 'integer', minimum: 1, default: 50, description: 'Clamped to 500.' } },
      },
      toOperation: (input) => ({ headers: {}, path: fixPath(input), body: undefined, query: { limit: optionalInteger(input, 'limit', 50, 1, 500) } }),
      toResult: (data) => ({ fix_id: data.fixId, steps: data.steps.map(step), total_count: data.totalCount }),
    }),
  ];
}
