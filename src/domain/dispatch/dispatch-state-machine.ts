import type { FixStatus } from '../../ports/fixes.js';

/**
 * Fix dispatch: handing a fix to a coding agent or an external tracker, optionally behind an
 * approval. `dispatch_status` is null until the first request.
 */
export type DispatchStatus = 'pending_approval' | 'approved' | 'rejected' | 'expired' | 'dispatched' | 'acknowledged' | 'completed' | 'failed';
export const DISPATCH_STATUSES: readonly DispatchStatus[] = ['pending_approval', 'approved', 'rejected', 'expired', 'dispatched', 'acknowledged', 'completed', 'failed'];

/**
 * Where a dispatch goes: a webhook of the project (a `fix.dispatched` delivery), the project's GitHub
 * target (an issue) or the queue coding agents work over MCP (claimed, then completed).
 */
export type DispatchTarget = 'webhook' | 'github' | 'agent';
export const DISPATCH_TARGETS: readonly DispatchTarget[] = ['webhook', 'github', 'agent'];

/** `expire` is the scheduler's alone (an approval past its deadline); callers use the others. */
export type DispatchAction = 'request' | 'approve' | 'reject' | 'expire' | 'dispatch' | 'acknowledge' | 'complete' | 'fail';
export type CallerDispatchAction = Exclude<DispatchAction, 'expire'>;
export const CALLER_DISPATCH_ACTIONS: readonly CallerDispatchAction[] = ['request', 'approve', 'reject', 'dispatch', 'acknowledge', 'complete', 'fail'];
export const DISPATCH_ACTIONS: readonly DispatchAction[] = [...CALLER_DISPATCH_ACTIONS, 'expire'];

/** null stands for "never dispatched". */
export type DispatchState = DispatchStatus | null;
export const DISPATCH_STATES: readonly DispatchState[] = [null, ...DISPATCH_STATUSES];

/**
 * The valid (state, action) pairs and where each leads; every other pair is 400
 * `PUBLIC_API_INVALID_TRANSITION`. `request` leads to pending_approval when the project requires
 * approval and straight to approved otherwise (recorded as approved by `policy:no-approval`).
 *
 * | from \ action    | request            | approve  | reject   | expire  | dispatch   | acknowledge  | complete  | fail   |
 * |------------------|--------------------|----------|----------|---------|------------|--------------|-----------|--------|
 * | (null)           | pending / approved | –        | –        | –       | –          | –            | –         | –      |
 * | pending_approval | –                  | approved | rejected | expired | –          | –            | –         | –      |
 * | approved         | –                  | –        | –        | –       | dispatched | –            | –         | –      |
 * | rejected         | pending / approved | –        | –        | –       | –          | –            | –         | –      |
 * | expired          | pending / approved | –        | –        | –       | –          | –            | –         | –      |
 * | dispatched       | –                  | –        | –        | –       | –          | acknowledged | –         | failed |
 * | acknowledged     | –                  | –        | –        | –       | –          | –            | completed | –      |
 * | completed        | pending / approved | –        | –        | –       | –          | –            | –         | –      |
 * | failed           | pending / approved | –        | –        | –       | –          | –            | –         | –      |
 *
 * A request also needs the fix to be open or in_progress (a draft is not yet accepted; a resolved or
 * archived fix needs no work). A coding agent's claim is `acknowledge` on an `agent` dispatch (a
 * second claim is 409, not 400: the work exists, someone else has it); a GitHub dispatch is
 * acknowledged by the worker once the issue exists and fails when its creation is given up.
 * `complete` (the work is done) also resolves the fix; a completed dispatch of a fix reopened later
 * may be requested again.
 */
const SOURCES: Readonly<Record<Exclude<DispatchAction, 'request'>, DispatchStatus>> = {
  approve: 'pending_approval',
  reject: 'pending_approval',
  expire: 'pending_approval',
  dispatch: 'approved',
  acknowledge: 'dispatched',
  complete: 'acknowledged',
  fail: 'dispatched',
};
const TARGETS: Readonly<Record<Exclude<DispatchAction, 'request'>, DispatchStatus>> = {
  approve: 'approved',
  reject: 'rejected',
  expire: 'expired',
  dispatch: 'dispatched',
  acknowledge: 'acknowledged',
  complete: 'completed',
  fail: 'failed',
};
const REQUESTABLE: readonly DispatchState[] = [null, 'rejected', 'expired', 'completed', 'failed'];
export const DISPATCHABLE_FIX_STATUSES: readonly FixStatus[] = ['open', 'in_progress'];

/** Where `action` leads from `from`, or null when the pair is not allowed. */
export function nextDispatchState(from: DispatchState, action: DispatchAction, approvalRequired: boolean): DispatchStatus | null {
  if (action === 'request') return REQUESTABLE.includes(from) ? (approvalRequired ? 'pending_approval' : 'approved') : null;
  return from === SOURCES[action] ? TARGETS[action] : null;
}

export const isDispatchStatus = (value: unknown): value is DispatchStatus => typeof value === 'string' && (DISPATCH_STATUSES as readonly string[]).includes(value);

export const isDispatchTarget = (value: unknown): value is DispatchTarget => typeof value === 'string' && (DISPATCH_TARGETS as readonly string[]).includes(value);
