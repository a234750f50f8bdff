import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem, expectRateLimitHeaders } from '../support/problem.js';

const BASE = '/api/v1/public/saved-filters';
const FILTERS = [
  {
    id: 'g1',
    type: 'group',
    logicalOperator: 'Or',
    rules: [
      { id: 'r1', field: 'status', operator: 'is', value: 'error' },
      { id: 'r2', field: 'latencyMs', operator: 'greater_than', value: 1000, label: ' Slow ' },
    ],
  },
];
const NORMALIZED = [
  {
    id: 'g1',
    logicalOperator: 'Or',
    rules: [
      { field: 'status', id: 'r1', operator: 'is', value: 'error' },
      { field: 'latencyMs', id: 'r2', label: 'Slow', operator: 'greater_than', value: 1000 },
    ],
    type: 'group',
  },
];
const NIL = '00000000-0000-4000-8000-000000000000';

interface SavedFilterBody {
  id: string;
  name: string;
  filters: unknown[];
  createdAt: string;
  updatedAt: string;
}

forEachAdapter((adapter) => {
  let server: TestServer;
  const key = () => server.tenant.apiKey;
  const create = async (name: string, filters: unknown = FILTERS) => {
    const res = await server.request().post(BASE).set('x-api-key', key()).send({ name, filters });
    return expectEnvelope<SavedFilterBody>(res, 201);
  };

  before(async () => {
    server = await startTestServer(adapter);
  });
  after(async () => server.close());

  describe('POST /api/v1/public/saved-filters', () => {
    it('creates a filter and returns its normalized form with 201', async () => {
      const res = await server.request().post(BASE).set('x-api-key', key()).send({ name: '  Slow or failing ', filters: FILTERS });
      const data = expectEnvelope<SavedFilterBody>(res, 201);
      expect(data.id).to.match(/^[0-9a-f-]{36}$/);
      expect(data).to.deep.equal({ id: data.id, name: 'Slow or failing', filters: NORMALIZED, createdAt: '2026-11-01T12:00:00.000Z', updatedAt: '2026-11-01T12:00:00.000Z' });
      expectRateLimitHeaders(res);
      expect(res.headers['x-service-ratelimit-policy']).to.equal('write;w=60;q=120');
    });

    it('answers 400 with errors[].path at the offending node', async () => {
      const filters = [{ ...FILTERS[0], rules: [FILTERS[0].rules[0], { id: 'r2', field: 'latencyMs', operator: 'is_within_range', value: [1] }] }];
      const res = await server.request().post(BASE).set('x-api-key', key()).send({ name: 'bad', filters });
      const body = expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(body.errors).to.deep.equal([{ code: 'invalid_operand', message: 'is_within_range needs a two-element range [min, max]', path: '/body/filters/0/rules/1/value' }]);
    });

    it('answers 400 at the ninth nested group', async () => {
      const nest = (levels: number): unknown => (levels === 0 ? { id: 'r', field: 'name', operator: 'is', value: 'x' } : { id: `g${levels}`, type: 'group', logicalOperator: 'And', rules: [nest(levels - 1)] });
      expectEnvelope(await server.request().post(BASE).set('x-api-key', key()).send({ name: 'deep', filters: [nest(8)] }), 201);
      const body = expectProblem(await server.request().post(BASE).set('x-api-key', key()).send({ name: 'deeper', filters: [nest(9)] }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(body.errors).to.deep.equal([{ code: 'max_depth', message: 'groups nest at most 8 levels; this group is at level 9', path: `/body/filters/0${'/rules/0'.repeat(8)}` }]);
    });

    it('answers 400 from the contract when name or filters is missing', async () => {
      const body = expectProblem(await server.request().post(BASE).set('x-api-key', key()).send({ name: 'x' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(body.errors).to.deep.include({ code: 'required', message: "must have required property 'filters'", path: '/body/filters' });
    });

    it('answers 400 for a name of only spaces', async () => {
      const body = expectProblem(await server.request().post(BASE).set('x-api-key', key()).send({ name: '   ', filters: [] }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(body.errors).to.deep.equal([{ code: 'min_length', message: 'must have 1 to 255 characters after trimming', path: '/body/name' }]);
    });

    it('answers 403 insufficient_scope for an OAuth token with observability:read only', async () => {
      const token = await server.oauthToken(server.tenant.user.id, ['observability:read']);
      const res = await server.request().post(BASE).set('authorization', `Bearer ${token}`).set('x-project-id', server.tenant.project.id).send({ name: 'x', filters: [] });
      expectProblem(res, 403, 'PUBLIC_API_INSUFFICIENT_SCOPE');
    });

    it('accepts an OAuth token with observability:write', async () => {
      const token = await server.oauthToken(server.tenant.user.id, ['observability:write']);
      const res = await server.request().post(BASE).set('authorization', `Bearer ${token}`).set('x-project-id', server.tenant.project.id).send({ name: 'oauth', filters: [] });
      expect(expectEnvelope<SavedFilterBody>(res, 201).filters).to.deep.equal([]);
    });
  });

  describe('GET /api/v1/public/saved-filters/{id}', () => {
    it('returns the filter with its rules', async () => {
      const created = await create('one');
      const res = await server.request().get(`${BASE}/${created.id}`).set('authorization', `Bearer ${key()}`);
      expect(expectEnvelope(res)).to.deep.equal(created);
    });

    it("answers 404 for another project's filter", async () => {
      const created = await create('mine');
      const res = await server.request().get(`${BASE}/${created.id}`).set('x-api-key', server.other.apiKey);
      expectProblem(res, 404, 'PUBLIC_API_NOT_FOUND');
    });

    it('answers 404 for an unknown id and 400 for an id that is not a uuid', async () => {
      expectProblem(await server.request().get(`${BASE}/${NIL}`).set('x-api-key', key()), 404, 'PUBLIC_API_NOT_FOUND');
      expectProblem(await server.request().get(`${BASE}/nope`).set('x-api-key', key()), 400, 'PUBLIC_API_VALIDATION_FAILED');
    });

    it('gives the trace list port a condition it can apply', async () => {
      const created = await create('compile');
      const record = await server.runtime.services.savedFilters.get(server.tenant.project.id, created.id);
      const listed = await server.runtime.store.traces.list({ projectId: server.tenant.project.id, filters: {}, limit: 10, extraCondition: { kind: 'filter', rules: record.filters } });
      expect(listed).to.deep.equal([]);
    });
  });

  describe('GET /api/v1/public/saved-filters', () => {
    let isolated: Awaited<ReturnType<TestServer['seedTenant']>>;
    before(async () => {
      isolated = await server.seedTenant('Lists');
      for (const name of ['a', 'b', 'c']) {
        await server.request().post(BASE).set('x-api-key', isolated.apiKey).send({ name, filters: FILTERS }).expect(201);
        server.clock.advance(1000);
      }
    });

    it('pages summaries newest first with a cursor', async () => {
      const first = expectEnvelope<{ savedFilters: SavedFilterBody[]; page: { hasMore: boolean; limit: number; nextCursor: string | null } }>(
        await server.request().get(BASE).query({ limit: 2 }).set('x-api-key', isolated.apiKey),
      );
      expect(first.savedFilters.map((f) => f.name)).to.deep.equal(['c', 'b']);
      expect(Object.keys(first.savedFilters[0]).sort()).to.deep.equal(['createdAt', 'id', 'name', 'updatedAt']);
      expect(first.page).to.include({ hasMore: true, limit: 2 });
      const second = expectEnvelope<{ savedFilters: SavedFilterBody[]; page: { hasMore: boolean; nextCursor: string | null } }>(
        await server.request().get(BASE).query({ limit: 5, cursor: first.page.nextCursor }).set('x-api-key', isolated.apiKey),
      );
      expect(second.savedFilters.map((f) => f.name)).to.deep.equal(['a']);
      expect(second.page).to.deep.equal({ hasMore: false, limit: 5, nextCursor: null });
    });

    it('answers 400 PUBLIC_API_INVALID_CURSOR for a cursor of another credential', async () => {
      const first = expectEnvelope<{ page: { nextCursor: string } }>(await server.request().get(BASE).query({ limit: 1 }).set('x-api-key', isolated.apiKey));
      const res = await server.request().get(BASE).query({ cursor: first.page.nextCursor }).set('x-api-key', isolated.orgApiKey).set('x-project-id', isolated.project.id);
      expectProblem(res, 400, 'PUBLIC_API_INVALID_CURSOR');
    });

    it('answers 400 PUBLIC_API_INVALID_CURSOR for a chain older than 15 minutes', async () => {
      const first = expectEnvelope<{ page: { nextCursor: string } }>(await server.request().get(BASE).query({ limit: 1 }).set('x-api-key', isolated.apiKey));
      server.clock.advance(15 * 60 * 1000 + 1);
      expectProblem(await server.request().get(BASE).query({ cursor: first.page.nextCursor }).set('x-api-key', isolated.apiKey), 400, 'PUBLIC_API_INVALID_CURSOR');
    });

    it('accepts limit 100 and rejects 101 and 0', async () => {
      expect(expectEnvelope<{ page: { limit: number } }>(await server.request().get(BASE).query({ limit: 100 }).set('x-api-key', isolated.apiKey)).page.limit).to.equal(100);
      expectProblem(await server.request().get(BASE).query({ limit: 101 }).set('x-api-key', isolated.apiKey), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expectProblem(await server.request().get(BASE).query({ limit: 0 }).set('x-api-key', isolated.apiKey), 400, 'PUBLIC_API_VALIDATION_FAILED');
    });

    it("never lists another project's filters", async () => {
      const data = expectEnvelope<{ savedFilters: SavedFilterBody[] }>(await server.request().get(BASE).query({ limit: 100 }).set('x-api-key', server.other.apiKey));
      expect(data.savedFilters).to.deep.equal([]);
    });
  });

  describe('PATCH /api/v1/public/saved-filters/{id}', () => {
    it('renames without touching the rules and moves updatedAt', async () => {
      const created = await create('old');
      server.clock.advance(5000);
      const data = expectEnvelope<SavedFilterBody>(await server.request().patch(`${BASE}/${created.id}`).set('x-api-key', key()).send({ name: 'new' }));
      expect(data).to.deep.equal({ ...created, name: 'new', updatedAt: new Date(Date.parse(created.createdAt) + 5000).toISOString() });
    });

    it('replaces the rules', async () => {
      const created = await create('rules');
      const filters = [{ id: 'x', field: 'metadata.model', operator: 'is_any_of', value: ['gpt-4o', 'claude'] }];
      const data = expectEnvelope<SavedFilterBody>(await server.request().patch(`${BASE}/${created.id}`).set('x-api-key', key()).send({ filters }));
      expect(data.filters).to.deep.equal([{ field: 'metadata.model', id: 'x', operator: 'is_any_of', value: ['gpt-4o', 'claude'] }]);
    });

    it('answers 400 for an empty update', async () => {
      const created = await create('empty');
      expectProblem(await server.request().patch(`${BASE}/${created.id}`).set('x-api-key', key()).send({}), 400, 'PUBLIC_API_VALIDATION_FAILED');
    });

    it('answers 400 at the node for invalid rules', async () => {
      const created = await create('invalid');
      const res = await server.request().patch(`${BASE}/${created.id}`).set('x-api-key', key()).send({ filters: [{ id: 'x', field: 'tokens', operator: 'is', value: 1 }] });
      const body = expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(body.errors).to.have.length(1);
      expect((body.errors as { path: string; code: string }[])[0]).to.include({ code: 'unknown_field', path: '/body/filters/0/field' });
    });

    it("answers 404 for another project's filter", async () => {
      const created = await create('theirs');
      expectProblem(await server.request().patch(`${BASE}/${created.id}`).set('x-api-key', server.other.apiKey).send({ name: 'x' }), 404, 'PUBLIC_API_NOT_FOUND');
    });
  });

  describe('DELETE /api/v1/public/saved-filters/{id}', () => {
    it('deletes when confirmation equals the id', async () => {
      const created = await create('gone');
      const data = expectEnvelope(await server.request().delete(`${BASE}/${created.id}`).set('x-api-key', key()).send({ confirmation: created.id }));
      expect(data).to.deep.equal({ id: created.id, deleted: true });
      expectProblem(await server.request().get(`${BASE}/${created.id}`).set('x-api-key', key()), 404, 'PUBLIC_API_NOT_FOUND');
    });

    it('answers 400 PUBLIC_API_CONFIRMATION_MISMATCH when confirmation differs, and keeps the filter', async () => {
      const created = await create('kept');
      const body = expectProblem(await server.request().delete(`${BASE}/${created.id}`).set('x-api-key', key()).send({ confirmation: NIL }), 400, 'PUBLIC_API_CONFIRMATION_MISMATCH');
      expect(body.errors).to.deep.equal([{ code: 'confirmation_mismatch', message: 'must equal the saved filter id in the path', path: '/body/confirmation' }]);
      expectEnvelope(await server.request().get(`${BASE}/${created.id}`).set('x-api-key', key()));
    });

    it('answers 400 when confirmation is missing', async () => {
      const created = await create('nobody');
      const body = expectProblem(await server.request().delete(`${BASE}/${created.id}`).set('x-api-key', key()).send({}), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(body.errors).to.deep.equal([{ code: 'required', message: "must have required property 'confirmation'", path: '/body/confirmation' }]);
    });

    it("answers 404 for another project's filter", async () => {
      const created = await create('protected');
      expectProblem(await server.request().delete(`${BASE}/${created.id}`).set('x-api-key', server.other.apiKey).send({ confirmation: created.id }), 404, 'PUBLIC_API_NOT_FOUND');
    });
  });
});
