import { expect } from 'chai';
import { isProblemError, type ProblemError } from '../../src/errors.js';
import type { FixStatus } from '../../src/ports/fixes.js';
import { FIX_STATUSES, UPDATE_STATUS_TARGETS, canUpdateStatus } from '../../src/domain/fixes/fix-state-machine.js';
import { triageToolMappings } from '../../src/tools/triage-tools.js';
import type { ToolContext, ToolDefinition } from '../../src/tools/tool-definition.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { tool, toolContext, toolsOver } from '../support/tool-context.js';

type Result = Record<string, unknown>;

async function problemOf(call: Promise<unknown>): Promise<ProblemError> {
  try {
    await call;
  } catch (error) {
    if (isProblemError(error)) return error;
    throw error;
  }
  throw new Error('expected a ProblemError');
}

/** The one path from draft to each status, through the tools. */
const PATH_TO: Record<FixStatus, (string | [string, Result])[]> = {
  draft: [],
  open: ['triage_accept'],
  in_progress: ['triage_accept', ['triage_update_status', { status: 'in_progress' }]],
  resolved: ['triage_accept', ['triage_update_status', { status: 'in_progress' }], ['triage_update_status', { status: 'resolved' }]],
  archived: ['triage_dismiss'],
};

forEachAdapter((adapter) => {
  describe('triage tools', () => {
    let server: TestServer;
    let tools: ToolDefinition[];
    let ctx: ToolContext;
    let projectId: string;

    before(async () => {
      server = await startTestServer(adapter);
      tools = toolsOver(server, triageToolMappings(server.config));
      ctx = toolContext(server, server.tenant);
      projectId = server.tenant.project.id;
    });
    after(async () => server.close());

    const call = (name: string, input: Result, context = ctx) => tool(tools, name).handler(input, context) as Promise<Result>;

    async function fixIn(status: FixStatus): Promise<string> {
      const fix = await server.runtime.services.fixes.create(projectId, { title: `A ${status} fix`, severity: 'high', label: 'latency' }, 'user:seed');
      for (const step of PATH_TO[status]) {
        const [name, extra] = typeof step === 'string' ? [step, {}] : step;
        await call(name, { fix_id: fix.id, ...extra });
      }
      return fix.id;
    }

    describe('triage_accept', () => {
      for (const from of FIX_STATUSES) {
        it(from === 'draft' ? 'opens a draft fix and answers id, status, updated_at' : `answers 400 for a ${from} fix`, async () => {
          const id = await fixIn(from);
          if (from === 'draft') {
            server.clock.advance(1000);
            expect(await call('triage_accept', { fix_id: id })).to.deep.equal({ id, status: 'open', updated_at: server.clock.now().toISOString() });
          } else {
            const problem = await problemOf(call('triage_accept', { fix_id: id }));
            expect([problem.status, problem.code]).to.deep.equal([400, 'PUBLIC_API_INVALID_TRANSITION']);
          }
        });
      }

      it('answers 404 for an unknown fix, a malformed id, and another project’s fix', async () => {
        const foreign = await server.runtime.services.fixes.create(server.other.project.id, { title: 'theirs', severity: 'low' }, 'user:x');
        for (const fixId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', foreign.id]) {
          const problem = await problemOf(call('triage_accept', { fix_id: fixId }));
          expect([problem.status, problem.code]).to.deep.equal([404, 'PUBLIC_API_NOT_FOUND']);
        }
      });

      it('answers 400 when fix_id is missing', async () => {
        const problem = await problemOf(call('triage_accept', {}));
        expect([problem.status, problem.code]).to.deep.equal([400, 'PUBLIC_API_VALIDATION_FAILED']);
      });

      it('lets exactly one of two concurrent accepts win; the other gets 400', async () => {
        const id = await fixIn('draft');
        const outcomes = await Promise.allSettled([call('triage_accept', { fix_id: id }), call('triage_accept', { fix_id: id })]);
        const won = outcomes.filter((o) => o.status === 'fulfilled');
        const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(won).to.have.length(1);
        expect(lost).to.have.length(1);
        expect([(lost[0].reason as ProblemError).status, (lost[0].reason as ProblemError).code]).to.deep.equal([400, 'PUBLIC_API_INVALID_TRANSITION']);
        const trail = await server.runtime.services.fixes.transitions(projectId, id);
        expect(trail.map((t) => [t.fromStatus, t.toStatus])).to.deep.equal([[null, 'draft'], ['draft', 'open']]);
      });
    });

    describe('triage_dismiss', () => {
      for (const from of FIX_STATUSES) {
        const allowed = from !== 'resolved' && from !== 'archived';
        it(allowed ? `archives a ${from} fix and keeps the reason as feedback` : `answers 400 for a ${from} fix`, async () => {
          const id = await fixIn(from);
          if (allowed) {
            const result = await call('triage_dismiss', { fix_id: id, reason: 'duplicate of another fix' });
            expect(result).to.deep.equal({ id, status: 'archived', updated_at: server.clock.now().toISOString() });
            expect((await server.runtime.services.fixes.get(projectId, id)).fix.feedback).to.equal('duplicate of another fix');
            const last = (await server.runtime.services.fixes.transitions(projectId, id)).at(-1)!;
            expect(last).to.include({ fromStatus: from, toStatus: 'archived', actor: `user:${server.tenant.user.id}`, note: 'duplicate of another fix' });
          } else {
            const problem = await problemOf(call('triage_dismiss', { fix_id: id }));
            expect([problem.status, problem.code]).to.deep.equal([400, 'PUBLIC_API_INVALID_TRANSITION']);
          }
        });
      }
    });

    describe('triage_update_status', () => {
      for (const from of FIX_STATUSES) {
        for (const to of UPDATE_STATUS_TARGETS) {
          const valid = canUpdateStatus(from, to);
          it(`${valid ? 'moves' : 'refuses (400)'} ${from} → ${to}`, async () => {
            const id = await fixIn(from);
            if (valid) {
              const result = await call('triage_update_status', { fix_id: id, status: to, note: 'checked' });
              expect(result).to.deep.equal({ id, status: to, updated_at: server.clock.now().toISOString(), note: 'checked' });
              const last = (await server.runtime.services.fixes.transitions(projectId, id)).at(-1)!;
              expect(last).to.include({ fromStatus: from, toStatus: to, note: 'checked', actor: `user:${server.tenant.user.id}` });
            } else {
              const problem = await problemOf(call('triage_update_status', { fix_id: id, status: to }));
              expect([problem.status, problem.code]).to.deep.equal([400, 'PUBLIC_API_INVALID_TRANSITION']);
              expect((await server.runtime.services.fixes.get(projectId, id)).fix.status).to.equal(from);
            }
          });
        }
      }

      it('has exactly the three forward steps as valid pairs', () => {
        const valid = FIX_STATUSES.flatMap((from) => UPDATE_STATUS_TARGETS.filter((to) => canUpdateStatus(from, to)).map((to) => `${from}→${to}`));
        expect(valid).to.deep.equal(['open→in_progress', 'in_progress→resolved', 'resolved→archived']);
      });

      it('answers 400 for a status outside in_progress, resolved, archived', async () => {
        const id = await fixIn('open');
        for (const status of ['open', 'draft', 'done']) {
          const problem = await problemOf(call('triage_update_status', { fix_id: id, status }));
          expect([problem.status, problem.code]).to.deep.equal([400, 'PUBLIC_API_VALIDATION_FAILED']);
        }
      });
    });

    describe('triage_update', () => {
      it('changes title, severity, label and recommended action', async () => {
        const id = await fixIn('open');
        server.clock.advance(1000);
        const result = await call('triage_update', { fix_id: id, title: 'Cap retries', severity: 'critical', label: 'retries', recommended_action: 'Set max_retries=2' });
        expect(result).to.deep.equal({ id, title: 'Cap retries', severity: 'critical', updated_at: server.clock.now().toISOString() });
        const { fix } = await server.runtime.services.fixes.get(projectId, id);
        expect(fix).to.include({ label: 'retries', recommendedAction: 'Set max_retries=2' });
      });

      it('answers 400 for an unknown severity and 404 for an unknown fix', async () => {
        const id = await fixIn('draft');
        const invalid = await problemOf(call('triage_update', { fix_id: id, severity: 'urgent' }));
        expect([invalid.status, invalid.code]).to.deep.equal([400, 'PUBLIC_API_VALIDATION_FAILED']);
        const missing = await problemOf(call('triage_update', { fix_id: '00000000-0000-4000-8000-000000000000', title: 'x' }));
        expect(missing.status).to.equal(404);
      });
    });

    describe('triage_list', () => {
      it('filters by status, severity and label with offset paging and has_more', async () => {
        const project = await server.runtime.services.provisioning.createProject(server.tenant.organization.id, 'List project');
        const listCtx = { ...ctx, project };
        const ids: string[] = [];
        for (const severity of ['low', 'high', 'high'] as const) {
          server.clock.advance(1000);
          ids.push((await server.runtime.services.fixes.create(project.id, { title: `fix ${severity}`, severity, label: 'cost' }, 'user:a')).id);
        }
        const page = await call('triage_list', { severity: 'high', limit: 1 }, listCtx);
        expect(page.total_count).to.equal(2);
        expect(page.has_more).to.equal(true);
        expect(page.fixes).to.deep.equal([
          {
            id: ids[2],
            title: 'fix high',
            description: null,
            status: 'draft',
            severity: 'high',
            label: 'cost',
            confidence: 0,
            created_at: server.clock.now().toISOString(),
            updated_at: server.clock.now().toISOString(),
            creator: 'user:a',
            linked_traces: [],
            dispatch_status: null,
          },
        ]);
        const second = await call('triage_list', { severity: 'high', limit: 1, offset: 1 }, listCtx);
        expect((second.fixes as Result[]).map((f) => f.id)).to.deep.equal([ids[1]]);
        expect(second.has_more).to.equal(false);
        expect((await call('triage_list', { status: 'open' }, listCtx)).total_count).to.equal(0);
        const bad = await problemOf(call('triage_list', { status: 'closed' }, listCtx));
        expect(bad.status).to.equal(400);
      });
    });

    describe('triage_get, triage_get_investigation, triage_list_steps', () => {
      it('return the detail, and the same investigation steps from both step tools', async () => {
        const fixes = server.runtime.services.fixes;
        const id = await fixIn('draft');
        await fixes.recordStep(projectId, id, { agent: 'triage-bot', action: 'inspect', finding: 'Retries triple the cost.' });
        server.clock.advance(1000);
        await fixes.recordStep(projectId, id, { agent: 'triage-bot', action: 'compare', finding: 'Started after prompt v12.' });
        await fixes.addComment(projectId, id, 'Looks right.', 'user:reviewer');

        const detail = await call('triage_get', { fix_id: id });
        expect(detail).to.include({ id, status: 'draft', severity: 'high', root_cause: null, rollback_plan: null });
        expect(detail.comments).to.deep.equal([
          { id: (detail.comments as Result[])[0].id, author: 'user:reviewer', text: 'Looks right.', created_at: server.clock.now().toISOString() },
        ]);

        const investigation = await call('triage_get_investigation', { fix_id: id });
        const steps = await call('triage_list_steps', { fix_id: id });
        expect((investigation.investigation as Result).steps).to.deep.equal(steps.steps);
        expect(steps.total_count).to.equal(2);
        expect((steps.steps as Result[]).map((s) => [s.agent, s.action, s.finding])).to.deep.equal([
          ['triage-bot', 'inspect', 'Retries triple the cost.'],
          ['triage-bot', 'compare', 'Started after prompt v12.'],
        ]);
        expect(investigation.comments).to.deep.equal(detail.comments);
        expect((await call('triage_list_steps', { fix_id: id, limit: 1 })).steps).to.have.length(1);
      });

      it('answer 404 for an unknown fix', async () => {
        for (const name of ['triage_get', 'triage_get_investigation', 'triage_list_steps']) {
          expect((await problemOf(call(name, { fix_id: '00000000-0000-4000-8000-000000000000' }))).status).to.equal(404);
        }
      });
    });
  });
});
