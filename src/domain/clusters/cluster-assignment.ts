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
    return (await this.assignAll(tx, [trace], now))[0]!;
  }

  /**
   * Assigns several traces of ONE project in the caller's transaction, in order, under one lock:
   * the lock and the commit are paid once for the batch instead of once per trace (a backfill's
   * firings; on PostgreSQL the commit's WAL flush dominated a one-trace assignment). Answers each
   * trace's cluster, in order.
   */
  async assignAll(tx: Store, traces: readonly FailingTrace[], now: Date): Promise<string[]> {
    const projectIds = new Set(traces.map((t) => t.projectId));
    if (projectIds.size === 0) return [];
    if (projectIds.size > 1) throw new Error('assignAll takes the traces of one project');
    const state = await tx.failureClusters.lockProject(traces[0]!.projectId);
    const assigned: string[] = [];
    for (const trace of traces) assigned.push(await this.place(tx, trace, state, now));
    return assigned;
  }

  /** One trace, the project's lock held; `state` is advanced when a cluster is made. */
  private async place(tx: Store, trace: FailingTrace, state: { clusters: number; nextSequence: number }, now: Date): Promise<string> {
    const existing = await tx.failureClusters.membershipOf(trace.projectId, trace.traceId);
    if (existing) {
      await this.recordLaterDetections(tx, existing, trace.detectionIds, now);
      return existing.clusterId;
    }
    const bucket = bucketOf(trace.tokens, this.parameters);
    const candidates = await tx.failureClusters.candidates(trace.projectId, bucket, this.parameters.maxClustersPerBucket);
    const nearest = nearestCandidate(candidates, trace.tokens);
    const roomForNew = candidates.length < this.parameters.maxClustersPerBucket && state.clusters < this.parameters.maxClustersPerProject;
    let cluster: FailureClusterRecord;
    let template: string[] | undefined;
    if (nearest && (nearest.similarity >= this.parameters.similarity || !roomForNew)) {
      // Drain learns the template only from the leaf's own cluster; a merged one redirects its traces.
      // Below the threshold (a full leaf or project) the trace joins without widening the template.
      const learned = nearest.similarity >= this.parameters.similarity ? generalize(nearest.candidate.template, trace.tokens) : nearest.candidate.template;
      const widened = learned.some((t, i) => t !== nearest.candidate.template[i]);
      cluster = await this.followRedirects(tx, nearest.candidate);
      if (widened && cluster.id === nearest.candidate.id) template = learned; // one write for template and count
      else if (widened) await tx.failureClusters.update(trace.projectId, nearest.candidate.id, { template: learned, updatedAt: now });
    } else if (roomForNew) {
      cluster = await this.create(tx, trace, bucket, [...trace.tokens], state, now);
    } else {
      cluster = await this.overflow(tx, trace, state, now);
    }
    await tx.failureClusters.update(trace.projectId, cluster.id, {
      ...(template ? { template } : {}),
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

  /**
   * A member's detections that fired after its assignment (a backfill, an evaluator-backed
   * classifier, a later evaluation) join its and its cluster's lists: the trace does not move, but
   * "the detections that fired on it" stays true, and a split can recompute the source's list.
   */
  private async recordLaterDetections(tx: Store, member: ClusterMemberRecord, detectionIds: readonly string[], now: Date): Promise<void> {
    const added = detectionIds.filter((id) => !member.detectionIds.includes(id));
    if (added.length === 0) return;
    await tx.failureClusters.setMemberDetections(member.projectId, member.traceId, [...new Set([...member.detectionIds, ...added])].sort());
    const cluster = await tx.failureClusters.findById(member.projectId, member.clusterId);
    if (cluster) await tx.failureClusters.update(member.projectId, cluster.id, { detectionIds: unionOf(cluster.detectionIds, added), updatedAt: now });
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
  private async overflow(tx: Store, trace: FailingTrace, state: { clusters: number; nextSequence: number }, now: Date): Promise<FailureClusterRecord> {
    const [found] = await tx.failureClusters.candidates(trace.projectId, OVERFLOW_BUCKET, 1);
    if (found) return this.followRedirects(tx, found);
    return this.create(tx, trace, OVERFLOW_BUCKET, [WILDCARD], state, now);
  }

  private async create(tx: Store, trace: FailingTrace, bucket: string, template: string[], state: { clusters: number; nextSequence: number }, now: Date): Promise<FailureClusterRecord> {
    const sequence = state.nextSequence;
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
    state.clusters += 1;
    state.nextSequence += 1;
    return cluster;
  }
}
