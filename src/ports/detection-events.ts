export interface DetectionEventRecord {
  id: string;
  projectId: string;
  detectionId: string;
  traceId: string;
  spanId: string | null;
  score: number;
  evidence: Record<string, unknown>;
  traceCreatedAt: Date;
  createdAt: Date;
}

export interface FireStats {
  detectionId: string;
  since24h: number;
  since7d: number;
  lastFiredAt: Date | null;
}

export interface DetectionEventRepository {
  /** Records a firing; false when this detection already fired on this trace (nothing written). */
  insert(event: DetectionEventRecord): Promise<boolean>;
  /** Counts by trace time since the two instants, and the latest firing, per detection of the project. */
  fireStats(projectId: string, since24h: Date, since7d: Date): Promise<FireStats[]>;
  /**
   * Firings of one detection in [from, to) grouped into UTC-aligned buckets of `bucketMs` by the
   * trace's time, computed in SQL; keys are bucket starts (epoch ms).
   */
  countByBucket(projectId: string, detectionId: string, from: Date, to: Date, bucketMs: number): Promise<Map<number, number>>;
  listForTrace(projectId: string, traceId: string): Promise<DetectionEventRecord[]>;
}
