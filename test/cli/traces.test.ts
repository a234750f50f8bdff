import { expect } from 'chai';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { forEachAdapter } from '../support/adapters.js';
import { startListeningServer, type ListeningServer } from './cli-harness.js';

interface ListJson {
  items: { id: string }[];
  nextCursor: string | null;
}

forEachAdapter((adapter) => {
  describe('tracewell traces', function (this: Mocha.Suite) {
    this.timeout(60_000); // each case spawns CLI processes; a loaded 2-core machine makes them slow
    let listening: ListeningServer;
    let env: Record<string, string>;
    /** Ids of the seeded traces, newest first (the list order). */
    let newestFirst: string[];

    before(async () => {
      listening = await startListeningServer(adapter);
      const { server } = listening;
      env = { TRACEWELL_API_KEY: server.tenant.apiKey };
      for (let i = 1; i <= 20; i++) {
        const res = await server
          .request()
          .post('/api/v1/public/traces')
          .set('x-api-key', server.tenant.apiKey)
          .send({ trace_id: `trace-${String(i).padStart(2, '0')}`, name: `run ${i}`, spans: [{ span_id: 'root', name: 'root', span_type: 'AGENT', status: 'success', latency_ms: i }] });
        expect(res.status, JSON.stringify(res.body)).to.equal(201);
        server.clock.advance(1000);
      }
      newestFirst = Array.from({ length: 20 }, (_, i) => `trace-${String(20 - i).padStart(2, '0')}`);
    });
    after(async () => listening.close());

    it('lists one page by default, and --json prints {items, nextCursor}', async () => {
      const result = await listening.cli(['traces', 'list', '--limit', '5', '--json'], { env });
      expect(result.code, result.stderr).to.equal(0);
      const list = JSON.parse(result.stdout) as ListJson;
      expect(Object.keys(list)).to.deep.equal(['items', 'nextCursor']);
      expect(list.items.map((t) => t.id)).to.deep.equal(newestFirst.slice(0, 5));
      expect(list.nextCursor).to.be.a('string');
    });

    it('--sort latencyMs:asc lists the fastest first (each trace here took its number in ms), and pages in that order', async () => {
      const first = await listening.cli(['traces', 'list', '--sort', 'latencyMs:asc', '--limit', '3', '--json'], { env });
      expect(first.code, first.stderr).to.equal(0);
      const page = JSON.parse(first.stdout) as ListJson;
      expect(page.items.map((t) => t.id)).to.deep.equal(['trace-01', 'trace-02', 'trace-03']);
      const next = await listening.cli(['traces', 'list', '--sort', 'latencyMs:asc', '--limit', '2', '--cursor', page.nextCursor!, '--json'], { env });
      expect((JSON.parse(next.stdout) as ListJson).items.map((t) => t.id)).to.deep.equal(['trace-04', 'trace-05']);
    });

    it('exits 2 for --all without --max-items', async () => {
      const result = await listening.cli(['traces', 'list', '--all'], { env });
      expect(result.code).to.equal(2);
      expect(result.stdout).to.equal('');
      expect(result.stderr).to.contain('--all needs --max-items');
    });

    it('collects --all --max-items 7 over 20 traces: 7 items and a cursor; the cursor resumes with the rest, no duplicates', async () => {
      const first = await listening.cli(['traces', 'list', '--all', '--max-items', '7', '--json'], { env });
      expect(first.code, first.stderr).to.equal(0);
      expect(first.stderr).to.equal(''); // not a terminal: no progress line
      const page = JSON.parse(first.stdout) as ListJson;
      expect(page.items.map((t) => t.id)).to.deep.equal(newestFirst.slice(0, 7));
      expect(page.nextCursor).to.be.a('string');

      const rest = await listening.cli(['traces', 'list', '--cursor', page.nextCursor!, '--all', '--max-items', '1000', '--json'], { env });
      expect(rest.code, rest.stderr).to.equal(0);
      const remaining = JSON.parse(rest.stdout) as ListJson;
      expect(remaining.items.map((t) => t.id)).to.deep.equal(newestFirst.slice(7));
      expect(remaining.nextCursor).to.equal(null);
    });

    it('ends the table with the --cursor to resume with, and that cursor resumes exactly there', async () => {
      const first = await listening.cli(['traces', 'list', '--all', '--max-items', '3', '--limit', '2'], { env });
      expect(first.code, first.stderr).to.equal(0);
      const lines = first.stdout.trimEnd().split('\n');
      expect(lines[0]).to.match(/^ID\s+NAME\s+STATUS\s+CREATED\s+LATENCY\s+COST\s+TOKENS\s+SPANS\s+AGENT\s+TAGS$/);
      expect(lines.slice(1, 4).map((line) => line.split(/\s+/)[0])).to.deep.equal(newestFirst.slice(0, 3));
      const resume = lines[4].match(/^More traces: resume with --cursor (\S+)$/);
      expect(resume, lines[4]).to.not.equal(null);
      const next = await listening.cli(['traces', 'list', '--cursor', resume![1], '--limit', '2', '--json'], { env });
      expect((JSON.parse(next.stdout) as ListJson).items.map((t) => t.id)).to.deep.equal(newestFirst.slice(3, 5));
    });

    it('reports an expired cursor chain clearly, with exit 1', async () => {
      const first = await listening.cli(['traces', 'list', '--limit', '2', '--json'], { env });
      const cursor = (JSON.parse(first.stdout) as ListJson).nextCursor!;
      listening.server.clock.advance(16 * 60 * 1000);
      const result = await listening.cli(['traces', 'list', '--limit', '2', '--cursor', cursor], { env });
      expect(result.code).to.equal(1);
      expect(result.stdout).to.equal('');
      expect(result.stderr).to.match(/^Error: .+ \(400 PUBLIC_API_INVALID_CURSOR\)\n/);
      expect(result.stderr).to.contain('The cursor chain is invalid or expired: a chain lasts 15 minutes from its first page');
      expect(result.stderr).to.contain('Run the command again without --cursor (same filters) to start a new chain.');
      expect(result.stderr).to.match(/ {2}requestId: req_[0-9a-f]{32}\n$/);
    });

    it('logs a trace from --file and from stdin; --json prints exactly the API data', async () => {
      const file = path.join(path.dirname(listening.configFile), 'trace.json');
      const trace = {
        trace_id: 'logged-from-file',
        name: 'checkout',
        metadata: { agent_name: 'cashier' },
        spans: [
          { span_id: 'a', name: 'plan', span_type: 'AGENT', status: 'success', latency_ms: 1200 },
          { span_id: 'b', parent_span_id: 'a', name: 'call model', span_type: 'LLM', status: 'success', latency_ms: 800, metadata: { model: 'm', cost: 0.0125 } },
          { span_id: 'c', parent_span_id: 'a', name: 'lookup', span_type: 'TOOL', status: 'error', latency_ms: 300, error: 'timeout' },
        ],
      };
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(trace));
      const fromFile = await listening.cli(['traces', 'log', '--file', file, '--json'], { env });
      expect(fromFile.code, fromFile.stderr).to.equal(0);
      expect(JSON.parse(fromFile.stdout)).to.deep.equal({ id: 'logged-from-file', spanCount: 3, status: 'error', url: '/traces/logged-from-file' });

      const fromStdin = await listening.cli(['traces', 'log', '--json'], { env, input: JSON.stringify({ ...trace, trace_id: 'logged-from-stdin' }) });
      expect(fromStdin.code, fromStdin.stderr).to.equal(0);
      expect(JSON.parse(fromStdin.stdout).id).to.equal('logged-from-stdin');
    });

    it('prints a trace as an indented span tree with latency and cost per span', async () => {
      const result = await listening.cli(['traces', 'get', 'logged-from-file'], { env });
      expect(result.code, result.stderr).to.equal(0);
      expect(result.stdout).to.equal(
        [
          'checkout (logged-from-file)  error  1200 ms  $0.0125  3 spans',
          '└─ plan [AGENT]  1200 ms  -',
          '   ├─ call model [LLM]  800 ms  $0.0125',
          '   └─ lookup [TOOL]  300 ms  -  ERROR: timeout',
          '',
        ].join('\n'),
      );
    });

    it('searches through the search_traces tool; --json prints the tool result', async () => {
      const result = await listening.cli(['traces', 'search', 'checkout', '--status', 'error', '--json'], { env });
      expect(result.code, result.stderr).to.equal(0);
      const found = JSON.parse(result.stdout) as { traces: { trace_id: string }[]; total_count: number; has_more: boolean };
      expect(found.traces.map((t) => t.trace_id).sort()).to.deep.equal(['logged-from-file', 'logged-from-stdin']);
      expect(found).to.include({ total_count: 2, has_more: false });

      const page = await listening.cli(['traces', 'search', 'checkout', '--limit', '1'], { env });
      expect(page.code, page.stderr).to.equal(0);
      const lines = page.stdout.trimEnd().split('\n');
      expect(lines[0]).to.match(/^ID\s+NAME\s+STATUS\s+CREATED\s+LATENCY\s+COST\s+AGENT$/);
      expect(lines).to.have.length(3);
      expect(lines[2]).to.equal('2 matches; more with --offset 1');
    });

    it('passes the query syntax and --sort to search_traces', async () => {
      const both = await listening.cli(['traces', 'search', '"call model" look*', '--sort', 'recency', '--json'], { env });
      expect(both.code, both.stderr).to.equal(0);
      expect((JSON.parse(both.stdout) as { total_count: number }).total_count).to.equal(2);
      const none = await listening.cli(['traces', 'search', 'checkout -lookup', '--json'], { env });
      expect(none.code, none.stderr).to.equal(0);
      expect((JSON.parse(none.stdout) as { total_count: number }).total_count).to.equal(0);
      const refused = await listening.cli(['traces', 'search', 'checkout', '--sort', 'oldest'], { env });
      expect(refused.code).to.not.equal(0);
    });

    it('prints the Problem of an unknown trace on stderr with exit 1', async () => {
      const result = await listening.cli(['traces', 'get', 'no-such-trace'], { env });
      expect(result.code).to.equal(1);
      expect(result.stderr).to.match(/^Error: .+ \(404 PUBLIC_API_NOT_FOUND\)\n/);
    });
  });

  describe('tracewell traces list --tag --environment --release', function (this: Mocha.Suite) {
    this.timeout(60_000);
    let listening: ListeningServer;
    let env: Record<string, string>;

    before(async () => {
      listening = await startListeningServer(adapter);
      const { server } = listening;
      env = { TRACEWELL_API_KEY: server.tenant.apiKey };
      const tagged = [
        { trace_id: 't1', tags: ['vip'], metadata: { environment: 'production', release: 'v1' } },
        { trace_id: 't2', tags: ['Vip'], metadata: { environment: 'production', release: 'v2' } },
        { trace_id: 't3', tags: ['vip', 'beta'], metadata: { environment: 'staging', release: 'v2' } },
      ];
      for (const t of tagged) {
        const res = await server
          .request()
          .post('/api/v1/public/traces')
          .set('x-api-key', server.tenant.apiKey)
          .send({ ...t, name: `run ${t.trace_id}`, spans: [{ span_id: 'root', name: 'root', span_type: 'AGENT', status: 'success', latency_ms: 1 }] });
        expect(res.status, JSON.stringify(res.body)).to.equal(201);
        server.clock.advance(1000);
      }
    });
    after(async () => listening.close());

    const ids = async (args: string[]) => {
      const printed = await listening.cli(['traces', 'list', ...args, '--json'], { env });
      expect(printed.code, printed.stderr).to.equal(0);
      return (JSON.parse(printed.stdout) as ListJson).items.map((t) => t.id);
    };

    it('--tag lists the traces carrying that tag exactly; --environment and --release narrow by their values', async () => {
      expect(await ids(['--tag', 'vip'])).to.deep.equal(['t3', 't1']);
      expect(await ids(['--environment', 'production'])).to.deep.equal(['t2', 't1']);
      expect(await ids(['--tag', 'vip', '--release', 'v2'])).to.deep.equal(['t3']);
    });

    it('an empty --tag exits 1 with the Problem naming /query/tag', async () => {
      const refused = await listening.cli(['traces', 'list', '--tag', ''], { env });
      expect(refused.code).to.equal(1);
      expect(refused.stderr).to.match(/\n {2}- \/query\/tag: /);
    });
  });

  describe('tracewell traces list --model --provider --span-type', function (this: Mocha.Suite) {
    this.timeout(60_000);
    let listening: ListeningServer;
    let env: Record<string, string>;

    before(async () => {
      listening = await startListeningServer(adapter);
      const { server } = listening;
      env = { TRACEWELL_API_KEY: server.tenant.apiKey };
      const spans = [
        { trace_id: 't1', child: { span_type: 'LLM', metadata: { model: 'gpt-4o', provider: 'openai' } } },
        { trace_id: 't2', child: { span_type: 'LLM', metadata: { model: 'claude-3', provider: 'anthropic' } } },
        { trace_id: 't3', child: { span_type: 'TOOL', metadata: {} } },
      ];
      for (const t of spans) {
        const res = await server
          .request()
          .post('/api/v1/public/traces')
          .set('x-api-key', server.tenant.apiKey)
          .send({
            trace_id: t.trace_id,
            name: `run ${t.trace_id}`,
            spans: [
              { span_id: 'root', name: 'root', span_type: 'AGENT', status: 'success', latency_ms: 1 },
              { span_id: 'c', parent_span_id: 'root', name: 'child', status: 'success', latency_ms: 1, ...t.child },
            ],
          });
        expect(res.status, JSON.stringify(res.body)).to.equal(201);
        server.clock.advance(1000);
      }
    });
    after(async () => listening.close());

    const ids = async (args: string[]) => {
      const printed = await listening.cli(['traces', 'list', ...args, '--json'], { env });
      expect(printed.code, printed.stderr).to.equal(0);
      return (JSON.parse(printed.stdout) as ListJson).items.map((t) => t.id);
    };

    it('--model, --provider and --span-type list the traces with such a span, exactly', async () => {
      expect(await ids(['--model', 'gpt-4o'])).to.deep.equal(['t1']);
      expect(await ids(['--provider', 'anthropic'])).to.deep.equal(['t2']);
      expect(await ids(['--span-type', 'LLM'])).to.deep.equal(['t2', 't1']);
      expect(await ids(['--span-type', 'LLM', '--model', 'claude-3'])).to.deep.equal(['t2']);
    });

    it('a too long --span-type exits 1 with the Problem naming /query/spanType', async () => {
      const refused = await listening.cli(['traces', 'list', '--span-type', 'T'.repeat(33)], { env });
      expect(refused.code).to.equal(1);
      expect(refused.stderr).to.match(/\n {2}- \/query\/spanType: /);
    });
  });
});
