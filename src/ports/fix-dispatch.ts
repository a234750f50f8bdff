import type { DispatchAction, DispatchState, DispatchStatus } from '../domain/dispatch/dispatch-state-machine.js';

export interface FixDispatchRecord {
  fixId: string;
  projectId: string;
  status: DispatchState;
  webhookId: string | null;
  requestedBy: string | null;
  expiresAt: Date | null;
  assigneeUserId: string | null;
}

export interface DispatchTransitionRecord {
  id: string;
  fixId: string;
  action: DispatchAction;
  fromStatus: DispatchState;
  toStatus: DispatchStatus;
  actor: string;
  note: string | null;
  createdAt: Date;
}

/** What a request sets beside the status; other transitions keep these. */
export interface DispatchRequestFields {
  webhookId: string;
  requestedBy: string;
  expiresAt: Date | null;
}

export interface FixDispatchRepository {
  find(projectId: string, fixId: string): Promise<FixDispatchRecord | null>;
  /**
   * Moves dispatch_status from `expected` to `to` only if it is still `expected` (a conditional
   * UPDATE), so of two concurrent approvals exactly one wins. False when it was not.
   */
  transition(projectId: string, fixId: string, expected: DispatchState, to: DispatchStatus, now: Date, request?: DispatchRequestFields): Promise<boolean>;
  recordTransition(transition: DispatchTransitionRecord): Promise<void>;
  transitions(fixId: string): Promise<DispatchTransitionRecord[]>;
  /** Pending approvals whose deadline is at or before `now`, oldest deadline first. */
  dueExpiries(now: Date, limit: number): Promise<{ projectId: string; fixId: string; expiresAt: Date }[]>;
  setAssignee(projectId: string, fixId: string, userId: string | null, now: Date): Promise<boolean>;
  /**
   * Draft or open fixes of the project with an assignee, unchanged since `unchangedSince`, and not
   * reported since their last change; oldest change first.
   */
  needingAction(projectId: string, unchangedSince: Date, limit: number): Promise<ActionItem[]>;
  markReminded(fixIds: string[], now: Date): Promise<void>;
  /** Projects with a fix `needingAction` would answer at `now`, each by its own age setting (by id, at most `limit`). */
  projectsWithActionItems(now: Date, defaultAgeHours: number, limit: number): Promise<string[]>;
}

export interface ActionItem {
  fixId: string;
  title: string;
  status: string;
  severity: string;
  assigneeUserId: string;
  updatedAt: Date;
}
