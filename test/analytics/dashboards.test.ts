import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { DEFAULT_WIDGETS } from '../../src/domain/dashboards/default-dashboard.js';

const BASE = '/api/v1/public/dashboards';
const NIL = '00000000-0000-4000-8000-000000000000';
const NOW = '2026-11-01T12:00:00.000Z';

interface Widget {
  type: string;
  title: string;
  query: Record<string, unknown>;
  layout: { x: number; y: number; w: number; h: number };
}
interface Dashboard {
  id: string;
  name: string;
  description: string;
  builtIn: boolean;
  widgetCount: number;
  createdAt: string | null;
  updatedAt: string | null;
  widgets: Widget[];
}
type Summary = Omit<Dashboard, 'widgets'>;
interface Page {
  hasMore: boolean;
  limit: number;
  nextCursor: string | null;
}

const COST_BY_MODEL: Widget = {
  type: 'line',
  title: 'Cost by model',
  query: { measures: ['costSum'], time: { bucket: 'day', timeZone: 'Europe/Berlin' }, dimensions: [{ name: 'model', top: 5 }], rankBy: 'costSum' },
  layout: { x: 0, y: 0, w: 6, h: 4 },
};
const ERRORS: Widget = {
  type: 'number',
  title: ' Errors of support ',
  query: { measures: ['errorRate'], filters: [{ id: 'r1', field: 'agentName', operator: 'is', value: 'support', label: ' Support ' }] },
  layout: { x: 6, y: 0, w: 6, h: 2 },
};
/** The paths of a Problem's field errors, in order. */
const paths = (problem: Record<string, unknown>): string[] => (problem.errors as { path: string }[]).map((e) => e.path);
const BUILT_IN_SUMMARY: Summary = {
  id: 'default',
  name: 'Overview',
  description: 'Traces, errors, latency, cost and tokens over time, cost by model and the top users.',
  builtIn: true,
  widgetCount: DEFAULT_WIDGETS.length,
  createdAt: null,
  updatedAt: null,
};

forEachAdapter((adapter) => {
  describe(`dashboards (${adapter})`, function () {
    this.timeout(60_000);
    let server: TestServer;
    const key = () => server.tenant.apiKey;
    const create = async (body: Record<string, unknown>, apiKey = key()) => server.request().post(BASE).set('x-api-key', apiKey).send(body);
    const count = async () => Number((await server.runtime.database.knex('dashboards').count<{ n: number }[]>({ n: '*' }))[0].n);
    const readOnlyKey = async () =>
      expectEnvelope<{ key: string }>(await server.request().post('/api/v1/public/api-keys').set('x-api-key', server.tenant.orgApiKey).set('x-project-id', server.tenant.project.id).send({ name: 'reader', readOnly: true }), 201).key;

    // One server for the suite (each starts a database): every test works on dashboards it made, or a tenant of its own.
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    describe('POST /api/v1/public/dashboards (createDashboard)', () => {
      it('creates a dashboard and answers it with 201: name and titles trimmed, filters normalized, defaults absent', async () => {
        const now = server.clock.now().toISOString();
        const data = expectEnvelope<Dashboard>(await create({ name: '  Spend  ', description: 'What we pay', widgets: [COST_BY_MODEL, ERRORS] }), 201);
        expect(data.id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect(data).to.deep.equal({
          id: data.id,
          name: 'Spend',
          description: 'What we pay',
          builtIn: false,
          widgetCount: 2,
          createdAt: now,
          updatedAt: now,
          widgets: [
            COST_BY_MODEL,
            { ...ERRORS, title: 'Errors of support', query: { measures: ['errorRate'], filters: [{ field: 'agentName', id: 'r1', label: 'Support', operator: 'is', value: 'support' }] } },
          ],
        });
        expect(expectEnvelope<Dashboard>(await server.request().get(`${BASE}/${data.id}`).set('x-api-key', key()))).to.deep.equal(data);
      });

      it('answers 400 with the path into the widget for every rule of the metrics query it breaks, and writes nothing', async () => {
        const widgets = [
          { ...COST_BY_MODEL, query: { measures: ['scoreAvg'], time: { bucket: 'hour', timeZone: 'Mars/Olympus' } } },
          { ...COST_BY_MODEL, query: { measures: ['costSum'], time: { bucket: 'day' }, dimensions: [{ name: 'model' }, { name: 'model', top: 3 }] } },
          { ...COST_BY_MODEL, query: { measures: ['costSum'], time: { bucket: 'day' }, scoreName: 'quality' } },
        ];
        const before = await count();
        const body = expectProblem(await create({ name: 'bad', widgets }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(body.errors).to.deep.equal([
          { path: '/body/widgets/0/query/scoreName', code: 'required', message: 'is required with scoreAvg' },
          { path: '/body/widgets/0/query/time/timeZone', code: 'unknown_time_zone', message: 'is not an IANA time zone' },
          { path: '/body/widgets/1/query/dimensions/1/name', code: 'duplicate', message: 'is already a dimension' },
          { path: '/body/widgets/2/query/scoreName', code: 'unused', message: 'is only read with scoreAvg' },
        ]);
        expect(await count()).to.equal(before);
      });

      it('answers 400 at the filter node of a widget, as the metrics query does at /body/filters', async () => {
        const widget = { ...ERRORS, query: { measures: ['errorRate'], filters: [{ id: 'r1', field: 'latencyMs', operator: 'is_within_range', value: [1] }] } };
        const body = expectProblem(await create({ name: 'bad', widgets: [COST_BY_MODEL, widget] }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(body.errors).to.deep.equal([{ code: 'invalid_operand', message: 'is_within_range needs a two-element range [min, max]', path: '/body/widgets/1/query/filters/0/value' }]);
        const query = expectProblem(
          await server.request().post('/api/v1/public/metrics/query').set('x-api-key', key()).send({ from: NOW, to: '2026-11-02T00:00:00Z', ...widget.query }),
          400,
          'PUBLIC_API_VALIDATION_FAILED',
        );
        expect(query.errors).to.deep.equal([{ code: 'invalid_operand', message: 'is_within_range needs a two-element range [min, max]', path: '/body/filters/0/value' }]);
      });

      it('answers 400 for what a widget type cannot draw and a layout beyond the 12 columns', async () => {
        const widgets = [
          { ...COST_BY_MODEL, query: { measures: ['costSum'] } },
          { ...ERRORS, query: { measures: ['errorRate', 'costSum'], time: { bucket: 'day' }, dimensions: [{ name: 'agent' }] } },
          { ...ERRORS, title: '   ', layout: { x: 8, y: 0, w: 5, h: 2 } },
        ];
        const body = expectProblem(await create({ name: 'bad', widgets }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(body.errors).to.deep.equal([
          { path: '/body/widgets/0/query/time', code: 'required', message: 'a line widget draws a series over time' },
          { path: '/body/widgets/1/query/measures', code: 'one_measure', message: 'a number widget shows exactly one measure' },
          { path: '/body/widgets/1/query/time', code: 'unused', message: 'a number widget shows one value, not a series' },
          { path: '/body/widgets/1/query/dimensions', code: 'unused', message: 'a number widget shows one value, not groups' },
          { path: '/body/widgets/2/title', code: 'min_length', message: 'must have 1 to 120 characters after trimming' },
          { path: '/body/widgets/2/layout/w', code: 'beyond_grid', message: 'x + w must be at most 12' },
        ]);
      });

      it('answers 400 at /body/widgets beyond 24 widgets and at the widget field the contract bounds', async () => {
        const before = await count();
        const many = expectProblem(await create({ name: 'many', widgets: Array.from({ length: 25 }, () => ERRORS) }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(paths(many)).to.deep.equal(['/body/widgets']);
        const top = expectProblem(await create({ name: 'top', widgets: [{ ...COST_BY_MODEL, query: { ...COST_BY_MODEL.query, dimensions: [{ name: 'model', top: 51 }] } }] }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(paths(top)).to.deep.equal(['/body/widgets/0/query/dimensions/0/top']);
        expect(await count()).to.equal(before);
      });

      it('answers 409 PUBLIC_API_DASHBOARD_LIMIT at the 101st dashboard of a project', async () => {
        const own = await server.seedTenant('limits');
        for (let i = 0; i < 100; i++) expectEnvelope<Dashboard>(await create({ name: `d${i}`, widgets: [] }, own.apiKey), 201);
        expectProblem(await create({ name: 'one too many', widgets: [] }, own.apiKey), 409, 'PUBLIC_API_DASHBOARD_LIMIT');
        expect(Number((await server.runtime.database.knex('dashboards').where({ project_id: own.project.id }).count<{ n: number }[]>({ n: '*' }))[0].n)).to.equal(100);
      });

      it('is refused to read-only keys and to OAuth tokens without configuration:write, and audited', async () => {
        const before = await count();
        expectProblem(await create({ name: 'x', widgets: [] }, await readOnlyKey()), 403, 'PUBLIC_API_READ_ONLY_CREDENTIAL');
        const reader = await server.oauthToken(server.tenant.user.id, ['observability:read', 'observability:write']);
        const refused = await server.request().post(BASE).set('authorization', `Bearer ${reader}`).set('x-project-id', server.tenant.project.id).send({ name: 'x', widgets: [] });
        expectProblem(refused, 403, 'PUBLIC_API_INSUFFICIENT_SCOPE');
        expect(await count()).to.equal(before);
        const writer = await server.oauthToken(server.tenant.user.id, ['configuration:write']);
        const created = expectEnvelope<Dashboard>(
          await server.request().post(BASE).set('authorization', `Bearer ${writer}`).set('x-project-id', server.tenant.project.id).send({ name: 'Ops', widgets: [ERRORS] }),
          201,
        );
        const events = expectEnvelope<{ auditEvents: { action: string; targetType: string; targetId: string; details: Record<string, unknown> }[] }>(
          await server.request().get('/api/v1/public/audit-events').set('x-api-key', server.tenant.orgApiKey).set('x-project-id', server.tenant.project.id),
        ).auditEvents.filter((e) => e.targetId === created.id);
        expect(events.map(({ action, targetId, details }) => ({ action, targetId, details }))).to.deep.equal([{ action: 'dashboard.created', targetId: created.id, details: { name: 'Ops' } }]);
      });
    });

    describe('GET /api/v1/public/dashboards (listDashboards)', () => {
      it('lists the built-in default first, then saved dashboards newest first, over keyset pages', async () => {
        const own = await server.seedTenant('lists');
        const ownKey = own.apiKey;
        const ids: string[] = [];
        const start = server.clock.now().toISOString();
        for (const name of ['a', 'b', 'c']) {
          ids.push(expectEnvelope<Dashboard>(await create({ name, widgets: [ERRORS] }, ownKey), 201).id);
          server.clock.advance(1000);
        }
        const all = expectEnvelope<{ dashboards: Summary[]; page: Page }>(await server.request().get(BASE).set('x-api-key', ownKey));
        expect(all.dashboards.map((d) => d.id)).to.deep.equal(['default', ids[2], ids[1], ids[0]]);
        expect(all.dashboards[0]).to.deep.equal(BUILT_IN_SUMMARY);
        expect(all.dashboards[1]).to.deep.equal({ id: ids[2], name: 'c', description: '', builtIn: false, widgetCount: 1, createdAt: new Date(Date.parse(start) + 2000).toISOString(), updatedAt: new Date(Date.parse(start) + 2000).toISOString() });
        expect(all.page).to.deep.equal({ hasMore: false, limit: 20, nextCursor: null });

        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const query: Record<string, string | number> = { limit: 1, ...(cursor ? { cursor } : {}) };
          const page: { dashboards: Summary[]; page: Page } = expectEnvelope(await server.request().get(BASE).query(query).set('x-api-key', ownKey));
          expect(page.dashboards).to.have.length(1);
          seen.push(page.dashboards[0].id);
          cursor = page.page.nextCursor;
          expect(page.page.hasMore).to.equal(cursor !== null);
        } while (cursor);
        expect(seen).to.deep.equal(['default', ids[2], ids[1], ids[0]]);
      });

      it('shows another project only its own dashboards, and is callable by read-only keys', async () => {
        await create({ name: 'mine', widgets: [] });
        const foreign = expectEnvelope<{ dashboards: Summary[] }>(await server.request().get(BASE).set('x-api-key', server.other.apiKey));
        expect(foreign.dashboards).to.deep.equal([BUILT_IN_SUMMARY]);
        const readOnly = expectEnvelope<{ dashboards: Summary[] }>(await server.request().get(BASE).set('x-api-key', await readOnlyKey()));
        expect(readOnly.dashboards.slice(0, 2).map((d) => d.name)).to.deep.equal(['Overview', 'mine']);
      });
    });

    describe('GET /api/v1/public/dashboards/{dashboardId} (getDashboard)', () => {
      it('answers the built-in default dashboard for every project, each of its widget queries one the metrics query runs', async () => {
        const data = expectEnvelope<Dashboard>(await server.request().get(`${BASE}/default`).set('x-api-key', server.other.apiKey));
        expect(data).to.deep.equal({ ...BUILT_IN_SUMMARY, widgets: DEFAULT_WIDGETS });
        expect(data.widgets.map((w) => `${w.type}:${w.title}`)).to.deep.equal([
          'number:Traces',
          'number:Error rate',
          'number:Cost ($)',
          'number:Total tokens',
          'line:Traces over time',
          'line:Error rate over time',
          'line:Latency p50 / p95 (ms)',
          'line:Cost by model over time ($)',
          'line:Tokens over time',
          'bar:Cost by model ($)',
          'table:Top users',
        ]);
        for (const widget of data.widgets) {
          const res = await server.request().post('/api/v1/public/metrics/query').set('x-api-key', key()).send({ from: '2026-10-02T12:00:00Z', to: NOW, ...widget.query });
          expect(res.status, widget.title).to.equal(200);
        }
      });

      it('answers 404 for an unknown id and for a dashboard of another project', async () => {
        const mine = expectEnvelope<Dashboard>(await create({ name: 'mine', widgets: [] }), 201);
        expectProblem(await server.request().get(`${BASE}/${NIL}`).set('x-api-key', key()), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await server.request().get(`${BASE}/${mine.id}`).set('x-api-key', server.other.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
        expect(expectEnvelope<Dashboard>(await server.request().get(`${BASE}/${mine.id.toUpperCase()}`).set('x-api-key', key())).id).to.equal(mine.id);
      });

      it('answers 400 at /params/dashboardId for an id that is neither a uuid nor default', async () => {
        const body = expectProblem(await server.request().get(`${BASE}/overview`).set('x-api-key', key()), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(paths(body)).to.deep.equal(['/params/dashboardId']);
      });
    });

    describe('PATCH /api/v1/public/dashboards/{dashboardId} (updateDashboard)', () => {
      it('renames, re-describes and replaces widgets, validated as on create', async () => {
        const made = expectEnvelope<Dashboard>(await create({ name: 'a', widgets: [ERRORS] }), 201);
        server.clock.advance(5000);
        const patch = (body: object) => server.request().patch(`${BASE}/${made.id}`).set('x-api-key', key()).send(body);
        const updated = expectEnvelope<Dashboard>(await patch({ name: ' b ', description: 'd', widgets: [COST_BY_MODEL] }));
        expect(updated).to.deep.equal({ ...made, name: 'b', description: 'd', widgetCount: 1, widgets: [COST_BY_MODEL], updatedAt: new Date(Date.parse(made.updatedAt as string) + 5000).toISOString() });
        const bad = expectProblem(await patch({ widgets: [{ ...COST_BY_MODEL, query: { measures: ['costSum'] } }] }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(paths(bad)).to.deep.equal(['/body/widgets/0/query/time']);
        expect(paths(expectProblem(await patch({}), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal(['/body']);
        expect(expectEnvelope<Dashboard>(await server.request().get(`${BASE}/${made.id}`).set('x-api-key', key()))).to.deep.equal(updated);
      });

      it('answers 409 PUBLIC_API_DASHBOARD_BUILT_IN for the default and 404 for an unknown or foreign dashboard', async () => {
        expectProblem(await server.request().patch(`${BASE}/default`).set('x-api-key', key()).send({ name: 'x' }), 409, 'PUBLIC_API_DASHBOARD_BUILT_IN');
        expectProblem(await server.request().patch(`${BASE}/${NIL}`).set('x-api-key', key()).send({ name: 'x' }), 404, 'PUBLIC_API_NOT_FOUND');
        const mine = expectEnvelope<Dashboard>(await create({ name: 'mine', widgets: [] }), 201);
        expectProblem(await server.request().patch(`${BASE}/${mine.id}`).set('x-api-key', server.other.apiKey).send({ name: 'x' }), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('DELETE /api/v1/public/dashboards/{dashboardId} (deleteDashboard)', () => {
      it('deletes a saved dashboard once, refuses the built-in, and is audited', async () => {
        const made = expectEnvelope<Dashboard>(await create({ name: 'a', widgets: [] }), 201);
        // The audit log lists newest first; a later instant makes "newest" the deletion, not an id's tie-break.
        server.clock.advance(1000);
        const del = () => server.request().delete(`${BASE}/${made.id}`).set('x-api-key', key());
        expect(expectEnvelope(await del())).to.deep.equal({ id: made.id, deleted: true });
        expectProblem(await del(), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await server.request().delete(`${BASE}/default`).set('x-api-key', key()), 409, 'PUBLIC_API_DASHBOARD_BUILT_IN');
        const events = expectEnvelope<{ auditEvents: { action: string; targetId: string }[] }>(
          await server.request().get('/api/v1/public/audit-events').set('x-api-key', server.tenant.orgApiKey).set('x-project-id', server.tenant.project.id),
        ).auditEvents.filter((e) => e.targetId === made.id);
        expect(events.map((e) => [e.action, e.targetId])).to.deep.equal([
          ['dashboard.deleted', made.id],
          ['dashboard.created', made.id],
        ]);
      });
    });

    describe('POST /api/v1/public/metrics/query with a read-only key (x-tracewell-read-only)', () => {
      it('answers a read-only key the same rows as a full key, while the writing POSTs stay refused to it', async () => {
        const trace = await server.request().post('/api/v1/public/traces').set('x-api-key', key())
          .send({ trace_id: 'ro-1', name: 'r', spans: [{ span_id: 's1', name: 'root', span_type: 'AGENT', status: 'success', start_time: '2026-11-01T11:00:00Z', latency_ms: 10 }] });
        expect(trace.status).to.equal(201);
        const query = { from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z', measures: ['traceCount'] };
        const reader = await readOnlyKey();
        const full = expectEnvelope<{ rows: unknown[] }>(await server.request().post('/api/v1/public/metrics/query').set('x-api-key', key()).send(query));
        const read = expectEnvelope<{ rows: unknown[] }>(await server.request().post('/api/v1/public/metrics/query').set('x-api-key', reader).send(query));
        expect(read).to.deep.equal(full);
        expect(read.rows).to.deep.equal([{ groups: [], values: { traceCount: 1 } }]);
        expectProblem(await server.request().post('/api/v1/public/saved-filters').set('x-api-key', reader).send({ name: 'x', filters: [] }), 403, 'PUBLIC_API_READ_ONLY_CREDENTIAL');
        expectProblem(await server.request().post('/api/v1/public/prompts/x/compile').set('x-api-key', reader).send({ variables: {} }), 403, 'PUBLIC_API_READ_ONLY_CREDENTIAL');
      });

      it('stays callable when public-API mutations are off, which still refuse createDashboard', async () => {
        const off = await startTestServer(adapter, { env: { PUBLIC_API_MUTATIONS_ENABLED: 'false' } });
        try {
          const query = { from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z', measures: ['traceCount'] };
          expect(expectEnvelope<{ rows: unknown[] }>(await off.request().post('/api/v1/public/metrics/query').set('x-api-key', off.tenant.apiKey).send(query)).rows).to.deep.equal([]);
          expectProblem(await off.request().post(BASE).set('x-api-key', off.tenant.apiKey).send({ name: 'x', widgets: [] }), 403, 'PUBLIC_API_MUTATIONS_DISABLED');
        } finally {
          await off.close();
        }
      });
    });
  });
});
