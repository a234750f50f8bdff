import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { Receiver } from '../webhooks/support.js';
import { createMonitor, delivered, incidentsOf, MINUTE, seedScores, seedTraces, SERVER_ENV, spread, subscribe, T0, tickAt } from './support.js';

const W = 5 * MINUTE;
/** Start of window n (1-based) after T0. */
const win = (n: number) => T0 + (n - 1) * W;

forEachAdapter((adapter) => {
  describe('monitor metric score_avg: a threshold on the average score fires and resolves', () => {
    let server: TestServer;
    let receiver: Receiver;
    beforeEach(async () => {
      server = await startTestServer(adapter, { env: SERVER_ENV });
      receiver = await new Receiver().start();
      await subscribe(server, receiver);
    });
    afterEach(async () => {
      await receiver.stop();
      await server.close();
    });

    it('threshold lt on score_avg: alert.metric_threshold_breach on a low average, resolved when it recovers', async () => {
      const monitor = await createMonitor(server, {
        name: 'quality',
        kind: 'threshold',
        metric: 'score_avg',
        scoreName: 'quality',
        windowSeconds: 300,
        condition: { operator: 'lt', threshold: 0.5 },
      });
      expect(monitor).to.deep.include({ metric: 'score_avg', scoreName: 'quality', detectionId: null, eventType: 'alert.metric_threshold_breach' });
      const knex = server.runtime.database.knex;
      const projectId = server.tenant.project.id;
      await seedTraces(knex, projectId, [...spread('a', 2, win(1), W), ...spread('b', 2, win(2), W)]);
      await seedScores(knex, projectId, [
        { name: 'quality', value: 0.25, traceId: 'a-0' },
        { name: 'quality', value: 0.5, traceId: 'a-1' },
        { name: 'quality', value: 1, traceId: 'b-0' },
        { name: 'quality', value: true, traceId: 'b-1' },
        { name: 'toxicity', value: 0, traceId: 'b-1' }, // another name: not averaged
      ]);
      await tickAt(server, win(2));
      const started = await delivered(server, receiver);
      expect(started.map((e) => e.type)).to.deep.equal(['alert.metric_threshold_breach']);
      expect(started[0].data).to.deep.include({ status: 'alerting', monitorId: monitor.id, kind: 'threshold', metric: 'score_avg', value: 0.375, windowEnd: '2026-11-01T12:05:00.000Z' });
      expect(started[0].data.details).to.deep.equal({ sampleSize: 2, scoreName: 'quality' });
      await tickAt(server, win(3));
      const all = await delivered(server, receiver);
      expect(all.map((e) => [e.data.status, e.data.value])).to.deep.equal([
        ['alerting', 0.375],
        ['resolved', 1],
      ]);
      const [incident] = await incidentsOf(server);
      expect(incident).to.deep.include({ monitorId: monitor.id, status: 'resolved', metric: 'score_avg', openValue: 0.375, peakValue: 0.375, lastValue: 1, windows: 2 });
    });

    it('sla on score_avg: the warning fires when the average nears the floor', async () => {
      await createMonitor(server, { name: 'quality sla', kind: 'sla', metric: 'score_avg', scoreName: 'quality', windowSeconds: 300, condition: { operator: 'lt', sla: 0.5, marginPercent: 20 } });
      const knex = server.runtime.database.knex;
      const projectId = server.tenant.project.id;
      await seedTraces(knex, projectId, spread('a', 2, win(1), W));
      await seedScores(knex, projectId, [
        { name: 'quality', value: 0.5, traceId: 'a-0' },
        { name: 'quality', value: 0.625, traceId: 'a-1' },
      ]);
      await tickAt(server, win(2));
      const events = await delivered(server, receiver);
      expect(events.map((e) => [e.type, e.data.status, e.data.metric, e.data.value])).to.deep.equal([['alert.sla_breach_warning', 'alerting', 'score_avg', 0.5625]]);
    });
  });
});
