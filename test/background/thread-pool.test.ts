import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const POOL_MODULE = new URL('../../src/domain/background/thread-pool.ts', import.meta.url).href;
const ECHO_WORKER = new URL('../support/echo-worker.ts', import.meta.url).href;
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `body` as an ES module in a fresh Node process (under tsx, as the tests run) with a one-thread echo pool, and reports how it ended. */
function runWithPool(idleMs: number, body: string): { status: number | null; stdout: string; stderr: string; ms: number } {
  const script = `
    import { ThreadPool } from ${JSON.stringify(POOL_MODULE)};
    const pool = new ThreadPool({ name: 'echo', workerFile: new URL(${JSON.stringify(ECHO_WORKER)}), workers: 1, idleMs: ${idleMs}, deadlineMs: () => null, overrun: () => new Error('no deadline') });
    ${body}
  `;
  const started = Date.now();
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr, ms: Date.now() - started };
}

describe('worker thread pools (ThreadPool) and the process', () => {
  it('an idle worker does not keep a finished script running (it used to until its idle stop)', function () {
    this.timeout(70_000);
    const run = runWithPool(50_000, `console.log(JSON.stringify({ answer: await pool.run('timeout'), live: pool.liveWorkers }));`);
    expect(run.status, run.stderr).to.equal(0);
    expect(JSON.parse(run.stdout)).to.deep.equal({ answer: 'TIMEOUT', live: 1 });
    expect(run.ms).to.be.below(40_000);
  });

  it('a job in flight keeps the process alive until the worker answers it', function () {
    this.timeout(70_000);
    // Nothing but the job is pending: an unreferenced worker would let the process end unanswered.
    const run = runWithPool(300_000, `void pool.run('fetch user profile').then((answer) => console.log(answer));`);
    expect(run.status, run.stderr).to.equal(0);
    expect(run.stdout.trim()).to.equal('FETCH USER PROFILE');
  });
});
