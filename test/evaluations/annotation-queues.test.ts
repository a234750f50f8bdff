import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { createRequest } from '../webhooks/support.js';
import { ingest } from './support.js';

const HOUR = 3_600_000;
const EVAL_EVENTS = [
  'notify.eval_assigned',
  'notify.eval_batch_dispatched',
  'notify.eval_reminder',
  'notify.eval_deadline_approaching',
  'notify.eval_deadline_passed',
  'notify.eval_batch_deadline_passed',
  'notify.eval_response_submitted',
  'notify.eval_completed',
];

interface Batch {
  id: string;
  status: string;
  items: { id: string; traceId: string; spanId: string | null; assignee: string; status: string; scoreId: string | null }[];
}

forEachAdapter((adapter) => {
  describe('annotation queues', () => {
    let server: TestServer;
    let key: string;
    let alice: string;
    let bob: string;
    let outsider: string;

    // Each request a millisecond later, so the events of different requests keep their order.
    const post = (path: string, body: object, apiKey = key) => {
      server.clock.advance(1);
      return server.request().post(`/api/v1/public${path}`).set('x-api-key', apiKey).send(body);
    };
    const get = (path: string) => server.request().get(`/api/v1/public${path}`).set('x-api-key', key);
    const at = (hours: number) => new Date(server.clock.now().getTime() + hours * HOUR).toISOString();
    const tick = () => server.runtime.scheduler.tick();

    /** The notify.eval_* events announced so far, in order, as [type, data]. */
    async function announced(): Promise<[string, Record<string, unknown>][]> {
      const rows = await server.runtime.database.knex('webhook_deliveries').where({ project_id: server.tenant.project.id }).orderBy([{ column: 'created_at' }, { column: 'id' }]);
      return rows
        .map((row): [string, Record<string, unknown>] => [row.event_type as string, (JSON.parse(row.body as string) as { data: Record<string, unknown> }).data])
        .filter(([type]) => type.startsWith('notify.eval_'));
    }
    before(async () => {
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      key = server.tenant.apiKey;
      const { provisioning } = server.runtime.services;
      alice = (await provisioning.createUser('alice@example.com', 'Alice', [{ organizationId: server.tenant.organization.id, role: 'member' }])).id;
      bob = (await provisioning.createUser('bob@example.com', 'Bob', [{ organizationId: server.tenant.organization.id, role: 'member' }])).id;
      outsider = (await provisioning.createUser('eve@example.com', 'Eve', [{ organizationId: server.other.organization.id, role: 'member' }])).id;
      const token = await server.oauthToken(server.tenant.user.id, ['configuration:write'], { expiresInMs: 30 * 24 * HOUR });
      expectEnvelope(await createRequest(server, { token, projectId: server.tenant.project.id }, { name: 'eval', destinationUrl: 'http://127.0.0.1:9/eval', eventTypes: EVAL_EVENTS }), 201);
      for (const id of ['a-1', 'a-2', 'a-3', 'a-4']) await ingest(server, key, { trace_id: id, spans: [{ span_id: 'root', output: { answer: id } }] });
    });
    after(async () => server.close());

    describe('POST /api/v1/public/annotation-queues (createAnnotationQueue)', () => {
      it('creates a queue with its score configuration', async () => {
        const data = expectEnvelope<Record<string, unknown>>(await post('/annotation-queues', { name: 'Correctness review', scoreConfig: { name: 'correct', dataType: 'categorical', categories: ['yes', 'no', 'partly'] } }), 201);
        expect(data).to.include({ name: 'Correctness review', target: 'trace' });
        expect(data.members).to.deep.equal([]);
      });

      it('refuses a score configuration that does not fit its data type', async () => {
        const body = expectProblem(await post('/annotation-queues', { name: 'q', scoreConfig: { name: 'c', dataType: 'categorical' } }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((body.errors as { path: string }[])[0].path).to.equal('/body/scoreConfig/categories');
        const range = expectProblem(await post('/annotation-queues', { name: 'q', scoreConfig: { name: 'c', dataType: 'boolean', min: 0 } }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((range.errors as { path: string }[])[0].path).to.equal('/body/scoreConfig/min');
      });
    });

    describe('the lifecycle of a batch, through every notify.eval_* event', () => {
      const jump = (iso: string, offsetMs = 0) => server.clock.set(new Date(Date.parse(iso) + offsetMs));
      let queues = 0;

      // Each case builds the stage it starts from on a queue of its own, so it runs alone and in any
      // order; `eventsOf` reads only that queue's events, whatever other cases' batches announce.
      const seenOf = new Map<string, Set<string>>();
      async function eventsOf(queueId: string): Promise<[string, Record<string, unknown>][]> {
        const seenHere = seenOf.get(queueId) ?? new Set<string>();
        seenOf.set(queueId, seenHere);
        const rows = await server.runtime.database.knex('webhook_deliveries').where({ project_id: server.tenant.project.id }).orderBy('created_at');
        const mine = rows
          .map((row) => ({ id: row.id as string, type: row.event_type as string, data: (JSON.parse(row.body as string) as { data: Record<string, unknown> }).data }))
          .filter((row) => row.type.startsWith('notify.eval_') && row.data.queueId === queueId && !seenHere.has(row.id));
        for (const row of mine) seenHere.add(row.id);
        return mine.map((row): [string, Record<string, unknown>] => [row.type, row.data]);
      }

      /** A queue with no members yet. */
      async function newQueue(): Promise<{ queueId: string; queueName: string }> {
        const queueName = `Quality ${++queues}`;
        const queueId = expectEnvelope<{ id: string }>(await post('/annotation-queues', { name: queueName, scoreConfig: { name: 'quality', dataType: 'numeric', min: 1, max: 5 } }), 201).id;
        return { queueId, queueName };
      }
      /** Alice and Bob assigned, their events read. */
      async function assigned() {
        const queue = await newQueue();
        await post(`/annotation-queues/${queue.queueId}/members`, { userId: alice });
        server.clock.advance(1);
        await post(`/annotation-queues/${queue.queueId}/members`, { userId: bob });
        await eventsOf(queue.queueId);
        return queue;
      }
      /** A batch of four items (a-1…a-4, alternately Alice's and Bob's), deadline in 48 h, reminder in 12 h. */
      async function dispatched() {
        const queue = await assigned();
        const deadline = at(48);
        const remindAt = at(12);
        const batch = expectEnvelope<Batch>(
          await post(`/annotation-queues/${queue.queueId}/batches`, { items: [{ traceId: 'a-1' }, { traceId: 'a-2' }, { traceId: 'a-3' }, { traceId: 'a-4' }], deadline, remindAt }),
          201,
        );
        await eventsOf(queue.queueId);
        return { ...queue, batch, deadline, remindAt };
      }
      /** Alice has answered her first item: she has one open, Bob two. */
      async function answeredOnce() {
        const stage = await dispatched();
        expectEnvelope(await post(`/annotation-queues/${stage.queueId}/batches/${stage.batch.id}/items/${stage.batch.items[0].id}/response`, { value: 4 }), 201);
        await eventsOf(stage.queueId);
        return stage;
      }
      /** Alice is done, Bob has two open, and the deadline has passed (after the reminder and the warning). */
      async function overdue() {
        const stage = await answeredOnce();
        expectEnvelope(await post(`/annotation-queues/${stage.queueId}/batches/${stage.batch.id}/items/${stage.batch.items[2].id}/response`, { value: 5 }), 201);
        for (const [iso, offset] of [[stage.remindAt, 0], [stage.deadline, -24 * HOUR], [stage.deadline, 0]] as const) {
          jump(iso, offset);
          await tick();
          await tick();
        }
        await eventsOf(stage.queueId);
        return stage;
      }

      it('assigns members (notify.eval_assigned); a stranger is 400, a second assignment 409', async () => {
        const { queueId, queueName } = await newQueue();
        expectProblem(await post(`/annotation-queues/${queueId}/batches`, { items: [{ traceId: 'a-1' }], deadline: at(48) }), 409, 'PUBLIC_API_QUEUE_HAS_NO_MEMBERS');
        expect(expectEnvelope<{ members: string[] }>(await post(`/annotation-queues/${queueId}/members`, { userId: alice }), 201).members).to.deep.equal([alice]);
        server.clock.advance(1);
        expect(expectEnvelope<{ members: string[] }>(await post(`/annotation-queues/${queueId}/members`, { userId: bob }), 201).members).to.deep.equal([alice, bob]);
        const stranger = expectProblem(await post(`/annotation-queues/${queueId}/members`, { userId: outsider }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((stranger.errors as { path: string }[])[0].path).to.equal('/body/userId');
        expectProblem(await post(`/annotation-queues/${queueId}/members`, { userId: alice }), 409, 'PUBLIC_API_ALREADY_ASSIGNED');
        expect(await eventsOf(queueId)).to.deep.equal([
          ['notify.eval_assigned', { queueId, queueName, userId: alice }],
          ['notify.eval_assigned', { queueId, queueName, userId: bob }],
        ]);
      });

      it('dispatches a batch round-robin with a deadline and a reminder (notify.eval_batch_dispatched)', async () => {
        const { queueId } = await assigned();
        const unknown = expectProblem(await post(`/annotation-queues/${queueId}/batches`, { items: [{ traceId: 'a-1' }, { traceId: 'nope' }], deadline: at(48) }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((unknown.errors as { path: string }[])[0].path).to.equal('/body/items/1');
        const late = expectProblem(await post(`/annotation-queues/${queueId}/batches`, { items: [{ traceId: 'a-1' }], deadline: at(48), remindAt: at(49) }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((late.errors as { path: string }[])[0].path).to.equal('/body/remindAt');
        const deadline = at(48);
        const remindAt = at(12);
        const batch = expectEnvelope<Batch>(
          await post(`/annotation-queues/${queueId}/batches`, { items: [{ traceId: 'a-1' }, { traceId: 'a-2' }, { traceId: 'a-3' }, { traceId: 'a-4' }], deadline, remindAt }),
          201,
        );
        expect(batch.status).to.equal('open');
        expect(batch.items.map((i) => [i.traceId, i.assignee, i.status])).to.deep.equal([
          ['a-1', alice, 'pending'],
          ['a-2', bob, 'pending'],
          ['a-3', alice, 'pending'],
          ['a-4', bob, 'pending'],
        ]);
        expect(await eventsOf(queueId)).to.deep.equal([
          ['notify.eval_batch_dispatched', { queueId, batchId: batch.id, deadline, itemCount: 4, assignees: [{ userId: alice, itemCount: 2 }, { userId: bob, itemCount: 2 }] }],
        ]);
      });

      it('records a response as an annotation score (notify.eval_response_submitted); a value outside the range is 400', async () => {
        const { queueId, batch } = await dispatched();
        const item = batch.items[0];
        const out = expectProblem(await post(`/annotation-queues/${queueId}/batches/${batch.id}/items/${item.id}/response`, { value: 9 }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(out.errors).to.deep.equal([{ code: 'maximum', message: 'must be at most 5', path: '/body/value' }]);
        const token = await server.oauthToken(alice, ['evaluation:write']);
        const res = await server
          .request()
          .post(`/api/v1/public/annotation-queues/${queueId}/batches/${batch.id}/items/${item.id}/response`)
          .set('authorization', `Bearer ${token}`)
          .set('x-project-id', server.tenant.project.id)
          .send({ value: 4, comment: 'good, one slip' });
        const after = expectEnvelope<Batch>(res, 201);
        const answered = after.items[0];
        expect(answered).to.include({ status: 'done' });
        // Other cases score a-1 too (each on its own queue): this response's score is found by its id.
        const scores = expectEnvelope<{ scores: Record<string, unknown>[] }>(await get(`/scores?traceId=a-1`)).scores.filter((score) => score.id === answered.scoreId);
        expect(scores).to.have.length(1);
        expect(scores[0]).to.include({ id: answered.scoreId, name: 'quality', dataType: 'numeric', value: 4, source: 'annotation', author: `user:${alice}`, comment: 'good, one slip' });
        expect(await eventsOf(queueId)).to.deep.equal([
          ['notify.eval_response_submitted', { queueId, batchId: batch.id, itemId: item.id, traceId: 'a-1', spanId: null, assignee: alice, author: `user:${alice}`, scoreId: answered.scoreId }],
        ]);
      });

      it('lets a signed-in member answer only their own items, and each item once', async () => {
        const { queueId, batch } = await answeredOnce();
        const token = await server.oauthToken(alice, ['evaluation:write']);
        const bobsItem = batch.items[1];
        const res = await server
          .request()
          .post(`/api/v1/public/annotation-queues/${queueId}/batches/${batch.id}/items/${bobsItem.id}/response`)
          .set('authorization', `Bearer ${token}`)
          .set('x-project-id', server.tenant.project.id)
          .send({ value: 3 });
        expectProblem(res, 403, 'PUBLIC_API_NOT_ASSIGNEE');
        expectProblem(await post(`/annotation-queues/${queueId}/batches/${batch.id}/items/${batch.items[0].id}/response`, { value: 3 }), 409, 'PUBLIC_API_ALREADY_ANSWERED');
        expect(await eventsOf(queueId)).to.deep.equal([]);
      });

      it('reminds members with open items at remindAt (notify.eval_reminder), once', async () => {
        const { queueId, batch, deadline, remindAt } = await answeredOnce();
        jump(remindAt, -1);
        await tick();
        expect(await eventsOf(queueId)).to.deep.equal([]);
        jump(remindAt);
        await tick();
        await tick();
        const base = { queueId, batchId: batch.id, deadline };
        expect(await eventsOf(queueId)).to.have.deep.members([
          ['notify.eval_reminder', { ...base, userId: alice, pendingItems: 1 }],
          ['notify.eval_reminder', { ...base, userId: bob, pendingItems: 2 }],
        ]);
      });

      it('warns 24 hours before the deadline (notify.eval_deadline_approaching)', async () => {
        const { queueId, batch, deadline, remindAt } = await answeredOnce();
        jump(remindAt);
        await tick();
        await tick();
        await eventsOf(queueId); // the reminder, asserted above
        jump(deadline, -24 * HOUR - 1);
        await tick();
        expect(await eventsOf(queueId)).to.deep.equal([]);
        jump(deadline, -24 * HOUR);
        await tick();
        const base = { queueId, batchId: batch.id, deadline };
        expect(await eventsOf(queueId)).to.have.deep.members([
          ['notify.eval_deadline_approaching', { ...base, userId: alice, pendingItems: 1 }],
          ['notify.eval_deadline_approaching', { ...base, userId: bob, pendingItems: 2 }],
        ]);
      });

      it('at the deadline tells each late member and the batch (notify.eval_deadline_passed, notify.eval_batch_deadline_passed)', async () => {
        const { queueId, batch, deadline, remindAt } = await answeredOnce();
        await post(`/annotation-queues/${queueId}/batches/${batch.id}/items/${batch.items[2].id}/response`, { value: 5 }); // alice is done
        for (const [iso, offset] of [[remindAt, 0], [deadline, -24 * HOUR]] as const) {
          jump(iso, offset);
          await tick();
        }
        await eventsOf(queueId); // the response, the reminder and the warning, asserted above
        jump(deadline, -1);
        await tick();
        expect(await eventsOf(queueId)).to.deep.equal([]);
        jump(deadline);
        await tick();
        await tick();
        const base = { queueId, batchId: batch.id, deadline };
        expect(await eventsOf(queueId)).to.have.deep.members([
          ['notify.eval_batch_deadline_passed', { ...base, itemCount: 4, pendingItems: 2, doneItems: 2 }],
          ['notify.eval_deadline_passed', { ...base, userId: bob, pendingItems: 2 }],
        ]);
        expect(expectEnvelope<Batch>(await get(`/annotation-queues/${queueId}/batches/${batch.id}`)).status).to.equal('overdue');
      });

      it('completes the batch with its last response (notify.eval_completed), having announced every notify.eval_* event', async () => {
        const { queueId, batch, deadline } = await overdue();
        await post(`/annotation-queues/${queueId}/batches/${batch.id}/items/${batch.items[1].id}/response`, { value: 2 });
        const last = expectEnvelope<Batch>(await post(`/annotation-queues/${queueId}/batches/${batch.id}/items/${batch.items[3].id}/response`, { value: 1 }), 201);
        expect(last.status).to.equal('completed');
        const events = await eventsOf(queueId);
        expect(events.map(([type]) => type)).to.have.members(['notify.eval_response_submitted', 'notify.eval_response_submitted', 'notify.eval_completed']);
        const completed = events.find(([type]) => type === 'notify.eval_completed')!;
        expect(completed[1]).to.deep.equal({ queueId, batchId: batch.id, itemCount: 4, completedAt: server.clock.now().toISOString(), deadline, late: true });
        await tick();
        expect(await eventsOf(queueId), 'a completed batch hears nothing more').to.deep.equal([]);
        const all = new Set((await announced()).filter(([, data]) => data.queueId === queueId).map(([type]) => type));
        expect([...all].sort()).to.deep.equal([...EVAL_EVENTS].sort());
      });
    });

    describe('GET /api/v1/public/annotation-queues/{id} (getAnnotationQueue)', () => {
      it('reads a queue; another project’s is 404', async () => {
        const { id } = expectEnvelope<{ id: string }>(await post('/annotation-queues', { name: 'Read me', scoreConfig: { name: 'ok', dataType: 'boolean' } }), 201);
        expect(expectEnvelope<{ name: string; scoreConfig: unknown }>(await get(`/annotation-queues/${id}`))).to.include({ name: 'Read me' });
        const other = await server.request().get(`/api/v1/public/annotation-queues/${id}`).set('x-api-key', server.other.apiKey);
        expectProblem(other, 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('DELETE /api/v1/public/annotation-queues/{id}/members/{userId} (removeAnnotationQueueMember)', () => {
      const remove = (queueId: string, userId: string, apiKey = key) => {
        server.clock.advance(1);
        return server.request().delete(`/api/v1/public/annotation-queues/${queueId}/members/${userId}`).set('x-api-key', apiKey);
      };
      async function queueOfTwo(name: string): Promise<string> {
        const { id } = expectEnvelope<{ id: string }>(await post('/annotation-queues', { name, scoreConfig: { name: 'ok', dataType: 'boolean' } }), 201);
        await post(`/annotation-queues/${id}/members`, { userId: alice });
        await post(`/annotation-queues/${id}/members`, { userId: bob });
        return id;
      }

      it('returns the queue without the member and audits the removal', async () => {
        const id = await queueOfTwo('Remove one');
        const queue = expectEnvelope<{ id: string; name: string; members: string[] }>(await remove(id, bob));
        expect(queue).to.include({ id, name: 'Remove one' });
        expect(queue.members).to.deep.equal([alice]);
        expect(expectEnvelope<{ members: string[] }>(await get(`/annotation-queues/${id}`)).members).to.deep.equal([alice]);
        const audits = await server.runtime.database.knex('audit_events').where({ project_id: server.tenant.project.id, action: 'annotation_queue.member_removed', target_id: id });
        expect(audits.map((row) => [row.target_type, JSON.parse(row.details as string)])).to.deep.equal([['annotation_queue', { userId: bob }]]);
      });

      it('keeps the items already dealt to the member theirs, and deals no new batch to them', async () => {
        const id = await queueOfTwo('Re-deal');
        const first = expectEnvelope<Batch>(await post(`/annotation-queues/${id}/batches`, { items: [{ traceId: 'a-1' }, { traceId: 'a-2' }], deadline: at(24) }), 201);
        expect(first.items.map((i) => i.assignee)).to.deep.equal([alice, bob]);
        expectEnvelope(await remove(id, bob));
        const kept = expectEnvelope<Batch>(await get(`/annotation-queues/${id}/batches/${first.id}`));
        expect(kept.items.map((i) => [i.assignee, i.status])).to.deep.equal([[alice, 'pending'], [bob, 'pending']]);
        const next = expectEnvelope<Batch>(await post(`/annotation-queues/${id}/batches`, { items: [{ traceId: 'a-3' }, { traceId: 'a-4' }], deadline: at(24) }), 201);
        expect(next.items.map((i) => i.assignee)).to.deep.equal([alice, alice]);
      });

      it('is 404 for a user who is not a member, and for another project’s queue', async () => {
        const id = await queueOfTwo('Not a member');
        expectProblem(await remove(id, outsider), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await remove(id, alice, server.other.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
        expect(expectEnvelope<{ members: string[] }>(await get(`/annotation-queues/${id}`)).members).to.deep.equal([alice, bob]);
      });

      it('refuses a user id that is not a uuid with the path parameter', async () => {
        const id = await queueOfTwo('Bad id');
        const bad = expectProblem(await remove(id, 'not-a-uuid'), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((bad.errors as { path: string }[]).map((e) => e.path)).to.deep.equal(['/params/userId']);
      });
    });

    describe('POST /api/v1/public/annotation-queues/{id}/batches (createAnnotationBatch) on a span queue', () => {
      it('takes spans, needs spanId on every item, and scores the span', async () => {
        const { id } = expectEnvelope<{ id: string }>(await post('/annotation-queues', { name: 'Spans', target: 'span', scoreConfig: { name: 'span_ok', dataType: 'boolean' } }), 201);
        await post(`/annotation-queues/${id}/members`, { userId: bob });
        const missing = expectProblem(await post(`/annotation-queues/${id}/batches`, { items: [{ traceId: 'a-1' }], deadline: at(1) }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((missing.errors as { path: string }[])[0].path).to.equal('/body/items/0/spanId');
        const unknown = expectProblem(await post(`/annotation-queues/${id}/batches`, { items: [{ traceId: 'a-1', spanId: 'nope' }], deadline: at(1) }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((unknown.errors as { path: string }[])[0].path).to.equal('/body/items/0');
        const batch = expectEnvelope<Batch>(await post(`/annotation-queues/${id}/batches`, { items: [{ traceId: 'a-1', spanId: 'root' }], deadline: at(1) }), 201);
        const done = expectEnvelope<Batch>(await post(`/annotation-queues/${id}/batches/${batch.id}/items/${batch.items[0].id}/response`, { value: true }), 201);
        expect(done.status).to.equal('completed');
        const scores = expectEnvelope<{ scores: Record<string, unknown>[] }>(await get(`/scores?traceId=a-1&spanId=root`)).scores;
        expect(scores.map((x) => [x.name, x.target, x.value, x.source])).to.deep.equal([['span_ok', 'span', true, 'annotation']]);
      });
    });

    describe('GET /api/v1/public/annotation-queues (listAnnotationQueues)', () => {
      it('lists the project’s queues with their members; another project sees none', async () => {
        expectEnvelope(await post('/annotation-queues', { name: 'Listed A', scoreConfig: { name: 'a', dataType: 'boolean' } }), 201);
        const { id } = expectEnvelope<{ id: string }>(await post('/annotation-queues', { name: 'Listed B', scoreConfig: { name: 'b', dataType: 'boolean' } }), 201);
        expectEnvelope(await post(`/annotation-queues/${id}/members`, { userId: alice }), 201);
        const list = expectEnvelope<{ annotationQueues: { name: string; members: string[] }[] }>(await get('/annotation-queues'));
        expect(list.annotationQueues.map((q) => q.name)).to.include.members(['Listed A', 'Listed B']);
        expect(list.annotationQueues.find((q) => q.name === 'Listed B')!.members).to.deep.equal([alice]);
        const other = await server.request().get('/api/v1/public/annotation-queues').set('x-api-key', server.other.apiKey);
        expect(expectEnvelope<{ annotationQueues: unknown[] }>(other).annotationQueues).to.deep.equal([]);
      });
    });
  });
});
