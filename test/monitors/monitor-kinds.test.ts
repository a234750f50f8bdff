import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { Receiver } from '../webhooks/support.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { createMonitor, delivered, verifies, incidentsOf, MINUTE, patchMonitor, seedTraces, SERVER_ENV, spread, subscribe, T0, tickAt } from './support.js';

const W = 5 * MINUTE;
/** Start of window n (1-based) after T0. */
const win = (n: number) => T0 + (n - 1) * W;

forEachAdapter((adapter) => {
  describe('monitor kinds: each fires, resolves and delivers its signed event', () => {
    let server: TestServer;
    let receiver: Receiver;

    // A fresh server per test: each scenario owns the clock and the project's traces.
    beforeEach(async () => {
      server = await startTestServer(adapter, { env: SERVER_ENV });
      receiver = await new Receiver().start();
      await subscribe(server, receiver);
    });
    afterEach(async () => {
      await receiver.stop();
      await server.close();
    });

    const knex = () => server.runtime.database.knex;
    const projectId = () => server.tenant.project.id;

    it('threshold on a metric: alert.metric_threshold_breach when it starts and when it resolves', async () => {
      const monitor = await createMonitor(server, { name: 'errors', kind: 'threshold', metric: 'error_rate', windowSeconds: 300, condition: { operator: 'gt', threshold: 0.5 } });
      await seedTraces(knex(), projectId(), [...spread('e', 3, win(1), W, { status: 'error' }), ...spread('s', 1, win(1), W), ...spread('ok', 4, win(2), W)]);
      await tickAt(server, win(2));
      const started = await delivered(server, receiver);
      expect(started.map((e) => e.type)).to.deep.equal(['alert.metric_threshold_breach']);
      // delivered() checked the signature with the secret; another secret's does not match.
      expect(verifies('whsec_d3Jvbmctc2VjcmV0', receiver.received[0].headers, receiver.received[0].body)).to.equal(false);
      expect(started[0].data).to.deep.include({ status: 'alerting', monitorId: monitor.id, kind: 'threshold', metric: 'error_rate', value: 0.75, windowStart: '2026-11-01T12:00:00.000Z', windowEnd: '2026-11-01T12:05:00.000Z' });
      await tickAt(server, win(3));
      const all = await delivered(server, receiver);
      expect(all.map((e) => [e.type, e.data.status])).to.deep.equal([
        ['alert.metric_threshold_breach', 'alerting'],
        ['alert.metric_threshold_breach', 'resolved'],
      ]);
      expect(all[1].data).to.deep.include({ value: 0, incidentId: started[0].data.incidentId });
      const [incident] = await incidentsOf(server);
      expect(incident).to.deep.include({
        id: started[0].data.incidentId,
        monitorId: monitor.id,
        status: 'resolved',
        eventType: 'alert.metric_threshold_breach',
        metric: 'error_rate',
        openValue: 0.75,
        peakValue: 0.75,
        lastValue: 0,
        windows: 2,
        startNotified: true,
        resolveNotified: true,
        startedWindowEnd: '2026-11-01T12:05:00.000Z',
        resolvedWindowEnd: '2026-11-01T12:10:00.000Z',
      });
      const one = await server.request().get(`/api/v1/public/incidents/${incident.id}`).set('x-api-key', server.tenant.apiKey);
      expect(expectEnvelope(one)).to.deep.equal(incident);
      expect(await incidentsOf(server, { monitorId: monitor.id, status: 'resolved' })).to.deep.equal([incident]);
      expect(await incidentsOf(server, { status: 'alerting' })).to.deep.equal([]);
    });

    it('threshold on detection_fire_count: alert.threshold_breach, and the incident links the detection’s open fix', async () => {
      const { detections, fixes } = server.runtime.services;
      const detection = await detections.create(projectId(), { slug: 'pii', displayName: 'PII', type: 'pii', threshold: 0.5, severity: 'high', config: {} });
      await seedTraces(knex(), projectId(), spread('t', 3, win(1), W));
      const fix = await server.runtime.store.transaction((tx) => fixes.recordFiring(tx, detection, { traceId: 't-0', spanId: null, score: 0.9 }));
      const monitor = await createMonitor(server, { name: 'pii', kind: 'threshold', metric: 'detection_fire_count', detectionId: detection.id, windowSeconds: 300, condition: { operator: 'gte', threshold: 2 } });
      await knex()('detection_events').insert(
        [0, 1, 2].map((i) => ({ id: randomUUID(), project_id: projectId(), detection_id: detection.id, trace_id: `t-${i}`, span_id: null, score: 0.9, evidence: '{}', trace_created_at: win(1), created_at: win(1) + i * MINUTE })),
      );
      await tickAt(server, win(3));
      const events = await delivered(server, receiver);
      expect(events.map((e) => [e.type, e.data.status, e.data.value])).to.deep.equal([
        ['alert.threshold_breach', 'alerting', 3],
        ['alert.threshold_breach', 'resolved', 0],
      ]);
      expect(events[0].data).to.deep.include({ detectionId: detection.id, fixId: fix.id });
      const linked = await incidentsOf(server, { fixId: fix.id });
      expect(linked.map((i) => [i.monitorId, i.fixId, i.eventType])).to.deep.equal([[monitor.id, fix.id, 'alert.threshold_breach']]);
      expect(await incidentsOf(server, { fixId: randomUUID() })).to.deep.equal([]);
      // The same link read from the fix.
      const fromFix = await server.request().get(`/api/v1/public/fixes/${fix.id}/incidents`).set('x-api-key', server.tenant.apiKey);
      expect(expectEnvelope<{ incidents: unknown[] }>(fromFix).incidents).to.deep.equal(linked);
      const unknownFix = await server.request().get(`/api/v1/public/fixes/${randomUUID()}/incidents`).set('x-api-key', server.tenant.apiKey);
      expectProblem(unknownFix, 404, 'PUBLIC_API_NOT_FOUND');
      const otherProject = await server.request().get(`/api/v1/public/fixes/${fix.id}/incidents`).set('x-api-key', server.other.apiKey);
      expectProblem(otherProject, 404, 'PUBLIC_API_NOT_FOUND');
    });

    it('anomaly: alert.anomaly_detected when a window is far above the monitor’s own history (robust z-score)', async () => {
      await createMonitor(server, { name: 'volume', kind: 'anomaly', metric: 'trace_count', windowSeconds: 300, condition: { baselineWindows: 6, minBaseline: 4, zThreshold: 3.5 } });
      const counts = [10, 11, 9, 10, 12, 10, 60, 10];
      await seedTraces(knex(), projectId(), counts.flatMap((n, i) => spread(`w${i + 1}`, n, win(i + 1), W)));
      // One tick after seven windows: the run catches up on all of them in order, building the baseline first.
      await tickAt(server, win(8));
      const events = await delivered(server, receiver);
      expect(events.map((e) => [e.type, e.data.status, e.data.value])).to.deep.equal([['alert.anomaly_detected', 'alerting', 60]]);
      // history 10, 11, 9, 10, 12, 10: median 10, MAD 0.5 → z = 50 / (1.4826 · 0.5)
      expect(events[0].data.details).to.deep.include({ baselineSize: 6, median: 10, mad: 0.5, zScore: 67.449 });
      await tickAt(server, win(9));
      expect((await delivered(server, receiver)).map((e) => [e.type, e.data.status, e.data.value])).to.deep.equal([
        ['alert.anomaly_detected', 'alerting', 60],
        ['alert.anomaly_detected', 'resolved', 10],
      ]);
    });

    it('ingestion silence: alert.ingestion_silent for a silent window after traffic, resolved when traces arrive', async () => {
      await createMonitor(server, { name: 'silence', kind: 'ingestion_silence', windowSeconds: 300, condition: { expectedWithinWindows: 2 } });
      // A scope that never had traffic expects none: it never fires.
      await createMonitor(server, { name: 'never', kind: 'ingestion_silence', windowSeconds: 300, scope: { framework: 'crewai' } });
      await seedTraces(knex(), projectId(), [...spread('a', 5, win(1), W), ...spread('b', 3, win(4), W)]);
      await tickAt(server, win(4)); // windows 1 (traffic), 2 and 3 (silent)
      const events = await delivered(server, receiver);
      expect(events.map((e) => [e.type, e.data.status, e.data.monitorName, e.data.windowEnd])).to.deep.equal([['alert.ingestion_silent', 'alerting', 'silence', '2026-11-01T12:10:00.000Z']]);
      expect(events[0].data.details).to.deep.equal({ tracesInWindow: 0, tracesBefore: 5 });
      await tickAt(server, win(5));
      expect((await delivered(server, receiver)).map((e) => [e.data.status, e.data.value])).to.deep.equal([
        ['alerting', 0],
        ['resolved', 3],
      ]);
      const [incident] = await incidentsOf(server);
      expect(incident).to.deep.include({ eventType: 'alert.ingestion_silent', windows: 3, openValue: 0, lastValue: 3, status: 'resolved' });
    });

    it('sla: alert.sla_breach_warning when p95 latency comes within the margin of the SLA, resolved when it falls back', async () => {
      await createMonitor(server, { name: 'latency sla', kind: 'sla', metric: 'latency_p95', windowSeconds: 300, condition: { operator: 'gt', sla: 1000, marginPercent: 10 } });
      // 20 traces: the 19th smallest latency (nearest rank ⌈0.95 · 20⌉) is 950 — above 900, below the SLA.
      const window1 = [...spread('fast', 18, win(1), W, { latencyMs: 100 }), { id: 'p95', at: win(1) + 1, latencyMs: 950 }, { id: 'max', at: win(1) + 2, latencyMs: 5000 }];
      await seedTraces(knex(), projectId(), [...window1, ...spread('calm', 20, win(2), W, { latencyMs: 800 })]);
      await tickAt(server, win(2));
      const [warning] = await delivered(server, receiver);
      expect(warning.type).to.equal('alert.sla_breach_warning');
      expect(warning.data).to.deep.include({ status: 'alerting', value: 950 });
      expect(warning.data.details).to.deep.equal({ sampleSize: 20, warningLevel: 900, slaBreached: false });
      await tickAt(server, win(3));
      expect((await delivered(server, receiver)).map((e) => [e.data.status, e.data.value])).to.deep.equal([
        ['alerting', 950],
        ['resolved', 800],
      ]);
    });

    it('compound: alert.compound_breach when both members breach in the same window (AND), and OR of the same two', async () => {
      const volume = await createMonitor(server, { name: 'volume', kind: 'threshold', metric: 'trace_count', windowSeconds: 300, condition: { operator: 'gt', threshold: 5 } });
      const errors = await createMonitor(server, { name: 'errors', kind: 'threshold', metric: 'error_rate', windowSeconds: 300, condition: { operator: 'gt', threshold: 0.5 } });
      const both = await createMonitor(server, { name: 'both', kind: 'compound', windowSeconds: 300, condition: { combinator: 'and', monitorIds: [volume.id, errors.id] } });
      const either = await createMonitor(server, { name: 'either', kind: 'compound', windowSeconds: 300, condition: { combinator: 'or', monitorIds: [volume.id, errors.id] } });
      expect(both).to.deep.include({ eventType: 'alert.compound_breach', metric: null });
      await seedTraces(knex(), projectId(), [
        ...spread('w1', 10, win(1), W, { status: 'success' }), // volume only
        ...spread('w2e', 8, win(2), W, { status: 'error' }), // both
        ...spread('w2s', 2, win(2), W),
        ...spread('w3', 2, win(3), W), // neither
      ]);
      const compound = async () => (await delivered(server, receiver)).filter((e) => e.type === 'alert.compound_breach').map((e) => [e.data.monitorName, e.data.status, e.data.windowEnd]);
      await tickAt(server, win(2));
      expect(await compound()).to.deep.equal([['either', 'alerting', '2026-11-01T12:05:00.000Z']]);
      await tickAt(server, win(3));
      expect(await compound()).to.deep.equal([
        ['either', 'alerting', '2026-11-01T12:05:00.000Z'],
        ['both', 'alerting', '2026-11-01T12:10:00.000Z'],
      ]);
      const [, bothStarted] = (await delivered(server, receiver)).filter((e) => e.type === 'alert.compound_breach');
      expect(bothStarted.data.details).to.deep.equal({
        members: [
          { monitorId: volume.id, value: 10, breaching: true },
          { monitorId: errors.id, value: 0.8, breaching: true },
        ],
      });
      await tickAt(server, win(4));
      expect((await compound()).slice(2)).to.deep.equal([
        ['both', 'resolved', '2026-11-01T12:15:00.000Z'],
        ['either', 'resolved', '2026-11-01T12:15:00.000Z'],
      ]);
    });

    it('hysteresis by recover threshold: values between the two levels keep it alerting, one event each way', async () => {
      await createMonitor(server, { name: 'spend', kind: 'threshold', metric: 'cost_sum', windowSeconds: 300, condition: { operator: 'gt', threshold: 10, recoverThreshold: 5 } });
      const costs = [12, 8, 12, 8, 4];
      await seedTraces(knex(), projectId(), costs.map((cost, i) => ({ id: `c${i}`, at: win(i + 1), cost })));
      await tickAt(server, win(6));
      const events = await delivered(server, receiver);
      expect(events.map((e) => [e.data.status, e.data.value, e.data.windowEnd])).to.deep.equal([
        ['alerting', 12, '2026-11-01T12:05:00.000Z'],
        ['resolved', 4, '2026-11-01T12:25:00.000Z'],
      ]);
      const [incident] = await incidentsOf(server);
      expect(incident).to.deep.include({ openValue: 12, peakValue: 12, lastValue: 4, windows: 5 });
    });

    it('hysteresis by clean windows: a flapping metric resolves only after N consecutive clean windows', async () => {
      await createMonitor(server, { name: 'busy', kind: 'threshold', metric: 'trace_count', windowSeconds: 300, recoverAfterWindows: 2, condition: { operator: 'gt', threshold: 5 } });
      const counts = [10, 2, 10, 2, 2, 10];
      await seedTraces(knex(), projectId(), counts.flatMap((n, i) => spread(`w${i}`, n, win(i + 1), W)));
      await tickAt(server, win(7));
      const events = await delivered(server, receiver);
      expect(events.map((e) => [e.data.status, e.data.windowEnd])).to.deep.equal([
        ['alerting', '2026-11-01T12:05:00.000Z'],
        ['resolved', '2026-11-01T12:25:00.000Z'],
        ['alerting', '2026-11-01T12:30:00.000Z'],
      ]);
      expect((await incidentsOf(server)).map((i) => i.status)).to.deep.equal(['alerting', 'resolved']);
    });

    it('mute: no event while muted; an incident still open when the mute ends is announced then', async () => {
      const monitor = await createMonitor(server, { name: 'snoozed', kind: 'threshold', metric: 'trace_count', windowSeconds: 300, condition: { operator: 'gt', threshold: 5 } });
      expect(await patchMonitor(server, monitor.id, { mutedUntil: '2026-11-01T12:10:00.000Z' })).to.deep.include({ mutedUntil: '2026-11-01T12:10:00.000Z' });
      await seedTraces(knex(), projectId(), [...spread('w1', 10, win(1), W), ...spread('w2', 10, win(2), W)]);
      await tickAt(server, win(2));
      expect(await delivered(server, receiver)).to.deep.equal([]);
      const [muted] = await incidentsOf(server);
      expect(muted).to.deep.include({ status: 'alerting', startNotified: false });
      await tickAt(server, win(4));
      expect((await delivered(server, receiver)).map((e) => [e.data.status, e.data.windowEnd])).to.deep.equal([
        ['alerting', '2026-11-01T12:10:00.000Z'],
        ['resolved', '2026-11-01T12:15:00.000Z'],
      ]);
    });

    it('mute: an incident that starts and resolves while muted sends nothing', async () => {
      await createMonitor(server, { name: 'quiet', kind: 'threshold', metric: 'trace_count', windowSeconds: 300, mutedUntil: '2026-11-01T13:00:00.000Z', condition: { operator: 'gt', threshold: 5 } });
      await seedTraces(knex(), projectId(), spread('w1', 10, win(1), W));
      await tickAt(server, win(4));
      expect(await delivered(server, receiver)).to.deep.equal([]);
      const [incident] = await incidentsOf(server);
      expect(incident).to.deep.include({ status: 'resolved', startNotified: false, resolveNotified: false });
    });
  });
});
