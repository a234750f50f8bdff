import type { Clock } from '../../clock.js';
import type { Store } from '../../ports/store.js';
import type { TraceFilters } from '../../ports/traces.js';

const DAY_MS = 24 * 3600_000;

/** The oldest createdAt (epoch ms) a project still shows; undefined when it keeps traces forever. */
export function retentionFloor(retentionDays: number | null, now: Date): number | undefined {
  return retentionDays === null ? undefined : now.getTime() - retentionDays * DAY_MS;
}

/** Projects whose retention is kept at once; past it the oldest entry goes. */
const MAX_KEPT = 10_000;

/**
 * Each project's retention as list pages, searches and trace reads apply it: a trace past retention
 * is never listed, searched or read, even before the lifecycle worker has deleted it. Kept for `ttlMs`
 * (CREDENTIAL_CACHE_MS, as long as the authenticator keeps the project itself): reading the
 * project first was one more statement in front of every page and search — on SQLite a hand-off
 * to its thread and back, about 2 ms of a rare word's p99 at a million traces (docs/benchmarks.md).
 * A change made through this process applies at once (ProjectService forgets the project); one
 * made through another replica, within `ttlMs`. 0 reads the project every time.
 */
export class ProjectRetention {
  private readonly kept = new Map<string, { retentionDays: number | null; until: number }>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly ttlMs = 0,
  ) {}

  /** The oldest createdAt (epoch ms) the project still shows now; undefined when it keeps traces forever. */
  async floor(projectId: string): Promise<number | undefined> {
    const now = this.clock.now();
    return retentionFloor(await this.retentionDays(projectId, now.getTime()), now);
  }

  /** The filters with the project's retention applied (its floor raising `fromMs`). */
  async apply(projectId: string, filters: TraceFilters): Promise<TraceFilters> {
    const floor = await this.floor(projectId);
    if (floor === undefined) return filters;
    return { ...filters, fromMs: filters.fromMs === undefined ? floor : Math.max(filters.fromMs, floor) };
  }

  /** The project's retention changed (or it was deleted) through this process: read it again next time. */
  forget(projectId: string): void {
    this.kept.delete(projectId);
  }

  private async retentionDays(projectId: string, nowMs: number): Promise<number | null> {
    const hit = this.kept.get(projectId);
    if (hit && hit.until > nowMs) return hit.retentionDays;
    const retentionDays = (await this.store.projects.findById(projectId))?.retentionDays ?? null;
    if (this.ttlMs > 0) {
      this.kept.delete(projectId);
      if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value as string);
      this.kept.set(projectId, { retentionDays, until: nowMs + this.ttlMs });
    }
    return retentionDays;
  }
}
