import type { Clock } from '../../clock.js';
import type { Store } from '../../ports/store.js';
import type { TraceFilters } from '../../ports/traces.js';

const DAY_MS = 24 * 3600_000;

/** The oldest createdAt (epoch ms) a project still shows; undefined when it keeps traces forever. */
export function retentionFloor(retentionDays: number | null, now: Date): number | undefined {
  return retentionDays === null ? undefined : now.getTime() - retentionDays * DAY_MS;
}

/**
 * The filters with the project's retention applied: a trace past retention is never listed,
 * searched or exported, even before the lifecycle worker has deleted it.
 */
export async function withinRetention(store: Store, clock: Clock, projectId: string, filters: TraceFilters): Promise<TraceFilters> {
  const project = await store.projects.findById(projectId);
  const floor = retentionFloor(project?.retentionDays ?? null, clock.now());
  if (floor === undefined) return filters;
  return { ...filters, fromMs: filters.fromMs === undefined ? floor : Math.max(filters.fromMs, floor) };
}
