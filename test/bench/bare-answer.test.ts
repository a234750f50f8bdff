import { expect } from 'chai';
import { BareAnswerMismatch, checkSameCount, checkSameIds } from '../../scripts/bench/answer-check.js';
import { openBenchDatabase, type BenchDatabase } from '../../scripts/bench/bench-database.js';
import { bareSearchStatement } from '../../scripts/bench/bare-search.js';
import { openBareDriver, numberedPlaceholders } from '../../scripts/bench/bare-driver.js';
import { loadDataset, type DatasetSummary } from '../../scripts/bench/dataset.js';
import { createRawIngestor } from '../../scripts/bench/raw-ingest.js';
import { benchServerEnv } from '../../scripts/bench/server-env.js';
import { spawnServer, type ServerProcess } from '../../scripts/bench/server-process.js';
import { measureSearch } from '../../scripts/bench/phases/search.js';
import type { PhaseContext } from '../../scripts/bench/phases/phase-context.js';
import { loadConfig } from '../../src/config.js';
import { forEachAdapter, POSTGRES_URL } from '../support/adapters.js';

/** The bench's bare answers against the service's (issue #61 item 0): equal, or the run fails. */
describe('bench answer check (scripts/bench/answer-check.ts)', () => {
  describe('checkSameIds', () => {
    it('passes the same ids in the same order', () => {
      expect(() => checkSameIds('q', ['a', 'b', 'c'], ['a', 'b', 'c'])).not.to.throw();
    });
    it('fails the same ids in another order, naming the first difference', () => {
      expect(() => checkSameIds('q', ['a', 'b', 'c'], ['a', 'c', 'b'])).to.throw(BareAnswerMismatch, 'bare SQL does not return the service\'s answer for q: the same ids in another order; first difference at position 2: service b, bare c');
    });
    it('fails different ids of the same count', () => {
      expect(() => checkSameIds('q', ['a', 'b'], ['a', 'x'])).to.throw(BareAnswerMismatch, 'different ids; first difference at position 2: service b, bare x');
    });
    it('fails another count', () => {
      expect(() => checkSameIds('q', ['a', 'b'], ['a'])).to.throw(BareAnswerMismatch, 'the service returned 2 ids, bare 1 (service: a, b; bare: a)');
    });
  });

  describe('checkSameCount', () => {
    it('passes an exact count equal to the bare count', () => {
      expect(() => checkSameCount('q', { total: 7, exact: true }, 7, 10)).not.to.throw();
    });
    it('passes the bound, not exact, when the bare count reached one past it', () => {
      expect(() => checkSameCount('q', { total: 10, exact: false }, 11, 10)).not.to.throw();
    });
    it('fails a count the bare statement did not find', () => {
      expect(() => checkSameCount('q', { total: 8, exact: true }, 7, 10)).to.throw(BareAnswerMismatch, 'the service counted 8 (exact: true), bare 7 counted to 11, i.e. 7 (exact: true)');
    });
  });

  describe('numberedPlaceholders', () => {
    it("numbers each ? in order, as pg's $n", () => {
      expect(numberedPlaceholders('SELECT 1 WHERE a = ? AND b IN (?, ?)')).to.equal('SELECT 1 WHERE a = $1 AND b IN ($2, $3)');
    });
  });
});

describe('bench search phase: bare answers checked in the run', function () {
  // A data set large enough for ties in relevance (a common word in a quarter of 1,500 traces), the
  // server started from source, one search phase per test on a shared 2-core machine.
  this.timeout(600_000);

  forEachAdapter((adapter) => {
    let db: BenchDatabase;
    let server: ServerProcess;
    let dataset: DatasetSummary;
    let context: PhaseContext;
    const notes: string[] = [];

    before(async () => {
      db = await openBenchDatabase({ adapter, reuse: false, postgresUrl: POSTGRES_URL });
      const raw = createRawIngestor(db);
      const baseTime = Date.now() - 60_000;
      dataset = await loadDataset(raw, { projectId: db.project.projectId, seed: 42, traces: 1500, dataDir: db.serverEnv.DATA_DIR, baseTime, log: () => undefined });
      await db.refreshPlannerStatistics();
      server = await spawnServer({ entry: 'src/main.ts', env: benchServerEnv(db) });
      context = { server, serverEntry: 'src/main.ts', db, raw, seed: 42, baseTime, durationSeconds: 1, warmupRequests: 0, log: () => undefined, notes };
    });
    after(async () => {
      await server?.stop();
      await db?.close();
    });

    const countLimits = () => {
      const config = loadConfig(benchServerEnv(db));
      return { countLimit: config.searchCountLimit, phraseCountLimit: config.searchPhraseCountLimit };
    };

    it('returns every class with the bare statements returning the service\'s ids, order and count', async () => {
      const search = await measureSearch(context, { projectId: db.project.projectId, dataset, connections: 1, countLimits: countLimits() });
      expect(search.classes).to.have.length(11);
      for (const c of search.classes ?? []) {
        expect(c.toBare, c.label).to.be.a('number');
        expect(c.toBarePlusFloor, c.label).to.be.a('number');
        expect(c.toBarePlusFloor!, c.label).to.be.at.most(c.toBare!);
      }
      // The common word fills the page: the check compared 50 ids, not an empty list.
      expect(search.classes?.[0].returnedTotal).to.be.greaterThan(50);
    });

    it('fails the run when a bare top 50 comes in another order', async () => {
      const reversed: typeof bareSearchStatement = (dialect, kind, options) => {
        const statement = bareSearchStatement(dialect, kind, options);
        if (kind === 'count') return statement;
        // The same rows, ties and all, newest last: the order a plan without the service's tie-break could give.
        return { sql: `SELECT * FROM (${statement.sql}) AS page ORDER BY created_at ASC, id ASC`, bindings: statement.bindings };
      };
      const error = await measureSearch(context, { projectId: db.project.projectId, dataset, connections: 1, countLimits: countLimits(), bareStatement: reversed }).then(
        () => null,
        (e: Error) => e,
      );
      expect(error).to.be.instanceOf(BareAnswerMismatch);
      expect(error!.message).to.match(/^bare SQL does not return the service's answer for search common .+: the same ids in another order; first difference at position 1: service /);
    });

    it('fails the run when a bare count is not the service\'s', async () => {
      const wrongCount: typeof bareSearchStatement = (dialect, kind, options) =>
        bareSearchStatement(dialect, kind, kind === 'count' ? { ...options, countLimit: 1 } : options);
      const error = await measureSearch(context, { projectId: db.project.projectId, dataset, connections: 1, countLimits: countLimits(), bareStatement: wrongCount }).then(
        () => null,
        (e: Error) => e,
      );
      expect(error).to.be.instanceOf(BareAnswerMismatch);
      expect(error!.message).to.match(/^bare SQL does not return the service's answer for search common .+: the service counted \d+ \(exact: true\), bare 1 counted to \d+/);
    });
  });
});
