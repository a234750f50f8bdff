import { expect } from 'chai';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { isProblemError } from '../../src/errors.js';
import { alertToolMappings } from '../../src/tools/alert-tools.js';
import type { ToolContext, ToolDefinition } from '../../src/tools/tool-definition.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { tool, toolContext, toolsOver } from '../support/tool-context.js';
import { createMonitor, MINUTE, seedTraces, SERVER_ENV, spread, T0, tickAt } from './support.js';

forEachAdapter((adapter) => {
  describe('alert tools', () => {
    let server: TestServer;
    let tools: ToolDefinition[];
    let ctx: ToolContext;
    let monitorId: string;
    // Each result also matches the tool's published outputSchema (derived from the contract; its structuredContent over MCP).
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    const call = async (name: string, input: Record<string, unknown>) => {
      const found = tool(tools, name);
      const answer = (await found.handler(input, ctx)) as Record<string, unknown>;
      const validate = ajv.compile(found.outputSchema!);
      expect(validate(answer), `${name}: ${ajv.errorsText(validate.errors)}`).to.equal(true);
      return answer;
    };

    before(async () => {
      server = await startTestServer(adapter, { env: SERVER_ENV });
      tools = toolsOver(server, alertToolMappings());
      ctx = toolContext(server, server.tenant);
      monitorId = (await createMonitor(server, { name: 'volume', kind: 'threshold', metric: 'trace_count', windowSeconds: 300, condition: { operator: 'gt', threshold: 2 } })).id;
      await seedTraces(server.runtime.database.knex, server.tenant.project.id, spread('t', 4, T0, 5 * MINUTE));
      await tickAt(server, T0 + 5 * MINUTE);
    });
    after(async () => server.close());

    describe('list_monitors', () => {
      it('lists the monitors with their state', async () => {
        const result = await call('list_monitors', {});
        expect(result.has_more).to.equal(false);
        expect(result.monitors).to.have.length(1);
        expect((result.monitors as Record<string, unknown>[])[0]).to.deep.include({ monitor_id: monitorId, kind: 'threshold', metric: 'trace_count', event_type: 'alert.metric_threshold_breach', state: 'alerting', enabled: true, muted_until: null });
      });
    });

    describe('list_incidents', () => {
      it('lists incidents with their metric values, filtered like the REST operation', async () => {
        const result = await call('list_incidents', { monitor_id: monitorId, status: 'alerting' });
        expect(result.has_more).to.equal(false);
        const [incident] = result.incidents as Record<string, unknown>[];
        expect(incident).to.deep.include({ monitor_id: monitorId, status: 'alerting', event_type: 'alert.metric_threshold_breach', open_value: 4, peak_value: 4, last_value: 4, windows: 1, started_window_end: '2026-11-01T12:05:00.000Z', resolved_window_end: null, fix_id: null });
        expect((await call('list_incidents', { status: 'resolved' })).incidents).to.deep.equal([]);
      });

      it('refuses a monitor_id that is not a uuid with 400 naming the field', async () => {
        const error = await call('list_incidents', { monitor_id: 'not-a-uuid' }).catch((e: unknown) => e);
        expect(isProblemError(error) && [error.status, error.errors?.[0].path]).to.deep.equal([400, '/query/monitorId']);
      });
    });
  });
});
