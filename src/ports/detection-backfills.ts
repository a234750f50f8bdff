export type BackfillStatus = 'running' | 'completed';

export interface DetectionBackfillRecord {
  id: string;
  projectId: string;
  detectionId: string;
  requestedBy: string;
  status: BackfillStatus;
  from: Date;
  to: Date;
  /** Traces in [from, to) when requested. */
  total: number;
  processed: number;
  batches: number;
  fired: number;
  /** Keyset position (created_at, id) of the last processed trace. */
  cursor: { createdAt: number; traceId: string } | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}

export interface BackfillProgress {
  processed: number;
  fired: number;
  cursor: { createdAt: number; traceId: string } | null;
  completedAt: Date | null;
}

export interface DetectionBackfillRepository {
  create(backfill: DetectionBackfillRecord): Promise<void>;
  find(projectId: string, id: string): Promise<DetectionBackfillRecord | null>;
  runningFor(projectId: string, detectionId: string): Promise<DetectionBackfillRecord | null>;
  /** Running backfills, oldest first. */
  running(limit: number): Promise<DetectionBackfillRecord[]>;
  /** Records batch number `batch` (only if it is the next one): false when another run recorded it. */
  advance(id: string, batch: number, progress: BackfillProgress, now: Date): Promise<boolean>;
  countTraces(projectId: string, from: Date, to: Date): Promise<number>;
  /** Trace ids in [from, to) after the keyset position, oldest first. */
  nextTraces(projectId: string, from: Date, to: Date, after: { createdAt: number; traceId: string } | null, limit: number): Promise<{ id: string; createdAt: number }[]>;
}
