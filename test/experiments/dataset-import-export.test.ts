import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { csvRecords } from '../../src/domain/experiments/csv-records.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';

type Json = Record<string, unknown>;
const DATASETS = '/api/v1/public/datasets';

describe('csvRecords', () => {
  it('reads RFC 4180 quoting: commas, doubled quotes and line breaks inside quotes, CRLF, blank lines', () => {
    const text = 'input,expected_output\r\n"a, b","say ""hi"""\n\n"two\nlines",x\n';
    expect([...csvRecords(text)]).to.deep.equal([
      { line: 1, fields: ['input', 'expected_output'] },
      { line: 2, fields: ['a, b', 'say "hi"'] },
      { line: 4, fields: ['two\nlines', 'x'] },
    ]);
  });

  it('names the line of a quote never closed', () => {
    expect(() => [...csvRecords('input\n"open\nstill open')]).to.throw(/opened on line 2 is never closed/);
  });
});

forEachAdapter((adapter) => {
  describe('dataset import and export', function () {
    this.timeout(60_000);
    let server: TestServer;
    const key = () => server.tenant.apiKey;
    const newDataset = async (): Promise<string> => expectEnvelope<{ id: string }>(await server.request().post(DATASETS).set('x-api-key', key()).send({ name: `ds-${randomUUID()}` }), 201).id;
    const importItems = (id: string, format: string, content: string, apiKey = key()) =>
      server.request().post(`${DATASETS}/${id}/items/import`).set('x-api-key', apiKey).send({ format, content });
    const exportItems = (id: string, query: Json = {}) =>
      server.request().get(`${DATASETS}/${id}/items/export`).set('x-api-key', key()).query(query).buffer(true).parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      });

    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    describe('POST /api/v1/public/datasets/{id}/items/import (importDatasetItems)', () => {
      it('imports JSON Lines as one new dataset version, in file order', async () => {
        const id = await newDataset();
        const content = ['{"input":{"q":"a"},"expectedOutput":"A","metadata":{"k":1}}', '', '{"input":"b","sourceTraceId":"t-1","sourceSpanId":"s"}'].join('\n');
        expect(expectEnvelope<Json>(await importItems(id, 'jsonl', content))).to.deep.equal({ imported: 2, datasetVersion: 1 });
        const items = expectEnvelope<{ items: Json[] }>(await server.request().get(`${DATASETS}/${id}/items`).set('x-api-key', key())).items;
        expect(items.map((i) => [i.input, i.expectedOutput, i.metadata, i.sourceTraceId, i.sourceSpanId, i.version])).to.deep.equal([
          [{ q: 'a' }, 'A', { k: 1 }, null, null, 1],
          ['b', null, {}, 't-1', 's', 1],
        ]);
      });

      it('imports CSV with a header row', async () => {
        const id = await newDataset();
        const content = 'input,expected_output,metadata\n"hello, world",hi,"{""lang"":""en""}"\nbye,,\n';
        expect(expectEnvelope<Json>(await importItems(id, 'csv', content))).to.deep.equal({ imported: 2, datasetVersion: 1 });
        const items = expectEnvelope<{ items: Json[] }>(await server.request().get(`${DATASETS}/${id}/items`).set('x-api-key', key())).items;
        expect(items.map((i) => [i.input, i.expectedOutput, i.metadata])).to.deep.equal([
          ['hello, world', 'hi', { lang: 'en' }],
          ['bye', null, {}],
        ]);
      });

      it('writes nothing when a line is bad, and names every bad line by number', async () => {
        const id = await newDataset();
        const content = ['{"input":"ok"}', 'not json', '{"expectedOutput":"no input"}', '[1]', '{"input":"x","extra":1}'].join('\n');
        const body = expectProblem(await importItems(id, 'jsonl', content), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(body.errors).to.deep.equal([
          { code: 'invalid_line', message: 'line 2: not valid JSON', path: '/body/content/lines/2' },
          { code: 'invalid_line', message: 'line 3: input is required', path: '/body/content/lines/3' },
          { code: 'invalid_line', message: 'line 4: must be a JSON object', path: '/body/content/lines/4' },
          { code: 'invalid_line', message: 'line 5: unknown field extra', path: '/body/content/lines/5' },
        ]);
        expect(expectEnvelope<Json>(await server.request().get(`${DATASETS}/${id}`).set('x-api-key', key()))).to.include({ version: 0, itemCount: 0 });
      });

      it('names a CSV record with the wrong number of fields, and an unknown column', async () => {
        const id = await newDataset();
        const short = expectProblem(await importItems(id, 'csv', 'input,expected_output\na,b\nc\n'), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(short.errors).to.deep.equal([{ code: 'invalid_line', message: 'line 3: has 1 fields; the header has 2', path: '/body/content/lines/3' }]);
        const unknown = expectProblem(await importItems(id, 'csv', 'input,answer\na,b\n'), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((unknown.errors as { message: string }[])[0]!.message).to.equal('line 1: unknown column answer');
      });

      it('refuses a 1,000,000-line import at the body limit (413) and more than 10,000 items (400), writing nothing', async () => {
        const id = await newDataset();
        const million = await importItems(id, 'jsonl', '{"input":1}\n'.repeat(1_000_000));
        expectProblem(million, 413, 'PUBLIC_API_PAYLOAD_TOO_LARGE');
        const body = expectProblem(await importItems(id, 'jsonl', '{"input":1}\n'.repeat(10_001)), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(body.errors).to.deep.equal([{ code: 'max_items', message: 'line 10001: more than 10000 items', path: '/body/content/lines/10001' }]);
        expect(expectEnvelope<Json>(await server.request().get(`${DATASETS}/${id}`).set('x-api-key', key()))).to.include({ itemCount: 0, version: 0 });
      });

      it('answers 404 for another project’s dataset', async () => {
        const id = await newDataset();
        expectProblem(await importItems(id, 'jsonl', '{"input":1}', server.other.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('GET /api/v1/public/datasets/{id}/items/export (exportDatasetItems)', () => {
      it('streams JSON Lines that re-import unchanged, as of a version', async () => {
        const id = await newDataset();
        const lines = ['{"input":{"q":"a"},"expectedOutput":"A","metadata":{"k":1},"sourceTraceId":null,"sourceSpanId":null}', '{"input":"b","expectedOutput":null,"metadata":{},"sourceTraceId":"t-1","sourceSpanId":null}'];
        expectEnvelope(await importItems(id, 'jsonl', lines.join('\n')));
        expectEnvelope(await importItems(id, 'jsonl', '{"input":"later"}'));
        const res = await exportItems(id, { version: 1 });
        expect(res.status).to.equal(200);
        expect(res.headers['content-type']).to.equal('application/x-ndjson; charset=utf-8');
        expect(res.body).to.equal(`${lines.join('\n')}\n`);
        const copy = await newDataset();
        expect(expectEnvelope<Json>(await importItems(copy, 'jsonl', res.body as string))).to.deep.equal({ imported: 2, datasetVersion: 1 });
      });

      it('streams CSV with a header row, quoting where needed', async () => {
        const id = await newDataset();
        expectEnvelope(await importItems(id, 'jsonl', '{"input":"a, b","expectedOutput":{"n":1},"metadata":{"k":"v"}}'));
        const res = await exportItems(id, { format: 'csv' });
        expect(res.headers['content-type']).to.equal('text/csv; charset=utf-8');
        expect(res.body).to.equal('input,expected_output,metadata,source_trace_id,source_span_id\n"a, b","{""n"":1}","{""k"":""v""}",,\n');
      });

      it('pages through more than one read page (500 items) in order', async () => {
        const id = await newDataset();
        expectEnvelope(await importItems(id, 'jsonl', Array.from({ length: 1001 }, (_, i) => JSON.stringify({ input: i })).join('\n')));
        const res = await exportItems(id);
        const inputs = (res.body as string).trimEnd().split('\n').map((line) => (JSON.parse(line) as { input: number }).input);
        expect(inputs).to.deep.equal(Array.from({ length: 1001 }, (_, i) => i));
      });

      it('answers 404 for an unknown dataset and 400 for a version above the current one', async () => {
        expectProblem(await server.request().get(`${DATASETS}/${randomUUID()}/items/export`).set('x-api-key', key()), 404, 'PUBLIC_API_NOT_FOUND');
        const id = await newDataset();
        expectProblem(await server.request().get(`${DATASETS}/${id}/items/export`).set('x-api-key', key()).query({ version: 3 }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      });
    });
  });
});
