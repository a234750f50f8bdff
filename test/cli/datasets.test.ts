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

    it('imports JSONL: good lines become items, each bad line is reported with its number, exit 1', async () => {
      const jsonl = [
        JSON.stringify({ input: { question: 'How do I reset?' }, expectedOutput: 'Settings → Reset', metadata: { topic: 'account' } }),
        '{"input": "unterminated',
        '',
        JSON.stringify({ input: 'hello', colour: 'blue' }),
        JSON.stringify({ expectedOutput: 'no input' }),
        JSON.stringify({ input: 'plain', expectedOutput: null }),
      ].join('\n');
      const result = await listening.cli(['datasets', 'import', datasetId, '--file', file('items.jsonl', jsonl)], { env });
      expect(result.code).to.equal(1);
      expect(result.stdout).to.equal('Imported 2 items; 3 lines failed.\n');
      const lines = result.stderr.split('\n');
      expect(lines[0]).to.match(/^line 2: not valid JSON: /);
      expect(lines.slice(1, 4)).to.deep.equal([
        'line 4: unknown field colour (fields: input, expectedOutput, metadata, sourceTraceId, sourceSpanId)',
        'line 5: no input (and no sourceTraceId to copy it from)',
        `Error: 3 lines of ${path.join(dir, 'items.jsonl')} not imported (listed above)`,
      ]);
      const stored = await items();
      expect(stored.map((item) => [item.input, item.expectedOutput, item.metadata]).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).to.deep.equal([
        ['plain', null, {}],
        [{ question: 'How do I reset?' }, 'Settings → Reset', { topic: 'account' }],
      ]);
    });

    it('imports CSV: quoted commas, quotes and line breaks, JSON cells, extra columns as metadata; a server rejection names the line', async () => {
      const csv = [
        'input,expectedOutput,topic',
        '"Hello, world","He said ""hi""",greeting',
        '"{""a"": 1}","line one',
        'line two",json',
        `${'x'.repeat(10)},42,numbers`,
        '"too","many","cells","here"',
        `"${'y'.repeat(300_000)}",,big`,
      ].join('\r\n');
      const result = await listening.cli(['datasets', 'import', datasetId, '--file', file('items.csv', csv), '--json'], { env });
      expect(result.code).to.equal(1);
      const printed = JSON.parse(result.stdout) as { imported: number; failed: number; errors: string[] };
      expect(printed.imported).to.equal(3);
      expect(printed.errors[0]).to.equal('line 6: 4 cells; the header has 3');
      expect(printed.errors[1]).to.match(/^line 7: PUBLIC_API_VALIDATION_FAILED: \/body: /);
      const stored = await items();
      const byTopic = Object.fromEntries(stored.filter((item) => item.metadata.topic).map((item) => [item.metadata.topic as string, [item.input, item.expectedOutput]]));
      expect(byTopic).to.deep.include({ greeting: ['Hello, world', 'He said "hi"'], json: [{ a: 1 }, 'line one\r\nline two'] /* a quoted line break is kept as written (RFC 4180) */, numbers: ['xxxxxxxxxx', 42] });
    });

    it('items lists the current version, --at-version an earlier one', async () => {
      const dataset = expectEnvelope<{ version: number }>(await get(`/${datasetId}`));
      const current = await listening.cli(['datasets', 'items', datasetId, '--json'], { env });
      expect(JSON.parse(current.stdout)).to.deep.equal({ items: (await items({ limit: 20 })), nextCursor: null });
      const early = await listening.cli(['datasets', 'items', datasetId, '--at-version', '1'], { env });
      expect(early.code, early.stderr).to.equal(0);
      expect(early.stdout.split('\n').filter((line) => line !== '')).to.have.length(2); // header + the one item of version 1
      expect(early.stdout).to.match(/ active +1 +\{"question":"How do I reset\?"\} +Settings → Reset\n$/);
      expect(dataset.version).to.equal(5);
    });

    it('export writes JSONL and CSV that import back to the same items', async () => {
      const original = await items();
      const jsonlFile = path.join(dir, 'export.jsonl');
      const exported = await listening.cli(['datasets', 'export', datasetId, '--output', jsonlFile], { env });
      expect(exported.code, exported.stderr).to.equal(0);
      expect(exported.stderr).to.equal(`Exported ${original.length} items.\n`);
      expect(readFileSync(jsonlFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Item)).to.deep.equal(original);

      const csv = await listening.cli(['datasets', 'export', datasetId, '--format', 'csv', '--quiet'], { env });
      expect(csv.stdout.split('\n')[0]).to.equal('id,input,expectedOutput,metadata,sourceTraceId,sourceSpanId,status,version');

      const copy = expectEnvelope<{ id: string }>(await listening.server.request().post(DATASETS).set('x-api-key', listening.server.tenant.apiKey).send({ name: 'faq copy' }), 201).id;
      const reimported = await listening.cli(['datasets', 'import', copy, '--file', file('export.csv', csv.stdout)], { env });
      expect(reimported.code, reimported.stderr).to.equal(0);
      expect(reimported.stdout).to.equal(`Imported ${original.length} items; 0 lines failed.\n`);
      const copied = expectEnvelope<{ items: Item[] }>(await get(`/${copy}/items`, { limit: 100 })).items;
      const content = (list: Item[]) => list.map((item) => JSON.stringify([item.input, item.expectedOutput, item.metadata])).sort();
      expect(content(copied)).to.deep.equal(content(original));
    });
  });
});
