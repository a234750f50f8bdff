import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { brotliCompressSync } from 'node:zlib';
import type { Response } from 'supertest';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, REQUEST_ID } from '../support/problem.js';
import { otlpJson, hexId } from '../otlp/otlp-bodies.js';
import { expectRpcRejection } from './support.js';

const TRACES = '/api/v1/public/traces';
const BODY_PARSER_ACCEPT = 'gzip, deflate, br, identity';
/** Plain JSON that is not a brotli stream: what the testers sent with `Content-Encoding: br`. */
const NOT_BROTLI = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
const asBytes = ((body: Buffer) => body) as unknown as (body: unknown) => string;

/** A Problem of any route (the instance is the request path, not necessarily the public API's). */
function expectRouteProblem(res: Response, status: number, code: string, instance: string): Record<string, unknown> {
  expect(res.status, res.text).to.equal(status);
  expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
  expect(res.headers['x-request-id']).to.match(REQUEST_ID);
  expect(res.body).to.include({ status, code, instance, requestId: res.headers['x-request-id'] });
  expect(res.text).to.not.match(/Decompression failed|ERR__|Z_DATA|at .+\.js:\d+/);
  return res.body as Record<string, unknown>;
}

forEachAdapter((adapter) => {
  describe('Content-Encoding on every body-reading route', () => {
    let server: TestServer;
    const logs: string[] = [];
    before(async () => {
      server = await startTestServer(adapter, { log: (message) => logs.push(message) });
    });
    after(async () => server.close());
    beforeEach(() => {
      logs.length = 0;
    });
    // No refusal of a body is an internal failure: nothing reaches the log.
    afterEach(() => expect(logs.filter((line) => /failed|stack|Error/.test(line))).to.deep.equal([]));

    const post = (path: string, encoding: string, contentType = 'application/json') =>
      server.request().post(path).set('content-type', contentType).set('content-encoding', encoding);

    describe('POST /mcp (JSON-RPC errors, before any credential)', () => {
      it('br on a body that is not brotli: 400 -32000 PUBLIC_API_MALFORMED_JSON, not -32603', async () => {
        const data = expectRpcRejection(await post('/mcp', 'br').send(NOT_BROTLI), 400, -32000, 'PUBLIC_API_MALFORMED_JSON');
        expect(data.error).to.equal('The request body could not be decoded with its Content-Encoding.');
      });

      it('an unknown coding (zstd): 415 -32000 PUBLIC_API_UNSUPPORTED_ENCODING with Accept-Encoding', async () => {
        const res = await post('/mcp', 'zstd').send(NOT_BROTLI);
        expectRpcRejection(res, 415, -32000, 'PUBLIC_API_UNSUPPORTED_ENCODING');
        expect(res.headers['accept-encoding']).to.equal(BODY_PARSER_ACCEPT);
      });

      it('a real brotli body is read', async () => {
        const res = await post('/mcp', 'br').set('x-api-key', server.tenant.apiKey).serialize(asBytes)
          .send(brotliCompressSync(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'br', version: '1' } } })));
        expect(res.status, res.text).to.equal(200);
        expect(res.body.id).to.equal(3);
      });
    });

    describe('POST /oauth/register, /oauth/token, /account/password (Problems, before any credential)', () => {
      for (const [path, contentType] of [
        ['/oauth/register', 'application/json'],
        ['/oauth/token', 'application/x-www-form-urlencoded'],
        ['/account/password', 'application/x-www-form-urlencoded'],
      ]) {
        it(`${path}: br on a body that is not brotli: 400 PUBLIC_API_MALFORMED_JSON`, async () => {
          const body = expectRouteProblem(await post(path, 'br', contentType).send('grant_type=x&client_id=y'), 400, 'PUBLIC_API_MALFORMED_JSON', path);
          expect(body.detail).to.equal('The request body could not be decoded with its Content-Encoding.');
        });

        it(`${path}: an unknown coding (compress): 415 PUBLIC_API_UNSUPPORTED_ENCODING with Accept-Encoding`, async () => {
          const res = await post(path, 'compress', contentType).send('grant_type=x');
          expectRouteProblem(res, 415, 'PUBLIC_API_UNSUPPORTED_ENCODING', path);
          expect(res.headers['accept-encoding']).to.equal(BODY_PARSER_ACCEPT);
        });
      }
    });

    describe(`POST ${TRACES} (Problems)`, () => {
      it('br on a body that is not brotli: 400 PUBLIC_API_MALFORMED_JSON', async () => {
        expectRouteProblem(await post(TRACES, 'br').set('x-api-key', server.tenant.apiKey).send('{"name":"x"}'), 400, 'PUBLIC_API_MALFORMED_JSON', TRACES);
      });

      it('a list of codings (gzip, br): 415 with Accept-Encoding, since a parser undoes exactly one', async () => {
        const res = await post(TRACES, 'gzip, br').set('x-api-key', server.tenant.apiKey).send('{"name":"x"}');
        expectRouteProblem(res, 415, 'PUBLIC_API_UNSUPPORTED_ENCODING', TRACES);
        expect(res.headers['accept-encoding']).to.equal(BODY_PARSER_ACCEPT);
      });

      it('an unknown coding without credentials: 415 before authentication (nothing is parsed)', async () => {
        expectRouteProblem(await post(TRACES, 'x-custom').send('{"name":"x"}'), 415, 'PUBLIC_API_UNSUPPORTED_ENCODING', TRACES);
      });

      it('a real brotli body is stored', async () => {
        const id = randomUUID();
        const res = await post(TRACES, 'BR').set('x-api-key', server.tenant.apiKey).serialize(asBytes).send(brotliCompressSync(JSON.stringify({ trace_id: id, name: 'brotli' })));
        expect(expectEnvelope<{ id: string }>(res, 201).id).to.equal(id);
      });
    });

    describe('POST /v1/traces (OTLP Status)', () => {
      it('br: 415 google.rpc.Status code 3 with Accept-Encoding gzip, identity', async () => {
        const body = JSON.stringify(otlpJson([{ traceId: hexId(1, 16), spanId: hexId(1, 8), name: 'br' }]));
        const res = await post('/v1/traces', 'br').set('x-api-key', server.tenant.apiKey).serialize(asBytes).send(brotliCompressSync(body));
        expect(res.status, res.text).to.equal(415);
        expect(res.headers['accept-encoding']).to.equal('gzip, identity');
        expect(res.body).to.deep.equal({ code: 3, message: 'Content-Encoding "br" is not accepted here; send gzip or none.' });
      });
    });
  });
});
