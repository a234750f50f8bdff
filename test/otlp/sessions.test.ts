import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { hexId, otlpJson } from './otlp-bodies.js';

forEachAdapter((adapter) => {
  let server: TestServer;
  const otlpId = hexId(0x5e, 16);
  before(async () => {
    server = await startTestServer(adapter);
    const key = { 'x-api-key': server.tenant.apiKey };
    for (const [id, session, user] of [['native-s1', 'sess-a', 'user-1'], ['native-s2', 'sess-b', 'user-1'], ['native-s3', undefined, undefined]] as const) {
      const metadata = { ...(session ? { session_id: session } : {}), ...(user ? { user_id: user } : {}) };
      expectEnvelope(await server.request().post('/api/v1/public/traces').set(key).send({ trace_id: id, name: `sessions ${id}`, metadata, spans: [] }), 201);
    }
    const res = await server.request().post('/v1/traces').set(key).set('content-type', 'application/json')
      .send(JSON.stringify(otlpJson([{ traceId: otlpId, spanId: hexId(0x5f, 8), name: 'sessions otel', attributes: { 'gen_ai.conversation.id': 'sess-a', 'user.id': 'user-2' } }])));
    expect(res.status).to.equal(200);
  });
  after(async () => server.close());

  const list = (query: string) => server.request().get(`/api/v1/public/traces?${query}`).set('x-api-key', server.tenant.apiKey);

  describe('GET /api/v1/public/traces?sessionId=&userId=', () => {
    it('selects the traces of one session, native (metadata.session_id) and OTLP (gen_ai.conversation.id) alike', async () => {
      const data = expectEnvelope<{ traces: { id: string; sessionId: string | null; userId: string | null }[] }>(await list('sessionId=sess-a'), 200);
      expect(data.traces.map((t) => [t.id, t.sessionId, t.userId]).sort()).to.deep.equal([
        [otlpId, 'sess-a', 'user-2'],
        ['native-s1', 'sess-a', 'user-1'],
      ]);
    });

    it('selects the traces of one user, and combines both filters', async () => {
      const byUser = expectEnvelope<{ traces: { id: string }[] }>(await list('userId=user-1'), 200);
      expect(byUser.traces.map((t) => t.id).sort()).to.deep.equal(['native-s1', 'native-s2']);
      const both = expectEnvelope<{ traces: { id: string }[] }>(await list('userId=user-1&sessionId=sess-b'), 200);
      expect(both.traces.map((t) => t.id)).to.deep.equal(['native-s2']);
    });

    it('answers 400 for an empty sessionId', async () => {
      expectProblem(await list('sessionId='), 400, 'PUBLIC_API_VALIDATION_FAILED');
    });
  });

  describe('POST /v1/traces: trace tags from tracewell.trace.tags and langfuse.trace.tags', () => {
    const send = async (traceId: string, spanId: number, attributes: Record<string, string | string[]>) => {
      const res = await server.request().post('/v1/traces').set('x-api-key', server.tenant.apiKey).set('content-type', 'application/json')
        .send(JSON.stringify(otlpJson([{ traceId, spanId: hexId(spanId, 8), name: 'tagged', attributes }])));
      expect(res.status).to.equal(200);
    };
    const tagsOf = async (traceId: string) => expectEnvelope<{ tags: string[] }>(await server.request().get(`/api/v1/public/traces/${traceId}`).set('x-api-key', server.tenant.apiKey)).tags;
    const cases: [string, Record<string, string | string[]>, string[]][] = [
      ['a string array', { 'tracewell.trace.tags': ['prod', 'beta'] }, ['beta', 'prod']],
      ['a JSON-encoded array in a string', { 'langfuse.trace.tags': '["prod", " vip ", 7]' }, ['prod', 'vip']],
      ['a comma-separated string, entries trimmed and empty ones dropped', { 'tracewell.trace.tags': 'prod, beta,,vip ' }, ['beta', 'prod', 'vip']],
      ['both attributes on one span: their union', { 'tracewell.trace.tags': ['a'], 'langfuse.trace.tags': ['b', 'a'] }, ['a', 'b']],
      ['an entry over 200 characters: dropped, the export accepted', { 'tracewell.trace.tags': ['ok', 'x'.repeat(201)] }, ['ok']],
    ];
    cases.forEach(([what, attributes, expected], i) => {
      it(`reads ${what}`, async () => {
        const traceId = hexId(0x40 + i, 16);
        await send(traceId, 0x01, attributes);
        expect(await tagsOf(traceId)).to.deep.equal(expected);
      });
    });

    it('appends: a later span of the trace adds its tags (set union), a span without tags takes none away', async () => {
      const traceId = hexId(0x4f, 16);
      await send(traceId, 0x01, { 'tracewell.trace.tags': ['a', 'b'] });
      await send(traceId, 0x02, { 'langfuse.trace.tags': 'b,c' });
      await send(traceId, 0x03, {});
      expect(await tagsOf(traceId)).to.deep.equal(['a', 'b', 'c']);
      const rows = await server.runtime.database.knex('trace_tags').where({ project_id: server.tenant.project.id, trace_id: traceId }).orderBy('tag').select('tag');
      expect(rows.map((r: { tag: string }) => r.tag)).to.deep.equal(['a', 'b', 'c']);
    });

    it('keeps at most 50 tags of a trace: the first 50 in byte order of the union', async () => {
      const traceId = hexId(0x4e, 16);
      const names = Array.from({ length: 60 }, (_, i) => `t${String(i).padStart(2, '0')}`);
      await send(traceId, 0x01, { 'tracewell.trace.tags': names.slice(30) });
      await send(traceId, 0x02, { 'tracewell.trace.tags': names.slice(0, 30) });
      expect(await tagsOf(traceId)).to.deep.equal(names.slice(0, 50));
    });
  });

  describe('search_traces filters session_id and user_id', () => {
    it('narrows full-text matches to one session or user', async () => {
      const search = server.runtime.services.traceSearch;
      const projectId = server.tenant.project.id;
      expect((await search.search(projectId, { query: 'sessions', filters: { session_id: 'sess-a' } })).traces.map((t) => t.id).sort()).to.deep.equal([otlpId, 'native-s1'].sort());
      expect((await search.search(projectId, { query: 'sessions', filters: { user_id: 'user-2' } })).traces.map((t) => t.id)).to.deep.equal([otlpId]);
    });

    it('refuses a non-string session_id with a field path', async () => {
      const search = server.runtime.services.traceSearch;
      try {
        await search.search(server.tenant.project.id, { query: 'sessions', filters: { session_id: 5 } });
        expect.fail('accepted');
      } catch (error) {
        expect((error as { errors: unknown[] }).errors).to.deep.equal([{ path: '/filters/session_id', code: 'invalid_type', message: 'must be a string of 1 to 255 characters' }]);
      }
    });
  });
});
