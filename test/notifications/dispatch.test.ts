import { expect } from 'chai';
import { Ajv } from 'ajv';
import { Webhook } from 'standardwebhooks';
import { ManualClock } from '../../src/clock.js';
import { DISPATCH_ACTIONS, DISPATCH_STATES, nextDispatchState, type DispatchAction, type DispatchState, type DispatchStatus } from '../../src/domain/dispatch/dispatch-state-machine.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { createRequest, Receiver, writerOf } from '../webhooks/support.js';
import { tool, toolContext, toolsOver } from '../support/tool-context.js';
import { dispatchToolMappings } from '../../src/tools/dispatch-tools.js';

const FIXES = '/api/v1/public/fixes';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const HOUR = 3_600_000;
const APPROVAL_EVENTS = ['notification.approval_requested', 'notification.approval_approved', 'notification.approval_rejected', 'notification.approval_expired'];
type Json = Record<string, unknown>;
type Dispatch = { fixId: string; status: DispatchStatus | null; webhookId: string | null; requestedBy: string | null; expiresAt: string | null; transitions: Json[] };

/** The documented table (docs/notifications-and-dispatch.md), with approval required; every pair not listed is refused. */
const ALLOWED: Record<string, Partial<Record<DispatchAction, DispatchStatus>>> = {
  null: { request: 'pending_approval' },
  pending_approval: { approve: 'approved', reject: 'rejected', expire: 'expired' },
  approved: { dispatch: 'dispatched' },
  rejected: { request: 'pending_approval' },
  expired: { request: 'pending_approval' },
  dispatched: { acknowledge: 'acknowledged', fail: 'failed' },
  acknowledged: { complete: 'completed' },
  completed: { request: 'pending_approval' },
  failed: { request: 'pending_approval' },
};
const expected = (state: DispatchState, action: DispatchAction): DispatchStatus | null => ALLOWED[String(state)][action] ?? null;

describe('dispatch state machine (nextDispatchState)', () => {
  it('answers the documented target for every (state, action) pair and null for every other', () => {
    for (const state of DISPATCH_STATES) {
      for (const action of DISPATCH_ACTIONS) expect(nextDispatchState(state, action, true), `${state} × ${action}`).to.equal(expected(state, action));
    }
  });

  it('leads a request straight to approved when the project requires no approval', () => {
    for (const state of DISPATCH_STATES) {
      expect(nextDispatchState(state, 'request', false), String(state)).to.equal(expected(state, 'request') ? 'approved' : null);
    }
  });
});

forEachAdapter((adapter) => {
  describe('fix dispatch with approval', () => {
    let server: TestServer;
    let webhookId: string;
    let caller: Awaited<ReturnType<typeof writerOf>>;
    const key = () => ({ 'x-api-key': server.tenant.apiKey });
    const projectId = () => server.tenant.project.id;
    const requester = () => `user:${server.tenant.user.id}`;

    before(async () => {
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      caller = await writerOf(server, ['configuration:write', 'configuration:read']);
      webhookId = expectEnvelope<{ id: string }>(
        await createRequest(server, caller, { name: 'Coding agent', destinationUrl: 'http://127.0.0.1:9/hooks', eventTypes: APPROVAL_EVENTS, secret: SECRET }),
        201,
      ).id;
    });
    after(async () => server.close());

    /** An open fix (a draft cannot be dispatched). */
    const openFix = async (title = 'Retry storms'): Promise<string> => {
      const fix = await server.runtime.services.fixes.create(projectId(), { title, severity: 'high' }, 'user:seed');
      await server.runtime.services.fixes.accept(projectId(), fix.id, 'user:seed');
      return fix.id;
    };
    /** Puts a fix's dispatch in `state` through the repository (the pairs below then start from there). */
    const putIn = async (fixId: string, state: DispatchState, expiresAt: Date | null = null) => {
      if (state === null) return;
      await server.runtime.store.fixDispatch.transition(projectId(), fixId, null, state, server.clock.now(), { target: 'webhook', webhookId, requestedBy: requester(), expiresAt });
    };
    const act = (fixId: string, body: Json) => server.request().post(`${FIXES}/${fixId}/dispatch`).set(key()).send(body);
    const decide = (fixId: string, body: Json) => server.request().post(`${FIXES}/${fixId}/dispatch/approval`).set(key()).send(body);
    const perform = (fixId: string, action: DispatchAction) => {
      if (action === 'approve' || action === 'reject') return decide(fixId, { decision: action });
      return act(fixId, action === 'request' ? { action, webhookId } : { action });
    };
    const deliveries = async (fixId: string) =>
      (await server.runtime.database.knex('webhook_deliveries').orderBy([{ column: 'created_at' }, { column: 'id' }]))
        .map((row) => ({ type: row.event_type as string, data: (JSON.parse(row.body as string) as { data: Json }).data }))
        .filter((d) => d.data.fixId === fixId);

    describe('POST /fixes/{id}/dispatch and /dispatch/approval: every (state, action) pair', () => {
      for (const state of DISPATCH_STATES) {
        it(`from ${state ?? 'never dispatched'}: each caller action moves the fix as the table says or answers 400 PUBLIC_API_INVALID_TRANSITION`, async () => {
          for (const action of DISPATCH_ACTIONS.filter((a) => a !== 'expire')) {
            const fixId = await openFix();
            await putIn(fixId, state, state === 'pending_approval' ? new Date(server.clock.now().getTime() + HOUR) : null);
            const res = await perform(fixId, action);
            const to = expected(state, action);
            if (to) {
              const dispatch = expectEnvelope<Dispatch>(res);
              expect(dispatch.status, `${state} × ${action}`).to.equal(to);
              expect(dispatch.transitions.at(-1)).to.include({ action, fromStatus: state, toStatus: to, actor: requester() });
            } else {
              expectProblem(res, 400, 'PUBLIC_API_INVALID_TRANSITION');
              expect((await server.runtime.services.dispatch.get(projectId(), fixId)).dispatch.status, `${state} × ${action} unchanged`).to.equal(state);
            }
          }
        });
      }

      it('expire (the scheduler’s action) moves only a pending approval past its deadline', async () => {
        for (const state of DISPATCH_STATES) {
          const fixId = await openFix();
          await putIn(fixId, state, new Date(server.clock.now().getTime() - 1));
          const expired = await server.runtime.services.dispatch.expire(projectId(), fixId);
          expect(expired, String(state)).to.equal(expected(state, 'expire') !== null);
          expect((await server.runtime.services.dispatch.get(projectId(), fixId)).dispatch.status).to.equal(expected(state, 'expire') ?? state);
        }
        const early = await openFix();
        await putIn(early, 'pending_approval', new Date(server.clock.now().getTime() + 1));
        expect(await server.runtime.services.dispatch.expire(projectId(), early)).to.equal(false);
      });
    });

    describe('POST /fixes/{id}/dispatch (actOnFixDispatch)', () => {
      it('requests approval: pending_approval with a deadline, notification.approval_requested to the project and the admins', async () => {
        const fixId = await openFix('Token overuse');
        const dispatch = expectEnvelope<Dispatch>(await act(fixId, { action: 'request', webhookId: webhookId.toUpperCase(), note: 'to the coding agent' }));
        expect(dispatch).to.deep.include({ fixId, status: 'pending_approval', webhookId, requestedBy: requester(), expiresAt: '2026-11-03T12:00:00.000Z' });
        expect(dispatch.transitions).to.deep.equal([
          { action: 'request', fromStatus: null, toStatus: 'pending_approval', actor: requester(), note: 'to the coding agent', createdAt: '2026-11-01T12:00:00.000Z' },
        ]);
        const [event] = await deliveries(fixId);
        expect(event.type).to.equal('notification.approval_requested');
        expect(event.data).to.deep.include({ fixId, fixTitle: 'Token overuse', dispatchStatus: 'pending_approval', webhookId, requestedBy: requester(), expiresAt: '2026-11-03T12:00:00.000Z', recipientUserIds: [server.tenant.user.id] });
        const stored = await server.runtime.store.notifications.listForUser(server.tenant.user.id, projectId(), true, null, 100);
        expect(stored.filter((n) => n.data.fixId === fixId).map((n) => n.type)).to.deep.equal(['notification.approval_requested']);
      });

      it('goes straight to approved, with no approval event, when the project requires no approval', async () => {
        await server.runtime.services.notifications.updateSettings(projectId(), { dispatchApprovalRequired: false });
        try {
          const fixId = await openFix();
          const dispatch = expectEnvelope<Dispatch>(await act(fixId, { action: 'request', webhookId }));
          expect(dispatch).to.include({ status: 'approved', expiresAt: null });
          expect(await deliveries(fixId)).to.deep.equal([]);
        } finally {
          await server.runtime.services.notifications.updateSettings(projectId(), { dispatchApprovalRequired: true });
        }
      });

      it('answers 400 for a draft fix, a request without webhookId, an unknown webhook, and webhookId with another action', async () => {
        const draft = (await server.runtime.services.fixes.create(projectId(), { title: 'Draft', severity: 'low' }, 'user:seed')).id;
        expectProblem(await act(draft, { action: 'request', webhookId }), 400, 'PUBLIC_API_INVALID_TRANSITION');
        const fixId = await openFix();
        const missing = expectProblem(await act(fixId, { action: 'request' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(missing.errors).to.deep.equal([{ code: 'required', message: 'required with action request', path: '/body/webhookId' }]);
        const unknown = expectProblem(await act(fixId, { action: 'request', webhookId: '00000000-0000-4000-8000-000000000000' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((unknown.errors as Json[])[0].path).to.equal('/body/webhookId');
        expectProblem(await act(fixId, { action: 'acknowledge', webhookId }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        const bad = expectProblem(await act(fixId, { action: 'expire' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((bad.errors as Json[])[0].path).to.match(/action/);
        expect((await server.runtime.services.dispatch.get(projectId(), fixId)).dispatch.status).to.equal(null);
      });

      it('answers 404 for an unknown fix and for another project’s fix', async () => {
        expectProblem(await act('00000000-0000-4000-8000-000000000000', { action: 'request', webhookId }), 404, 'PUBLIC_API_NOT_FOUND');
        const fixId = await openFix();
        expectProblem(await server.request().post(`${FIXES}/${fixId}/dispatch`).set('x-api-key', server.other.apiKey).send({ action: 'request', webhookId }), 404, 'PUBLIC_API_NOT_FOUND');
      });

      it('dispatch hands the fix to the target webhook alone as fix.dispatched; a disabled target is 409', async () => {
        const fixId = await openFix('Loop in planner');
        await putIn(fixId, 'approved');
        const dispatch = expectEnvelope<Dispatch>(await act(fixId, { action: 'dispatch', note: 'go' }));
        expect(dispatch.status).to.equal('dispatched');
        const [handoff] = await deliveries(fixId);
        expect(handoff.type).to.equal('fix.dispatched');
        expect(handoff.data).to.deep.include({ fixId, dispatchStatus: 'dispatched', webhookId, note: 'go' });
        expect(handoff.data.fix).to.deep.include({ id: fixId, title: 'Loop in planner', status: 'open', severity: 'high', linkedTraceIds: [] });
        const listed = expectEnvelope<{ deliveries: { eventType: string }[] }>(
          await server.request().get(`/api/v1/public/webhooks/${webhookId}/deliveries`).set('authorization', `Bearer ${caller.token}`).set('x-project-id', projectId()),
        );
        expect(listed.deliveries.map((d) => d.eventType)).to.include('fix.dispatched');

        const other = await openFix();
        await putIn(other, 'approved');
        await server.runtime.services.webhooks.update(server.tenant.project, webhookId, { enabled: false });
        try {
          expectProblem(await act(other, { action: 'dispatch' }), 409, 'PUBLIC_API_DISPATCH_TARGET_UNAVAILABLE');
          expect((await server.runtime.services.dispatch.get(projectId(), other)).dispatch.status).to.equal('approved');
        } finally {
          await server.runtime.services.webhooks.update(server.tenant.project, webhookId, { enabled: true });
        }
      });
    });

    describe('POST /fixes/{id}/dispatch/approval (decideFixDispatch)', () => {
      it('approve and reject emit their event and tell the requester', async () => {
        for (const [decision, type, status] of [['approve', 'notification.approval_approved', 'approved'], ['reject', 'notification.approval_rejected', 'rejected']] as const) {
          const fixId = await openFix();
          await act(fixId, { action: 'request', webhookId });
          server.clock.advance(1000); // events and notifications list by time
          expect(expectEnvelope<Dispatch>(await decide(fixId, { decision, note: 'checked' }))).to.include({ status, expiresAt: null });
          const events = await deliveries(fixId);
          expect(events.map((e) => e.type)).to.deep.equal(['notification.approval_requested', type]);
          expect(events[1].data).to.deep.include({ fixId, dispatchStatus: status, actor: requester(), note: 'checked', recipientUserIds: [server.tenant.user.id] });
          const told = await server.runtime.store.notifications.listForUser(server.tenant.user.id, projectId(), false, null, 100);
          expect(told.filter((n) => n.data.fixId === fixId).map((n) => n.type)).to.deep.equal([type, 'notification.approval_requested']);
        }
      });

      it('of two concurrent approvals exactly one wins; the other is 400 and only one event is emitted', async () => {
        const fixId = await openFix();
        await act(fixId, { action: 'request', webhookId });
        server.clock.advance(1000);
        const answers = await Promise.all([decide(fixId, { decision: 'approve' }), decide(fixId, { decision: 'approve' }), decide(fixId, { decision: 'reject' })]);
        expect(answers.map((r) => r.status).sort()).to.deep.equal([200, 400, 400]);
        for (const res of answers.filter((r) => r.status === 400)) expectProblem(res, 400, 'PUBLIC_API_INVALID_TRANSITION');
        const events = (await deliveries(fixId)).map((e) => e.type);
        expect(events).to.have.length(2);
        expect(events[0]).to.equal('notification.approval_requested');
        const { transitions } = await server.runtime.services.dispatch.get(projectId(), fixId);
        expect(transitions.map((t) => t.action)).to.have.length(2);
      });

      it('refuses a decision past the approval deadline even before it is recorded as expired', async () => {
        const fixId = await openFix();
        await act(fixId, { action: 'request', webhookId });
        server.clock.advance(48 * HOUR);
        try {
          expectProblem(await decide(fixId, { decision: 'approve' }), 400, 'PUBLIC_API_INVALID_TRANSITION');
        } finally {
          server.clock.set(new Date('2026-11-01T12:00:00.000Z'));
        }
      });

      it('answers 400 for an unknown decision', async () => {
        const res = expectProblem(await decide(await openFix(), { decision: 'maybe' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((res.errors as Json[])[0].path).to.match(/decision/);
      });
    });

    describe('GET /fixes/{id}/dispatch (getFixDispatch) and the fix’s dispatchStatus', () => {
      it('answers null before any request, then the state and trail; the fix shows the same dispatchStatus', async () => {
        const fixId = await openFix();
        expect(expectEnvelope<Dispatch>(await server.request().get(`${FIXES}/${fixId}/dispatch`).set(key()))).to.deep.equal({
          fixId, status: null, target: null, webhookId: null, requestedBy: null, expiresAt: null, assigneeUserId: null, claimedBy: null, githubIssue: null, transitions: [],
        });
        await act(fixId, { action: 'request', webhookId });
        expect(expectEnvelope<Dispatch>(await server.request().get(`${FIXES}/${fixId}/dispatch`).set(key())).status).to.equal('pending_approval');
        expect(expectEnvelope<Json>(await server.request().get(`${FIXES}/${fixId}`).set(key())).dispatchStatus).to.equal('pending_approval');
      });
    });

    describe('tools triage_dispatch, triage_decide_dispatch, triage_get_dispatch', () => {
      it('run the same service: request, approve and read back', async () => {
        const tools = toolsOver(server, dispatchToolMappings());
        const ctx = toolContext(server, server.tenant);
        // Each result also matches the tool's published outputSchema (its structuredContent over MCP).
        const ajv = new Ajv({ strict: false });
        const callTool = async (_s: TestServer, name: string, input: Json) => {
          const found = tool(tools, name);
          const answer = (await found.handler(input, ctx)) as Json;
          const validate = ajv.compile(found.outputSchema!);
          expect(validate(answer), `${name}: ${ajv.errorsText(validate.errors)}`).to.equal(true);
          return answer;
        };
        const fixId = await openFix();
        const requested = await callTool(server, 'triage_dispatch', { fix_id: fixId, action: 'request', webhook_id: webhookId });
        expect(requested).to.include({ fix_id: fixId, dispatch_status: 'pending_approval' });
        const approved = await callTool(server, 'triage_decide_dispatch', { fix_id: fixId, decision: 'approve' });
        expect(approved).to.include({ dispatch_status: 'approved' });
        const read = await callTool(server, 'triage_get_dispatch', { fix_id: fixId });
        expect((read.transitions as Json[]).map((t) => t.action)).to.deep.equal(['request', 'approve']);
      });
    });
  });

  describe('dispatch events at a real webhook receiver', () => {
    let server: TestServer;
    let receiver: Receiver;

    before(async () => {
      // Standard Webhooks receivers check the signed timestamp against their own clock: run this server at real time.
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' }, clock: new ManualClock(new Date(Math.floor(Date.now() / 1000) * 1000)) });
      receiver = await new Receiver().start();
    });
    after(async () => {
      await receiver.stop();
      await server.close();
    });

    it('delivers approval_requested, approval_approved and the fix.dispatched hand-off, each with a valid Standard Webhooks signature', async () => {
      const caller = await writerOf(server);
      const webhookId = expectEnvelope<{ id: string }>(
        await createRequest(server, caller, { name: 'Agent', destinationUrl: receiver.url, eventTypes: ['notification.approval_requested', 'notification.approval_approved'], secret: SECRET }),
        201,
      ).id;
      const projectId = server.tenant.project.id;
      const fix = await server.runtime.services.fixes.create(projectId, { title: 'Slow tool', severity: 'medium' }, 'user:seed');
      await server.runtime.services.fixes.accept(projectId, fix.id, 'user:seed');
      const key = { 'x-api-key': server.tenant.apiKey };
      expectEnvelope(await server.request().post(`${FIXES}/${fix.id}/dispatch`).set(key).send({ action: 'request', webhookId }));
      expectEnvelope(await server.request().post(`${FIXES}/${fix.id}/dispatch/approval`).set(key).send({ decision: 'approve' }));
      expectEnvelope(await server.request().post(`${FIXES}/${fix.id}/dispatch`).set(key).send({ action: 'dispatch' }));
      await server.runtime.services.webhookDispatcher.drain();

      const verifier = new Webhook(SECRET);
      const bodies = receiver.received.map((r) => verifier.verify(r.body, r.headers as Record<string, string>) as { type: string; data: Json });
      // The worker attempts due deliveries concurrently: arrival order is not part of the contract.
      expect(bodies.map((b) => b.type)).to.have.members(['notification.approval_requested', 'notification.approval_approved', 'fix.dispatched']);
      expect(bodies).to.have.length(3);
      expect(bodies.every((b) => b.data.fixId === fix.id)).to.equal(true);
    });
  });
});
