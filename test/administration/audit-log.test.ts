import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { operationIndex } from '../../src/http/contract.js';
import { mapTool } from '../../src/tools/operation-tool.js';
import { bodyField, object } from '../../src/tools/contract-fields.js';
import { toolContext, toolsOver } from '../support/tool-context.js';

interface AuditEvent {
  id: string;
  action: string;
  targetType: string;
  targetId: string | null;
  actor: { kind: string; credentialId: string; userId: string | null };
  projectId: string | null;
  requestId: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}

const FILTER = [{ id: 'r1', field: 'status', operator: 'is', value: 'error' }];

forEachAdapter((adapter) => {
  describe('audit log', function () {
    this.timeout(30_000);
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    const count = async (table: string) => Number((await server.runtime.database.knex(table).count<{ n: number }[]>({ n: '*' }))[0].n);
    const events = (query: Record<string, string | number> = {}, key = server.tenant.orgApiKey) =>
      server.request().get('/api/v1/public/audit-events').query(query).set('x-api-key', key).set('x-project-id', server.tenant.project.id);

    it('every administrative mutation of the contract is audited (x-audit), and no read is', () => {
      const administrative = operationIndex().filter((op) => op.method !== 'GET' && op.rateClass !== 'ingest');
      const unaudited = administrative.filter((op) => !op.audit).map((op) => op.operationId);
      // Not administrative: a user's own profile, email preferences and notification read marks, fix triage (comments, an agent's progress steps,
      // transitions and edits keep their own history on the fix), and a test delivery of a webhook or a channel.
      // Assignment, dispatch requests, approval decisions and backfills are audited. Scores and
      // annotation answers are data that carries its own author and time, and so are experiment results.
      // Compiling a prompt is a read sent as POST (its variables are a body) and changes nothing; a
      // playground run is kept as a trace of its own and its spend in the budget, not as an event.
      // A metrics query is a read sent as POST (its measures, dimensions and filters are a body).
      expect(unaudited).to.have.members([
        'patchAccountProfile',
        'updateEmailPreferences',
        'markNotificationRead',
        'markAllNotificationsRead',
        'createFixComment',
        'acceptFix',
        'dismissFix',
        'updateFixStatus',
        'updateFix',
        'reportFixProgress',
        'testWebhook',
        'testChannel',
        'createScore',
        'submitAnnotationResponse',
        'compilePrompt',
        'recordExperimentResults',
        'runPlayground',
        'queryMetrics',
      ]);
      expect(operationIndex().filter((op) => op.method === 'GET' && op.audit)).to.deep.equal([]);
    });

    describe('an audited mutation', () => {
      it('writes one event with actor, credential kind, action, target, time and request id', async () => {
        const res = await server.request().post('/api/v1/public/saved-filters').set('x-api-key', server.tenant.apiKey).send({ name: 'errors', filters: FILTER });
        const created = expectEnvelope<{ id: string }>(res, 201);
        const [event] = expectEnvelope<{ auditEvents: AuditEvent[] }>(await events({ targetId: created.id })).auditEvents;
        expect(event).to.deep.equal({
          id: event.id,
          action: 'saved_filter.created',
          targetType: 'saved_filter',
          targetId: created.id,
          actor: { kind: 'api_key', credentialId: event.actor.credentialId, userId: server.tenant.user.id },
          projectId: server.tenant.project.id,
          requestId: res.body.requestId,
          details: { name: 'errors' },
          createdAt: '2026-11-01T12:00:00.000Z',
        });
        expect(event.actor.credentialId).to.match(/^[0-9a-f-]{36}$/);
      });

      it('that fails writes no event', async () => {
        const before = await count('audit_events');
        const res = await server.request().post('/api/v1/public/saved-filters').set('x-api-key', server.tenant.apiKey).send({ name: ' ', filters: FILTER });
        expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(await count('audit_events')).to.equal(before);
      });

      it('is rolled back when its audit record cannot be written (500, nothing stored)', async () => {
        const { audit } = server.runtime.services;
        const original = audit.record.bind(audit);
        const filtersBefore = await count('saved_filters');
        const eventsBefore = await count('audit_events');
        audit.record = async () => {
          throw new Error('audit store unavailable');
        };
        try {
          const res = await server.request().post('/api/v1/public/saved-filters').set('x-api-key', server.tenant.apiKey).send({ name: 'lost', filters: FILTER });
          expectProblem(res, 500, 'PUBLIC_API_INTERNAL_ERROR');
          const key = await server.request().post('/api/v1/public/api-keys').set('x-api-key', server.tenant.apiKey).send({ name: 'lost too' });
          expectProblem(key, 500, 'PUBLIC_API_INTERNAL_ERROR');
        } finally {
          audit.record = original;
        }
        expect(await count('saved_filters')).to.equal(filtersBefore);
        expect(await count('audit_events')).to.equal(eventsBefore);
        const keys = await server.runtime.database.knex('api_keys').where({ name: 'lost too' });
        expect(keys).to.deep.equal([]);
      });
    });

    describe('an audited operation reached through an agent tool', () => {
      // No served tool maps onto an audited operation today; this one does, as any future one would.
      const renameTool = mapTool({
        name: 'rename_project',
        description: 'Renames the session project.',
        input: object({ name: bodyField('updateProject', 'name') }),
        operationId: 'updateProject',
        toOperation: (input) => ({ path: {}, query: {}, headers: {}, body: { name: input.name as string } }),
        toResult: (data) => data,
      });

      it('writes the same event as the REST request, with the tool call\'s request id', async () => {
        const [rename] = toolsOver(server, [renameTool]);
        const context = toolContext(server, server.tenant);
        await rename.handler({ name: 'Renamed by an agent' }, context);
        const [event] = expectEnvelope<{ auditEvents: AuditEvent[] }>(await events({ action: 'project.updated', targetId: server.tenant.project.id })).auditEvents;
        expect(event).to.deep.include({
          action: 'project.updated',
          targetType: 'project',
          targetId: server.tenant.project.id,
          requestId: context.requestId,
          details: { name: 'Renamed by an agent' },
        });
        expect(event.actor).to.deep.equal({ kind: 'api_key', credentialId: context.principal.credentialId, userId: server.tenant.user.id });
      });

      it('is rolled back with its change when the record cannot be written', async () => {
        const [rename] = toolsOver(server, [renameTool]);
        const { audit } = server.runtime.services;
        const original = audit.record.bind(audit);
        audit.record = async () => {
          throw new Error('audit store unavailable');
        };
        try {
          await rename.handler({ name: 'Never stored' }, toolContext(server, server.tenant)).then(
            () => expect.fail('the tool call succeeded'),
            (error: Error) => expect(error.message).to.equal('audit store unavailable'),
          );
        } finally {
          audit.record = original;
        }
        expect((await server.runtime.store.projects.findById(server.tenant.project.id))!.name).to.not.equal('Never stored');
      });
    });

    describe('GET /api/v1/public/audit-events', () => {
      it('filters by action, actor and time, newest first, with cursor pages bound to the filters', async () => {
        for (const name of ['a', 'b', 'c']) {
          server.clock.advance(1000);
          await server.request().post('/api/v1/public/saved-filters').set('x-api-key', server.tenant.apiKey).send({ name, filters: FILTER }).expect(201);
        }
        const first = expectEnvelope<{ auditEvents: AuditEvent[]; page: { hasMore: boolean; nextCursor: string } }>(await events({ action: 'saved_filter.created', limit: 2 }));
        expect(first.auditEvents.map((e) => e.details.name)).to.deep.equal(['c', 'b']);
        expect(first.page.hasMore).to.equal(true);
        const second = expectEnvelope<{ auditEvents: AuditEvent[] }>(await events({ action: 'saved_filter.created', limit: 2, cursor: first.page.nextCursor }));
        expect(second.auditEvents.map((e) => e.details.name)).to.deep.equal(['a', 'errors']);
        expectProblem(await events({ action: 'api_key.created', limit: 2, cursor: first.page.nextCursor }), 400, 'PUBLIC_API_INVALID_CURSOR');

        const byActor = expectEnvelope<{ auditEvents: AuditEvent[] }>(await events({ actor: server.tenant.user.id, from: '2026-11-01T12:00:02.000Z' }));
        expect(byActor.auditEvents.map((e) => e.details.name)).to.deep.equal(['c', 'b']);
        expect(expectEnvelope<{ auditEvents: AuditEvent[] }>(await events({ actor: 'nobody' })).auditEvents).to.deep.equal([]);
        expectProblem(await events({ from: 'yesterday' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      });

      it('a project key sees its project’s events only; another organization sees none of them', async () => {
        const project = await server.request().post('/api/v1/public/projects').set('x-api-key', server.tenant.orgApiKey).send({ name: 'Elsewhere' });
        const projectId = expectEnvelope<{ id: string }>(project, 201).id;
        const own = expectEnvelope<{ auditEvents: AuditEvent[] }>(await server.request().get('/api/v1/public/audit-events').set('x-api-key', server.tenant.apiKey));
        expect(own.auditEvents.every((e) => e.projectId === server.tenant.project.id)).to.equal(true);
        const org = expectEnvelope<{ auditEvents: AuditEvent[] }>(await events({ action: 'project.created' }));
        expect(org.auditEvents.map((e) => e.targetId)).to.include(projectId);
        const foreign = expectEnvelope<{ auditEvents: AuditEvent[] }>(await server.request().get('/api/v1/public/audit-events').set('x-api-key', server.other.apiKey));
        expect(foreign.auditEvents).to.deep.equal([]);
      });
    });
  });
});
