import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { openDatabase, migrateToLatest } from '../../adapters/database.js';
import { SqliteSearchReader, type SearchJob } from '../../adapters/sqlite/search-reader.js';
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
        const body = expectEnvelope<{ traces: { id: string }[] }>(await search('lantern'), 200);
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
          const searching = search('lantern').then((res) => {
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
        const after = expectEnvelope<{ traces: { id: string }[] }>(await search('lantern'), 200);
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
