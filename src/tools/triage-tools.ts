import type { Config } from '../config.js';
import { actorOf } from '../domain/actor.js';
import { SEVERITIES } from '../domain/detections/detection-types.js';
import type { FixDetail, FixSummary } from '../domain/fixes/fix-service.js';
import { FIX_STATUSES, UPDATE_STATUS_TARGETS } from '../domain/fixes/fix-state-machine.js';
import type { FixCommentRecord, FixRecord, InvestigationStepRecord } from '../ports/fixes.js';
import type { Services } from '../services.js';
import type { ToolDefinition } from './tool-definition.js';
import { optionalEnum, optionalInteger, optionalString, requiredString } from './tool-input-readers.js';

const FIX_ID = { fix_id: { type: 'string', description: 'The fix id (uuid).' } };

const comment = (c: FixCommentRecord) => ({ id: c.id, author: c.author, text: c.text, created_at: c.createdAt.toISOString() });
const step = (s: InvestigationStepRecord) => ({ step_id: s.id, timestamp: s.createdAt.toISOString(), agent: s.agent, action: s.action, finding: s.finding });
const changed = (fix: FixRecord) => ({ id: fix.id, status: fix.status, updated_at: fix.updatedAt.toISOString() });

function listed({ fix, linkedTraceIds }: FixSummary) {
  return {
    id: fix.id,
    title: fix.title,
    description: fix.description,
    status: fix.status,
    severity: fix.severity,
    label: fix.label,
    confidence: fix.confidence,
    created_at: fix.createdAt.toISOString(),
    updated_at: fix.updatedAt.toISOString(),
    creator: fix.creator,
    linked_traces: linkedTraceIds,
    dispatch_status: fix.dispatchStatus,
  };
}

/**
 * The fix triage tools. Transitions follow the state machine in src/domain/fixes/fix-state-machine.ts;
 * a refused transition is 400, an unknown fix 404.
 */
/** Triage changes fixes: scoped tokens need observability:write (reading needs only :read). */
const WRITES = ['observability:write'] as const;

export function triageTools(services: Services, config: Config): ToolDefinition[] {
  const traceUrl = (traceId: string) => `${config.publicBaseUrl}/api/v1/public/traces/${encodeURIComponent(traceId)}`;
  const detail = ({ fix, linkedTraces, comments }: FixDetail) => ({
    ...listed({ fix, linkedTraceIds: [] }),
    linked_traces: linkedTraces.map((t) => ({ trace_id: t.traceId, name: t.name, accuracy: t.accuracy, url: traceUrl(t.traceId) })),
    root_cause: fix.rootCause,
    recommended_action: fix.recommendedAction,
    risk_assessment: fix.riskAssessment,
    verification: fix.verification,
    rollback_plan: fix.rollbackPlan,
    comments: comments.map(comment),
  });

  return [
    {
      name: 'triage_list',
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
      async handler(input, { project }) {
        const limit = optionalInteger(input, 'limit', 50, 1, 100);
        const offset = optionalInteger(input, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
        const { fixes, total } = await services.fixes.listByOffset(
          project.id,
          { status: optionalEnum(input, 'status', FIX_STATUSES), severity: optionalEnum(input, 'severity', SEVERITIES), label: optionalString(input, 'label', 255) },
          offset,
          limit,
        );
        return { fixes: fixes.map(listed), total_count: total, has_more: offset + fixes.length < total };
      },
    },
    {
      name: 'triage_get',
      description: 'A fix with its linked traces, analysis and comments.',
      inputSchema: { type: 'object', additionalProperties: false, required: ['fix_id'], properties: FIX_ID },
      async handler(input, { project }) {
        return detail(await services.fixes.get(project.id, requiredString(input, 'fix_id', 64)));
      },
    },
    {
      name: 'triage_accept',
      requiredScopes: WRITES,
      description: 'Accept a draft fix: it becomes open and visible on the team board.',
      inputSchema: { type: 'object', additionalProperties: false, required: ['fix_id'], properties: FIX_ID },
      async handler(input, { project, principal }) {
        return changed(await services.fixes.accept(project.id, requiredString(input, 'fix_id', 64), actorOf(principal)));
      },
    },
    {
      name: 'triage_dismiss',
      requiredScopes: WRITES,
      description: 'Dismiss (archive) a fix that is not resolved or archived; the reason is kept as feedback.',
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        required: ['fix_id'],
        properties: { ...FIX_ID, reason: { type: 'string', maxLength: 10000 } },
      },
      async handler(input, { project, principal }) {
        const reason = optionalString(input, 'reason', 10_000) ?? null;
        return changed(await services.fixes.dismiss(project.id, requiredString(input, 'fix_id', 64), reason, actorOf(principal)));
      },
    },
    {
      name: 'triage_update_status',
      requiredScopes: WRITES,
      description: 'Move a fix one step forward: open → in_progress → resolved → archived.',
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        required: ['fix_id', 'status'],
        properties: { ...FIX_ID, status: { type: 'string', enum: [...UPDATE_STATUS_TARGETS] }, note: { type: 'string', maxLength: 10000 } },
      },
      async handler(input, { project, principal }) {
        const fixId = requiredString(input, 'fix_id', 64);
        const status = optionalEnum(input, 'status', UPDATE_STATUS_TARGETS);
        if (!status) requiredString(input, 'status'); // absent: "status is required"
        const note = optionalString(input, 'note', 10_000) ?? null;
        const fix = await services.fixes.updateStatus(project.id, fixId, status!, note, actorOf(principal));
        return { ...changed(fix), note };
      },
    },
    {
      name: 'triage_update',
      requiredScopes: WRITES,
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
      async handler(input, { project }) {
        const fixId = requiredString(input, 'fix_id', 64);
        const fix = await services.fixes.update(project.id, fixId, {
          title: optionalString(input, 'title', 500, 1),
          severity: optionalEnum(input, 'severity', SEVERITIES),
          label: optionalString(input, 'label', 255),
          recommendedAction: optionalString(input, 'recommended_action', 10_000),
        });
        return { id: fix.id, title: fix.title, severity: fix.severity, updated_at: fix.updatedAt.toISOString() };
      },
    },
    {
      name: 'triage_get_investigation',
      description: 'The investigation of a fix (its steps) and its comments.',
      inputSchema: { type: 'object', additionalProperties: false, required: ['fix_id'], properties: FIX_ID },
      async handler(input, { project }) {
        const { fix, steps, comments } = await services.fixes.investigation(project.id, requiredString(input, 'fix_id', 64));
        return { fix_id: fix.id, investigation: { created_at: fix.createdAt.toISOString(), steps: steps.map(step) }, comments: comments.map(comment) };
      },
    },
    {
      name: 'triage_list_steps',
      description: 'The investigation steps of a fix, oldest first (the same steps as triage_get_investigation).',
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        required: ['fix_id'],
        properties: { ...FIX_ID, limit: { type: 'integer', minimum: 1, default: 50, description: 'Clamped to 500.' } },
      },
      async handler(input, { project }) {
        const fixId = requiredString(input, 'fix_id', 64);
        const { steps, total } = await services.fixes.steps(project.id, fixId, optionalInteger(input, 'limit', 50, 1, 500));
        return { fix_id: fixId, steps: steps.map(step), total_count: total };
      },
    },
  ];
}
