import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { BASE, SERVER_ENV } from './support.js';

const NIL = '00000000-0000-4000-8000-000000000000';
const THRESHOLD = { name: 'Errors', kind: 'threshold', metric: 'error_rate', windowSeconds: 300, condition: { operator: 'gt', threshold: 0.2 } };

forEachAdapter((adapter) => {
  let server: TestServer;
  const key = () => server.tenant.apiKey;
  const post = (body: unknown, apiKey = key()) => server.request().post(BASE).set('x-api-key', apiKey).send(body as object);
  const create = async (body: Record<string, unknown>) => expectEnvelope<{ id: string } & Record<string, unknown>>(await post(body), 201);
  const errorsOf = (body: Record<string, unknown>) => (body.errors as { path: string; code: string }[]).map((e) => [e.path, e.code]);

  before(async () => {
    server = await startTestServer(adapter, { env: SERVER_ENV });
  });
  after(async () => server.close());
  beforeEach(async () => {
    await server.runtime.database.knex('monitors').delete();
  });

  describe('POST /api/v1/public/monitors', () => {
    it('creates a monitor with defaults, evaluated from the window in progress', async () => {
      const data = await create({ ...THRESHOLD, name: '  Errors  ', scope: { framework: 'langchain', userId: 'u-1' } });
      expect(data).to.deep.equal({
        id: data.id,
        name: 'Errors',
        kind: 'threshold',
        metric: 'error_rate',
        detectionId: null,
        scoreName: null,
        scope: { framework: 'langchain', userId: 'u-1' },
        condition: { operator: 'gt', threshold: 0.2 },
        windowSeconds: 300,
        recoverAfterWindows: 1,
        enabled: true,
        mutedUntil: null,
        eventType: 'alert.metric_threshold_breach',
        state: 'ok',
        openIncidentId: null,
        lastEvaluatedWindowEnd: '2026-11-01T12:00:00.000Z',
        createdAt: '2026-11-01T12:00:00.000Z',
        updatedAt: '2026-11-01T12:00:00.000Z',
      });
      const audit = await server.runtime.database.knex('audit_events').where({ action: 'monitor.created', target_id: data.id });
      // The audit trail keeps the name as sent (its details come from the request body).
      expect(audit.map((row) => [row.target_type, JSON.parse(row.details)])).to.deep.equal([['monitor', { name: '  Errors  ' }]]);
    });

    it('fills in the defaults of each kind and names its event type', async () => {
      const anomaly = await create({ name: 'a', kind: 'anomaly', metric: 'cost_per_user', windowSeconds: 3600 });
      expect(anomaly).to.deep.include({ eventType: 'alert.anomaly_detected', condition: { zThreshold: 3.5, recoverZThreshold: 3.5, direction: 'up', baselineWindows: 24, minBaseline: 8 } });
      const silence = await create({ name: 's', kind: 'ingestion_silence', windowSeconds: 600 });
      expect(silence).to.deep.include({ eventType: 'alert.ingestion_silent', metric: null, condition: { expectedWithinWindows: 6 } });
      const sla = await create({ name: 'l', kind: 'sla', metric: 'latency_p99', windowSeconds: 600, condition: { operator: 'gt', sla: 2000 } });
      expect(sla).to.deep.include({ eventType: 'alert.sla_breach_warning', condition: { operator: 'gt', sla: 2000, marginPercent: 10 } });
      const firings = await create({ name: 'f', kind: 'threshold', metric: 'detection_fire_count', windowSeconds: 600, condition: { operator: 'gte', threshold: 5 } });
      expect(firings).to.deep.include({ eventType: 'alert.threshold_breach' });
      const compound = await create({ name: 'c', kind: 'compound', windowSeconds: 600, condition: { combinator: 'or', monitorIds: [silence.id, sla.id] } });
      expect(compound).to.deep.include({ eventType: 'alert.compound_breach', condition: { combinator: 'or', monitorIds: [silence.id, sla.id] } });
    });

    it('refuses a condition field of another kind, naming it', async () => {
      const body = expectProblem(await post({ ...THRESHOLD, condition: { operator: 'gt', threshold: 1, zThreshold: 3 } }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(errorsOf(body)).to.deep.equal([['/body/condition/zThreshold', 'unknown_property']]);
    });

    it('requires the fields of the kind and reports every problem at once', async () => {
      const body = expectProblem(await post({ name: 'x', kind: 'threshold', windowSeconds: 90, condition: { operator: 'gt' } }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(errorsOf(body)).to.deep.equal([
        ['/body/metric', 'required'],
        ['/body/condition/threshold', 'required'],
        ['/body/windowSeconds', 'multiple_of'],
      ]);
    });

    it('refuses a recover threshold on the alerting side of the threshold (no hysteresis)', async () => {
      const body = expectProblem(await post({ ...THRESHOLD, condition: { operator: 'gt', threshold: 0.2, recoverThreshold: 0.3 } }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(errorsOf(body)).to.deep.equal([['/body/condition/recoverThreshold', 'range']]);
    });

    it('refuses a metric on kinds without one and a detection on other metrics', async () => {
      expect(errorsOf(expectProblem(await post({ name: 's', kind: 'ingestion_silence', metric: 'trace_count', windowSeconds: 60 }), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal([
        ['/body/metric', 'not_allowed'],
      ]);
      expect(errorsOf(expectProblem(await post({ ...THRESHOLD, detectionId: NIL }), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal([['/body/detectionId', 'not_allowed']]);
    });

    it('score_avg requires a scoreName, and only score_avg takes one (field paths named)', async () => {
      const scores = { ...THRESHOLD, metric: 'score_avg', condition: { operator: 'lt', threshold: 0.5 } };
      expect(await create({ ...scores, scoreName: '  quality  ' })).to.deep.include({ metric: 'score_avg', scoreName: 'quality', eventType: 'alert.metric_threshold_breach' });
      expect(errorsOf(expectProblem(await post({ ...scores, name: 'b' }), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal([['/body/scoreName', 'required']]);
      expect(errorsOf(expectProblem(await post({ ...scores, name: 'c', scoreName: '   ' }), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal([['/body/scoreName', 'min_length']]);
      expect(errorsOf(expectProblem(await post({ ...THRESHOLD, scoreName: 'quality' }), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal([['/body/scoreName', 'not_allowed']]);
      // the contract's own checks (length, type) answer 400 naming the field too
      const long = expectProblem(await post({ ...scores, name: 'd', scoreName: 'x'.repeat(101) }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(errorsOf(long).map(([path]) => path)).to.include('/body/scoreName');
      const anomaly = await create({ name: 'e', kind: 'anomaly', metric: 'score_avg', scoreName: 'quality', windowSeconds: 600 });
      expect(anomaly).to.deep.include({ eventType: 'alert.anomaly_detected', scoreName: 'quality' });
    });

    it('refuses references that are not in the project: saved filter, detection, member monitors', async () => {
      expect(errorsOf(expectProblem(await post({ ...THRESHOLD, scope: { savedFilterId: NIL } }), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal([['/body/scope/savedFilterId', 'not_found']]);
      const fires = { ...THRESHOLD, metric: 'detection_fire_count', detectionId: NIL };
      expect(errorsOf(expectProblem(await post(fires), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal([['/body/detectionId', 'not_found']]);
      const own = await create(THRESHOLD);
      const theirs = expectEnvelope<{ id: string }>(await post({ ...THRESHOLD, name: 'theirs' }, server.other.apiKey), 201);
      const compound = { name: 'c', kind: 'compound', windowSeconds: 300, condition: { combinator: 'and', monitorIds: [own.id, theirs.id] } };
      expect(errorsOf(expectProblem(await post(compound), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal([['/body/condition/monitorIds/1', 'not_found']]);
    });

    it('requires compound members on the compound’s window', async () => {
      const a = await create(THRESHOLD);
      const b = await create({ ...THRESHOLD, name: 'hourly', windowSeconds: 3600 });
      const body = expectProblem(await post({ name: 'c', kind: 'compound', windowSeconds: 300, condition: { combinator: 'and', monitorIds: [a.id, b.id] } }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(errorsOf(body)).to.deep.equal([['/body/condition/monitorIds/1', 'window_mismatch']]);
    });

    it('answers 409 PUBLIC_API_MONITOR_CONFLICT for a name the project has', async () => {
      await create(THRESHOLD);
      expectProblem(await post(THRESHOLD), 409, 'PUBLIC_API_MONITOR_CONFLICT');
    });

    it('keeps every error message within the Problem schema’s 160 characters (kind-specific enum lists included)', async () => {
      // metric null on a kind that needs one: the message lists the twelve metrics, cut to fit.
      const body = expectProblem(await post({ name: 'x', kind: 'anomaly', metric: null, windowSeconds: 60 }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(errorsOf(body)).to.deep.equal([['/body/metric', 'enum']]);
      const [error] = body.errors as { message: string }[];
      expect(error.message).to.have.length(160);
      expect(error.message.startsWith('must be one of trace_count, error_rate,')).to.equal(true);
    });

    it('answers 400 for an unknown kind or metric (contract)', async () => {
      expectProblem(await post({ ...THRESHOLD, kind: 'magic' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expectProblem(await post({ ...THRESHOLD, metric: 'score_avg' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
    });
  });

  describe('GET /api/v1/public/monitors and /{id}', () => {
    it('lists newest first with a cursor', async () => {
      const first = await create({ ...THRESHOLD, name: 'one' });
      server.clock.advance(1000);
      const second = await create({ ...THRESHOLD, name: 'two' });
      const page1 = expectEnvelope<{ monitors: { id: string }[]; page: { hasMore: boolean; nextCursor: string } }>(await server.request().get(BASE).query({ limit: 1 }).set('x-api-key', key()));
      expect(page1.monitors.map((m) => m.id)).to.deep.equal([second.id]);
      expect(page1.page.hasMore).to.equal(true);
      const page2 = expectEnvelope<{ monitors: { id: string }[]; page: { hasMore: boolean } }>(await server.request().get(BASE).query({ limit: 1, cursor: page1.page.nextCursor }).set('x-api-key', key()));
      expect(page2.monitors.map((m) => m.id)).to.deep.equal([first.id]);
      expect(page2.page.hasMore).to.equal(false);
    });

    it('reads one; another project’s monitor is 404', async () => {
      const own = await create(THRESHOLD);
      expect(expectEnvelope<{ id: string }>(await server.request().get(`${BASE}/${own.id}`).set('x-api-key', key())).id).to.equal(own.id);
      expectProblem(await server.request().get(`${BASE}/${own.id}`).set('x-api-key', server.other.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
    });
  });

  describe('PATCH /api/v1/public/monitors/{id}', () => {
    it('mutes until a time and unmutes with null', async () => {
      const { id } = await create(THRESHOLD);
      const patch = (body: unknown) => server.request().patch(`${BASE}/${id}`).set('x-api-key', key()).send(body as object);
      expect(expectEnvelope(await patch({ mutedUntil: '2026-11-02T00:00:00.000Z' }))).to.deep.include({ mutedUntil: '2026-11-02T00:00:00.000Z' });
      expect(expectEnvelope(await patch({ mutedUntil: null }))).to.deep.include({ mutedUntil: null });
    });

    it('re-validates the definition: a new condition must suit the kind', async () => {
      const { id } = await create(THRESHOLD);
      const res = await server.request().patch(`${BASE}/${id}`).set('x-api-key', key()).send({ condition: { operator: 'gt' } });
      expect(errorsOf(expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal([['/body/condition/threshold', 'required']]);
    });

    it('switching to score_avg needs a scoreName; switching away drops it', async () => {
      const { id } = await create(THRESHOLD);
      const patch = (body: unknown) => server.request().patch(`${BASE}/${id}`).set('x-api-key', key()).send(body as object);
      expect(errorsOf(expectProblem(await patch({ metric: 'score_avg' }), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal([['/body/scoreName', 'required']]);
      expect(expectEnvelope(await patch({ metric: 'score_avg', scoreName: 'quality' }))).to.deep.include({ metric: 'score_avg', scoreName: 'quality' });
      expect(expectEnvelope(await patch({ scoreName: 'helpfulness' }))).to.deep.include({ metric: 'score_avg', scoreName: 'helpfulness' });
      expect(expectEnvelope(await patch({ metric: 'error_rate' }))).to.deep.include({ metric: 'error_rate', scoreName: null });
    });

    it('enabling again starts from the window in progress (no catch-up over disabled time)', async () => {
      const { id } = await create(THRESHOLD);
      const patch = (body: unknown) => server.request().patch(`${BASE}/${id}`).set('x-api-key', key()).send(body as object);
      expectEnvelope(await patch({ enabled: false }));
      server.clock.advance(3_600_000 + 60_000);
      expect(expectEnvelope(await patch({ enabled: true }))).to.deep.include({ enabled: true, lastEvaluatedWindowEnd: '2026-11-01T13:00:00.000Z' });
    });

    it('refuses to change the window of a compound member (409 PUBLIC_API_MONITOR_IN_USE)', async () => {
      const a = await create(THRESHOLD);
      const b = await create({ ...THRESHOLD, name: 'b' });
      await create({ name: 'c', kind: 'compound', windowSeconds: 300, condition: { combinator: 'and', monitorIds: [a.id, b.id] } });
      expectProblem(await server.request().patch(`${BASE}/${a.id}`).set('x-api-key', key()).send({ windowSeconds: 600 }), 409, 'PUBLIC_API_MONITOR_IN_USE');
    });
  });

  describe('DELETE /api/v1/public/monitors/{id}', () => {
    it('deletes with a matching confirmation', async () => {
      const { id } = await create(THRESHOLD);
      const res = await server.request().delete(`${BASE}/${id}`).set('x-api-key', key()).send({ confirmation: id });
      expect(expectEnvelope(res)).to.deep.equal({ id, deleted: true });
      expectProblem(await server.request().get(`${BASE}/${id}`).set('x-api-key', key()), 404, 'PUBLIC_API_NOT_FOUND');
    });

    it('answers 400 PUBLIC_API_CONFIRMATION_MISMATCH for another id', async () => {
      const { id } = await create(THRESHOLD);
      expectProblem(await server.request().delete(`${BASE}/${id}`).set('x-api-key', key()).send({ confirmation: NIL }), 400, 'PUBLIC_API_CONFIRMATION_MISMATCH');
    });

    it('refuses to delete a compound member (409 PUBLIC_API_MONITOR_IN_USE)', async () => {
      const a = await create(THRESHOLD);
      const b = await create({ ...THRESHOLD, name: 'b' });
      await create({ name: 'c', kind: 'compound', windowSeconds: 300, condition: { combinator: 'or', monitorIds: [a.id, b.id] } });
      expectProblem(await server.request().delete(`${BASE}/${a.id}`).set('x-api-key', key()).send({ confirmation: a.id }), 409, 'PUBLIC_API_MONITOR_IN_USE');
    });
  });

  describe('GET /api/v1/public/incidents and /{id}', () => {
    it('is empty for a new project and 404 for an unknown incident', async () => {
      const list = expectEnvelope<{ incidents: unknown[] }>(await server.request().get('/api/v1/public/incidents').set('x-api-key', key()));
      expect(list.incidents).to.deep.equal([]);
      expectProblem(await server.request().get(`/api/v1/public/incidents/${NIL}`).set('x-api-key', key()), 404, 'PUBLIC_API_NOT_FOUND');
    });

    it('refuses an unknown status filter (400)', async () => {
      const res = await server.request().get('/api/v1/public/incidents').query({ status: 'bogus' }).set('x-api-key', key());
      expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
    });
  });
});
