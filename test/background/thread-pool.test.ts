import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const POOL_MODULE = new URL('../../src/domain/traces/search-document-pool.ts', import.meta.url).href;
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `body` as an ES module in a fresh Node process (under tsx, as the tests run) and reports how it ended. */
function runScript(body: string): { status: number | null; stdout: string; stderr: string; ms: number } {
  const started = Date.now();
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', body], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr, ms: Date.now() - started };
}

describe('worker thread pools (ThreadPool) and the process', () => {
  it('an idle worker does not keep a finished script running (it used to until its idle stop, 30 s to 5 min)', function () {
    this.timeout(70_000);
    const run = runScript(`
      import { SearchDocumentPool } from ${JSON.stringify(POOL_MODULE)};
      const pool = new SearchDocumentPool({ workers: 1, inThreadBelowChars: 0, idleMs: 50_000 });
      console.log(JSON.stringify({ documents: await pool.documentsOf([['HTTPServer timeout']]), stats: pool.stats, live: pool.liveWorkers }));
    `);
    expect(run.status, run.stderr).to.equal(0);
    expect(JSON.parse(run.stdout)).to.deep.equal({ documents: ['http server timeout'], stats: { threadJobs: 1, fallbacks: 0 }, live: 1 });
    expect(run.ms).to.be.below(40_000);
  });

  it('a job in flight keeps the process alive until the worker answers it', function () {
    this.timeout(70_000);
    // Nothing but the job is pending: an unreferenced worker would let the process end unanswered.
    const run = runScript(`
      import { SearchDocumentPool } from ${JSON.stringify(POOL_MODULE)};
      const pool = new SearchDocumentPool({ workers: 1, inThreadBelowChars: 0 });
      void pool.documentsOf([['fetchUserProfile']]).then((documents) => console.log(documents.join()));
    `);
    expect(run.status, run.stderr).to.equal(0);
    expect(run.stdout.trim()).to.equal('fetch user profile');
  });
});
