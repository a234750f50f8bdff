import { expect } from 'chai';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { createHttpServer } from '../../src/http/http-server.js';

const LIMITS = { headersTimeoutMs: 5000, requestTimeoutMs: 10_000, keepAliveTimeoutMs: 5000, checkIntervalMs: 1000 };

/**
 * The server builds requests and responses with the app's prototypes, so Express never swaps one
 * (src/http/http-server.ts says why that matters to the garbage collector).
 */
describe('createHttpServer', () => {
  let server: Server;
  let baseUrl: string;
  const app = express();
  app.get('/shape', (req, res) => {
    res.json({
      requestIsAppRequest: Object.getPrototypeOf(req) === app.request,
      responseIsAppResponse: Object.getPrototypeOf(res) === app.response,
      appOfRequest: req.app === app,
      hostname: req.hostname,
      query: req.query,
    });
  });
  app.post('/echo', express.json(), (req, res) => {
    res.status(201).set('X-Echo', 'yes').send({ body: req.body as unknown });
  });

  before(async () => {
    server = createHttpServer(app, LIMITS);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('gives requests and responses the app prototypes before Express sees them: Express changes no prototype', async () => {
    const original = Object.setPrototypeOf;
    let changed = 0;
    Object.setPrototypeOf = ((target: object, prototype: object | null) => {
      if (Object.getPrototypeOf(target) !== prototype) changed += 1;
      return original(target, prototype);
    }) as typeof Object.setPrototypeOf;
    try {
      const response = await fetch(`${baseUrl}/shape?x=1`);
      expect(response.status).to.equal(200);
      await response.json();
    } finally {
      Object.setPrototypeOf = original;
    }
    expect(changed).to.equal(0);
  });

  it('serves Express requests and responses with their own properties and methods', async () => {
    const shape = await (await fetch(`${baseUrl}/shape?x=1`)).json();
    expect(shape).to.deep.equal({ requestIsAppRequest: true, responseIsAppResponse: true, appOfRequest: true, hostname: '127.0.0.1', query: { x: '1' } });
    const echo = await fetch(`${baseUrl}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: [1, 2] }) });
    expect(echo.status).to.equal(201);
    expect(echo.headers.get('x-echo')).to.equal('yes');
    expect(await echo.json()).to.deep.equal({ body: { a: [1, 2] } });
  });

  it('applies the connection limits', () => {
    expect(server.keepAliveTimeout).to.equal(5000);
    expect(server.headersTimeout).to.equal(5000);
    expect(server.requestTimeout).to.equal(10_000);
  });
});
