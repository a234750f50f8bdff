import type { ToolAnnotations } from './tool-definition.js';

/**
 * The annotations the served tools share, by what their operation does. (Their result schemas are
 * derived from the contract: see contract-fields.ts.)
 */

/** Annotations of a tool whose operation is a GET: it reads and changes nothing. */
export const READS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/**
 * query_metrics: its operation is a POST (the query is a body) that changes nothing; the contract marks
 * it `x-tracewell-read-only`, so read-only keys may call it (docs/identity.md) and it is announced read-only.
 */
export const QUERIES: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/** log_trace: adds a trace and changes nothing else; a repeat adds another (or 409 on the same trace_id). */
export const ADDS: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
/** The fix writes and update_dashboard: they overwrite what they name; a repeat with the same arguments changes nothing more. */
export const UPDATES: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };
/**
 * delete_dashboard: removes what it names, so destructive; a repeat removes nothing more (it answers
 * 404), so idempotent, as DELETE is in HTTP.
 */
export const DELETES: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };
/** triage_dispatch: moves the dispatch state machine and may send the fix to a webhook outside (a coding agent, a tracker). */
export const DISPATCHES: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };
/** start_experiment_run: adds a run whose items the server sends to a model endpoint outside (the project's model connection). */
export const STARTS_MODEL_CALLS: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };
/** test_channel: sends a message outside (Slack, PagerDuty, mail, a webhook) and logs a delivery; nothing is changed or removed. */
export const SENDS_MESSAGE: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };
