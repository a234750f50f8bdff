import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { ingest } from '../evaluations/support.js';

type Json = Record<string, unknown>;
type Item = { id: string; input: unknown; expectedOutput: unknown; metadata: Json; status: string; version: number; sourceTraceId: string | null; sourceSpanId: string | null };
type ItemList = { items: Item[]; datasetVersion: number; page: { hasMore: boolean; nextCursor: string | null } };

const DATASETS = '/api/v1/public/datasets';

forEachAdapter((adapter) => {
  describe('datasets', function () {
    this.timeout(30_000);
    let server: TestServer;
    const key = () => server.tenant.apiKey;
    const post = (path: string, body: object, apiKey = key()) => server.request().post(`${DATASETS}${path}`).set('x-api-key', apiKey).send(body);
    const patch = (path: string, body: object, apiKey = key()) => server.request().patch(`${DATASETS}${path}`).set('x-api-key', apiKey).send(body);
    const get = (path: string, query: Record<string, string | number | boolean> = {}, apiKey = key()) => server.request().get(`${DATASETS}${path}`).set('x-api-key', apiKey).query(query);
    const newDataset = async (name = `ds-${randomUUID()}`): Promise<string> => expectEnvelope<{ id: string }>(await post('', { name }), 201).id;
    const newItem = async (datasetId: string, body: object): Promise<Item> => {
      // Items list in creation order: a tick apart, so the order is the order of the calls.
      server.clock.advance(1);
      return expectEnvelope<Item>(await post(`/${datasetId}/items`, body), 201);
    };

    before(async () => {
      server = await startTestServer(adapter);
      await ingest(server, server.tenant.apiKey, {
        trace_id: 'support-1',
        spans: [
          { span_id: 'root', input: { question: 'reset my password' }, output: { answer: 'use the link' } },
          { span_id: 'tool', parent_span_id: 'root', input: { query: 'password' }, output: { hits: 3 } },
        ],
      });
    });
    after(async () => server.close());

    describe('POST /api/v1/public/datasets (createDataset)', () => {
      it('creates an empty dataset at version 0', async () => {
        const data = expectEnvelope<Json>(await post('', { name: '  support questions ', description: 'from production', metadata: { owner: 'qa' } }), 201);
        expect(data).to.include({ name: 'support questions', description: 'from production', version: 0, itemCount: 0 });
        expect(data.metadata).to.deep.equal({ owner: 'qa' });
      });

      it('answers 409 PUBLIC_API_DATASET_CONFLICT for a name the project has', async () => {
        const name = `dup-${randomUUID()}`;
        await newDataset(name);
        expectProblem(await post('', { name }), 409, 'PUBLIC_API_DATASET_CONFLICT');
      });

      it('refuses a blank name at /body/name', async () => {
        const body = expectProblem(await post('', { name: '   ' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((body.errors as { path: string }[])[0]!.path).to.equal('/body/name');
      });

      it('is audited as dataset.created', async () => {
        const id = await newDataset();
        const rows = await server.runtime.database.knex('audit_events').where({ action: 'dataset.created', target_id: id });
        expect(rows).to.have.length(1);
      });
    });

    describe('GET /api/v1/public/datasets (listDatasets)', () => {
      it('lists newest first with a cursor, and nothing of another project', async () => {
        server.clock.advance(1000);
        const first = await newDataset();
        server.clock.advance(1);
        const second = await newDataset();
        const page = expectEnvelope<{ datasets: { id: string }[]; page: { nextCursor: string } }>(await get('', { limit: 1 }));
        expect(page.datasets.map((d) => d.id)).to.deep.equal([second]);
        const next = expectEnvelope<{ datasets: { id: string }[] }>(await get('', { limit: 1, cursor: page.page.nextCursor }));
        expect(next.datasets.map((d) => d.id)).to.deep.equal([first]);
        const other = expectEnvelope<{ datasets: { id: string }[] }>(await get('', {}, server.other.apiKey));
        expect(other.datasets.map((d) => d.id)).to.not.include(first);
      });
    });

    describe('GET /api/v1/public/datasets/{id} (getDataset)', () => {
      it('answers 404 for an unknown id, a malformed id and another project’s dataset', async () => {
        const id = await newDataset();
        expectProblem(await get(`/${randomUUID()}`), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await get('/not-a-uuid'), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expectProblem(await get(`/${id}`, {}, server.other.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('PATCH /api/v1/public/datasets/{id} (updateDataset)', () => {
      it('renames and describes without changing the version', async () => {
        const id = await newDataset();
        await newItem(id, { input: 'q' });
        const name = `renamed-${randomUUID()}`;
        const data = expectEnvelope<Json>(await patch(`/${id}`, { name, description: null }));
        expect(data).to.include({ name, description: null, version: 1, itemCount: 1 });
      });

      it('answers 409 for a name another dataset has', async () => {
        const taken = `taken-${randomUUID()}`;
        await newDataset(taken);
        const id = await newDataset();
        expectProblem(await patch(`/${id}`, { name: taken }), 409, 'PUBLIC_API_DATASET_CONFLICT');
      });
    });

    describe('DELETE /api/v1/public/datasets/{id} (deleteDataset)', () => {
      it('needs the id as confirmation, then deletes items, runs, results and their scores', async () => {
        const id = await newDataset();
        const item = await newItem(id, { input: 'q' });
        const run = expectEnvelope<{ id: string }>(await post(`/${id}/runs`, { name: 'r' }), 201);
        expectEnvelope(await post(`/${id}/runs/${run.id}/results`, { results: [{ itemId: item.id, output: 'a', scores: [{ name: 'ok', value: true }] }] }));
        const del = (confirmation: string) => server.request().delete(`${DATASETS}/${id}`).set('x-api-key', key()).send({ confirmation });
        expectProblem(await del('nope'), 400, 'PUBLIC_API_CONFIRMATION_MISMATCH');
        expect(expectEnvelope<Json>(await del(id))).to.deep.equal({ id, deleted: true });
        expectProblem(await get(`/${id}`), 404, 'PUBLIC_API_NOT_FOUND');
        const knex = server.runtime.database.knex;
        expect(await knex('dataset_item_versions').where({ dataset_id: id })).to.have.length(0);
        expect(await knex('experiment_runs').where({ dataset_id: id })).to.have.length(0);
        expect(await knex('scores').where({ project_id: server.tenant.project.id, target: 'experiment_result' }).whereNotIn('experiment_result_id', knex('experiment_results').select('id'))).to.have.length(0);
      });
    });

    describe('POST /api/v1/public/datasets/{id}/items (createDatasetItem)', () => {
      it('adds an item and moves the dataset to the next version', async () => {
        const id = await newDataset();
        const item = await newItem(id, { input: { q: 'hi' }, expectedOutput: 'hello', metadata: { tag: 'greeting' } });
        expect(item).to.include({ status: 'active', version: 1, expectedOutput: 'hello', sourceTraceId: null, sourceSpanId: null });
        expect(item.input).to.deep.equal({ q: 'hi' });
        await newItem(id, { input: 'second' });
        expect(expectEnvelope<Json>(await get(`/${id}`))).to.include({ version: 2, itemCount: 2 });
      });

      it("copies input and expected output from a trace's root span, or from a named span", async () => {
        const id = await newDataset();
        const fromTrace = await newItem(id, { sourceTraceId: 'support-1' });
        expect(fromTrace).to.deep.include({ input: { question: 'reset my password' }, expectedOutput: { answer: 'use the link' }, sourceTraceId: 'support-1', sourceSpanId: null });
        const fromSpan = await newItem(id, { sourceTraceId: 'support-1', sourceSpanId: 'tool', expectedOutput: { hits: 5 } });
        expect(fromSpan).to.deep.include({ input: { query: 'password' }, expectedOutput: { hits: 5 }, sourceSpanId: 'tool' });
      });

      it('answers 404 for an unknown source trace or span and for another project’s trace', async () => {
        const id = await newDataset();
        expectProblem(await post(`/${id}/items`, { sourceTraceId: 'missing' }), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await post(`/${id}/items`, { sourceTraceId: 'support-1', sourceSpanId: 'missing' }), 404, 'PUBLIC_API_NOT_FOUND');
        const other = expectEnvelope<{ id: string }>(await post('', { name: `o-${randomUUID()}` }, server.other.apiKey), 201).id;
        expectProblem(await post(`/${other}/items`, { sourceTraceId: 'support-1' }, server.other.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
      });

      it('needs input or a source, and a span only with its trace', async () => {
        const id = await newDataset();
        const none = expectProblem(await post(`/${id}/items`, { expectedOutput: 'x' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((none.errors as { path: string }[])[0]!.path).to.equal('/body/input');
        const span = expectProblem(await post(`/${id}/items`, { sourceSpanId: 'root' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((span.errors as { path: string }[])[0]!.path).to.equal('/body/sourceSpanId');
      });

      it('refuses an item above 262,144 bytes of JSON at /body without writing it, and a 10 MB body before reading it', async () => {
        const id = await newDataset();
        const big = expectProblem(await post(`/${id}/items`, { input: 'x'.repeat(262_144) }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(big.errors).to.deep.equal([{ code: 'max_bytes', message: 'must be at most 262144 bytes of JSON', path: '/body' }]);
        const huge = await post(`/${id}/items`, { input: 'x'.repeat(10 * 1024 * 1024) });
        expect(huge.status).to.equal(413);
        expect(expectEnvelope<Json>(await get(`/${id}`))).to.include({ version: 0, itemCount: 0 });
      });

      it('answers 404 for another project’s dataset', async () => {
        const id = await newDataset();
        expectProblem(await post(`/${id}/items`, { input: 'q' }, server.other.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('PATCH /api/v1/public/datasets/{id}/items/{itemId} (updateDatasetItem)', () => {
      it('keeps every earlier state: reading as of a version returns the items exactly as they were', async () => {
        const id = await newDataset();
        const a = await newItem(id, { input: 'a1', expectedOutput: 'A' }); // v1
        const b = await newItem(id, { input: 'b1' }); // v2
        expectEnvelope(await patch(`/${id}/items/${a.id}`, { input: 'a2' })); // v3
        expectEnvelope(await patch(`/${id}/items/${b.id}`, { status: 'archived' })); // v4
        const c = await newItem(id, { input: 'c1' }); // v5
        const at = async (version: number, includeArchived = false) =>
          expectEnvelope<ItemList>(await get(`/${id}/items`, { version, includeArchived })).items.map((i) => [i.id, i.input, i.status, i.version]);
        expect(await at(1)).to.deep.equal([[a.id, 'a1', 'active', 1]]);
        expect(await at(2)).to.deep.equal([
          [a.id, 'a1', 'active', 1],
          [b.id, 'b1', 'active', 2],
        ]);
        expect(await at(3)).to.deep.equal([
          [a.id, 'a2', 'active', 3],
          [b.id, 'b1', 'active', 2],
        ]);
        expect(await at(4)).to.deep.equal([[a.id, 'a2', 'active', 3]]);
        expect(await at(4, true)).to.deep.equal([
          [a.id, 'a2', 'active', 3],
          [b.id, 'b1', 'archived', 4],
        ]);
        const current = expectEnvelope<ItemList>(await get(`/${id}/items`));
        expect(current.datasetVersion).to.equal(5);
        expect(current.items.map((i) => i.id)).to.deep.equal([a.id, c.id]);
        expect(current.items[0]!.expectedOutput).to.equal('A');
      });

      it('restores an archived item with status active', async () => {
        const id = await newDataset();
        const a = await newItem(id, { input: 'a' });
        expectEnvelope(await patch(`/${id}/items/${a.id}`, { status: 'archived' }));
        expect(expectEnvelope<Json>(await get(`/${id}`))).to.include({ itemCount: 0, version: 2 });
        expect(expectEnvelope<Item>(await patch(`/${id}/items/${a.id}`, { status: 'active' }))).to.include({ status: 'active', version: 3 });
      });

      it('answers 404 for an unknown item and an item of another dataset', async () => {
        const id = await newDataset();
        const otherDataset = await newDataset();
        const foreign = await newItem(otherDataset, { input: 'x' });
        expectProblem(await patch(`/${id}/items/${randomUUID()}`, { input: 'y' }), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await patch(`/${id}/items/${foreign.id}`, { input: 'y' }), 404, 'PUBLIC_API_NOT_FOUND');
      });

      it('refuses an empty change through the contract', async () => {
        const id = await newDataset();
        const a = await newItem(id, { input: 'a' });
        expectProblem(await patch(`/${id}/items/${a.id}`, {}), 400, 'PUBLIC_API_VALIDATION_FAILED');
      });
    });

    describe('GET /api/v1/public/datasets/{id}/items (listDatasetItems)', () => {
      it('pages oldest first with a cursor bound to the version', async () => {
        const id = await newDataset();
        const ids: string[] = [];
        for (let i = 0; i < 3; i += 1) {
          ids.push((await newItem(id, { input: i })).id);
        }
        const first = expectEnvelope<ItemList>(await get(`/${id}/items`, { limit: 2 }));
        expect(first.items.map((i) => i.id)).to.deep.equal(ids.slice(0, 2));
        const second = expectEnvelope<ItemList>(await get(`/${id}/items`, { limit: 2, cursor: first.page.nextCursor! }));
        expect(second.items.map((i) => i.id)).to.deep.equal(ids.slice(2));
        expectProblem(await get(`/${id}/items`, { limit: 2, version: 2, cursor: first.page.nextCursor! }), 400, 'PUBLIC_API_INVALID_CURSOR');
      });

      it('refuses a version above the current one at /query/version', async () => {
        const id = await newDataset();
        const body = expectProblem(await get(`/${id}/items`, { version: 1 }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((body.errors as { path: string }[])[0]!.path).to.equal('/query/version');
      });
    });

    describe('scopes', () => {
      it('needs evaluation:write of an OAuth token to write and evaluation:read to read', async () => {
        const reader = await server.oauthToken(server.tenant.user.id, ['evaluation:read']);
        const as = (token: string) => ({ authorization: `Bearer ${token}`, 'x-project-id': server.tenant.project.id });
        expectProblem(await server.request().post(DATASETS).set(as(reader)).send({ name: 'x' }), 403, 'PUBLIC_API_INSUFFICIENT_SCOPE');
        expectEnvelope(await server.request().get(DATASETS).set(as(reader)));
      });
    });
  });
});
