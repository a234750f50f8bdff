import { randomUUID } from 'node:crypto';
import { satisfiesRole, effectiveProjectRole } from '../../auth/roles.js';
import type { Clock } from '../../clock.js';
import { problems, ProblemError } from '../../errors.js';
import type { DispatchTransitionRecord, FixDispatchRecord } from '../../ports/fix-dispatch.js';
import type { FixRecord, FixStatus, InvestigationStepRecord } from '../../ports/fixes.js';
import type { GitHubIssueOutcome } from '../../ports/github.js';
import type { Store } from '../../ports/store.js';
import { isUuid } from '../actor.js';
import { invalidTransition } from '../fixes/fix-state-machine.js';
import { userIdOfActor, type NotificationService } from '../notifications/notification-service.js';
import { withDefaults } from '../notifications/notification-settings.js';
import type { WebhookOutboxPublisher } from '../webhooks/outbox-publisher.js';
import { DISPATCHABLE_FIX_STATUSES, nextDispatchState, type CallerDispatchAction, type DispatchAction, type DispatchState, type DispatchTarget } from './dispatch-state-machine.js';

/** The type of the hand-off delivery; sent to the dispatch's target webhook alone, not subscribable. */
export const DISPATCH_EVENT_TYPE = 'fix.dispatched';

/** Actor of the transitions the service makes on its own. */
export const EXPIRY_ACTOR = 'scheduler:approval-expiry';

export interface DispatchView {
  dispatch: FixDispatchRecord;
  transitions: DispatchTransitionRecord[];
}

export interface DispatchInput {
  target?: DispatchTarget;
  webhookId?: string;
  note?: string | null;
}

/** The actor of what GitHub reports: the issue worker and the webhook receiver. */
export const GITHUB_ACTOR = 'integration:github';

const alreadyClaimed = (detail: string): ProblemError => new ProblemError(409, 'PUBLIC_API_DISPATCH_ALREADY_CLAIMED', detail);

const APPROVAL_EVENTS = {
  approve: 'notification.approval_approved',
  reject: 'notification.approval_rejected',
  expire: 'notification.approval_expired',
} as const;

const stateName = (state: DispatchState): string => state ?? 'not dispatched';

/** The fix statuses a dispatch walks a fix through to reach `to` (none: already there, or a draft or archived fix). */
function stepsToward(from: FixStatus, to: 'in_progress' | 'resolved'): FixStatus[] {
  if (to === 'in_progress') return from === 'open' || from === 'resolved' ? ['in_progress'] : [];
  if (from === 'open') return ['in_progress', 'resolved'];
  return from === 'in_progress' ? ['resolved'] : [];
}

/**
 * Fix dispatch and its approval (docs/notifications-and-dispatch.md). Every change is a conditional
 * UPDATE from the dispatch_status the caller saw plus a trail row and its notifications, in one
 * transaction: of two concurrent approvals one wins and the other gets 400.
 */
export class DispatchService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly notifications: NotificationService,
    private readonly outbox: WebhookOutboxPublisher,
  ) {}

  async get(projectId: string, fixId: string): Promise<DispatchView> {
    const fix = await this.findFix(this.store, projectId, fixId);
    return { dispatch: (await this.store.fixDispatch.find(projectId, fix.id))!, transitions: await this.store.fixDispatch.transitions(fix.id) };
  }

  /** request, dispatch, acknowledge, fail (approve and reject go through `decide`, which needs an approver). */
  act(projectId: string, fixId: string, action: Exclude<CallerDispatchAction, 'approve' | 'reject'>, input: DispatchInput, actor: string): Promise<DispatchView> {
    return this.transition(projectId, fixId, action, input, actor);
  }

  /** Approves or rejects a pending approval. */
  decide(projectId: string, fixId: string, decision: 'approve' | 'reject', note: string | null, actor: string): Promise<DispatchView> {
    return this.transition(projectId, fixId, decision, { note }, actor);
  }

  /** Expires one pending approval whose deadline has passed (the scheduler's task); false when it no longer is. */
  async expire(projectId: string, fixId: string): Promise<boolean> {
    return this.store.transaction(async (tx) => {
      const dispatch = await tx.fixDispatch.find(projectId, fixId);
      if (!dispatch || dispatch.status !== 'pending_approval' || !dispatch.expiresAt || dispatch.expiresAt > this.clock.now()) return false;
      await this.apply(tx, (await tx.fixes.findById(projectId, fixId))!, dispatch, 'expire', 'expired', {}, EXPIRY_ACTOR);
      return true;
    });
  }

  /** Assigns the fix to a member of the project (null: nobody); action items go to the assignee. */
  async assign(projectId: string, fixId: string, userId: string | null): Promise<FixDispatchRecord> {
    return this.store.transaction(async (tx) => {
      const fix = await this.findFix(tx, projectId, fixId);
      if (userId !== null) {
        const members = await tx.notifications.recipients(projectId);
        if (!members.some((m) => m.userId === userId.toLowerCase())) {
          throw problems.validation('The assignee must be a member of the project.', [{ code: 'not_a_member', message: 'not a member of the project', path: '/body/userId' }]);
        }
      }
      await tx.fixDispatch.setAssignee(projectId, fix.id, userId?.toLowerCase() ?? null, this.clock.now());
      return (await tx.fixDispatch.find(projectId, fix.id))!;
    });
  }

  private async transition(projectId: string, fixId: string, action: DispatchAction, given: DispatchInput, actor: string): Promise<DispatchView> {
    // uuids match in either case; the stored form is lowercase.
    const input = { ...given, webhookId: given.webhookId?.toLowerCase() };
    if (action !== 'request' && input.webhookId !== undefined) {
      throw problems.validation('webhookId is given only with the request action.', [{ code: 'unexpected', message: 'only with action request', path: '/body/webhookId' }]);
    }
    if (action !== 'request' && input.target !== undefined) {
      throw problems.validation('target is given only with the request action.', [{ code: 'unexpected', message: 'only with action request', path: '/body/target' }]);
    }
    const target = input.target ?? 'webhook';
    if (action === 'request' && target !== 'webhook' && input.webhookId !== undefined) {
      throw problems.validation('webhookId is given only with a webhook target.', [{ code: 'unexpected', message: `not with target ${target}`, path: '/body/webhookId' }]);
    }
    return this.store.transaction(async (tx) => {
      const fix = await this.findFix(tx, projectId, fixId);
      const dispatch = (await tx.fixDispatch.find(projectId, fix.id))!;
      const settings = withDefaults(projectId, await tx.notifications.settings(projectId));
      const to = nextDispatchState(dispatch.status, action, settings.dispatchApprovalRequired);
      if (!to) throw invalidTransition(`A fix that is ${stateName(dispatch.status)} cannot take the dispatch action ${action}.`);
      // Past its deadline an approval is expired even before the scheduler records it so.
      if ((action === 'approve' || action === 'reject') && dispatch.expiresAt && dispatch.expiresAt <= this.clock.now()) {
        throw invalidTransition(`The approval expired at ${dispatch.expiresAt.toISOString()}; request the dispatch again.`);
      }
      if (action === 'request') {
        if (!DISPATCHABLE_FIX_STATUSES.includes(fix.status)) throw invalidTransition(`Only an open or in_progress fix can be dispatched; this one is ${fix.status}.`);
        if (target === 'webhook') await this.requireTarget(tx, projectId, input.webhookId);
        if (target === 'github' && !(await tx.github.findTarget(projectId))) {
          throw problems.validation('The project has no GitHub target; set one first (PUT /integrations/github).', [{ code: 'no_github_target', message: 'the project has no GitHub target', path: '/body/target' }]);
        }
      }
      if (action === 'complete') await this.requireClaimer(dispatch, actor);
      const expiresAt = to === 'pending_approval' ? new Date(this.clock.now().getTime() + settings.approvalTtlHours * 3_600_000) : null;
      await this.apply(tx, fix, dispatch, action, to, { ...input, target, expiresAt }, actor);
      return { dispatch: (await tx.fixDispatch.find(projectId, fix.id))!, transitions: await tx.fixDispatch.transitions(fix.id) };
    });
  }

  /**
   * A coding agent takes a dispatched fix of the agent queue: acknowledged, claimed by `actor`, and
   * the fix in progress. A second claim is 409 (the work exists; someone has it), any other state 400.
   */
  async claim(projectId: string, fixId: string, note: string | null, actor: string): Promise<DispatchView> {
    return this.store.transaction(async (tx) => {
      const fix = await this.findFix(tx, projectId, fixId);
      const dispatch = (await tx.fixDispatch.find(projectId, fix.id))!;
      if (dispatch.target !== 'agent') throw invalidTransition(`Only a fix dispatched to coding agents can be claimed; this one is ${dispatch.target ? `dispatched to ${dispatch.target}` : 'not dispatched'}.`);
      if (dispatch.status === 'acknowledged') throw alreadyClaimed(`The fix was claimed already${dispatch.claimedBy ? ` by ${dispatch.claimedBy}` : ''}.`);
      if (nextDispatchState(dispatch.status, 'acknowledge', false) === null) throw invalidTransition(`A fix that is ${stateName(dispatch.status)} cannot be claimed; only a dispatched one.`);
      // The conditional UPDATE in apply makes one of two concurrent claims lose; it then reads acknowledged.
      try {
        await this.apply(tx, fix, dispatch, 'acknowledge', 'acknowledged', { note }, actor);
      } catch (error) {
        const current = await tx.fixDispatch.find(projectId, fix.id);
        if (current?.status === 'acknowledged') throw alreadyClaimed(`The fix was claimed already${current.claimedBy ? ` by ${current.claimedBy}` : ''}.`);
        throw error;
      }
      await tx.fixDispatch.setClaimedBy(projectId, fix.id, actor);
      await this.moveFix(tx, fix, 'in_progress', actor, 'claimed by a coding agent');
      return { dispatch: (await tx.fixDispatch.find(projectId, fix.id))!, transitions: await tx.fixDispatch.transitions(fix.id) };
    });
  }

  /** Progress on a claimed (acknowledged) fix, as an investigation step by `actor`; an agent dispatch only by its claimer. */
  async progress(projectId: string, fixId: string, step: { action: string; finding: string }, actor: string): Promise<InvestigationStepRecord> {
    return this.store.transaction(async (tx) => {
      const fix = await this.findFix(tx, projectId, fixId);
      const dispatch = (await tx.fixDispatch.find(projectId, fix.id))!;
      if (dispatch.status !== 'acknowledged') throw invalidTransition(`Progress is reported on a claimed (acknowledged) dispatch; this one is ${stateName(dispatch.status)}.`);
      await this.requireClaimer(dispatch, actor);
      const record: InvestigationStepRecord = { id: randomUUID(), fixId: fix.id, agent: actor, action: step.action, finding: step.finding, createdAt: this.clock.now() };
      await tx.fixes.addStep(record);
      return record;
    });
  }

  /**
   * The outcome of one attempt at creating a GitHub issue, settled under the worker's lease: the issue
   * stored and the dispatch acknowledged, or — the creation given up — the dispatch failed. False when
   * the lease was lost (another worker settles it).
   */
  async settleGitHubIssue(projectId: string, fixId: string, owner: string, outcome: GitHubIssueOutcome): Promise<boolean> {
    return this.store.transaction(async (tx) => {
      if (!(await tx.github.settleIssue(fixId, owner, outcome))) return false;
      const fix = await tx.fixes.findById(projectId, fixId);
      const dispatch = fix ? await tx.fixDispatch.find(projectId, fixId) : null;
      if (!fix || dispatch?.status !== 'dispatched') return true;
      if (outcome.kind === 'created') {
        await this.apply(tx, fix, dispatch, 'acknowledge', 'acknowledged', { note: `GitHub issue #${outcome.number}: ${outcome.url}` }, GITHUB_ACTOR);
      } else if (outcome.kind === 'failed') {
        await this.apply(tx, fix, dispatch, 'fail', 'failed', { note: `Creating the GitHub issue failed: ${outcome.error}`.slice(0, 2000) }, GITHUB_ACTOR);
      }
      return true;
    });
  }

  /**
   * What GitHub's `issues` webhook reports about the issue of a fix, in the caller's transaction:
   * closed resolves the fix, reopened puts it back in progress. False when the fix is already there.
   */
  async applyIssueEvent(tx: Store, projectId: string, fixId: string, event: 'closed' | 'reopened', note: string): Promise<boolean> {
    const fix = await tx.fixes.findById(projectId, fixId);
    if (!fix) return false;
    const moved = await this.moveFix(tx, fix, event === 'closed' ? 'resolved' : 'in_progress', GITHUB_ACTOR, note);
    if (moved) await tx.fixes.addStep({ id: randomUUID(), fixId: fix.id, agent: GITHUB_ACTOR, action: event === 'closed' ? 'issue_closed' : 'issue_reopened', finding: note, createdAt: this.clock.now() });
    return moved;
  }

  private async requireClaimer(dispatch: FixDispatchRecord, actor: string): Promise<void> {
    if (dispatch.target === 'agent' && dispatch.claimedBy !== null && dispatch.claimedBy !== actor) {
      throw alreadyClaimed(`The fix is claimed by ${dispatch.claimedBy}; only the claimer reports on it.`);
    }
  }

  /**
   * Moves the fix toward `to` on behalf of its dispatch, recording each step in the fix's trail:
   * open → in_progress → resolved forward, and resolved → in_progress when the work is reopened (the
   * triage tools move one step forward only; a dispatch target reports what happened). False when
   * the fix is already there or cannot get there (a draft or an archived fix stays).
   */
  private async moveFix(tx: Store, fix: FixRecord, to: 'in_progress' | 'resolved', actor: string, note: string | null): Promise<boolean> {
    const steps = stepsToward(fix.status, to);
    let from = fix.status;
    for (const next of steps) {
      const now = this.clock.now();
      if (!(await tx.fixes.transition(fix.projectId, fix.id, from, next, now))) throw invalidTransition(`The fix changed meanwhile; it is no longer ${from}.`);
      await tx.fixes.recordTransition({ id: randomUUID(), fixId: fix.id, fromStatus: from, toStatus: next, actor, note, createdAt: now });
      from = next;
    }
    return steps.length > 0;
  }

  private async apply(
    tx: Store,
    fix: FixRecord,
    from: FixDispatchRecord,
    action: DispatchAction,
    to: NonNullable<DispatchState>,
    input: DispatchInput & { expiresAt?: Date | null },
    actor: string,
  ): Promise<void> {
    const now = this.clock.now();
    const target = input.target ?? 'webhook';
    const request = action === 'request' ? { target, webhookId: target === 'webhook' ? input.webhookId! : null, requestedBy: actor, expiresAt: input.expiresAt ?? null } : undefined;
    if (!(await tx.fixDispatch.transition(fix.projectId, fix.id, from.status, to, now, request))) {
      // Another change committed since we read the fix: judge against what it is now.
      const current = (await tx.fixDispatch.find(fix.projectId, fix.id))!;
      throw invalidTransition(`A fix that is ${stateName(current.status)} cannot take the dispatch action ${action}.`);
    }
    const note = input.note ?? null;
    await tx.fixDispatch.recordTransition({ id: randomUUID(), fixId: fix.id, action, fromStatus: from.status, toStatus: to, actor, note, createdAt: now });
    const after = (await tx.fixDispatch.find(fix.projectId, fix.id))!;
    const data = { fixId: fix.id, fixTitle: fix.title, dispatchStatus: to, target: after.target, webhookId: after.webhookId, requestedBy: after.requestedBy, actor, note };
    if (to === 'pending_approval') {
      const approvers = (await tx.notifications.recipients(fix.projectId)).filter((m) => {
        const role = effectiveProjectRole(m.organizationRole, m.projectRole);
        return role !== null && satisfiesRole(role, 'admin');
      });
      await this.notifications.announce(tx, {
        type: 'notification.approval_requested',
        projectId: fix.projectId,
        title: `Approval requested to dispatch the fix "${fix.title}"`,
        data: { ...data, expiresAt: after.expiresAt?.toISOString() ?? null },
        userIds: approvers.map((m) => m.userId),
      });
    } else if (action === 'approve' || action === 'reject' || action === 'expire') {
      const told = [userIdOfActor(after.requestedBy), after.assigneeUserId].filter((id): id is string => id !== null);
      const verb = { approve: 'approved', reject: 'rejected', expire: 'expired' }[action];
      await this.notifications.announce(tx, { type: APPROVAL_EVENTS[action], projectId: fix.projectId, title: `The dispatch of the fix "${fix.title}" was ${verb}`, data, userIds: told });
    } else if (action === 'complete') {
      await this.moveFix(tx, fix, 'resolved', actor, note ?? 'the dispatched work is done');
    } else if (action === 'dispatch' && after.target === 'github') {
      if (!(await tx.github.findTarget(fix.projectId))) throw new ProblemError(409, 'PUBLIC_API_DISPATCH_TARGET_UNAVAILABLE', 'The project\'s GitHub target was removed; set it again or request the dispatch with another target.');
      // Created by the issue worker, outside this request, with retries (github-issue-worker.ts).
      await tx.github.scheduleIssue(fix.projectId, fix.id, now);
    } else if (action === 'dispatch' && after.target === 'agent') {
      // Nothing to send: the fix now waits in the agents' queue (listFixes with dispatchTarget=agent).
    } else if (action === 'dispatch') {
      const webhook = after.webhookId ? await tx.webhooks.findById(fix.projectId, after.webhookId) : null;
      if (!webhook || !webhook.enabled) throw new ProblemError(409, 'PUBLIC_API_DISPATCH_TARGET_UNAVAILABLE', 'The dispatch target webhook was deleted or disabled; request the dispatch again with another.');
      const traceIds = (await tx.fixes.linkedTraceIds([fix.id])).get(fix.id) ?? [];
      await this.outbox.publishTo(tx, webhook, {
        type: DISPATCH_EVENT_TYPE,
        occurredAt: now,
        data: {
          ...data,
          fix: { id: fix.id, title: fix.title, description: fix.description, status: fix.status, severity: fix.severity, label: fix.label, rootCause: fix.rootCause, recommendedAction: fix.recommendedAction, verification: fix.verification, rollbackPlan: fix.rollbackPlan, linkedTraceIds: traceIds },
        },
      });
    }
  }

  private async requireTarget(tx: Store, projectId: string, webhookId: string | undefined): Promise<void> {
    if (webhookId === undefined) throw problems.validation('A dispatch request names its target webhook.', [{ code: 'required', message: 'required with action request', path: '/body/webhookId' }]);
    const webhook = isUuid(webhookId) ? await tx.webhooks.findById(projectId, webhookId) : null;
    if (!webhook || !webhook.enabled) throw problems.validation('webhookId must name an enabled webhook of the project.', [{ code: 'unknown_webhook', message: 'no enabled webhook of the project has this id', path: '/body/webhookId' }]);
  }

  private async findFix(store: Store, projectId: string, fixId: string): Promise<FixRecord> {
    const fix = isUuid(fixId) ? await store.fixes.findById(projectId, fixId) : null;
    if (!fix) throw problems.notFound('The fix');
    return fix;
  }
}
