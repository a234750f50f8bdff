import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { forEachAdapter } from '../support/adapters.js';
import { expectEnvelope } from '../support/problem.js';
import { JudgeStandIn } from '../evaluations/judge-stand-in.js';
import { startListeningServer, type CliResult, type ListeningServer } from './cli-harness.js';

type Json = Record<string, unknown>;
const DATASETS = '/api/v1/public/datasets';
const WORDS = ['apple', 'pear', 'plum'];

forEachAdapter((adapter) => {
  describe('tracewell experiments run --server', function (this: Mocha.Suite) {
    this.timeout(120_000); // CLI processes on a loaded 2-core machine
    let listening: ListeningServer;
    let model: JudgeStandIn;
    let env: Record<string, string>;
    let dir: string;
    let datasetId: string;
    let connectionId: string;
    const key = () => listening.server.tenant.apiKey;
    const api = () => listening.server.request();

    before(async () => {
      model = await new JudgeStandIn().start();
      listening = await startListeningServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      env = { TRACEWELL_API_KEY: key() };
      dir = mkdtempSync(path.join(tmpdir(), 'tracewell-server-runs-'));
      const { services } = listening.server.runtime;
      const project = listening.server.tenant.project.id;
      datasetId = (await services.datasets.create(project, { name: 'words' })).dataset.id;
      for (const word of WORDS) {
        listening.server.clock.advance(1);
        await services.datasets.createItem(project, datasetId, { input: { word }, expectedOutput: `Echo: say ${word}` });
      }
      connectionId = expectEnvelope<{ id: string }>(await api().post('/api/v1/public/model-connections').set('x-api-key', key()).send({ name: 'stand-in', baseUrl: model.baseUrl, model: 'gpt-4o-mini', apiKey: 'sk-test' }), 201).id;
      await services.prompts.createVersion(project, { author: 'user:test', isAdmin: true }, { name: 'say', type: 'text', template: 'say {{word}}', labels: ['staging'] });
    });
    beforeEach(() => listening.server.clock.advance(61_000)); // a fresh write-rate window per case
    after(async () => {
      await listening.close();
      await model.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    /** Runs the CLI while this process plays the server's worker (the test server starts none). */
    async function withWorker(args: string[]): Promise<CliResult> {
      const running = listening.startCli(args, { env });
      let done = false;
      const result = running.done.finally(() => {
        done = true;
      });
      while (!done) {
        await listening.server.runtime.services.serverRunPipeline.runOnce('cli-test-worker');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return result;
    }

    it('starts a server-side run of a registry prompt, follows it to completion and prints the run', async () => {
      const result = await withWorker(['experiments', 'run', '--server', '--dataset', datasetId, '--prompt', 'say@staging', '--connection', connectionId, '--name', 'cli server', '--concurrency', '2', '--scorers', '[{"name":"exact","kind":"exact_match"}]']);
      expect(result.code, result.stderr).to.equal(0);
      const runs = expectEnvelope<{ runs: (Json & { id: string; name: string; task: Json; status: string })[] }>(await api().get(`${DATASETS}/${datasetId}/runs`).set('x-api-key', key())).runs;
      const run = runs.find((r) => r.name === 'cli server')!;
      expect(run.status).to.equal('completed');
      expect(run.task).to.deep.include({ kind: 'prompt', promptName: 'say', promptVersion: 1, concurrency: 2 });
      expect(result.stdout).to.equal(`Run ${run.id} completed: 3 items, 0 failed.\nNo baseline run (mark one, or pass --baseline <run>): nothing to compare.\n`);
      const results = expectEnvelope<{ results: { output: string; scores: { name: string; value: boolean }[] }[] }>(await api().get(`${DATASETS}/${datasetId}/runs/${run.id}/results`).set('x-api-key', key())).results;
      expect(results.map((r) => r.output).sort()).to.deep.equal(WORDS.map((w) => `Echo: say ${w}`).sort());
      expect(results.every((r) => r.scores.length === 1 && r.scores[0]!.name === 'exact' && r.scores[0]!.value === true)).to.equal(true);
    });

    it('runs a template file', async () => {
      const template = path.join(dir, 'template.json');
      writeFileSync(template, JSON.stringify([{ role: 'user', content: 'say {{word}}' }]));
      const result = await withWorker(['experiments', 'run', '--server', '--dataset', datasetId, '--template', template, '--connection', connectionId, '--json']);
      expect(result.code, result.stderr).to.equal(0);
      const body = JSON.parse(result.stdout) as { run: { status: string; resultCount: number }; failedItems: number };
      expect(body.run).to.include({ status: 'completed', resultCount: 3 });
      expect(body.failedItems).to.equal(0);
    });

    it('exits 2 without a task form, with both, or with --task beside --server', async () => {
      for (const args of [
        ['--connection', connectionId],
        ['--prompt', 'say', '--template', 'x.json', '--connection', connectionId],
        ['--prompt', 'say', '--task', 'task.mjs', '--connection', connectionId],
        ['--prompt', 'say', '--connection', connectionId, '--concurrency', '17'],
      ]) {
        const result = await listening.cli(['experiments', 'run', '--server', '--dataset', datasetId, ...args], { env });
        expect(result.code, args.join(' ')).to.equal(2);
      }
    });

    it('exits 1 with the path when the server refuses the task (an unknown prompt)', async () => {
      const result = await listening.cli(['experiments', 'run', '--server', '--dataset', datasetId, '--prompt', 'missing@staging', '--connection', connectionId], { env });
      expect(result.code).to.equal(1);
      expect(result.stderr).to.contain('/body/task/prompt/label');
    });
  });
});
