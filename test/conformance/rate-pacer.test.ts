import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpClient, type Exchange } from '../../conformance/http-client.js';
import { RatePacer } from '../../conformance/rate-pacer.js';

type Answer = { status: number; headers?: Record<string, string> };

/**
 * The kit's rate-limit manners against a scripted server: each request takes the next answer of the
 * script (the last one repeats). The pacer's waits go to a recording waiter that moves a pretend test
 * clock, so nothing sleeps and every wait is exact.
 */
describe('conformance kit: pacing and Retry-After (RatePacer through HttpClient)', () => {
  let server: Server;
  let baseUrl: string;
  let script: Answer[] = [];
  let served: string[] = [];

  before(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      served.push(`${req.method} ${req.url}`);
      const answer = script.length > 1 ? script.shift()! : script[0];
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    served = [];
  });

  const setup = (maxTotalWaitMs = 600_000) => {
    const waits: number[] = [];
    const pacer = new RatePacer(async (ms) => void waits.push(ms), maxTotalWaitMs, true);
    return { waits, pacer, client: new HttpClient(baseUrl, pacer) };
  };
  const limited = (retryAfter: string): Answer => ({ status: 429, headers: { 'retry-after': retryAfter, 'ratelimit-remaining': '0', 'x-service-ratelimit-reset-after': retryAfter } });

  it('waits a 429’s Retry-After and sends again; the 429 is handed to the checker, the success returned', async () => {
    script = [limited('7'), { status: 200 }];
    const { waits, client } = setup();
    const refused: Exchange[] = [];
    const exchange = await client.send({ method: 'POST', url: '/x', body: { a: 1 }, budget: 'key:write' }, (r) => refused.push(r));
    expect(exchange.status).to.equal(200);
    expect(refused.map((r) => r.status)).to.deep.equal([429]);
    expect(waits).to.deep.equal([7000]);
    expect(served).to.deep.equal(['POST /x', 'POST /x']);
  });

  it('holds back the next request of a spent budget until its window resets, and only that budget', async () => {
    script = [{ status: 200, headers: { 'ratelimit-remaining': '0', 'x-service-ratelimit-reset-after': '42' } }, { status: 200 }];
    const { waits, client } = setup();
    await client.send({ method: 'POST', url: '/a', budget: 'key:write' });
    await client.send({ method: 'GET', url: '/b', budget: 'key:read' });
    expect(waits).to.deep.equal([]);
    await client.send({ method: 'POST', url: '/c', budget: 'key:write' });
    expect(waits).to.deep.equal([42_000]);
    expect(served).to.deep.equal(['POST /a', 'GET /b', 'POST /c']);
  });

  it('bounds the total wait: a deployment that keeps refusing gets its 429 back once the budget is spent', async () => {
    script = [limited('60')];
    const { waits, pacer, client } = setup(150_000);
    const exchange = await client.send({ method: 'POST', url: '/x', budget: 'key:write' });
    expect(exchange.status).to.equal(429);
    expect(waits).to.deep.equal([60_000, 60_000]);
    expect(pacer.budgetExhausted).to.equal(true);
    expect(pacer.waited).to.equal(120_000);
  });

  it('reserves a series: waits for the reset up front when fewer requests are left than the series needs, and not again within it', async () => {
    script = [{ status: 200, headers: { 'ratelimit-remaining': '3', 'x-service-ratelimit-reset-after': '60' } }, { status: 200, headers: { 'ratelimit-remaining': '59', 'x-service-ratelimit-reset-after': '60' } }];
    const { waits, pacer, client } = setup();
    await client.send({ method: 'POST', url: '/a', budget: 'key:write' });
    await pacer.reserve('key:write', 3);
    expect(waits).to.deep.equal([]);
    await pacer.reserve('key:write', 4);
    expect(waits).to.deep.equal([60_000]);
    for (const url of ['/b', '/c', '/d', '/e']) await client.send({ method: 'POST', url, budget: 'key:write' });
    expect(waits).to.deep.equal([60_000]);
    expect(served).to.deep.equal(['POST /a', 'POST /b', 'POST /c', 'POST /d', 'POST /e']);
  });

  it('reserves nothing for a budget it has no answer about yet', async () => {
    const { waits, pacer } = setup();
    await pacer.reserve('key:write', 4);
    expect(waits).to.deep.equal([]);
  });

  it('caps one wait at 2 minutes whatever Retry-After says', async () => {
    script = [limited('3600'), { status: 200 }];
    const { waits, client } = setup();
    expect((await client.send({ method: 'GET', url: '/x', budget: 'key:read' })).status).to.equal(200);
    expect(waits).to.deep.equal([120_000]);
  });

  it('sends a request without a budget as is: a 429 provoked on purpose comes back at once', async () => {
    script = [limited('30')];
    const { waits, client } = setup();
    expect((await client.send({ method: 'POST', url: '/mcp' })).status).to.equal(429);
    expect(waits).to.deep.equal([]);
    expect(served).to.deep.equal(['POST /mcp']);
  });

  it('does not wait on a 429 without a valid Retry-After (the checker reports that answer)', async () => {
    script = [{ status: 429, headers: { 'retry-after': 'soon' } }];
    const { waits, client } = setup();
    expect((await client.send({ method: 'POST', url: '/x', budget: 'key:write' })).status).to.equal(429);
    expect(waits).to.deep.equal([]);
  });
});
