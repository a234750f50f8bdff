import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { openDatabase, migrateToLatest } from '../../adapters/database.js';
import { SqliteSearchReader, type SearchJob } from '../../adapters/sqlite/search-reader.js';
import { sqliteTraceTextIndex } from '../../adapters/sqlite/trace-text-index.js';
import { QueryTimeoutError } from '../../src/ports/traces.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';

/**
 * A page that never ends on its own: an endless recursive sequence, row after row, keeps the thread
 * busy until it is terminated (between rows: terminate cannot cut into SQLite's native code).
 */
const ENDLESS = { sql: 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x AS n FROM n', bindings: [] };
const ONE = { sql: 'SELECT 1 AS n', bindings: [] };

/** Resolves once `condition` holds, checking on every turn of the event loop (no sleeps). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('SqliteSearchReader', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'tracewell-reader-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the compiled statements on a read-only connection of its own thread and returns plain rows', async () => {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: dir, sqliteFile: path.join(dir, 'db.sqlite') });
    try {
      await migrateToLatest(database);
      const reader = database.searchReader!;
      const job: SearchJob = {
        count: { sql: 'SELECT count(*) AS n FROM (SELECT 1 UNION ALL SELECT 2)', bindings: [] },
        page: { sql: 'SELECT ? AS a, ? AS b', bindings: ['x', 2] },
        timeoutMs: 0,
      };
      expect(await reader.search(job)).to.deep.equal({ count: { n: 2 }, rows: [{ a: 'x', b: 2 }] });
      expect(reader.pool.liveWorkers).to.equal(1);
      // Read-only: a write fails in the worker and reaches the caller with SQLite's code.
      const error = await reader.search({ ...job, page: { sql: 'DELETE FROM knex_migrations RETURNING id', bindings: [] } }).then(() => null, (e: Error & { code?: string }) => e);
      expect(error?.code).to.equal('SQLITE_READONLY');
      expect((await database.knex('knex_migrations').count({ n: '*' }).first())?.n).to.be.greaterThan(0);
    } finally {
      await database.close();
    }
    expect(database.searchReader!.pool.liveWorkers).to.equal(0);
  });

  it('runs the count statement only for an empty page when the page carries the count', async () => {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: dir, sqliteFile: path.join(dir, 'db.sqlite') });
    try {
      await migrateToLatest(database);
      const reader = database.searchReader!;
      // A count that cannot run: reaching it fails the search.
      const failingCount = { sql: 'SELECT n FROM no_such_table', bindings: [] };
      expect(await reader.search({ count: failingCount, page: { sql: 'SELECT 7 AS matched', bindings: [] }, pageCounts: true, timeoutMs: 0 })).to.deep.equal({
        count: null,
        rows: [{ matched: 7 }],
      });
      const empty = { sql: 'SELECT 1 AS matched WHERE 0', bindings: [] };
      expect(await reader.search({ count: { sql: 'SELECT 3 AS n', bindings: [] }, page: empty, pageCounts: true, timeoutMs: 0 })).to.deep.equal({ count: { n: 3 }, rows: [] });
      const error = await reader.search({ count: failingCount, page: empty, pageCounts: true, timeoutMs: 0 }).then(() => null, (e: Error) => e);
      expect(error?.message).to.match(/no such table/);
    } finally {
      await database.close();
    }
  });

  it('rejects with QueryTimeoutError at the bound, terminates the busy thread while the event loop keeps turning, and answers the next search on a fresh one', async () => {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: dir, sqliteFile: path.join(dir, 'db.sqlite') });
    try {
      await migrateToLatest(database);
      const reader = database.searchReader!;
      let turns = 0;
      let settled = false;
      const cut = reader.search({ count: ONE, page: ENDLESS, timeoutMs: 300 }).finally(() => {
        settled = true;
      });
      const ticking = (async () => {
        while (!settled) {
          turns += 1;
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const error = await cut.then(() => null, (e: Error) => e);
      await ticking;
      expect(error).to.be.instanceOf(QueryTimeoutError);
      expect((error as QueryTimeoutError).timeoutMs).to.equal(300);
      expect(reader.pool.terminations).to.equal(1);
      // The event loop turned throughout the endless statement (blocked, it would have turned about once).
      expect(turns).to.be.greaterThan(50);
      expect(await reader.search({ count: { sql: 'SELECT 1 AS n', bindings: [] }, page: { sql: 'SELECT 1 AS one', bindings: [] }, timeoutMs: 300 })).to.deep.equal({
        count: { n: 1 },
        rows: [{ one: 1 }],
      });
      expect(reader.pool.liveWorkers).to.equal(1);
    } finally {
      await database.close();
    }
  });

  it('runs a search in place, on the calling thread’s own read-only connection, when its probe answers at most the limit; null otherwise, without running the search', async () => {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: dir, sqliteFile: path.join(dir, 'db.sqlite') });
    try {
      await migrateToLatest(database);
      const reader = database.searchReader!;
      // A page that cannot run: reaching it fails the call.
      const failing: SearchJob = { count: ONE, page: { sql: 'SELECT n FROM no_such_table', bindings: [] }, timeoutMs: 0 };
      const probe = (n: number) => ({ probe: { sql: 'SELECT ? AS n', bindings: [n] }, limit: 100 });
      expect(reader.searchInPlace(probe(101), failing)).to.equal(null);
      expect(reader.searchInPlace(probe(100), { count: { sql: 'SELECT 3 AS n', bindings: [] }, page: { sql: 'SELECT ? AS a', bindings: ['x'] }, timeoutMs: 0 })).to.deep.equal({
        count: { n: 3 },
        rows: [{ a: 'x' }],
      });
      expect(() => reader.searchInPlace(probe(0), failing)).to.throw(/no such table/);
      // No reader thread was started, and the connection sees what was committed since it opened.
      expect(reader.pool.liveWorkers).to.equal(0);
      await database.knex.schema.createTable('later', (table) => table.integer('v'));
      await database.knex('later').insert({ v: 7 });
      expect(reader.searchInPlace(probe(1), { count: ONE, page: { sql: 'SELECT v FROM later', bindings: [] }, timeoutMs: 0 })).to.deep.equal({ count: { n: 1 }, rows: [{ v: 7 }] });
      // Read-only: a write fails with SQLite's code.
      const write = () => reader.searchInPlace(probe(1), { count: ONE, page: { sql: 'DELETE FROM later RETURNING v', bindings: [] }, timeoutMs: 0 });
      expect(write).to.throw().with.property('code', 'SQLITE_READONLY');
    } finally {
      await database.close();
    }
    expect(database.searchReader!.searchInPlace({ probe: ONE, limit: 100 }, { count: ONE, page: ONE, timeoutMs: 0 })).to.equal(null);
  });

  it('is not started for an in-memory database (private to its connection): it searches in-process', async () => {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: dir, sqliteFile: ':memory:' });
    try {
      expect(database.searchReader).to.equal(undefined);
    } finally {
      await database.close();
    }
  });

  it('rejects searches once closed', async () => {
    const reader = new SqliteSearchReader({ file: path.join(dir, 'none.sqlite'), workers: 1, busyTimeoutMs: 100 });
    await reader.close();
    const error = await reader.search({ count: ONE, page: ENDLESS, timeoutMs: 0 }).then(() => null, (e: Error) => e);
    expect(error?.message).to.equal('the sqlite search pool is closed');
  });
});

forEachAdapter((adapter) => {
  describe('GET /api/v1/public/search/traces off the event loop', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter, { env: { SEARCH_STATEMENT_TIMEOUT_MS: '3000', DETECTION_WORKER_ENABLED: 'false' } });
      const traces = ['lantern glow', 'lantern dim'].map((name, i) => ({ trace_id: `t${i}`, name, spans: [{ span_id: 'root', name: 'step', span_type: 'AGENT', status: 'success' }] }));
      expectEnvelope(await server.request().post('/api/v1/public/traces/batch').set('x-api-key', server.tenant.apiKey).send({ traces }), 201);
    });
    after(async () => server.close());
    const search = (q: string) => server.request().get('/api/v1/public/search/traces').query({ q }).set('x-api-key', server.tenant.apiKey);

    if (adapter === 'sqlite') {
      it('answers a search from a reader thread with the same results', async () => {
        const reader = server.runtime.database.searchReader!;
        // A prefix reads every word it starts: never a search in place.
        const body = expectEnvelope<{ traces: { id: string }[] }>(await search('lantern*'), 200);
        expect(body.traces.map((t) => t.id).sort()).to.deep.equal(['t0', 't1']);
        expect(reader.pool.liveWorkers).to.equal(1);
      });

      it('answers 503 PUBLIC_API_SEARCH_TIMEOUT with Retry-After for a search past SEARCH_STATEMENT_TIMEOUT_MS, while another tenant is answered meanwhile', async () => {
        const reader = server.runtime.database.searchReader!;
        const original = reader.search.bind(reader);
        // The request's search runs a statement that never ends, so only the bound can answer it.
        reader.search = (job) => original({ ...job, page: ENDLESS });
        try {
          let searchDone = false;
          const searching = search('lantern*').then((res) => {
            searchDone = true;
            return res;
          });
          await until(() => reader.pool.busyWorkers === 1);
          const project = await server.request().get('/api/v1/public/project').set('x-api-key', server.other.apiKey);
          expectEnvelope(project, 200);
          // The endless search was still running when the other tenant's request was answered.
          expect(searchDone).to.equal(false);
          const res = await searching;
          const body = expectProblem(res, 503, 'PUBLIC_API_SEARCH_TIMEOUT');
          expect(res.headers['retry-after']).to.equal('5');
          expect(body.detail).to.match(/^The search ran longer than 3000 ms and was cancelled/);
          expect(reader.pool.terminations).to.equal(1);
        } finally {
          reader.search = original;
        }
        const after = expectEnvelope<{ traces: { id: string }[] }>(await search('lantern*'), 200);
        expect(after.traces.map((t) => t.id).sort()).to.deep.equal(['t0', 't1']);
      });
    } else {
      it('searches in-process on PostgreSQL (statement_timeout bounds it; no reader threads)', async () => {
        expect(server.runtime.database.searchReader).to.equal(undefined);
        const body = expectEnvelope<{ traces: { id: string }[] }>(await search('lantern'), 200);
        expect(body.traces.map((t) => t.id).sort()).to.deep.equal(['t0', 't1']);
      });
    }
  });
});

forEachAdapter((adapter) => {
  describe('GET /api/v1/public/search/traces in place or on a reader thread', () => {
    let server: TestServer;
    /** The reader's jobs while a test runs (SQLite); PostgreSQL has no reader. */
    let handedOver = 0;
    let restore = () => {};
    /** `minute` orders the traces in time; the trace lasts `seconds`; `failed` makes it an error. */
    const trace = (id: string, minute: number, name: string, seconds = 1, failed = false) => {
      const timing = { start_time: new Date(Date.UTC(2026, 10, 1, 10, minute)).toISOString(), latency_ms: seconds * 1000 };
      return { trace_id: id, name, spans: [{ span_id: 'root', name: 'step', span_type: 'AGENT', status: failed ? 'error' : 'success', ...timing, ...(failed ? { error: 'boom' } : {}) }] };
    };
    before(async () => {
      server = await startTestServer(adapter, { env: { DETECTION_WORKER_ENABLED: 'false' } });
      // 101 traces carry "beacon": one more than a page holds. Three carry "ember", the middle one failed.
      const traces = [
        ...Array.from({ length: 101 }, (_, i) => trace(`b${String(i).padStart(3, '0')}`, i % 60, `beacon ${i}`)),
        // Stored out of time order: the store order (newest stored first) is e1, e0, e2.
        trace('e2', 3, 'ember once', 3),
        trace('e0', 1, 'ember glow', 1),
        trace('e1', 2, 'ember ember ember', 2, true),
      ];
      expectEnvelope(await server.request().post('/api/v1/public/traces/batch').set('x-api-key', server.tenant.apiKey).send({ traces }), 201);
      const reader = server.runtime.database.searchReader;
      if (reader) {
        const original = reader.search.bind(reader);
        reader.search = (job) => {
          handedOver += 1;
          return original(job);
        };
        restore = () => {
          reader.search = original;
        };
      }
    });
    beforeEach(() => {
      handedOver = 0;
    });
    after(async () => {
      restore();
      await server.close();
    });
    const ids = async (query: Record<string, string>) =>
      expectEnvelope<{ traces: { id: string }[] }>(await server.request().get('/api/v1/public/search/traces').query(query).set('x-api-key', server.tenant.apiKey), 200).traces.map((t) => t.id);

    it('finds a word in more documents than a page holds (101) by relevance and newest first', async () => {
      const body = expectEnvelope<{ totalCount: number }>(await server.request().get('/api/v1/public/search/traces').query({ q: 'beacon', limit: 100 }).set('x-api-key', server.tenant.apiKey), 200);
      expect(body.totalCount).to.equal(101);
      const newest = await ids({ q: 'beacon', sort: 'recency', limit: '3' });
      // Minute i % 60: b059 is the newest, then b058 …
      expect(newest).to.deep.equal(['b059', 'b058', 'b057']);
      // SQLite: both searches were handed to a reader thread.
      expect(handedOver).to.equal(adapter === 'sqlite' ? 2 : 0);
    });

    it('finds a word in few documents by relevance and newest first, filtered or not, without a reader thread (SQLite: in place, on the request thread’s own connection)', async () => {
      // Relevance: each adapter's own ranking (bm25, ts_rank); the set is the same.
      expect((await ids({ q: 'ember' })).sort()).to.deep.equal(['e0', 'e1', 'e2']);
      expect(await ids({ q: 'ember', sort: 'recency' })).to.deep.equal(['e2', 'e1', 'e0']);
      expect(await ids({ q: 'ember', sort: 'recency', limit: '1' })).to.deep.equal(['e2']);
      expect(await ids({ q: 'ember', sort: 'recency', minLatencyMs: '2000' })).to.deep.equal(['e2', 'e1']);
      expect(await ids({ q: 'nowhere', sort: 'recency' })).to.deep.equal([]);
      expect(handedOver).to.equal(0);
    });

    it('hands a prefix, a phrase, several words or an exclusion to a reader thread (SQLite: each reads doclists the count does not bound)', async () => {
      for (const q of ['ember*', '"ember glow"', 'ember glow', 'ember -glow']) expectEnvelope(await server.request().get('/api/v1/public/search/traces').query({ q }).set('x-api-key', server.tenant.apiKey), 200);
      expect(handedOver).to.equal(adapter === 'sqlite' ? 4 : 0);
    });

    it('hands a rare word with a status filter to a reader thread (SQLite: bm25 counts the filter value’s documents)', async () => {
      expect(await ids({ q: 'ember', status: 'error' })).to.deep.equal(['e1']);
      expect(await ids({ q: 'ember', status: 'success', sort: 'recency' })).to.deep.equal(['e2', 'e0']);
      expect(handedOver).to.equal(adapter === 'sqlite' ? 2 : 0);
    });

    if (adapter === 'sqlite') {
      it('gives the same pages in place as on a reader thread', async () => {
        const queries: Record<string, string>[] = [{ q: 'ember' }, { q: 'ember', sort: 'recency' }, { q: 'ember', sort: 'recency', limit: '2' }, { q: 'ember', minLatencyMs: '2000' }, { q: 'glow', sort: 'recency' }];
        const inPlace = await Promise.all(queries.map(ids));
        expect(handedOver).to.equal(0);
        const { fewMatches } = sqliteTraceTextIndex;
        sqliteTraceTextIndex.fewMatches = () => null;
        try {
          expect(await Promise.all(queries.map(ids))).to.deep.equal(inPlace);
        } finally {
          sqliteTraceTextIndex.fewMatches = fewMatches;
        }
        expect(handedOver).to.equal(queries.length);
      });
    }
  });
});
