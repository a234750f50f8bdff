import { randomUUID } from 'node:crypto';
import { grantAllows, type ReadGrant } from '../../auth/principal.js';
import type { Clock } from '../../clock.js';
import { problems } from '../../errors.js';
import type { CursorBinding, CursorCodec, Page } from '../../pagination/cursor.js';
import type { DetectionRecord } from '../../ports/detections.js';
import type { FixCommentRecord, FixContentChanges, FixListFilter, FixRecord, FixStatus, FixTraceLink, FixTransitionRecord, InvestigationStepRecord } from '../../ports/fixes.js';
import type { Store } from '../../ports/store.js';
import { isUuid } from '../actor.js';
import type { Severity } from '../detections/detection-types.js';
import type { EventPublisher } from '../events/event-publisher.js';
import { keysetPage } from '../keyset-page.js';
import { offsetPage } from '../offset-page.js';
import { canAccept, canDismiss, canUpdateStatus, invalidTransition, type UpdateStatusTarget } from './fix-state-machine.js';

export interface LinkedTrace extends FixTraceLink {
  /** null when the trace is no longer stored. */
  name: string | null;
}

export interface FixDetail {
  fix: FixRecord;
  linkedTraces: LinkedTrace[];
  comments: FixCommentRecord[];
}

export interface FixSummary {
  fix: FixRecord;
  linkedTraceIds: string[];
}

export interface NewFix {
  title: string;
  description?: string | null;
  severity: Severity;
  label?: string | null;
  confidence?: number;
  rootCause?: string | null;
  recommendedAction?: string | null;
  riskAssessment?: string | null;
  verification?: string | null;
  rollbackPlan?: string | null;
}

/** A firing as the fix workflow needs it. */
export interface Firing {
  traceId: string;
  spanId: string | null;
  score: number;
}

/** Runs in a comment's transaction after it is stored (mentions are announced this way). */
export type CommentHook = (tx: Store, fix: FixRecord, comment: FixCommentRecord) => Promise<unknown>;

/**
 * Fixes and their triage. Every status change is a conditional UPDATE from the state the caller
 * saw (so of two concurrent changes one wins and the other gets 400) plus a fix_transitions row,
 * in one transaction.
 */
export class FixService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly events: EventPublisher,
    private readonly cursors: CursorCodec,
  ) {}

  private readonly commentHooks: CommentHook[] = [];

  /** Adds work to every comment's transaction (notifications for `@` mentions). */
  onComment(hook: CommentHook): void {
    this.commentHooks.push(hook);
  }

  /** A fix written by a person or an agent through the service API; it starts in draft. */
  async create(projectId: string, input: NewFix, actor: string): Promise<FixRecord> {
    return this.store.transaction(async (tx) => {
      const fix = this.newFix(projectId, null, input, actor);
      await tx.fixes.create(fix);
      await this.recordTransition(tx, fix.id, null, 'draft', actor, null);
      return fix;
    });
  }

  /**
   * A draft made from a group of traces (a failure cluster): created and linked in one transaction,
   * each link with accuracy 1 (membership is not a score) and one investigation step saying where
   * the traces came from.
   */
  async createLinked(projectId: string, input: NewFix, traceIds: readonly string[], actor: string, origin: string): Promise<FixRecord> {
    return this.store.transaction(async (tx) => {
      const now = this.clock.now();
      const fix = this.newFix(projectId, null, input, actor);
      await tx.fixes.create(fix);
      await this.recordTransition(tx, fix.id, null, 'draft', actor, null);
      for (const traceId of traceIds) await tx.fixes.linkTrace(fix.id, { traceId, spanId: null, accuracy: 1, linkedAt: now }, now);
      await this.addStep(tx, fix.id, actor, 'linked_traces', `${traceIds.length} traces linked from ${origin}.`);
      return (await tx.fixes.findById(projectId, fix.id))!;
    });
  }

  /**
   * The grouping rule: one fix per detection while that fix is neither resolved nor archived.
   * A firing joins the detection's current fix (its trace linked with the score as accuracy) or
   * opens a new draft. Runs in the evaluation's transaction; the partial unique index on
   * fixes(detection_id) makes a concurrent second draft fail that transaction, which is retried.
   */
  async recordFiring(tx: Store, detection: DetectionRecord, firing: Firing): Promise<FixRecord> {
    const now = this.clock.now();
    const agent = `detector:${detection.slug}`;
    let fix = await tx.fixes.findOpenForDetection(detection.projectId, detection.id);
    const created = !fix;
    if (!fix) {
      fix = this.newFix(
        detection.projectId,
        detection.id,
        {
          title: detection.displayName,
          description: detection.description ?? `Traces fired the ${detection.displayName} detection.`,
          severity: detection.severity,
          label: detection.slug,
        },
        agent,
      );
      await tx.fixes.create(fix);
      await this.recordTransition(tx, fix.id, null, 'draft', agent, null);
    }
    const linked = await tx.fixes.linkTrace(fix.id, { traceId: firing.traceId, spanId: firing.spanId, accuracy: firing.score, linkedAt: now }, now);
    if (linked) {
      const where = firing.spanId ? ` (span ${firing.spanId})` : '';
      await this.addStep(tx, fix.id, agent, created ? 'detected' : 'linked_trace', `Trace ${firing.traceId}${where} fired ${detection.slug} with score ${firing.score.toFixed(3)}.`);
    }
    return (await tx.fixes.findById(detection.projectId, fix.id))!;
  }

  /** `grant` limits a guest reader to the fix it was shared (others: 404, like an unknown fix). */
  async get(projectId: string, fixId: string, grant: ReadGrant | null = null): Promise<FixDetail> {
    if (!grantAllows(grant, 'fix', fixId)) throw problems.notFound('The fix');
    const fix = await this.find(this.store, projectId, fixId);
    const links = await this.store.fixes.linkedTraces(fix.id);
    const names = await this.store.evaluationTraces.names(projectId, links.map((l) => l.traceId));
    return {
      fix,
      linkedTraces: links.map((link) => ({ ...link, name: names.get(link.traceId) ?? null })),
      comments: await this.store.fixes.comments(fix.id),
    };
  }

  /**
   * Keyset paging (REST listFixes and the triage_list tool), with the count of every match. A first
   * page may start `startOffset` fixes in (the tool's offset); its next cursor is a keyset one.
   */
  async listPage(
    projectId: string,
    filter: FixListFilter,
    request: { limit: number; cursor?: string; startOffset?: number },
    binding: CursorBinding,
  ): Promise<{ fixes: FixSummary[]; page: Page; total: number }> {
    const { startOffset = 0, ...keyset } = request;
    if (!Number.isSafeInteger(startOffset) || startOffset < 0) throw problems.validation('offset must be a non-negative integer.', [{ code: 'invalid_type', message: 'must be a non-negative integer', path: '/offset' }]);
    let total: number | undefined;
    const { items, page } = await keysetPage(this.cursors, binding, keyset, async (after, limit) => {
      if (after || startOffset === 0) return this.store.fixes.listAfter(projectId, filter, after, limit);
      const counted = await this.store.fixes.listByOffset(projectId, filter, startOffset, limit);
      total = counted.total;
      return counted.fixes;
    });
    total ??= await this.store.fixes.count(projectId, filter);
    return { fixes: await this.summaries(items), page, total };
  }

  accept(projectId: string, fixId: string, actor: string): Promise<FixRecord> {
    return this.move(projectId, fixId, 'open', actor, null, canAccept, (from) => `Only a draft fix can be accepted; this one is ${from}.`);
  }

  dismiss(projectId: string, fixId: string, reason: string | null, actor: string): Promise<FixRecord> {
    return this.move(projectId, fixId, 'archived', actor, reason, canDismiss, (from) => `A ${from} fix cannot be dismissed.`, { feedback: reason });
  }

  updateStatus(projectId: string, fixId: string, to: UpdateStatusTarget, note: string | null, actor: string): Promise<FixRecord> {
    return this.move(projectId, fixId, to, actor, note, (from) => canUpdateStatus(from, to), (from) => `A fix cannot move from ${from} to ${to}.`);
  }

  async update(projectId: string, fixId: string, changes: FixContentChanges): Promise<FixRecord> {
    return this.store.transaction(async (tx) => {
      const fix = await this.find(tx, projectId, fixId);
      await tx.fixes.updateContent(projectId, fix.id, changes, this.clock.now());
      return (await tx.fixes.findById(projectId, fix.id))!;
    });
  }

  async transitions(projectId: string, fixId: string): Promise<FixTransitionRecord[]> {
    const fix = await this.find(this.store, projectId, fixId);
    return this.store.fixes.transitions(fix.id);
  }

  async investigation(projectId: string, fixId: string): Promise<{ fix: FixRecord; steps: InvestigationStepRecord[]; comments: FixCommentRecord[] }> {
    const fix = await this.find(this.store, projectId, fixId);
    return { fix, steps: await this.store.fixes.steps(fix.id), comments: await this.store.fixes.comments(fix.id) };
  }

  /** Steps oldest first, cursor-paged by offset (steps are append-only, so pages never shift). */
  async stepsPage(projectId: string, fixId: string, request: { limit: number; cursor?: string }, binding: CursorBinding): Promise<{ steps: InvestigationStepRecord[]; total: number; page: Page }> {
    const fix = await this.find(this.store, projectId, fixId);
    const total = await this.store.fixes.countSteps(fix.id);
    const { items, page } = await offsetPage(this.cursors, binding, request, async (offset, limit) => {
      const rows = await this.store.fixes.steps(fix.id, limit + 1, offset);
      return { items: rows.slice(0, limit), hasMore: rows.length > limit };
    });
    return { steps: items, total, page };
  }

  /** A step of the fix's investigation, by a person or an agent. */
  async recordStep(projectId: string, fixId: string, step: { agent: string; action: string; finding: string }): Promise<InvestigationStepRecord> {
    return this.store.transaction(async (tx) => {
      const fix = await this.find(tx, projectId, fixId);
      return this.addStep(tx, fix.id, step.agent, step.action, step.finding);
    });
  }

  /** Comments announce notification.comment_created in the comment's own transaction. */
  async addComment(projectId: string, fixId: string, text: string, author: string): Promise<FixCommentRecord> {
    return this.store.transaction(async (tx) => {
      const fix = await this.find(tx, projectId, fixId);
      const comment: FixCommentRecord = { id: randomUUID(), fixId: fix.id, author, text, createdAt: this.clock.now() };
      await tx.fixes.addComment(comment);
      await this.events.publish(tx, {
        type: 'notification.comment_created',
        projectId,
        occurredAt: comment.createdAt,
        data: { fixId: fix.id, commentId: comment.id, author, text },
      });
      for (const hook of this.commentHooks) await hook(tx, fix, comment);
      return comment;
    });
  }

  private async move(
    projectId: string,
    fixId: string,
    to: FixStatus,
    actor: string,
    note: string | null,
    allowed: (from: FixStatus) => boolean,
    refusal: (from: FixStatus) => string,
    extra: { feedback?: string | null } = {},
  ): Promise<FixRecord> {
    return this.store.transaction(async (tx) => {
      const fix = await this.find(tx, projectId, fixId);
      if (!allowed(fix.status)) throw invalidTransition(refusal(fix.status));
      const now = this.clock.now();
      if (!(await tx.fixes.transition(projectId, fix.id, fix.status, to, now, extra))) {
        // Another transition committed since we read the fix: judge against what it is now.
        const current = await this.find(tx, projectId, fixId);
        throw invalidTransition(refusal(current.status));
      }
      await this.recordTransition(tx, fix.id, fix.status, to, actor, note);
      return { ...fix, ...extra, status: to, updatedAt: now };
    });
  }

  private async find(store: Store, projectId: string, fixId: string): Promise<FixRecord> {
    const fix = isUuid(fixId) ? await store.fixes.findById(projectId, fixId) : null;
    if (!fix) throw problems.notFound('The fix');
    return fix;
  }

  private async summaries(fixes: FixRecord[]): Promise<FixSummary[]> {
    const ids = await this.store.fixes.linkedTraceIds(fixes.map((f) => f.id));
    return fixes.map((fix) => ({ fix, linkedTraceIds: ids.get(fix.id) ?? [] }));
  }

  private newFix(projectId: string, detectionId: string | null, input: NewFix, creator: string): FixRecord {
    const now = this.clock.now();
    return {
      id: randomUUID(),
      projectId,
      detectionId,
      title: input.title,
      description: input.description ?? null,
      status: 'draft',
      severity: input.severity,
      label: input.label ?? null,
      confidence: input.confidence ?? 0,
      creator,
      dispatchStatus: null,
      rootCause: input.rootCause ?? null,
      recommendedAction: input.recommendedAction ?? null,
      riskAssessment: input.riskAssessment ?? null,
      verification: input.verification ?? null,
      rollbackPlan: input.rollbackPlan ?? null,
      feedback: null,
      createdAt: now,
      updatedAt: now,
    };
  }

  private async recordTransition(tx: Store, fixId: string, from: FixStatus | null, to: FixStatus, actor: string, note: string | null): Promise<void> {
    await tx.fixes.recordTransition({ id: randomUUID(), fixId, fromStatus: from, toStatus: to, actor, note, createdAt: this.clock.now() });
  }

  private async addStep(tx: Store, fixId: string, agent: string, action: string, finding: string): Promise<InvestigationStepRecord> {
    const step: InvestigationStepRecord = { id: randomUUID(), fixId, agent, action, finding, createdAt: this.clock.now() };
    await tx.fixes.addStep(step);
    return step;
  }
}
