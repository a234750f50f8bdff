import type { Adjustment, ToolField } from './contract-fields.js';

/**
 * Every place a tool field is not simply its contract field, in one file: the fields tools have and
 * the contract does not (tool-only), and the declared differences of mapped fields (adjustments).
 * Anything else in a tool schema comes from contract/openapi.yaml; test/tools/tool-schemas.test.ts
 * checks that, field by field.
 */

const toolOnly = (schema: Record<string, unknown>, required: boolean, why: string): ToolField => ({ kind: 'tool-only', schema, required, why });

export const TOOL_ONLY = {
  /** search_traces and triage_list input. */
  offset: toolOnly({ type: 'integer', minimum: 0, default: 0, description: 'How many results to skip.' }, false, 'The spec pages tools by offset; REST pages by an opaque cursor, so the contract has no offset.'),
  /** log_trace result. */
  created: toolOnly({ const: 'created' }, true, 'The spec answers log_trace with status "created"; the REST status of the stored trace is another thing (success or error).'),
  /** get_trace_context result. */
  traceUrl: toolOnly(
    { type: 'string', description: 'Absolute URL of the trace on PUBLIC_BASE_URL.' },
    true,
    'REST answers the trace itself at its own URL; a tool result names it, absolute, so an agent can hand it on.',
  ),
} satisfies Record<string, ToolField>;

/** The spec's tool limits: larger values are clamped, where REST refuses them (400). */
export const clampedLimit = (clampedTo: number, toolDefault: number): Adjustment => ({
  drop: ['maximum'],
  set: { default: toolDefault, description: `At most this many (larger values are clamped to ${clampedTo}).` },
  why: 'The spec clamps a tool limit above the maximum instead of refusing it, and sets its own default.',
});

/** A fix id in a tool: the fix path parameter without its uuid format. */
export const FIX_ID: Adjustment = {
  drop: ['format'],
  set: { description: 'The fix id (uuid).' },
  why: 'The spec answers a fix_id that names no fix with 404, a malformed one included (a uuid format check would turn it into a 400).',
};

/** get_trace_context's trace_id: the path parameter without its pattern. */
export const TRACE_ID_CHECKED_BY_SERVICE: Adjustment = {
  drop: ['pattern'],
  set: { description: '1 to 128 letters, digits or ._:-; another format is a 400 tool error.' },
  why: 'The service answers a malformed trace id with the spec’s 400 naming /trace_id (code invalid_id), which the schema check would preempt with another message.',
};

/** score_trace's trace_id: REST scores sessions too (without a trace id); the tool scores traces and their spans only. */
export const TRACE_REQUIRED: Adjustment = { required: true, why: 'score_trace scores a trace or one of its spans; session scores are REST only.' };

/** score_trace's data_type: implied by the value when absent. */
export const DATA_TYPE_IMPLIED: Adjustment = {
  required: false,
  set: { description: 'Defaults to the type of value.' },
  why: 'The tool infers the data type from the value (number, true/false, or a category); REST asks for it.',
};

/** A trace url in a tool result: absolute on PUBLIC_BASE_URL, where REST answers a path. */
export const ABSOLUTE_URL: Adjustment = {
  set: { description: 'Absolute URL of the trace page in the web console (on PUBLIC_BASE_URL).' },
  why: 'Tools answer absolute URLs on PUBLIC_BASE_URL; REST answers paths relative to the server.',
};

/** start_experiment_run's task: optional in REST (a client-side run has none), the point of the tool. */
export const TASK_REQUIRED: Adjustment = { required: true, why: 'start_experiment_run starts a server-side run; a client-side run (no task) reports its results over REST.' };
