import type { DispatchAction, DispatchState, DispatchStatus, DispatchTarget } from '../domain/dispatch/dispatch-state-machine.js';

export interface FixDispatchRecord {
  fixId: string;
  projectId: string;
  status: DispatchState;
  /** Where the latest request sends the fix; null before the first request. */
  target: DispatchTarget | null;
  webhookId: string | null;
  requestedBy: string | null;
  expiresAt: Date | null;
  assigneeUserId: string | null;
  /** The actor (a coding agent's credential) that claimed an agent dispatch. */
  claimedBy: string | null;
  /** The issue a GitHub dispatch created, once it exists. */
  githubIssue: { number: number; url: string } | null;
  /** Attempts at creating the GitHub issue so far, and why the last one failed. */
  githubAttempts: number;
  githubLastError: string | null;
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
  target: DispatchTarget;
  /** With a webhook target only. */
  webhookId: string | null;
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
  /** Records who claimed an agent dispatch (null clears it, at a new request). */
  setClaimedBy(projectId: string, fixId: string, actor: string | null): Promise<void>;
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
