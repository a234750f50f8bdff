import { expect } from 'chai';
import { ibanValid, luhnValid, findPii } from '../../src/domain/detections/engines/pii-recognizers.js';
import { robustZScore } from '../../src/domain/detections/engines/anomaly-detector.js';
import type { DetectionCreateInput } from '../../src/domain/detections/detection-service.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { detectionServicesFor } from '../support/detection-fixtures.js';
import { insertTrace, type SpanFixture } from '../support/trace-fixtures.js';

describe('PII recognizers', () => {
  it('validates card numbers with Luhn', () => {
    expect(luhnValid('4111111111111111')).to.equal(true);
    expect(luhnValid('4111111111111112')).to.equal(false);
  });

  it('validates IBANs with mod 97', () => {
    expect(ibanValid('GB82 WEST 1234 5698 7654 32')).to.equal(true);
    expect(ibanValid('GB82 WEST 1234 5698 7654 33')).to.equal(false);
  });

  it('finds each kind and ignores look-alikes', () => {
    expect(findPii('write to jane.doe@example.com', ['email'])).to.deep.equal(['email']);
    expect(findPii('call +44 20 7946 0958 today', ['phone'])).to.deep.equal(['phone']);
    expect(findPii('card 4111 1111 1111 1111', ['credit_card'])).to.deep.equal(['credit_card']);
    expect(findPii('card 4111 1111 1111 1112', ['credit_card'])).to.deep.equal([]);
    expect(findPii('iban DE89370400440532013000', ['iban'])).to.deep.equal(['iban']);
    expect(findPii('key sk-proj-abcdefghijklmnopqrstuvwx', ['secret'])).to.deep.equal(['secret']);
    expect(findPii('on 2026-11-01 order 12345 shipped', ['email', 'phone', 'credit_card', 'iban', 'secret'])).to.deep.equal([]);
  });
});

describe('robustZScore', () => {
  it('measures distance from the median in robust standard deviations', () => {
    const { z, median, mad } = robustZScore(20, [9, 10, 10, 11, 10, 9, 11]);
    expect(median).to.equal(10);
    expect(mad).to.equal(1);
    expect(z).to.be.closeTo(10 / 1.4826, 1e-9);
  });

  it('treats any rise over a constant baseline as infinitely unusual', () => {
    expect(robustZScore(2, [1, 1, 1]).z).to.equal(Number.POSITIVE_INFINITY);
    expect(robustZScore(1, [1, 1, 1]).z).to.equal(0);
  });
});

forEachAdapter((adapter) => {
  describe('detector execution over stored traces', () => {
    let server: TestServer;
    let projectId: string;
    let seq = 0;

    before(async () => {
      server = await startTestServer(adapter);
      projectId = server.tenant.project.id;
    });
    after(async () => server.close());

    /** A fresh project-level setup: one detection, two traces, evaluate both; returns the traces that fired. */
    async function firingsOf(detection: DetectionCreateInput, traces: { spans: SpanFixture[]; cost?: number; latencyMs?: number }[]): Promise<string[]> {
      const project = await server.runtime.services.provisioning.createProject(server.tenant.organization.id, `Detectors ${++seq}`);
      const services = detectionServicesFor(server);
      await services.detections.create(project.id, detection);
      const refs: { projectId: string; traceId: string }[] = [];
      for (const [index, trace] of traces.entries()) {
        const id = `t-${seq}-${index}`;
        await insertTrace(server.runtime.database.knex, { projectId: project.id, id, createdAt: server.clock.now(), ...trace });
        refs.push({ projectId: project.id, traceId: id });
      }
      await server.runtime.store.transaction((tx) => services.detectionEvaluation.enqueueTraceEvaluation(tx, refs));
      await services.detectionEvaluation.runOnce('test-worker');
      const fired: string[] = [];
      for (const ref of refs) if ((await server.runtime.store.detectionEvents.listForTrace(project.id, ref.traceId)).length) fired.push(ref.traceId);
      return fired;
    }

    it('regex fires on a span whose chosen field matches, and not otherwise', async () => {
      const fired = await firingsOf({ slug: 'refusal', displayName: 'Refusal', type: 'regex', config: { pattern: "I can(no|')t help", fields: ['output'] } }, [
        { spans: [{ spanId: 's1', output: { text: "Sorry, I can't help with that." } }] },
        { spans: [{ spanId: 's1', input: "I can't help", output: { text: 'Here you go.' } }] },
      ]);
      expect(fired).to.deep.equal([`t-${seq}-0`]);
    });

    it('pii fires on an email in an output, and not on clean text', async () => {
      const fired = await firingsOf({ slug: 'pii', displayName: 'PII', type: 'pii' }, [
        { spans: [{ spanId: 's1', output: 'Contact me at someone@example.org' }] },
        { spans: [{ spanId: 's1', output: 'Nothing personal here, order 12345.' }] },
      ]);
      expect(fired).to.deep.equal([`t-${seq}-0`]);
    });

    it('pii fires on a Luhn-valid card number and not on a Luhn-invalid one', async () => {
      const fired = await firingsOf({ slug: 'cards', displayName: 'Cards', type: 'pii', config: { kinds: ['credit_card'] } }, [
        { spans: [{ spanId: 's1', input: { card: '4111-1111-1111-1111' } }] },
        { spans: [{ spanId: 's1', input: { card: '4111-1111-1111-1112' } }] },
      ]);
      expect(fired).to.deep.equal([`t-${seq}-0`]);
    });

    it('conditional fires on a span the rules match (through the rule evaluator port)', async () => {
      const fired = await firingsOf(
        { slug: 'slow-llm', displayName: 'Slow LLM span', type: 'conditional', config: { rules: [{ id: 'r1', field: 'latency_ms', operator: 'greater_than', value: 5000 }] } },
        [{ spans: [{ spanId: 's1', latencyMs: 100 }, { spanId: 's2', latencyMs: 9000 }] }, { spans: [{ spanId: 's1', latencyMs: 4000 }] }],
      );
      expect(fired).to.deep.equal([`t-${seq}-0`]);
    });

    it('trace_rules fires on a trace whose own fields match', async () => {
      const fired = await firingsOf(
        { slug: 'retries', displayName: 'Retry storm', type: 'trace_rules', config: { rules: [{ id: 'r1', field: 'retry_count', operator: 'greater_than', value: 2 }] } },
        [
          { spans: [{ spanId: 's1', metadata: { retry_count: 2 } }, { spanId: 's2', metadata: { retry_count: 1 } }] },
          { spans: [{ spanId: 's1', metadata: { retry_count: 1 } }] },
        ],
      );
      expect(fired).to.deep.equal([`t-${seq}-0`]);
    });

    it('records the detection, trace, span and score of a firing', async () => {
      await firingsOf({ slug: 'secrets', displayName: 'Secrets', type: 'pii', config: { kinds: ['secret'] } }, [
        { spans: [{ spanId: 'root' }, { spanId: 'leaky', input: { headers: { authorization: 'api_key=abcdefghijklmnopqrstuvwxyz' } } }] },
      ]);
      const project = (await server.runtime.store.projects.listByOrganization(server.tenant.organization.id)).find((p) => p.name === `Detectors ${seq}`)!;
      const [event] = await server.runtime.store.detectionEvents.listForTrace(project.id, `t-${seq}-0`);
      expect(event).to.include({ traceId: `t-${seq}-0`, spanId: 'leaky', score: 1 });
      expect(event.evidence).to.deep.equal({ field: 'input', kinds: ['secret'] });
      expect(event.createdAt.toISOString()).to.equal(server.clock.now().toISOString());
    });

    it('anomaly (robust z-score) fires on a cost spike over a generated baseline, not on a typical trace', async () => {
      const project = await server.runtime.services.provisioning.createProject(server.tenant.organization.id, `Anomaly ${++seq}`);
      const services = detectionServicesFor(server);
      await services.detections.create(project.id, {
        slug: 'cost-spike',
        displayName: 'Cost spike',
        type: 'classifier',
        threshold: 0.5,
        config: { model: 'robust_zscore', metric: 'cost', zThreshold: 4, minBaseline: 20, baselineSize: 50 },
      });
      const knex = server.runtime.database.knex;
      const start = server.clock.now().getTime() - 60 * 60_000;
      for (let i = 0; i < 30; i++) {
        // A baseline around $0.010 with a little spread: 0.008 … 0.012.
        await insertTrace(knex, { projectId: project.id, id: `base-${i}`, createdAt: new Date(start + i * 60_000), cost: 0.008 + (i % 5) * 0.001 });
      }
      await insertTrace(knex, { projectId: project.id, id: 'typical', createdAt: server.clock.now(), cost: 0.0115 });
      await insertTrace(knex, { projectId: project.id, id: 'spike', createdAt: server.clock.now(), cost: 0.5 });
      await server.runtime.store.transaction((tx) =>
        services.detectionEvaluation.enqueueTraceEvaluation(tx, [{ projectId: project.id, traceId: 'typical' }, { projectId: project.id, traceId: 'spike' }]),
      );
      await services.detectionEvaluation.runOnce('w');
      expect(await server.runtime.store.detectionEvents.listForTrace(project.id, 'typical')).to.deep.equal([]);
      const [event] = await server.runtime.store.detectionEvents.listForTrace(project.id, 'spike');
      expect(event.score).to.equal(1);
      expect(event.evidence).to.include({ metric: 'cost', value: 0.5, median: 0.01, baselineSize: 31 });
      expect(services.published.events.map((e) => e.type)).to.deep.equal(['alert.per_event_match', 'alert.anomaly_detected']);
    });

    it('stays silent below minBaseline', async () => {
      const fired = await firingsOf({ slug: 'latency', displayName: 'Latency', type: 'classifier', config: { model: 'robust_zscore', metric: 'latency_ms' } }, [
        { spans: [], latencyMs: 100 },
        { spans: [], latencyMs: 1_000_000 },
      ]);
      expect(fired).to.deep.equal([]);
    });

    it('skips inactive detections, detections scoped to other frameworks, and types without an engine', async () => {
      const fired = await firingsOf({ slug: 'scoped', displayName: 'Scoped', type: 'regex', frameworks: ['langchain'], config: { pattern: 'x' } }, [
        { spans: [{ spanId: 's', input: 'x' }] },
      ]);
      expect(fired).to.deep.equal([]);
      const plugin = await firingsOf({ slug: 'judge', displayName: 'Judge', type: 'decision', config: { plugin: 'not-installed' } }, [{ spans: [{ spanId: 's', input: 'x' }] }]);
      expect(plugin).to.deep.equal([]);
      const inactive = await firingsOf({ slug: 'off', displayName: 'Off', type: 'regex', isActive: false, config: { pattern: 'x' } }, [{ spans: [{ spanId: 's', input: 'x' }] }]);
      expect(inactive).to.deep.equal([]);
    });
  });
});
