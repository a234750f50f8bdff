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
 * created with it; the `time-partitions` task creates the weeks after.
 *
 * Online, in two phases per table (docs/partitioning.md, "Migrating an existing deployment online"),
 * outside a transaction:
 * - **Phase A, no blocking lock**: the unique index on the primary key's columns and `stored_at` is
 *   built `CONCURRENTLY` (an invalid one left by an interrupted build is dropped and built again), and
 *   the legacy range's CHECK is added `NOT VALID` (catalog only, under a short lock like phase B's) and
 *   then validated, a scan under SHARE UPDATE EXCLUSIVE, which writes do not conflict with.
 * - **Phase B, one short transaction**: under `lock_timeout` (SWAP.lockTimeoutMs), retried after a
 *   pause when it expires, so ingest never queues behind it for longer: the table is renamed
 *   `<table>_legacy`, takes phase A's index as its primary key, and gives its index names to a new
 *   partitioned parent, whose indexes, foreign keys and (for `traces`) statement triggers are those of
 *   the stored table; attached, the legacy table's indexes become the parent's (none is rebuilt) and
 *   the validated CHECK spares the attach its scan. Nothing in it is proportional to the stored rows.
 * A run interrupted anywhere is completed by running it again: each step checks what is done, and T1
 * is read back from a CHECK already added.
 *
 * Replicas of the previous version must be stopped before it (as for 052). There is no way back on a
 * loaded database: `down` refuses.
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

/**
 * Phase B's bounds (tests shorten them); `log` tells the operator why the migration is waiting;
 * `report` receives each phase's duration per table (nothing by default; the migration bench prints them).
 */
export const SWAP = {
  lockTimeoutMs: 2000,
  retryDelayMs: 1000,
  attempts: 120,
  log: (message: string): void => void process.stderr.write(`${message}\n`),
  report: (_phase: 'A' | 'B', _table: PartitionedTable, _ms: number): void => undefined,
};

/** A lock not granted within lock_timeout, or this transaction chosen as a deadlock's victim: both retried. */
const RETRIED = new Set(['55P03', '40P01']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)); // the pause between attempts at a lock

/** `work` in a transaction that waits at most SWAP.lockTimeoutMs for each lock, retried while a lock times out. */
async function underShortLock(knex: Knex, what: string, work: (trx: Knex.Transaction) => Promise<void>, onAttempt?: () => void): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    onAttempt?.();
    try {
      await knex.transaction(async (trx) => {
        await trx.raw(`SET LOCAL lock_timeout = '${Math.max(1, Math.round(SWAP.lockTimeoutMs))}ms'`);
        await work(trx);
      });
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!code || !RETRIED.has(code) || attempt >= SWAP.attempts) throw error;
      const why = code === '40P01' ? 'chosen as a deadlock\'s victim' : `a lock was not granted within ${SWAP.lockTimeoutMs} ms`;
      SWAP.log(`053-time-partitions: ${what}: ${why} (attempt ${attempt}); retrying`);
      await sleep(SWAP.retryDelayMs);
    }
  }
}

const rangeConstraint = (table: PartitionedTable) => `${legacyPartitionName(table)}_range`;

/** T1 of a CHECK added by an earlier, interrupted run, if any. */
async function boundAlreadyChosen(knex: Knex): Promise<number | null> {
  const rows = rowsOf<{ definition: string }>(
    await knex.raw(
      `SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint
       WHERE contype = 'c' AND conname = ANY(?) AND conrelid IN (SELECT to_regclass(name) FROM unnest(?::text[]) AS name)`,
      [ORDER.map(rangeConstraint), [...ORDER, ...ORDER.map(legacyPartitionName)]],
    ),
  );
  const bound = rows.map((row) => /stored_at < '?(-?\d+)/.exec(row.definition)?.[1]).find((value) => value !== undefined);
  return bound === undefined ? null : Number(bound);
}

async function isPartitioned(knex: Knex, table: PartitionedTable): Promise<boolean> {
  const [row] = rowsOf<{ kind: string | null }>(await knex.raw('SELECT c.relkind AS kind FROM pg_class c WHERE c.oid = to_regclass(?)', [table]));
  return row?.kind === 'p';
}

/** Phase A: the unique index with stored_at and the validated legacy CHECK, without a lock that blocks writes. */
async function prepareTable(knex: Knex, table: PartitionedTable, t1: number): Promise<void> {
  if (await isPartitioned(knex, table)) return;
  const legacy = legacyPartitionName(table);
  const key = KEYS[table];
  const [index] = rowsOf<{ valid: boolean }>(await knex.raw('SELECT x.indisvalid AS valid FROM pg_index x WHERE x.indexrelid = to_regclass(?)', [`${legacy}_key`]));
  if (index && !index.valid) await knex.raw('DROP INDEX CONCURRENTLY ??', [`${legacy}_key`]);
  if (!index?.valid) await knex.raw(`CREATE UNIQUE INDEX CONCURRENTLY ?? ON ?? (${key.map(() => '??').join(', ')}, stored_at)`, [`${legacy}_key`, table, ...key]);
  const [check] = rowsOf<{ validated: boolean }>(
    await knex.raw('SELECT convalidated AS validated FROM pg_constraint WHERE conrelid = ?::regclass AND conname = ?', [table, rangeConstraint(table)]),
  );
  if (!check) {
    // Catalog only, but ADD CONSTRAINT takes ACCESS EXCLUSIVE for that instant: never queue writes behind it for long.
    await underShortLock(knex, `${table}: adding the legacy range`, async (trx) => {
      await trx.raw(`ALTER TABLE ?? ADD CONSTRAINT ?? CHECK (stored_at < ${t1}) NOT VALID`, [table, rangeConstraint(table)]);
    });
  }
  if (!check?.validated) await knex.raw('ALTER TABLE ?? VALIDATE CONSTRAINT ??', [table, rangeConstraint(table)]);
}

/** Phase B, in one short transaction: the stored table becomes the legacy partition of a new partitioned parent. */
async function swapTable(trx: Knex.Transaction, table: PartitionedTable, t1: number): Promise<void> {
  if (await isPartitioned(trx, table)) return;
  const legacy = legacyPartitionName(table);
  const key = KEYS[table];
  // The tables its foreign keys reference first (projects): the attach replaces the legacy table's
  // foreign-key triggers on them by the parent's, which takes ACCESS EXCLUSIVE there. A writer takes
  // them before this table (an insert's foreign-key check on its first statement), so taking them
  // after it deadlocked with ingest (measured: migration-053 bench, 2M spans).
  const referenced = rowsOf<{ name: string }>(
    await trx.raw("SELECT DISTINCT confrelid::regclass::text AS name FROM pg_constraint WHERE conrelid = ?::regclass AND contype = 'f' ORDER BY 1", [table]),
  );
  for (const { name } of referenced) await trx.raw(`LOCK TABLE ${name} IN ACCESS EXCLUSIVE MODE`);
  await trx.raw('LOCK TABLE ?? IN ACCESS EXCLUSIVE MODE', [table]);
  // What the parent takes over from the stored table, read under the lock: the definitions name the
  // table by its schema-qualified name, which is then the parent's.
  const triggers = rowsOf<{ name: string; definition: string }>(
    await trx.raw('SELECT tgname AS name, pg_get_triggerdef(oid) AS definition FROM pg_trigger WHERE tgrelid = ?::regclass AND NOT tgisinternal', [table]),
  );
  const indexes = rowsOf<{ name: string; definition: string }>(
    await trx.raw(
      `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
       WHERE x.indrelid = ?::regclass AND NOT x.indisprimary AND i.relname <> ?`,
      [table, `${legacy}_key`],
    ),
  );
  const foreignKeys = rowsOf<{ name: string; definition: string }>(
    await trx.raw("SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = ?::regclass AND contype = 'f'", [table]),
  );
  const identity = table === 'trace_search' ? await storeOrderSequence(trx) : null;

  await trx.raw('ALTER TABLE ?? RENAME TO ??', [table, legacy]);
  for (const trigger of triggers) await trx.raw('DROP TRIGGER ?? ON ??', [trigger.name, legacy]);
  await trx.raw('ALTER TABLE ?? DROP CONSTRAINT ??', [legacy, `${table}_pkey`]);
  await trx.raw('ALTER TABLE ?? ADD CONSTRAINT ?? PRIMARY KEY USING INDEX ??', [legacy, `${legacy}_pkey`, `${legacy}_key`]);
  for (const index of indexes) await trx.raw('ALTER INDEX ?? RENAME TO ??', [index.name, `${index.name}_legacy`]);
  // PostgreSQL 15 partitioned tables have no identity column: the store order's seq continues from
  // a sequence of the parent's, where the identity left off (read under the lock: no insert moves it).
  if (identity) await trx.raw('ALTER TABLE ?? ALTER COLUMN seq DROP IDENTITY', [legacy]);

  await trx.raw('CREATE TABLE ?? (LIKE ?? INCLUDING DEFAULTS) PARTITION BY RANGE (stored_at)', [table, legacy]);
  await trx.raw(`ALTER TABLE ?? ADD CONSTRAINT ?? PRIMARY KEY (${key.map(() => '??').join(', ')}, stored_at)`, [table, `${table}_pkey`, ...key]);
  if (identity) {
    await trx.raw('CREATE SEQUENCE ?? OWNED BY ??', [identity.name, `${table}.seq`]);
    await trx.raw('SELECT setval(?, ?, ?)', [identity.name, identity.lastValue, identity.isCalled]);
    // DDL takes no bound parameters; the name is the identity's own, from the catalog.
    await trx.raw(`ALTER TABLE ?? ALTER COLUMN seq SET DEFAULT nextval('${identity.name}'::regclass)`, [table]);
  }
  for (const foreignKey of foreignKeys) await trx.raw(`ALTER TABLE ?? ADD CONSTRAINT ?? ${foreignKey.definition}`, [table, foreignKey.name]);
  // On the still empty parent: instant. The attach then finds each one's twin on the legacy table.
  for (const index of indexes) await trx.raw(index.definition);
  await trx.raw(`ALTER TABLE ?? ATTACH PARTITION ?? FOR VALUES FROM (MINVALUE) TO (${t1})`, [table, legacy]);
  for (const trigger of triggers) await trx.raw(trigger.definition);
  for (let week = 0; week < WEEKS_AHEAD; week++) await createWeekPartition(trx, table, t1 + week * WEEK_MS);
}

/** trace_search.seq's identity sequence: its name and where it stands. */
async function storeOrderSequence(knex: Knex.Transaction): Promise<{ name: string; lastValue: string; isCalled: boolean }> {
  const [{ name }] = rowsOf<{ name: string }>(await knex.raw("SELECT pg_get_serial_sequence('trace_search', 'seq') AS name"));
  const [state] = rowsOf<{ last_value: string; is_called: boolean }>(await knex.raw(`SELECT last_value, is_called FROM ${name}`));
  // The unqualified name: the new sequence is created in the schema the migration runs in.
  return { name: name.split('.').pop()!.replace(/"/g, ''), lastValue: state.last_value, isCalled: state.is_called };
}

export const timePartitions: Migration = {
  name: '053-time-partitions',
  transaction: false,
  async up(knex, dialect) {
    if (dialect !== 'postgres') return;
    const t1 = (await boundAlreadyChosen(knex)) ?? weekStart(Date.now()) + 2 * WEEK_MS;
    for (const table of ORDER) {
      const started = performance.now();
      await prepareTable(knex, table, t1);
      SWAP.report('A', table, performance.now() - started);
    }
    for (const table of ORDER) {
      let started = performance.now();
      await underShortLock(knex, `${table}: the swap to a partitioned table`, (trx) => swapTable(trx, table, t1), () => (started = performance.now()));
      // From the start of the attempt that succeeded: its wait for the lock included.
      SWAP.report('B', table, performance.now() - started);
    }
  },
  async down(_knex, dialect) {
    if (dialect !== 'postgres') return;
    throw new Error('053-time-partitions cannot be undone: restore a backup taken before it (docs/partitioning.md)');
  },
};
