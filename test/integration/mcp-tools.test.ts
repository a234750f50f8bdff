import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Ajv, type ValidateFunction } from 'ajv';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { slackProblems, StandIn } from '../channels/stand-ins.js';
import { forEachAdapter } from '../support/adapters.js';
import { resultJson, SERVED_TOOL_NAMES } from '../tools/tool-server.js';
import { createDetection, drainDetections, startListeningServer, type ListeningServer } from './support.js';

type Json = Record<string, unknown>;
const NOW = '2026-11-01T12:00:00.000Z';

/** The refund agent's run: an error in planning, an email in a tool's output (the email-leak detection fires). */
const REFUND_RUN = {
  trace_id: 'mcp-run-1',
  name: 'refund agent',
  metadata: { framework: 'langchain', agent_name: 'refund-bot' },
  spans: [
    { span_id: 'root', name: 'agent', span_type: 'AGENT', status: 'success', latency_ms: 1200 },
    { span_id: 'llm', parent_span_id: 'root', name: 'plan', span_type: 'LLM', status: 'error', error: 'rate limited', latency_ms: 800, metadata: { model: 'gpt-4o', vendor: 'quokkaloans' } },
    { span_id: 'tool', parent_span_id: 'root', name: 'lookup', span_type: 'TOOL', status: 'success', output: { reply: 'mail jane@example.com' } },
  ],
};

forEachAdapter((adapter) => {
  describe('the served tools through the official MCP SDK client', () => {
    let fixture: ListeningServer;
    let client: Client;
    let fixId: string;
    let slack: StandIn;
    const base = () => fixture.server.config.publicBaseUrl;

    // Every success is checked against the tool's published outputSchema, and its structuredContent
    // must be the text item's JSON (the text stays for clients older than structured output).
    const ajv = new Ajv({ strict: false, allErrors: true });
    const validators = new Map<string, ValidateFunction>();
    const validated = new Set<string>();
    const call = async (name: string, args: Json = {}, as = client): Promise<Json> => {
      const result = await as.callTool({ name, arguments: args });
      expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).to.equal(undefined);
      const json = resultJson(result);
      expect(result.structuredContent, name).to.deep.equal(json);
      const validate = validators.get(name)!;
      expect(validate(result.structuredContent), `${name}: ${ajv.errorsText(validate.errors)}`).to.equal(true);
      validated.add(name);
      return json;
    };
    const callError = async (name: string, args: Json, as = client): Promise<Json> => {
      const result = await as.callTool({ name, arguments: args });
      expect(result.isError, name).to.equal(true);
      return resultJson(result);
    };

    /** A fix of its own for a case that moves one through its states (the firing's fix stays a draft). */
    const newFix = async (title = 'Email leak') => (await fixture.server.runtime.services.fixes.create(fixture.server.tenant.project.id, { title, severity: 'high', label: 'email-leak' }, 'user:seed')).id;

    // What the reading cases look at, made here so each case runs alone and in any order: the
    // refund agent's trace (an email in a tool's output), its evaluation, and the fix its firing opened.
    before(async function () {
      this.timeout(60_000); // a server, a trace and its evaluation: slow on a loaded 2-core machine
      // Slack stands in for the channel tools (a paid service: requests checked against its published limits).
      slack = await new StandIn(slackProblems, 200).start();
      fixture = await startListeningServer(adapter, { env: { TOOL_RATE_LIMIT_PER_MINUTE: '1000', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      client = await fixture.connect({ 'x-api-key': fixture.server.tenant.apiKey });
      for (const tool of (await client.listTools()).tools) validators.set(tool.name, ajv.compile(tool.outputSchema!));
      await createDetection(fixture.server, { slug: 'email-leak', displayName: 'Email leak', type: 'pii', severity: 'high', config: { kinds: ['email'] } });
      expect(await call('log_trace', REFUND_RUN)).to.include({ trace_id: 'mcp-run-1', status: 'created' });
      expect(await drainDetections(fixture.server)).to.deep.equal(['done']);
      const [fix] = (await call('triage_list', { status: 'draft' })).fixes as Json[];
      fixId = fix.id as string;
    });
    after(async () => {
      await fixture.close();
      await slack.stop();
    });

    it('tools/list names exactly the fifteen spec tools, the alert tools and the dispatch tools, each with a description and an object inputSchema', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).to.have.members(SERVED_TOOL_NAMES);
      expect(tools).to.have.length(SERVED_TOOL_NAMES.length);
      for (const tool of tools) {
        expect(tool.description, tool.name).to.be.a('string').with.length.greaterThan(10);
        expect(tool.inputSchema.type, tool.name).to.equal('object');
      }
    });

    it('ping answers status and server_time; whoami the bound project', async () => {
      expect(await call('ping')).to.deep.equal({ status: 'ok', server_time: NOW });
      const { tenant } = fixture.server;
      expect(await call('whoami')).to.deep.equal({ project_id: tenant.project.id, org_id: tenant.organization.id, project_name: 'Alpha Project' });
    });

    it('log_trace stores a trace; search_traces finds it, also by a term only in span metadata', async () => {
      const logged = await call('log_trace', {
        trace_id: 'mcp-log-1',
        name: 'billing agent',
        metadata: { framework: 'langchain', agent_name: 'billing-bot' },
        spans: [
          { span_id: 'root', name: 'agent', span_type: 'AGENT', status: 'success', latency_ms: 1200 },
          { span_id: 'llm', parent_span_id: 'root', name: 'plan', span_type: 'LLM', status: 'error', error: 'rate limited', latency_ms: 800, metadata: { model: 'gpt-4o', vendor: 'wombatbank' } },
          { span_id: 'tool', parent_span_id: 'root', name: 'lookup', span_type: 'TOOL', status: 'success', output: { reply: 'invoice sent' } },
        ],
      });
      expect(logged).to.deep.equal({ trace_id: 'mcp-log-1', span_count: 3, status: 'created', url: `${base()}/traces/mcp-log-1` });

      const byName = await call('search_traces', { query: 'billing' });
      expect(byName).to.have.all.keys('traces', 'total_count', 'total_count_exact', 'has_more');
      expect(byName).to.deep.include({ total_count: 1, total_count_exact: true, has_more: false });
      expect((byName.traces as Json[])[0]).to.deep.equal({
        trace_id: 'mcp-log-1',
        name: 'billing agent',
        status: 'error',
        created_at: NOW,
        latency_ms: 1200,
        error_message: 'rate limited',
        cost: 0,
        framework: 'langchain',
        agent_name: 'billing-bot',
        url: `${base()}/traces/mcp-log-1`,
      });
      const byMetadata = await call('search_traces', { query: 'wombatbank' });
      expect((byMetadata.traces as Json[]).map((t) => t.trace_id)).to.deep.equal(['mcp-log-1']);
      expect((await call('search_traces', { query: 'wombatbank', filters: { status: 'success' } })).total_count).to.equal(0);
    });

    it('get_trace_context returns the span tree; a bad id is a 400 and an unknown one a 404 tool error', async () => {
      const context = await call('get_trace_context', { trace_id: 'mcp-run-1' });
      expect(context).to.deep.include({
        trace_id: 'mcp-run-1',
        name: 'refund agent',
        status: 'error',
        span_count: 3,
        total_latency_ms: 1200,
        framework: 'langchain',
        agent_name: 'refund-bot',
        error_message: 'rate limited',
        truncated: false,
        other_root_spans: [],
      });
      const root = context.root_span as Json & { children: Json[] };
      expect(root).to.include({ span_id: 'root', span_type: 'AGENT' });
      expect(root.children.map((c) => [c.span_id, c.status, (c.children as unknown[]).length])).to.deep.equal([
        ['llm', 'error', 0],
        ['tool', 'success', 0],
      ]);
      expect(await callError('get_trace_context', { trace_id: 'nope' })).to.include({ status: 404, code: 'PUBLIC_API_NOT_FOUND' });
    });

    it('answers a trace id of a bad format with a 400 tool error naming the field', async () => {
      expect(await callError('get_trace_context', { trace_id: 'bad id!' })).to.deep.equal({
        status: 400,
        code: 'PUBLIC_API_VALIDATION_FAILED',
        message: 'The trace id format is invalid.',
        retryable: false,
        errors: [{ path: '/trace_id', code: 'invalid_id', message: 'must be 1 to 128 letters, digits or ._:- starting with a letter or digit' }],
      });
    });

    it('create_dashboard refuses a widget the metrics query would refuse, naming the field inside the widget, and saves nothing', async () => {
      const bad = { type: 'line', title: 'Bad', query: { measures: ['costSum'], time: { bucket: 'day' }, dimensions: [{ name: 'model', top: 5 }, { name: 'model', top: 3 }] }, layout: { x: 0, y: 0, w: 6, h: 4 } };
      const refusal = await callError('create_dashboard', { name: 'Refused', widgets: [bad] });
      expect(refusal).to.include({ status: 400, code: 'PUBLIC_API_VALIDATION_FAILED' });
      expect((refusal.errors as Json[]).map((e) => e.path)).to.deep.equal(['/body/widgets/0/query/dimensions/1/name']);
      expect(((await call('list_dashboards')).dashboards as Json[]).map((d) => d.name)).to.not.include('Refused');
    });

    /** A widget as get_dashboard spells it; `x` and `w` place it on the grid. */
    const widget = (title: string, x = 0, w = 6): Json => ({ type: 'bar', title, query: { measures: ['costSum'], dimensions: [{ name: 'agent', top: 5 }], rank_by: 'costSum' }, layout: { x, y: 0, w, h: 4 } });
    const newDashboard = async (name: string) => (await call('create_dashboard', { name, description: 'before', widgets: [widget('Spend')] })).dashboard_id as string;
    /** A read-only project API key (docs/identity.md), connected: what it may not call is refused as a tool error. */
    const readOnlyClient = async (): Promise<Client> => {
      const created = await fixture.server.request().post('/api/v1/public/api-keys').set({ 'x-api-key': fixture.server.tenant.orgApiKey, 'x-project-id': fixture.server.tenant.project.id }).send({ name: 'reader', readOnly: true });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      return fixture.connect({ 'x-api-key': (created.body as { data: { key: string } }).data.key });
    };
    const READ_ONLY_REFUSAL = { status: 403, code: 'PUBLIC_API_READ_ONLY_CREDENTIAL' };

    describe('update_dashboard', () => {
      it('renames a dashboard and replaces its widgets; get_dashboard then shows them', async () => {
        const id = await newDashboard('Draft');
        const widgets = [widget('Cost by agent', 0, 6), widget('Cost by agent again', 6, 6)];
        const updated = await call('update_dashboard', { dashboard_id: id, name: 'Spend by agent', widgets });
        expect(updated).to.deep.equal({ dashboard_id: id, name: 'Spend by agent', description: 'before', built_in: false, widget_count: 2, created_at: NOW, updated_at: NOW, widgets });
        expect(await call('get_dashboard', { dashboard_id: id })).to.deep.equal(updated);
      });

      it('refuses a widget off the grid with the path into it, and changes nothing', async () => {
        const id = await newDashboard('Kept');
        const before = await call('get_dashboard', { dashboard_id: id });
        expect(await callError('update_dashboard', { dashboard_id: id, name: 'Renamed', widgets: [widget('Too wide', 8, 6)] })).to.deep.equal({
          status: 400,
          code: 'PUBLIC_API_VALIDATION_FAILED',
          message: 'The dashboard is invalid; see errors.',
          retryable: false,
          errors: [{ path: '/body/widgets/0/layout/w', code: 'beyond_grid', message: 'x + w must be at most 12' }],
        });
        expect(await call('get_dashboard', { dashboard_id: id })).to.deep.equal(before);
      });

      it('is refused to a read-only key, and changes nothing', async () => {
        const id = await newDashboard('Read only');
        const reader = await readOnlyClient();
        expect(await callError('update_dashboard', { dashboard_id: id, name: 'Sneaky' }, reader)).to.include(READ_ONLY_REFUSAL);
        expect(await call('get_dashboard', { dashboard_id: id })).to.include({ name: 'Read only' });
      });
    });

    describe('delete_dashboard', () => {
      it('deletes a saved dashboard; get_dashboard then answers 404', async () => {
        const id = await newDashboard('Doomed');
        expect(await call('delete_dashboard', { dashboard_id: id })).to.deep.equal({ dashboard_id: id, deleted: true });
        expect(await callError('get_dashboard', { dashboard_id: id })).to.include({ status: 404, code: 'PUBLIC_API_NOT_FOUND' });
      });

      it('refuses the built-in default dashboard with the refusal REST gives', async () => {
        const rest = await fixture.server.request().delete('/api/v1/public/dashboards/default').set('x-api-key', fixture.server.tenant.apiKey);
        const problem = rest.body as { status: number; code: string; detail: string; retryable: boolean; errors?: unknown };
        expect([problem.status, problem.code, problem.errors]).to.deep.equal([409, 'PUBLIC_API_DASHBOARD_BUILT_IN', undefined]);
        expect(await callError('delete_dashboard', { dashboard_id: 'default' })).to.deep.equal({ status: problem.status, code: problem.code, message: problem.detail, retryable: problem.retryable });
        expect(await call('get_dashboard', { dashboard_id: 'default' })).to.include({ built_in: true, widget_count: 11 });
      });

      it('is refused to a read-only key, and deletes nothing', async () => {
        const id = await newDashboard('Survivor');
        const reader = await readOnlyClient();
        expect(await callError('delete_dashboard', { dashboard_id: id }, reader)).to.include(READ_ONLY_REFUSAL);
        expect(await call('get_dashboard', { dashboard_id: id })).to.include({ dashboard_id: id, name: 'Survivor' });
      });
    });

    it('list_detections and get_detection_trend count the firing of the logged trace', async () => {
      const listed = await call('list_detections');
      expect(listed).to.deep.equal({
        detections: [
          { name: 'email-leak', display_name: 'Email leak', description: null, severity: 'high', fire_count_24h: 1, fire_count_7d: 1, last_fired: NOW, enabled: true },
        ],
        total_count: 1,
        active_count: 1,
      });
      const trend = await call('get_detection_trend', { detection_name: 'email-leak', granularity: 'day', date_range: '2026-10-31T00:00:00Z/2026-11-02T00:00:00Z' });
      expect(trend).to.deep.include({ detection_name: 'email-leak', granularity: 'day', total_count: 1, avg_per_day: 0.5 });
      // One firing among the day's traces: other cases may have logged traces of their own that day.
      const tracesThatDay = Number(((await fixture.server.runtime.database.knex('traces').where({ project_id: fixture.server.tenant.project.id }).count('* as n')) as { n: string | number }[])[0].n);
      expect((trend.trend as Json[]).map((b) => [b.timestamp, b.count, b.percentage_of_all_traces])).to.deep.equal([
        ['2026-10-31T00:00:00.000Z', 0, 0],
        ['2026-11-01T00:00:00.000Z', 1, Math.round((100 / tracesThatDay) * 100) / 100],
      ]);
      expect(await callError('get_detection_trend', { detection_name: 'nope' })).to.include({ status: 404, code: 'PUBLIC_API_NOT_FOUND' });
    });

    it('triage_list and triage_get show the draft fix the firing opened, linked to the trace', async () => {
      const listed = await call('triage_list', { status: 'draft' });
      expect(listed).to.deep.include({ total_count: 1, has_more: false });
      const [fix] = listed.fixes as Json[];
      expect(fix).to.include({ title: 'Email leak', status: 'draft', severity: 'high', label: 'email-leak', creator: 'detector:email-leak', confidence: 1 });
      expect(fix.linked_traces).to.deep.equal(['mcp-run-1']);
      expect(fix.id).to.equal(fixId);
      const detail = await call('triage_get', { fix_id: fixId });
      expect(detail).to.deep.include({ id: fixId, status: 'draft', root_cause: null, comments: [] });
      expect(detail.linked_traces).to.deep.equal([{ trace_id: 'mcp-run-1', name: 'refund agent', accuracy: 1, url: `${base()}/traces/mcp-run-1` }]);
    });

    it('triage_accept, triage_update_status and triage_update move the fix and answer the spec shapes', async () => {
      const fixId = await newFix();
      expect(await call('triage_accept', { fix_id: fixId })).to.deep.equal({ id: fixId, status: 'open', updated_at: NOW });
      expect(await call('triage_update_status', { fix_id: fixId, status: 'in_progress', note: 'looking' })).to.deep.equal({
        id: fixId,
        status: 'in_progress',
        updated_at: NOW,
        note: 'looking',
      });
      expect(await call('triage_update', { fix_id: fixId, title: 'Mask emails', severity: 'critical', recommended_action: 'Redact tool output' })).to.deep.equal({
        id: fixId,
        title: 'Mask emails',
        severity: 'critical',
        updated_at: NOW,
      });
      expect(await call('triage_get', { fix_id: fixId })).to.deep.include({ status: 'in_progress', title: 'Mask emails', recommended_action: 'Redact tool output' });
    });

    it('triage_get_investigation and triage_list_steps read the same steps: the firing’s, then an agent’s', async () => {
      await fixture.server.runtime.services.fixes.recordStep(fixture.server.tenant.project.id, fixId, { agent: 'bot', action: 'inspect', finding: 'Tool output echoes emails.' });
      const investigation = await call('triage_get_investigation', { fix_id: fixId });
      const steps = await call('triage_list_steps', { fix_id: fixId });
      expect(investigation).to.have.all.keys('fix_id', 'investigation', 'comments');
      expect(steps).to.have.all.keys('fix_id', 'steps', 'total_count');
      expect(steps).to.deep.include({ fix_id: fixId, total_count: 2 });
      expect((investigation.investigation as Json).steps).to.deep.equal(steps.steps);
      expect((steps.steps as Json[]).map((s) => [s.agent, s.action, s.finding])).to.deep.equal([
        ['detector:email-leak', 'detected', 'Trace mcp-run-1 (span tool) fired email-leak with score 1.000.'],
        ['bot', 'inspect', 'Tool output echoes emails.'],
      ]);
      expect((await call('triage_list_steps', { fix_id: fixId, limit: 1 })).steps).to.have.length(1);
    });

    it('answers a refused transition with 400 PUBLIC_API_INVALID_TRANSITION and an unknown fix with 404, as tool errors', async () => {
      const fixId = await newFix();
      await call('triage_accept', { fix_id: fixId });
      await call('triage_update_status', { fix_id: fixId, status: 'in_progress' });
      expect(await callError('triage_update_status', { fix_id: fixId, status: 'archived' })).to.include({ status: 400, code: 'PUBLIC_API_INVALID_TRANSITION' });
      expect(await callError('triage_accept', { fix_id: fixId })).to.include({ status: 400, code: 'PUBLIC_API_INVALID_TRANSITION' });
      for (const name of ['triage_get', 'triage_accept', 'triage_get_investigation', 'triage_list_steps']) {
        expect(await callError(name, { fix_id: '00000000-0000-4000-8000-000000000000' }), name).to.include({ status: 404, code: 'PUBLIC_API_NOT_FOUND' });
      }
    });

    it('triage_dismiss archives the fix and keeps the reason', async () => {
      const fixId = await newFix();
      await call('triage_accept', { fix_id: fixId });
      expect(await call('triage_dismiss', { fix_id: fixId, reason: 'handled upstream' })).to.deep.equal({ id: fixId, status: 'archived', updated_at: NOW });
      expect(await callError('triage_dismiss', { fix_id: fixId })).to.include({ status: 400, code: 'PUBLIC_API_INVALID_TRANSITION' });
    });

    it('an OAuth token with only observability:read may search but not log_trace or triage_accept (HTTP 403 insufficient_scope: step-up)', async () => {
      const { server } = fixture;
      const token = await server.oauthToken(server.tenant.user.id, ['observability:read']);
      const reader = await fixture.connect({ authorization: `Bearer ${token}`, 'x-project-id': server.tenant.project.id });
      const found = resultJson(await reader.callTool({ name: 'search_traces', arguments: { query: 'refund' } }));
      expect(found.total_count).to.equal(1);
      for (const [name, args] of [['log_trace', { name: 'not allowed' }], ['triage_accept', { fix_id: fixId }]] as const) {
        const refusal = await reader.callTool({ name, arguments: args }).then(
          () => null,
          (error: Error) => error,
        );
        expect(refusal?.message, name).to.contain('Insufficient scope');
      }
      expect((await call('search_traces', { query: 'allowed' })).total_count).to.equal(0);
    });

    it('tools/list gives every tool an outputSchema and truthful annotations, and every tool but the dispatching two answers structuredContent valid against it', async () => {
      const { tools } = await client.listTools();
      for (const tool of tools) {
        expect(tool.outputSchema?.type, tool.name).to.equal('object');
        const writes = ['log_trace', 'score_trace', 'create_prompt_version', 'set_prompt_label', 'start_experiment_run', 'triage_accept', 'triage_dismiss', 'triage_update_status', 'triage_update', 'triage_dispatch', 'triage_decide_dispatch', 'train_detection', 'activate_detection_model', 'test_channel', 'agent_claim_fix', 'agent_report_progress', 'agent_complete_fix', 'create_dashboard', 'update_dashboard', 'delete_dashboard', 'merge_failure_clusters', 'split_failure_cluster'];
        expect(tool.annotations, tool.name).to.deep.equal(
          !writes.includes(tool.name)
            ? { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }
            : tool.name === 'log_trace' || tool.name === 'score_trace' || tool.name === 'create_prompt_version' || tool.name === 'train_detection' || tool.name === 'agent_claim_fix' || tool.name === 'agent_report_progress' || tool.name === 'create_dashboard'
              ? { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false }
              : tool.name === 'triage_dispatch'
                ? { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }
                : tool.name === 'start_experiment_run' || tool.name === 'test_channel'
                ? { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true }
                : { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
        );
      }
      // Every tool but the two that dispatch answers here, each validated against its outputSchema by `call`.
      validated.clear();
      await call('ping');
      await call('whoami');
      await call('log_trace', { trace_id: 'mcp-tour-1', name: 'tour', spans: [{ span_id: 'root', name: 'agent', span_type: 'AGENT', status: 'success' }] });
      await call('search_traces', { query: 'refund' });
      await call('get_trace_context', { trace_id: 'mcp-run-1' });
      await call('list_detections');
      await call('get_detection_trend', { detection_name: 'email-leak', granularity: 'day', date_range: '2026-10-31T00:00:00Z/2026-11-02T00:00:00Z' });
      await call('triage_list', { status: 'draft' });
      await call('triage_get', { fix_id: fixId });
      await call('triage_get_investigation', { fix_id: fixId });
      await call('triage_list_steps', { fix_id: fixId });
      const touring = await newFix('Tour');
      await call('triage_accept', { fix_id: touring });
      await call('triage_update_status', { fix_id: touring, status: 'in_progress' });
      await call('triage_update', { fix_id: touring, title: 'Toured' });
      await call('triage_dismiss', { fix_id: touring, reason: 'tour' });
      // The reading extension tools (empty lists, a fix never dispatched).
      await call('list_monitors');
      await call('list_incidents');
      await call('triage_get_dispatch', { fix_id: fixId });
      const score = await call('score_trace', { trace_id: 'mcp-run-1', name: 'helpfulness', value: 0.75 });
      expect(score).to.deep.include({ trace_id: 'mcp-run-1', span_id: null, name: 'helpfulness', data_type: 'numeric', value: 0.75, source: 'api' });
      // The prompt tools: save a version, promote it, read it back, list.
      expect(await call('create_prompt_version', { name: 'tour/greeting', type: 'text', template: 'Hi {{name}}' })).to.deep.include({ version: 1, labels: ['latest'] });
      expect((await call('set_prompt_label', { name: 'tour/greeting', version: 1, labels: ['production'] })).labels).to.deep.equal(['latest', 'production']);
      expect((await call('get_prompt', { name: 'tour/greeting' })).variables).to.deep.equal(['name']);
      await call('list_prompts', { name_prefix: 'tour/' });
      expect((await call('get_prompt_usage', { name: 'tour/greeting' })).versions).to.deep.equal([]);
      // The metrics query: the tour's one trace (mcp-run-1) counted in the day it was stored.
      expect((await call('query_metrics', { measures: ['traceCount'], from: '2026-10-31T12:00:00Z', to: '2026-11-01T12:00:01Z' })).rows).to.have.length(1);
      const dashboards = (await call('list_dashboards')).dashboards as Json[];
      // The built-in comes first; the dashboard cases may have saved others after it.
      expect(dashboards[0]).to.include({ dashboard_id: 'default', built_in: true });
      const overview = await call('get_dashboard', { dashboard_id: 'default' });
      expect((overview.widgets as Json[]).length).to.equal(11);
      expect((overview.widgets as Json[])[7]).to.deep.include({ type: 'line', title: 'Cost by model over time ($)', query: { measures: ['costSum'], time: { bucket: 'hour' }, dimensions: [{ name: 'model', top: 5 }], rank_by: 'costSum' } });
      // create_dashboard takes widgets as get_dashboard spells them: the default's cost line saved as a dashboard of its own.
      const spend = await call('create_dashboard', { name: 'Tour spend', widgets: [(overview.widgets as Json[])[7]] });
      expect(spend).to.deep.include({ name: 'Tour spend', description: '', built_in: false, widget_count: 1, widgets: [(overview.widgets as Json[])[7]] });
      expect(((await call('list_dashboards')).dashboards as Json[]).map((d) => d.name)).to.include.members(['Overview', 'Tour spend']);
      // update_dashboard and delete_dashboard fix and remove it, as an agent that built it would.
      expect(await call('update_dashboard', { dashboard_id: spend.dashboard_id, description: 'toured' })).to.deep.include({ name: 'Tour spend', description: 'toured', widget_count: 1 });
      expect(await call('delete_dashboard', { dashboard_id: spend.dashboard_id })).to.deep.equal({ dashboard_id: spend.dashboard_id, deleted: true });
      // The experiment tools, over a dataset of two items and two runs made through the services.
      const { datasets, experimentRuns } = fixture.server.runtime.services;
      const projectId = fixture.server.tenant.project.id;
      const datasetId = (await datasets.create(projectId, { name: 'tour' })).dataset.id;
      const items = [(await datasets.createItem(projectId, datasetId, { input: { n: 1 } })).id, (await datasets.createItem(projectId, datasetId, { input: { n: 2 } })).id];
      const runOf = async (values: number[]) => {
        const { run } = await experimentRuns.create(projectId, datasetId, { name: `tour-${values.join('-')}` });
        await experimentRuns.recordResults(projectId, datasetId, run.id, 'user:seed', items.map((itemId, i) => ({ itemId, scores: [{ name: 'quality', value: values[i]! }] })));
        return run.id;
      };
      const [baseline, candidate] = [await runOf([1, 2]), await runOf([2, 4])];
      expect(((await call('list_datasets')).datasets as Json[]).map((d) => d.name)).to.deep.equal(['tour']);
      expect((await call('get_dataset_items', { dataset_id: datasetId })).items).to.have.length(2);
      expect((await call('list_experiment_runs', { dataset_id: datasetId })).runs).to.have.length(2);
      expect(((await call('compare_experiment_runs', { dataset_id: datasetId, baseline, candidate: [candidate] })).comparisons as Json[])[0]).to.include({ score: 'quality', pairs: 2 });
      // A server-side run on a connection stored as is (the tour starts it; no model is called here).
      const modelConnectionId = randomUUID();
      await fixture.server.runtime.store.modelConnections.insert({ id: modelConnectionId, projectId, name: 'tour', baseUrl: 'https://models.example/v1', model: 'gpt-4o-mini', apiKeyCiphertext: 'sealed', createdAt: fixture.server.clock.now() });
      expect(await call('start_experiment_run', { dataset_id: datasetId, name: 'tour-server', task: { messages: [{ role: 'user', content: 'n is {{n}}' }], modelConnectionId } })).to.deep.include({ status: 'running', item_count: 2 });
      // The learned-detection tools: queue a training from uploaded examples, run it, read and activate the version.
      const learned = await fixture.server.runtime.services.detections.create(projectId, { slug: 'tour-learned', displayName: 'Tour learned', type: 'custom_trained', config: { labelSource: { kind: 'upload' } } });
      const examples = Array.from({ length: 60 }, (_, i) => ({ fields: { output: i % 2 ? `i cannot help with that ${i}` : `here is the answer ${i}` }, label: i % 2 === 1 }));
      expect(await call('train_detection', { detection_id: learned.id, examples })).to.deep.include({ version: 1, status: 'queued' });
      await fixture.server.runtime.services.trainings.runOnce('tour');
      expect(((await call('list_detection_models', { detection_id: learned.id })).models as Json[])[0]).to.deep.include({ version: 1, status: 'trained' });
      expect(await call('activate_detection_model', { detection_id: learned.id, version: 1 })).to.deep.include({ version: 1, active: true });
      // The failure-cluster tools, over one failing trace assigned as the detection worker would.
      const failedAt = fixture.server.clock.now();
      await fixture.server.runtime.store.transaction((tx) => fixture.server.runtime.services.clusters.assignment.assign(tx, { projectId, traceId: 'tour-failed', tokens: ['tool', 'http_get', 'timeout'], detectionIds: [], seenAt: failedAt }, failedAt));
      const tourCluster = ((await call('list_failure_clusters')).clusters as Json[])[0]!;
      expect(tourCluster).to.include({ template: 'tool http_get: timeout', count: 1 });
      expect(((await call('list_failure_cluster_traces', { cluster_id: tourCluster.cluster_id })).traces as Json[]).map((t) => t.trace_id)).to.deep.equal(['tour-failed']);
      await fixture.server.runtime.store.transaction((tx) => fixture.server.runtime.services.clusters.assignment.assign(tx, { projectId, traceId: 'tour-failed-2', tokens: ['tool', 'http_get', 'timeout'], detectionIds: [], seenAt: failedAt }, failedAt));
      const splitOff = await call('split_failure_cluster', { cluster_id: tourCluster.cluster_id, trace_ids: ['tour-failed-2'] });
      expect(splitOff).to.include({ template: 'tool http_get: timeout', count: 1 });
      expect(await call('merge_failure_clusters', { cluster_id: splitOff.cluster_id, into_cluster_id: tourCluster.cluster_id })).to.include({ cluster_id: tourCluster.cluster_id, count: 2 });
      // The session tools, over one conversation of two turns logged through log_trace.
      for (const turn of [1, 2]) {
        const spans = [{ span_id: 'llm', name: 'answer', span_type: 'LLM', status: 'success', metadata: { input_tokens: 5 * turn, output_tokens: 2 * turn } }];
        await call('log_trace', { trace_id: `tour-turn-${turn}`, name: `turn ${turn}`, metadata: { session_id: 'tour-chat', user_id: 'tour-user' }, tags: ['tour', `turn-${turn}`], spans });
      }
      expect(((await call('list_sessions', { sort: 'traceCount:desc' })).sessions as Json[])[0]).to.include({ session_id: 'tour-chat', trace_count: 2, user_id: 'tour-user', input_tokens: 15, output_tokens: 6 });
      expect(((await call('get_session', { session_id: 'tour-chat' })).traces as Json[]).map((t) => t.trace_id)).to.have.members(['tour-turn-1', 'tour-turn-2']);
      expect(((await call('list_users')).users as Json[]).map((u) => u.user_id)).to.deep.equal(['tour-user']);
      expect((await call('get_user', { user_id: 'tour-user' })).user).to.include({ trace_count: 2, session_count: 1 });
      // The coding agents' queue: a fix dispatched to agents (no approval), claimed, worked and done.
      await fixture.server.runtime.services.notifications.updateSettings(projectId, { dispatchApprovalRequired: false });
      const queued = await newFix('Tour queue');
      await fixture.server.runtime.services.fixes.accept(projectId, queued, 'user:seed');
      await fixture.server.runtime.services.dispatch.act(projectId, queued, 'request', { target: 'agent' }, 'user:seed');
      await fixture.server.runtime.services.dispatch.act(projectId, queued, 'dispatch', {}, 'user:seed');
      expect(((await call('agent_list_fixes')).fixes as Json[]).map((f) => f.fix_id)).to.deep.equal([queued]);
      expect(await call('agent_claim_fix', { fix_id: queued })).to.include({ dispatch_status: 'acknowledged' });
      expect(await call('agent_report_progress', { fix_id: queued, action: 'patched', finding: 'tour' })).to.include({ action: 'patched' });
      expect(await call('agent_complete_fix', { fix_id: queued })).to.include({ dispatch_status: 'completed' });
      // Where alerts go: a Slack channel made by a person over REST; an agent signed in as a member (channels
      // are configuration, which project API keys do not reach) lists it, tests it and reads the log.
      const member = `Bearer ${await fixture.server.oauthToken(fixture.server.tenant.user.id, ['observability:read', 'configuration:read', 'configuration:write'])}`;
      const created = await fixture.server.request().post('/api/v1/public/channels').set({ authorization: member, 'x-project-id': projectId })
        .send({ name: 'Tour #alerts', kind: 'slack', eventTypes: ['*'], slackWebhookUrl: slack.url });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      const onCall = await fixture.connect({ authorization: member, 'x-project-id': projectId });
      const [listed] = (await call('list_channels', {}, onCall)).channels as Json[];
      expect(listed).to.include({ name: 'Tour #alerts', kind: 'slack', destination_configured: true });
      const channelId = listed.channel_id as string;
      expect(await call('test_channel', { channel_id: channelId }, onCall)).to.include({ status: 'succeeded', attempts: 1, response_code: 200 });
      expect(slack.received).to.have.length(1);
      expect(((await call('list_channel_deliveries', { channel_id: channelId }, onCall)).deliveries as Json[]).map((d) => d.status)).to.deep.equal(['succeeded']);
      expect([...validated]).to.include.members([...SERVED_TOOL_NAMES].filter((name) => !['triage_dispatch', 'triage_decide_dispatch'].includes(name)));
    });
  });
});
