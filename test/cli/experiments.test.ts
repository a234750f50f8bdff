import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { forEachAdapter } from '../support/adapters.js';
import { expectEnvelope } from '../support/problem.js';
import { parseXml, type XmlElement } from '../support/xml-tree.js';
import { run } from '../../src/cli/program.js';
import type { Io } from '../../src/cli/io.js';
import { startListeningServer, type ListeningServer } from './cli-harness.js';

type Json = Record<string, unknown>;
type Comparison = { score: string; pairs: number; baselineOnly: number; candidateOnly: number; baselineMean: number; candidateMean: number; meanDifference: number; confidenceInterval: { lower: number; upper: number }; pValue: number; adjustedPValue: number; significant: boolean; direction: string };

const DATASETS = '/api/v1/public/datasets';
const N = 8;
/** The item whose task call throws. */
const THROWING = 3;
const BASELINE_ACCURACY = 0.9;

/**
 * The candidate task: accuracy 0.9 − 0.05·(x+1) on item x (so every pair is worse by a different
 * amount), a thrown error on item 3. Written as a real module file the CLI imports.
 */
const REGRESSING_TASK = `
export default async function task(input, item) {
  if (input.x === ${THROWING}) throw new Error('model timed out on item ' + input.x + ' <retry & "wait">');
  return { output: { answer: input.x * 2 }, scores: { accuracy: ${BASELINE_ACCURACY} - 0.05 * (input.x + 1) } };
}
`;
const TASK_ERROR = 'Error: model timed out on item 3 <retry & "wait">';
/** The same accuracy as the baseline on every item: no difference at all. */
const STEADY_TASK = `export default async (input) => ({ output: 'same', scores: [{ name: 'accuracy', value: ${BASELINE_ACCURACY} }] });\n`;

// The regressing task's numbers, computed here from its definition rather than read from the server:
// 7 pairs (item 3 has no candidate score), every difference negative and distinct.
const PAIRED_XS = [0, 1, 2, 4, 5, 6, 7];
const CANDIDATE_MEAN = PAIRED_XS.reduce((sum, x) => sum + (BASELINE_ACCURACY - 0.05 * (x + 1)), 0) / PAIRED_XS.length;
// Exact Wilcoxon signed-rank, n = 7, all differences of one sign: W+ = 0 is the single most extreme
// of the 2^7 equally likely sign patterns on each side, so the two-sided p is 2/2^7 (Wilcoxon 1945;
// scipy.stats.wilcoxon(method="exact") gives 0.015625 for any 7 same-signed untied differences).
const EXACT_P = 2 / 2 ** 7;

forEachAdapter((adapter) => {
  describe('tracewell experiments run / compare', function (this: Mocha.Suite) {
    this.timeout(90_000); // each case spawns CLI processes on a loaded 2-core machine
    let listening: ListeningServer;
    let env: Record<string, string>;
    let dir: string;
    let datasetId: string;
    let itemIds: string[];
    let baselineRunId: string;
    const key = () => listening.server.tenant.apiKey;
    const api = () => listening.server.request();
    const get = (p: string, query: Record<string, string | number | string[]> = {}) => api().get(`${DATASETS}${p}`).set('x-api-key', key()).query(query);
    const taskFile = (name: string, source: string): string => {
      const file = path.join(dir, name);
      writeFileSync(file, source);
      return file;
    };

    before(async () => {
      listening = await startListeningServer(adapter);
      env = { TRACEWELL_API_KEY: key() };
      dir = mkdtempSync(path.join(tmpdir(), 'tracewell-experiments-'));
      const { services } = listening.server.runtime;
      const project = listening.server.tenant.project.id;
      datasetId = (await services.datasets.create(project, { name: 'support answers' })).dataset.id;
      itemIds = [];
      for (let x = 0; x < N; x += 1) {
        listening.server.clock.advance(1);
        itemIds.push((await services.datasets.createItem(project, datasetId, { input: { x }, expectedOutput: { answer: x * 2 } })).id);
      }
      const baseline = expectEnvelope<{ id: string }>(await api().post(`${DATASETS}/${datasetId}/runs`).set('x-api-key', key()).send({ name: 'prompt v1', baseline: true }), 201);
      baselineRunId = baseline.id;
      const results = itemIds.map((itemId) => ({ itemId, output: 'v1', scores: [{ name: 'accuracy', value: BASELINE_ACCURACY }] }));
      expectEnvelope(await api().post(`${DATASETS}/${datasetId}/runs/${baselineRunId}/results`).set('x-api-key', key()).send({ results }));
      expectEnvelope(await api().patch(`${DATASETS}/${datasetId}/runs/${baselineRunId}`).set('x-api-key', key()).send({ status: 'completed' }));
    });
    // A fresh write-rate window per case: the test server's clock only moves when told.
    beforeEach(() => listening.server.clock.advance(61_000));
    after(async () => {
      await listening.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('gates on a significant regression: exit 3, the table, the JUnit report and the run on the server', async () => {
      const junit = path.join(dir, 'report.xml');
      const result = await listening.cli(
        ['experiments', 'run', '--dataset', datasetId, '--task', taskFile('regressing.mjs', REGRESSING_TASK), '--name', 'prompt v2', '--concurrency', '3', '--fail-on', 'regression', '--junit', junit],
        { env },
      );
      expect(result.code, result.stderr).to.equal(3);
      expect(result.stderr).to.match(/\nRegression: significant regression on accuracy against baseline [0-9a-f-]{36}\n$/);
      // Not a terminal: plain progress lines, one per reported batch.
      expect(result.stderr).to.contain(`Reported ${N}/${N} results (1 failed)\n`);

      const runs = expectEnvelope<{ runs: (Json & { id: string; name: string })[] }>(await get(`/${datasetId}/runs`)).runs;
      const run = runs.find((r) => r.name === 'prompt v2')!;
      expect(run).to.include({ status: 'completed', baseline: false, datasetVersion: N, itemCount: N, resultCount: N });
      const stored = expectEnvelope<{ results: (Json & { itemId: string; error: string | null; output: unknown; scores: Json[] })[] }>(await get(`/${datasetId}/runs/${run.id}/results`, { limit: 100 })).results;
      const failed = stored.find((r) => r.itemId === itemIds[THROWING])!;
      expect(failed).to.include({ error: TASK_ERROR, output: null });
      expect(failed.scores).to.deep.equal([]);
      const first = stored.find((r) => r.itemId === itemIds[0])!;
      expect(first.output).to.deep.equal({ answer: 0 });
      expect(first.scores.map((s) => [s.name, s.value])).to.deep.equal([['accuracy', BASELINE_ACCURACY - 0.05]]);

      const comparison = expectEnvelope<{ comparisons: Comparison[] }>(await get(`/${datasetId}/runs/compare`, { baseline: baselineRunId, candidate: run.id })).comparisons[0];
      expect(comparison).to.include({ pairs: 7, baselineOnly: 1, candidateOnly: 0, significant: true, direction: 'regressed' });
      expect(comparison.pValue).to.be.closeTo(EXACT_P, 1e-12);
      expect(comparison.candidateMean).to.be.closeTo(CANDIDATE_MEAN, 1e-12);
      const interval = `${comparison.meanDifference.toFixed(4)} [${comparison.confidenceInterval.lower.toFixed(4)}, ${comparison.confidenceInterval.upper.toFixed(4)}]`;
      expect(result.stdout).to.equal(
        [
          `Run ${run.id} completed: ${N} items, 1 failed.`,
          `Compared with baseline ${baselineRunId} (alpha 0.05):`,
          `SCORE     PAIRS              BASELINE  CANDIDATE MEAN  DIFF [95% CI]               P       ADJ P   SIGNIFICANT  DIRECTION`,
          `accuracy  7 (+1/0 unpaired)  0.9000    ${CANDIDATE_MEAN.toFixed(4)}          ${interval.padEnd(26)}  0.0156  0.0156  yes          regressed`,
          '',
        ].join('\n'),
      );

      const report = parseXml(readFileSync(junit, 'utf8'));
      expect(report.name).to.equal('testsuites');
      expect(report.attributes).to.include({ tests: String(N + 1), failures: '2' });
      const [items, compared] = report.children as [XmlElement, XmlElement];
      expect(items.attributes).to.include({ name: 'prompt v2 items', tests: String(N), failures: '1' });
      expect(items.children.map((c) => c.attributes.name)).to.deep.equal(itemIds.map((id) => `item ${id}`));
      const failures = items.children.filter((c) => c.children.some((child) => child.name === 'failure'));
      expect(failures.map((c) => c.attributes.name)).to.deep.equal([`item ${itemIds[THROWING]}`]);
      // The message's <, & and " survive as text: the report parsed, and reads back exactly.
      expect(failures[0].children[0].attributes).to.deep.equal({ message: TASK_ERROR, type: 'task_error' });
      expect(failures[0].children[0].text).to.equal(TASK_ERROR);
      expect(compared.attributes).to.include({ name: 'prompt v2 comparison', tests: '1', failures: '1' });
      expect(compared.children[0].attributes.name).to.equal('accuracy');
      expect(compared.children[0].children[0].attributes.type).to.equal('significant_regression');
      expect(compared.children[0].children[0].text).to.equal(`accuracy: regressed, difference ${interval}, p 0.0156, adjusted p 0.0156, 7 pairs`);
    });

    it('draws one self-overwriting progress line on a terminal instead of per-batch lines', async () => {
      // In-process with a terminal-like Io: a spawned child's stderr is a pipe, never a TTY.
      let stderr = '';
      let stdout = '';
      const io: Io = {
        env: { TRACEWELL_API_KEY: key(), TRACEWELL_BASE_URL: listening.baseUrl, TRACEWELL_CONFIG: path.join(dir, 'config.json'), HOME: dir },
        out: (text) => void (stdout += text),
        err: (text) => void (stderr += text),
        stdoutIsTTY: true,
        stderrIsTTY: true,
        stdinIsTTY: false,
        readStdin: async () => '',
        ask: async () => '',
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      };
      const code = await run(['experiments', 'run', '--dataset', datasetId, '--task', taskFile('regressing-tty.mjs', REGRESSING_TASK), '--concurrency', '1'], io);
      expect(code, stderr).to.equal(0);
      const draws = stderr.split('\r\x1b[2K').filter((part) => part.startsWith('Ran '));
      expect(draws).to.deep.equal(Array.from({ length: N }, (_, i) => `Ran ${i + 1}/${N} items${i >= THROWING ? ' (1 failed)' : ''}…`));
      expect(stderr).to.not.contain('Reported ');
      expect(stderr.endsWith('\r\x1b[2K')).to.equal(true); // erased before the table
      expect(stdout).to.match(/^accuracy .* yes +regressed$/m);
    });

    it('reports the same regression with exit 0 when --fail-on is not given', async () => {
      const result = await listening.cli(['experiments', 'run', '--dataset', datasetId, '--task', taskFile('regressing.mjs', REGRESSING_TASK), '--quiet'], { env });
      expect(result.code, result.stderr).to.equal(0);
      expect(result.stderr).to.equal('');
      expect(result.stdout).to.match(/^accuracy .* yes +regressed$/m);
    });

    it('passes the gate when nothing changed: exit 0, direction unchanged, the explicit --baseline used', async () => {
      const result = await listening.cli(
        ['experiments', 'run', '--dataset', datasetId, '--task', taskFile('steady.mjs', STEADY_TASK), '--baseline', baselineRunId, '--fail-on', 'regression', '--json'],
        { env },
      );
      expect(result.code, result.stderr).to.equal(0);
      const printed = JSON.parse(result.stdout) as { run: Json; failedItems: number; comparison: { baselineRunId: string; comparisons: Comparison[] } };
      expect(printed.failedItems).to.equal(0);
      expect(printed.run).to.include({ status: 'completed', resultCount: N });
      expect(printed.comparison.baselineRunId).to.equal(baselineRunId);
      expect(printed.comparison.comparisons[0]).to.include({ pairs: N, meanDifference: 0, significant: false, direction: 'unchanged' });
    });

    it('says there is nothing to compare on a dataset without a baseline run', async () => {
      const project = listening.server.tenant.project.id;
      const lonely = (await listening.server.runtime.services.datasets.create(project, { name: `lonely-${randomUUID()}` })).dataset.id;
      await listening.server.runtime.services.datasets.createItem(project, lonely, { input: { x: 1 } });
      const result = await listening.cli(['experiments', 'run', '--dataset', lonely, '--task', taskFile('steady.mjs', STEADY_TASK), '--fail-on', 'regression'], { env });
      expect(result.code, result.stderr).to.equal(0);
      expect(result.stdout).to.match(/^Run [0-9a-f-]{36} completed: 1 items, 0 failed\.\nNo baseline run \(mark one, or pass --baseline <run>\): nothing to compare\.\n$/);
    });

    it('refuses a task module without a default export, an unknown --fail-on and a bad --concurrency (exit 2, no run created)', async () => {
      const before = expectEnvelope<{ runs: unknown[] }>(await get(`/${datasetId}/runs`, { limit: 100 })).runs.length;
      const noDefault = await listening.cli(['experiments', 'run', '--dataset', datasetId, '--task', taskFile('named.mjs', 'export const task = () => 1;\n')], { env });
      expect(noDefault.code).to.equal(2);
      expect(noDefault.stderr).to.contain('must have a default export: async (input, item) => output');
      const failOn = await listening.cli(['experiments', 'run', '--dataset', datasetId, '--task', taskFile('steady.mjs', STEADY_TASK), '--fail-on', 'errors'], { env });
      expect(failOn.code).to.equal(2);
      expect(failOn.stderr).to.contain('--fail-on accepts only "regression"; got errors');
      const concurrency = await listening.cli(['experiments', 'run', '--dataset', datasetId, '--task', taskFile('steady.mjs', STEADY_TASK), '--concurrency', '0'], { env });
      expect(concurrency.code).to.equal(2);
      expect(concurrency.stderr).to.contain('--concurrency must be an integer from 1 to 32; got 0');
      expect(expectEnvelope<{ runs: unknown[] }>(await get(`/${datasetId}/runs`, { limit: 100 })).runs).to.have.length(before);
    });

    it('records an item whose score the server rejects as that item failed, and keeps the others', async () => {
      const badScore = `export default async (input) => ({ output: input.x, scores: [{ name: 'accuracy', dataType: 'numeric', value: input.x === 5 ? 'not a number' : 0.9 }] });\n`;
      const result = await listening.cli(['experiments', 'run', '--dataset', datasetId, '--task', taskFile('bad-score.mjs', badScore), '--name', 'bad score', '--json'], { env });
      expect(result.code, result.stderr).to.equal(0);
      const printed = JSON.parse(result.stdout) as { run: { id: string; resultCount: number }; failedItems: number };
      expect(printed).to.include({ failedItems: 1 });
      expect(printed.run.resultCount).to.equal(N);
      const stored = expectEnvelope<{ results: { itemId: string; error: string | null }[] }>(await get(`/${datasetId}/runs/${printed.run.id}/results`, { limit: 100 })).results;
      expect(stored.find((r) => r.itemId === itemIds[5])!.error).to.match(/^rejected by the server: \/body\/results\/\d+\/scores\/0\/value: /);
      expect(stored.filter((r) => r.error !== null)).to.have.length(1);
    });

    it('--scorers has the service score every result on completion; a refused scorer fails the run (exit 1)', async () => {
      // The regressing task's output { answer: 2x } equals every item's expected output, except item 3, which threw.
      const scored = await listening.cli(
        ['experiments', 'run', '--dataset', datasetId, '--task', taskFile('regressing.mjs', REGRESSING_TASK), '--name', 'scored', '--scorers', '[{"name":"exact","kind":"exact_match"}]', '--json'],
        { env },
      );
      expect(scored.code, scored.stderr).to.equal(0);
      const runId = (JSON.parse(scored.stdout) as { run: { id: string } }).run.id;
      const stored = expectEnvelope<{ results: { itemId: string; scores: { name: string; value: unknown }[] }[] }>(await get(`/${datasetId}/runs/${runId}/results`, { limit: 100 })).results;
      const exact = Object.fromEntries(stored.map((r) => [r.itemId, r.scores.find((score) => score.name === 'exact')?.value]));
      expect(itemIds.map((id) => exact[id])).to.deep.equal(itemIds.map((_, x) => (x === THROWING ? false : true)));

      const refused = await listening.cli(
        ['experiments', 'run', '--dataset', datasetId, '--task', taskFile('steady.mjs', STEADY_TASK), '--name', 'refused scorer', '--scorers', '[{"name":"r","kind":"regex","pattern":"(?=x)"}]'],
        { env },
      );
      expect(refused.code).to.equal(1);
      expect(refused.stderr).to.contain('/body/scorers/0/pattern');
      const runs = expectEnvelope<{ runs: { name: string; status: string }[] }>(await get(`/${datasetId}/runs`, { limit: 100 })).runs;
      expect(runs.find((r) => r.name === 'refused scorer')!.status).to.equal('failed');
    });

    it('compare prints one row per score and candidate, --json exactly the API data', async () => {
      const runs = expectEnvelope<{ runs: { id: string; name: string }[] }>(await get(`/${datasetId}/runs`, { limit: 100 })).runs;
      const candidates = ['prompt v2', 'bad score'].map((name) => runs.find((r) => r.name === name)!.id);
      const table = await listening.cli(['experiments', 'compare', '--dataset', datasetId, '--baseline', baselineRunId, '--candidate', ...candidates], { env });
      expect(table.code, table.stderr).to.equal(0);
      const lines = table.stdout.split('\n');
      expect(lines[0]).to.match(new RegExp(`^Baseline ${baselineRunId} \\(alpha 0\\.05, seed \\d+\\):$`));
      expect(lines[1]).to.match(/^SCORE +CANDIDATE +PAIRS +BASELINE +CANDIDATE MEAN +DIFF \[95% CI\] +P +ADJ P +SIGNIFICANT +DIRECTION$/);
      expect(lines.slice(2, 4).map((line) => line.split(/\s+/)[1])).to.deep.equal(candidates);
      const json = await listening.cli(['experiments', 'compare', '--dataset', datasetId, '--baseline', baselineRunId, '--candidate', ...candidates, '--json'], { env });
      expect(JSON.parse(json.stdout)).to.deep.equal(expectEnvelope(await get(`/${datasetId}/runs/compare`, { baseline: baselineRunId, candidate: candidates })));
    });
  });
});
