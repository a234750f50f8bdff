import type { Knex } from 'knex';
import type { DataLifecycleRepository, RollupWeek, StoredWeek, TraceFloors, WeekCursor, WeekRelease } from '../../src/ports/data-lifecycle.js';
import type { Dialect } from '../../src/ports/store.js';
import { scopeMatch } from '../sqlite/trace-text-index.js';
import { dropPartition, partitionNameOf, partitionsOf, PARTITIONED_TABLES, relationExists, ROLLUP_TABLES, weekPartitionName } from '../postgres/time-partitions.js';
import type { TraceTextIndex } from './trace-text-index.js';
import { DAY_MS, HOUR_MS } from './metrics-rollup-grains.js';
import { SETTLE_LOCK } from './metrics-rollup-writer.js';

type Row = Record<string, unknown>;

const WRITE_SETTLE_MS = 86_400_000;

/** The start of the period of `ms` (an hour, a UTC day) holding it. */
const startOf = (ms: number, period: number): number => ms - (((ms % period) + period) % period);

/**
 * `(idColumn, stored_at)` among the given trace keys, as a join with two unnested arrays: a row-value
 * IN list of hundreds of pairs is planned as an OR of conditions, which scanned whole tables.
 */
function keyedBy(qb: Knex.QueryBuilder, idColumn: string, keys: readonly (readonly [string, number])[]): Knex.QueryBuilder {
  return qb.whereRaw(`(??, stored_at) IN (SELECT * FROM unnest(?::text[], ?::bigint[]))`, [idColumn, keys.map(([id]) => id), keys.map(([, at]) => at)]);
}

/** A condition on `stored_at` (of `alias`) holding the week's rows, with its bindings. */
function inWeek(week: StoredWeek, alias: string): { sql: string; bindings: number[] } {
  return week.fromMs === null
    ? { sql: `${alias}.stored_at < ?`, bindings: [week.toMs] }
    : { sql: `${alias}.stored_at >= ? AND ${alias}.stored_at < ?`, bindings: [week.fromMs, week.toMs] };
}

/**
 * The physical row address used to delete in bounded steps from tables without a single-column key.
 * On PostgreSQL with the partition too: a ctid is unique within one partition only (migration 053),
 * and a bare ctid would match rows of other projects in other weeks.
 */
const ROW_ADDRESS: Record<Dialect, string> = { sqlite: 'rowid', postgres: '(tableoid, ctid)' };
const ROW_ADDRESS_COLUMNS: Record<Dialect, string> = { sqlite: 'rowid', postgres: 'tableoid, ctid' };

/** How long a rollup week's drop waits for a lock (a metrics read, the settler) before leaving the week to the next run. */
const ROLLUP_DROP_LOCK_TIMEOUT_MS = 2000;
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * The projects with rollup rows (hours or days) in the week: a loose index scan of each partition's
 * (project_id, dimension, time) index, one probe per project.
 */
async function rollupWeekProjects(db: Knex, week: RollupWeek): Promise<string[]> {
  const projects = new Set<string>();
  for (const table of ROLLUP_TABLES) {
    const partition = weekPartitionName(table, week.fromMs);
    if (!(await relationExists(db, partition))) continue;
    const result = await db.raw(
      `WITH RECURSIVE p AS (
         (SELECT project_id FROM ?? ORDER BY project_id LIMIT 1)
         UNION ALL
         SELECT (SELECT r.project_id FROM ?? r WHERE r.project_id > p.project_id ORDER BY r.project_id LIMIT 1) FROM p WHERE p.project_id IS NOT NULL)
       SELECT project_id FROM p WHERE project_id IS NOT NULL`,
      [partition, partition],
    );
    for (const row of result.rows as { project_id: string }[]) projects.add(row.project_id);
  }
  return [...projects].sort();
}

export class SqlDataLifecycleRepository implements DataLifecycleRepository {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
    private readonly textIndex: TraceTextIndex,
  ) {}

  async traceIdsBefore(projectId: string, beforeMs: number | undefined, limit: number, week?: StoredWeek): Promise<string[]> {
    const qb = this.db('traces').where({ project_id: projectId });
    if (beforeMs !== undefined) qb.where('created_at', '<', beforeMs);
    if (week && this.dialect === 'postgres') this.withinWeek(qb, week);
    const rows = await qb.orderBy([{ column: 'created_at' }, { column: 'id' }]).limit(limit).select('id');
    return rows.map((row: { id: string }) => row.id);
  }

  /** Confines `qb` (of a partitioned table, unaliased) to the week's rows: one partition read. */
  private withinWeek(qb: Knex.QueryBuilder, week: StoredWeek): Knex.QueryBuilder {
    if (week.fromMs !== null) qb.where('stored_at', '>=', week.fromMs);
    return qb.where('stored_at', '<', week.toMs);
  }

  async deleteTraces(projectId: string, traceIds: string[], beforeMs?: number, week?: StoredWeek): Promise<number> {
    if (traceIds.length === 0) return 0;
    if (this.dialect === 'postgres') return this.deleteStoredTraces(projectId, traceIds, beforeMs, week);
    const db = this.db;
    await this.deletePerTraceRows(projectId, traceIds);
    await this.textIndex.removeMany(db, projectId, traceIds);
    await db('spans').where({ project_id: projectId }).whereIn('trace_id', traceIds).delete();
    const doomed = db('traces').where({ project_id: projectId }).whereIn('id', traceIds);
    if (beforeMs !== undefined) doomed.where('created_at', '<', beforeMs);
    return doomed.delete();
  }

  /**
   * PostgreSQL: each trace's rows by its id *and* stored_at. After a week's release (releaseWeek) an
   * id may name a released trace, still in its week, and a newer trace stored since; only the
   * traces created before `beforeMs` go, and the rows outside the partitions (keyed by id alone) only
   * for a trace that is the registered one. The registry row goes with the trace row (migration 052's
   * trigger).
   */
  private async deleteStoredTraces(projectId: string, traceIds: string[], beforeMs: number | undefined, week: StoredWeek | undefined): Promise<number> {
    const db = this.db;
    // Each id looked up LATERAL, ordered by the primary key: on a week without statistics, `id IN (…)`
    // was planned as a bitmap scan of the project's rows, filtering all of them once per batch
    // (docs/partitioning.md, sixth pass). An id may be stored in two weeks: no LIMIT.
    const conditions = ['t.project_id = ?', 't.id = x.id'];
    const bindings: (string | number | string[])[] = [traceIds, projectId];
    if (beforeMs !== undefined) {
      conditions.push('t.created_at < ?');
      bindings.push(beforeMs);
    }
    // The week-restricted batch path: a trace of the same id in a week waiting for its drop stays.
    if (week) {
      const range = inWeek(week, 't');
      conditions.push(range.sql);
      bindings.push(...range.bindings);
    }
    const doomed = await db.raw(
      `SELECT d.id, d.stored_at FROM unnest(?::text[]) AS x(id)
       CROSS JOIN LATERAL (SELECT t.id, t.stored_at FROM traces t WHERE ${conditions.join(' AND ')} ORDER BY t.project_id, t.id, t.stored_at) d`,
      bindings,
    );
    const keys = (doomed.rows as Row[]).map((row) => [row.id as string, Number(row.stored_at)] as const);
    if (keys.length === 0) return 0;
    const registered = (await keyedBy(db('trace_ids').where({ project_id: projectId }), 'id', keys).pluck('id')) as string[];
    await this.deletePerTraceRows(projectId, registered);
    const byKey = (table: string, idColumn: string) => keyedBy(db(table).where({ project_id: projectId }), idColumn, keys).delete();
    await byKey('trace_search', 'trace_id');
    await byKey('spans', 'trace_id');
    return byKey('traces', 'id');
  }

  /** A trace's rows that are not partitioned, keyed by its id: detection events and jobs, cluster memberships, fix links. */
  private async deletePerTraceRows(projectId: string, traceIds: string[]): Promise<void> {
    if (traceIds.length === 0) return;
    const db = this.db;
    await db('detection_events').where({ project_id: projectId }).whereIn('trace_id', traceIds).delete();
    await db('detection_jobs').where({ project_id: projectId }).whereIn('trace_id', traceIds).delete();
    await this.removeClusterMembers(projectId, traceIds);
    await db('fix_traces')
      .whereIn('trace_id', traceIds)
      .whereIn('fix_id', db('fixes').where({ project_id: projectId }).select('id'))
      .delete();
  }

  async pastWeeks(): Promise<StoredWeek[]> {
    if (this.dialect !== 'postgres') return [];
    // A day past its end: rows are built with their stored_at just before their transaction, so a
    // write prepared in a week's last moments may still commit into it after the week has ended.
    const ended = Date.now() - WRITE_SETTLE_MS;
    return (await partitionsOf(this.db, 'traces')).filter((p) => p.to <= ended).map((p) => ({ fromMs: p.from, toMs: p.to }));
  }

  async storedWeeks(): Promise<StoredWeek[]> {
    if (this.dialect !== 'postgres') return [];
    return (await partitionsOf(this.db, 'traces')).map((p) => ({ fromMs: p.from, toMs: p.to }));
  }

  /**
   * A loose index scan of the week's (project_id, created_at, id) index: one probe per project for the
   * next project and one for its newest trace, not a walk over the week's traces (the lifecycle asks
   * this of every past week on every run).
   */
  async weekProjects(week: StoredWeek): Promise<{ projectId: string; oldestMs: number; newestMs: number }[]> {
    const range = inWeek(week, 't');
    const result = await this.db.raw(
      `WITH RECURSIVE p(project_id) AS (
         (SELECT t.project_id FROM traces t WHERE ${range.sql} ORDER BY t.project_id LIMIT 1)
         UNION ALL
         SELECT (SELECT t.project_id FROM traces t WHERE ${range.sql} AND t.project_id > p.project_id ORDER BY t.project_id LIMIT 1) FROM p WHERE p.project_id IS NOT NULL)
       SELECT p.project_id, (SELECT min(t.created_at) FROM traces t WHERE ${range.sql} AND t.project_id = p.project_id) AS oldest,
              (SELECT max(t.created_at) FROM traces t WHERE ${range.sql} AND t.project_id = p.project_id) AS newest FROM p WHERE p.project_id IS NOT NULL`,
      [...range.bindings, ...range.bindings, ...range.bindings, ...range.bindings],
    );
    return (result.rows as Row[]).map((row) => ({ projectId: row.project_id as string, oldestMs: Number(row.oldest), newestMs: Number(row.newest) }));
  }

  /**
   * Two statements, whatever the batch's size (the cost per trace was round trips, not rows: at 500
   * traces a step took seven of them, docs/partitioning.md). The first locks up to `limit` registry
   * rows of the week, in the walk's order (trace_ids_week_idx, migration 054), and returns them as
   * three arrays; an append takes the same lock before it changes its trace, and a trace being
   * appended to is skipped, not waited for (it is rarely past its floor; the week waits for a later
   * run). The second is a statement of its own, so its snapshot is taken after the locks: an append
   * that held one has committed its move of `created_at`. It keeps the locked traces still past their
   * floor and deletes, set-wise from them, their rows outside the partitions — detection events and
   * jobs, cluster memberships (the clusters' counts fall with them), fix links — and their registry
   * rows, from which scores and annotation items go by cascade.
   */
  async releaseWeek(week: StoredWeek, floors: TraceFloors, after: WeekCursor | null, limit: number): Promise<WeekRelease> {
    const db = this.db;
    const range = inWeek(week, 'r');
    const cursor = after ? ' AND (r.stored_at, r.project_id, r.id) > (?, ?::uuid, ?)' : '';
    const locked = (
      await db.raw(
        `SELECT count(*) AS n, array_agg(w.project_id ORDER BY w.stored_at, w.project_id, w.id) AS projects,
                array_agg(w.id ORDER BY w.stored_at, w.project_id, w.id) AS ids, array_agg(w.stored_at ORDER BY w.stored_at, w.project_id, w.id) AS stored
         FROM (SELECT r.project_id, r.id, r.stored_at FROM trace_ids r WHERE ${range.sql}${cursor}
               ORDER BY r.stored_at, r.project_id, r.id LIMIT ? FOR UPDATE SKIP LOCKED) w`,
        [...range.bindings, ...(after ? [after.storedAt, after.projectId, after.id] : []), limit],
      )
    ).rows[0] as { n: string | number; projects: string[] | null; ids: string[] | null; stored: (string | number)[] | null };
    const count = Number(locked.n);
    if (count === 0) return { released: 0, next: null };
    const [projects, ids, stored] = [locked.projects!, locked.ids!, locked.stored!];
    const next = count < limit ? null : { storedAt: Number(stored[count - 1]), projectId: projects[count - 1], id: ids[count - 1] };
    const floorRows = [...floors].map(([project_id, floor]) => ({ project_id, floor }));
    const released = await db.raw(
      `WITH past AS MATERIALIZED (
         SELECT t.project_id, t.id, t.stored_at
         FROM unnest(?::uuid[], ?::text[], ?::bigint[]) AS k(project_id, id, stored_at)
         JOIN traces t ON t.project_id = k.project_id AND t.id = k.id AND t.stored_at = k.stored_at
         JOIN json_to_recordset(?::json) AS f(project_id uuid, floor bigint) ON f.project_id = t.project_id
         WHERE (f.floor IS NULL OR t.created_at < f.floor) AND ${inWeek(week, 't').sql}),
       events AS (DELETE FROM detection_events e USING past p WHERE e.project_id = p.project_id AND e.trace_id = p.id),
       jobs AS (DELETE FROM detection_jobs j USING past p WHERE j.project_id = p.project_id AND j.trace_id = p.id),
       members AS (DELETE FROM failure_cluster_members m USING past p WHERE m.project_id = p.project_id AND m.trace_id = p.id RETURNING m.project_id, m.cluster_id),
       counts AS (UPDATE failure_clusters c SET member_count = GREATEST(c.member_count - d.n, 0)
                  FROM (SELECT project_id, cluster_id, count(*) AS n FROM members GROUP BY project_id, cluster_id) d
                  WHERE c.project_id = d.project_id AND c.id = d.cluster_id),
       links AS (DELETE FROM fix_traces x USING past p, fixes fx WHERE fx.id = x.fix_id AND fx.project_id = p.project_id AND x.trace_id = p.id),
       registry AS (DELETE FROM trace_ids r USING past p WHERE r.project_id = p.project_id AND r.id = p.id AND r.stored_at = p.stored_at RETURNING 1)
       SELECT count(*) AS n FROM registry`,
      [projects, ids, stored.map(Number), JSON.stringify(floorRows), ...range.bindings],
    );
    return { released: Number((released.rows as { n: string | number }[])[0].n), next };
  }

  async removeDroppedRollups(week: StoredWeek, projectId: string, range: { oldestMs: number; newestMs: number; floorMs: number }, limit: number): Promise<number> {
    const db = this.db;
    const hours = { from: startOf(range.oldestMs, HOUR_MS), to: Math.min(startOf(range.newestMs, HOUR_MS) + HOUR_MS, startOf(range.floorMs, HOUR_MS)) };
    const days = { from: startOf(range.oldestMs, DAY_MS), to: Math.min(startOf(range.newestMs, DAY_MS) + DAY_MS, startOf(range.floorMs, DAY_MS)) };
    if (hours.to <= hours.from && days.to <= days.from) return 0;
    // The hours (and days) some trace of the project stored in another week still falls in: their
    // rollups are those of rows that stay (a week waiting for its drop, the legacy partition). The
    // project's created_at index per partition; the dropped week's own traces are left out.
    const week_ = inWeek(week, 't');
    const kept = (
      await db.raw(
        `SELECT DISTINCT t.created_at - t.created_at % ${HOUR_MS} AS hour FROM traces t
         WHERE t.project_id = ? AND t.created_at >= ? AND t.created_at < ? AND NOT (${week_.sql})`,
        [projectId, Math.min(hours.from, days.from), Math.max(hours.to, days.to), ...week_.bindings],
      )
    ).rows.map((row: { hour: string | number }) => Number(row.hour)) as number[];
    const keptDays = [...new Set(kept.map((hour) => startOf(hour, DAY_MS)))];
    let removed = 0;
    // One table after another within the step's limit: marks first, so the settler cannot rebuild an
    // hour row from them meanwhile. On the (project_id, hour_ms) and (project_id, dimension, …) indexes.
    // By partition and ctid (ROW_ADDRESS): the rollups are partitioned by week (migration 055), and a
    // bare ctid matched the row at the same address in another week's partition. The outer range keeps
    // the delete to the span's weeks and the project's index entries.
    const step = async (table: string, column: string, span: { from: number; to: number }, keep: number[]) => {
      if (removed >= limit || span.to <= span.from) return;
      const where = `project_id = ? AND ${column} >= ? AND ${column} < ?`;
      removed += Number(
        (
          await db.raw(
            `DELETE FROM ${table} WHERE ${where} AND ${ROW_ADDRESS.postgres} IN (SELECT ${ROW_ADDRESS_COLUMNS.postgres} FROM ${table} WHERE ${where} AND NOT (${column} = ANY(?::bigint[])) LIMIT ?)`,
            [projectId, span.from, span.to, projectId, span.from, span.to, keep, limit - removed],
          )
        ).rowCount ?? 0,
      );
    };
    await step('metrics_dirty_hours', 'hour_ms', hours, kept);
    await step('metrics_rollups', 'hour_ms', hours, kept);
    await step('metrics_daily_rollups', 'day_ms', days, keptDays);
    return removed;
  }

  /**
   * In the registry's week order (trace_ids_week_idx), first row only. An `EXISTS` of the range alone
   * was planned as a sequential scan stopping at the first match, which on the registry without
   * statistics walked every row when the week held none (83,003 in docs/partitioning.md's seventh pass).
   */
  async weekRegistered(week: StoredWeek): Promise<boolean> {
    const range = inWeek(week, 'r');
    const result = await this.db.raw(`SELECT r.stored_at FROM trace_ids r WHERE ${range.sql} ORDER BY r.stored_at LIMIT 1`, range.bindings);
    return (result.rows as unknown[]).length > 0;
  }

  async dropWeek(week: StoredWeek): Promise<void> {
    // traces last: until it goes, the week's other rows are still those of its trace rows.
    for (const table of [...PARTITIONED_TABLES.filter((t) => t !== 'traces'), 'traces' as const]) await dropPartition(this.db, table, partitionNameOf(table, week.fromMs));
  }

  async pastRollupWeeks(endingBy: number): Promise<{ week: RollupWeek; projectIds: string[] }[]> {
    if (this.dialect !== 'postgres') return [];
    const now = Math.min(Date.now(), endingBy);
    const weeks = new Map<number, RollupWeek>();
    for (const table of ROLLUP_TABLES) for (const p of await partitionsOf(this.db, table)) if (p.from !== null && p.to <= now) weeks.set(p.from, { fromMs: p.from, toMs: p.to });
    const found: { week: RollupWeek; projectIds: string[] }[] = [];
    for (const week of [...weeks.values()].sort((a, b) => a.fromMs - b.fromMs)) found.push({ week, projectIds: await rollupWeekProjects(this.db, week) });
    return found;
  }

  /**
   * Under the settler's lock, so no settle writes into the week between the check and the drop (its
   * marks would be gone with rows no one recomputes); a plain detach, whose short exclusive lock on the
   * rollup tables only pauses metrics reads (ingest never writes them), bounded by lock_timeout: a week
   * not dropped in time is tried again by the next run.
   */
  async dropRollupWeek(week: RollupWeek, projectIds: readonly string[]): Promise<boolean> {
    if (this.dialect !== 'postgres') return false;
    try {
      return await this.db.transaction(async (trx) => {
        await trx.raw(`SET LOCAL lock_timeout = '${ROLLUP_DROP_LOCK_TIMEOUT_MS}ms'`);
        await trx.raw('SELECT pg_advisory_xact_lock(?)', [SETTLE_LOCK]);
        if ((await rollupWeekProjects(trx, week)).some((id) => !projectIds.includes(id))) return false;
        for (const table of ROLLUP_TABLES) {
          const partition = weekPartitionName(table, week.fromMs);
          if (!(await relationExists(trx, partition))) continue;
          await trx.raw('ALTER TABLE ?? DETACH PARTITION ??', [table, partition]);
          await trx.raw('DROP TABLE ??', [partition]);
        }
        return true;
      });
    } catch (error) {
      if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) return false;
      throw error;
    }
  }

  /** A deleted trace leaves its failure cluster: the membership goes and the cluster's count falls with it. */
  private async removeClusterMembers(projectId: string, traceIds: string[]): Promise<void> {
    const db = this.db;
    const perCluster = (await db('failure_cluster_members')
      .where({ project_id: projectId })
      .whereIn('trace_id', traceIds)
      .select('cluster_id')
      .count({ n: '*' })
      .groupBy('cluster_id')) as { cluster_id: string; n: number | string }[];
    if (perCluster.length === 0) return;
    for (const { cluster_id, n } of perCluster) {
      await db('failure_clusters')
        .where({ project_id: projectId, id: cluster_id })
        .update({ member_count: db.raw('CASE WHEN member_count > ? THEN member_count - ? ELSE 0 END', [Number(n), Number(n)]) });
    }
    await db('failure_cluster_members').where({ project_id: projectId }).whereIn('trace_id', traceIds).delete();
  }

  async purgeProjectRemainder(projectId: string, limit: number): Promise<number> {
    const db = this.db;
    const address = ROW_ADDRESS[this.dialect];
    const columns = ROW_ADDRESS_COLUMNS[this.dialect];
    let deleted = 0;
    const step = async (table: string): Promise<void> => {
      if (deleted >= limit) return;
      const n = limit - deleted;
      deleted += await db(table)
        .whereIn(db.raw(address) as unknown as string, db(table).where({ project_id: projectId }).select(db.raw(columns)).limit(n))
        .delete();
    };
    if (this.dialect === 'sqlite') {
      const result = await db.raw(
        'DELETE FROM trace_search WHERE rowid IN (SELECT rowid FROM trace_search WHERE trace_search MATCH ? LIMIT ?)',
        [scopeMatch(projectId), limit],
      );
      void result;
      deleted += Number((await db.raw('SELECT changes() AS n'))[0]?.n ?? 0);
    } else {
      await step('trace_search');
    }
    for (const table of ['spans', 'detection_events', 'detection_jobs', 'webhook_deliveries', 'idempotency_keys', 'failure_cluster_members', 'failure_clusters', 'failure_cluster_state']) await step(table);
    return deleted;
  }
}
