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
  readAt: number;
  floors: Promise<number[]>;
}

/** Per database (its knex client), per project: floors read within FLOORS_FRESH_MS. */
const keptFloors = new WeakMap<object, Map<string, KeptFloors>>();

/**
 * The project's tier floors, read at most once per FLOORS_FRESH_MS in this process; searches
 * arriving while they are read wait for the same read. A failed read is forgotten, not kept.
 */
export function tierFloors(db: Knex, projectId: string, now = Date.now()): Promise<number[]> {
  let projects = keptFloors.get(db.client);
  if (!projects) keptFloors.set(db.client, (projects = new Map()));
  const kept = projects.get(projectId);
  if (kept && now - kept.readAt < FLOORS_FRESH_MS) return kept.floors;
  const floors = readTierFloors(db, projectId);
  const entry = { readAt: now, floors };
  projects.set(projectId, entry);
  floors.catch(() => {
    if (projects.get(projectId) === entry) projects.delete(projectId);
  });
  return floors;
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
