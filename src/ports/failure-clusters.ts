/** One failure cluster of a project (docs/detections-learning.md#failure-clustering). */
export interface FailureClusterRecord {
  id: string;
  projectId: string;
  /** Creation order within the project: decides ties and keeps assignment deterministic. */
  sequence: number;
  /** Drain leaf key: token count and prefix tokens. */
  bucket: string;
  template: string[];
  count: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  /** Detections that fired on its traces (at most MAX_CLUSTER_DETECTIONS). */
  detectionIds: string[];
  /** Set when merged into another cluster: signatures that match it then join that one. */
  mergedInto: string | null;
  /** The last draft fix made from it. */
  fixId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ClusterMemberRecord {
  projectId: string;
  traceId: string;
  clusterId: string;
  /** The trace's signature tokens. */
  signature: string[];
  detectionIds: string[];
  /** When the trace happened (its createdAt): what trends count. */
  seenAt: Date;
  assignedAt: Date;
}

export type ClusterSort = 'count' | 'lastSeen';

/** A keyset position: the sort value, then the sequence (descending both). */
export interface ClusterPosition {
  value: number;
  sequence: number;
}

export interface ClusterChanges {
  template?: string[];
  count?: number;
  firstSeenAt?: Date;
  lastSeenAt?: Date;
  detectionIds?: string[];
  mergedInto?: string | null;
  fixId?: string | null;
  updatedAt: Date;
}

export interface FailureClusterRepository {
  /**
   * Takes the project's clustering lock for the rest of the transaction (a row update: PostgreSQL
   * holds the row lock, SQLite the write lock) and answers how many clusters it has and the next
   * sequence number, creating its state row on first use.
   */
  lockProject(projectId: string): Promise<{ clusters: number; nextSequence: number }>;
  /** Records that a cluster was made (the count and the sequence advance). */
  recordCreated(projectId: string): Promise<void>;
  /** Clusters of one leaf in creation order, merged ones included (they redirect), at most `limit`. */
  candidates(projectId: string, bucket: string, limit: number): Promise<FailureClusterRecord[]>;
  insert(cluster: FailureClusterRecord): Promise<void>;
  update(projectId: string, clusterId: string, changes: ClusterChanges): Promise<void>;
  findById(projectId: string, clusterId: string): Promise<FailureClusterRecord | null>;
  /** Clusters that were not merged away, sorted descending, after `after`. */
  list(projectId: string, sort: ClusterSort, after: ClusterPosition | null, limit: number): Promise<FailureClusterRecord[]>;
  /** Live clusters of the project. */
  countLive(projectId: string): Promise<number>;
  membershipOf(projectId: string, traceId: string): Promise<ClusterMemberRecord | null>;
  /** False when the trace was already a member of some cluster (then nothing changed). */
  addMember(member: ClusterMemberRecord): Promise<boolean>;
  /** Replaces one member's detection list (detections that fired after it was assigned). */
  setMemberDetections(projectId: string, traceId: string, detectionIds: readonly string[]): Promise<void>;
  /** The distinct detection ids of a cluster's members (what its list is after a split). */
  memberDetectionIds(projectId: string, clusterId: string): Promise<string[]>;
  /** Members newest first (seenAt, then traceId, descending), after the position. */
  members(projectId: string, clusterId: string, after: { seenAt: number; traceId: string } | null, limit: number): Promise<ClusterMemberRecord[]>;
  /** Members with these trace ids (any cluster). */
  membersByTrace(projectId: string, traceIds: readonly string[]): Promise<ClusterMemberRecord[]>;
  /** Moves members (all of the cluster's when `traceIds` is null) to another cluster; answers how many. */
  moveMembers(projectId: string, fromClusterId: string, toClusterId: string, traceIds: readonly string[] | null): Promise<number>;
  /** First and last seenAt of a cluster's members; null without members. */
  seenRange(projectId: string, clusterId: string): Promise<{ first: Date; last: Date } | null>;
  /** The newest `perCluster` trace ids of each cluster. */
  examples(projectId: string, clusterIds: readonly string[], perCluster: number): Promise<Map<string, string[]>>;
  /** Members per cluster and UTC day (days since the epoch) in [fromDay, toDay]. */
  dailyCounts(projectId: string, clusterIds: readonly string[], fromDay: number, toDay: number): Promise<{ clusterId: string; day: number; count: number }[]>;
}
