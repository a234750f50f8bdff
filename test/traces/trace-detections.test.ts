import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { createDetection, drainDetections, ingest } from '../integration/support.js';

forEachAdapter((adapter) => {
  describe('GET /api/v1/public/traces/{traceId}/detections', () => {
    let server: TestServer;
    let detectionId: string;
    const get = (id: string, key?: string) => server.request().get(`/api/v1/public/traces/${id}/detections`).set('x-api-key', key ?? server.tenant.apiKey);
    const trace = (id: string, text: string) => ({
      trace_id: id,
      name: 'refund agent',
      spans: [{ span_id: 'answer', name: 'answer', span_type: 'LLM', status: 'success', output: { text } }],
    });

    before(async function () {
      this.timeout(60_000); // a server, a detection, two traces and a worker pass
      server = await startTestServer(adapter);
      detectionId = await createDetection(server, { slug: 'refund-promise', displayName: 'Refund promise', type: 'regex', severity: 'high', config: { pattern: 'refund\\s+guaranteed', flags: 'i' } });
      await ingest(server, trace('fired-1', 'Your refund guaranteed by Friday'));
      await ingest(server, trace('clean-1', 'We will look into it'));
      await drainDetections(server);
    });
    after(async () => server.close());

    it('lists the detection that fired, with the span that made it fire', async () => {
      const data = expectEnvelope<{ firings: Record<string, unknown>[] }>(await get('fired-1'));
      expect(data.firings).to.have.length(1);
      const { evidence, firedAt, ...rest } = data.firings[0];
      expect(rest).to.deep.equal({ detectionId, slug: 'refund-promise', displayName: 'Refund promise', type: 'regex', severity: 'high', spanId: 'answer', score: 1 });
      expect(evidence).to.be.an('object');
      expect(firedAt).to.equal(server.clock.now().toISOString());
    });

    it('answers an empty list for a trace nothing fired on', async () => {
      expect(expectEnvelope(await get('clean-1'))).to.deep.equal({ firings: [] });
    });

    it('answers 404 for an unknown trace and for another project', async () => {
      expectProblem(await get('missing'), 404, 'PUBLIC_API_NOT_FOUND');
      expectProblem(await get('fired-1', server.other.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
    });
  });
});
