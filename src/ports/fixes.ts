import type { Severity } from '../domain/detections/detection-types.js';

export type FixStatus = 'draft' | 'open' | 'in_progress' | 'resolved' | 'archived';

export interface FixRecord {
  id: string;
  projectId: string;
  detectionId: string | null;
  title: string;
  description: string | null;
  status: FixStatus;
  severity: Severity;
  label: string | null;
  confidence: number;
  creator: string;
  dispatchStatus: string | null;
  rootCause: string | null;
  recommendedAction: string | null;
  riskAssessment: string | null;
  verification: string | null;
  rollbackPlan: string | null;
  /** The reason given when the fix was dismissed. */
  feedback: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface FixTraceLink {
  traceId: string;
  spanId: string | null;
  accuracy: number;
  linkedAt: Date;
}

export interface FixTransitionRecord {
  id: string;
  fixId: string;
  fromStatus: FixStatus | null;
  toStatus: FixStatus;
  actor: string;
  note: string | null;
  createdAt: Date;
}

export interface InvestigationStepRecord {
  id: string;
  fixId: string;
  agent: string;
  action: string;
  finding: string;
  createdAt: Date;
}

export interface FixCommentRecord {
  id: string;
  fixId: string;
  author: string;
  text: string;
  createdAt: Date;
}

export interface FixListFilter {
  status?: FixStatus;
  severity?: Severity;
  label?: string;
  /** A DispatchStatus / DispatchTarget (named as strings: the dispatch state machine imports this module). */
  dispatchStatus?: string;
  dispatchTarget?: string;
}

export type FixContentChanges = Partial<Pick<FixRecord, 'title' | 'severity' | 'label' | 'recommendedAction'>>;

export interface FixRepository {
  create(fix: FixRecord): Promise<void>;
  findById(projectId: string, id: string): Promise<FixRecord | null>;
  /** The fix of the detection that is neither resolved nor archived, if any. */
  findOpenForDetection(projectId: string, detectionId: string): Promise<FixRecord | null>;
  /**
   * Moves the fix to `to` only if it is still in `expected` (a conditional UPDATE), so of two
   * concurrent transitions from one state exactly one wins. False when it was not in `expected`.
   */
  transition(projectId: string, id: string, expected: FixStatus, to: FixStatus, now: Date, extra?: { feedback?: string | null }): Promise<boolean>;
  updateContent(projectId: string, id: string, changes: FixContentChanges, now: Date): Promise<boolean>;
  /** Links a trace (no-op when linked already); then confidence becomes the mean accuracy. */
  linkTrace(fixId: string, link: FixTraceLink, now: Date): Promise<boolean>;
  linkedTraces(fixId: string): Promise<FixTraceLink[]>;
  /** Linked trace ids of many fixes at once, for lists. */
  linkedTraceIds(fixIds: string[]): Promise<Map<string, string[]>>;
  /** Newest first with offset paging (the tool interface) and the total. */
  listByOffset(projectId: string, filter: FixListFilter, offset: number, limit: number): Promise<{ fixes: FixRecord[]; total: number }>;
  /** How many fixes of the project match the filter. */
  count(projectId: string, filter: FixListFilter): Promise<number>;
  /** Newest first after a keyset position (REST). */
  listAfter(projectId: string, filter: FixListFilter, after: { createdAt: number; id: string } | null, limit: number): Promise<FixRecord[]>;
  recordTransition(transition: FixTransitionRecord): Promise<void>;
  transitions(fixId: string): Promise<FixTransitionRecord[]>;
  addStep(step: InvestigationStepRecord): Promise<void>;
  /** Oldest first; `limit` caps the page, which starts `offset` steps in (steps are append-only). */
  steps(fixId: string, limit?: number, offset?: number): Promise<InvestigationStepRecord[]>;
  countSteps(fixId: string): Promise<number>;
  addComment(comment: FixCommentRecord): Promise<void>;
  comments(fixId: string): Promise<FixCommentRecord[]>;
}
