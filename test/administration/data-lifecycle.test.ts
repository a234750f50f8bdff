import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { countEveryTable } from './table-counts.js';
import { hashToken, issueToken } from '../../src/auth/tokens.js';

const DAY = 24 * 3600_000;

/** A trace with two spans; `email` puts PII in the input so the PII detection fires. */
const tracePayload = (id: string, startMs: number, word: string, email = false) => ({
  trace_id: id,
  name: `${word} run ${id}`,
  metadata: { framework: 'langgraph', agent_name: 'planner' },
  spans: [
    { span_id: `${id}-root`, name: 'plan', span_type: 'AGENT', status: 'success', latency_ms: 40, start_time: new Date(startMs).toISOString(), input: { q: email ? 'mail ada@example.com' : word }, metadata: { cost: 0.01 } },
    { span_id: `${id}-llm`, parent_span_id: `${id}-root`, name: 'llm call', span_type: 'LLM', status: 'error', error: `${word} failed`, start_time: new Date(startMs + 5).toISOString(), metadata: { model: 'gpt', tokens_used: 12 } },
  ],
});

forEachAdapter((adapter) => {
  describe('data lifecycle: project deletion, retention, DELETE /traces/{traceId}', function () {
    this.timeout(60_000);
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter, { env: { DETECTION_WORKER_ENABLED: 'false' } });
    });
    after(async () => server.close());

    const knex = () => server.runtime.database.knex;
    const orgHeaders = (projectId: string) => ({ 'x-api-key': server.tenant.orgApiKey, 'x-project-id': projectId });
    /** The lifecycle worker's batches to the end, then the metrics settler, which turns the hours they marked back into exact rollups. */
    async function runLifecycleToCompletion(): Promise<void> {
      for (let i = 0; i < 200; i++) {
        if (!(await server.runtime.services.dataLifecycle.runOnce(`test-${i}`)).more) {
          await settleRollups();
          return;
        }
      }
      throw new Error('the lifecycle did not finish');
    }

    /** Every hour ingest or deletion marked is recomputed (the settler's background loop, run to the end). */
    const settleRollups = () => server.runtime.services.metricsRollups.settleAll();

    /** Fills every project-bound table of `projectId`: traces, spans, search rows, jobs, events, fixes and their trail, configuration. */
    async function fillProject(projectId: string, serviceAccountId: string, memberId: string): Promise<void> {
      const { services } = server.runtime;
      const now = server.clock.now().getTime();
      await services.detections.create(projectId, { slug: 'pii', displayName: 'PII', type: 'pii', threshold: 0.5, severity: 'high', config: {} });
      await services.traceIngestion.ingestBatch(projectId, Array.from({ length: 30 }, (_, i) => tracePayload(`t${i}`, now - i * 1000, 'orchid', i % 3 === 0)));
      for (let i = 0; i < 10; i++) await services.detectionEvaluation.runOnce('test-worker');
      const fixes = await knex()('fixes').where({ project_id: projectId });
      expect(fixes.length).to.be.greaterThan(0);
      await services.fixes.addComment(projectId, fixes[0].id, 'looked at it', 'user:test');
      await services.fixes.recordStep(projectId, fixes[0].id, { agent: 'a', action: 'read', finding: 'f' });
      await services.savedFilters.create(projectId, { name: 'errors', filters: [{ id: 'r1', field: 'status', operator: 'is', value: 'error' }] });
      const webhookId = randomUUID();
      await knex()('webhooks').insert({ id: webhookId, project_id: projectId, name: 'hook', destination_url: 'https://example.com/h', secret_ciphertext: null, enabled: true, event_types: '[]', created_at: now, updated_at: now });
      const deliveryId = randomUUID();
      await knex()('webhook_deliveries').insert({ id: deliveryId, webhook_id: webhookId, project_id: projectId, event_id: randomUUID(), event_type: 'fix.created', body: '{}', status: 'succeeded', attempts: 1, created_at: now, updated_at: now });
      await knex()('webhook_delivery_attempts').insert({ delivery_id: deliveryId, attempt: 1, started_at: now, duration_ms: 5, status_code: 200 });
      await knex()('idempotency_keys').insert({ credential_id: 'cred', project_id: projectId, idempotency_key: randomUUID(), fingerprint: 'f', response_status: 201, response_body: '{}', created_at: now, expires_at: now + DAY });
      await knex()('guest_tokens').insert({ id: randomUUID(), token_hash: hashToken(issueToken('guestReview')), organization_id: server.tenant.organization.id, project_id: projectId, resource_type: 'trace', resource_id: 't1', created_by_credential_id: 'x', expires_at: now + DAY, created_at: now });
      await server.runtime.store.projectMembers.setRole({ projectId, userId: memberId, role: 'editor', now: server.clock.now() });
      await server.runtime.store.serviceAccounts.upsertBinding({ serviceAccountId, projectId, role: 'viewer', now: server.clock.now() });
      await server.runtime.services.provisioning.issueApiKey({ organizationId: server.tenant.organization.id, projectId, name: 'doomed' });
      // A dataset with an item version, a run, a result and its score (docs/experiments.md).
      const dataset = (await services.datasets.create(projectId, { name: 'golden' })).dataset;
      const item = await services.datasets.createItem(projectId, dataset.id, { input: 'q', expectedOutput: 'a' });
      const { run } = await services.experimentRuns.create(projectId, dataset.id, { name: 'r' });
      await services.experimentRuns.recordResults(projectId, dataset.id, run.id, 'user:test', [{ itemId: item.id, output: 'a', scores: [{ name: 'ok', value: true }] }]);
      for (const table of ['traces', 'spans', 'detection_jobs', 'detection_events', 'fixes', 'fix_traces', 'fix_transitions', 'fix_comments', 'fix_investigation_steps', 'saved_filters', 'detections', 'detection_groups']) {
        expect(Number((await knex()(table).where(table.startsWith('fix_') ? {} : { project_id: projectId }).count<{ n: number }[]>({ n: '*' }))[0].n), table).to.be.greaterThan(0);
      }
    }

    describe('DELETE /api/v1/public/project', () => {
      it('needs the project id as confirmation (400, nothing deleted)', async () => {
        const res = await server.request().delete('/api/v1/public/project').set('x-api-key', server.tenant.apiKey).send({ confirmation: server.other.project.id });
        const problem = expectProblem(res, 400, 'PUBLIC_API_CONFIRMATION_MISMATCH');
        expect(problem.errors).to.deep.equal([{ code: 'confirmation_mismatch', message: 'must equal the selected project id', path: '/body/confirmation' }]);
        expect((await server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.apiKey)).status).to.equal(200);
      });

      it('hides the project at once, and the purge leaves every table of the database exactly as before the project existed', async () => {
        const { provisioning } = server.runtime.services;
        const member = await provisioning.createUser(`member-${randomUUID()}@example.com`, 'M', [{ organizationId: server.tenant.organization.id, role: 'member' }]);
        const account = await server.runtime.store.serviceAccounts.create({
          id: randomUUID(), organizationId: server.tenant.organization.id, name: 'sa', description: null, createdByUserId: null, createdAt: server.clock.now(), updatedAt: server.clock.now(),
        });
        // A neighbour with the same kind of data must keep all of it.
        const neighbour = expectEnvelope<{ id: string }>(await server.request().post('/api/v1/public/projects').set('x-api-key', server.tenant.orgApiKey).send({ name: 'Neighbour' }), 201);
        await fillProject(neighbour.id, account.id, member.id);
        await settleRollups();
        const before = await countEveryTable(knex(), adapter);

        const created = expectEnvelope<{ id: string; name: string }>(await server.request().post('/api/v1/public/projects').set('x-api-key', server.tenant.orgApiKey).send({ name: 'Doomed' }), 201);
        await fillProject(created.id, account.id, member.id);
        const auditBefore = (await knex()('audit_events').count<{ n: number }[]>({ n: '*' }))[0].n;

        const deleted = await server.request().delete('/api/v1/public/project').set(orgHeaders(created.id)).send({ confirmation: created.id });
        expect(expectEnvelope(deleted)).to.deep.equal({ id: created.id, organizationId: server.tenant.organization.id, deleted: true });
        server.clock.advance(server.config.credentialCacheMs + 1); // the project cache of this process
        expectProblem(await server.request().get('/api/v1/public/traces').set(orgHeaders(created.id)), 403, 'PUBLIC_API_PROJECT_FORBIDDEN');
        const listed = expectEnvelope<{ projects: { id: string }[] }>(await server.request().get('/api/v1/public/projects').set('x-api-key', server.tenant.orgApiKey));
        expect(listed.projects.map((p) => p.id)).to.not.include(created.id);

        await runLifecycleToCompletion();
        const after = await countEveryTable(knex(), adapter);
        const { audit_events: auditAfter, worker_leases: _leases, ...rest } = after;
        const { audit_events: _a, worker_leases: _l, ...restBefore } = before;
        expect(rest).to.deep.equal(restBefore);
        if (adapter === 'sqlite') expect(after.trace_search_content).to.equal(before.trace_search_content);
        // project.deleted (by the request) and project.purged (by the worker) are recorded and kept.
        expect(auditAfter - Number(auditBefore)).to.equal(2);
        const actions = (await knex()('audit_events').where({ target_id: created.id }).orderBy('created_at').select('action', 'actor_kind')).map((r: { action: string; actor_kind: string }) => `${r.action}:${r.actor_kind}`);
        expect(actions).to.have.members(['project.created:api_key', 'project.deleted:api_key', 'project.purged:system']);
      });

      it('purges in bounded batches: each run deletes at most its budget and says whether more is left', async () => {
        const project = await server.runtime.services.provisioning.createProject(server.tenant.organization.id, 'Big');
        const now = server.clock.now().getTime();
        for (let b = 0; b < 3; b++) {
          await server.runtime.services.traceIngestion.ingestBatch(project.id, Array.from({ length: 400 }, (_, i) => tracePayload(`b${b}-${i}`, now - i, 'fern')));
        }
        await server.runtime.store.projects.markDeleted(project.id, server.clock.now());
        const lifecycle = new (server.runtime.services.dataLifecycle.constructor as typeof import('../../src/domain/lifecycle/data-lifecycle.js').DataLifecycle)(
          server.runtime.store, server.clock, server.runtime.services.audit, { batchSize: 100, releaseBatchSize: 100, batchesPerRun: 3, leaseMs: 60_000 },
        );
        const first = await lifecycle.runOnce('bounded');
        expect(first).to.deep.equal({ ran: true, deletedTraces: 300, purgedProjects: 0, more: true });
        let runs = 1;
        while ((await lifecycle.runOnce('bounded')).more) runs++;
        expect(runs).to.be.greaterThan(3);
        expect(Number((await knex()('traces').where({ project_id: project.id }).count<{ n: number }[]>({ n: '*' }))[0].n)).to.equal(0);
        expect(await knex()('projects').where({ id: project.id }).first()).to.equal(undefined);
      });

      it('a second replica does not run while another holds the lease', async () => {
        const { store, clock } = server.runtime;
        expect(await store.workerLeases.acquire('data-lifecycle', 'replica-a', clock.now(), new Date(clock.now().getTime() + 60_000))).to.equal(true);
        expect(await server.runtime.services.dataLifecycle.runOnce('replica-b')).to.deep.equal({ ran: false, deletedTraces: 0, purgedProjects: 0, more: false });
        await store.workerLeases.release('data-lifecycle', 'replica-a');
        expect((await server.runtime.services.dataLifecycle.runOnce('replica-b')).ran).to.equal(true);
      });
    });

    describe('retention (PATCH /api/v1/public/project retentionDays)', () => {
      it('hides expired traces from list, search, context and export at once; the worker deletes them with every derived row and nothing else', async () => {
        const project = expectEnvelope<{ id: string }>(await server.request().post('/api/v1/public/projects').set('x-api-key', server.tenant.orgApiKey).send({ name: 'Retained' }), 201);
        const { services, store } = server.runtime;
        const now = server.clock.now().getTime();
        await services.detections.create(project.id, { slug: 'pii', displayName: 'PII', type: 'pii', threshold: 0.5, severity: 'high', config: {} });
        await services.traceIngestion.ingestBatch(project.id, Array.from({ length: 5 }, (_, i) => tracePayload(`new${i}`, now - i * 1000, 'tulip', true)));
        for (let i = 0; i < 5; i++) await services.detectionEvaluation.runOnce('w');
        await settleRollups();
        const before = await countEveryTable(knex(), adapter);

        await services.traceIngestion.ingestBatch(project.id, Array.from({ length: 7 }, (_, i) => tracePayload(`old${i}`, now - 3 * DAY - i * 1000, 'tulip', true)));
        for (let i = 0; i < 5; i++) await services.detectionEvaluation.runOnce('w');
        expect(Number((await knex()('detection_events').where({ project_id: project.id }).whereIn('trace_id', ['old0', 'old1']).count<{ n: number }[]>({ n: '*' }))[0].n)).to.be.greaterThan(0);
        const auditBefore = Number((await knex()('audit_events').count<{ n: number }[]>({ n: '*' }))[0].n);

        // Listed, searched and read before the change too: the process keeps each project's retention for
        // CREDENTIAL_CACHE_MS, and a change made through it must still apply at once.
        expect(expectEnvelope<{ traces: unknown[] }>(await server.request().get('/api/v1/public/traces').query({ limit: 50 }).set(orgHeaders(project.id))).traces).to.have.length(12);
        expect((await services.traceSearch.search(project.id, { query: 'tulip' })).traces).to.have.length(12);
        await server.request().get('/api/v1/public/traces/old1').set(orgHeaders(project.id)).expect(200);

        const patched = await server.request().patch('/api/v1/public/project').set(orgHeaders(project.id)).send({ retentionDays: 2 });
        expect(expectEnvelope<{ retentionDays: number }>(patched).retentionDays).to.equal(2);
        const event = await knex()('audit_events').where({ action: 'project.updated', target_id: project.id }).first();
        expect(JSON.parse(event.details)).to.deep.equal({ retentionDays: 2 });

        const list = expectEnvelope<{ traces: { id: string }[] }>(await server.request().get('/api/v1/public/traces').query({ limit: 50 }).set(orgHeaders(project.id)));
        expect(list.traces.map((t) => t.id).sort()).to.deep.equal(['new0', 'new1', 'new2', 'new3', 'new4']);
        const found = await services.traceSearch.search(project.id, { query: 'tulip' });
        expect(found.traces.map((t) => t.id).sort()).to.deep.equal(['new0', 'new1', 'new2', 'new3', 'new4']);
        expectProblem(await server.request().get('/api/v1/public/traces/old1').set(orgHeaders(project.id)), 404, 'PUBLIC_API_NOT_FOUND');
        const exported = await server.request().get('/api/v1/public/traces/export').set(orgHeaders(project.id)).buffer(true).parse((res, done) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => done(null, text));
        });
        expect((exported.body as string).trim().split('\n').map((line) => JSON.parse(line).trace_id).sort()).to.deep.equal(['new0', 'new1', 'new2', 'new3', 'new4']);

        await runLifecycleToCompletion();
        const after = await countEveryTable(knex(), adapter);
        // Fixes keep their own trail (transitions, investigation steps); only their links to the deleted traces go.
        const { audit_events: auditAfter, worker_leases: _l, fixes: _f, fix_transitions: _t, fix_investigation_steps: _s, ...rest } = after;
        const { audit_events: _a, worker_leases: _l2, fixes: _f2, fix_transitions: _t2, fix_investigation_steps: _s2, ...restBefore } = before;
        expect(rest).to.deep.equal(restBefore);
        expect(auditAfter).to.equal(auditBefore + 1);
        expect((await store.traces.findById(project.id, 'new0'))?.id).to.equal('new0');
        expect(await store.traces.findById(project.id, 'old0')).to.equal(null);
      });

      it('rejects a retention outside 1 to 36500 days with a field path, and null returns to unlimited', async () => {
        const res = await server.request().patch('/api/v1/public/project').set('x-api-key', server.tenant.apiKey).send({ retentionDays: 0 });
        const problem = expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((problem.errors as { path: string }[]).some((e) => e.path.startsWith('/body/retentionDays'))).to.equal(true);
        const cleared = await server.request().patch('/api/v1/public/project').set('x-api-key', server.tenant.apiKey).send({ retentionDays: null, name: ' Renamed ' });
        expect(expectEnvelope(cleared)).to.include({ retentionDays: null, name: 'Renamed' });
      });

      it('answers GET /project with the change at once, though the credential and its project are cached', async () => {
        await server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.apiKey).expect(200); // caches the project
        await server.request().patch('/api/v1/public/project').set('x-api-key', server.tenant.apiKey).send({ retentionDays: 7, name: 'Fresh name' }).expect(200);
        const read = await server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.apiKey);
        expect(expectEnvelope(read)).to.include({ retentionDays: 7, name: 'Fresh name' });
      });
    });

    describe('DELETE /api/v1/public/traces/{traceId}', () => {
      it('deletes the trace with its spans, search row, detection events and jobs; again is 404', async () => {
        const project = await server.runtime.services.provisioning.createProject(server.tenant.organization.id, 'One trace');
        const headers = orgHeaders(project.id);
        const { services } = server.runtime;
        await services.detections.create(project.id, { slug: 'pii', displayName: 'PII', type: 'pii', threshold: 0.5, severity: 'high', config: {} });
        const before = await countEveryTable(knex(), adapter);
        await services.traceIngestion.ingestBatch(project.id, [tracePayload('gone', server.clock.now().getTime(), 'lilac', true)]);
        for (let i = 0; i < 3; i++) await services.detectionEvaluation.runOnce('w');
        const res = await server.request().delete('/api/v1/public/traces/gone').set(headers);
        expect(expectEnvelope(res)).to.deep.equal({ id: 'gone', deleted: true });
        expectProblem(await server.request().get('/api/v1/public/traces/gone').set(headers), 404, 'PUBLIC_API_NOT_FOUND');
        expect((await services.traceSearch.search(project.id, { query: 'lilac' })).traces).to.deep.equal([]);
        const after = await countEveryTable(knex(), adapter);
        for (const table of ['traces', 'spans', 'trace_search', 'detection_events', 'detection_jobs', 'fix_traces']) {
          if (table in before) expect(after[table], table).to.equal(before[table]);
        }
        expectProblem(await server.request().delete('/api/v1/public/traces/gone').set(headers), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });
  });
});
