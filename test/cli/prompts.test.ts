import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { forEachAdapter } from '../support/adapters.js';
import { startListeningServer, type ListeningServer } from './cli-harness.js';

const BASE = '/api/v1/public/prompts';

forEachAdapter((adapter) => {
  describe('tracewell prompts', function (this: Mocha.Suite) {
    this.timeout(60_000); // each case spawns CLI processes; a loaded 2-core machine makes them slow
    let listening: ListeningServer;
    let env: Record<string, string>;
    let dir: string;
    let names = 0;
    const fresh = () => `cli/p-${++names}`;
    const apiGet = (p: string) => listening.server.request().get(p).set('x-api-key', listening.server.tenant.apiKey);
    const push = (name: string, template: string, labels: string[] = []) =>
      listening.server.request().post(BASE).set('x-api-key', listening.server.tenant.apiKey).send({ name, type: 'text', template, labels });

    before(async () => {
      listening = await startListeningServer(adapter);
      env = { TRACEWELL_API_KEY: listening.server.tenant.apiKey };
      dir = await mkdtemp(path.join(tmpdir(), 'tracewell-prompts-'));
    });
    after(async () => {
      await rm(dir, { recursive: true, force: true });
      await listening.close();
    });

    describe('prompts usage (getPromptUsage)', () => {
      it('prints one row per version over the window; --json prints the API data', async () => {
        const name = fresh();
        await push(name, 'x');
        await listening.server.runtime.services.traceIngestion.ingestBatch(listening.server.tenant.project.id, [
          { trace_id: 'cli-usage-1', name: 'u', spans: [{ span_id: 'r', name: 'llm', span_type: 'LLM', status: 'error', latency_ms: 40, metadata: { cost: 0.5, prompt_name: name, prompt_version: 1 }, start_time: '2026-11-01T11:00:00.000Z' }] },
        ]);
        const window = ['--from', '2026-11-01T00:00:00Z', '--to', '2026-11-01T12:00:00Z'];
        const printed = await listening.cli(['prompts', 'usage', name, ...window], { env });
        expect(printed.code, printed.stderr).to.equal(0);
        expect(printed.stdout).to.equal(
          `${name} from 2026-11-01T00:00:00.000Z to 2026-11-01T12:00:00.000Z\n` +
            'VERSION  TRACES  P50    P95    COST     AVG COST  ERRORS  SCORES\n' +
            '1        1       40 ms  40 ms  $0.5000  $0.5000   100.0%  -\n',
        );
        const json = await listening.cli(['prompts', 'usage', name, ...window, '--prompt-version', '1', '--json'], { env });
        expect(JSON.parse(json.stdout)).to.deep.equal((await apiGet(`${BASE}/${encodeURIComponent(name)}/usage?version=1&from=2026-11-01T00:00:00Z&to=2026-11-01T12:00:00Z`)).body.data);
      });

      it('exits 1 with the Problem for an unknown prompt, 2 for a --prompt-version that is no number', async () => {
        const unknown = await listening.cli(['prompts', 'usage', 'cli/nope'], { env });
        expect([unknown.code, unknown.stderr]).to.satisfy(([code, stderr]: [number, string]) => code === 1 && stderr.includes('PUBLIC_API_NOT_FOUND'));
        expect((await listening.cli(['prompts', 'usage', 'cli/nope', '--prompt-version', 'two'], { env })).code).to.equal(2);
      });
    });

    describe('prompts push', () => {
      it('saves a text file as a text template under --name with labels and a message', async () => {
        const name = fresh();
        const file = path.join(dir, 'greeting.txt');
        await writeFile(file, 'Hello {{who}}\n');
        const pushed = await listening.cli(['prompts', 'push', file, '--name', name, '--label', 'production', '--label', 'staging', '-m', 'first'], { env });
        expect(pushed.code, pushed.stderr).to.equal(0);
        expect(pushed.stdout).to.equal(`Saved ${name} version 1 (latest, production, staging).\n`);
        const served = (await apiGet(`${BASE}/${encodeURIComponent(name)}`)).body.data;
        expect([served.template, served.commitMessage, served.variables]).to.deep.equal(['Hello {{who}}\n', 'first', ['who']]);
      });

      it('saves a .json file as the whole version; --json prints the API data', async () => {
        const name = fresh();
        const file = path.join(dir, 'chat.json');
        const template = [{ type: 'message', role: 'system', content: 'Be {{tone}}' }, { type: 'placeholder', name: 'history' }];
        await writeFile(file, JSON.stringify({ name, type: 'chat', template, config: { model: 'm' } }));
        const pushed = await listening.cli(['prompts', 'push', file, '--json'], { env });
        expect(pushed.code, pushed.stderr).to.equal(0);
        const data = JSON.parse(pushed.stdout) as Record<string, unknown>;
        expect(data).to.deep.equal((await apiGet(`${BASE}/${encodeURIComponent(name)}?version=1`)).body.data);
        expect([data.type, data.template, data.config]).to.deep.equal(['chat', template, { model: 'm' }]);
      });

      it('is a usage error (exit 2) without a name, and exit 1 with the Problem on a stale --base-version', async () => {
        const file = path.join(dir, 'nameless.txt');
        await writeFile(file, 'x');
        const nameless = await listening.cli(['prompts', 'push', file], { env });
        expect(nameless.code).to.equal(2);
        expect(nameless.stderr).to.contain('give the prompt name with --name');
        const name = fresh();
        await push(name, 'a');
        await push(name, 'b');
        const stale = await listening.cli(['prompts', 'push', file, '--name', name, '--base-version', '1'], { env });
        expect(stale.code).to.equal(1);
        expect(stale.stderr).to.match(/^Error: .+ \(409 PUBLIC_API_PROMPT_VERSION_CONFLICT\)\n/);
      });
    });

    describe('prompts get', () => {
      it('reads production by default, or --label / --prompt-version; --json prints exactly the API data', async () => {
        const name = fresh();
        await push(name, 'prod', ['production']);
        await push(name, 'newer');
        const byDefault = await listening.cli(['prompts', 'get', name, '--json'], { env });
        expect(byDefault.code, byDefault.stderr).to.equal(0);
        expect(JSON.parse(byDefault.stdout)).to.deep.equal((await apiGet(`${BASE}/${encodeURIComponent(name)}`)).body.data);
        expect(JSON.parse((await listening.cli(['prompts', 'get', name, '--label', 'latest', '--json'], { env })).stdout).template).to.equal('newer');
        expect(JSON.parse((await listening.cli(['prompts', 'get', name, '--prompt-version', '1', '--json'], { env })).stdout).template).to.equal('prod');
        const both = await listening.cli(['prompts', 'get', name, '--label', 'x', '--prompt-version', '1'], { env });
        expect(both.code).to.equal(2);
        expect(both.stderr).to.contain('give --label or --prompt-version, not both');
      });
    });

    describe('prompts label', () => {
      it("sets a version's labels exactly, moving them from other versions", async () => {
        const name = fresh();
        await push(name, 'a', ['production']);
        await push(name, 'b');
        const moved = await listening.cli(['prompts', 'label', name, '2', 'production', 'canary'], { env });
        expect(moved.code, moved.stderr).to.equal(0);
        expect(moved.stdout).to.equal(`${name} version 2: canary, latest, production.\n`);
        expect((await apiGet(`${BASE}/${encodeURIComponent(name)}?version=1`)).body.data.labels).to.deep.equal([]);
      });
    });

    describe('prompts list', () => {
      it('lists prompts under a prefix with their labels', async () => {
        const name = fresh();
        await push(name, 'a', ['production']);
        const listed = await listening.cli(['prompts', 'list', '--name-prefix', name, '--json'], { env });
        expect(listed.code, listed.stderr).to.equal(0);
        const page = JSON.parse(listed.stdout) as { items: { name: string; labels: Record<string, number> }[]; nextCursor: string | null };
        expect(page.items.map((p) => [p.name, p.labels])).to.deep.equal([[name, { latest: 1, production: 1 }]]);
        const table = await listening.cli(['prompts', 'list', '--name-prefix', name], { env });
        expect(table.stdout).to.contain('latest=1,production=1');
      });
    });
  });
});
