import { expect } from 'chai';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { createHttpServer } from '../../src/http/http-server.js';

const LIMITS = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, checkIntervalMs: 1_000 };

/** Every Object.setPrototypeOf call while `run` runs, as [did it change the prototype, target]. */
async function prototypeChanges(run: () => Promise<void>): Promise<{ changed: boolean; target: object }[]> {
  const calls: { changed: boolean; target: object }[] = [];
  const original = Object.setPrototypeOf;
  Object.setPrototypeOf = (target: object, proto: object | null) => {
    calls.push({ changed: Object.getPrototypeOf(target) !== proto, target });
    return original(target, proto);
  };
  try {
    await run();
  } finally {
    Object.setPrototypeOf = original;
  }
  return calls;
}

describe('the HTTP server (createHttpServer)', () => {
  let server: Server;
  let port: number;
  const app = express();
  app.use(express.json());
  app.post('/echo', (req, res) => {
    res.json({ body: req.body as unknown, query: req.query, ip: req.ip, isRequest: Object.getPrototypeOf(req) === app.request });
  });

  before(async () => {
    server = createHttpServer(app, LIMITS);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("makes an express app's requests and responses with its prototypes, so express's per-request Object.setPrototypeOf changes nothing", async () => {
    let answer: unknown;
    const calls = await prototypeChanges(async () => {
      const response = await fetch(`http://127.0.0.1:${port}/echo?x=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":[1,2]}' });
      answer = await response.json();
    });
    expect(answer).to.deep.equal({ body: { a: [1, 2] }, query: { x: '1' }, ip: '127.0.0.1', isRequest: true });
    // express's app.handle sets both prototypes on every request; each found them in place already.
    expect(calls.length).to.be.at.least(2);
    expect(calls.filter((call) => call.changed)).to.deep.equal([]);
  });

  it('serves a plain request listener with Node’s own request and response classes', async () => {
    const plain = createHttpServer((req, res) => res.end(String(Object.getPrototypeOf(req) === Object.getPrototypeOf(Object.getPrototypeOf(app.request)))), LIMITS);
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    try {
      const text = await (await fetch(`http://127.0.0.1:${(plain.address() as AddressInfo).port}/`)).text();
      // express's request prototype inherits from http.IncomingMessage.prototype, which a plain listener's requests have.
      expect(text).to.equal('true');
    } finally {
      plain.closeAllConnections();
      await new Promise<void>((resolve) => plain.close(() => resolve()));
    }
  });
});
