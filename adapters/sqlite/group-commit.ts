import type { Knex } from 'knex';

interface Waiting {
  work: (savepoint: Knex.Transaction) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { stored: true; value: unknown } | { stored: false; error: unknown };

/** Writes committed together at most; bounds one transaction's size and how long it holds the write lock. */
const MAX_GROUP = 16;

/**
 * Group commit on SQLite's one write connection. Writes wait here and run together in one
 * transaction, each in its own savepoint: a write that throws is rolled back alone and the others
 * still commit; each resolves only after the commit that stored it. A group takes the writes that
 * arrived while the previous one was written, plus those of the same turn of the event loop.
 *
 * Why: ingest at concurrency 8 committed one transaction per 20-trace batch, and each commit
 * writes the pages the transaction dirtied (the same index pages again and again) and flushes a
 * new FTS5 segment that later merges must rewrite. Committed together, concurrent batches share
 * those costs, as the database's own bulk-insert rate (one transaction per 1,000 traces) does.
 */
export class SqliteGroupCommit {
  private readonly waiting: Waiting[] = [];
  private writing = false;
  /** Groups committed and writes in them, since the process started: what the tests read. */
  readonly stats = { groups: 0, writes: 0 };

  constructor(private readonly knex: Knex) {}

  run<T>(work: (savepoint: Knex.Transaction) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.writing) void this.writeGroups();
    });
  }

  /**
   * Lets the writes of the same turn of the event loop join the group (requests answered together
   * come back together), and no more. Gathering for the reads under way (the group commit's first
   * form, when SQLite ran on the request thread) made every request join one group of all eight at
   * concurrency 8: the SQLite thread then wrote while the request thread waited, and idled 80–120 ms
   * after each group while all eight were prepared again. Without it, writes that arrive while a
   * group is written form the next one (about 4 at concurrency 8), and the two halves alternate.
   */
  private async gather(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
  }

  private async writeGroups(): Promise<void> {
    this.writing = true;
    try {
      while (this.waiting.length > 0) {
        await this.gather();
        const group = this.waiting.splice(0, MAX_GROUP);
        const outcomes: Outcome[] = [];
        try {
          await this.knex.transaction(async (trx) => {
            for (const { work } of group) {
              try {
                outcomes.push({ stored: true, value: await trx.transaction((savepoint) => work(savepoint)) });
              } catch (error) {
                outcomes.push({ stored: false, error });
              }
            }
          });
        } catch (error) {
          // BEGIN or COMMIT failed: nothing of the group is stored.
          for (const { reject } of group) reject(error);
          continue;
        }
        this.stats.groups += 1;
        this.stats.writes += group.length;
        group.forEach(({ resolve, reject }, i) => {
          const outcome = outcomes[i];
          if (outcome.stored) resolve(outcome.value);
          else reject(outcome.error);
        });
      }
    } finally {
      this.writing = false;
    }
  }
}

const committers = new WeakMap<Knex, SqliteGroupCommit>();

/** The one group commit of a SQLite connection pool (every store built over it shares it). */
export function groupCommitOf(knex: Knex): SqliteGroupCommit {
  let committer = committers.get(knex);
  if (!committer) {
    committer = new SqliteGroupCommit(knex);
    committers.set(knex, committer);
  }
  return committer;
}
