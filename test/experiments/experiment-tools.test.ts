import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { experimentToolMappings } from '../../src/tools/experiment-tools.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { rejectionOf } from '../support/rejection.js';
import { tool, toolContext, toolsOver } from '../support/tool-context.js';

type Json = Record<string, unknown>;

// Darwin's differences (SciPy's `scipy.stats.wilcoxon` documentation: exact p = 0.041259765625).
const DARWIN = [6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75];

forEachAdapter((adapter) => {
  describe('experiment tools', function () {
    this.timeout(60_000);
    let server: TestServer;
    let datasetId: string;
    let baselineId: string;
    let candidateId: string;
    const call = (name: string, input: Json) => tool(toolsOver(server, experimentToolMappings()), name).handler(input, toolContext(server, server.tenant)) as Promise<Json>;

    before(async () => {
      server = await startTestServer(adapter);
      const projectId = server.tenant.project.id;
      const { datasets, experimentRuns } = server.runtime.services;
      datasetId = (await datasets.create(projectId, { name: 'darwin' })).dataset.id;
      const items: string[] = [];
      for (const [i] of DARWIN.entries()) {
        server.clock.advance(1);
        items.push((await datasets.createItem(projectId, datasetId, { input: { n: i }, expectedOutput: 'ok' })).id);
      }
      const runWith = async (values: number[]) => {
        const { run } = await experimentRuns.create(projectId, datasetId, { name: `run-${randomUUID()}` });
        await experimentRuns.recordResults(projectId, datasetId, run.id, 'user:seed', items.map((itemId, i) => ({ itemId, scores: [{ name: 'quality', value: values[i]! }] })));
        return run.id;
      };
      baselineId = await runWith(DARWIN.map(() => 100));
      server.clock.advance(1);
      candidateId = await runWith(DARWIN.map((d) => 100 + d));
    });
    after(async () => server.close());

    describe('list_datasets (listDatasets)', () => {
      it('lists the datasets with their version and item count', async () => {
        const result = await call('list_datasets', {});
        expect(result.datasets).to.deep.equal([{ dataset_id: datasetId, name: 'darwin', description: null, version: 15, item_count: 15, updated_at: (result.datasets as Json[])[0]!.updated_at }]);
        expect(result.has_more).to.equal(false);
      });
    });

    describe('get_dataset_items (listDatasetItems)', () => {
      it('reads the items as of a version', async () => {
        const result = await call('get_dataset_items', { dataset_id: datasetId, version: 2 });
        expect(result.dataset_version).to.equal(2);
        expect((result.items as Json[]).map((i) => i.input)).to.deep.equal([{ n: 0 }, { n: 1 }]);
      });

      it('answers the operation’s 404 for an unknown dataset', async () => {
        expect(await rejectionOf(call('get_dataset_items', { dataset_id: randomUUID() }))).to.include({ status: 404, code: 'PUBLIC_API_NOT_FOUND' });
      });
    });

    describe('list_experiment_runs (listExperimentRuns)', () => {
      it('lists the runs newest first with their progress', async () => {
        const result = await call('list_experiment_runs', { dataset_id: datasetId });
        expect((result.runs as Json[]).map((r) => [r.run_id, r.status, r.item_count, r.result_count])).to.deep.equal([
          [candidateId, 'running', 15, 15],
          [baselineId, 'running', 15, 15],
        ]);
      });
    });

    describe('compare_experiment_runs (compareExperimentRuns)', () => {
      it('answers the comparison: SciPy’s documented p-value, significant and improved', async () => {
        const result = await call('compare_experiment_runs', { dataset_id: datasetId, baseline: baselineId, candidate: [candidateId] });
        const [quality] = result.comparisons as Json[];
        expect(quality).to.include({ score: 'quality', candidate_run_id: candidateId, pairs: 15, p_value: 0.041259765625, adjusted_p_value: 0.041259765625, significant: true, direction: 'improved' });
      });

      it("judges at the project's experimentAlpha when no alpha is given, and at the given one otherwise", async () => {
        await server.runtime.store.projects.update(server.tenant.project.id, { experimentAlpha: 0.04 }, server.clock.now());
        try {
          const strict = await call('compare_experiment_runs', { dataset_id: datasetId, baseline: baselineId, candidate: [candidateId] });
          expect(strict.alpha).to.equal(0.04);
          expect((strict.comparisons as Json[])[0]).to.include({ p_value: 0.041259765625, significant: false, direction: 'unchanged' });
          const given = await call('compare_experiment_runs', { dataset_id: datasetId, baseline: baselineId, candidate: [candidateId], alpha: 0.05 });
          expect(given.alpha).to.equal(0.05);
          expect((given.comparisons as Json[])[0]).to.include({ significant: true, direction: 'improved' });
        } finally {
          await server.runtime.store.projects.update(server.tenant.project.id, { experimentAlpha: 0.05 }, server.clock.now());
        }
      });

      it('answers the operation’s 404 for an unknown candidate run', async () => {
        const error = await rejectionOf(call('compare_experiment_runs', { dataset_id: datasetId, baseline: baselineId, candidate: [randomUUID()] }));
        expect(error).to.include({ status: 404, code: 'PUBLIC_API_NOT_FOUND' });
      });
    });

    describe('start_experiment_run (createExperimentRun)', () => {
      /** A connection stored as is: the tool only starts the run (no worker runs in this file), so it is never called. */
      async function connection(): Promise<string> {
        const id = randomUUID();
        await server.runtime.store.modelConnections.insert({ id, projectId: server.tenant.project.id, name: `c-${id}`, baseUrl: 'https://models.example/v1', model: 'gpt-4o-mini', apiKeyCiphertext: 'sealed', createdAt: server.clock.now() });
        return id;
      }

      it('starts a server-side run over the items of the dataset and answers it running', async () => {
        const modelConnectionId = await connection();
        const result = await call('start_experiment_run', { dataset_id: datasetId, name: 'agent run', task: { messages: [{ role: 'user', content: 'n is {{n}}' }], modelConnectionId, concurrency: 2 } });
        expect(result).to.deep.include({ name: 'agent run', status: 'running', dataset_version: 15, item_count: 15, result_count: 0 });
        expect(result.task).to.deep.include({ kind: 'template', modelConnectionId, model: 'gpt-4o-mini', concurrency: 2 });
        expect(await server.runtime.store.experimentJobs.pendingCount(result.run_id as string)).to.equal(15);
      });

      it('answers the operation’s 400 with the path for a task with both forms', async () => {
        const modelConnectionId = await connection();
        const error = await rejectionOf(call('start_experiment_run', { dataset_id: datasetId, name: 'r', task: { messages: [{ role: 'user', content: 'x' }], prompt: { name: 'p' }, modelConnectionId } }));
        expect(error).to.include({ status: 400, code: 'PUBLIC_API_VALIDATION_FAILED' });
        expect((error as unknown as { errors: { path: string }[] }).errors[0]!.path).to.equal('/body/task/messages');
      });
    });
  });
});
