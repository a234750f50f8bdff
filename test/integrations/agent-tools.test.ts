import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { hashToken, issueToken } from '../../src/auth/tokens.js';
import { Ajv } from 'ajv';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { forEachAdapter } from '../support/adapters.js';
import { resultJson } from '../tools/tool-server.js';
import { startListeningServer, type ListeningServer } from '../integration/support.js';

type Json = Record<string, unknown>;

/** A second coding agent: a service account of the organization bound to the project as editor (its own actor). */
async function serviceAccountToken(fixture: ListeningServer): Promise<string> {
  const { store } = fixture.server.runtime;
  const now = fixture.server.clock.now();
  const account = await store.serviceAccounts.create({ id: randomUUID(), organizationId: fixture.server.tenant.organization.id, name: 'second agent', description: null, createdByUserId: null, createdAt: now, updatedAt: now });
  await store.serviceAccounts.upsertBinding({ serviceAccountId: account.id, projectId: fixture.server.tenant.project.id, role: 'editor', now });
  const token = issueToken('serviceAccount');
  await store.serviceAccounts.createToken({
    id: randomUUID(), serviceAccountId: account.id, tokenHash: hashToken(token), displayPrefix: token.slice(0, 10), scopes: ['observability:read', 'observability:write'],
    rotatedFromId: null, expiresAt: new Date(now.getTime() + 86_400_000), revokedAt: null, createdAt: now,
  });
  return token;
}
const AGENT_TOOLS = ['agent_list_fixes', 'agent_claim_fix', 'agent_report_progress', 'agent_complete_fix'];

forEachAdapter((adapter) => {
  describe('coding agents over MCP (agent_* tools, official MCP SDK client)', () => {
    let fixture: ListeningServer;
    let agent: Client;
    let otherAgent: Client;
    const ajv = new Ajv({ strict: false, allErrors: true });
    const schemas = new Map<string, Json>();
    const projectId = () => fixture.server.tenant.project.id;

    const call = async (name: string, args: Json, as: Client = agent): Promise<Json> => {
      const result = await as.callTool({ name, arguments: args });
      expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).to.equal(undefined);
      const json = resultJson(result);
      expect(result.structuredContent).to.deep.equal(json);
      const validate = ajv.compile(schemas.get(name)!);
      expect(validate(json), `${name}: ${ajv.errorsText(validate.errors)}`).to.equal(true);
      return json;
    };
    const refusal = async (name: string, args: Json, as: Client = agent): Promise<Json> => {
      const result = await as.callTool({ name, arguments: args });
      expect(result.isError, name).to.equal(true);
      return resultJson(result);
    };
    /** An open fix dispatched to the agents' queue over REST, as a person in the console would. */
    const queued = async (title: string): Promise<string> => {
      const { services } = fixture.server.runtime;
      const fix = await services.fixes.create(projectId(), { title, severity: 'high', recommendedAction: 'Cap the retries at 3.' }, 'user:seed');
      await services.fixes.accept(projectId(), fix.id, 'user:seed');
      const key = { 'x-api-key': fixture.server.tenant.apiKey };
      expect((await fixture.server.request().post(`/api/v1/public/fixes/${fix.id}/dispatch`).set(key).send({ action: 'request', target: 'agent' })).body.data.status).to.equal('approved');
      expect((await fixture.server.request().post(`/api/v1/public/fixes/${fix.id}/dispatch`).set(key).send({ action: 'dispatch' })).body.data.status).to.equal('dispatched');
      return fix.id;
    };

    before(async function () {
      this.timeout(60_000);
      fixture = await startListeningServer(adapter, { env: { TOOL_RATE_LIMIT_PER_MINUTE: '1000' } });
      await fixture.server.runtime.services.notifications.updateSettings(fixture.server.tenant.project.id, { dispatchApprovalRequired: false });
      agent = await fixture.connect({ 'x-api-key': fixture.server.tenant.apiKey });
      otherAgent = await fixture.connect({ authorization: `Bearer ${await serviceAccountToken(fixture)}`, 'x-project-id': fixture.server.tenant.project.id });
      const { tools } = await agent.listTools();
      for (const tool of tools) schemas.set(tool.name, tool.outputSchema as Json);
    });
    after(async () => fixture.close());

    describe('tools/list', () => {
      it('lists the four agent tools with output schemas; only agent_list_fixes is read-only', async () => {
        const { tools } = await agent.listTools();
        for (const name of AGENT_TOOLS) {
          const tool = tools.find((t) => t.name === name);
          expect(tool, name).to.not.equal(undefined);
          expect(tool!.outputSchema?.type).to.equal('object');
          expect(tool!.annotations?.readOnlyHint, name).to.equal(name === 'agent_list_fixes');
        }
      });
    });

    describe('agent_list_fixes (listFixes, dispatchTarget=agent)', () => {
      it('lists the fixes waiting in the agents’ queue and not those sent elsewhere or claimed', async () => {
        const waiting = await queued('Waiting in the queue');
        const never = await fixture.server.runtime.services.fixes.create(projectId(), { title: 'Not dispatched', severity: 'low' }, 'user:seed');
        const listed = await call('agent_list_fixes', {});
        const ids = (listed.fixes as Json[]).map((f) => f.fix_id);
        expect(ids).to.include(waiting);
        expect(ids).not.to.include(never.id);
        expect((listed.fixes as Json[]).find((f) => f.fix_id === waiting)).to.include({ title: 'Waiting in the queue', status: 'open', dispatch_status: 'dispatched' });
        await call('agent_claim_fix', { fix_id: waiting });
        expect(((await call('agent_list_fixes', {})).fixes as Json[]).map((f) => f.fix_id)).not.to.include(waiting);
        expect(((await call('agent_list_fixes', { dispatch_status: 'acknowledged' })).fixes as Json[]).map((f) => f.fix_id)).to.include(waiting);
      });
    });

    describe('agent_claim_fix → agent_report_progress → agent_complete_fix', () => {
      it('works one fix through the queue: claimed and in progress, steps recorded, completed and resolved', async () => {
        const fixId = await queued('Retry storm');
        const claimed = await call('agent_claim_fix', { fix_id: fixId, note: 'on it' });
        expect(claimed).to.include({ fix_id: fixId, dispatch_status: 'acknowledged', target: 'agent' });
        // An API key acts as the user who made it.
        expect(claimed.claimed_by).to.equal(`user:${fixture.server.tenant.user.id}`);
        expect((await fixture.server.runtime.store.fixes.findById(projectId(), fixId))!.status).to.equal('in_progress');
        const step = await call('agent_report_progress', { fix_id: fixId, action: 'reproduced', finding: 'Three retries per 429 reproduce the storm.' });
        expect(step).to.include({ agent: claimed.claimed_by, action: 'reproduced', finding: 'Three retries per 429 reproduce the storm.' });
        const steps = await fixture.server.runtime.store.fixes.steps(fixId);
        expect(steps.map((s) => [s.agent, s.action])).to.deep.equal([[claimed.claimed_by, 'reproduced']]);
        const done = await call('agent_complete_fix', { fix_id: fixId, note: 'Capped at 3 in PR #12.' });
        expect(done).to.include({ dispatch_status: 'completed' });
        expect((done.transitions as Json[]).map((t) => t.action)).to.deep.equal(['request', 'dispatch', 'acknowledge', 'complete']);
        expect((await fixture.server.runtime.store.fixes.findById(projectId(), fixId))!.status).to.equal('resolved');
      });

      it('answers a second claim with 409 PUBLIC_API_DISPATCH_ALREADY_CLAIMED, by the claimer or another agent', async () => {
        const fixId = await queued('Claimed twice');
        await call('agent_claim_fix', { fix_id: fixId });
        expect(await refusal('agent_claim_fix', { fix_id: fixId })).to.include({ status: 409, code: 'PUBLIC_API_DISPATCH_ALREADY_CLAIMED' });
        expect(await refusal('agent_claim_fix', { fix_id: fixId }, otherAgent)).to.include({ status: 409, code: 'PUBLIC_API_DISPATCH_ALREADY_CLAIMED' });
      });

      it('lets only the claimer report progress or complete: 409 for another agent', async () => {
        const fixId = await queued('Someone else’s');
        await call('agent_claim_fix', { fix_id: fixId });
        expect(await refusal('agent_report_progress', { fix_id: fixId, action: 'looked', finding: 'x' }, otherAgent)).to.include({ status: 409, code: 'PUBLIC_API_DISPATCH_ALREADY_CLAIMED' });
        expect(await refusal('agent_complete_fix', { fix_id: fixId }, otherAgent)).to.include({ status: 409, code: 'PUBLIC_API_DISPATCH_ALREADY_CLAIMED' });
      });

      it('refuses done and progress before a claim: 400 PUBLIC_API_INVALID_TRANSITION, nothing changed', async () => {
        const fixId = await queued('Not yet claimed');
        expect(await refusal('agent_complete_fix', { fix_id: fixId })).to.include({ status: 400, code: 'PUBLIC_API_INVALID_TRANSITION' });
        expect(await refusal('agent_report_progress', { fix_id: fixId, action: 'looked', finding: 'x' })).to.include({ status: 400, code: 'PUBLIC_API_INVALID_TRANSITION' });
        expect((await fixture.server.runtime.services.dispatch.get(projectId(), fixId)).dispatch.status).to.equal('dispatched');
        expect(await fixture.server.runtime.store.fixes.steps(fixId)).to.deep.equal([]);
      });

      it('refuses to claim a fix dispatched to a webhook, or not dispatched: 400 PUBLIC_API_INVALID_TRANSITION', async () => {
        const fix = await fixture.server.runtime.services.fixes.create(projectId(), { title: 'Never queued', severity: 'low' }, 'user:seed');
        expect(await refusal('agent_claim_fix', { fix_id: fix.id })).to.include({ status: 400, code: 'PUBLIC_API_INVALID_TRANSITION' });
      });

      it('answers an unknown fix with 404 and a missing finding with 400 naming it', async () => {
        expect(await refusal('agent_claim_fix', { fix_id: '00000000-0000-4000-8000-000000000000' })).to.include({ status: 404 });
        const fixId = await queued('Bad input');
        await call('agent_claim_fix', { fix_id: fixId });
        const bad = await refusal('agent_report_progress', { fix_id: fixId, action: 'looked' });
        expect(JSON.stringify(bad)).to.contain('finding');
      });
    });
  });
});
