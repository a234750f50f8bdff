import { expect } from 'chai';
import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';
import { CONSOLE_CLIENT_ID, consoleRouter } from '../../src/http/console-router.js';

const INDEX = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-1.js"></script></body></html>';

describe('console router (static files and SPA fallback)', () => {
  let dist: string;
  let app: express.Express;
  const clients = { find: async () => ({ id: CONSOLE_CLIENT_ID }), register: async () => ({}) } as never;

  before(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'tracewell-console-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    app = express();
    app.use(consoleRouter(clients, 'http://127.0.0.1:8080', dist));
    app.use((_req, res) => res.status(404).send('next'));
  });
  after(() => rmSync(dist, { recursive: true, force: true }));

  it('serves index.html at / and at console routes, never cached, same-origin CSP, not framable', async () => {
    for (const route of ['/', '/traces/abc', '/fixes?x=1']) {
      const res = await supertest(app).get(route);
      expect(res.status, route).to.equal(200);
      expect(res.text).to.equal(INDEX);
      expect(res.headers['content-type']).to.match(/^text\/html/);
      expect(res.headers['cache-control']).to.equal('no-cache');
      expect(res.headers['content-security-policy']).to.contain("default-src 'self'").and.contain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).to.equal('DENY');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const res = await supertest(app).get('/assets/app-1.js');
    expect(res.status).to.equal(200);
    expect(res.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
  });

  it('leaves the API, MCP, OAuth paths, other methods and missing assets to the next handler', async () => {
    for (const route of ['/api/v1/public/nope', '/mcp', '/oauth/authorize', '/.well-known/x', '/assets/missing.js']) {
      expect((await supertest(app).get(route)).text, route).to.equal('next');
    }
    expect((await supertest(app).post('/traces')).text).to.equal('next');
  });

  it('says how to build the console when console/dist is missing', async () => {
    const bare = express().use(consoleRouter(clients, 'http://127.0.0.1:8080', path.join(dist, 'absent')));
    const res = await supertest(bare).get('/');
    expect(res.status).to.equal(200);
    expect(res.text).to.contain('npm run build:console');
  });
});

forEachAdapter((adapter) => {
  describe('console OAuth client', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    it('is registered on the first OAuth request as a public PKCE client redirecting to /auth/callback', async () => {
      expect(await server.runtime.services.oauth.clients.find(CONSOLE_CLIENT_ID)).to.equal(null);
      const res = await server.request().get('/oauth/authorize').query({
        response_type: 'code',
        client_id: CONSOLE_CLIENT_ID,
        redirect_uri: 'http://127.0.0.1:43210/auth/callback',
        scope: 'observability:read',
        state: 's',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      });
      expect(res.status).to.equal(200);
      expect(res.text).to.contain('Tracewell Console');
      const client = await server.runtime.services.oauth.clients.find(CONSOLE_CLIENT_ID);
      expect(client).to.include({ type: 'public', secretHash: null });
      expect(client!.grantTypes).to.deep.equal(['authorization_code', 'refresh_token']);
      expect(client!.redirectUris).to.include('http://127.0.0.1/auth/callback');
    });

    it('keeps API 404s as Problem Details', async () => {
      expectProblem(await server.request().get('/api/v1/public/nope').set('x-api-key', server.tenant.apiKey), 404, 'PUBLIC_API_ROUTE_NOT_FOUND');
    });
  });
});
