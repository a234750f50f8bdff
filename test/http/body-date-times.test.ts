import { expect } from 'chai';
import type { Response } from 'supertest';
import { loadContract, validationContract } from '../../src/http/contract.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { ingest } from '../evaluations/support.js';

/**
 * Date-times RFC 3339 allows and `Date.parse` cannot read, before and after the harness clock's
 * 2026-11-01T12:00Z: a leap second and an hour-only offset.
 */
const UNREADABLE_PAST = ['2026-06-30T23:59:60Z', '2026-10-31T11:07:00+01'];
const UNREADABLE_FUTURE = ['2026-12-31T23:59:60Z', '2026-11-02T11:07:00+01'];

/** The field errors of a 400 Problem, as [path, code]. */
function fieldErrors(res: Response): [string, string][] {
  const body = expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
  return (body.errors as { path: string; code: string }[]).map((e) => [e.path, e.code]);
}

/** Every node `format: <format>` of a JSON document, as its JSON pointer. */
function formatPointers(node: unknown, format: string, pointer = ''): string[] {
  if (!node || typeof node !== 'object') return [];
  const own = (node as Record<string, unknown>).format === format ? [pointer] : [];
  return [...own, ...Object.entries(node).flatMap(([key, value]) => formatPointers(value, format, `${pointer}/${key}`))];
}

describe('the contract the request validator reads (date-times)', () => {
  it('checks every date-time with the validator’s date-time rule, except a span’s start time, left to ingestion', () => {
    const served = formatPointers(loadContract(), 'date-time');
    expect(served).to.include.members(['/components/schemas/SpanInput/properties/start_time', '/components/schemas/Timestamp']);
    const spanStartTime = '/components/schemas/SpanInput/properties/start_time';
    expect(formatPointers(validationContract(), 'date-time')).to.deep.equal(served.filter((pointer) => pointer !== spanStartTime));
    expect(formatPointers(validationContract(), 'rfc3339-date-time')).to.deep.equal([spanStartTime]);
  });
});

forEachAdapter((adapter) => {
  describe('body date-times Date.parse cannot read', () => {
    let server: TestServer;
    const key = () => server.tenant.apiKey;
    const post = (path: string, body: object) => server.request().post(`/api/v1/public${path}`).set('x-api-key', key()).send(body);
    let detectionId: string;
    let queueId: string;

    before(async () => {
      server = await startTestServer(adapter);
      const projectId = server.tenant.project.id;
      detectionId = (
        await server.runtime.services.detections.create(projectId, {
          slug: 'slow-llm', displayName: 'Slow LLM span', type: 'conditional', threshold: 0.5, severity: 'medium',
          config: { rules: [{ id: 'r1', field: 'latency_ms', operator: 'greater_than', value: 5000 }] },
        })
      ).id;
      // A queue with a member and a trace, so a batch's only fault can be its date-times.
      const alice = (await server.runtime.services.provisioning.createUser('alice@example.com', 'Alice', [{ organizationId: server.tenant.organization.id, role: 'member' }])).id;
      queueId = expectEnvelope<{ id: string }>(await post('/annotation-queues', { name: 'Quality', scoreConfig: { name: 'quality', dataType: 'numeric', min: 1, max: 5 } }), 201).id;
      expectEnvelope(await post(`/annotation-queues/${queueId}/members`, { userId: alice }), 201);
      await ingest(server, key(), { trace_id: 'a-1', spans: [{ span_id: 'root', output: { answer: 'a' } }] });
    });
    after(async () => server.close());

    describe('POST /api/v1/public/detections/{id}/backfills (createDetectionBackfill)', () => {
      for (const value of UNREADABLE_PAST) {
        it(`answers 400 naming /body/from, then /body/to, for ${value}`, async () => {
          const path = `/detections/${detectionId}/backfills`;
          expect(fieldErrors(await post(path, { from: value, to: '2026-10-31T12:00:00Z' }))).to.deep.equal([['/body/from', 'format']]);
          expect(fieldErrors(await post(path, { from: '2026-10-01T12:00:00Z', to: value }))).to.deep.equal([['/body/to', 'format']]);
        });
      }
    });

    describe('POST /api/v1/public/api-keys (createApiKey)', () => {
      for (const value of UNREADABLE_FUTURE) {
        it(`answers 400 naming /body/expiresAt for ${value}`, async () => {
          const res = await server.request().post('/api/v1/public/api-keys').set('x-api-key', server.tenant.orgApiKey).set('x-project-id', server.tenant.project.id).send({ name: 'expiring', expiresAt: value });
          expect(fieldErrors(res)).to.deep.equal([['/body/expiresAt', 'format']]);
        });
      }
    });

    describe('POST /api/v1/public/annotation-queues/{id}/batches (createAnnotationBatch)', () => {
      for (const value of UNREADABLE_FUTURE) {
        it(`answers 400 naming /body/deadline, then /body/remindAt, for ${value}`, async () => {
          const path = `/annotation-queues/${queueId}/batches`;
          const items = [{ traceId: 'a-1' }];
          expect(fieldErrors(await post(path, { items, deadline: value }))).to.deep.equal([['/body/deadline', 'format']]);
          expect(fieldErrors(await post(path, { items, deadline: '2026-11-03T12:00:00Z', remindAt: value }))).to.deep.equal([['/body/remindAt', 'format']]);
        });
      }
    });

    describe('POST /api/v1/public/monitors and PATCH /api/v1/public/monitors/{id} (mutedUntil)', () => {
      // A Timestamp or null: each branch of the oneOf reports its own error, all at the field. (A
      // Timestamp ends in Z, so an hour-only offset was refused by its pattern already.)
      const atMutedUntil = (res: Response) => {
        const errors = fieldErrors(res);
        expect(errors.map(([path]) => path)).to.deep.equal(errors.map(() => '/body/mutedUntil'));
        expect(errors.map(([, code]) => code)).to.include('format');
      };

      it('answers 400 naming /body/mutedUntil for 2026-12-31T23:59:60Z', async () => {
        const monitor = { name: 'Errors', kind: 'threshold', metric: 'error_rate', windowSeconds: 300, condition: { operator: 'gt', threshold: 0.2 } };
        atMutedUntil(await post('/monitors', { ...monitor, mutedUntil: UNREADABLE_FUTURE[0] }));
        const { id } = expectEnvelope<{ id: string }>(await post('/monitors', monitor), 201);
        atMutedUntil(await server.request().patch(`/api/v1/public/monitors/${id}`).set('x-api-key', key()).send({ mutedUntil: UNREADABLE_FUTURE[0] }));
      });
    });

    describe('POST /api/v1/public/traces and /traces/batch (span start times: ingestion’s rule)', () => {
      for (const value of UNREADABLE_PAST) {
        it(`answers 400 invalid_time naming the span’s start time for ${value}, as before`, async () => {
          const trace = { name: 't', spans: [{ span_id: 'r', name: 'r', span_type: 'AGENT', status: 'success', start_time: value }] };
          expect(fieldErrors(await post('/traces', trace))).to.deep.equal([['/spans/0/start_time', 'invalid_time']]);
          expect(fieldErrors(await post('/traces/batch', { traces: [trace] }))).to.deep.equal([['/traces/0/spans/0/start_time', 'invalid_time']]);
        });
      }
    });
  });
});
