import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { problems } from '../../errors.js';
import type { CursorBinding, CursorCodec, Page } from '../../pagination/cursor.js';
import type { DetectionRecord } from '../../ports/detections.js';
import type { ClusterMemberRecord, ClusterPosition, ClusterSort, FailureClusterRecord } from '../../ports/failure-clusters.js';
import type { FixRecord } from '../../ports/fixes.js';
import type { Store } from '../../ports/store.js';
import { isUuid } from '../actor.js';
import type { Severity } from '../detections/detection-types.js';
import type { Finding, TraceSubject } from '../detections/engines/detector-engine.js';
import type { FiredElsewhere } from '../detections/detection-evaluation.js';
import type { FixService } from '../fixes/fix-service.js';
import { ClusterAssignment, unionOf, type FailingTrace } from './cluster-assignment.js';
import { bucketOf, templateOf, type DrainParameters } from './drain-matching.js';
import { failureSignature, templateText } from './failure-signature.js';

const DAY_MS = 86_400_000;

/** Example trace ids shown with each cluster. */
export const CLUSTER_EXAMPLES = 5;

/** Traces a draft fix made from a cluster links at most (its newest). */
export const FIX_TRACE_LIMIT = 500;

/** One cluster as the API shows it. */
export interface ClusterView {
  cluster: FailureClusterRecord;
  templateText: string;
  exampleTraceIds: string[];
  /** One count per UTC day, oldest first, ending today. */
  trend: { date: string; count: number }[];
}

export interface ClusterMemberView extends ClusterMemberRecord {
  name: string | null;
}

export interface ClusterFixInput {
  title?: string;
  severity?: Severity;
}

/**
 * Failure clusters (docs/detections-learning.md#failure-clustering): assignment at evaluation (the
 * detection worker's transaction, off the request path), reads with trends and examples, and the
 * people's corrections — merge, split — and the way out to a fix.
 */
export class ClusterService {
  readonly assignment: ClusterAssignment;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly cursors: CursorCodec,
    private readonly fixes: FixService,
    parameters: DrainParameters,
  ) {
    this.assignment = new ClusterAssignment(parameters);
  }

  /** The detection worker's hook: a failing trace (error, or a firing) joins its cluster. */
  assignEvaluated = async (tx: Store, subject: TraceSubject, fired: readonly { detection: DetectionRecord; finding: Finding }[]): Promise<void> => {
    const firings = fired.map(({ detection, finding }) => ({ detectionId: detection.id, slug: detection.slug, spanId: finding.spanId }));
    const tokens = failureSignature({ status: subject.trace.status, name: subject.trace.name, spans: subject.spans, firings }, this.assignment.parameters.maxTokens);
    if (!tokens) return;
    await this.assignment.assign(
      tx,
      { projectId: subject.trace.projectId, traceId: subject.trace.id, tokens, detectionIds: firings.map((f) => f.detectionId), seenAt: subject.trace.createdAt },
      this.clock.now(),
    );
  };

  /**
   * The hook for firings recorded outside the detection worker (a backfill batch, an
   * evaluator-backed classifier): each fired trace joins its cluster as the worker would have put it
   * (the same signature), or — already a member — gains the detections on its and its cluster's
   * list. One lock for the whole batch, in the caller's transaction.
   */
  assignFired = async (tx: Store, fired: readonly FiredElsewhere[]): Promise<void> => {
    const byTrace = new Map<string, { subject: TraceSubject; firings: { detectionId: string; slug: string; spanId: string | null }[] }>();
    for (const { subject, detection, finding } of fired) {
      const key = `${subject.trace.projectId} ${subject.trace.id}`;
      const entry = byTrace.get(key) ?? { subject, firings: [] };
      entry.firings.push({ detectionId: detection.id, slug: detection.slug, spanId: finding.spanId });
      byTrace.set(key, entry);
    }
    const byProject = new Map<string, FailingTrace[]>();
    for (const { subject, firings } of byTrace.values()) {
      const tokens = failureSignature({ status: subject.trace.status, name: subject.trace.name, spans: subject.spans, firings }, this.assignment.parameters.maxTokens);
      if (!tokens) continue;
      const projectId = subject.trace.projectId;
      const traces = byProject.get(projectId) ?? [];
      traces.push({ projectId, traceId: subject.trace.id, tokens, detectionIds: firings.map((f) => f.detectionId), seenAt: subject.trace.createdAt });
      byProject.set(projectId, traces);
    }
    for (const traces of byProject.values()) await this.assignment.assignAll(tx, traces, this.clock.now());
  };

  async list(
    projectId: string,
    request: { sort: ClusterSort; limit: number; cursor?: string; trendDays: number },
    binding: CursorBinding,
  ): Promise<{ clusters: ClusterView[]; totalCount: number; page: Page }> {
    const decoded = request.cursor ? this.cursors.decode<ClusterPosition>(request.cursor, binding) : null;
    const rows = await this.store.failureClusters.list(projectId, request.sort, decoded?.position ?? null, request.limit + 1);
    const clusters = rows.slice(0, request.limit);
    const hasMore = rows.length > request.limit;
    const last = clusters[clusters.length - 1];
    const position: ClusterPosition | null = last ? { value: request.sort === 'count' ? last.count : last.lastSeenAt.getTime(), sequence: last.sequence } : null;
    const nextCursor = hasMore && position ? this.cursors.encode(binding, position, decoded?.chainStartedAt) : null;
    return {
      clusters: await this.views(projectId, clusters, request.trendDays),
      totalCount: await this.store.failureClusters.countLive(projectId),
      page: { hasMore, limit: request.limit, nextCursor },
    };
  }

  async get(projectId: string, clusterId: string, trendDays: number): Promise<ClusterView> {
    const cluster = await this.find(this.store, projectId, clusterId);
    return (await this.views(projectId, [cluster], trendDays))[0]!;
  }

  async traces(projectId: string, clusterId: string, request: { limit: number; cursor?: string }, binding: CursorBinding): Promise<{ traces: ClusterMemberView[]; page: Page }> {
    const cluster = await this.find(this.store, projectId, clusterId);
    const decoded = request.cursor ? this.cursors.decode<{ seenAt: number; traceId: string }>(request.cursor, binding) : null;
    const rows = await this.store.failureClusters.members(projectId, cluster.id, decoded?.position ?? null, request.limit + 1);
    const members = rows.slice(0, request.limit);
    const hasMore = rows.length > request.limit;
    const last = members[members.length - 1];
    const nextCursor = hasMore && last ? this.cursors.encode(binding, { seenAt: last.seenAt.getTime(), traceId: last.traceId }, decoded?.chainStartedAt) : null;
    const names = await this.store.evaluationTraces.names(projectId, members.map((m) => m.traceId));
    return { traces: members.map((m) => ({ ...m, name: names.get(m.traceId) ?? null })), page: { hasMore, limit: request.limit, nextCursor } };
  }

  /** A draft fix with the cluster's newest traces (at most FIX_TRACE_LIMIT) linked; the cluster remembers it. */
  async createFix(projectId: string, clusterId: string, input: ClusterFixInput, actor: string): Promise<FixRecord> {
    const cluster = await this.find(this.store, projectId, clusterId);
    if (cluster.mergedInto) throw problems.validation(`The cluster was merged into ${cluster.mergedInto}; make the fix from that one.`, [{ code: 'merged', message: 'The cluster was merged into another.', path: '/path/id' }]);
    const members = await this.store.failureClusters.members(projectId, cluster.id, null, FIX_TRACE_LIMIT);
    if (members.length === 0) throw problems.validation('The cluster has no traces left to link.', [{ code: 'empty', message: 'The cluster has no traces.', path: '/path/id' }]);
    const text = templateText(cluster.template);
    const fix = await this.fixes.createLinked(
      projectId,
      {
        title: input.title ?? truncate(`Failure: ${text}`, 500),
        description: `${cluster.count} failing traces share this failure (first seen ${cluster.firstSeenAt.toISOString()}, last seen ${cluster.lastSeenAt.toISOString()}); template: ${text}`,
        severity: input.severity ?? 'medium',
        label: 'failure-cluster',
      },
      members.map((m) => m.traceId),
      actor,
      `failure cluster ${cluster.id}`,
    );
    await this.store.failureClusters.update(projectId, cluster.id, { fixId: fix.id, updatedAt: this.clock.now() });
    return fix;
  }

  /**
   * Merges the cluster into `intoId`: its traces move, counts add up, first/last seen widen, the
   * detections join; it stays as a redirect (`mergedInto`), so signatures that match its template
   * keep joining the target.
   */
  async merge(projectId: string, clusterId: string, intoId: string, trendDays: number): Promise<ClusterView> {
    await this.store.transaction(async (tx) => {
      await tx.failureClusters.lockProject(projectId);
      const source = await this.find(tx, projectId, clusterId);
      if (source.mergedInto) throw problems.validation('The cluster was already merged into another.', [{ code: 'merged', message: 'Already merged.', path: '/path/id' }]);
      const target = isUuid(intoId) ? await tx.failureClusters.findById(projectId, intoId) : null;
      if (!target) throw problems.validation('The target cluster does not exist in this project.', [{ code: 'not_found', message: 'No such cluster.', path: '/body/into' }]);
      if (target.id === source.id) throw problems.validation('A cluster cannot be merged into itself.', [{ code: 'same_cluster', message: 'The same cluster.', path: '/body/into' }]);
      if (target.mergedInto) throw problems.validation('The target cluster was merged into another; merge into that one.', [{ code: 'merged', message: 'The target was merged.', path: '/body/into' }]);
      const now = this.clock.now();
      const moved = await tx.failureClusters.moveMembers(projectId, source.id, target.id, null);
      await tx.failureClusters.update(projectId, target.id, {
        count: target.count + moved,
        firstSeenAt: moved > 0 && source.firstSeenAt < target.firstSeenAt ? source.firstSeenAt : target.firstSeenAt,
        lastSeenAt: moved > 0 && source.lastSeenAt > target.lastSeenAt ? source.lastSeenAt : target.lastSeenAt,
        detectionIds: unionOf(target.detectionIds, source.detectionIds),
        updatedAt: now,
      });
      await tx.failureClusters.update(projectId, source.id, { count: 0, mergedInto: target.id, updatedAt: now });
    });
    return this.get(projectId, intoId, trendDays);
  }

  /**
   * Splits the given member traces off into a new cluster (in the leaf of its first trace's
   * signature, its template their common template), answered as the new cluster. The source keeps
   * its template — it still describes what remains — and lists only the detections that fired on
   * the traces it keeps; so new traces go to whichever template is
   * nearer, and the new, more specific one wins its own signatures.
   */
  async split(projectId: string, clusterId: string, traceIds: readonly string[], trendDays: number): Promise<ClusterView> {
    const id = await this.store.transaction(async (tx) => {
      const state = await tx.failureClusters.lockProject(projectId);
      const source = await this.find(tx, projectId, clusterId);
      if (source.mergedInto) throw problems.validation('The cluster was merged into another.', [{ code: 'merged', message: 'Already merged.', path: '/path/id' }]);
      const unique = [...new Set(traceIds)];
      const members = new Map((await tx.failureClusters.membersByTrace(projectId, unique)).filter((m) => m.clusterId === source.id).map((m) => [m.traceId, m]));
      const stranger = traceIds.findIndex((t) => !members.has(t));
      if (stranger >= 0) throw problems.validation('Every trace to split off must be a member of the cluster.', [{ code: 'not_a_member', message: 'The trace is not in this cluster.', path: `/body/traceIds/${stranger}` }]);
      if (members.size >= source.count) throw problems.validation('A split must leave the cluster at least one trace.', [{ code: 'all_members', message: 'Every member was named.', path: '/body/traceIds' }]);
      const chosen = unique.map((t) => members.get(t)!);
      const now = this.clock.now();
      const seen = chosen.map((m) => m.seenAt.getTime());
      const created: FailureClusterRecord = {
        id: randomUUID(),
        projectId,
        sequence: state.nextSequence,
        bucket: bucketOf(chosen[0]!.signature, this.assignment.parameters),
        template: templateOf(chosen.map((m) => m.signature)),
        count: chosen.length,
        firstSeenAt: new Date(Math.min(...seen)),
        lastSeenAt: new Date(Math.max(...seen)),
        detectionIds: chosen.reduce<string[]>((ids, m) => unionOf(ids, m.detectionIds), []),
        mergedInto: null,
        fixId: null,
        createdAt: now,
        updatedAt: now,
      };
      await tx.failureClusters.insert(created);
      await tx.failureClusters.recordCreated(projectId);
      await tx.failureClusters.moveMembers(projectId, source.id, created.id, unique);
      const range = await tx.failureClusters.seenRange(projectId, source.id);
      // The source lists only the detections that fired on traces it still holds.
      const remaining = new Set(await tx.failureClusters.memberDetectionIds(projectId, source.id));
      await tx.failureClusters.update(projectId, source.id, {
        count: source.count - chosen.length,
        ...(range ? { firstSeenAt: range.first, lastSeenAt: range.last } : {}),
        detectionIds: source.detectionIds.filter((id) => remaining.has(id)),
        updatedAt: now,
      });
      return created.id;
    });
    return this.get(projectId, id, trendDays);
  }

  private async find(store: Store, projectId: string, clusterId: string): Promise<FailureClusterRecord> {
    const cluster = isUuid(clusterId) ? await store.failureClusters.findById(projectId, clusterId) : null;
    if (!cluster) throw problems.notFound('The cluster');
    return cluster;
  }

  private async views(projectId: string, clusters: readonly FailureClusterRecord[], trendDays: number): Promise<ClusterView[]> {
    const ids = clusters.map((c) => c.id);
    const today = Math.floor(this.clock.now().getTime() / DAY_MS);
    const fromDay = today - trendDays + 1;
    const examples = await this.store.failureClusters.examples(projectId, ids, CLUSTER_EXAMPLES);
    const counts = new Map<string, number>();
    for (const row of await this.store.failureClusters.dailyCounts(projectId, ids, fromDay, today)) counts.set(`${row.clusterId} ${row.day}`, row.count);
    return clusters.map((cluster) => ({
      cluster,
      templateText: templateText(cluster.template),
      exampleTraceIds: examples.get(cluster.id) ?? [],
      trend: Array.from({ length: trendDays }, (_, i) => ({
        date: new Date((fromDay + i) * DAY_MS).toISOString().slice(0, 10),
        count: counts.get(`${cluster.id} ${fromDay + i}`) ?? 0,
      })),
    }));
  }
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
