import type { FilterNode } from '../domain/filters/filter-types.js';

export type ScoreDataType = 'numeric' | 'boolean' | 'categorical';
export type ScoreSource = 'api' | 'annotation' | 'evaluator';
export type ScoreTarget = 'trace' | 'span' | 'session' | 'experiment_result';

export interface ScoreRecord {
  id: string;
  projectId: string;
  name: string;
  dataType: ScoreDataType;
  value: number | boolean | string;
  target: ScoreTarget;
  traceId: string | null;
  spanId: string | null;
  sessionId: string | null;
  source: ScoreSource;
  author: string | null;
  comment: string | null;
  evaluatorId: string | null;
  /** The experiment result the score belongs to (target `experiment_result`); absent means none. */
  experimentResultId?: string | null;
  createdAt: Date;
}

export interface ScoreFilters {
  traceId?: string;
  spanId?: string;
  sessionId?: string;
  name?: string;
  source?: ScoreSource;
}

/** Newest-first keyset position shared by the evaluation lists. */
export interface CreatedPosition {
  createdAt: number;
  id: string;
}

export interface ScoreRepository {
  insert(record: ScoreRecord): Promise<void>;
  find(projectId: string, id: string): Promise<ScoreRecord | null>;
  list(projectId: string, filters: ScoreFilters, limit: number, after: CreatedPosition | null): Promise<ScoreRecord[]>;
  delete(projectId: string, id: string): Promise<boolean>;
  /** Removes an evaluator's earlier scores of a trace: a re-judged (grown) trace keeps the latest. */
  deleteEvaluatorScores(projectId: string, evaluatorId: string, traceId: string): Promise<void>;
  /** Whether the trace (and, when given, its span) exists in the project. */
  targetExists(projectId: string, traceId: string, spanId: string | null): Promise<boolean>;
}

export interface ModelConnectionRecord {
  id: string;
  projectId: string;
  name: string;
  baseUrl: string;
  model: string;
  apiKeyCiphertext: string;
  createdAt: Date;
}

export interface ModelConnectionRepository {
  /** False when the name is taken in the project. */
  insert(record: ModelConnectionRecord): Promise<boolean>;
  find(projectId: string, id: string): Promise<ModelConnectionRecord | null>;
  list(projectId: string, limit: number, after: CreatedPosition | null): Promise<ModelConnectionRecord[]>;
  /** Writes name, base URL, model and sealed key of an existing connection; `conflict` when the name is taken by another. */
  update(record: ModelConnectionRecord): Promise<'updated' | 'conflict' | 'missing'>;
  delete(projectId: string, id: string): Promise<boolean>;
}

export type EvaluatorTemplate = 'hallucination' | 'answer_relevance' | 'toxicity' | 'pii_leakage' | 'custom';
export type EvaluatorVariable = 'input' | 'output' | 'context' | 'expected_output';

export interface EvaluatorRecord {
  id: string;
  projectId: string;
  modelConnectionId: string;
  name: string;
  template: EvaluatorTemplate;
  prompt: string;
  variables: Record<string, EvaluatorVariable>;
  scoreName: string;
  samplingRate: number;
  filters: FilterNode[];
  dailyBudgetUsd: number | null;
  dailyBudgetTokens: number | null;
  isActive: boolean;
  /** Why it is paused (the day's budget is spent), until `pausedUntil` (the next UTC midnight). */
  pausedReason: string | null;
  pausedUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export type EvaluatorChanges = Partial<Pick<EvaluatorRecord, 'isActive' | 'samplingRate' | 'filters' | 'dailyBudgetUsd' | 'dailyBudgetTokens' | 'pausedReason' | 'pausedUntil'>> & {
  updatedAt: Date;
};

export interface EvaluatorRepository {
  /** False when the name is taken in the project. */
  insert(record: EvaluatorRecord): Promise<boolean>;
  find(projectId: string, id: string): Promise<EvaluatorRecord | null>;
  listActive(projectId: string): Promise<EvaluatorRecord[]>;
  list(projectId: string, limit: number, after: CreatedPosition | null): Promise<EvaluatorRecord[]>;
  update(projectId: string, id: string, changes: EvaluatorChanges): Promise<boolean>;
  delete(projectId: string, id: string): Promise<boolean>;
}

export interface EvaluationJobRecord {
  id: string;
  projectId: string;
  evaluatorId: string;
  traceId: string;
  status: 'pending' | 'done' | 'failed';
  attempts: number;
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
  lastError: string | null;
  createdAt: Date;
}

/** The evaluator outbox: the same lease protocol as detection_jobs (see DetectionJobRepository). */
export interface EvaluationJobRepository {
  enqueue(jobs: { id: string; projectId: string; evaluatorId: string; traceId: string }[], now: Date): Promise<void>;
  /**
   * Growing (OTLP) traces: each (evaluator, trace)'s pending, unclaimed job is pushed back to
   * `notBefore`; a pair without one gets a job claimable from then (as DetectionJobRepository.schedule).
   */
  schedule(jobs: { id: string; projectId: string; evaluatorId: string; traceId: string }[], now: Date, notBefore: Date): Promise<void>;
  claim(owner: string, now: Date, leaseMs: number, limit: number): Promise<EvaluationJobRecord[]>;
  complete(id: string, owner: string, now: Date): Promise<boolean>;
  release(id: string, owner: string, error: string, now: Date, retryAt: Date, maxAttempts: number): Promise<void>;
  findById(id: string): Promise<EvaluationJobRecord | null>;
}

export type EvaluationOutcome = 'scored' | 'error' | 'skipped';

export interface EvaluationRunRecord {
  id: string;
  projectId: string;
  evaluatorId: string;
  traceId: string;
  outcome: EvaluationOutcome;
  scoreId: string | null;
  error: string | null;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  createdAt: Date;
}

export interface EvaluationRunRepository {
  insert(record: EvaluationRunRecord): Promise<void>;
  list(evaluatorId: string, limit: number, after: CreatedPosition | null): Promise<EvaluationRunRecord[]>;
  /** Tokens and dollars the evaluator spent in [from, to). */
  spent(evaluatorId: string, from: Date, to: Date): Promise<{ tokens: number; usd: number }>;
  /** Tokens and dollars all evaluators and playground runs of the project spent in [from, to). */
  spentByProject(projectId: string, from: Date, to: Date): Promise<{ tokens: number; usd: number }>;
}

/** A project's daily budget over all its evaluators, and its pause while the day's budget is spent. */
export interface EvaluationBudgetRecord {
  projectId: string;
  dailyBudgetUsd: number | null;
  dailyBudgetTokens: number | null;
  pausedReason: string | null;
  pausedUntil: Date | null;
  updatedAt: Date;
}

export interface EvaluationBudgetRepository {
  find(projectId: string): Promise<EvaluationBudgetRecord | null>;
  /** Sets the budget (and clears any pause). */
  put(record: EvaluationBudgetRecord): Promise<void>;
  setPause(projectId: string, reason: string | null, until: Date | null, now: Date): Promise<void>;
}

export interface AnnotationScoreConfig {
  name: string;
  dataType: ScoreDataType;
  min?: number;
  max?: number;
  categories?: string[];
}

export interface AnnotationQueueRecord {
  id: string;
  projectId: string;
  name: string;
  target: 'trace' | 'span';
  scoreConfig: AnnotationScoreConfig;
  members: string[];
  createdAt: Date;
}

export type AnnotationBatchStatus = 'open' | 'completed' | 'overdue';

export interface AnnotationItemRecord {
  id: string;
  batchId: string;
  projectId: string;
  traceId: string;
  spanId: string | null;
  assignee: string;
  position: number;
  status: 'pending' | 'done';
  scoreId: string | null;
  respondedAt: Date | null;
}

export interface AnnotationBatchRecord {
  id: string;
  projectId: string;
  queueId: string;
  status: AnnotationBatchStatus;
  deadlineAt: Date;
  remindAt: Date | null;
  reminderSentAt: Date | null;
  approachingSentAt: Date | null;
  passedSentAt: Date | null;
  completedAt: Date | null;
  createdAt: Date;
}

/** An item as its assignee sees it: with its queue and its batch's deadline. */
export interface AssignedItemRecord extends AnnotationItemRecord {
  queueId: string;
  queueName: string;
  deadlineAt: Date;
}

/** Keyset position of the assignee listing: pending before done, then deadline, then item id. */
export interface AssignedItemPosition {
  status: 'pending' | 'done';
  deadline: number;
  id: string;
}

/** Which scheduled notice of a batch: the reminder, "deadline approaching", "deadline passed". */
export type BatchNotice = 'reminder' | 'approaching' | 'passed';

export interface AnnotationRepository {
  insertQueue(record: AnnotationQueueRecord): Promise<void>;
  findQueue(projectId: string, id: string): Promise<AnnotationQueueRecord | null>;
  listQueues(projectId: string, limit: number, after: CreatedPosition | null): Promise<AnnotationQueueRecord[]>;
  /** False when already a member. */
  addMember(queueId: string, userId: string, now: Date): Promise<boolean>;
  /** False when the user was not a member. Their dealt items are left as they are. */
  removeMember(queueId: string, userId: string): Promise<boolean>;
  insertBatch(batch: AnnotationBatchRecord, items: AnnotationItemRecord[]): Promise<void>;
  findBatch(projectId: string, queueId: string, batchId: string): Promise<AnnotationBatchRecord | null>;
  items(batchId: string): Promise<AnnotationItemRecord[]>;
  /** Marks a pending item done; false when it was not pending. */
  answerItem(batchId: string, itemId: string, scoreId: string, now: Date): Promise<boolean>;
  /** Sets a batch's status (and completion time). */
  setBatchStatus(batchId: string, status: AnnotationBatchStatus, completedAt: Date | null): Promise<void>;
  /** Open batches whose `notice` is due at `now` and not yet sent, oldest deadline first. */
  dueNotices(notice: BatchNotice, now: Date, approachingMs: number, limit: number): Promise<AnnotationBatchRecord[]>;
  /** Records a notice as sent; false when it already was (another process). */
  markNotice(batchId: string, notice: BatchNotice, now: Date): Promise<boolean>;
  findBatchById(batchId: string): Promise<AnnotationBatchRecord | null>;
  /** A queue's batches, newest first. */
  listBatches(queueId: string, limit: number, after: CreatedPosition | null): Promise<AnnotationBatchRecord[]>;
  /** The user's items in the project, pending first, then by deadline, then id; after a position. */
  assignedItems(projectId: string, userId: string, status: 'pending' | 'done' | undefined, after: AssignedItemPosition | null, limit: number): Promise<AssignedItemRecord[]>;
}
