import { randomUUID } from 'node:crypto';
import type { ClusterMemberRecord, FailureClusterRecord } from '../../ports/failure-clusters.js';
import type { Store } from '../../ports/store.js';
import { WILDCARD } from './failure-masking.js';
import { bucketOf, generalize, nearestCandidate, OVERFLOW_BUCKET, type DrainParameters } from './drain-matching.js';

/** Detections listed per cluster at most. */
export const MAX_CLUSTER_DETECTIONS = 50;

/** Merge redirects followed at most (a chain longer than this stops at the last cluster reached). */
const MAX_REDIRECTS = 16;

export interface FailingTrace {
  projectId: string;
  traceId: string;
  tokens: readonly string[];
  detectionIds: readonly string[];
  seenAt: Date;
}

export const unionOf = (a: readonly string[], b: readonly string[]): string[] => [...new Set([...a, ...b])].sort().slice(0, MAX_CLUSTER_DETECTIONS);

/**
 * Assigns failing traces to clusters, incrementally, with the project's clusters as the state (the
 * failure_clusters rows are Drain's leaves). Per trace: one lock, one indexed read of ONE leaf (at
 * most `maxClustersPerBucket` templates), a comparison O(templates × tokens), one cluster write and
 * one membership insert — bounded whatever the project's size. The lock serializes a project's
 * assignments, so the same traces in the same order give the same clusters on every database.
 */
export class ClusterAssignment {
  constructor(readonly parameters: DrainParameters) {}

  /** Runs inside the caller's transaction; answers the cluster the trace is in (it may already have been). */
  async assign(tx: Store, trace: FailingTrace, now: Date): Promise<string> {
    const state = await tx.failureClusters.lockProject(trace.projectId);
    const existing = await tx.failureClusters.membershipOf(trace.projectId, trace.traceId);
    if (existing) return existing.clusterId;
    const bucket = bucketOf(trace.tokens, this.parameters);
    const candidates = await tx.failureClusters.candidates(trace.projectId, bucket, this.parameters.maxClustersPerBucket);
    const nearest = nearestCandidate(candidates, trace.tokens);
    const roomForNew = candidates.length < this.parameters.maxClustersPerBucket && state.clusters < this.parameters.maxClustersPerProject;
    let cluster: FailureClusterRecord;
    if (nearest && (nearest.similarity >= this.parameters.similarity || !roomForNew)) {
      // Drain learns the template only from the leaf's own cluster; a merged one redirects its traces.
      // Below the threshold (a full leaf or project) the trace joins without widening the template.
      const template = nearest.similarity >= this.parameters.similarity ? generalize(nearest.candidate.template, trace.tokens) : nearest.candidate.template;
      if (template.some((t, i) => t !== nearest.candidate.template[i])) {
        await tx.failureClusters.update(trace.projectId, nearest.candidate.id, { template, updatedAt: now });
      }
      cluster = await this.followRedirects(tx, nearest.candidate);
    } else if (roomForNew) {
      cluster = await this.create(tx, trace, bucket, [...trace.tokens], state.nextSequence, now);
    } else {
      cluster = await this.overflow(tx, trace, state.nextSequence, now);
    }
    await tx.failureClusters.update(trace.projectId, cluster.id, {
      count: cluster.count + 1,
      firstSeenAt: trace.seenAt < cluster.firstSeenAt ? trace.seenAt : cluster.firstSeenAt,
      lastSeenAt: trace.seenAt > cluster.lastSeenAt ? trace.seenAt : cluster.lastSeenAt,
      detectionIds: unionOf(cluster.detectionIds, trace.detectionIds),
      updatedAt: now,
    });
    const member: ClusterMemberRecord = {
      projectId: trace.projectId,
      traceId: trace.traceId,
      clusterId: cluster.id,
      signature: [...trace.tokens],
      detectionIds: [...trace.detectionIds].sort(),
      seenAt: trace.seenAt,
      assignedAt: now,
    };
    await tx.failureClusters.addMember(member);
    return cluster.id;
  }

  private async followRedirects(tx: Store, start: FailureClusterRecord): Promise<FailureClusterRecord> {
    let cluster = start;
    for (let hop = 0; hop < MAX_REDIRECTS && cluster.mergedInto; hop += 1) {
      const next = await tx.failureClusters.findById(cluster.projectId, cluster.mergedInto);
      if (!next) break;
      cluster = next;
    }
    return cluster;
  }

  /** The project's one catch-all cluster, for signatures a full project cannot place in a leaf of their own. */
  private async overflow(tx: Store, trace: FailingTrace, sequence: number, now: Date): Promise<FailureClusterRecord> {
    const [found] = await tx.failureClusters.candidates(trace.projectId, OVERFLOW_BUCKET, 1);
    if (found) return this.followRedirects(tx, found);
    return this.create(tx, trace, OVERFLOW_BUCKET, [WILDCARD], sequence, now);
  }

  private async create(tx: Store, trace: FailingTrace, bucket: string, template: string[], sequence: number, now: Date): Promise<FailureClusterRecord> {
    const cluster: FailureClusterRecord = {
      id: randomUUID(),
      projectId: trace.projectId,
      sequence,
      bucket,
      template,
      count: 0,
      firstSeenAt: trace.seenAt,
      lastSeenAt: trace.seenAt,
      detectionIds: [],
      mergedInto: null,
      fixId: null,
      createdAt: now,
      updatedAt: now,
    };
    await tx.failureClusters.insert(cluster);
    await tx.failureClusters.recordCreated(trace.projectId);
    return cluster;
  }
}
