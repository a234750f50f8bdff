import { expect } from 'chai';
import express from 'express';
import supertest from 'supertest';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { otlpRouter } from '../../src/http/otlp-router.js';
import { loadOtlpSettings } from '../../src/domain/otlp/otlp-settings.js';
import type { OtlpTraceExport } from '../../src/domain/otlp/otlp-trace-export.js';
import { binaryParser, decodeResponse, decodeStatus, gzip, hexId, otlpJson, otlpProto, type TestSpan } from './otlp-bodies.js';

interface SpanNode {
  spanId: string;
  name: string;
  children: SpanNode[];
}

forEachAdapter((adapter) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(adapter, { env: { OTLP_MAX_BODY_BYTES: '262144', OTLP_MAX_DECOMPRESSED_BYTES: '1048576', TRACE_SETTLE_MS: '30000' } });
  });
  after(async () => server.close());

  const projectId = () => server.tenant.project.id;
  const postProto = (body: Buffer, headers: Record<string, string> = { 'x-api-key': server.tenant.apiKey }) =>
    server.request().post('/v1/traces').set(headers).set('content-type', 'application/x-protobuf').buffer(true).parse(binaryParser).send(body);
  const postJson = (body: unknown, headers: Record<string, string> = { 'x-api-key': server.tenant.apiKey }) =>
    server.request().post('/v1/traces').set(headers).set('content-type', 'application/json').send(typeof body === 'string' ? body : JSON.stringify(body));
  const getTrace = async (id: string) =>
    expectEnvelope<{ spanCount: number; status: string; cost: number; name: string; latencyMs: number; spans: SpanNode[] }>(
      await server.request().get(`/api/v1/public/traces/${id}`).set('x-api-key', server.tenant.apiKey),
      200,
    );

  describe('POST /v1/traces — traces assembled across requests', () => {
    const traceId = hexId(0xa1, 16);
    const id = (n: number) => hexId(0xb0 + n, 8);
    const spans: TestSpan[] = [
      { traceId, spanId: id(0), name: 'run', startMs: 0, durationMs: 900 },
      { traceId, spanId: id(1), parentSpanId: id(0), name: 'plan', startMs: 10, durationMs: 300, attributes: { 'openinference.span.kind': 'CHAIN' } },
      { traceId, spanId: id(2), parentSpanId: id(1), name: 'llm zebraword', startMs: 20, durationMs: 200, attributes: { 'openinference.span.kind': 'LLM', 'llm.model_name': 'm', 'llm.token_count.prompt': 10, 'llm.token_count.completion': 5, 'llm.cost.total': 0.25 } },
      { traceId, spanId: id(3), parentSpanId: id(0), name: 'tool', startMs: 400, durationMs: 100, attributes: { 'openinference.span.kind': 'TOOL' }, status: { code: 2, message: 'tool broke' } },
      { traceId, spanId: id(4), parentSpanId: id(0), name: 'answer', startMs: 600, durationMs: 200, attributes: { 'openinference.span.kind': 'LLM', 'llm.model_name': 'm', 'llm.token_count.prompt': 7, 'llm.token_count.completion': 3, 'llm.cost.total': 0.5 } },
    ];

    it('keeps an orphan span (its parent not yet sent) at the root level, answering 200 with an empty response', async () => {
      const res = await postProto(otlpProto([spans[2], spans[4]]));
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.match(/^application\/x-protobuf/);
      expect(decodeResponse(res.body as Buffer)).to.deep.equal({});
      const view = await getTrace(traceId);
      expect(view.spanCount).to.equal(2);
      expect(view.spans.map((s) => s.name).sort()).to.deep.equal(['answer', 'llm zebraword']);
    });

    it('links the orphan under its parent when it arrives, in a JSON export', async () => {
      const res = await postJson(otlpJson([spans[1], spans[3]]));
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.match(/^application\/json/);
      expect(res.body).to.deep.equal({});
      const view = await getTrace(traceId);
      expect(view.spanCount).to.equal(4);
      const plan = view.spans.find((s) => s.name === 'plan')!;
      expect(plan.children.map((c) => c.name)).to.deep.equal(['llm zebraword']);
    });

    it('completes the trace with the root; a retried export stores nothing twice; totals are recomputed', async () => {
      expect((await postProto(otlpProto([spans[0]]))).status).to.equal(200);
      expect((await postProto(otlpProto([spans[2], spans[4]]))).status).to.equal(200); // the exporter's retry
      const view = await getTrace(traceId);
      expect(view).to.deep.include({ spanCount: 5, status: 'error', name: 'run', latencyMs: 900 });
      expect(view.cost).to.be.closeTo(0.75, 1e-12);
      expect(view.spans).to.have.length(1);
      expect(view.spans[0].children.map((c) => c.name)).to.deep.equal(['plan', 'tool', 'answer']);
      const record = (await server.runtime.store.traces.findById(projectId(), traceId))!;
      expect(record).to.deep.include({ totalTokens: 25, errorMessage: 'tool broke' });
      const [{ n }] = await server.runtime.database.knex('spans').where({ project_id: projectId(), trace_id: traceId }).count<{ n: number }[]>({ n: '*' });
      expect(Number(n)).to.equal(5);
    });

    it('rewrites the search document as spans arrive (a late span name is found)', async () => {
      const result = await server.runtime.services.traceSearch.search(projectId(), { query: 'zebraword' });
      expect(result.traces.map((t) => t.id)).to.deep.equal([traceId]);
      expect(result.totalCount).to.equal(1);
    });

    it('schedules one settled detection evaluation per trace, pushed back by later spans, claimable after the settle time', async () => {
      const jobs = await server.runtime.database.knex('detection_jobs').where({ project_id: projectId(), trace_id: traceId, status: 'pending' });
      expect(jobs).to.have.length(1);
      expect(Number(jobs[0].lease_expires_at)).to.equal(server.clock.now().getTime() + 30_000);
      const evaluation = server.runtime.services.detectionEvaluation;
      expect(await evaluation.runOnce('early')).to.deep.equal([]);
      server.clock.advance(30_000);
      expect(await evaluation.runOnce('settled')).to.deep.equal(['done']);
      // A late span after the evaluation schedules another.
      const late: TestSpan = { traceId, spanId: id(5), parentSpanId: id(0), name: 'late', startMs: 850 };
      expect((await postJson(otlpJson([late]))).status).to.equal(200);
      expect(await server.runtime.database.knex('detection_jobs').where({ project_id: projectId(), trace_id: traceId, status: 'pending' })).to.have.length(1);
    });
  });

  describe('POST /v1/traces — partial success, encodings, limits and failures', () => {
    it('answers 200 with partialSuccess (rejectedSpans, errorMessage) for spans refused one by one, storing the rest', async () => {
      const traceId = hexId(0xc1, 16);
      const body = otlpJson([
        { traceId, spanId: hexId(0xc2, 8), name: 'good' },
        { traceId, spanId: 'not-hex!', name: 'bad span id' },
        { traceId: '0'.repeat(32), spanId: hexId(0xc3, 8), name: 'zero trace id' },
      ]);
      const res = await postJson(body);
      expect(res.status).to.equal(200);
      expect(res.body.partialSuccess.rejectedSpans).to.equal('2');
      expect(res.body.partialSuccess.errorMessage).to.equal('span "bad span id": span_id must be 8 bytes, not all zero; span "zero trace id": trace_id must be 16 bytes, not all zero');
      expect((await getTrace(traceId)).spanCount).to.equal(1);
    });

    it('answers partial success in protobuf too, decoded with the generated response type', async () => {
      const traceId = hexId(0xc4, 16);
      const res = await postProto(otlpProto([{ traceId, spanId: hexId(0xc5, 8), parentSpanId: hexId(0xc5, 8), name: 'self parent' }]));
      expect(res.status).to.equal(200);
      expect(decodeResponse(res.body as Buffer)).to.deep.equal({ partialSuccess: { rejectedSpans: 1, errorMessage: 'span "self parent": a span cannot be its own parent' } });
    });

    it('accepts Content-Encoding: gzip', async () => {
      const traceId = hexId(0xd1, 16);
      const res = await server.request().post('/v1/traces').set('x-api-key', server.tenant.apiKey).set('content-type', 'application/x-protobuf').set('content-encoding', 'gzip')
        .buffer(true).parse(binaryParser).send(gzip(otlpProto([{ traceId, spanId: hexId(0xd2, 8), name: 'zipped' }])));
      expect(res.status).to.equal(200);
      expect((await getTrace(traceId)).name).to.equal('zipped');
    });

    it('refuses a gzip bomb with 413 once inflation passes OTLP_MAX_DECOMPRESSED_BYTES, as a Status', async () => {
      const bomb = gzip(Buffer.alloc(20 * 1024 * 1024)); // 20 MiB of zeros, about 20 KiB sent
      expect(bomb.length).to.be.lessThan(262_144);
      const res = await server.request().post('/v1/traces').set('x-api-key', server.tenant.apiKey).set('content-type', 'application/x-protobuf').set('content-encoding', 'gzip')
        .buffer(true).parse(binaryParser).send(bomb);
      expect(res.status).to.equal(413);
      expect(decodeStatus(res.body as Buffer)).to.deep.equal({ code: 8, message: 'The body may be at most 1048576 bytes decompressed.' });
    });

    it('refuses a body above OTLP_MAX_BODY_BYTES with 413', async () => {
      const res = await postJson({ resourceSpans: [], padding: 'x'.repeat(300_000) });
      expect(res.status).to.equal(413);
      expect(res.body).to.deep.equal({ code: 8, message: 'The body may be at most 262144 bytes.' });
    });

    it('answers 400 with a protobuf Status for an undecodable protobuf payload', async () => {
      const res = await postProto(Buffer.from([0x0a, 0xff, 0x01]));
      expect(res.status).to.equal(400);
      expect(res.headers['content-type']).to.match(/^application\/x-protobuf/);
      const status = decodeStatus(res.body as Buffer);
      expect(status.code).to.equal(3);
      expect(status.message).to.match(/^The body is not a valid protobuf ExportTraceServiceRequest: /);
    });

    it('answers 400 with a JSON Status for malformed JSON and for a wrongly shaped request', async () => {
      const text = await postJson('{"resourceSpans": [');
      expect(text.status).to.equal(400);
      expect(text.body.code).to.equal(3);
      const shape = await postJson({ resourceSpans: 5 });
      expect(shape.status).to.equal(400);
      expect(shape.body.message).to.match(/resourceSpans: array expected/);
    });

    it('answers 400 for bad gzip and 415 for another content type or encoding', async () => {
      const badZip = await server.request().post('/v1/traces').set('x-api-key', server.tenant.apiKey).set('content-type', 'application/json').set('content-encoding', 'gzip').send('plain');
      expect(badZip.status).to.equal(400);
      expect(badZip.body).to.deep.equal({ code: 3, message: 'The body is not valid gzip.' });
      const text = await server.request().post('/v1/traces').set('x-api-key', server.tenant.apiKey).set('content-type', 'text/plain').send('hi');
      expect(text.status).to.equal(415);
      expect(text.body).to.deep.equal({ code: 3, message: 'Send application/x-protobuf or application/json.' });
      const br = await server.request().post('/v1/traces').set('x-api-key', server.tenant.apiKey).set('content-type', 'application/json').set('content-encoding', 'br').send('{}');
      expect(br.status).to.equal(415);
    });

    it('answers an empty request with 200 and an empty response; ignores unknown JSON fields', async () => {
      const res = await postJson({ resourceSpans: [], somethingNew: { x: 1 } });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({});
    });
  });

  describe('POST /v1/traces — authentication as the REST API', () => {
    const one = () => otlpJson([{ traceId: hexId(Math.floor(Math.random() * 60000), 16), spanId: hexId(0xe1, 8), name: 'auth' }]);

    it('answers 401 with a Status and WWW-Authenticate without a credential', async () => {
      const res = await postJson(one(), {});
      expect(res.status).to.equal(401);
      expect(res.headers['www-authenticate']).to.equal('Bearer realm="tracewell"');
      expect(res.body).to.deep.equal({ code: 16, message: 'A credential is required: x-api-key or an Authorization header.' });
    });

    it('accepts the key as a legacy bearer token and answers with rate-limit headers of the ingest class', async () => {
      const res = await postJson(one(), { authorization: `Bearer ${server.tenant.apiKey}` });
      expect(res.status).to.equal(200);
      expect(res.headers['x-service-ratelimit-policy']).to.equal('ingest;w=60;q=600');
    });

    it('needs observability:write and x-project-id for an OAuth token', async () => {
      const reader = await server.oauthToken(server.tenant.user.id, ['observability:read']);
      const denied = await postJson(one(), { authorization: `Bearer ${reader}`, 'x-project-id': projectId() });
      expect(denied.status).to.equal(403);
      expect(denied.body.code).to.equal(7);
      const writer = await server.oauthToken(server.tenant.user.id, ['observability:write']);
      expect((await postJson(one(), { authorization: `Bearer ${writer}` })).status).to.equal(400);
      expect((await postJson(one(), { authorization: `Bearer ${writer}`, 'x-project-id': projectId() })).status).to.equal(200);
    });
  });

  describe('native POST /traces and OTLP side by side', () => {
    it('refuses OTLP spans for a native (immutable) trace id as partial success, and the native 409 for an OTLP trace id', async () => {
      const nativeId = hexId(0xf1, 16);
      expectEnvelope(await server.request().post('/api/v1/public/traces').set('x-api-key', server.tenant.apiKey).send({ trace_id: nativeId, name: 'native', spans: [] }), 201);
      const res = await postJson(otlpJson([{ traceId: nativeId, spanId: hexId(0xf2, 8), name: 'late otlp' }]));
      expect(res.body.partialSuccess).to.deep.equal({ rejectedSpans: '1', errorMessage: `trace ${nativeId} was stored through the native API and is immutable` });
      expect((await getTrace(nativeId)).spanCount).to.equal(0);

      const otlpId = hexId(0xf3, 16);
      expect((await postJson(otlpJson([{ traceId: otlpId, spanId: hexId(0xf4, 8), name: 'otel' }]))).status).to.equal(200);
      const conflict = await server.request().post('/api/v1/public/traces').set('x-api-key', server.tenant.apiKey).send({ trace_id: otlpId, name: 'native resend', spans: [] });
      expectProblem(conflict, 409, 'PUBLIC_API_TRACE_EXISTS');
    });
  });
});

describe('POST /v1/traces — back-pressure (429 and 503 with Retry-After)', () => {
  it('answers 503 with Retry-After while too many ingest writes wait', async () => {
    const app = express();
    const busy = { queuedWrites: 64, export: async () => ({ acceptedSpans: 0, rejectedSpans: 0, errorMessage: '' }) } as unknown as OtlpTraceExport;
    app.use(otlpRouter({ otlp: busy, settings: loadOtlpSettings({}), access: (_req, _res, next) => next(), fairShare: (_req, _res, next) => next(), log: () => undefined }));
    const res = await supertest(app).post('/v1/traces').set('content-type', 'application/json').send('{}');
    expect(res.status).to.equal(503);
    expect(res.headers['retry-after']).to.equal('1');
    expect(res.body).to.deep.equal({ code: 14, message: 'Ingest is saturated; retry after the delay.' });
  });

  it('answers 429 with Retry-After past the ingest rate limit', async () => {
    const server = await startTestServer('sqlite', { env: { RATE_LIMIT_INGEST_PER_MINUTE: '1' } });
    try {
      const send = () => server.request().post('/v1/traces').set('x-api-key', server.tenant.apiKey).set('content-type', 'application/json').send('{}');
      expect((await send()).status).to.equal(200);
      const limited = await send();
      expect(limited.status).to.equal(429);
      expect(Number(limited.headers['retry-after'])).to.be.greaterThan(0);
      expect(limited.body.code).to.equal(8);
    } finally {
      await server.close();
    }
  });
});
