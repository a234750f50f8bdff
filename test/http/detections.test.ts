import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem, expectRateLimitHeaders } from '../support/problem.js';

const PATH = '/api/v1/public/detections';

forEachAdapter((adapter) => {
  describe('detections REST', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    const post = (body: unknown, key = server.tenant.apiKey) => server.request().post(PATH).set('x-api-key', key).send(body as object);

    describe('POST /api/v1/public/detections', () => {
      it('creates a detection with defaults and authority none on output', async () => {
        const res = await post({
          slug: 'refusals',
          displayName: 'Refusals',
          type: 'regex',
          groupName: 'Quality',
          issueSemantics: { schema_version: 'detector-issue-semantics-v1', polarity: 'problem', truth_role: 'label' },
          config: { pattern: 'cannot help' },
        });
        const data = expectEnvelope<Record<string, unknown>>(res, 201);
        expectRateLimitHeaders(res);
        expect(data).to.deep.equal({
          id: data.id,
          groupId: data.groupId,
          groupName: 'Quality',
          slug: 'refusals',
          displayName: 'Refusals',
          type: 'regex',
          threshold: 0.5,
          isActive: true,
          issueSemantics: { schema_version: 'detector-issue-semantics-v1', polarity: 'problem', authority: 'none', truth_role: 'label' },
          description: null,
          severity: 'medium',
          frameworks: [],
          config: { pattern: 'cannot help', flags: '', fields: ['input', 'output'] },
          createdAt: '2026-11-01T12:00:00.000Z',
          updatedAt: '2026-11-01T12:00:00.000Z',
        });
      });

      it('puts detections with the same groupName into one group', async () => {
        const a = expectEnvelope<{ groupId: string }>(await post({ slug: 'g-a', displayName: 'A', type: 'pii', groupName: 'Privacy' }), 201);
        const b = expectEnvelope<{ groupId: string }>(await post({ slug: 'g-b', displayName: 'B', type: 'pii', groupName: 'Privacy' }), 201);
        expect(a.groupId).to.equal(b.groupId);
      });

      it('answers 409 PUBLIC_API_DETECTION_SLUG_TAKEN for a slug the project already has', async () => {
        expectProblem(await post({ slug: 'refusals', displayName: 'Again', type: 'pii' }), 409, 'PUBLIC_API_DETECTION_SLUG_TAKEN');
      });

      it('answers 400 for issue semantics that break the spec', async () => {
        const bad = [
          { schema_version: 'v2', polarity: 'problem' },
          { schema_version: 'detector-issue-semantics-v1', polarity: 'bad' },
          { schema_version: 'detector-issue-semantics-v1', polarity: 'problem', authority: 'everyone' },
          { schema_version: 'detector-issue-semantics-v1', polarity: 'problem', contract_id: '' },
          { schema_version: 'detector-issue-semantics-v1', polarity: 'problem', truth_role: 'x'.repeat(101) },
          { polarity: 'problem' },
        ];
        for (const [i, issueSemantics] of bad.entries()) {
          expectProblem(await post({ slug: `sem-${i}`, displayName: 'S', type: 'pii', issueSemantics }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        }
      });

      it('answers 400 when the config is not the variant of the type, or the pattern does not compile', async () => {
        const res = await post({ slug: 'wrong', displayName: 'W', type: 'regex', config: { kinds: ['email'] } });
        const body = expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(body.errors).to.deep.equal([{ code: 'additional_properties', message: 'config.kinds does not apply to regex detections (allowed: pattern, flags, fields).', path: '/body/config/kinds' }]);
        expectProblem(await post({ slug: 'broken', displayName: 'B', type: 'regex', config: { pattern: '(' } }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expectProblem(await post({ slug: 'norules', displayName: 'N', type: 'trace_rules' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      });

      it('accepts and stores the plugin-executed types', async () => {
        for (const type of ['classifier', 'custom_trained', 'code', 'decision']) {
          const data = expectEnvelope<{ type: string; config: unknown }>(await post({ slug: `plug-${type}`, displayName: type, type, config: { plugin: 'acme', settings: { model: 'x' } } }), 201);
          expect(data).to.include({ type });
          expect(data.config).to.deep.equal({ plugin: 'acme', settings: { model: 'x' } });
        }
      });

      it('answers 403 to an OAuth token with observability:read only', async () => {
        const token = await server.oauthToken(server.tenant.user.id, ['observability:read']);
        const res = await server.request().post(PATH).set('authorization', `Bearer ${token}`).set('x-project-id', server.tenant.project.id).send({ slug: 'x', displayName: 'X', type: 'pii' });
        expectProblem(res, 403, 'PUBLIC_API_INSUFFICIENT_SCOPE');
      });
    });

    describe('GET and PATCH /api/v1/public/detections/{id}', () => {
      it('reads and changes a detection; another project sees 404', async () => {
        const created = expectEnvelope<{ id: string }>(await post({ slug: 'patchme', displayName: 'Patch me', type: 'pii' }), 201);
        server.clock.advance(1000);
        const patched = await server
          .request()
          .patch(`${PATH}/${created.id}`)
          .set('x-api-key', server.tenant.apiKey)
          .send({ isActive: false, threshold: 0.9, severity: 'critical', issueSemantics: null, config: { kinds: ['iban'] } });
        expect(expectEnvelope(patched)).to.include({ isActive: false, threshold: 0.9, severity: 'critical', issueSemantics: null, updatedAt: '2026-11-01T12:00:01.000Z' });
        const read = expectEnvelope<{ config: unknown }>(await server.request().get(`${PATH}/${created.id}`).set('x-api-key', server.tenant.apiKey));
        expect(read.config).to.deep.equal({ kinds: ['iban'], fields: ['input', 'output'] });
        expectProblem(await server.request().get(`${PATH}/${created.id}`).set('x-api-key', server.other.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await server.request().patch(`${PATH}/${created.id}`).set('x-api-key', server.tenant.apiKey).send({}), 400, 'PUBLIC_API_VALIDATION_FAILED');
      });
    });

    describe('GET /api/v1/public/detections', () => {
      it('pages newest first with a cursor bound to the filters', async () => {
        const project = await server.runtime.services.provisioning.createProject(server.tenant.organization.id, 'Paging');
        const key = (await server.runtime.services.provisioning.issueApiKey({ organizationId: server.tenant.organization.id, projectId: project.id, name: 'paging' })).key;
        for (const slug of ['one', 'two', 'three']) {
          server.clock.advance(1000);
          expectEnvelope(await post({ slug, displayName: slug, type: slug === 'two' ? 'regex' : 'pii', ...(slug === 'two' ? { config: { pattern: 'x' } } : {}) }, key), 201);
        }
        const first = expectEnvelope<{ detections: { slug: string }[]; page: { hasMore: boolean; nextCursor: string } }>(
          await server.request().get(PATH).query({ limit: 2 }).set('x-api-key', key),
        );
        expect(first.detections.map((d) => d.slug)).to.deep.equal(['three', 'two']);
        expect(first.page.hasMore).to.equal(true);
        const second = expectEnvelope<{ detections: { slug: string }[]; page: unknown }>(
          await server.request().get(PATH).query({ limit: 2, cursor: first.page.nextCursor }).set('x-api-key', key),
        );
        expect(second.detections.map((d) => d.slug)).to.deep.equal(['one']);
        expect(second.page).to.deep.equal({ hasMore: false, limit: 2, nextCursor: null });
        const filtered = expectEnvelope<{ detections: { slug: string }[] }>(await server.request().get(PATH).query({ type: 'pii' }).set('x-api-key', key));
        expect(filtered.detections.map((d) => d.slug)).to.deep.equal(['three', 'one']);
        expectProblem(await server.request().get(PATH).query({ type: 'pii', cursor: first.page.nextCursor }).set('x-api-key', key), 400, 'PUBLIC_API_INVALID_CURSOR');
        const other = expectEnvelope<{ detections: unknown[] }>(await server.request().get(PATH).set('x-api-key', server.other.apiKey));
        expect(other.detections).to.deep.equal([]);
      });
    });
  });
});
