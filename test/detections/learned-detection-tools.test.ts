import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { labeledCorpus } from '../support/labeled-corpus.js';
import { expectEnvelope } from '../support/problem.js';

interface RpcBody {
  result?: { isError?: boolean; content?: { type: string; text: string }[] };
}

/** The learned-detection tools over the real tool server (/mcp), each mapped onto its contract operation. */
forEachAdapter((adapter) => {
  describe('learned detection tools', function () {
    this.timeout(60_000);
    let server: TestServer;
    let session: string;
    let detectionId: string;

    const rpc = (method: string, params: Record<string, unknown>, withSession = true) =>
      server
        .request()
        .post('/mcp')
        .set({ 'x-api-key': server.tenant.apiKey, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(withSession ? { 'mcp-session-id': session } : {}) })
        .send(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
    const call = async (name: string, args: Record<string, unknown>) => {
      const res = await rpc('tools/call', { name, arguments: args });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const body = res.body as RpcBody;
      return { isError: body.result!.isError === true, payload: JSON.parse(body.result!.content![0]!.text) as Record<string, unknown> };
    };

    before(async () => {
      server = await startTestServer(adapter);
      const res = await rpc('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'learned', version: '1' } }, false);
      session = res.headers['mcp-session-id'] as string;
      detectionId = expectEnvelope<{ id: string }>(
        await server.request().post('/api/v1/public/detections').set('x-api-key', server.tenant.apiKey).send({ slug: 'refusals', displayName: 'Refusals', type: 'custom_trained', config: { labelSource: { kind: 'upload' }, seed: 3 } }),
        201,
      ).id;
    });
    after(async () => server.close());

    describe('train_detection (trainDetection)', () => {
      it('queues a training with uploaded examples and answers the queued version in snake_case', async () => {
        const examples = labeledCorpus(300, 3, 0).map((e) => ({ fields: e.texts, label: e.label }));
        const { isError, payload } = await call('train_detection', { detection_id: detectionId, examples });
        expect(isError).to.equal(false);
        expect(payload).to.deep.include({ detection_id: detectionId, version: 1, status: 'queued', trigger: 'request', active: false, evaluation: null, examples: null, seed: 3 });
      });

      it('answers an isError 404 for an unknown detection', async () => {
        const { isError, payload } = await call('train_detection', { detection_id: randomUUID(), examples: [{ fields: { output: 'x' }, label: true }] });
        expect([isError, payload.status, payload.code]).to.deep.equal([true, 404, 'PUBLIC_API_NOT_FOUND']);
      });
    });

    describe('list_detection_models (listDetectionModels)', () => {
      it('answers the trained version with its hold-out evaluation in snake_case', async () => {
        await server.runtime.services.trainings.runOnce('tools-test');
        const { isError, payload } = await call('list_detection_models', { detection_id: detectionId });
        expect(isError).to.equal(false);
        const [model] = payload.models as Record<string, unknown>[];
        expect(model).to.deep.include({ version: 1, status: 'trained', active: true });
        const evaluation = model!.evaluation as Record<string, unknown>;
        expect(Object.keys(evaluation)).to.deep.equal(['threshold', 'precision', 'recall', 'f1', 'roc_auc', 'confusion_matrix', 'train', 'holdout']);
        expect(Object.keys(evaluation.confusion_matrix as object)).to.deep.equal(['true_positives', 'false_positives', 'true_negatives', 'false_negatives']);
        expect(payload.has_more).to.equal(false);
      });
    });

    describe('activate_detection_model (activateDetectionModel)', () => {
      it('activates a trained version and answers an isError 400 PUBLIC_API_INVALID_TRANSITION for a version that is not trained', async () => {
        expect((await call('activate_detection_model', { detection_id: detectionId, version: 1 })).payload).to.deep.include({ version: 1, active: true });
        await call('train_detection', { detection_id: detectionId, examples: [{ fields: { output: 'only one' }, label: true }] });
        await server.runtime.services.trainings.runOnce('tools-test');
        const { isError, payload } = await call('activate_detection_model', { detection_id: detectionId, version: 2 });
        expect([isError, payload.status, payload.code]).to.deep.equal([true, 400, 'PUBLIC_API_INVALID_TRANSITION']);
      });
    });
  });
});
