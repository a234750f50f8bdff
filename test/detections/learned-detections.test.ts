import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { runTraining } from '../../src/domain/detections/learning/classifier-training.js';
import { metricsOf } from '../../src/domain/detections/learning/training-service.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { labeledCorpus } from '../support/labeled-corpus.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { insertTrace } from '../support/trace-fixtures.js';
import { createRequest, Receiver, writerOf } from '../webhooks/support.js';

type Json = Record<string, unknown>;
type Model = { id: string; version: number; status: string; trigger: string; active: boolean; reason: string | null; examples: Json | null; evaluation: Json | null; seed: number; requestedBy: string; activatedAt: string | null };

const DETECTIONS = '/api/v1/public/detections';
/** 1,500 planted-class examples (30 % positive, 5 % of labels flipped) fit the 1 MiB request body. */
const corpus = (seed: number, size = 1500, noise = 0.05) => labeledCorpus(size, seed, noise).map((e) => ({ fields: e.texts, label: e.label }));

forEachAdapter((adapter) => {
  describe('learned custom_trained detections', function () {
    // Trainings of 1,500 examples run in a thread on a shared machine.
    this.timeout(60_000);
    let server: TestServer;
    let receiver: Receiver;
    const key = () => ({ 'x-api-key': server.tenant.apiKey });
    const projectId = () => server.tenant.project.id;
    const train = () => server.runtime.services.trainings.runOnce('test-trainer');
    const create = async (slug: string, config: Json, threshold = 0.5) =>
      expectEnvelope<{ id: string; config: Json }>(await server.request().post(DETECTIONS).set(key()).send({ slug, displayName: slug, type: 'custom_trained', threshold, config }), 201);
    /** The data of the classifier_trained event of one version, from the delivery outbox. */
    const announced = async (id: string, version: number) => {
      const rows = await server.runtime.database.knex('webhook_deliveries').where({ event_type: 'notification.classifier_trained' }).select('body');
      return rows.map((r) => JSON.parse(r.body as string).data as Json).find((d) => d.detectionId === id && d.version === version);
    };
    const models = async (id: string) => expectEnvelope<{ models: Model[] }>(await server.request().get(`${DETECTIONS}/${id}/models`).set(key())).models;

    before(async () => {
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      receiver = await new Receiver().start();
      const caller = await writerOf(server);
      expectEnvelope(await createRequest(server, caller, { name: 'Trainings', destinationUrl: receiver.url, eventTypes: ['notification.classifier_trained'] }), 201);
    });
    after(async () => {
      await server.close();
      await receiver.stop();
    });

    describe('POST /detections (custom_trained with a labelSource)', () => {
      it('stores the learned config with its defaults', async () => {
        const d = await create('defaults', { labelSource: { kind: 'upload' } });
        expect(d.config).to.deep.equal({ labelSource: { kind: 'upload' }, fields: ['input', 'output'], seed: 1, holdoutFraction: 0.2, autoActivate: true });
      });

      it('answers 400 with the field path for an unknown field, a bad hold-out share or a label source without its score name', async () => {
        for (const [config, where] of [
          [{ labelSource: { kind: 'upload' }, fields: ['body'] }, '/body/config'],
          [{ labelSource: { kind: 'upload' }, holdoutFraction: 0.9 }, '/body/config'],
          [{ labelSource: { kind: 'score' } }, '/body/config'],
          [{ labelSource: { kind: 'score', scoreName: 'x', positiveValues: ['a', 'a'] } }, '/body/config/labelSource/positiveValues'],
        ] as [Json, string][]) {
          const res = expectProblem(await server.request().post(DETECTIONS).set(key()).send({ slug: `bad-${randomUUID().slice(0, 8)}`, displayName: 'Bad', type: 'custom_trained', config }), 400, 'PUBLIC_API_VALIDATION_FAILED');
          expect((res.errors as Json[]).map((e) => e.path).some((p) => String(p).startsWith(where)), JSON.stringify(res.errors)).to.equal(true);
        }
      });
    });

    describe('POST /detections/{id}/trainings (trainDetection)', () => {
      let detectionId: string;
      before(async () => {
        detectionId = (await create('refusals', { labelSource: { kind: 'upload' }, seed: 42 })).id;
      });

      it('queues a training (201, status queued) and answers 409 PUBLIC_API_TRAINING_RUNNING while it waits', async () => {
        const examples = corpus(42);
        const queued = expectEnvelope<Model>(await server.request().post(`${DETECTIONS}/${detectionId}/trainings`).set(key()).send({ examples }), 201);
        expect(queued).to.deep.include({ version: 1, status: 'queued', trigger: 'request', active: false, evaluation: null, examples: null, seed: 42, requestedBy: `user:${server.tenant.user.id}` });
        expectProblem(await server.request().post(`${DETECTIONS}/${detectionId}/trainings`).set(key()).send({ examples }), 409, 'PUBLIC_API_TRAINING_RUNNING');
      });

      it('trains in the background: F1 ≥ 0.85 on the noisy hold-out, the same evaluation as the model trained in-process for the seed, activated as the first version', async () => {
        expect(await train()).to.equal(true);
        expect(await train()).to.equal(false);
        const [v1] = await models(detectionId);
        expect(v1).to.deep.include({ version: 1, status: 'trained', active: true, reason: null });
        const evaluation = v1!.evaluation as { f1: number; rocAuc: number; holdout: Json; train: Json };
        // 5 % of the labels (hold-out included) are flipped: even the planted rule itself scores F1 ≈ 0.92 here.
        expect(evaluation.f1).to.be.at.least(0.85);
        expect(evaluation.rocAuc).to.be.at.least(0.85);
        // Deterministic for a seed, and the same on both databases: exactly the in-process result.
        const reference = runTraining({ examples: labeledCorpus(1500, 42), seed: 42, hashBits: 16, holdoutFraction: 0.2, threshold: 0.5, budgetMs: 60_000, active: null });
        if (reference.status !== 'trained') throw new Error('reference refused');
        expect(evaluation).to.deep.equal(metricsOf({ ...reference.evaluation, ...reference.counts }));
        expect(v1!.examples).to.deep.equal({ positive: reference.counts.train.positive + reference.counts.holdout.positive, negative: reference.counts.train.negative + reference.counts.holdout.negative });
      });

      it('delivers notification.classifier_trained with the metrics and the activation to a real receiver', async () => {
        const runs = await server.runtime.services.webhookDispatcher.runOnce();
        expect(runs).to.be.at.least(1);
        const bodies = receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: Json });
        const event = bodies.find((b) => b.type === 'notification.classifier_trained' && b.data.detectionId === detectionId);
        expect(event, JSON.stringify(bodies)).to.not.equal(undefined);
        const [v1] = await models(detectionId);
        expect(event!.data).to.deep.include({ detectionSlug: 'refusals', version: 1, status: 'trained', reason: null, trigger: 'request', activated: true, examples: v1!.examples, metrics: v1!.evaluation });
      });

      it('does not activate a version that loses to the active one on its hold-out (400 examples, 30 % of labels flipped)', async () => {
        expectEnvelope(await server.request().post(`${DETECTIONS}/${detectionId}/trainings`).set(key()).send({ examples: corpus(43, 400, 0.3) }), 201);
        await train();
        const [v2, v1] = await models(detectionId);
        expect([v2!.version, v2!.status, v2!.active, v1!.active]).to.deep.equal([2, 'trained', false, true]);
        expect(await announced(detectionId, 2)).to.deep.include({ version: 2, activated: false });
      });

      it('refuses fewer than 20 examples of a class: status refused with the reason and the counts, announced, nothing activated', async () => {
        const examples = [...Array.from({ length: 19 }, (_, i) => ({ fields: { output: `cannot help ${i}` }, label: true })), ...Array.from({ length: 40 }, (_, i) => ({ fields: { output: `sure ${i}` }, label: false }))];
        expectEnvelope(await server.request().post(`${DETECTIONS}/${detectionId}/trainings`).set(key()).send({ examples }), 201);
        await train();
        const [v3] = await models(detectionId);
        expect(v3).to.deep.include({
          version: 3,
          status: 'refused',
          active: false,
          evaluation: null,
          examples: { positive: 19, negative: 40 },
          reason: 'Training needs at least 20 examples of each class; the label source gave 19 positive and 40 negative.',
        });
        expect(await announced(detectionId, 3)).to.deep.include({ version: 3, status: 'refused', activated: false, metrics: null });
      });

      it('answers 400 for examples missing on an upload source, examples on another source, and a detection that is not learned', async () => {
        const missing = expectProblem(await server.request().post(`${DETECTIONS}/${detectionId}/trainings`).set(key()).send({}), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((missing.errors as Json[])[0]!.path).to.equal('/body/examples');
        const scored = await create('scored-x', { labelSource: { kind: 'score', scoreName: 'x' } });
        const extra = expectProblem(await server.request().post(`${DETECTIONS}/${scored.id}/trainings`).set(key()).send({ examples: [{ fields: {}, label: true }] }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((extra.errors as Json[])[0]!.path).to.equal('/body/examples');
        const regex = expectEnvelope<{ id: string }>(await server.request().post(DETECTIONS).set(key()).send({ slug: 'plain-regex', displayName: 'R', type: 'regex', config: { pattern: 'x' } }), 201);
        const notLearned = expectProblem(await server.request().post(`${DETECTIONS}/${regex.id}/trainings`).set(key()).send({}), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((notLearned.errors as Json[])[0]!.path).to.equal('/path/id');
        // Listing its versions is not an error: it has none.
        expect(await models(regex.id)).to.deep.equal([]);
        expectProblem(await server.request().post(`${DETECTIONS}/${detectionId}/trainings`).set(key()).send({ examples: [{ fields: { output: { nested: true } }, label: true }] }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      });

      it('answers 404 for an unknown detection and for another project’s', async () => {
        expectProblem(await server.request().post(`${DETECTIONS}/${randomUUID()}/trainings`).set(key()).send({}), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await server.request().post(`${DETECTIONS}/${detectionId}/trainings`).set('x-api-key', server.other.apiKey).send({}), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('GET /detections/{id}/models (listDetectionModels) and POST …/models/{version}/activate (activateDetectionModel)', () => {
      it('lists versions newest first in pages', async () => {
        const id = (await server.request().get(`${DETECTIONS}?type=custom_trained&limit=100`).set(key())).body.data.detections.find((d: Json) => d.slug === 'refusals').id as string;
        const first = expectEnvelope<{ models: Model[]; page: { nextCursor: string } }>(await server.request().get(`${DETECTIONS}/${id}/models?limit=2`).set(key()));
        expect(first.models.map((m) => m.version)).to.deep.equal([3, 2]);
        const second = expectEnvelope<{ models: Model[]; page: { hasMore: boolean } }>(await server.request().get(`${DETECTIONS}/${id}/models?limit=2&cursor=${encodeURIComponent(first.page.nextCursor)}`).set(key()));
        expect([second.models.map((m) => m.version), second.page.hasMore]).to.deep.equal([[1], false]);
      });

      it('activates a trained version (the other stops being active), refuses a refused one with 400 PUBLIC_API_INVALID_TRANSITION, 404 for an unknown version', async () => {
        const id = (await server.request().get(`${DETECTIONS}?type=custom_trained&limit=100`).set(key())).body.data.detections.find((d: Json) => d.slug === 'refusals').id as string;
        const v2 = expectEnvelope<Model>(await server.request().post(`${DETECTIONS}/${id}/models/2/activate`).set(key()));
        expect(v2).to.deep.include({ version: 2, active: true, activatedAt: server.clock.now().toISOString() });
        expect((await models(id)).map((m) => [m.version, m.active])).to.deep.equal([[3, false], [2, true], [1, false]]);
        expectProblem(await server.request().post(`${DETECTIONS}/${id}/models/3/activate`).set(key()), 400, 'PUBLIC_API_INVALID_TRANSITION');
        expectProblem(await server.request().post(`${DETECTIONS}/${id}/models/9/activate`).set(key()), 404, 'PUBLIC_API_NOT_FOUND');
        expectEnvelope(await server.request().post(`${DETECTIONS}/${id}/models/1/activate`).set(key()));
      });
    });

    describe('the active model on ingest and in backfills', () => {
      it('fires on a trace with a planted phrase (score = the model probability, whole trace) and not on a plain one', async () => {
        const id = (await server.request().get(`${DETECTIONS}?type=custom_trained&limit=100`).set(key())).body.data.detections.find((d: Json) => d.slug === 'refusals').id as string;
        const at = server.clock.now();
        await insertTrace(server.runtime.database.knex, { projectId: projectId(), id: 'planted', createdAt: at, spans: [{ spanId: 's1', input: 'user asks about the invoice', output: 'the order status i cannot help with that request sorry' }] });
        await insertTrace(server.runtime.database.knex, { projectId: projectId(), id: 'plain', createdAt: at, spans: [{ spanId: 's1', input: 'user asks about the invoice', output: 'the invoice total price is on the order page' }] });
        const evaluation = server.runtime.services.detectionEvaluation;
        await evaluation.enqueueTraceEvaluation(server.runtime.store, [{ projectId: projectId(), traceId: 'planted' }, { projectId: projectId(), traceId: 'plain' }]);
        expect(await evaluation.runOnce('test-worker')).to.deep.equal(['done', 'done']);
        const fired = await server.runtime.database.knex('detection_events').where({ detection_id: id }).select('trace_id', 'span_id', 'score', 'evidence');
        expect(fired.map((f) => [f.trace_id, f.span_id])).to.deep.equal([['planted', null]]);
        expect(Number(fired[0].score)).to.be.greaterThan(0.5);
        expect(JSON.parse(fired[0].evidence as string)).to.deep.include({ modelVersion: 1 });
      });
    });

    describe('POST /detections/{id}/backfills (createDetectionBackfill) with a learned detection', () => {
      it('runs the active version over stored traces: the planted one fires, the plain one does not', async () => {
        const id = (await server.request().get(`${DETECTIONS}?type=custom_trained&limit=100`).set(key())).body.data.detections.find((d: Json) => d.slug === 'refusals').id as string;
        const past = new Date(server.clock.now().getTime() - 2 * 3_600_000);
        await insertTrace(server.runtime.database.knex, { projectId: projectId(), id: 'old-planted', createdAt: past, spans: [{ spanId: 's1', input: 'user asks about the menu', output: 'sorry but that is against my policy the menu' }] });
        await insertTrace(server.runtime.database.knex, { projectId: projectId(), id: 'old-plain', createdAt: past, spans: [{ spanId: 's1', input: 'user asks about the menu', output: 'the menu has a recipe for the hotel' }] });
        const range = { from: new Date(past.getTime() - 1000).toISOString(), to: new Date(past.getTime() + 1000).toISOString() };
        const backfill = expectEnvelope<{ id: string }>(await server.request().post(`${DETECTIONS}/${id}/backfills`).set(key()).send(range), 201);
        await server.runtime.scheduler.tick();
        const done = expectEnvelope<Json>(await server.request().get(`${DETECTIONS}/${id}/backfills/${backfill.id}`).set(key()));
        expect(done).to.deep.include({ status: 'completed', processed: 2, fired: 1 });
        const fired = await server.runtime.database.knex('detection_events').where({ detection_id: id }).whereIn('trace_id', ['old-planted', 'old-plain']).select('trace_id');
        expect(fired.map((f) => f.trace_id)).to.deep.equal(['old-planted']);
      });
    });

    describe('label sources read from the project', () => {
      it('trains from a boolean annotation score (latest label per trace; evaluator scores ignored)', async () => {
        const d = await create('from-scores', { labelSource: { kind: 'score', scoreName: 'refused' }, fields: ['output'] });
        const examples = labeledCorpus(80, 5, 0);
        const start = server.clock.now().getTime() - 1_000_000;
        for (const [i, e] of examples.entries()) {
          await insertTrace(server.runtime.database.knex, { projectId: projectId(), id: `scored-${i}`, createdAt: new Date(start + i), spans: [{ spanId: 's1', output: e.texts.output }] });
          await server.runtime.store.scores.insert({
            id: randomUUID(), projectId: projectId(), name: 'refused', dataType: 'boolean', value: e.label, target: 'trace', traceId: `scored-${i}`, spanId: null, sessionId: null,
            source: 'annotation', author: null, comment: null, evaluatorId: null, createdAt: new Date(start + i),
          });
        }
        // Neither an older annotation nor an evaluator's score changes trace 0's label.
        const score = (source: 'annotation' | 'evaluator', value: boolean, createdAt: Date) =>
          server.runtime.store.scores.insert({
            id: randomUUID(), projectId: projectId(), name: 'refused', dataType: 'boolean', value, target: 'trace', traceId: 'scored-0', spanId: null, sessionId: null,
            source, author: null, comment: null, evaluatorId: null, createdAt,
          });
        await score('annotation', !examples[0]!.label, new Date(start - 10));
        await score('evaluator', !examples[0]!.label, new Date(start + 500));
        expectEnvelope(await server.request().post(`${DETECTIONS}/${d.id}/trainings`).set(key()).send({}), 201);
        await train();
        const [v1] = await models(d.id);
        const positives = examples.filter((e) => e.label).length;
        expect(v1).to.deep.include({ status: 'trained', examples: { positive: positives, negative: 80 - positives } });
      });

      it('trains from fix outcomes: traces of accepted fixes positive, of dismissed ones negative; drafts left out', async () => {
        const d = await create('from-fixes', { labelSource: { kind: 'fixes', fixLabel: 'triaged' } });
        const knex = server.runtime.database.knex;
        const at = server.clock.now().getTime() - 2_000_000;
        const fix = async (status: string, feedback: string | null, traces: number, prefix: string) => {
          const fixId = randomUUID();
          await knex('fixes').insert({ id: fixId, project_id: projectId(), title: prefix, status, severity: 'medium', label: 'triaged', feedback, creator: 'test', created_at: at, updated_at: at });
          for (let i = 0; i < traces; i++) {
            await insertTrace(knex, { projectId: projectId(), id: `${prefix}-${i}`, createdAt: new Date(at + i), spans: [{ spanId: 's1', output: `${prefix} words ${i}` }] });
            await knex('fix_traces').insert({ fix_id: fixId, trace_id: `${prefix}-${i}`, span_id: null, accuracy: 1, linked_at: at });
          }
        };
        await fix('open', null, 12, 'accepted-a');
        await fix('resolved', null, 10, 'accepted-b');
        await fix('archived', 'not a problem', 25, 'dismissed');
        await fix('draft', null, 7, 'undecided');
        expectEnvelope(await server.request().post(`${DETECTIONS}/${d.id}/trainings`).set(key()).send({}), 201);
        await train();
        const [v1] = await models(d.id);
        expect(v1).to.deep.include({ status: 'trained', examples: { positive: 22, negative: 25 } });
      });
    });

    describe('retraining on the schedule', () => {
      it('queues one training per period for a detection with retrainEveryHours, none for an upload source', async () => {
        const d = await create('retrained', { labelSource: { kind: 'score', scoreName: 'refused' }, retrainEveryHours: 6 });
        const uploaded = await create('uploaded-retrain', { labelSource: { kind: 'upload' }, retrainEveryHours: 1 });
        await server.runtime.scheduler.tick();
        expect(await models(uploaded.id)).to.deep.equal([]);
        const queued = await models(d.id);
        expect(queued.map((m) => [m.version, m.trigger, m.requestedBy])).to.deep.equal([[1, 'schedule', 'scheduler']]);
        await train();
        server.clock.advance(3_600_000);
        await server.runtime.scheduler.tick();
        expect(await models(d.id)).to.have.length(1);
        server.clock.advance(5 * 3_600_000);
        await server.runtime.scheduler.tick();
        expect((await models(d.id)).map((m) => m.version)).to.deep.equal([2, 1]);
        await train();
      });
    });
  });
});
