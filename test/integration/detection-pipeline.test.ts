import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { Receiver } from '../webhooks/support.js';
import { bearer, createDetection, drainDetections, ingest, keyOf, span, verifiesStandardWebhook } from './support.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

interface ListedFix {
  id: string;
  status: string;
  title: string;
  label: string;
  creator: string;
  linkedTraceIds: string[];
}

forEachAdapter((adapter) => {
  describe('ingest → detection → fix → webhook', () => {
    let server: TestServer;
    let receiver: Receiver;

    before(async () => {
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      receiver = await new Receiver().start();
      const token = await server.oauthToken(server.tenant.user.id, ['configuration:write']);
      const res = await server
        .request()
        .post('/api/v1/public/webhooks')
        .set(bearer(token, server.tenant.project.id))
        .set('idempotency-key', randomUUID())
        .send({ name: 'Alerts', destinationUrl: receiver.url, eventTypes: ['alert.per_event_match'], secret: SECRET });
      expectEnvelope(res, 201);
    });
    after(async () => {
      await receiver.stop();
      await server.close();
    });
    beforeEach(async () => {
      // Each test starts with no detections, firings or fixes; the webhook stays.
      for (const table of ['detection_events', 'fix_traces', 'fix_transitions', 'fix_investigation_steps', 'fix_comments', 'fixes', 'detections']) {
        await server.runtime.database.knex(table).delete();
      }
      receiver.received.length = 0;
    });

    const fixes = async (): Promise<ListedFix[]> =>
      expectEnvelope<{ fixes: ListedFix[] }>(await server.request().get('/api/v1/public/fixes').set(keyOf(server))).fixes;
    const events = () => server.runtime.database.knex('detection_events').orderBy('trace_id');

    /** Ingests a firing and a clean trace, runs the worker and the dispatcher; returns what the receiver got. */
    async function runPipeline(firing: Record<string, unknown>, clean: Record<string, unknown>) {
      await ingest(server, firing);
      await ingest(server, clean);
      expect(await drainDetections(server)).to.deep.equal(['done', 'done']);
      expect(await server.runtime.services.webhookDispatcher.drain()).to.equal(1);
    }

    it('a pii detection fires on the leaking trace only: one event, one draft fix, one signed delivery', async () => {
      const detectionId = await createDetection(server, { slug: 'email-leak', displayName: 'Email leak', type: 'pii', severity: 'high', config: { kinds: ['email'] } });
      await runPipeline(
        { trace_id: 'leaky', name: 'support chat', spans: [span('s1', { output: { text: 'write to jane@example.com' } })] },
        { trace_id: 'clean', name: 'support chat', spans: [span('s1', { output: { text: 'no address here' } })] },
      );

      const rows = await events();
      expect(rows.map((r) => [r.detection_id, r.trace_id, r.span_id, Number(r.score)])).to.deep.equal([[detectionId, 'leaky', 's1', 1]]);

      const listed = await fixes();
      expect(listed).to.have.length(1);
      expect(listed[0]).to.include({ status: 'draft', title: 'Email leak', label: 'email-leak', creator: 'detector:email-leak' });
      expect(listed[0].linkedTraceIds).to.deep.equal(['leaky']);

      expect(receiver.received).to.have.length(1);
      const [{ headers, body }] = receiver.received;
      expect(verifiesStandardWebhook(SECRET, headers, body)).to.equal(true);
      const payload = JSON.parse(body);
      expect(payload).to.have.all.keys('id', 'type', 'createdAt', 'projectId', 'data');
      expect(payload).to.deep.include({ type: 'alert.per_event_match', projectId: server.tenant.project.id, createdAt: '2026-11-01T12:00:00.000Z' });
      expect(payload.data).to.deep.include({
        detectionId,
        detectionSlug: 'email-leak',
        detectionType: 'pii',
        severity: 'high',
        traceId: 'leaky',
        spanId: 's1',
        score: 1,
        fixId: listed[0].id,
      });
      expect(JSON.stringify(payload.data.evidence)).not.to.contain('jane@example.com');
    });

    it('a regex detection fires on the matching span only', async () => {
      const detectionId = await createDetection(server, { slug: 'refusal', displayName: 'Refusal', type: 'regex', config: { pattern: 'cannot help', flags: 'i', fields: ['output'] } });
      await runPipeline(
        { trace_id: 'refused', name: 'chat', spans: [span('a', { output: { text: 'fine' } }), span('b', { output: { text: 'I Cannot Help with that' } })] },
        { trace_id: 'helped', name: 'chat', spans: [span('a', { input: { text: 'cannot help' }, output: { text: 'sure' } })] },
      );
      expect((await events()).map((r) => [r.detection_id, r.trace_id, r.span_id])).to.deep.equal([[detectionId, 'refused', 'b']]);
      expect((await fixes()).map((f) => f.linkedTraceIds)).to.deep.equal([['refused']]);
      expect(JSON.parse(receiver.received[0].body).data).to.include({ traceId: 'refused', spanId: 'b', detectionSlug: 'refusal' });
    });

    it('a trace_rules detection fires through the saved-filter rule language on the trace’s own fields', async () => {
      await createDetection(server, {
        slug: 'slow-run',
        displayName: 'Slow run',
        type: 'trace_rules',
        config: { rules: [{ id: 'r1', field: 'latency_ms', operator: 'greater_than', value: 1000 }] },
      });
      // Trace latency is the sum of its root spans: 700 + 600 fires, 700 + 300 (= 1000, not above) does not.
      await runPipeline(
        { trace_id: 'slow', name: 'run', spans: [span('a', { latency_ms: 700 }), span('b', { latency_ms: 600 })] },
        { trace_id: 'fast', name: 'run', spans: [span('a', { latency_ms: 700 }), span('b', { latency_ms: 300 }), span('c', { parent_span_id: 'a', latency_ms: 5000 })] },
      );
      expect((await events()).map((r) => r.trace_id)).to.deep.equal(['slow']);
      expect((await fixes()).map((f) => [f.title, f.linkedTraceIds])).to.deep.equal([['Slow run', ['slow']]]);
      expect(JSON.parse(receiver.received[0].body).data).to.include({ traceId: 'slow', detectionType: 'trace_rules' });
    });

    it('rule detections accept numeric operands over REST; a bad node answers 400 naming its path', async () => {
      const res = await server
        .request()
        .post('/api/v1/public/detections')
        .set(keyOf(server))
        .send({ slug: 'bad-rule', displayName: 'Bad', type: 'trace_rules', config: { rules: [{ id: 'r', field: 'latency_ms', operator: 'greater_than', value: 'slow' }] } });
      const problem = expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect((problem.errors as { path: string }[]).map((e) => e.path)).to.deep.equal(['/body/config/rules/0/value']);
    });

    it('a conditional detection fires on the first span whose fields match every rule (model equals, retry_count greater_than)', async () => {
      await createDetection(server, {
        slug: 'gpt4o-retries',
        displayName: 'gpt-4o retry storm',
        type: 'conditional',
        config: {
          rules: [
            { id: 'm', field: 'model', operator: 'equals', value: 'gpt-4o' },
            { id: 'r', field: 'retry_count', operator: 'greater_than', value: 2 },
          ],
        },
      });
      await runPipeline(
        {
          trace_id: 'storm',
          name: 'agent',
          spans: [
            span('root', { span_type: 'AGENT' }),
            span('x', { parent_span_id: 'root', metadata: { model: 'gpt-4o', retry_count: 1 } }),
            span('y', { parent_span_id: 'root', metadata: { model: 'GPT-4o', retry_count: 3 } }),
          ],
        },
        {
          trace_id: 'calm',
          name: 'agent',
          // Each rule matches some span, but no one span matches both.
          spans: [span('x', { metadata: { model: 'gpt-4o', retry_count: 0 } }), span('y', { metadata: { model: 'claude', retry_count: 5 } })],
        },
      );
      expect((await events()).map((r) => [r.trace_id, r.span_id])).to.deep.equal([['storm', 'y']]);
      expect((await fixes()).map((f) => f.linkedTraceIds)).to.deep.equal([['storm']]);
      expect(JSON.parse(receiver.received[0].body).data).to.include({ traceId: 'storm', spanId: 'y', detectionType: 'conditional' });
    });
  });
});
