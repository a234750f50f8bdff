import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { CONTRACT_PATH } from '../../src/http/contract.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectProblem, REQUEST_ID } from '../support/problem.js';

forEachAdapter((adapter) => {
  let server: TestServer;
  let fileText: string;
  before(async () => {
    server = await startTestServer(adapter);
    fileText = await readFile(CONTRACT_PATH, 'utf8');
  });
  after(() => server.close());

  describe('GET /api/v1/public/openapi.json', () => {
    it('serves the contract as JSON without a credential, equal to contract/openapi.yaml', async () => {
      const res = await server.request().get('/api/v1/public/openapi.json');
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.equal('application/json; charset=utf-8');
      expect(res.headers['x-request-id']).to.match(REQUEST_ID);
      expect(res.headers.etag).to.match(/^"[A-Za-z0-9_-]{27}"$/);
      expect(res.body).to.deep.equal(parse(fileText, { maxAliasCount: -1 }));
      expect(res.body.paths).to.have.property('/api/v1/public/openapi.json');
    });

    it('answers 304 with no body to If-None-Match carrying the ETag', async () => {
      const first = await server.request().get('/api/v1/public/openapi.json');
      const again = await server.request().get('/api/v1/public/openapi.json').set('If-None-Match', first.headers.etag);
      expect(again.status).to.equal(304);
      expect(again.text).to.equal('');
    });

    it('answers 400 Problem naming an undeclared query parameter', async () => {
      const res = await server.request().get('/api/v1/public/openapi.json?format=v2');
      const body = expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(body.errors).to.deep.equal([{ code: 'unknown_query_parameter', message: 'Unknown query parameter', path: '/query/format' }]);
    });
  });

  describe('GET /api/v1/public/openapi.yaml', () => {
    it('serves contract/openapi.yaml byte for byte without a credential', async () => {
      const res = await server.request().get('/api/v1/public/openapi.yaml').buffer(true).parse((r, done) => {
        let text = '';
        r.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        r.on('end', () => done(null, text));
      });
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.equal('application/yaml; charset=utf-8');
      expect(res.body).to.equal(fileText);
    });
  });

  describe('GET /docs', () => {
    it('renders the contract with the Redoc bundle served by the deployment itself (no CDN)', async () => {
      const res = await server.request().get('/docs');
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
      expect(res.text).to.contain('<redoc spec-url="/api/v1/public/openapi.json"></redoc>');
      expect(res.text).to.contain('<script src="/docs/redoc.standalone.js"></script>');
      expect(res.text).to.not.match(/https?:\/\//);
      const bundle = await server.request().get('/docs/redoc.standalone.js');
      expect(bundle.status).to.equal(200);
      expect(bundle.headers['content-type']).to.equal('application/javascript; charset=utf-8');
      expect(Number(bundle.headers['content-length'])).to.be.greaterThan(500_000);
    });

    it('sends a same-origin Content-Security-Policy that forbids framing, and X-Frame-Options DENY', async () => {
      const res = await server.request().get('/docs');
      expect(res.status).to.equal(200);
      expect(res.headers['content-security-policy']).to.equal(
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
      expect(res.headers['x-frame-options']).to.equal('DENY');
      expect(res.headers['x-content-type-options']).to.equal('nosniff');
    });
  });
});
