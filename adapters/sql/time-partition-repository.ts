import type { Knex } from 'knex';
import type { Dialect } from '../../src/ports/store.js';
import type { TimePartitionRepository } from '../../src/ports/time-partitions.js';
import { CREATION_LOCK, createWeekPartition, PARTITIONED_TABLES, ROLLUP_TABLES, WEEK_MS, weekStart, weekStored, type WeeklyTable } from '../postgres/time-partitions.js';

/** The trace storage's tables and the metrics rollups' (migration 055), each with its weeks. */
const WEEKLY_TABLES: readonly WeeklyTable[] = [...PARTITIONED_TABLES, ...ROLLUP_TABLES];

/** PostgreSQL's weekly partitions (migrations 053 and 055); SQLite's storage is not partitioned and misses none. */
export class SqlTimePartitionRepository implements TimePartitionRepository {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
  ) {}

  async missingWeeks(weeksAhead: number): Promise<number[]> {
    if (this.dialect !== 'postgres') return [];
    const current = weekStart(Date.now());
    const missing: number[] = [];
    for (let week = 0; week <= weeksAhead; week++) {
      const start = current + week * WEEK_MS;
      for (const table of WEEKLY_TABLES) {
        if (!(await weekStored(this.db, table, start))) {
          missing.push(start);
          break;
        }
      }
    }
    return missing;
  }

  async createWeek(weekStartMs: number): Promise<void> {
    if (this.dialect !== 'postgres') return;
    if (weekStart(weekStartMs) !== weekStartMs) throw new Error(`${weekStartMs} is not the start of a week`);
    // Held to the end of the caller's transaction: a second replica waits, then finds the tables.
    await this.db.raw('SELECT pg_advisory_xact_lock(?)', [CREATION_LOCK]);
    for (const table of WEEKLY_TABLES) if (!(await weekStored(this.db, table, weekStartMs))) await createWeekPartition(this.db, table, weekStartMs);
  }

  async nextWeekStored(): Promise<void> {
    if (this.dialect !== 'postgres') return;
    const next = weekStart(Date.now()) + WEEK_MS;
    const lacking: string[] = [];
    for (const table of WEEKLY_TABLES) if (!(await weekStored(this.db, table, next))) lacking.push(table);
    if (lacking.length > 0) throw new Error(`no partition for the week of ${new Date(next).toISOString().slice(0, 10)} in ${lacking.join(', ')}: is the scheduler's time-partitions task running?`);
  }
}
