import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { ManualClock } from '../../src/clock.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { createRequest, Receiver, writerOf } from '../webhooks/support.js';

type Json = Record<string, unknown>;
type Comparison = Json & { pValue: number; adjustedPValue: number; significant: boolean; direction: string };

const DATASETS = '/api/v1/public/datasets';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

// Darwin's paired plant heights (Fisher, The Design of Experiments, 1935), the example of SciPy's
// `scipy.stats.wilcoxon` documentation: exact two-sided p = 0.041259765625 — significant at 0.05,
// not at 0.04 or below. A baseline scores 100 on 15 items and the candidate 100 + d.
const DARWIN = [6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75];
const DARWIN_P = 0.041259765625;

forEachAdapter((adapter) => {
  describe("the project's experimentAlpha", function () {
    this.timeout(60_000);
    let server: TestServer;
    let receiver: Receiver;
    const key = () => server.tenant.apiKey;
    const post = (path: string, body: object) => server.request().post(`${DATASETS}${path}`).set('x-api-key', key()).send(body);
    const patchRun = (path: string, body: object) => server.request().patch(`${DATASETS}${path}`).set('x-api-key', key()).send(body);
    const patchProject = (body: object) => server.request().patch('/api/v1/public/project').set('x-api-key', key()).send(body);
    const compare = (datasetId: string, query: Record<string, string | number>) => server.request().get(`${DATASETS}/${datasetId}/runs/compare`).set('x-api-key', key()).query(query);

    /** A dataset with a completed baseline run (100 everywhere) and a running candidate scored 100 + Darwin's differences. */
    async function darwinRuns(): Promise<{ id: string; baseline: string; candidate: string }> {
      const id = expectEnvelope<{ id: string }>(await post('', { name: `darwin-${Math.random()}` }), 201).id;
      const items: string[] = [];
      for (let i = 0; i < DARWIN.length; i += 1) items.push((await server.runtime.services.datasets.createItem(server.tenant.project.id, id, { input: { n: i } })).id);
      const run = async (name: string, values: number[], baseline: boolean) => {
        const runId = expectEnvelope<{ id: string }>(await post(`/${id}/runs`, { name, baseline }), 201).id;
        expectEnvelope(await post(`/${id}/runs/${runId}/results`, { results: items.map((itemId, i) => ({ itemId, scores: [{ name: 'quality', value: values[i]! }] })) }));
        return runId;
      };
      const baseline = await run('baseline', DARWIN.map(() => 100), true);
      expectEnvelope(await patchRun(`/${id}/runs/${baseline}`, { status: 'completed' }));
      const candidate = await run('candidate', DARWIN.map((d) => 100 + d), false);
      return { id, baseline, candidate };
    }

    before(async () => {
      // Standard Webhooks receivers check the signed timestamp against their own clock: run this server at real time.
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' }, clock: new ManualClock(new Date(Math.floor(Date.now() / 1000) * 1000)) });
      receiver = await new Receiver().start();
    });
    after(async () => {
      await receiver.stop();
      await server.close();
    });

    describe('PATCH /api/v1/public/project (updateProject) experimentAlpha', () => {
      it('is 0.05 until changed, then answers the stored value on PATCH and GET', async () => {
        expect(expectEnvelope<{ experimentAlpha: number }>(await server.request().get('/api/v1/public/project').set('x-api-key', key())).experimentAlpha).to.equal(0.05);
        expect(expectEnvelope<{ experimentAlpha: number }>(await patchProject({ experimentAlpha: 0.5 })).experimentAlpha).to.equal(0.5);
        expect(expectEnvelope<{ experimentAlpha: number }>(await server.request().get('/api/v1/public/project').set('x-api-key', key())).experimentAlpha).to.equal(0.5);
        expect(expectEnvelope<{ experimentAlpha: number }>(await patchProject({ experimentAlpha: 0.05 })).experimentAlpha).to.equal(0.05);
      });

      for (const [label, value] of [['0', 0], ['a negative number', -0.1], ['more than 0.5', 0.51], ['null', null]] as const) {
        it(`refuses ${label} with 400 at /body/experimentAlpha and keeps the stored value`, async () => {
          const body = expectProblem(await patchProject({ experimentAlpha: value }), 400, 'PUBLIC_API_VALIDATION_FAILED');
          expect((body.errors as { path: string }[]).map((e) => e.path)).to.include('/body/experimentAlpha');
          expect(expectEnvelope<{ experimentAlpha: number }>(await server.request().get('/api/v1/public/project').set('x-api-key', key())).experimentAlpha).to.equal(0.05);
        });
      }
    });

    describe('GET /api/v1/public/datasets/{id}/runs/compare (compareExperimentRuns) without alpha', () => {
      it("judges at the project's alpha, and a given alpha still wins", async () => {
        const { id, baseline, candidate } = await darwinRuns();
        expectEnvelope(await patchProject({ experimentAlpha: 0.04 }));
        try {
          const strict = expectEnvelope<{ alpha: number; comparisons: Comparison[] }>(await compare(id, { baseline, candidate }));
          expect(strict.alpha).to.equal(0.04);
          expect(strict.comparisons[0]).to.include({ pValue: DARWIN_P, significant: false, direction: 'unchanged' });
          const given = expectEnvelope<{ alpha: number; comparisons: Comparison[] }>(await compare(id, { baseline, candidate, alpha: 0.05 }));
          expect(given.alpha).to.equal(0.05);
          expect(given.comparisons[0]).to.include({ pValue: DARWIN_P, significant: true, direction: 'improved' });
        } finally {
          expectEnvelope(await patchProject({ experimentAlpha: 0.05 }));
        }
      });
    });

    describe('notification.experiment_significant at the project alpha', () => {
      it('stays silent when p is above the project alpha, and reports that alpha when p is below it', async () => {
        const caller = await writerOf(server);
        expectEnvelope(await createRequest(server, caller, { name: 'Experiments', destinationUrl: receiver.url, eventTypes: ['notification.experiment_significant'], secret: SECRET }), 201);
        try {
          expectEnvelope(await patchProject({ experimentAlpha: 0.04 }));
          const quiet = await darwinRuns();
          expectEnvelope(await patchRun(`/${quiet.id}/runs/${quiet.candidate}`, { status: 'completed' }));
          await server.runtime.services.webhookDispatcher.drain();
          expect(receiver.received).to.have.length(0);

          expectEnvelope(await patchProject({ experimentAlpha: 0.045 }));
          const loud = await darwinRuns();
          expectEnvelope(await patchRun(`/${loud.id}/runs/${loud.candidate}`, { status: 'completed' }));
          await server.runtime.services.webhookDispatcher.drain();
          const verifier = new Webhook(SECRET);
          const bodies = receiver.received.map((r) => verifier.verify(r.body, r.headers as Record<string, string>) as { type: string; data: Json });
          expect(bodies.map((b) => [b.type, b.data.runId, b.data.alpha, b.data.adjustedPValue, b.data.direction])).to.deep.equal([
            ['notification.experiment_significant', loud.candidate, 0.045, DARWIN_P, 'improved'],
          ]);
        } finally {
          expectEnvelope(await patchProject({ experimentAlpha: 0.05 }));
        }
      });
    });
  });
});
