import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { tool, toolContext, toolsOver } from '../support/tool-context.js';
import { evaluationToolMappings } from '../../src/tools/evaluation-tools.js';
import { ingest } from './support.js';

forEachAdapter((adapter) => {
  describe('scores', () => {
    let server: TestServer;
    let key: string;
    const post = (body: object, apiKey = key) => server.request().post('/api/v1/public/scores').set('x-api-key', apiKey).send(body);
    const list = (query: Record<string, string | number> = {}) => server.request().get('/api/v1/public/scores').set('x-api-key', key).query(query);

    before(async () => {
      server = await startTestServer(adapter);
      key = server.tenant.apiKey;
      await ingest(server, key, { trace_id: 'run-1', spans: [{ span_id: 'root', input: { q: 'hi' }, output: { a: 'hello' } }] });
      await ingest(server, key, { trace_id: 'run-2', spans: [{ span_id: 'root' }] });
    });
    after(async () => server.close());

    describe('POST /api/v1/public/scores (createScore)', () => {
      it('records a numeric score on a trace with source api and the credential as author', async () => {
        const data = expectEnvelope<Record<string, unknown>>(await post({ name: 'correctness', dataType: 'numeric', value: 0.75, traceId: 'run-1', comment: 'mostly right' }), 201);
        expect(data).to.include({ name: 'correctness', dataType: 'numeric', value: 0.75, target: 'trace', traceId: 'run-1', spanId: null, sessionId: null, source: 'api', comment: 'mostly right', evaluatorId: null });
        expect(data.author).to.match(/^user:/);
        expect(data.createdAt).to.equal('2026-11-01T12:00:00.000Z');
      });

      it('records boolean and categorical scores on a span and a session', async () => {
        const span = expectEnvelope<Record<string, unknown>>(await post({ name: 'helpful', dataType: 'boolean', value: false, traceId: 'run-1', spanId: 'root' }), 201);
        expect(span).to.include({ target: 'span', value: false, spanId: 'root' });
        const session = expectEnvelope<Record<string, unknown>>(await post({ name: 'mood', dataType: 'categorical', value: 'happy', sessionId: 'sess-9' }), 201);
        expect(session).to.include({ target: 'session', value: 'happy', sessionId: 'sess-9', traceId: null });
      });

      it('infers dataType from the value when it is omitted: a number numeric, true/false boolean, a string categorical', async () => {
        const numeric = expectEnvelope<Record<string, unknown>>(await post({ name: 'inferred', value: 0.8, traceId: 'run-2' }), 201);
        expect(numeric).to.include({ dataType: 'numeric', value: 0.8 });
        const boolean = expectEnvelope<Record<string, unknown>>(await post({ name: 'inferred', value: true, traceId: 'run-2' }), 201);
        expect(boolean).to.include({ dataType: 'boolean', value: true });
        const categorical = expectEnvelope<Record<string, unknown>>(await post({ name: 'inferred', value: 'good', traceId: 'run-2' }), 201);
        expect(categorical).to.include({ dataType: 'categorical', value: 'good' });
        const stored = expectEnvelope<{ scores: { dataType: string; value: unknown }[] }>(await list({ traceId: 'run-2', name: 'inferred' }));
        expect(stored.scores.map((s) => [s.dataType, s.value])).to.have.deep.members([
          ['numeric', 0.8],
          ['boolean', true],
          ['categorical', 'good'],
        ]);
      });

      it('refuses an empty string without dataType as a category of 1 to 100 characters, at /body/value', async () => {
        const body = expectProblem(await post({ name: 'x', value: '', traceId: 'run-1' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((body.errors as { path: string }[])[0].path).to.equal('/body/value');
      });

      it('refuses a value that does not match dataType with 400 at /body/value', async () => {
        const body = expectProblem(await post({ name: 'x', dataType: 'numeric', value: 'high', traceId: 'run-1' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(body.errors).to.deep.equal([{ code: 'type', message: 'must be a number for a numeric score', path: '/body/value' }]);
        const bool = expectProblem(await post({ name: 'x', dataType: 'boolean', value: 1, traceId: 'run-1' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((bool.errors as { path: string }[])[0].path).to.equal('/body/value');
      });

      it('needs exactly one target', async () => {
        const none = expectProblem(await post({ name: 'x', dataType: 'numeric', value: 1 }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((none.errors as { path: string }[])[0].path).to.equal('/body/traceId');
        const both = expectProblem(await post({ name: 'x', dataType: 'numeric', value: 1, traceId: 'run-1', sessionId: 's' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((both.errors as { path: string }[])[0].path).to.equal('/body/sessionId');
      });

      it('answers 404 for an unknown trace or span, and for another project’s trace', async () => {
        expectProblem(await post({ name: 'x', dataType: 'numeric', value: 1, traceId: 'nope' }), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await post({ name: 'x', dataType: 'numeric', value: 1, traceId: 'run-1', spanId: 'nope' }), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await post({ name: 'x', dataType: 'numeric', value: 1, traceId: 'run-1' }, server.other.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
      });

      it('refuses a malformed name through the contract', async () => {
        const body = expectProblem(await post({ name: ' bad name', dataType: 'numeric', value: 1, traceId: 'run-1' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((body.errors as { path: string }[])[0].path).to.equal('/body/name');
      });

      it('needs evaluation:write of an OAuth token', async () => {
        const token = await server.oauthToken(server.tenant.user.id, ['evaluation:read']);
        const res = await server.request().post('/api/v1/public/scores').set('authorization', `Bearer ${token}`).set('x-project-id', server.tenant.project.id).send({ name: 'x', dataType: 'numeric', value: 1, traceId: 'run-1' });
        expectProblem(res, 403, 'PUBLIC_API_INSUFFICIENT_SCOPE');
        const writer = await server.oauthToken(server.tenant.user.id, ['evaluation:write']);
        const ok = await server.request().post('/api/v1/public/scores').set('authorization', `Bearer ${writer}`).set('x-project-id', server.tenant.project.id).send({ name: 'oauth', dataType: 'numeric', value: 1, traceId: 'run-2' });
        expect(expectEnvelope<{ author: string }>(ok, 201).author).to.equal(`user:${server.tenant.user.id}`);
      });
    });

    describe('GET /api/v1/public/scores (listScores)', () => {
      it('lists newest first with a cursor bound to the filters', async () => {
        server.clock.advance(1000);
        for (let i = 0; i < 3; i++) {
          server.clock.advance(1);
          await post({ name: 'paged', dataType: 'numeric', value: i, traceId: 'run-2' });
        }
        const first = expectEnvelope<{ scores: { value: number }[]; page: { hasMore: boolean; nextCursor: string } }>(await list({ name: 'paged', limit: 2 }));
        expect(first.scores.map((s) => s.value)).to.deep.equal([2, 1]);
        expect(first.page.hasMore).to.equal(true);
        const second = expectEnvelope<{ scores: { value: number }[]; page: { hasMore: boolean; nextCursor: null } }>(await list({ name: 'paged', limit: 2, cursor: first.page.nextCursor }));
        expect(second.scores.map((s) => s.value)).to.deep.equal([0]);
        expect(second.page).to.include({ hasMore: false, nextCursor: null });
        expectProblem(await list({ name: 'other', cursor: first.page.nextCursor }), 400, 'PUBLIC_API_INVALID_CURSOR');
      });

      it('filters by trace, span, session and source', async () => {
        const span = expectEnvelope<{ scores: { name: string }[] }>(await list({ traceId: 'run-1', spanId: 'root' }));
        expect(span.scores.map((s) => s.name)).to.deep.equal(['helpful']);
        const session = expectEnvelope<{ scores: { name: string }[] }>(await list({ sessionId: 'sess-9' }));
        expect(session.scores.map((s) => s.name)).to.deep.equal(['mood']);
        expect(expectEnvelope<{ scores: unknown[] }>(await list({ source: 'evaluator' })).scores).to.deep.equal([]);
        const dependent = expectProblem(await list({ spanId: 'root' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((dependent.errors as { path: string }[])[0].path).to.equal('/query/spanId');
      });

      it('shows nothing of another project', async () => {
        const res = await server.request().get('/api/v1/public/scores').set('x-api-key', server.other.apiKey);
        expect(expectEnvelope<{ scores: unknown[] }>(res).scores).to.deep.equal([]);
      });
    });

    describe('DELETE /api/v1/public/scores/{id} (deleteScore)', () => {
      it('deletes a score; a second delete and another project’s delete are 404', async () => {
        const { id } = expectEnvelope<{ id: string }>(await post({ name: 'gone', dataType: 'numeric', value: 1, traceId: 'run-2' }), 201);
        expectProblem(await server.request().delete(`/api/v1/public/scores/${id}`).set('x-api-key', server.other.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
        expect(expectEnvelope(await server.request().delete(`/api/v1/public/scores/${id}`).set('x-api-key', key))).to.deep.equal({ id, deleted: true });
        expectProblem(await server.request().delete(`/api/v1/public/scores/${id}`).set('x-api-key', key), 404, 'PUBLIC_API_NOT_FOUND');
      });

      it('removes a trace’s scores with the trace', async () => {
        await ingest(server, key, { trace_id: 'doomed', spans: [{ span_id: 'r' }] });
        await post({ name: 'doomed', dataType: 'numeric', value: 1, traceId: 'doomed' });
        await server.runtime.database.knex('traces').where({ project_id: server.tenant.project.id, id: 'doomed' }).delete();
        expect(expectEnvelope<{ scores: unknown[] }>(await list({ name: 'doomed' })).scores).to.deep.equal([]);
      });
    });

    describe('GET /api/v1/public/traces with scoreName, minScore, maxScore (listTraces)', () => {
      const traces = (query: Record<string, string | number>) => server.request().get('/api/v1/public/traces').set('x-api-key', key).query(query);
      const ids = async (query: Record<string, string | number>) => expectEnvelope<{ traces: { id: string }[] }>(await traces(query)).traces.map((t) => t.id).sort();

      it('lists the traces with a trace-level score of that name, within the bounds', async () => {
        await ingest(server, key, { trace_id: 'graded-low', spans: [{ span_id: 'r' }] });
        await ingest(server, key, { trace_id: 'graded-high', spans: [{ span_id: 'r' }] });
        await post({ name: 'grade', dataType: 'numeric', value: 0.2, traceId: 'graded-low' });
        await post({ name: 'grade', dataType: 'numeric', value: 0.9, traceId: 'graded-high' });
        await post({ name: 'grade', dataType: 'numeric', value: 0.95, traceId: 'run-1', spanId: 'root' }); // a span score is not the trace's
        expect(await ids({ scoreName: 'grade' })).to.deep.equal(['graded-high', 'graded-low']);
        expect(await ids({ scoreName: 'grade', minScore: 0.5 })).to.deep.equal(['graded-high']);
        expect(await ids({ scoreName: 'grade', maxScore: 0.5 })).to.deep.equal(['graded-low']);
        expect(await ids({ scoreName: 'no-such-score' })).to.deep.equal([]);
      });

      it('refuses a bound without scoreName with 400 at the bound', async () => {
        const body = expectProblem(await traces({ minScore: 0.5 }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(body.errors).to.deep.equal([{ code: 'dependent_required', message: 'minScore needs scoreName', path: '/query/minScore' }]);
      });
    });

    describe('score_trace tool (createScore)', () => {
      const call = (input: Record<string, unknown>) => tool(toolsOver(server, evaluationToolMappings()), 'score_trace').handler(input, toolContext(server, server.tenant));

      it('records a score, inferring the data type from the value', async () => {
        const result = (await call({ trace_id: 'run-1', name: 'agent_check', value: true, comment: 'ok' })) as Record<string, unknown>;
        expect(result).to.include({ trace_id: 'run-1', span_id: null, name: 'agent_check', data_type: 'boolean', value: true, source: 'api' });
        expect(result.score_id).to.be.a('string');
      });

      it('answers the operation’s 404 for an unknown trace', async () => {
        const error = await call({ trace_id: 'missing', name: 'x', value: 1 }).catch((e: unknown) => e);
        expect(error).to.include({ status: 404, code: 'PUBLIC_API_NOT_FOUND' });
      });

      it('infers numeric and categorical data types as well', async () => {
        const numeric = (await call({ trace_id: 'run-1', name: 'agent_check', value: 0.5 })) as Record<string, unknown>;
        expect(numeric).to.include({ data_type: 'numeric', value: 0.5 });
        const categorical = (await call({ trace_id: 'run-1', name: 'agent_check', value: 'fine' })) as Record<string, unknown>;
        expect(categorical).to.include({ data_type: 'categorical', value: 'fine' });
      });

      it('answers the operation’s 400 when data_type contradicts the value', async () => {
        const error = await call({ trace_id: 'run-1', name: 'x', value: 'a', data_type: 'numeric' }).catch((e: unknown) => e);
        expect(error).to.include({ status: 400, code: 'PUBLIC_API_VALIDATION_FAILED' });
        expect((error as { errors: unknown[] }).errors).to.deep.equal([
          { code: 'type', message: 'must be a number for a numeric score', path: '/body/value' },
        ]);
      });
    });
  });
});
