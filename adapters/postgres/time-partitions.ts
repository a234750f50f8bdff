import type { Knex } from 'knex';

/**
 * PostgreSQL's weekly partitions of trace storage (docs/partitioning.md): the tables partitioned by
 * `stored_at`, the week (Monday 00:00 UTC to the next Monday, the period in one constant) and how
 * one week's partition is created. Migration 053 creates the layout and its first weeks with these;
 * the `time-partitions` task the weeks after.
 */
export const PARTITIONED_TABLES = ['traces', 'spans', 'trace_search', 'trace_tags'] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

/**
 * The metrics rollups (migration 055), partitioned by the week of the hour or day they add up — the
 * traces' `created_at`, which retention compares with its floor — so a week every project of which is
 * past its retention goes whole. Their weeks are made ahead with the trace tables' and, for hours of
 * other weeks (a backfill, a clock far ahead), by the settler before it writes there.
 */
export const ROLLUP_TABLES = ['metrics_rollups', 'metrics_daily_rollups'] as const;
export type RollupTable = (typeof ROLLUP_TABLES)[number];
/** Every table kept in weekly partitions. */
export type WeeklyTable = PartitionedTable | RollupTable;

/** The column a table's weeks are ranges of. */
export const partitionKey = (table: WeeklyTable): string => (table === 'metrics_rollups' ? 'hour_ms' : table === 'metrics_daily_rollups' ? 'day_ms' : 'stored_at');

/** A key of its own for pg_advisory_xact_lock: whoever creates a week's partitions (task, replicas, settler) takes turns. */
export const CREATION_LOCK = 61_004;

const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;
/** 1970-01-01 was a Thursday: weeks counted from Monday 1969-12-29. */
const MONDAY_OFFSET_MS = 3 * DAY_MS;

/** The first ms of the UTC week (from Monday 00:00) holding `ms`. */
export const weekStart = (ms: number): number => Math.floor((ms + MONDAY_OFFSET_MS) / WEEK_MS) * WEEK_MS - MONDAY_OFFSET_MS;

/**
 * A week's partition of `table`: `traces_w20261130`, by the week's first day; a week whose year has not
 * four digits (a rollup of a trace dated past year 9999) by its first ms (`n` for a minus), `metrics_rollups_wms253402473600000`.
 */
export const weekPartitionName = (table: WeeklyTable, start: number): string => {
  const day = new Date(start).toISOString().slice(0, 10);
  return `${table}_w${/^\d{4}-\d{2}-\d{2}$/.test(day) ? day.replace(/-/g, '') : `ms${start < 0 ? 'n' : ''}${Math.abs(start)}`}`;
};

/** The partition holding the rows stored before migration 053, `[MINVALUE, its upper bound)`. */
export const legacyPartitionName = (table: PartitionedTable): string => `${table}_legacy`;

/**
 * Creates the week's partition of `table` unless it exists: a plain table with the range as a CHECK
 * constraint, then attached. `CREATE TABLE … PARTITION OF` would take an ACCESS EXCLUSIVE lock on the
 * parent and wait behind every open ingest transaction; ATTACH takes SHARE UPDATE EXCLUSIVE, which
 * ingest's writes do not conflict with, and the CHECK spares it a scan.
 */
export async function createWeekPartition(db: Knex, table: WeeklyTable, start: number): Promise<void> {
  const name = weekPartitionName(table, start);
  if (await relationExists(db, name)) return;
  const end = start + WEEK_MS;
  const key = partitionKey(table);
  await db.raw(`CREATE TABLE ?? (LIKE ?? INCLUDING DEFAULTS)`, [name, table]);
  await db.raw(`ALTER TABLE ?? ADD CONSTRAINT ?? CHECK (${key} >= ${start} AND ${key} < ${end})`, [name, `${name}_range`]);
  await db.raw(`ALTER TABLE ?? ATTACH PARTITION ?? FOR VALUES FROM (${start}) TO (${end})`, [table, name]);
}

export async function relationExists(db: Knex, name: string): Promise<boolean> {
  const result = await db.raw('SELECT to_regclass(?) IS NOT NULL AS present', [name]);
  return Boolean((result.rows as { present: boolean }[])[0]?.present);
}

/** The upper bound of `table`'s legacy partition (rows stored before it are there), or null without one (the rollups have none). */
export async function legacyUpperBound(db: Knex, table: WeeklyTable): Promise<number | null> {
  if ((ROLLUP_TABLES as readonly string[]).includes(table)) return null;
  const result = await db.raw('SELECT pg_get_expr(c.relpartbound, c.oid) AS bound FROM pg_class c WHERE c.oid = to_regclass(?)', [legacyPartitionName(table as PartitionedTable)]);
  const bound = (result.rows as { bound: string | null }[])[0]?.bound;
  const upper = bound ? /TO \('?(-?\d+)'?\)/.exec(bound)?.[1] : undefined;
  return upper === undefined ? null : Number(upper);
}

/** Whether `table` has a partition for the week starting at `start`: its own, or the legacy one covering it. */
export async function weekStored(db: Knex, table: WeeklyTable, start: number): Promise<boolean> {
  const legacyUpper = await legacyUpperBound(db, table);
  if (legacyUpper !== null && start + WEEK_MS <= legacyUpper) return true;
  return relationExists(db, weekPartitionName(table, start));
}

/** The partitions of `table` with their ranges (`from` null: MINVALUE), and whether a detach of each is pending. */
export async function partitionsOf(db: Knex, table: WeeklyTable): Promise<{ name: string; from: number | null; to: number; detachPending: boolean }[]> {
  const result = await db.raw(
    `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound, i.inhdetachpending AS pending
     FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = ?::regclass AND c.relkind = 'r'`,
    [table],
  );
  const parsed: { name: string; from: number | null; to: number; detachPending: boolean }[] = [];
  for (const row of result.rows as { name: string; bound: string; pending: boolean }[]) {
    const match = /FROM \((MINVALUE|'?(-?\d+)'?)\) TO \('?(-?\d+)'?\)/.exec(row.bound);
    if (!match) continue;
    parsed.push({ name: row.name, from: match[1] === 'MINVALUE' ? null : Number(match[2]), to: Number(match[3]), detachPending: row.pending });
  }
  return parsed.sort((a, b) => a.to - b.to);
}

/** The partition of `table` holding the week `[from, to)` (`from` null: the legacy one). */
export const partitionNameOf = (table: PartitionedTable, from: number | null): string => (from === null ? legacyPartitionName(table) : weekPartitionName(table, from));

/** Detaches `table`'s partition named `name` without blocking writers (finishing one left pending) and drops it; outside any transaction. */
export async function dropPartition(db: Knex, table: PartitionedTable, name: string): Promise<void> {
  const result = await db.raw('SELECT i.inhdetachpending AS pending FROM pg_inherits i WHERE i.inhrelid = to_regclass(?) AND i.inhparent = ?::regclass', [name, table]);
  const row = (result.rows as { pending: boolean }[])[0];
  // An interrupted DETACH … CONCURRENTLY leaves the partition pending; only FINALIZE completes it.
  if (row) await db.raw(`ALTER TABLE ?? DETACH PARTITION ?? ${row.pending ? 'FINALIZE' : 'CONCURRENTLY'}`, [table, name]);
  if (await relationExists(db, name)) await db.raw('DROP TABLE ??', [name]);
}

/**
 * Creates the partitions of both rollup tables for these weeks where missing (PostgreSQL after migration
 * 055), before the settler writes rows there: the weeks ahead are made by the `time-partitions` task, so
 * this creates only the weeks of hours far from now. Inside the caller's transaction, serialized with
 * every other creator by CREATION_LOCK (taken only when one is missing).
 */
export async function ensureRollupWeeks(db: Knex, weekStarts: Iterable<number>): Promise<void> {
  const wanted = [...new Set(weekStarts)].flatMap((start) => ROLLUP_TABLES.map((table): [RollupTable, number] => [table, start]));
  if (wanted.length === 0) return;
  const absent = await db.raw('SELECT name FROM unnest(?::text[]) AS name WHERE to_regclass(name) IS NULL', [wanted.map(([table, start]) => weekPartitionName(table, start))]);
  const names = new Set((absent.rows as { name: string }[]).map((row) => row.name));
  const missing = wanted.filter(([table, start]) => names.has(weekPartitionName(table, start)));
  if (missing.length === 0) return;
  await db.raw('SELECT pg_advisory_xact_lock(?)', [CREATION_LOCK]);
  for (const [table, start] of missing) await createWeekPartition(db, table, start);
}

/**
 * The trace row a registry row (alias `registry`, of `trace_ids`) names, as a LATERAL subquery of
 * `columns`: ordered by its week's primary key and limited to the one row that key allows. On a week's
 * partition autovacuum has not analyzed yet, a plain join on the three columns was planned as an index
 * of the project's rows, filtering all of them per lookup (docs/partitioning.md, fifth and sixth
 * passes); the key's order costs the other indexes a sort, so the planner takes the key with or
 * without statistics.
 */
export const registeredTraceRow = (columns: string, registry: string): string =>
  `LATERAL (SELECT ${columns} FROM traces WHERE traces.project_id = ${registry}.project_id AND traces.id = ${registry}.id AND traces.stored_at = ${registry}.stored_at ORDER BY traces.project_id, traces.id, traces.stored_at LIMIT 1)`;
