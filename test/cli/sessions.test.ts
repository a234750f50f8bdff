import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startListeningServer, type ListeningServer } from './cli-harness.js';

/** Two turns of one conversation by one user (the second failed) and a lone trace of another session. */
const traces = [
  { id: 'turn-1', session: 'chat-7', user: 'ada', at: '2026-11-01T10:00:00.000Z', cost: 0.25, status: 'success', tokens: 100, input: 70, output: 30 },
  { id: 'turn-2', session: 'chat-7', user: 'ada', at: '2026-11-01T10:05:00.000Z', cost: 0.5, status: 'error', tokens: 300, input: 200, output: 100 },
  { id: 'lone-1', session: 'chat-8', user: 'bo', at: '2026-11-01T09:00:00.000Z', cost: 0.125, status: 'success', tokens: 10, input: 6, output: 4 },
].map((t) => ({
  trace_id: t.id,
  name: `answer ${t.id}`,
  metadata: { session_id: t.session, user_id: t.user },
  spans: [{ span_id: 'r', name: 'llm', span_type: 'LLM', status: t.status, ...(t.status === 'error' ? { error: 'refused' } : {}), latency_ms: 1000, start_time: t.at, metadata: { cost: t.cost, tokens_used: t.tokens, input_tokens: t.input, output_tokens: t.output } }],
}));

forEachAdapter((adapter) => {
  describe('tracewell sessions and tracewell users', function (this: Mocha.Suite) {
    this.timeout(60_000); // each case spawns CLI processes
    let listening: ListeningServer;
    let env: Record<string, string>;
    const apiGet = (p: string) => listening.server.request().get(p).set('x-api-key', listening.server.tenant.apiKey);

    before(async () => {
      listening = await startListeningServer(adapter);
      env = { TRACEWELL_API_KEY: listening.server.tenant.apiKey };
      await listening.server.runtime.services.traceIngestion.ingestBatch(listening.server.tenant.project.id, traces);
    });
    after(async () => listening.close());

    describe('sessions list (listSessions)', () => {
      it('prints one row per session in the chosen order', async () => {
        const printed = await listening.cli(['sessions', 'list', '--sort', 'cost:desc'], { env });
        expect(printed.code, printed.stderr).to.equal(0);
        expect(printed.stdout).to.equal(
          'SESSION  TRACES  LAST SEEN                 DURATION   COST     INPUT  OUTPUT  TOKENS  ERRORS  USER\n' +
            'chat-7   2       2026-11-01T10:05:00.000Z  301000 ms  $0.7500  270    130     400     1       ada\n' +
            'chat-8   1       2026-11-01T09:00:00.000Z  1000 ms    $0.1250  6      4       10      0       bo\n',
        );
      });

      it('filters by --has-errors and --user; a bad --sort exits 2', async () => {
        const failing = await listening.cli(['sessions', 'list', '--has-errors', 'true', '--json'], { env });
        expect((JSON.parse(failing.stdout) as { items: { id: string }[] }).items.map((s) => s.id)).to.deep.equal(['chat-7']);
        const bo = await listening.cli(['sessions', 'list', '--user', 'bo', '--json'], { env });
        expect((JSON.parse(bo.stdout) as { items: { id: string }[] }).items.map((s) => s.id)).to.deep.equal(['chat-8']);
        expect((await listening.cli(['sessions', 'list', '--sort', 'name:asc'], { env })).code).to.equal(2);
      });
    });

    describe('sessions get (getSession)', () => {
      it("prints the session's totals and its traces oldest first; --json prints the API data", async () => {
        const printed = await listening.cli(['sessions', 'get', 'chat-7'], { env });
        expect(printed.code, printed.stderr).to.equal(0);
        const [summary, table] = printed.stdout.split('\n\n');
        expect(summary).to.include('traceCount:   2').and.include('userId:       ada').and.include('inputTokens:  270').and.include('outputTokens: 130');
        expect(table!.split('\n').slice(1, 3).map((line) => line.split(/\s+/)[1])).to.deep.equal(['turn-1', 'turn-2']);
        const json = await listening.cli(['sessions', 'get', 'chat-7', '--json'], { env });
        expect(JSON.parse(json.stdout)).to.deep.equal((await apiGet('/api/v1/public/sessions/chat-7')).body.data);
      });

      it('exits 1 with the Problem for an unknown session', async () => {
        const unknown = await listening.cli(['sessions', 'get', 'nope'], { env });
        expect([unknown.code, unknown.stderr.includes('PUBLIC_API_NOT_FOUND')]).to.deep.equal([1, true]);
      });
    });

    describe('users list and users get (listEndUsers, getEndUser)', () => {
      it('prints one row per end user, and a user with their sessions', async () => {
        const listed = await listening.cli(['users', 'list', '--sort', 'traceCount:desc'], { env });
        expect(listed.code, listed.stderr).to.equal(0);
        expect(listed.stdout).to.equal(
          'USER  TRACES  SESSIONS  LAST SEEN                 COST     INPUT  OUTPUT  TOKENS  ERRORS\n' +
            'ada   2       1         2026-11-01T10:05:00.000Z  $0.7500  270    130     400     1\n' +
            'bo    1       1         2026-11-01T09:00:00.000Z  $0.1250  6      4       10      0\n',
        );
        const json = await listening.cli(['users', 'get', 'ada', '--json'], { env });
        expect(JSON.parse(json.stdout)).to.deep.equal((await apiGet('/api/v1/public/users/ada')).body.data);
        const printed = await listening.cli(['users', 'get', 'ada'], { env });
        expect(printed.stdout).to.include('sessionCount: 1\n').and.include('chat-7');
      });
    });
  });
});
