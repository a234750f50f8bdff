import type { Knex } from 'knex';
import { encodeSketch, SketchMerger } from './latency-sketch.js';
import { DAY_MS, ROLLUP_DIMENSION_NAMES } from './metrics-rollup-grains.js';

type Row = Record<string, unknown>;
const INSERT_CHUNK = 500;
const SUMMED = ['units', 'traces', 'spans', 'errors', 'cost', 'input_tokens', 'output_tokens', 'total_tokens'] as const;

/**
 * Rebuilds the day rows (migration 050) of the project's UTC days `days` from its hour rows: each
 * (dimension, value) of the day summed over its hours and its latency sketches merged. Every sum is
 * additive across hours — a trace belongs to the hour of its `created_at`, so even the distinct
 * trace count of a span dimension's value adds up. A day row is read only when none of its hours
 * is marked (metrics-rollup-reader.ts), so rebuilding a day while another of its hours waits for
 * the settler is harmless: the day is rebuilt again when that hour is settled.
 */
export async function rebuildDailyRollups(db: Knex, projectId: string, days: readonly number[]): Promise<void> {
  for (const day of days) {
    // `dimension IN (…)` lets both databases walk the (project, dimension, hour) index per dimension.
    const hours: Row[] = await db('metrics_rollups')
      .where({ project_id: projectId })
      .whereIn('dimension', ROLLUP_DIMENSION_NAMES as string[])
      .where('hour_ms', '>=', day)
      .where('hour_ms', '<', day + DAY_MS)
      .select('dimension', 'value', ...SUMMED, 'latency_sketch');
    const groups = new Map<string, { row: Row; sketch: SketchMerger }>();
    for (const hour of hours) {
      const key = JSON.stringify([hour.dimension, hour.value ?? null]);
      let group = groups.get(key);
      if (!group) {
        group = { row: { project_id: projectId, dimension: hour.dimension, day_ms: day, value: hour.value ?? null, ...Object.fromEntries(SUMMED.map((f) => [f, 0])) }, sketch: new SketchMerger() };
        groups.set(key, group);
      }
      for (const field of SUMMED) group.row[field] = (group.row[field] as number) + Number(hour[field]);
      group.sketch.addEncoded(hour.latency_sketch as Uint8Array);
    }
    const rows = [...groups.values()].map(({ row, sketch }) => ({ ...row, latency_sketch: encodeSketch(sketch.pairs()) }));
    await db('metrics_daily_rollups').where({ project_id: projectId }).whereIn('dimension', ROLLUP_DIMENSION_NAMES as string[]).where('day_ms', day).delete();
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) await db('metrics_daily_rollups').insert(rows.slice(start, start + INSERT_CHUNK));
  }
}

/** The UTC days holding these hours, each once. */
export function daysOf(hours: readonly number[]): number[] {
  return [...new Set(hours.map((hour) => hour - (((hour % DAY_MS) + DAY_MS) % DAY_MS)))];
}
