import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { detectionServicesFor } from '../support/detection-fixtures.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { insertTrace } from '../support/trace-fixtures.js';

const PATH = '/api/v1/public/fixes';

forEachAdapter((adapter) => {
  describe('fixes REST', () => {
    let server: TestServer;
    let fixId: string;

    before(async () => {
      server = await startTestServer(adapter);
      const services = detectionServicesFor(server);
      const projectId = server.tenant.project.id;
      await services.detections.create(projectId, { slug: 'email', displayName: 'Email leak', type: 'pii', severity: 'high', config: { kinds: ['email'] } });
      await insertTrace(server.runtime.database.knex, { projectId, id: 'leak-1', name: 'support chat', createdAt: server.clock.now(), spans: [{ spanId: 's', output: 'a@b.co' }] });
      await server.runtime.store.transaction((tx) => services.detectionEvaluation.enqueueTraceEvaluation(tx, [{ projectId, traceId: 'leak-1' }]));
      await services.detectionEvaluation.runOnce('w');
      fixId = (await server.runtime.store.fixes.listByOffset(projectId, {}, 0, 1)).fixes[0].id;
    });
    after(async () => server.close());

    it('GET /fixes lists the draft fix a detection created, filtered by status', async () => {
      const data = expectEnvelope<{ fixes: Record<string, unknown>[]; page: unknown }>(await server.request().get(PATH).query({ status: 'draft' }).set('x-api-key', server.tenant.apiKey));
      expect(data.fixes).to.have.length(1);
      expect(data.fixes[0]).to.include({ id: fixId, status: 'draft', severity: 'high', label: 'email', confidence: 1, creator: 'detector:email' });
      expect(data.fixes[0].linkedTraceIds).to.deep.equal(['leak-1']);
      expect(data.page).to.deep.equal({ hasMore: false, limit: 20, nextCursor: null });
      const open = expectEnvelope<{ fixes: unknown[] }>(await server.request().get(PATH).query({ status: 'open' }).set('x-api-key', server.tenant.apiKey));
      expect(open.fixes).to.deep.equal([]);
    });

    it('GET /fixes/{id} returns linked traces with accuracy and comments; 404 for another project', async () => {
      const data = expectEnvelope<Record<string, unknown>>(await server.request().get(`${PATH}/${fixId}`).set('x-api-key', server.tenant.apiKey));
      expect(data.linkedTraces).to.deep.equal([{ traceId: 'leak-1', name: 'support chat', accuracy: 1, url: '/traces/leak-1' }]);
      expect(data).to.include({ feedback: null, rootCause: null, dispatchStatus: null });
      expectProblem(await server.request().get(`${PATH}/${fixId}`).set('x-api-key', server.other.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
    });

    it('POST /fixes/{id}/comments adds a comment by the caller', async () => {
      const res = await server.request().post(`${PATH}/${fixId}/comments`).set('x-api-key', server.tenant.apiKey).send({ text: 'On it.' });
      const comment = expectEnvelope<Record<string, unknown>>(res, 201);
      expect(comment).to.deep.equal({ id: comment.id, author: `user:${server.tenant.user.id}`, text: 'On it.', createdAt: '2026-11-01T12:00:00.000Z' });
      const fix = expectEnvelope<{ comments: unknown[] }>(await server.request().get(`${PATH}/${fixId}`).set('x-api-key', server.tenant.apiKey));
      expect(fix.comments).to.deep.equal([comment]);
      expectProblem(await server.request().post(`${PATH}/${fixId}/comments`).set('x-api-key', server.tenant.apiKey).send({ text: '' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
    });

    it('announces notification.comment_created with the comment', async () => {
      const services = detectionServicesFor(server);
      const comment = await services.fixes.addComment(server.tenant.project.id, fixId, 'ping', 'user:x');
      expect(services.published.events).to.deep.equal([
        { type: 'notification.comment_created', projectId: server.tenant.project.id, occurredAt: comment.createdAt, data: { fixId, commentId: comment.id, author: 'user:x', text: 'ping' } },
      ]);
    });
  });
});
