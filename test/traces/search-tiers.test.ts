import { expect } from 'chai';
import type { Knex } from 'knex';
import { leadingTiersToSkip, matchShareBound, readTierFloors, storeTiers, tierFloors, windowTierFloors, STORE_BLOCK, TIER_DOCUMENTS } from '../../adapters/postgres/search-tiers.js';
import { postgresTraceTextIndex } from '../../adapters/postgres/trace-text-index.js';
import { parseSearchQuery, type SearchQuery } from '../../src/domain/traces/search-query.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { ingest, type TraceInput } from './fixtures.js';
import { eventually } from '../support/eventually.js';

const ids = (prefix: string) => Array.from({ length: 10 }, (_, i) => `${prefix}-${i}`);
const trace = (id: string, framework: string): TraceInput => ({
  trace_id: id,
  name: `quarry slate ${id}`,
  metadata: { framework },
  spans: [{ span_id: 'r', name: 'root step', span_type: 'AGENT', status: 'success', latency_ms: 10, start_time: '2026-11-01T09:00:00Z' }],
});
/** Alpha's i-th trace (every odd one a crewai trace) or Beta's (all langchain). */
const traceOf = (prefix: 'a' | 'b', i: number): TraceInput => trace(`${prefix}-${i}`, prefix === 'a' && i % 2 === 1 ? 'crewai' : 'langchain');
const parsed = (text: string): SearchQuery => {
  const query = parseSearchQuery(text);
  if ('code' in query) throw new Error(query.message);
  return query;
};

/**
 * Alpha's ten traces stored in blocks 10–19 of the store order, then Beta's ten in blocks 100–109:
 * Alpha is a project beside a busier one, whose documents are the newest of the whole database.
 * Each trace is ingested with the identity set to its place, so no row is ever rewritten: an
 * updated row's old version stays in the GIN index until a VACUUM can remove it, which another
 * test process's open snapshot in the same database can forbid, and a plan's row counts then
 * include it.
 */
async function ingestInStoreOrder(server: TestServer): Promise<void> {
  const knex = server.runtime.database.knex;
  for (const [prefix, tenant, firstBlock] of [
    ['a', server.tenant, 10],
    ['b', server.other, 100],
  ] as const) {
    for (let i = 0; i < ids(prefix).length; i++) {
      await knex.raw("SELECT setval(pg_get_serial_sequence('trace_search', 'seq'), ?, false)", [(firstBlock + i) * STORE_BLOCK + 7]);
      await ingest(server, tenant, traceOf(prefix, i));
    }
  }
}

/** The two projects' traces, one batch each, in the adapter's own store order. */
async function ingestBoth(server: TestServer): Promise<void> {
  await ingest(server, server.tenant, ...ids('a').map((_, i) => traceOf('a', i)));
  await ingest(server, server.other, ...ids('b').map((_, i) => traceOf('b', i)));
}

describe('storeTiers', () => {
  it('splits the store order at each floor, newest tier first, the last holding every older document', () => {
    expect(storeTiers([17, 14])).to.deep.equal([
      `AND (seq / ${STORE_BLOCK}) >= 17::bigint`,
      `AND (seq / ${STORE_BLOCK}) >= 14::bigint AND seq < ${17 * STORE_BLOCK}::bigint`,
      `AND seq < ${14 * STORE_BLOCK}::bigint`,
    ]);
  });

  it('qualifies the column it is given', () => {
    expect(storeTiers([3], 's.seq')).to.deep.equal([`AND (s.seq / ${STORE_BLOCK}) >= 3::bigint`, `AND s.seq < ${3 * STORE_BLOCK}::bigint`]);
  });

  it('leaves out a tier that would be empty: a floor at block 0 or equal to the one before', () => {
    expect(storeTiers([0, 0])).to.deep.equal(['']);
    expect(storeTiers([])).to.deep.equal(['']);
    expect(storeTiers([5, 0])).to.deep.equal([`AND (seq / ${STORE_BLOCK}) >= 5::bigint`, `AND seq < ${5 * STORE_BLOCK}::bigint`]);
    expect(storeTiers([5, 5])).to.deep.equal([`AND (seq / ${STORE_BLOCK}) >= 5::bigint`, `AND seq < ${5 * STORE_BLOCK}::bigint`]);
  });

  it('refuses a floor that is not a block number (it is written into the SQL)', () => {
    expect(() => storeTiers([1.5])).to.throw(RangeError);
    expect(() => storeTiers([-1])).to.throw(RangeError);
    expect(() => storeTiers([Number.NaN])).to.throw(RangeError);
  });
});

describe('leadingTiersToSkip', () => {
  it('skips none while the first tier can hold half the window (a common word: a quarter of the documents)', () => {
    expect(TIER_DOCUMENTS).to.deep.equal([65_536, 262_144]);
    expect(leadingTiersToSkip(0.25, 10_001)).to.equal(0);
    expect(leadingTiersToSkip(10_001 / 2 / 65_536, 10_001)).to.equal(0);
  });

  it('skips the first tier when it cannot hold half the window (a prefix in a fifteenth of the documents)', () => {
    expect(leadingTiersToSkip(1 / 15, 10_001)).to.equal(1);
    expect(leadingTiersToSkip(10_000 / 2 / 65_536, 10_001)).to.equal(1);
  });

  it('skips both when neither can (a prefix in a ninetieth, with a framework filter); the last tier always runs', () => {
    expect(leadingTiersToSkip(1 / 90, 10_001)).to.equal(2);
    expect(leadingTiersToSkip(0, 10_001)).to.equal(2);
  });

  it("weighs a phrase's smaller window", () => {
    expect(leadingTiersToSkip(1 / 40, 2_001)).to.equal(0);
    expect(leadingTiersToSkip(1 / 40, 10_001)).to.equal(1);
  });

  it('skips none when the statistics say nothing', () => {
    expect(leadingTiersToSkip(null, 10_001)).to.equal(0);
    expect(leadingTiersToSkip(Number.NaN, 10_001)).to.equal(0);
  });
});

describe('windowTierFloors', () => {
  // A project whose 2^16th newest document is in block 228 and its 2^18th in block 180 (a million traces).
  const floors = [228, 180];

  it('keeps every floor while the first tier can hold half the window (a common word)', () => {
    expect(windowTierFloors(floors, 0.25, 10_001)).to.deep.equal([228, 180]);
  });

  it("puts the window's own floor where it is expected to fill, between the skipped tier's floor and the next", () => {
    // A fifteenth: 10,001 × 1.25 × 15 = 187,519 documents, 0.62 of the way from 2^16 to 2^18: block 228 − 48 × 0.62.
    expect(windowTierFloors(floors, 1 / 15, 10_001)).to.deep.equal([198, 180]);
    // Just short of half the window in the first tier: 2.5 × 2^16 documents, halfway between the floors.
    expect(windowTierFloors(floors, 10_000 / 2 / 65_536, 10_001)).to.deep.equal([203, 180]);
  });

  it('adds none when the window reaches past the kept floor, or every tier is skipped', () => {
    expect(windowTierFloors(floors, 1 / 30, 10_001)).to.deep.equal([180]);
    expect(windowTierFloors(floors, 1 / 90, 10_001)).to.deep.equal([]);
  });

  it('adds none against a floor at block 0 (a project too small to fill that tier) or without statistics', () => {
    expect(windowTierFloors([228, 0], 1 / 15, 10_001)).to.deep.equal([0]);
    expect(windowTierFloors(floors, null, 10_001)).to.deep.equal([228, 180]);
  });

  it("weighs a phrase's smaller window: a fortieth fills 2,001 in the first tier", () => {
    expect(windowTierFloors(floors, 1 / 40, 2_001)).to.deep.equal([228, 180]);
  });
});

describe('[postgres] search window tiers counted from the project\'s own documents', () => {
  let server: TestServer;
  let knex: Knex;

  before(async () => {
    server = await startTestServer('postgres');
    knex = server.runtime.database.knex;
    await ingestInStoreOrder(server);
  });
  after(async () => server.close());

  describe('readTierFloors', () => {
    it("finds the block of the project's n-th newest document, whatever other projects stored after it", async () => {
      // Alpha's 3rd newest is a-7 (block 17), its 6th a-4 (block 14); Beta's are in blocks 107 and 104.
      expect(await readTierFloors(knex, server.tenant.project.id, [3, 6])).to.deep.equal([17, 14]);
      expect(await readTierFloors(knex, server.other.project.id, [3, 6])).to.deep.equal([107, 104]);
    });

    it('answers block 0 for a tier the project has too few documents to fill', async () => {
      expect(await readTierFloors(knex, server.tenant.project.id, [10, 11])).to.deep.equal([10, 0]);
      expect(await readTierFloors(knex, '00000000-0000-4000-8000-000000000000', [1])).to.deep.equal([0]);
    });
  });

  describe('tierFloors', () => {
    it("keeps a project's floors for 30 seconds, then answers with them at once while one read replaces them", async () => {
      const projectId = server.tenant.project.id;
      const reads: string[] = [];
      const onQuery = (q: { sql: string }) => q.sql.includes('trace_search') && reads.push(q.sql);
      knex.on('query', onQuery);
      try {
        const now = Date.now() + 3_600_000;
        const first = tierFloors(knex, projectId, now);
        expect(await first).to.deep.equal([0, 0]);
        expect(reads).to.have.length(1);
        expect(tierFloors(knex, projectId, now + 29_999)).to.equal(first);
        const other = tierFloors(knex, server.other.project.id, now + 29_999);
        expect(other).to.not.equal(first);
        await other;
        expect(reads).to.have.length(2);
        // Stale: the kept floors at once, and one read in the background however many searches ask.
        expect(tierFloors(knex, projectId, now + 30_000)).to.equal(first);
        expect(tierFloors(knex, projectId, now + 30_001)).to.equal(first);
        // The background read lands when it lands: poll until the cache hands out its result.
        // (Wrapped: eventually would await a bare promise, and its identity is what is checked.)
        const { replaced } = await eventually(() => {
          const current = tierFloors(knex, projectId, now + 30_002);
          return current !== first && { replaced: current };
        }, { timeoutMs: 5000, what: 'the refreshed floors' });
        expect(await replaced).to.deep.equal([0, 0]);
        expect(reads).to.have.length(3);
        // Fresh again for 30 seconds from when the refresh was asked for.
        expect(tierFloors(knex, projectId, now + 59_999)).to.equal(replaced);
        expect(reads).to.have.length(3);
      } finally {
        knex.off('query', onQuery);
      }
    });

    it('keeps the old floors when a refresh fails, and tries again 30 seconds later', async () => {
      // A stand-in database whose reads succeed or fail on demand (the cache is what is tested).
      let failing = false;
      let reads = 0;
      const db = {
        client: {},
        raw: async () => {
          reads += 1;
          if (failing) throw new Error('connection lost');
          return { rows: [{ floor0: 5 * STORE_BLOCK, floor1: 2 * STORE_BLOCK }] };
        },
      } as unknown as Knex;
      const now = 1_000_000;
      const first = tierFloors(db, 'p', now);
      expect(await first).to.deep.equal([5, 2]);
      failing = true;
      expect(tierFloors(db, 'p', now + 30_000)).to.equal(first);
      await new Promise((resolve) => setImmediate(resolve));
      expect(reads).to.equal(2);
      expect(tierFloors(db, 'p', now + 30_001)).to.equal(first);
      expect(tierFloors(db, 'p', now + 59_999)).to.equal(first);
      expect(reads).to.equal(2);
      failing = false;
      expect(tierFloors(db, 'p', now + 60_000)).to.equal(first);
      await new Promise((resolve) => setImmediate(resolve));
      expect(reads).to.equal(3);
      const replaced = tierFloors(db, 'p', now + 60_001);
      expect(replaced).to.not.equal(first);
      expect(await replaced).to.deep.equal([5, 2]);
    });

    it('forgets a read that failed, so the next search reads again', async () => {
      const now = Date.now() + 7_200_000;
      // Not a uuid: PostgreSQL refuses the comparison with project_id.
      const failed = tierFloors(knex, 'not-a-uuid', now);
      await failed.then(
        () => expect.fail('a read of an invalid project id succeeded'),
        (error: Error) => expect(error.message).to.match(/uuid/),
      );
      const retried = tierFloors(knex, 'not-a-uuid', now + 1);
      expect(retried).to.not.equal(failed);
      await retried.then(
        () => expect.fail('a second read of an invalid project id succeeded'),
        (error: Error) => expect(error.message).to.match(/uuid/),
      );
    });
  });

  describe('matchShareBound', () => {
    const bound = (projectId: string, words: string, framework?: string) =>
      matchShareBound(knex, projectId, `document @@ to_tsquery('tracewell_english', ?)${framework ? ' AND framework = ?' : ''}`, framework ? [words, framework] : [words]);

    before(async () => knex.raw('ANALYZE trace_search'));

    it("bounds the project's share by the table's matches over the project's documents (both projects hold the word: at most 1)", async () => {
      expect(await bound(server.tenant.project.id, 'quarry')).to.equal(1);
    });

    it('estimates a facet with the words: half of Alpha is crewai, none of Beta', async () => {
      expect(await bound(server.tenant.project.id, 'quarry', 'crewai')).to.be.closeTo(0.5, 0.15);
    });

    it("is small for a word no document holds: the planner's floor of one row for each weekly partition's scan is all it counts", async () => {
      // Migration 053: the planner estimates every partition's scan at one row at least, the empty
      // weeks ahead too. Alpha's ten documents are in one partition; at the 2^16 documents from which
      // the bound is asked (queryTierFloors), these few rows are nothing.
      const partitions = Number((await knex.raw("SELECT count(*) AS n FROM pg_inherits WHERE inhparent = 'trace_search'::regclass")).rows[0].n);
      expect(partitions).to.equal(5);
      expect(await bound(server.tenant.project.id, 'zeppelin')).to.be.at.most(partitions / (10 + partitions - 1));
    });
  });

  describe('searchPlan', () => {
    it('asks the planner nothing when the tiers do not apply (a project under 2^16 documents, a filter beyond the facets)', async () => {
      const explains: string[] = [];
      const onQuery = (q: { sql: string }) => q.sql.startsWith('EXPLAIN') && explains.push(q.sql);
      knex.on('query', onQuery);
      try {
        const plan = await postgresTraceTextIndex.searchPlan!(knex, server.tenant.project.id, parsed('quarry'), 10_001);
        expect(plan).to.deep.equal({ tierFloors: [0, 0] });
        const rest = { condition: () => undefined, rest: () => undefined, facets: {}, facetsIndexed: true };
        expect(await postgresTraceTextIndex.searchPlan!(knex, server.tenant.project.id, parsed('quarry'), 10_001, rest)).to.deep.equal({ tierFloors: [0, 0] });
        expect(explains).to.deep.equal([]);
      } finally {
        knex.off('query', onQuery);
      }
    });
  });

  describe('recentMatches over tiers', () => {
    /** The trace ids of recentMatches' window, newest first, run as a search runs it. */
    const windowOf = async (query: string, window: number, tierFloorsGiven: number[], framework?: string) =>
      knex.transaction(async (trx) => {
        await postgresTraceTextIndex.prepareSearch!(trx);
        const filter = framework ? { condition: () => undefined, facets: { framework }, facetsIndexed: true } : undefined;
        const rows: Array<{ trace_id: string }> = await postgresTraceTextIndex
          .recentMatches(trx, server.tenant.project.id, parsed(query), window, filter, { tierFloors: tierFloorsGiven })
          .orderBy('recency', 'desc');
        return rows.map((r) => r.trace_id);
      });

    it("scans a tier's blocks in the index with the words (the bounds compare as bigint, as btree_gin needs)", async () => {
      const plan = await knex.transaction(async (trx) => {
        await postgresTraceTextIndex.prepareSearch!(trx);
        const { sql, bindings } = postgresTraceTextIndex.recentMatches(trx, server.tenant.project.id, parsed('quarry'), 5, undefined, { tierFloors: [17, 14] }).toSQL();
        const explained = await trx.raw(`EXPLAIN (FORMAT JSON) ${sql}`, bindings as Knex.RawBinding[]);
        return JSON.stringify(explained.rows[0]['QUERY PLAN']);
      });
      // The first tier's scan: the words and the block bound in one index condition. (The planner
      // may answer the later tiers' `seq <` bounds from another index on so small a table.)
      const conditions = [...plan.matchAll(/"Index Cond":"([^"]*)"/g)].map((m) => m[1]);
      expect(conditions.some((c) => c.includes("(seq / 4096) >= '17'::bigint") && c.includes('@@') && c.includes('(project_id)::text =')), plan).to.equal(true);
    });

    it("reads the project's matches alone: the project is a condition of the index scan (migration 030)", async () => {
      // Both projects' twenty documents hold "quarry"; the scan of Alpha's window returns Alpha's ten.
      const scanned = await knex.transaction(async (trx) => {
        await postgresTraceTextIndex.prepareSearch!(trx);
        const { sql, bindings } = postgresTraceTextIndex.recentMatches(trx, server.tenant.project.id, parsed('quarry'), 100, undefined, { tierFloors: [] }).toSQL();
        const explained = await trx.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, bindings as Knex.RawBinding[]);
        const scans: Array<{ index: string; rows: number }> = [];
        const walk = (node: { 'Node Type'?: string; 'Index Name'?: string; 'Actual Rows'?: number; Plans?: unknown[] }) => {
          if (node['Node Type'] === 'Bitmap Index Scan') scans.push({ index: node['Index Name'] ?? '', rows: node['Actual Rows'] ?? -1 });
          for (const child of node.Plans ?? []) walk(child as typeof node);
        };
        walk(explained.rows[0]['QUERY PLAN'][0].Plan);
        return scans;
      });
      // One scan per weekly partition (migration 053), each of its copy of the index; every document is
      // in the legacy partition here, and its scan returns Alpha's ten alone.
      expect(scanned.filter((scan) => scan.rows > 0)).to.deep.equal([{ index: 'trace_search_document_project_idx_legacy', rows: 10 }]);
      expect(scanned.every((scan) => scan.index.includes('document'))).to.equal(true);
    });

    it("counts the project's matches in the index scan too", async () => {
      const explained = await knex.transaction(async (trx) => {
        await postgresTraceTextIndex.prepareSearch!(trx);
        const { sql, bindings } = postgresTraceTextIndex.countMatches(trx, server.other.project.id, parsed('quarry'), 100).toSQL();
        const plan = await trx.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, bindings as Knex.RawBinding[]);
        const count = await trx.raw(sql, bindings as Knex.RawBinding[]);
        return { plan: JSON.stringify(plan.rows[0]['QUERY PLAN']), n: Number(count.rows[0].n) };
      });
      expect(explained.n).to.equal(10);
      expect(explained.plan).to.match(/"Node Type":"Bitmap Index Scan"[^}]*"Index Name":"trace_search_document_project_idx_legacy"[^}]*"Actual Rows":10,/);
    });

    const floorSets: number[][] = [[], [17, 14], [19, 10], [12, 12], [30, 25], [15, 0]];
    for (const floors of floorSets) {
      it(`takes the newest matches of the project whatever the floors (${JSON.stringify(floors)})`, async () => {
        for (const window of [1, 3, 5, 10, 20]) {
          const expected = ids('a').reverse().slice(0, window);
          expect(await windowOf('quarry', window, floors), `window ${window}`).to.deep.equal(expected);
          expect(await windowOf('"quarry slate"', window, floors), `phrase, window ${window}`).to.deep.equal(expected);
          const crew = ids('a').filter((_, i) => i % 2 === 1).reverse().slice(0, window);
          expect(await windowOf('quarry', window, floors, 'crewai'), `framework filter, window ${window}`).to.deep.equal(crew);
        }
      });
    }
  });
});

/** The service's answer for a project beside a busier one, the same on both adapters. */
forEachAdapter((adapter) => {
  describe('search_traces for a project stored before another project\'s newer traces', () => {
    let server: TestServer;

    before(async () => {
      server = await startTestServer(adapter);
      await (adapter === 'postgres' ? ingestInStoreOrder(server) : ingestBoth(server));
    });
    after(async () => server.close());

    it('finds every match of the project and none of the other', async () => {
      const page = await server.runtime.services.traceSearch.search(server.tenant.project.id, { query: 'quarry' });
      expect(page.traces.map((t) => t.id).sort()).to.deep.equal(ids('a'));
      expect(page.totalCount).to.equal(10);
    });

    it('finds the filtered matches of the project', async () => {
      const page = await server.runtime.services.traceSearch.search(server.tenant.project.id, { query: 'quarry', filters: { framework: 'crewai' } });
      expect(page.traces.map((t) => t.id).sort()).to.deep.equal(['a-1', 'a-3', 'a-5', 'a-7', 'a-9']);
    });
  });
});
