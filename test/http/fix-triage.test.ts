import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';

const PATH = '/api/v1/public/fixes';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
type Json = Record<string, unknown>;

/** The REST twins of the triage tools: transitions, update, investigation and steps. */
forEachAdapter((adapter) => {
  describe('fix triage over REST', () => {
    let server: TestServer;
    const key = () => ({ 'x-api-key': server.tenant.apiKey });
    const newFix = async (title = 'Slow answers') => (await server.runtime.services.fixes.create(server.tenant.project.id, { title, severity: 'medium', label: 'latency' }, 'user:seed')).id;

    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    describe('POST /fixes/{id}/accept (acceptFix)', () => {
      it('opens a draft fix and answers the fix', async () => {
        const id = await newFix();
        const fix = expectEnvelope<Json>(await server.request().post(`${PATH}/${id}/accept`).set(key()));
        expect(fix).to.include({ id, status: 'open', title: 'Slow answers', updatedAt: '2026-11-01T12:00:00.000Z' });
      });

      it('answers 400 PUBLIC_API_INVALID_TRANSITION for a fix that is no draft, and 404 for an unknown or foreign fix', async () => {
        const id = await newFix();
        await server.request().post(`${PATH}/${id}/accept`).set(key());
        expectProblem(await server.request().post(`${PATH}/${id}/accept`).set(key()), 400, 'PUBLIC_API_INVALID_TRANSITION');
        expectProblem(await server.request().post(`${PATH}/${UNKNOWN}/accept`).set(key()), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await server.request().post(`${PATH}/${id}/accept`).set('x-api-key', server.other.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('POST /fixes/{id}/dismiss (dismissFix)', () => {
      it('archives the fix and keeps the reason as feedback; a body is optional', async () => {
        const id = await newFix();
        const fix = expectEnvelope<Json>(await server.request().post(`${PATH}/${id}/dismiss`).set(key()).send({ reason: 'handled upstream' }));
        expect(fix).to.include({ id, status: 'archived', feedback: 'handled upstream' });
        const bare = await newFix();
        expect(expectEnvelope<Json>(await server.request().post(`${PATH}/${bare}/dismiss`).set(key()))).to.include({ status: 'archived', feedback: null });
      });

      it('answers 400 for an archived fix and for an unknown body property', async () => {
        const id = await newFix();
        await server.request().post(`${PATH}/${id}/dismiss`).set(key());
        expectProblem(await server.request().post(`${PATH}/${id}/dismiss`).set(key()), 400, 'PUBLIC_API_INVALID_TRANSITION');
        expectProblem(await server.request().post(`${PATH}/${await newFix()}/dismiss`).set(key()).send({ why: 'x' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      });
    });

    describe('POST /fixes/{id}/status (updateFixStatus)', () => {
      it('moves an open fix to in_progress and keeps the note with the transition', async () => {
        const id = await newFix();
        await server.request().post(`${PATH}/${id}/accept`).set(key());
        const fix = expectEnvelope<Json>(await server.request().post(`${PATH}/${id}/status`).set(key()).send({ status: 'in_progress', note: 'looking' }));
        expect(fix).to.include({ id, status: 'in_progress' });
        const transitions = await server.runtime.services.fixes.transitions(server.tenant.project.id, id);
        expect(transitions.map((t) => [t.fromStatus, t.toStatus, t.note])).to.deep.equal([
          [null, 'draft', null],
          ['draft', 'open', null],
          ['open', 'in_progress', 'looking'],
        ]);
      });

      it('answers 400 for a transition the workflow refuses and for a status outside the targets', async () => {
        const id = await newFix();
        expectProblem(await server.request().post(`${PATH}/${id}/status`).set(key()).send({ status: 'resolved' }), 400, 'PUBLIC_API_INVALID_TRANSITION');
        const bad = expectProblem(await server.request().post(`${PATH}/${id}/status`).set(key()).send({ status: 'draft' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((bad.errors as { path: string }[])[0].path).to.match(/status/);
      });
    });

    describe('PATCH /fixes/{id} (updateFix)', () => {
      it('changes title, severity, label and recommended action and answers the fix', async () => {
        const id = await newFix();
        const fix = expectEnvelope<Json>(
          await server.request().patch(`${PATH}/${id}`).set(key()).send({ title: 'Cache answers', severity: 'critical', label: 'perf', recommendedAction: 'Add a cache' }),
        );
        expect(fix).to.include({ id, title: 'Cache answers', severity: 'critical', label: 'perf', recommendedAction: 'Add a cache', status: 'draft' });
      });

      it('answers 400 for an empty title or an unknown severity, and 404 for an unknown fix', async () => {
        const id = await newFix();
        expectProblem(await server.request().patch(`${PATH}/${id}`).set(key()).send({ title: '' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expectProblem(await server.request().patch(`${PATH}/${id}`).set(key()).send({ severity: 'urgent' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expectProblem(await server.request().patch(`${PATH}/${UNKNOWN}`).set(key()).send({ title: 'x' }), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('GET /fixes/{id}/investigation (getFixInvestigation)', () => {
      it('answers the steps oldest first and the comments', async () => {
        const id = await newFix();
        const { fixes } = server.runtime.services;
        await fixes.recordStep(server.tenant.project.id, id, { agent: 'bot', action: 'inspect', finding: 'Answers wait on the model.' });
        const comment = await fixes.addComment(server.tenant.project.id, id, 'Seen it too.', 'user:x');
        const data = expectEnvelope<Json & { steps: Json[] }>(await server.request().get(`${PATH}/${id}/investigation`).set(key()));
        expect(data).to.include({ fixId: id, createdAt: '2026-11-01T12:00:00.000Z' });
        expect(data.steps.map((s) => [s.agent, s.action, s.finding])).to.deep.equal([['bot', 'inspect', 'Answers wait on the model.']]);
        expect(data.comments).to.deep.equal([{ id: comment.id, author: 'user:x', text: 'Seen it too.', createdAt: '2026-11-01T12:00:00.000Z' }]);
        expectProblem(await server.request().get(`${PATH}/${UNKNOWN}/investigation`).set(key()), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('GET /fixes/{id}/steps (listFixSteps)', () => {
      it('pages the steps oldest first by cursor and counts them all', async () => {
        const id = await newFix();
        for (const action of ['one', 'two', 'three']) await server.runtime.services.fixes.recordStep(server.tenant.project.id, id, { agent: 'bot', action, finding: action });
        const first = expectEnvelope<{ steps: Json[]; totalCount: number; page: { hasMore: boolean; nextCursor: string } }>(
          await server.request().get(`${PATH}/${id}/steps`).query({ limit: 2 }).set(key()),
        );
        expect(first.steps.map((s) => s.action)).to.deep.equal(['one', 'two']);
        expect(first).to.include({ totalCount: 3 });
        expect(first.page.hasMore).to.equal(true);
        const second = expectEnvelope<{ steps: Json[]; page: Json }>(await server.request().get(`${PATH}/${id}/steps`).query({ limit: 2, cursor: first.page.nextCursor }).set(key()));
        expect(second.steps.map((s) => s.action)).to.deep.equal(['three']);
        expect(second.page).to.deep.equal({ hasMore: false, limit: 2, nextCursor: null });
      });

      it('refuses a cursor of another fix (400 PUBLIC_API_INVALID_CURSOR) and a limit above 500', async () => {
        const id = await newFix();
        const other = await newFix();
        for (const action of ['a', 'b']) await server.runtime.services.fixes.recordStep(server.tenant.project.id, id, { agent: 'bot', action, finding: action });
        const { page } = expectEnvelope<{ page: { nextCursor: string } }>(await server.request().get(`${PATH}/${id}/steps`).query({ limit: 1 }).set(key()));
        expectProblem(await server.request().get(`${PATH}/${other}/steps`).query({ cursor: page.nextCursor }).set(key()), 400, 'PUBLIC_API_INVALID_CURSOR');
        expectProblem(await server.request().get(`${PATH}/${id}/steps`).query({ limit: 501 }).set(key()), 400, 'PUBLIC_API_VALIDATION_FAILED');
      });
    });

    describe('GET /fixes (listFixes)', () => {
      it('counts every fix the filters match, on every page', async () => {
        const project = await server.runtime.services.provisioning.createProject(server.tenant.organization.id, 'Counted');
        for (const title of ['a', 'b', 'c']) await server.runtime.services.fixes.create(project.id, { title, severity: 'low' }, 'user:seed');
        const headers = { 'x-api-key': server.tenant.orgApiKey, 'x-project-id': project.id };
        const first = expectEnvelope<{ fixes: Json[]; totalCount: number; page: { nextCursor: string } }>(await server.request().get(PATH).query({ limit: 2 }).set(headers));
        expect(first.fixes).to.have.length(2);
        expect(first.totalCount).to.equal(3);
        const second = expectEnvelope<{ fixes: Json[]; totalCount: number }>(await server.request().get(PATH).query({ limit: 2, cursor: first.page.nextCursor }).set(headers));
        expect(second).to.deep.include({ totalCount: 3 });
        expect(second.fixes).to.have.length(1);
      });
    });
  });
});
