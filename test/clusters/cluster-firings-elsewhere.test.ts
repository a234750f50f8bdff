import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { createDetection, drainDetections, ingest } from '../integration/support.js';
import { JudgeStandIn } from '../evaluations/judge-stand-in.js';

type Cluster = { id: string; template: string; count: number; detectionIds: string[]; exampleTraceIds: string[] };
type Member = { traceId: string; detectionIds: string[] };

const CLUSTERS = '/api/v1/public/clusters';
const HOUR = 3_600_000;

const answer = (id: string, text: string, status = 'success') => ({
  trace_id: id,
  name: 'support agent',
  spans: [{ span_id: 'answer', name: 'answer', span_type: 'llm', status, output: { text }, ...(status === 'error' ? { error: 'model overloaded' } : {}) }],
});

/**
 * Firings recorded outside the detection worker — a backfill's, an evaluator-backed classifier's —
 * assign their traces to failure clusters as the worker would; and a split leaves the source only
 * the detections of the traces it keeps (docs/detections-learning.md#failure-clustering).
 */
forEachAdapter((adapter) => {
  describe('failure clusters and firings outside the detection worker', function () {
    this.timeout(120_000);
    let server: TestServer;
    let judge: JudgeStandIn;
    const key = () => ({ 'x-api-key': server.tenant.apiKey });
    const clusters = async () => expectEnvelope<{ clusters: Cluster[]; totalCount: number }>(await server.request().get(`${CLUSTERS}?limit=100`).set(key()));
    const members = async (id: string) => expectEnvelope<{ traces: Member[] }>(await server.request().get(`${CLUSTERS}/${id}/traces`).set(key())).traces;
    const backfill = async (detectionId: string) => {
      const now = server.clock.now().getTime();
      const body = { from: new Date(now - 2 * HOUR).toISOString(), to: new Date(now).toISOString() };
      expectEnvelope(await server.request().post(`/api/v1/public/detections/${detectionId}/backfills`).set(key()).send(body), 201);
      await server.runtime.scheduler.tick();
    };

    before(async () => {
      judge = await new JudgeStandIn().start();
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
    });
    after(async () => {
      await server.close();
      await judge.stop();
    });

    describe('a backfill', () => {
      it('assigns the traces it fires on, which the worker had not clustered, as the worker would (signature, detections)', async () => {
        await ingest(server, answer('promise-1', 'Your refund guaranteed by Friday'));
        await ingest(server, answer('promise-2', 'A refund guaranteed, promised'));
        await ingest(server, answer('calm-1', 'We will look into it'));
        await drainDetections(server);
        expect((await clusters()).totalCount).to.equal(0);
        server.clock.advance(60_000);
        const detectionId = await createDetection(server, { slug: 'refund-promise', displayName: 'Refund promise', type: 'regex', severity: 'high', config: { pattern: 'refund\\s+guaranteed', flags: 'i' } });
        await backfill(detectionId);
        const { clusters: listed, totalCount } = await clusters();
        expect(totalCount).to.equal(1);
        expect(listed[0]).to.deep.include({ template: 'fired refund-promise: llm answer', count: 2, detectionIds: [detectionId] });
        expect((await members(listed[0]!.id)).map((m) => [m.traceId, m.detectionIds]).sort()).to.deep.equal([
          ['promise-1', [detectionId]],
          ['promise-2', [detectionId]],
        ]);
      });

      it('adds its detection to a clustered trace and its cluster without moving the trace', async () => {
        await ingest(server, answer('failed-1', 'then the model failed', 'error'));
        await drainDetections(server);
        const failed = (await clusters()).clusters.find((c) => c.template === 'llm answer: model overloaded')!;
        expect(failed).to.deep.include({ count: 1, detectionIds: [] });
        server.clock.advance(60_000);
        const detectionId = await createDetection(server, { slug: 'then-failed', displayName: 'Then failed', type: 'regex', severity: 'low', config: { pattern: 'then the model failed', flags: 'i' } });
        await backfill(detectionId);
        const after = (await clusters()).clusters.find((c) => c.id === failed.id)!;
        expect(after).to.deep.include({ template: 'llm answer: model overloaded', count: 1, detectionIds: [detectionId] });
        expect((await members(failed.id)).map((m) => [m.traceId, m.detectionIds])).to.deep.equal([['failed-1', [detectionId]]]);
        expect((await clusters()).totalCount).to.equal(2);
      });
    });

    describe('an evaluator-backed classifier', () => {
      it('assigns the trace its judge fires on, in the transaction that records the firing', async () => {
        const connection = expectEnvelope<{ id: string }>(
          await server.request().post('/api/v1/public/model-connections').set(key()).send({ name: 'stand-in', baseUrl: judge.baseUrl, model: 'gpt-4o-mini', apiKey: 'sk-test' }),
          201,
        );
        const evaluator = expectEnvelope<{ id: string }>(
          await server.request().post('/api/v1/public/evaluators').set(key()).send({ name: 'judge', template: 'hallucination', modelConnectionId: connection.id }),
          201,
        );
        const detectionId = await createDetection(server, { slug: 'hallucination', displayName: 'Hallucination', type: 'classifier', severity: 'high', threshold: 0.8, config: { evaluatorId: evaluator.id } });
        await ingest(server, answer('moon-1', 'The moon is made of cheese.'));
        await ingest(server, answer('moon-2', 'The moon is rock.'));
        await drainDetections(server);
        for (let round = 0; round < 20 && (await server.runtime.services.evaluatorPipeline.runOnce('test')).length > 0; round++);
        const judged = (await clusters()).clusters.find((c) => c.template === 'fired hallucination: trace support_agent')!;
        expect(judged).to.deep.include({ count: 1, detectionIds: [detectionId], exampleTraceIds: ['moon-1'] });
      });
    });

    describe('a split', () => {
      it("leaves the source only the detections that fired on the traces it keeps; the new cluster takes the others'", async () => {
        const loud = await createDetection(server, { slug: 'loud', displayName: 'Loud', type: 'regex', severity: 'low', config: { pattern: 'LOUD', flags: '' } });
        for (const [i, text] of ['LOUD timeout', 'quiet timeout', 'quiet again'].entries()) {
          await ingest(server, { trace_id: `split-${i}`, name: 'splitter', spans: [{ span_id: 'call', name: 'fetch_page', span_type: 'tool', status: 'error', error: 'socket hang up', output: { text } }] });
        }
        await drainDetections(server);
        const source = (await clusters()).clusters.find((c) => c.template === 'tool fetch_page: socket hang up')!;
        expect(source).to.deep.include({ count: 3, detectionIds: [loud] });
        const created = expectEnvelope<Cluster>(await server.request().post(`${CLUSTERS}/${source.id}/split`).set(key()).send({ traceIds: ['split-0'] }), 201);
        expect(created).to.deep.include({ count: 1, detectionIds: [loud] });
        const kept = expectEnvelope<Cluster>(await server.request().get(`${CLUSTERS}/${source.id}`).set(key()));
        expect(kept).to.deep.include({ count: 2, detectionIds: [] });
      });

      it('keeps a detection that still fired on a trace the source keeps', async () => {
        const loud = (await clusters()).clusters.find((c) => c.template === 'tool fetch_page: socket hang up' && c.count === 1)!.detectionIds[0]!;
        for (const [i, text] of ['LOUD one', 'LOUD two', 'quiet three'].entries()) {
          await ingest(server, { trace_id: `keep-${i}`, name: 'keeper', spans: [{ span_id: 'call', name: 'parse_page', span_type: 'tool', status: 'error', error: 'bad markup', output: { text } }] });
        }
        await drainDetections(server);
        const source = (await clusters()).clusters.find((c) => c.template === 'tool parse_page: bad markup')!;
        expectEnvelope(await server.request().post(`${CLUSTERS}/${source.id}/split`).set(key()).send({ traceIds: ['keep-0', 'keep-2'] }), 201);
        expect(expectEnvelope<Cluster>(await server.request().get(`${CLUSTERS}/${source.id}`).set(key()))).to.deep.include({ count: 1, detectionIds: [loud] });
      });
    });
  });
});
