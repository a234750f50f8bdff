import type { Clock } from '../../clock.js';
import { problems } from '../../errors.js';
import { recordLifecycleBatch, recordProjectPurged } from '../../observability/instruments.js';
import type { StoredWeek, TraceFloors, WeekCursor, WeekRelease } from '../../ports/data-lifecycle.js';
import type { Store } from '../../ports/store.js';
import type { AuditLog } from '../audit/audit-log.js';
import { retentionFloor } from '../traces/retention.js';

export const LIFECYCLE_LEASE = 'data-lifecycle';

/**
 * How far ahead a past week's drop may be for its rows past retention to wait for it rather than go
 * row by row (docs/partitioning.md, "Weeks that do not qualify"): one period of partitioning, the
 * longest such rows stay on disk past their floor either way.
 */
export const DROP_WAIT_MS = 7 * 24 * 3600_000;

export interface LifecycleSettings {
  /** Traces (or leftover rows) deleted per transaction. */
  batchSize: number;
  /**
   * Traces of a past week released per transaction before the week's partitions are dropped
   * (partitioned storage only): two statements a step whatever its size, each trace's rows outside the
   * partitions are few, and its partitioned rows go with the drop.
   */
  releaseBatchSize: number;
  /** Batches per run; the worker runs again at once while work remains. */
  batchesPerRun: number;
  leaseMs: number;
}

export interface LifecycleRun {
  /** false when another replica holds the lease. */
  ran: boolean;
  deletedTraces: number;
  purgedProjects: number;
  /** true when the run stopped at its batch budget with work left. */
  more: boolean;
}

/**
 * Deleting stored data: one trace on request, traces past their project's retention, and every row
 * of a deleted project. Each batch is its own short transaction, so a large deletion never holds a
 * lock (or SQLite's one writer) for long; the work is found from the database on every run, so a
 * crash or a restart simply resumes. A named lease lets one replica at a time sweep.
 */
export class DataLifecycle {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly settings: LifecycleSettings,
  ) {}

  /** Deletes one trace and everything derived from it; 404 when the project has no such trace. */
  async deleteTrace(projectId: string, traceId: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      if ((await tx.dataLifecycle.deleteTraces(projectId, [traceId])) === 0) throw problems.notFound('The trace');
    });
  }

  async runOnce(owner: string): Promise<LifecycleRun> {
    const run: LifecycleRun = { ran: false, deletedTraces: 0, purgedProjects: 0, more: false };
    if (!(await this.holdLease(owner))) return run;
    run.ran = true;
    let budget = this.settings.batchesPerRun;
    const spend = async (): Promise<boolean> => {
      if (budget-- <= 0) return false;
      return this.holdLease(owner);
    };
    try {
      if (!(await this.dropPastWeeks(spend, run))) return { ...run, more: true };
      if (!(await this.dropPastRollupWeeks(spend))) return { ...run, more: true };
      for (const project of await this.store.projects.listDeleted(100)) {
        const purged = await this.purgeProject(project, spend, run);
        if (!purged) return { ...run, more: true };
        run.purgedProjects++;
      }
      const projects = await this.store.projects.listWithRetention();
      const weeks = projects.length > 0 ? await this.batchedWeeks() : null;
      for (const project of projects) {
        const floor = retentionFloor(project.retentionDays, this.clock.now())!;
        if (weeks === null) {
          if (!(await this.deleteBefore(project.id, floor, spend, run))) return { ...run, more: true };
          continue;
        }
        for (const week of weeks) if (!(await this.deleteBefore(project.id, floor, spend, run, week))) return { ...run, more: true };
      }
      return run;
    } finally {
      await this.store.workerLeases.release(LIFECYCLE_LEASE, owner);
    }
  }

  /**
   * Partitioned storage (docs/partitioning.md, "Retention"): each past week whose every trace is past
   * its project's floor (or of a deleted project) has its traces released — their rows outside the
   * partitions deleted in bounded batches, registry rows under their lock — and, when no trace of it is
   * registered any more, its partitions are detached and dropped whole: no row-by-row delete, no
   * vacuum after it. A week where a trace moved later meanwhile keeps its partitions; its released
   * traces go by the batch path below, as every trace did before. False when the budget ran out first.
   */
  private async dropPastWeeks(spend: () => Promise<boolean>, run: LifecycleRun): Promise<boolean> {
    const weeks = await this.store.dataLifecycle.pastWeeks();
    if (weeks.length === 0) return true;
    const floors = await this.traceFloors();
    for (const week of weeks) {
      const projects = await this.store.dataLifecycle.weekProjects(week);
      if (!projects.every(({ projectId, newestMs }) => floors.has(projectId) && (floors.get(projectId) === null || newestMs < floors.get(projectId)!))) continue;
      let after: WeekCursor | null = null;
      do {
        if (!(await spend())) return false;
        const step: WeekRelease = await this.store.transaction((tx) => tx.dataLifecycle.releaseWeek(week, floors, after, this.settings.releaseBatchSize));
        recordLifecycleBatch('retention', step.released, step.released);
        run.deletedTraces += step.released;
        after = step.next;
      } while (after !== null);
      if (await this.store.dataLifecycle.weekRegistered(week)) continue;
      // Before the drop, so a run stopped by its budget resumes here with the week still there (it
      // qualifies again, nothing left to release). Deleted projects' rollups go with their project row.
      for (const { projectId, oldestMs, newestMs } of projects) {
        const floorMs = floors.get(projectId);
        if (floorMs === null || floorMs === undefined) continue;
        let removed: number;
        do {
          if (!(await spend())) return false;
          removed = await this.store.transaction((tx) => tx.dataLifecycle.removeDroppedRollups(week, projectId, { oldestMs, newestMs, floorMs }, this.settings.batchSize));
        } while (removed >= this.settings.batchSize);
      }
      if (!(await spend())) return false;
      // Outside any transaction: a concurrent detach cannot run inside one.
      await this.store.dataLifecycle.dropWeek(week);
    }
    return true;
  }

  /**
   * Partitioned metrics rollups (docs/partitioning.md, "The metrics rollups"): a past week of them goes
   * whole when every project with rows there is deleted or has its floor at or past the week's end — the
   * rows add up traces created in the week, all past retention or gone. A week holding a project that
   * keeps its traces, or keeps them longer, stays; its rows past a floor go with the traces' deletions
   * (the settler) or with a dropped trace week (removeDroppedRollups). False when the budget ran out first.
   */
  private async dropPastRollupWeeks(spend: () => Promise<boolean>): Promise<boolean> {
    const floors = await this.traceFloors();
    // Only weeks ending by the latest floor can qualify; none without a retention anywhere (a deleted
    // project's rollups go with its project row).
    const latestFloor = Math.max(...[...floors.values()].filter((floor): floor is number => floor !== null));
    if (latestFloor === -Infinity) return true;
    for (const { week, projectIds } of await this.store.dataLifecycle.pastRollupWeeks(latestFloor)) {
      if (!projectIds.every((id) => floors.has(id) && (floors.get(id) === null || week.toMs <= floors.get(id)!))) continue;
      if (!(await spend())) return false;
      // Outside any transaction: the drop rechecks the projects under the settler's lock in its own.
      await this.store.dataLifecycle.dropRollupWeek(week, projectIds);
    }
    return true;
  }

  /**
   * Partitioned storage: the weeks whose rows past retention go by the batch path, restricted to the
   * week (null: storage is not partitioned, the batch path runs over all of a project's traces). A
   * past week whose drop is due within DROP_WAIT_MS is left out: its rows past retention are already
   * invisible to reads, and deleting them row by row as they pass their floor would cost the write
   * work the drop saves (docs/partitioning.md). Its drop time is the latest, over the projects with
   * traces in it, of their newest trace there plus their retention — never for a project that keeps
   * its traces, at once for a deleted one. Weeks not yet past are always batched: the only rows past
   * retention there are traces stored long after they began (backfills), and their drop, a day after
   * the week ends, is one to eight days away by the weekday alone.
   */
  private async batchedWeeks(): Promise<StoredWeek[] | null> {
    const weeks = await this.store.dataLifecycle.storedWeeks();
    if (weeks.length === 0) return null;
    const past = new Set((await this.store.dataLifecycle.pastWeeks()).map((week) => week.toMs));
    const floors = await this.traceFloors();
    const now = this.clock.now().getTime();
    const batched: StoredWeek[] = [];
    for (const week of weeks) {
      if (!past.has(week.toMs)) {
        batched.push(week);
        continue;
      }
      let dropAt = -Infinity;
      for (const { projectId, newestMs } of await this.store.dataLifecycle.weekProjects(week)) {
        const floor = floors.get(projectId);
        // Not named: no retention, kept for ever. Null: deleted, its rows qualify now. Else now - floor is its retention.
        const due = floor === undefined ? Infinity : floor === null ? -Infinity : newestMs + (now - floor);
        dropAt = Math.max(dropAt, due);
      }
      if (dropAt > now + DROP_WAIT_MS) batched.push(week);
    }
    return batched;
  }

  /** Each project whose traces may go: deleted ones (all), and those with a retention (their floor). */
  private async traceFloors(): Promise<TraceFloors> {
    const floors = new Map<string, number | null>();
    for (const project of await this.store.projects.listDeleted(1000)) floors.set(project.id, null);
    for (const project of await this.store.projects.listWithRetention()) floors.set(project.id, retentionFloor(project.retentionDays, this.clock.now())!);
    return floors;
  }

  private holdLease(owner: string): Promise<boolean> {
    const now = this.clock.now();
    return this.store.workerLeases.acquire(LIFECYCLE_LEASE, owner, now, new Date(now.getTime() + this.settings.leaseMs));
  }

  /**
   * Deletes the project's traces created before `beforeMs` (all when undefined), with `week` only those
   * stored in it; false when the budget ran out first.
   */
  private async deleteBefore(projectId: string, beforeMs: number | undefined, spend: () => Promise<boolean>, run: LifecycleRun, week?: StoredWeek): Promise<boolean> {
    for (;;) {
      const ids = await this.store.dataLifecycle.traceIdsBefore(projectId, beforeMs, this.settings.batchSize, week);
      if (ids.length === 0) return true;
      if (!(await spend())) return false;
      const deleted = await this.store.transaction((tx) => tx.dataLifecycle.deleteTraces(projectId, ids, beforeMs, week));
      recordLifecycleBatch(beforeMs === undefined ? 'project_deleted' : 'retention', ids.length, deleted);
      run.deletedTraces += deleted;
    }
  }

  private async purgeProject(project: { id: string; organizationId: string }, spend: () => Promise<boolean>, run: LifecycleRun): Promise<boolean> {
    if (!(await this.deleteBefore(project.id, undefined, spend, run))) return false;
    for (;;) {
      if (!(await spend())) return false;
      const deleted = await this.store.transaction((tx) => tx.dataLifecycle.purgeProjectRemainder(project.id, this.settings.batchSize));
      if (deleted === 0) break;
    }
    // What remains hangs off the project row by foreign key (detections, fixes, filters, webhooks,
    // keys, memberships, bindings, shares) and goes with it; those are configuration-sized.
    await this.store.transaction(async (tx) => {
      // A write accepted in the last moments (a cached credential still selecting the project) is
      // swept in the same transaction as the row's removal, so nothing outlives the project.
      while ((await tx.dataLifecycle.purgeProjectRemainder(project.id, this.settings.batchSize)) > 0);
      await tx.projects.remove(project.id);
      await this.audit.recordSystem(tx, project.organizationId, project.id, { action: 'project.purged', targetType: 'project', targetId: project.id });
    });
    recordProjectPurged();
    return true;
  }
}
