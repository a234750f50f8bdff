import { AsyncLocalStorage } from 'node:async_hooks';
import { createStore } from '../../adapters/store.js';
import { PARTITIONED_TABLES, WEEK_MS, weekStart } from '../../adapters/postgres/time-partitions.js';
import type { Store } from '../../src/ports/store.js';
import type { BenchDatabase } from './bench-database.js';
import type { GeneratedTrace } from './generate-traces.js';

/**
 * `--stored-weeks-spread` (PostgreSQL): the loaded data set as a deployment that has run for its 30
 * days would hold it — each trace stored in the week of its `created_at`, so the list and the search
 * visit one partition (and one GIN index) per week kept, as they would in production, instead of the
 * one partition a load at a single moment fills. Without it every loaded trace is stored now.
 */

/** The stored_at of the batch being written, read by the store's stored_at clock. */
const batchStoredAt = new AsyncLocalStorage<number>();

/**
 * Makes this new database's (empty) legacy partition end at the week holding `oldestMs`, creates the
 * weeks from there to next week (as the `time-partitions` task would have over those weeks), and
 * returns a store whose new traces take the stored_at of the batch written through `inBatch`.
 */
export async function spreadWeeksStore(db: BenchDatabase, oldestMs: number): Promise<Store> {
  if (db.adapter !== 'postgres') throw new Error('--stored-weeks-spread applies to PostgreSQL only (SQLite is not partitioned)');
  const knex = db.database.knex;
  const first = weekStart(oldestMs);
  const stored = Number((await knex('traces').count({ n: '*' }).first())?.n ?? 0);
  if (stored > 0) throw new Error('--stored-weeks-spread needs a new database: its legacy partition is moved (not with --reuse)');
  for (const table of PARTITIONED_TABLES) {
    await knex.raw('ALTER TABLE ?? DETACH PARTITION ??', [table, `${table}_legacy`]);
    await knex.raw(`ALTER TABLE ?? ATTACH PARTITION ?? FOR VALUES FROM (MINVALUE) TO (${first})`, [table, `${table}_legacy`]);
  }
  for (let week = first; week <= weekStart(Date.now()) + WEEK_MS; week += WEEK_MS) await db.store.transaction((tx) => tx.timePartitions.createWeek(week));
  return createStore(knex, db.database.dialect, { storedAtClock: () => batchStoredAt.getStore() ?? Date.now() });
}

/** Runs `work` (a batch's write) with its traces stored at the batch's latest created_at, in their week. */
export const inBatch = <T>(batch: readonly GeneratedTrace[], work: () => Promise<T>): Promise<T> =>
  batchStoredAt.run(Math.max(...batch.map((trace) => trace.createdAt)), work);

/**
 * The traces regrouped into batches of `size` whose traces share the week of their created_at (one
 * stored_at per batch: the store stamps a batch's rows at once), the oldest week's first: in the store
 * order a search walks (`seq`), newer weeks come later, as in a deployment. One pass of the seeded
 * generator per week (`traces()` yields the same traces each time), instead of holding them all.
 */
export function* weekBatches(traces: () => Iterable<GeneratedTrace>, size: number, oldestMs: number, newestMs: number): Generator<GeneratedTrace[]> {
  for (let week = weekStart(oldestMs); week <= weekStart(newestMs); week += WEEK_MS) {
    let batch: GeneratedTrace[] = [];
    for (const trace of traces()) {
      if (weekStart(trace.createdAt) !== week) continue;
      batch.push(trace);
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }
}
