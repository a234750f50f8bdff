import type { Knex } from 'knex';
import type { Migration } from './migration.js';
import { createWeekPartition, legacyPartitionName, WEEK_MS, weekStart, type PartitionedTable } from '../postgres/time-partitions.js';

/**
 * PostgreSQL only: `traces`, `spans`, `trace_search` and `trace_tags` become tables partitioned by
 * week of `stored_at` (migration 052), so retention can drop a week of rows as one file
 * (docs/partitioning.md). SQLite is not partitioned (migration 052 says why).
 *
 * Each table's stored rows become its legacy partition, `[MINVALUE, T1)`, T1 the start of the week
 * after next (rows stored meanwhile carry the current time, below it), and the four weeks from T1 are
 * created with it; the `time-partitions` task creates the weeks after. Per table: a unique index on
 * the primary key's columns and `stored_at` and a CHECK of the legacy range are built on the stored
 * table; it is renamed `<table>_legacy`, takes that index as its primary key, and gives its index
 * names to the new partitioned parent, whose indexes, foreign keys and (for `traces`) statement
 * triggers are those of the stored table; attached, the legacy table's indexes become the parent's
 * (none is rebuilt) and the validated CHECK spares the attach its scan.
 *
 * This migration runs in one transaction, the tables locked for its duration: the index builds and
 * CHECK scans are proportional to the stored rows. Replicas of the previous version must be stopped
 * before it (as for 052). There is no way back on a loaded database: `down` refuses.
 */
const KEYS: Record<PartitionedTable, readonly string[]> = {
  spans: ['project_id', 'trace_id', 'span_id'],
  trace_search: ['project_id', 'trace_id'],
  trace_tags: ['project_id', 'trace_id', 'tag'],
  traces: ['project_id', 'id'],
};
/** `traces` last: its triggers write `trace_tags`, already partitioned by then. */
const ORDER: readonly PartitionedTable[] = ['spans', 'trace_search', 'trace_tags', 'traces'];
const WEEKS_AHEAD = 4;

const rowsOf = <T>(result: { rows: unknown[] }): T[] => result.rows as T[];

async function partitionTable(knex: Knex, table: PartitionedTable, t1: number): Promise<void> {
  const legacy = legacyPartitionName(table);
  const key = KEYS[table];
  // What the parent takes over from the stored table, read before the rename: the definitions name
  // the table by its schema-qualified name, which is then the parent's.
  const triggers = rowsOf<{ name: string; definition: string }>(
    await knex.raw('SELECT tgname AS name, pg_get_triggerdef(oid) AS definition FROM pg_trigger WHERE tgrelid = ?::regclass AND NOT tgisinternal', [table]),
  );
  const indexes = rowsOf<{ name: string; definition: string }>(
    await knex.raw(
      `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
       WHERE x.indrelid = ?::regclass AND NOT x.indisprimary`,
      [table],
    ),
  );
  const foreignKeys = rowsOf<{ name: string; definition: string }>(
    await knex.raw("SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = ?::regclass AND contype = 'f'", [table]),
  );
  const identity = table === 'trace_search' ? await storeOrderSequence(knex) : null;

  await knex.raw(`CREATE UNIQUE INDEX ?? ON ?? (${key.map(() => '??').join(', ')}, stored_at)`, [`${legacy}_key`, table, ...key]);
  await knex.raw(`ALTER TABLE ?? ADD CONSTRAINT ?? CHECK (stored_at < ${t1})`, [table, `${legacy}_range`]);
  await knex.raw('ALTER TABLE ?? RENAME TO ??', [table, legacy]);
  for (const trigger of triggers) await knex.raw('DROP TRIGGER ?? ON ??', [trigger.name, legacy]);
  await knex.raw('ALTER TABLE ?? DROP CONSTRAINT ??', [legacy, `${table}_pkey`]);
  await knex.raw('ALTER TABLE ?? ADD CONSTRAINT ?? PRIMARY KEY USING INDEX ??', [legacy, `${legacy}_pkey`, `${legacy}_key`]);
  for (const index of indexes) await knex.raw('ALTER INDEX ?? RENAME TO ??', [index.name, `${index.name}_legacy`]);
  // PostgreSQL 15 partitioned tables have no identity column: the store order's seq continues from
  // a sequence of the parent's, where the identity left off.
  if (identity) await knex.raw('ALTER TABLE ?? ALTER COLUMN seq DROP IDENTITY', [legacy]);

  await knex.raw('CREATE TABLE ?? (LIKE ?? INCLUDING DEFAULTS) PARTITION BY RANGE (stored_at)', [table, legacy]);
  await knex.raw(`ALTER TABLE ?? ADD CONSTRAINT ?? PRIMARY KEY (${key.map(() => '??').join(', ')}, stored_at)`, [table, `${table}_pkey`, ...key]);
  if (identity) {
    await knex.raw('CREATE SEQUENCE ?? OWNED BY ??', [identity.name, `${table}.seq`]);
    await knex.raw('SELECT setval(?, ?, ?)', [identity.name, identity.lastValue, identity.isCalled]);
    // DDL takes no bound parameters; the name is the identity's own, from the catalog.
    await knex.raw(`ALTER TABLE ?? ALTER COLUMN seq SET DEFAULT nextval('${identity.name}'::regclass)`, [table]);
  }
  for (const foreignKey of foreignKeys) await knex.raw(`ALTER TABLE ?? ADD CONSTRAINT ?? ${foreignKey.definition}`, [table, foreignKey.name]);
  // On the still empty parent: instant. The attach then finds each one's twin on the legacy table.
  for (const index of indexes) await knex.raw(index.definition);
  await knex.raw(`ALTER TABLE ?? ATTACH PARTITION ?? FOR VALUES FROM (MINVALUE) TO (${t1})`, [table, legacy]);
  for (const trigger of triggers) await knex.raw(trigger.definition);
  for (let week = 0; week < WEEKS_AHEAD; week++) await createWeekPartition(knex, table, t1 + week * WEEK_MS);
}

/** trace_search.seq's identity sequence: its name and where it stands. */
async function storeOrderSequence(knex: Knex): Promise<{ name: string; lastValue: string; isCalled: boolean }> {
  const [{ name }] = rowsOf<{ name: string }>(await knex.raw("SELECT pg_get_serial_sequence('trace_search', 'seq') AS name"));
  const [state] = rowsOf<{ last_value: string; is_called: boolean }>(await knex.raw(`SELECT last_value, is_called FROM ${name}`));
  // The unqualified name: the new sequence is created in the schema the migration runs in.
  return { name: name.split('.').pop()!.replace(/"/g, ''), lastValue: state.last_value, isCalled: state.is_called };
}

export const timePartitions: Migration = {
  name: '053-time-partitions',
  async up(knex, dialect) {
    if (dialect !== 'postgres') return;
    const t1 = weekStart(Date.now()) + 2 * WEEK_MS;
    for (const table of ORDER) await partitionTable(knex, table, t1);
  },
  async down(_knex, dialect) {
    if (dialect !== 'postgres') return;
    throw new Error('053-time-partitions cannot be undone: restore a backup taken before it (docs/partitioning.md)');
  },
};
