import type { Knex } from 'knex';

/** Documents per block of the store order: `seq / STORE_BLOCK` is indexed beside the document (migration 025). */
export const STORE_BLOCK = 4096;

/**
 * How many of the project's newest documents each tier but the last holds: 2^16 (a common word's
 * window: a quarter of them match), then 2^18 (a phrase of two common words); the last tier holds
 * all older ones. Each tier's scan builds a bitmap of its blocks' documents before meeting the
 * words, so every tier costs a rare word, whose window runs through all of them: at a million
 * traces five doubling tiers up to 2^21 took a rare word from 13 to 74 ms; these two, to about 20 ms.
 */
export const TIER_DOCUMENTS = [2 ** 16, 2 ** 18] as const;

/**
 * How long a project's tier floors are used before they are found again. They only steer the scan
 * — every floor gives the same matches — so a stale floor costs time, never an answer: documents
 * stored since belong to the first tier, which grows by what the project ingests meanwhile.
 */
const FLOORS_FRESH_MS = 30_000;

/**
 * Where each tier of a project's search window begins, as store blocks, newest tier first: the
 * block of the project's `counts`-th newest documents (2^16th and 2^18th; 0 when it has fewer). Counted from
 * the project's own documents (the (project_id, seq) index, migration 029), not from the newest
 * block of the whole database: beside a busier project the newest blocks may hold none of this
 * one's documents.
 */
export async function readTierFloors(db: Knex, projectId: string, counts: readonly number[] = TIER_DOCUMENTS): Promise<number[]> {
  const nth = (n: number) => `(SELECT seq FROM trace_search WHERE project_id = ? ORDER BY seq DESC OFFSET ${Math.trunc(n) - 1} LIMIT 1)`;
  const result = await db.raw(`SELECT ${counts.map((n, i) => `${nth(n)} AS floor${i}`).join(', ')}`, counts.map(() => projectId));
  const row = (result as { rows: Array<Record<string, string | number | null>> }).rows[0] ?? {};
  return counts.map((_, i) => Math.floor(Number(row[`floor${i}`] ?? 0) / STORE_BLOCK));
}

interface KeptFloors {
  /** When the floors searches get were last asked for again (or first read). */
  readAt: number;
  /** The floors searches get: the first read (while in flight) or the last that succeeded. */
  floors: Promise<number[]>;
  /** A read replacing them, while it runs. */
  refreshing: boolean;
}

/** Per database (its knex client), per project: the floors kept (tierFloors). */
const keptFloors = new WeakMap<object, Map<string, KeptFloors>>();

/**
 * The project's tier floors. The first search of a project in this process waits for them (searches
 * arriving meanwhile wait for the same read; a failed first read is forgotten, so the next search
 * reads again). Past FLOORS_FRESH_MS a search gets the kept floors at once and one read replaces
 * them in the background: at a million traces reading them takes 80–170 ms (an index walk past the
 * project's 2^18 newest documents), which every 30 seconds landed on one search's latency. Stale
 * floors cost time, never an answer (FLOORS_FRESH_MS); a failed refresh keeps the old ones, and the
 * next is tried FLOORS_FRESH_MS later.
 */
export function tierFloors(db: Knex, projectId: string, now = Date.now()): Promise<number[]> {
  let projects = keptFloors.get(db.client);
  if (!projects) keptFloors.set(db.client, (projects = new Map()));
  const kept = projects.get(projectId);
  if (!kept) {
    const entry: KeptFloors = { readAt: now, floors: readTierFloors(db, projectId), refreshing: false };
    projects.set(projectId, entry);
    entry.floors.catch(() => {
      if (projects.get(projectId) === entry) projects.delete(projectId);
    });
    return entry.floors;
  }
  if (now - kept.readAt >= FLOORS_FRESH_MS && !kept.refreshing) {
    kept.readAt = now;
    kept.refreshing = true;
    readTierFloors(db, projectId).then(
      (floors) => {
        kept.floors = Promise.resolve(floors);
        kept.refreshing = false;
      },
      () => {
        kept.refreshing = false;
      },
    );
  }
  return kept.floors;
}

/**
 * Conditions on trace_search splitting the store order into disjoint tiers at `floors` (store
 * blocks, newest tier first; tierFloors), newest first. A tier reaches back as an index condition
 * on the block (one GIN scan with the document's words) and stops where the previous tier began as
 * a heap condition on `seq`: an upper bound on the block would make the index enumerate every older
 * block. The last tier holds every older document and uses the index for the words alone; a tier
 * that would be empty (a floor at block 0, or equal to the one before) is left out. `seq` names the
 * column (qualified by a caller's alias). The bounds are bigint like the column: btree_gin's operator
 * class has no bigint-to-integer comparison, so `(seq / 4096) >= 228` is not an index condition and
 * the scan reads every match of the words from the table (measured at a million traces: a common
 * word's first tier 226 ms that way, 25 ms with `228::bigint`).
 */
export function storeTiers(floors: readonly number[], seq = 'seq'): string[] {
  for (const floor of floors) if (!Number.isSafeInteger(floor) || floor < 0) throw new RangeError(`store tier floor ${floor}`);
  const tiers: string[] = [];
  let upper: number | undefined;
  for (const floor of floors) {
    if (floor === 0) break;
    if (upper !== undefined && floor >= upper) continue;
    tiers.push(`AND (${seq} / ${STORE_BLOCK}) >= ${floor}::bigint${upper === undefined ? '' : ` AND ${seq} < ${upper * STORE_BLOCK}::bigint`}`);
    upper = floor;
  }
  tiers.push(upper === undefined ? '' : `AND ${seq} < ${upper * STORE_BLOCK}::bigint`);
  return tiers;
}

/**
 * A leading tier is skipped when the planner expects it to hold fewer than this share of the
 * window. Skipping wrongly reads the next tier's range (four times the first's) where one tier
 * would have done; not skipping wrongly costs one more, smaller scan, whose matches the next tier's
 * scan meets again (a tier reaches from its floor to the newest document). So only a tier clearly
 * short of the window is skipped.
 */
const SKIP_BELOW_WINDOW = 0.5;

/**
 * At most what share of the project's documents hold `condition`, by the planner's statistics (0–1;
 * null when they say nothing): its estimate of the rows holding the condition in the whole table
 * over its estimate of the project's rows, both in one EXPLAIN. No project holds more matches than
 * the table, so this bounds the project's share from above whatever other projects hold; a project
 * too small to be among project_id's most common values is estimated small, and its bound is 1.
 * PostgreSQL estimates a tsquery from the most common lexemes of its sampled documents (a prefix:
 * the sum of the common ones it matches) and a facet equality from the column's most common
 * values. No document is read: a quarter of a millisecond of planning at a million traces.
 */
export async function matchShareBound(db: Knex, projectId: string, condition: string, bindings: readonly string[]): Promise<number | null> {
  const result = await db.raw(`EXPLAIN (FORMAT JSON) SELECT 1 FROM trace_search WHERE ${condition} UNION ALL SELECT 1 FROM trace_search WHERE project_id = ?`, [...bindings, projectId]);
  type Node = { 'Plan Rows'?: number; Plans?: Node[] };
  const row = (result as { rows: Array<{ 'QUERY PLAN': Array<{ Plan: Node }> }> }).rows[0];
  const [matching, project] = row?.['QUERY PLAN']?.[0]?.Plan?.Plans ?? [];
  const matched = matching?.['Plan Rows'];
  const documents = project?.['Plan Rows'];
  if (typeof matched !== 'number' || typeof documents !== 'number' || !(documents > 0)) return null;
  return Math.min(1, matched / documents);
}

/**
 * How many leading tiers (of `counts` documents each) a window of `window` matches skips when at
 * most a share `share` of the project's documents match (matchShareBound): those that cannot hold
 * half the window. A word in a fifteenth of the documents finds about 4,400 of 10,000 in the first
 * tier of 65,536 and goes on to the second, whose scan meets those again; started at the second,
 * the window reads each match once. Unknown share: none skipped.
 */
export function leadingTiersToSkip(share: number | null, window: number, counts: readonly number[] = TIER_DOCUMENTS): number {
  if (share === null || !(share >= 0)) return 0;
  let skip = 0;
  while (skip < counts.length && counts[skip] * share < window * SKIP_BELOW_WINDOW) skip += 1;
  return skip;
}

/**
 * How many documents past the window's expected reach a window floor starts: the planner's share is
 * an estimate, and a first tier that falls short costs one more index scan over the next range.
 */
const WINDOW_MARGIN = 1.25;

/**
 * The floors a search reads for a window of `window` matches when at most a share `share` of the
 * project's documents match: the project's tier floors (`floors`, of `counts` documents each) less
 * the leading tiers that cannot hold half the window (leadingTiersToSkip), and, when the window is
 * expected to fill well before the first kept tier's floor, a floor of its own in front: where
 * `window` × WINDOW_MARGIN ÷ `share` documents reach, between the skipped tier's floor and the kept
 * one's (linear in store blocks; the project's documents are taken as evenly spread between the two).
 * A tier reads every match from its floor to the newest: `reconcil*` (a fifteenth of the documents)
 * read 17,456 rows from the 2^18th newest document at a million traces to keep 10,001, and reads
 * 13,145 from its own floor. A floor that is off costs time, never an answer: every floor
 * gives the same matches (storeTiers). None is added before the first tier, whose newer end is not
 * read, nor against a floor at block 0 (a project too small to fill that tier).
 */
export function windowTierFloors(floors: readonly number[], share: number | null, window: number, counts: readonly number[] = TIER_DOCUMENTS): number[] {
  const skip = leadingTiersToSkip(share, window, counts);
  const kept = floors.slice(skip);
  if (share === null || !(share > 0) || skip === 0 || skip >= counts.length || skip >= floors.length) return kept;
  const reach = (window * WINDOW_MARGIN) / share;
  const [newer, older] = [counts[skip - 1], counts[skip]];
  const [newerFloor, olderFloor] = [floors[skip - 1], floors[skip]];
  if (reach >= older || olderFloor <= 0 || newerFloor <= olderFloor) return kept;
  const floor = Math.floor(newerFloor - ((newerFloor - olderFloor) * Math.max(0, reach - newer)) / (older - newer));
  return floor > olderFloor ? [floor, ...kept] : kept;
}
