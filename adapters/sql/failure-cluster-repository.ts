import type { Knex } from 'knex';
import type {
  ClusterChanges,
  ClusterMemberRecord,
  ClusterPosition,
  ClusterSort,
  FailureClusterRecord,
  FailureClusterRepository,
} from '../../src/ports/failure-clusters.js';
import { fromMillis, parseJson, toMillis } from './columns.js';

type Row = Record<string, unknown>;

/** Clusters whose examples one statement reads. */
const EXAMPLE_CHUNK = 100;

const DAY_MS = 86_400_000;

const toCluster = (row: Row): FailureClusterRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  sequence: Number(row.sequence),
  bucket: row.bucket as string,
  template: parseJson<string[]>(row.template, []),
  count: Number(row.member_count),
  firstSeenAt: fromMillis(row.first_seen_at as number),
  lastSeenAt: fromMillis(row.last_seen_at as number),
  detectionIds: parseJson<string[]>(row.detection_ids, []),
  mergedInto: (row.merged_into as string | null) ?? null,
  fixId: (row.fix_id as string | null) ?? null,
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

const toMember = (row: Row): ClusterMemberRecord => ({
  projectId: row.project_id as string,
  traceId: row.trace_id as string,
  clusterId: row.cluster_id as string,
  signature: parseJson<string[]>(row.signature, []),
  detectionIds: parseJson<string[]>(row.detection_ids, []),
  seenAt: fromMillis(row.seen_at as number),
  assignedAt: fromMillis(row.assigned_at as number),
});

const SORT_COLUMN: Record<ClusterSort, string> = { count: 'member_count', lastSeen: 'last_seen_at' };

export class SqlFailureClusterRepository implements FailureClusterRepository {
  constructor(private readonly db: Knex) {}

  async lockProject(projectId: string): Promise<{ clusters: number; nextSequence: number }> {
    // One statement, so the lock costs one round trip (it was three: insert, no-op update, read —
    // a third of an assignment's queries, docs/detections-learning.md "Bench"). The upsert's no-op
    // update is the lock: PostgreSQL keeps the row locked until the transaction ends, SQLite its write lock.
    const [row] = (await this.db('failure_cluster_state')
      .insert({ project_id: projectId, clusters: 0, next_sequence: 1 })
      .onConflict('project_id')
      .merge({ next_sequence: this.db.raw('failure_cluster_state.next_sequence') })
      .returning(['clusters', 'next_sequence'])) as Row[];
    return { clusters: Number(row!.clusters), nextSequence: Number(row!.next_sequence) };
  }

  async recordCreated(projectId: string): Promise<void> {
    await this.db('failure_cluster_state')
      .where({ project_id: projectId })
      .update({ clusters: this.db.raw('clusters + 1'), next_sequence: this.db.raw('next_sequence + 1') });
  }

  async candidates(projectId: string, bucket: string, limit: number): Promise<FailureClusterRecord[]> {
    const rows = await this.db('failure_clusters').where({ project_id: projectId, bucket }).orderBy('sequence').limit(limit);
    return rows.map(toCluster);
  }

  async insert(c: FailureClusterRecord): Promise<void> {
    await this.db('failure_clusters').insert({
      id: c.id,
      project_id: c.projectId,
      sequence: c.sequence,
      bucket: c.bucket,
      template: JSON.stringify(c.template),
      member_count: c.count,
      first_seen_at: toMillis(c.firstSeenAt),
      last_seen_at: toMillis(c.lastSeenAt),
      detection_ids: JSON.stringify(c.detectionIds),
      merged_into: c.mergedInto,
      fix_id: c.fixId,
      created_at: toMillis(c.createdAt),
      updated_at: toMillis(c.updatedAt),
    });
  }

  async update(projectId: string, clusterId: string, changes: ClusterChanges): Promise<void> {
    const row: Row = { updated_at: toMillis(changes.updatedAt) };
    if (changes.template !== undefined) row.template = JSON.stringify(changes.template);
    if (changes.count !== undefined) row.member_count = changes.count;
    if (changes.firstSeenAt !== undefined) row.first_seen_at = toMillis(changes.firstSeenAt);
    if (changes.lastSeenAt !== undefined) row.last_seen_at = toMillis(changes.lastSeenAt);
    if (changes.detectionIds !== undefined) row.detection_ids = JSON.stringify(changes.detectionIds);
    if (changes.mergedInto !== undefined) row.merged_into = changes.mergedInto;
    if (changes.fixId !== undefined) row.fix_id = changes.fixId;
    await this.db('failure_clusters').where({ project_id: projectId, id: clusterId }).update(row);
  }

  async findById(projectId: string, clusterId: string): Promise<FailureClusterRecord | null> {
    const row = await this.db('failure_clusters').where({ project_id: projectId, id: clusterId }).first();
    return row ? toCluster(row as Row) : null;
  }

  async list(projectId: string, sort: ClusterSort, after: ClusterPosition | null, limit: number): Promise<FailureClusterRecord[]> {
    const column = SORT_COLUMN[sort];
    const qb = this.db('failure_clusters').where({ project_id: projectId }).whereNull('merged_into');
    if (after) {
      qb.where((w) => w.where(column, '<', after.value).orWhere((e) => e.where(column, '=', after.value).andWhere('sequence', '<', after.sequence)));
    }
    const rows = await qb.orderBy([{ column, order: 'desc' }, { column: 'sequence', order: 'desc' }]).limit(limit);
    return rows.map(toCluster);
  }

  async countLive(projectId: string): Promise<number> {
    const row = (await this.db('failure_clusters').where({ project_id: projectId }).whereNull('merged_into').count({ n: '*' }).first()) as Row | undefined;
    return Number(row?.n ?? 0);
  }

  async membershipOf(projectId: string, traceId: string): Promise<ClusterMemberRecord | null> {
    const row = await this.db('failure_cluster_members').where({ project_id: projectId, trace_id: traceId }).first();
    return row ? toMember(row as Row) : null;
  }

  async addMember(m: ClusterMemberRecord): Promise<boolean> {
    const inserted = await this.db('failure_cluster_members')
      .insert({
        project_id: m.projectId,
        trace_id: m.traceId,
        cluster_id: m.clusterId,
        signature: JSON.stringify(m.signature),
        detection_ids: JSON.stringify(m.detectionIds),
        seen_at: toMillis(m.seenAt),
        assigned_at: toMillis(m.assignedAt),
      })
      .onConflict(['project_id', 'trace_id'])
      .ignore()
      .returning('trace_id');
    return inserted.length > 0;
  }

  async setMemberDetections(projectId: string, traceId: string, detectionIds: readonly string[]): Promise<void> {
    await this.db('failure_cluster_members').where({ project_id: projectId, trace_id: traceId }).update({ detection_ids: JSON.stringify(detectionIds) });
  }

  async memberDetectionIds(projectId: string, clusterId: string): Promise<string[]> {
    // Distinct lists first: members of a cluster share a handful of detection combinations, so the
    // database folds them and only those few JSON arrays cross the wire.
    const rows = (await this.db('failure_cluster_members').where({ cluster_id: clusterId, project_id: projectId }).distinct('detection_ids')) as Row[];
    return [...new Set(rows.flatMap((row) => parseJson<string[]>(row.detection_ids, [])))].sort();
  }

  async members(projectId: string, clusterId: string, after: { seenAt: number; traceId: string } | null, limit: number): Promise<ClusterMemberRecord[]> {
    const qb = this.db('failure_cluster_members').where({ project_id: projectId, cluster_id: clusterId });
    if (after) {
      qb.where((w) => w.where('seen_at', '<', after.seenAt).orWhere((e) => e.where('seen_at', '=', after.seenAt).andWhere('trace_id', '<', after.traceId)));
    }
    const rows = await qb.orderBy([{ column: 'seen_at', order: 'desc' }, { column: 'trace_id', order: 'desc' }]).limit(limit);
    return rows.map(toMember);
  }

  async membersByTrace(projectId: string, traceIds: readonly string[]): Promise<ClusterMemberRecord[]> {
    if (traceIds.length === 0) return [];
    const rows = await this.db('failure_cluster_members').where({ project_id: projectId }).whereIn('trace_id', [...traceIds]);
    return rows.map(toMember);
  }

  async moveMembers(projectId: string, fromClusterId: string, toClusterId: string, traceIds: readonly string[] | null): Promise<number> {
    const qb = this.db('failure_cluster_members').where({ project_id: projectId, cluster_id: fromClusterId });
    if (traceIds) qb.whereIn('trace_id', [...traceIds]);
    return qb.update({ cluster_id: toClusterId });
  }

  async seenRange(projectId: string, clusterId: string): Promise<{ first: Date; last: Date } | null> {
    const row = (await this.db('failure_cluster_members')
      .where({ project_id: projectId, cluster_id: clusterId })
      .min({ first: 'seen_at' })
      .max({ last: 'seen_at' })
      .first()) as Row | undefined;
    if (!row || row.first === null || row.first === undefined) return null;
    return { first: fromMillis(row.first as number), last: fromMillis(row.last as number) };
  }

  async examples(projectId: string, clusterIds: readonly string[], perCluster: number): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (clusterIds.length === 0) return out;
    // One statement, one small read per cluster down its (cluster_id, seen_at, trace_id) index: a window
    // over every member of the page's clusters read all of them (4 s for a page at 100,000 traces,
    // scripts/bench/clusters.ts), and a query per cluster paid a round trip each (1.5 s a page on PostgreSQL).
    // Chunks keep each compound SELECT under SQLite's 500 terms.
    for (let start = 0; start < clusterIds.length; start += EXAMPLE_CHUNK) {
      const parts = clusterIds.slice(start, start + EXAMPLE_CHUNK).map((clusterId, index) =>
        this.db
          .select('cluster_id', 'trace_id', 'seen_at')
          .from(
            this.db('failure_cluster_members')
              .where({ cluster_id: clusterId, project_id: projectId })
              .orderBy([{ column: 'seen_at', order: 'desc' }, { column: 'trace_id', order: 'desc' }])
              .limit(perCluster)
              .select('cluster_id', 'trace_id', 'seen_at')
              .as(`examples_${index}`),
          ),
      );
      const rows = (await (parts.length === 1 ? parts[0] : parts[0].unionAll(parts.slice(1)))) as Row[];
      // A union keeps no order: each cluster's examples sorted again, newest first.
      rows.sort((a, b) => Number(b.seen_at) - Number(a.seen_at) || (a.trace_id as string < (b.trace_id as string) ? 1 : a.trace_id === b.trace_id ? 0 : -1));
      for (const row of rows) {
        const clusterId = row.cluster_id as string;
        out.set(clusterId, [...(out.get(clusterId) ?? []), row.trace_id as string]);
      }
    }
    return out;
  }

  async dailyCounts(projectId: string, clusterIds: readonly string[], fromDay: number, toDay: number): Promise<{ clusterId: string; day: number; count: number }[]> {
    if (clusterIds.length === 0) return [];
    // Integer division of integer milliseconds truncates on both databases; seen_at is never negative here.
    const rows = (await this.db('failure_cluster_members')
      .where({ project_id: projectId })
      .whereIn('cluster_id', [...clusterIds])
      .where('seen_at', '>=', fromDay * DAY_MS)
      .where('seen_at', '<', (toDay + 1) * DAY_MS)
      .select('cluster_id', this.db.raw(`(seen_at / ${DAY_MS}) AS day`))
      .count({ n: '*' })
      .groupBy('cluster_id', this.db.raw(`(seen_at / ${DAY_MS})`))) as Row[];
    return rows.map((row) => ({ clusterId: row.cluster_id as string, day: Number(row.day), count: Number(row.n) }));
  }
}
