import type { ScoreDataType, ScoreRecord } from './evaluations.js';

/** Any JSON value (an item's input, expected output, a result's output). */
export type JsonValue = unknown;

export interface DatasetRecord {
  id: string;
  projectId: string;
  name: string;
  description: string | null;
  metadata: Record<string, unknown>;
  /** Increases by one on every item change. */
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export type DatasetItemStatus = 'active' | 'archived';

/** One state of an item: written at dataset version `version`, kept when the item changes again. */
export interface DatasetItemRecord {
  id: string;
  datasetId: string;
  version: number;
  input: JsonValue;
  expectedOutput: JsonValue;
  metadata: Record<string, unknown>;
  sourceTraceId: string | null;
  sourceSpanId: string | null;
  status: DatasetItemStatus;
  createdAt: Date;
  updatedAt: Date;
}

/** Oldest-first keyset position: the item's creation time (epoch ms) and id. */
export interface OldestFirstPosition {
  createdAt: number;
  id: string;
}

/** Newest-first keyset position (createdAt epoch ms, id). */
export interface NewestFirstPosition {
  createdAt: number;
  id: string;
}

export interface DatasetRepository {
  /** False when the name is taken in the project. */
  insert(record: DatasetRecord): Promise<boolean>;
  find(projectId: string, id: string): Promise<DatasetRecord | null>;
  /** The dataset, locked against concurrent version bumps until the transaction ends (PostgreSQL). */
  findForUpdate(projectId: string, id: string): Promise<DatasetRecord | null>;
  list(projectId: string, limit: number, after: NewestFirstPosition | null): Promise<DatasetRecord[]>;
  /** False when the new name is taken in the project (the row is unchanged then). */
  update(projectId: string, id: string, changes: { name?: string; description?: string | null; metadata?: Record<string, unknown>; version?: number; updatedAt: Date }): Promise<boolean>;
  /** Deletes the dataset, its item versions, runs, results and their scores. */
  delete(projectId: string, id: string): Promise<boolean>;

  /** Appends one state of an item. */
  insertItemVersion(record: DatasetItemRecord): Promise<void>;
  /** Each item's state as of dataset version `asOf`, oldest item first, after `after`; archived ones only when asked. */
  listItems(datasetId: string, asOf: number, includeArchived: boolean, limit: number, after: OldestFirstPosition | null): Promise<DatasetItemRecord[]>;
  /** One item's state as of dataset version `asOf`, or null when it did not exist then. */
  findItem(datasetId: string, itemId: string, asOf: number): Promise<DatasetItemRecord | null>;
  /** Items active as of version `asOf`. */
  countActiveItems(datasetId: string, asOf: number): Promise<number>;
  /** Items ever created in the dataset (archived included): the size bound. */
  countItems(datasetId: string): Promise<number>;
}

export type ExperimentRunStatus = 'running' | 'completed' | 'failed' | 'cancelled';

/** A chat message of a server-side task, as OpenAI's chat completions take it. */
export interface ExperimentTaskMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The model parameters a server-side task passes through, named as OpenAI names them. */
export interface ExperimentTaskParameters {
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  seed?: number;
}

/** What the server runs for each item of a server-side run; the prompt version is resolved at creation. */
export interface ExperimentTask {
  kind: 'prompt' | 'template';
  promptName: string | null;
  promptVersion: number | null;
  messages: ExperimentTaskMessage[];
  modelConnectionId: string;
  model: string;
  parameters: ExperimentTaskParameters;
  concurrency: number;
  /** Built-in scorers applied on finish (their specs as given). */
  scorers: Record<string, unknown>[];
  /** LLM-as-judge evaluators applied to every result before the run finishes. */
  evaluatorIds: string[];
}

/** Where a server-side run is: calling the model per item, then judging the results. */
export type ExperimentRunPhase = 'tasks' | 'judging';

export interface ExperimentRunRecord {
  id: string;
  projectId: string;
  datasetId: string;
  name: string;
  datasetVersion: number;
  metadata: Record<string, unknown>;
  status: ExperimentRunStatus;
  baseline: boolean;
  createdAt: Date;
  completedAt: Date | null;
  /** Null for a client-side run. */
  task: ExperimentTask | null;
  /** Why a server-side run stopped (a spent budget); null otherwise. */
  statusReason: string | null;
  /** The actor who started the run: the finish announces to them. */
  startedBy: string | null;
  phase: ExperimentRunPhase | null;
}

export interface ExperimentResultRecord {
  id: string;
  runId: string;
  itemId: string;
  output: JsonValue;
  traceId: string | null;
  latencyMs: number | null;
  costUsd: number | null;
  /** The model call's usage (server-side runs); null otherwise. */
  promptTokens: number | null;
  completionTokens: number | null;
  error: string | null;
  createdAt: Date;
}

/** One score value of a run's result, keyed by the dataset item: what a comparison pairs on. */
export interface RunScoreValue {
  itemId: string;
  name: string;
  dataType: ScoreDataType;
  value: number | boolean | string;
}

export interface ExperimentRepository {
  insertRun(record: ExperimentRunRecord): Promise<void>;
  findRun(datasetId: string, runId: string): Promise<ExperimentRunRecord | null>;
  listRuns(datasetId: string, limit: number, after: NewestFirstPosition | null): Promise<ExperimentRunRecord[]>;
  /** Changes a run; `fromStatus` makes the change conditional (false when the run is no longer in it). */
  updateRun(
    runId: string,
    changes: { name?: string; status?: ExperimentRunStatus; completedAt?: Date | null; baseline?: boolean; statusReason?: string | null; phase?: ExperimentRunPhase },
    fromStatus?: ExperimentRunStatus,
  ): Promise<boolean>;
  /** The run by id alone (the worker's read: its jobs carry the run id, not the dataset's). */
  findRunById(runId: string): Promise<ExperimentRunRecord | null>;
  /** Running server-side runs with no pending job: the worker finishes (or moves on) each. */
  idleServerRuns(limit: number): Promise<ExperimentRunRecord[]>;
  /** Unsets the baseline flag of every run of the dataset. */
  clearBaseline(datasetId: string): Promise<void>;
  findBaseline(datasetId: string): Promise<ExperimentRunRecord | null>;
  countResults(runId: string): Promise<number>;
  /** The run's result for an item, if any. */
  findResultByItem(runId: string, itemId: string): Promise<ExperimentResultRecord | null>;
  /** Deletes the scores of a result with this name (a re-scored result keeps the latest). */
  deleteResultScoresNamed(resultId: string, name: string): Promise<void>;
  /** Deletes a result and its scores. */
  deleteResult(resultId: string): Promise<void>;
  insertResult(record: ExperimentResultRecord): Promise<void>;
  listResults(runId: string, limit: number, after: OldestFirstPosition | null): Promise<ExperimentResultRecord[]>;
  /** The scores of these results, oldest first. */
  resultScores(resultIds: string[]): Promise<ScoreRecord[]>;
  /** Every score of the run's results, at most `limit` rows (the caller detects overflow with limit + 1). */
  runScores(runId: string, limit: number): Promise<RunScoreValue[]>;
}
