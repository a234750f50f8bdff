import type { JsonSchema, ToolAnnotations } from './tool-definition.js';

/**
 * Result schemas (MCP structured output) and annotations of the served tools. The schemas describe
 * the snake_case results the mappings' toResult build; test/tools/structured-output.test.ts checks
 * every tool's real result against its schema, so a drift fails there, not in a client.
 */

const str = { type: 'string' } as const;
const int = { type: 'integer', minimum: 0 } as const;
const num = { type: 'number' } as const;
const bool = { type: 'boolean' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const nullableNum = { type: ['number', 'null'] } as const;

export const object = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)): JsonSchema => ({
  type: 'object',
  properties,
  required,
});
const list = (items: unknown) => ({ type: 'array', items });

/** Annotations of a tool whose operation is a GET: it reads and changes nothing. */
export const READS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/** log_trace: adds a trace and changes nothing else; a repeat adds another (or 409 on the same trace_id). */
export const ADDS: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
/** The fix writes: they overwrite a fix's state; a repeat with the same arguments changes nothing more. */
export const UPDATES: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };
/** triage_dispatch: moves the dispatch state machine and may send the fix to a webhook outside (a coding agent, a tracker). */
export const DISPATCHES: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };

const traceSummary = object({
  trace_id: str,
  name: str,
  status: { enum: ['success', 'error'] },
  created_at: str,
  latency_ms: num,
  error_message: nullableStr,
  cost: num,
  framework: nullableStr,
  agent_name: nullableStr,
  url: str,
});

const span = object(
  {
    span_id: str,
    span_type: str,
    name: str,
    status: { enum: ['success', 'error'] },
    latency_ms: nullableNum,
    start_time: nullableStr,
    input: { type: ['object', 'null'] },
    output: { type: ['object', 'null'] },
    error: nullableStr,
    metadata: { type: 'object' },
    children: list({ type: 'object' }),
  },
  ['span_id', 'span_type', 'name', 'status', 'children'],
);

const fixCommon = {
  id: str,
  title: str,
  description: {},
  status: str,
  severity: str,
  label: {},
  confidence: {},
  created_at: str,
  updated_at: str,
  creator: {},
};
const comment = object({ id: str, author: {}, text: str, created_at: str });
const step = object({ step_id: str, timestamp: str, agent: {}, action: {}, finding: {} });
const changed = { id: str, status: str, updated_at: str };

/** A fix's dispatch state (status null until first requested) and its trail. */
const DISPATCH = object(
  {
    fix_id: str,
    dispatch_status: nullableStr,
    webhook_id: nullableStr,
    requested_by: nullableStr,
    expires_at: nullableStr,
    assignee_user_id: nullableStr,
    transitions: list(object({ action: str, from: {}, to: {}, actor: {}, note: {}, at: str }, ['action', 'at'])),
  },
  ['fix_id', 'dispatch_status', 'transitions'],
);

export const OUTPUT_SCHEMAS = {
  ping: object({ status: str, server_time: str }),
  whoami: object({ project_id: str, org_id: str, project_name: str }),
  log_trace: object({ trace_id: str, span_count: int, status: { const: 'created' }, url: str }),
  search_traces: object({ traces: list(traceSummary), total_count: int, total_count_exact: bool, has_more: bool }),
  get_trace_context: object(
    {
      trace_id: str,
      name: str,
      status: { enum: ['success', 'error'] },
      created_at: str,
      root_span: { anyOf: [span, { type: 'null' }] },
      other_root_spans: list(span),
      span_count: int,
      total_latency_ms: nullableNum,
      total_cost: nullableNum,
      framework: nullableStr,
      agent_name: nullableStr,
      error_message: nullableStr,
      truncated: bool,
      url: str,
    },
    ['trace_id', 'name', 'status', 'created_at', 'root_span', 'other_root_spans', 'span_count', 'truncated', 'url'],
  ),
  list_detections: object({
    detections: list(
      object({
        name: str,
        display_name: str,
        description: {},
        severity: str,
        fire_count_24h: int,
        fire_count_7d: int,
        last_fired: nullableStr,
        enabled: bool,
      }),
    ),
    total_count: int,
    active_count: int,
  }),
  get_detection_trend: object({
    detection_name: str,
    granularity: { enum: ['hour', 'day'] },
    date_range: str,
    trend: list(object({ timestamp: str, count: int, percentage_of_all_traces: num })),
    total_count: int,
    avg_per_day: num,
  }),
  triage_list: object({
    fixes: list(object({ ...fixCommon, linked_traces: list(str), dispatch_status: {} }, ['id', 'title', 'status', 'severity', 'created_at', 'updated_at', 'linked_traces'])),
    total_count: int,
    has_more: bool,
  }),
  triage_get: object(
    {
      ...fixCommon,
      linked_traces: list(object({ trace_id: str, name: {}, accuracy: {}, url: str }, ['trace_id', 'url'])),
      dispatch_status: {},
      root_cause: {},
      recommended_action: {},
      risk_assessment: {},
      verification: {},
      rollback_plan: {},
      comments: list(comment),
    },
    ['id', 'title', 'status', 'severity', 'created_at', 'updated_at', 'linked_traces', 'comments'],
  ),
  triage_accept: object(changed),
  triage_dismiss: object(changed),
  triage_update_status: object({ ...changed, note: nullableStr }),
  triage_update: object({ id: str, title: str, severity: str, updated_at: str }),
  triage_get_investigation: object({ fix_id: str, investigation: object({ created_at: {}, steps: list(step) }, ['steps']), comments: list(comment) }),
  triage_list_steps: object({ fix_id: str, steps: list(step), total_count: int }),
  list_monitors: object({
    monitors: list(
      object(
        { monitor_id: str, name: str, kind: str, metric: {}, event_type: {}, window_seconds: {}, state: str, open_incident_id: {}, enabled: bool, muted_until: {} },
        ['monitor_id', 'name', 'kind', 'state', 'enabled'],
      ),
    ),
    has_more: bool,
  }),
  list_incidents: object({
    incidents: list(object({ incident_id: str, monitor_id: str, status: str, event_type: {}, metric: {}, open_value: {}, peak_value: {}, last_value: {}, windows: {}, started_window_end: {}, resolved_window_end: {}, fix_id: {}, details: {} }, ['incident_id', 'monitor_id', 'status'])),
    has_more: bool,
  }),
  triage_get_dispatch: DISPATCH,
  triage_dispatch: DISPATCH,
  triage_decide_dispatch: DISPATCH,
  score_trace: object({
    score_id: str,
    trace_id: str,
    span_id: nullableStr,
    name: str,
    data_type: { enum: ['numeric', 'boolean', 'categorical'] },
    value: { type: ['number', 'boolean', 'string'] },
    source: str,
    created_at: str,
  }),
} satisfies Record<string, JsonSchema>;
