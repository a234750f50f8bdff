import type { BinaryEvaluation } from '../domain/detections/learning/binary-metrics.js';
import type { ClassCounts } from '../domain/detections/learning/classifier-training.js';
import type { LabeledExample } from '../domain/detections/learning/classifier-training.js';

export type ModelStatus = 'queued' | 'training' | 'trained' | 'refused' | 'failed';
export type TrainingTrigger = 'request' | 'schedule';

/** The hold-out evaluation kept with a trained version. */
export interface StoredEvaluation extends BinaryEvaluation {
  train: ClassCounts;
  holdout: ClassCounts;
}

/** One training of a custom_trained detection, and the model it made. */
export interface DetectionModelRecord {
  id: string;
  projectId: string;
  detectionId: string;
  version: number;
  status: ModelStatus;
  trigger: TrainingTrigger;
  active: boolean;
  reason: string | null;
  examples: ClassCounts | null;
  evaluation: StoredEvaluation | null;
  seed: number;
  hashBits: number;
  durationMs: number | null;
  requestedBy: string;
  createdAt: Date;
  completedAt: Date | null;
  activatedAt: Date | null;
}

/** What a training worker needs of a claimed training. */
export interface ClaimedTraining extends DetectionModelRecord {
  upload: LabeledExample[] | null;
}

/** The weights the detection runs. */
export interface ModelWeights {
  id: string;
  version: number;
  hashBits: number;
  bias: number;
  weights: Float32Array;
}

export interface TrainingResult {
  status: 'trained' | 'refused' | 'failed';
  reason: string | null;
  examples: ClassCounts | null;
  evaluation: StoredEvaluation | null;
  model: { bias: number; weights: Float32Array } | null;
  durationMs: number | null;
}

export interface DetectionModelRepository {
  /** Queues a training; `conflict` when the detection has one queued or running (a partial unique index decides). */
  enqueue(record: DetectionModelRecord, upload: LabeledExample[] | null): Promise<'queued' | 'conflict'>;
  /** The next version number of the detection. */
  nextVersion(detectionId: string): Promise<number>;
  find(projectId: string, detectionId: string, version: number): Promise<DetectionModelRecord | null>;
  /** Newest version first, below `beforeVersion` when given (the keyset position). */
  list(projectId: string, detectionId: string, beforeVersion: number | null, limit: number): Promise<DetectionModelRecord[]>;
  /** Takes the oldest queued training (or one whose worker's lease ran out) under a lease; null when none. */
  claim(owner: string, now: Date, leaseMs: number): Promise<ClaimedTraining | null>;
  /** Records the outcome while `owner` still holds the lease; false when it lost it. */
  finish(id: string, owner: string, result: TrainingResult, now: Date): Promise<boolean>;
  /** Makes the version the active one (and no other); false when it is not a trained version. */
  activate(projectId: string, detectionId: string, version: number, now: Date): Promise<boolean>;
  /** The active version's weights, or null. */
  activeWeights(projectId: string, detectionId: string): Promise<ModelWeights | null>;
  /** The active version's id alone (a cheap check whether a cached model is still the one). */
  activeId(projectId: string, detectionId: string): Promise<string | null>;
  /** When the detection's last training was requested, or null. */
  lastRequestedAt(detectionId: string): Promise<Date | null>;
  /** custom_trained detections of every project (id, project, config), for the retraining schedule; at most `limit`. */
  learnedDetections(limit: number): Promise<{ id: string; projectId: string; config: unknown }[]>;
}
