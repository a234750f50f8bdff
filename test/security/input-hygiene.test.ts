import { expect } from 'chai';
import { gzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { sampleTrace } from '../traces/fixtures.js';
import { MAX_JSON_DEPTH } from '../../src/http/json-hygiene.js';
import { expectRpcRejection, nestedJson, openMcpSession } from './support.js';

const TRACES = '/api/v1/public/traces';
/** Field paths are at most 160 characters; longer ones end in an ellipsis. */
const clipped = (path: string): string => (path.length <= 160 ? path : `${path.slice(0, 159)}…`);
const FILTERS = '/api/v1/public/saved-filters';

forEachAdapter((adapter) => {
  describe('input hygiene (REST)', () => {
    let server: TestServer;
    let metadataFilterId: string;
    before(async () => {
      server = await startTestServer(adapter);
      const created = await server.request().post(FILTERS).set('x-api-key', server.tenant.apiKey).send({ name: 'by model', filters: [{ id: 'm', field: 'metadata.n', operator: 'is_any_of', value: ['a'] }] });
      metadataFilterId = expectEnvelope<{ id: string }>(created, 201).id;
    });
    after(async () => server.close());

    const key = () => server.tenant.apiKey;
    const postText = (path: string, text: string) => server.request().post(path).set('x-api-key', key()).set('content-type', 'application/json').send(text);
    const traceText = (metadataJson: string, id = randomUUID()) => `{"trace_id":"${id}","name":"t","metadata":{"n":${metadataJson}}}`;
    const fieldError = (res: Parameters<typeof expectProblem>[0], code: string, path: string) => {
      const body = expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(body.errors).to.have.length(1);
      const [error] = body.errors as { code: string; path: string; message: string }[];
      expect(error.code).to.equal(code);
      expect(error.path).to.equal(path);
      return error;
    };

    describe('POST /api/v1/public/traces', () => {
      it(`metadata nested 1,100 levels: 400 too_deep at the level past ${MAX_JSON_DEPTH}, nothing stored`, async () => {
        const res = await postText(TRACES, traceText(nestedJson(1100)));
        const error = fieldError(res, 'too_deep', clipped(`/body/metadata/n${'/a'.repeat(MAX_JSON_DEPTH - 2)}`));
        expect(error.message).to.equal(`nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels`);
        expect((await server.request().get(TRACES).set('x-api-key', key())).body.data.traces).to.deep.equal([]);
      });

      it('10,000-level nesting: 400, not a stack overflow', async () => {
        fieldError(await postText(TRACES, traceText('['.repeat(10_000) + ']'.repeat(10_000))), 'too_deep', clipped(`/body/metadata/n${'/0'.repeat(MAX_JSON_DEPTH - 2)}`));
      });

      it('exactly the documented depth is accepted (body, metadata and 62 levels inside n: 64)', async () => {
        expectEnvelope(await postText(TRACES, traceText(nestedJson(MAX_JSON_DEPTH - 2, '"a"'))), 201);
      });

      it('a NUL in a metadata string: 400 nul_character naming the field', async () => {
        fieldError(await server.request().post(TRACES).set('x-api-key', key()).send(sampleTrace({ metadata: { n: 'a\u0000b' } })), 'nul_character', '/body/metadata/n');
      });

      it('a NUL in a member name: 400 naming the member', async () => {
        fieldError(await postText(TRACES, '{"name":"t","metadata":{"a\\u0000":1}}'), 'nul_character', '/body/metadata/a\u0000');
      });

      it('a lone surrogate in metadata: 400 lone_surrogate', async () => {
        fieldError(await postText(TRACES, traceText('"\\ud800x"')), 'lone_surrogate', '/body/metadata/n');
      });

      it('a properly paired surrogate (an emoji) is stored and read back', async () => {
        const id = randomUUID();
        expectEnvelope(await postText(TRACES, traceText('"\\ud83d\\ude00"', id)), 201);
        const trace = expectEnvelope<{ metadata: Record<string, unknown> }>(await server.request().get(`${TRACES}/${id}`).set('x-api-key', key()));
        expect(trace.metadata.n).to.equal('😀');
      });

      it('numbers outside the safe range (1e20, 1e400): 400 unsafe_number', async () => {
        fieldError(await postText(TRACES, traceText('1e20')), 'unsafe_number', '/body/metadata/n');
        fieldError(await postText(TRACES, traceText('-1e400')), 'unsafe_number', '/body/metadata/n');
      });

      it('23:59:60 as a span start time: 400 naming the span field', async () => {
        const trace = sampleTrace({ spans: [{ span_id: 'r', name: 'r', span_type: 'AGENT', status: 'success', start_time: '2026-10-31T23:59:60Z' }] });
        const body = expectProblem(await server.request().post(TRACES).set('x-api-key', key()).send(trace), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((body.errors as { path: string }[]).map((e) => e.path)).to.include('/spans/0/start_time');
      });

      it('Content-Encoding: gzip on a plain body: 400 PUBLIC_API_MALFORMED_JSON; a real gzip body is accepted', async () => {
        const plain = await server.request().post(TRACES).set('x-api-key', key()).set('content-type', 'application/json').set('content-encoding', 'gzip').send('{"name":"x"}');
        expectProblem(plain, 400, 'PUBLIC_API_MALFORMED_JSON');
        const zipped = await server.request().post(TRACES).set('x-api-key', key()).set('content-type', 'application/json').set('content-encoding', 'gzip').serialize(((body: Buffer) => body) as unknown as (body: unknown) => string).send(gzipSync(JSON.stringify(sampleTrace())));
        expectEnvelope(zipped, 201);
      });

      it('a body that is JSON null or a bare string: 400 PUBLIC_API_MALFORMED_JSON', async () => {
        expectProblem(await postText(TRACES, 'null'), 400, 'PUBLIC_API_MALFORMED_JSON');
        expectProblem(await postText(TRACES, '"x"'), 400, 'PUBLIC_API_MALFORMED_JSON');
      });
    });

    describe('GET /api/v1/public/traces', () => {
      it('?framework=%00: 400 naming /query/framework', async () => {
        fieldError(await server.request().get(`${TRACES}?framework=%00`).set('x-api-key', key()), 'nul_character', '/query/framework');
      });
      it('a lone surrogate in a query value: 400', async () => {
        fieldError(await server.request().get(`${TRACES}?agentName=${encodeURIComponent('x')}%ED%A0%80`).set('x-api-key', key()), 'malformed_encoding', '/query/agentName');
      });
      it('?from=…T23:59:60Z: 400 naming /query/from', async () => {
        const body = expectProblem(await server.request().get(`${TRACES}?from=2026-12-31T23:59:60Z`).set('x-api-key', key()), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((body.errors as { path: string }[])[0].path).to.equal('/query/from');
      });
      it('?minLatencyMs=1e400: 400 unsafe_number', async () => {
        fieldError(await server.request().get(`${TRACES}?minLatencyMs=1e400`).set('x-api-key', key()), 'unsafe_number', '/query/minLatencyMs');
      });
      it('the metadata saved filter keeps answering 200 after every refused write', async () => {
        expectEnvelope(await server.request().get(TRACES).query({ savedFilterId: metadataFilterId }).set('x-api-key', key()));
      });
    });

    describe('POST /api/v1/public/saved-filters', () => {
      it('a NUL in a filter value: 400 naming the value', async () => {
        const res = await server.request().post(FILTERS).set('x-api-key', key()).send({ name: 'nul', filters: [{ id: 'x', field: 'metadata.n', operator: 'is_any_of', value: ['a\u0000'] }] });
        fieldError(res, 'nul_character', '/body/filters/0/value/0');
      });
    });

    describe('POST /api/v1/public/fixes/{id}/comments', () => {
      it('a NUL in a comment: 400 before anything is looked up', async () => {
        const res = await server.request().post(`/api/v1/public/fixes/${randomUUID()}/comments`).set('x-api-key', key()).send({ body: 'x\u0000' });
        fieldError(res, 'nul_character', '/body/body');
      });
    });

    describe('uuid case', () => {
      it('GET /api/v1/public/saved-filters/{id}: upper and lower case find the same filter', async () => {
        const upper = expectEnvelope<{ id: string }>(await server.request().get(`${FILTERS}/${metadataFilterId.toUpperCase()}`).set('x-api-key', key()));
        const lower = expectEnvelope<{ id: string }>(await server.request().get(`${FILTERS}/${metadataFilterId}`).set('x-api-key', key()));
        expect(upper).to.deep.equal(lower);
      });
      it('GET /api/v1/public/traces?savedFilterId=<UPPER>: applies the filter', async () => {
        expectEnvelope(await server.request().get(TRACES).query({ savedFilterId: metadataFilterId.toUpperCase() }).set('x-api-key', key()));
      });
      it('x-project-id in upper case selects the project', async () => {
        const res = await server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.orgApiKey).set('x-project-id', server.tenant.project.id.toUpperCase());
        expect(expectEnvelope<{ id: string }>(res).id).to.equal(server.tenant.project.id);
      });
    });

    describe('path encoding', () => {
      it('a bad percent escape in a path parameter: 400 malformed_encoding', async () => {
        fieldError(await server.request().get(`${FILTERS}/%E0%A4%A`).set('x-api-key', key()), 'malformed_encoding', '/path/id');
      });
      it('%00 in a path parameter: 400 nul_character', async () => {
        fieldError(await server.request().get(`${TRACES}/abc%00`).set('x-api-key', key()), 'nul_character', '/path/traceId');
      });
    });
  });

  describe('input hygiene (POST /mcp)', () => {
    let server: TestServer;
    let send: Awaited<ReturnType<typeof openMcpSession>>;
    before(async () => {
      server = await startTestServer(adapter);
      send = await openMcpSession(server);
    });
    after(async () => server.close());

    it('a null body: 400 -32600 PUBLIC_API_INVALID_REQUEST', async () => {
      expectRpcRejection(await send('null'), 400, -32600, 'PUBLIC_API_INVALID_REQUEST');
    });

    it('search_traces with offset 1e20: 400 -32600 naming /params/arguments/offset', async () => {
      const data = expectRpcRejection(await send('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"search_traces","arguments":{"query":"x","offset":1e20}}}'), 400, -32600, 'PUBLIC_API_VALIDATION_FAILED');
      expect(data.errors).to.deep.equal([{ code: 'unsafe_number', message: `must be finite and between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`, path: '/params/arguments/offset' }]);
    });

    it('10,000-level nesting in tool arguments: 400 -32600 too_deep, not -32603', async () => {
      const data = expectRpcRejection(await send(`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"log_trace","arguments":{"name":"x","metadata":${nestedJson(10_000)}}}}`), 400, -32600, 'PUBLIC_API_VALIDATION_FAILED');
      expect((data.errors as { code: string }[])[0].code).to.equal('too_deep');
    });

    it('a NUL in a tool argument: 400 nul_character naming it', async () => {
      const data = expectRpcRejection(await send({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'search_traces', arguments: { query: 'a\u0000' } } }), 400, -32600, 'PUBLIC_API_VALIDATION_FAILED');
      expect((data.errors as { path: string }[])[0].path).to.equal('/params/arguments/query');
    });

    it('triage_get with an upper-case fix uuid finds the fix (the contract\'s uuid parameters lower-cased, as for REST)', async () => {
      const fixId = (await server.runtime.services.fixes.create(server.tenant.project.id, { title: 'Case-blind', severity: 'low' }, 'user:seed')).id;
      expect(fixId).to.equal(fixId.toLowerCase());
      const res = await send({ jsonrpc: '2.0', id: 10, method: 'tools/call', params: { name: 'triage_get', arguments: { fix_id: fixId.toUpperCase() } } });
      expect(res.status, res.text).to.equal(200);
      const result = res.body.result as { isError?: boolean; content: { type: string; text: string }[] };
      expect(result.isError, res.text).to.not.equal(true);
      expect(JSON.parse(result.content[0].text)).to.include({ id: fixId, title: 'Case-blind' });
    });

    it('Content-Encoding: gzip on a plain body: 400, not -32603', async () => {
      const res = await server.request().post('/mcp').set('x-api-key', server.tenant.apiKey).set('content-type', 'application/json').set('content-encoding', 'gzip').send('{}');
      expect(res.status).to.equal(400);
      expect(res.body.error.code).to.not.equal(-32603);
    });
  });
});

describe('json hygiene rules', () => {
  it('counts only real nesting: brackets inside strings and escaped quotes do not count', async () => {
    const { findExcessiveNesting, parseCheckedJson } = await import('../../src/http/json-hygiene.js');
    const text = JSON.stringify({ a: '['.repeat(500), b: '\\"{'.repeat(300), c: [[['x']]] });
    expect(findExcessiveNesting(text, '/body')).to.equal(null);
    expect(parseCheckedJson(text, '/body')).to.deep.include({ c: [[['x']]] });
  });

  it('names the member path of the first level past the limit, escaping / and ~ as JSON pointers', async () => {
    const { findExcessiveNesting } = await import('../../src/http/json-hygiene.js');
    const text = `{"x/y":[0,${'{"~k":'.repeat(70)}1${'}'.repeat(70)}]}`;
    const violation = findExcessiveNesting(text, '/body');
    expect(violation?.code).to.equal('too_deep');
    expect(violation?.path).to.equal(`/body/x~1y/1${'/~0k'.repeat(MAX_JSON_DEPTH - 2)}`);
  });

  it('accepts the largest safe integers and refuses the next', async () => {
    const { parseCheckedJson } = await import('../../src/http/json-hygiene.js');
    expect(parseCheckedJson(`[${Number.MAX_SAFE_INTEGER},-${Number.MAX_SAFE_INTEGER},1.5e-300]`, '')).to.have.length(3);
    expect(() => parseCheckedJson('[9007199254740992]', '')).to.throw(/unsafe|finite/);
  });

  // The one-pass shortcut for clean text must never let through what the exact checks refuse,
  // nor refuse what they accept: each document gets the same outcome either way.
  const refused: [string, string][] = [
    ['{"a":"x\\u0000y"}', 'nul_character'],
    ['{"\\u0000":1}', 'nul_character'],
    ['["\\ud800"]', 'lone_surrogate'],
    ['["\\uDC00x"]', 'lone_surrogate'],
    ['["\\ude00\\ud83d"]', 'lone_surrogate'],
    ['[1e400]', 'unsafe_number'],
    ['[-1E+20]', 'unsafe_number'],
    ['[0.5e+400]', 'unsafe_number'],
    ['[12345678901234567890]', 'unsafe_number'],
    ['{"n":9007199254740992.0}', 'unsafe_number'],
    [`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`, 'too_deep'],
  ];
  for (const [text, code] of refused) {
    it(`refuses ${text.length > 40 ? `${text.slice(0, 40)}…` : text} as ${code}`, async () => {
      const { parseCheckedJson } = await import('../../src/http/json-hygiene.js');
      expect(() => parseCheckedJson(text, '/body')).to.throw().that.satisfies((error: { errors?: { code: string }[] }) => error.errors?.[0]?.code === code);
    });
  }

  const accepted = [
    '["\\ud83d\\ude00 escaped pair", "😀 raw pair"]',
    '[1.5e3, 0.1E-2, 1234567890.1234567890, 9007199254740991, 0.00000000000000000001]',
    '{"text":"1e400 and 99999999999999999999 inside a string, \\\\u0000 is a backslash then u0000"}',
    '[true, false, null, "e", {"e":1}]',
    '[1.2e-7, 0.0012345678901234567, -0.5E-3, 123456789012345]',
    `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`,
  ];
  for (const text of accepted) {
    it(`accepts ${text.length > 40 ? `${text.slice(0, 40)}…` : text} and parses it as JSON.parse does`, async () => {
      const { parseCheckedJson } = await import('../../src/http/json-hygiene.js');
      expect(parseCheckedJson(text, '/body')).to.deep.equal(JSON.parse(text));
    });
  }
});
