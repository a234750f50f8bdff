import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { forEachAdapter } from '../support/adapters.js';
import { expectEnvelope } from '../support/problem.js';
import { startListeningServer, type ListeningServer } from './cli-harness.js';

type Item = { id: string; input: unknown; expectedOutput: unknown; metadata: Record<string, unknown>; status: string; version: number; sourceTraceId: string | null; sourceSpanId: string | null };
const DATASETS = '/api/v1/public/datasets';

forEachAdapter((adapter) => {
  describe('tracewell datasets', function (this: Mocha.Suite) {
    this.timeout(90_000); // each case spawns CLI processes
    let listening: ListeningServer;
    let env: Record<string, string>;
    let dir: string;
    let datasetId: string;
    const get = (p: string, query: Record<string, string | number | boolean> = {}) => listening.server.request().get(`${DATASETS}${p}`).set('x-api-key', listening.server.tenant.apiKey).query(query);
    const file = (name: string, text: string): string => {
      const target = path.join(dir, name);
      writeFileSync(target, text);
      return target;
    };
    const items = async (query: Record<string, string | number | boolean> = {}): Promise<Item[]> => expectEnvelope<{ items: Item[] }>(await get(`/${datasetId}/items`, { limit: 100, ...query })).items;

    before(async () => {
      listening = await startListeningServer(adapter);
      env = { TRACEWELL_API_KEY: listening.server.tenant.apiKey };
      dir = mkdtempSync(path.join(tmpdir(), 'tracewell-datasets-'));
    });
    beforeEach(() => listening.server.clock.advance(61_000)); // a fresh write-rate window per case
    after(async () => {
      await listening.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('create and list: the table shows name, version and item count', async () => {
      const created = await listening.cli(['datasets', 'create', '--name', 'faq', '--description', 'questions from support', '--json'], { env });
      expect(created.code, created.stderr).to.equal(0);
      datasetId = (JSON.parse(created.stdout) as { id: string }).id;
      const listed = await listening.cli(['datasets', 'list'], { env });
      expect(listed.code, listed.stderr).to.equal(0);
      expect(listed.stdout.split('\n')[0]).to.match(/^ID +NAME +VERSION +ITEMS +UPDATED$/);
      expect(listed.stdout.split('\n')[1]).to.match(new RegExp(`^${datasetId}  faq +0 +0 +\\d{4}-`));
    });

    it('imports JSONL all or nothing: a file with bad lines imports nothing and lists each line, exit 1', async () => {
      const jsonl = [
        JSON.stringify({ input: { question: 'How do I reset?' }, expectedOutput: 'Settings → Reset', metadata: { topic: 'account' } }),
        '{"input": "unterminated',
        JSON.stringify({ input: 'hello', colour: 'blue' }),
      ].join('\n');
      const result = await listening.cli(['datasets', 'import', datasetId, '--file', file('bad.jsonl', jsonl)], { env });
      expect(result.code).to.equal(1);
      expect(result.stdout).to.equal('');
      const lines = result.stderr.split('\n');
      expect(lines[0]).to.match(/^line 2: /);
      expect(lines[1]).to.match(/^line 3: /);
      expect(lines[2]).to.equal(`Error: nothing imported: 2 bad lines in ${path.join(dir, 'bad.jsonl')} (listed above)`);
      expect(await items()).to.deep.equal([]);
    });

    it('imports a good JSONL file as one new version', async () => {
      const jsonl = [
        JSON.stringify({ input: { question: 'How do I reset?' }, expectedOutput: 'Settings → Reset', metadata: { topic: 'account' } }),
        JSON.stringify({ input: 'plain', expectedOutput: null }),
      ].join('\n');
      const result = await listening.cli(['datasets', 'import', datasetId, '--file', file('items.jsonl', jsonl)], { env });
      expect(result.code, result.stderr).to.equal(0);
      expect(result.stdout).to.equal('Imported 2 items; the dataset is now at version 1.\n');
      const stored = await items();
      expect(stored.map((item) => [item.input, item.expectedOutput, item.metadata, item.version])).to.have.deep.members([
        ['plain', null, {}, 1],
        [{ question: 'How do I reset?' }, 'Settings → Reset', { topic: 'account' }, 1],
      ]);
    });

    it('imports CSV from stdin with --format csv: quoted commas, quotes and line breaks', async () => {
      const csv = ['input,expected_output,metadata', '"Hello, world","He said ""hi""","{""topic"":""greeting""}"', '"two', 'lines",x,'].join('\n');
      const result = await listening.cli(['datasets', 'import', datasetId, '--file', '-', '--format', 'csv', '--json'], { env, input: csv });
      expect(result.code, result.stderr).to.equal(0);
      expect(JSON.parse(result.stdout)).to.deep.equal({ imported: 2, datasetVersion: 2 });
      const stored = (await items()).filter((item) => item.version === 2);
      expect(stored.map((item) => [item.input, item.expectedOutput, item.metadata])).to.have.deep.members([
        ['Hello, world', 'He said "hi"', { topic: 'greeting' }],
        ['two\nlines', 'x', {}],
      ]);
    });

    it('items lists the current version, --at-version an earlier one', async () => {
      const dataset = expectEnvelope<{ version: number }>(await get(`/${datasetId}`));
      const current = await listening.cli(['datasets', 'items', datasetId, '--json'], { env });
      expect(JSON.parse(current.stdout)).to.deep.equal({ items: (await items({ limit: 20 })), nextCursor: null });
      const early = await listening.cli(['datasets', 'items', datasetId, '--at-version', '1'], { env });
      expect(early.code, early.stderr).to.equal(0);
      expect(early.stdout.split('\n').filter((line) => line !== '')).to.have.length(3); // header + the two items of version 1
      expect(early.stdout).to.match(/ active +1 +\{"question":"How do I reset\?"\} +Settings → Reset\n/);
      expect(early.stdout).to.not.contain('Hello, world');
      expect(dataset.version).to.equal(2);
    });

    it("export streams the service's JSONL and CSV; the JSONL imports back to the same items", async () => {
      const jsonlFile = path.join(dir, 'export.jsonl');
      const exported = await listening.cli(['datasets', 'export', datasetId, '--output', jsonlFile], { env });
      expect(exported.code, exported.stderr).to.equal(0);
      const direct = await get(`/${datasetId}/items/export`, { format: 'jsonl' });
      expect(readFileSync(jsonlFile, 'utf8')).to.equal(direct.text);
      const csv = await listening.cli(['datasets', 'export', datasetId, '--format', 'csv', '--at-version', '1'], { env });
      expect(csv.code, csv.stderr).to.equal(0);
      expect(csv.stdout).to.equal((await get(`/${datasetId}/items/export`, { format: 'csv', version: 1 })).text);
      expect(csv.stdout.split('\n').filter((line) => line.trim() !== '')).to.have.length(3); // header + the 2 items of version 1

      const copy = expectEnvelope<{ id: string }>(await listening.server.request().post(DATASETS).set('x-api-key', listening.server.tenant.apiKey).send({ name: 'faq copy' }), 201).id;
      const reimported = await listening.cli(['datasets', 'import', copy, '--file', jsonlFile], { env });
      expect(reimported.code, reimported.stderr).to.equal(0);
      const content = (list: Item[]) => list.map((item) => JSON.stringify([item.input, item.expectedOutput, item.metadata])).sort();
      const copied = expectEnvelope<{ items: Item[] }>(await get(`/${copy}/items`, { limit: 100 })).items;
      expect(content(copied)).to.deep.equal(content(await items()));
    });
  });
});
