import { expect } from 'chai';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import knexFactory from 'knex';
import { ConcurrencyCaps } from '../../src/domain/fair-share/concurrency-caps.js';
import { payerOf } from '../../src/http/fair-share-middleware.js';
import { isProblemError, type ProblemError } from '../../src/errors.js';
import { buildToolRegistry } from '../../src/tools/registry.js';
import { buildHandlers } from '../../src/handlers/index.js';
import { forEachAdapter, POSTGRES_URL } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { tool, toolContext } from '../support/tool-context.js';
import { sampleTrace } from '../traces/fixtures.js';
import { eventually } from '../support/eventually.js';

const batchOf = (prefix: string, n = 2) => ({ traces: Array.from({ length: n }, (_, i) => sampleTrace({ trace_id: `${prefix}-${i}` })) });

/** A batch ingest whose body is only half sent: it holds its slot until `finish` sends the rest. */
function halfSentBatch(port: number, apiKey: string, body: string): { finish: () => Promise<number> } {
  const bytes = Buffer.from(body);
  const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/v1/public/traces/batch', headers: { 'x-api-key': apiKey, 'content-type': 'application/json', 'content-length': bytes.length } });
  const status = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
  });
  req.write(bytes.subarray(0, 10));
  return {
    finish: () => {
      req.end(bytes.subarray(10));
      return status;
    },
  };
}

/**
 * Resolves with the project key's credential id once its half-sent batch has passed authentication
 * and holds its slot (polled: the request's progress through the middleware is not observable otherwise).
 */
async function slotTaken(server: TestServer, projectId: string): Promise<string> {
  const { id } = await server.runtime.database.knex('api_keys').where({ project_id: projectId }).first('id');
  const caps = server.runtime.services.fairShare;
  await eventually(() => caps.running(id, 'batch_ingest') === 1, { what: 'the held batch took its slot' });
  return id;
}

async function expectToolProblem(call: Promise<unknown>, status: number, code: string): Promise<ProblemError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isProblemError(error), String(error)).to.equal(true);
  expect((error as ProblemError).status).to.equal(status);
  expect((error as ProblemError).code).to.equal(code);
  return error as ProblemError;
}

const A = { credentialId: 'a', tenantId: 'org-a' };
const B = { credentialId: 'b', tenantId: 'org-b' };

async function refusalOf(acquiring: Promise<unknown>): Promise<ProblemError> {
  const error = await acquiring.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isProblemError(error), String(error)).to.equal(true);
  return error as ProblemError;
}

/** Settles pending timers and promises of the caps under a manual monotonic clock. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyCaps', () => {
  describe('slots per credential', () => {
    it('admits up to the cap per credential and class, refuses the next with 429 and Retry-After when there is no queue, and frees a slot on release (once)', async () => {
      const caps = new ConcurrencyCaps({ limits: { search: 2, batch_ingest: 1, trend: 1, analytics: 1 }, queueDepth: 0, maxWaitMs: 1, busyMsPerSecond: 0, burstMs: 0 });
      const a1 = await caps.acquire(A, 'search');
      await caps.acquire(A, 'search');
      const refused = await refusalOf(caps.acquire(A, 'search'));
      expect(refused.status).to.equal(429);
      expect(refused.code).to.equal('PUBLIC_API_CONCURRENCY_LIMITED');
      expect(refused.headers).to.deep.equal({ 'Retry-After': '1' });
      expect(refused.retryable).to.equal(true);
      // Another credential, and another class of the same credential, are not affected.
      await caps.acquire(B, 'search');
      await caps.acquire(A, 'batch_ingest');
      a1();
      a1(); // releasing twice frees one slot only
      expect(caps.running('a', 'search')).to.equal(1);
      await caps.acquire(A, 'search');
      expect((await refusalOf(caps.acquire(A, 'search'))).detail).to.equal('At most 2 searches may run at once per credential; retry when one in flight has finished.');
    });

    it('queues up to CONCURRENCY_QUEUE_PER_CREDENTIAL operations over the cap, starts them in arrival order as slots free, and refuses one beyond the queue at once', async () => {
      const caps = new ConcurrencyCaps({ limits: { search: 1, batch_ingest: 1, trend: 1, analytics: 1 }, queueDepth: 2, maxWaitMs: 60_000, busyMsPerSecond: 0, burstMs: 0 });
      const first = await caps.acquire(A, 'search');
      const started: string[] = [];
      const second = caps.acquire(A, 'search').then((release) => (started.push('second'), release));
      const third = caps.acquire(A, 'search').then((release) => (started.push('third'), release));
      expect(caps.waiting('a', 'search')).to.equal(2);
      expect((await refusalOf(caps.acquire(A, 'search'))).status).to.equal(429);
      await turn();
      expect(started).to.deep.equal([]);
      first();
      (await second)();
      (await third)();
      expect(started).to.deep.equal(['second', 'third']);
      expect(caps.running('a', 'search')).to.equal(0);
      expect(caps.waiting('a', 'search')).to.equal(0);
    });

    it('refuses a queued operation with 429 when it waited CONCURRENCY_QUEUE_WAIT_MS, and drops one whose caller went away', async () => {
      const caps = new ConcurrencyCaps({ limits: { search: 1, batch_ingest: 1, trend: 1, analytics: 1 }, queueDepth: 4, maxWaitMs: 30, busyMsPerSecond: 0, burstMs: 0 });
      const first = await caps.acquire(A, 'search');
      expect((await refusalOf(caps.acquire(A, 'search'))).code).to.equal('PUBLIC_API_CONCURRENCY_LIMITED');
      let leave!: () => void;
      const gone = new Promise<void>((resolve) => (leave = resolve));
      const abandoned = caps.acquire(A, 'search', gone);
      expect(caps.waiting('a', 'search')).to.equal(1);
      leave();
      expect((await refusalOf(abandoned)).status).to.equal(429);
      expect(caps.waiting('a', 'search')).to.equal(0);
      first();
      expect(caps.running('a', 'search')).to.equal(0);
    });
  });

  it('a caller whose queued operation already ran and ended going away later (its close event) does not disturb operations started since', async () => {
    const caps = new ConcurrencyCaps({ limits: { search: 1, batch_ingest: 1, trend: 1, analytics: 1 }, queueDepth: 1, maxWaitMs: 60_000, busyMsPerSecond: 0, burstMs: 0 });
    const first = await caps.acquire(A, 'search');
    let close!: () => void;
    const closed = new Promise<void>((resolve) => (close = resolve));
    const queued = caps.acquire(A, 'search', closed);
    first();
    (await queued)();
    const third = await caps.acquire(A, 'search');
    close();
    await turn();
    expect(caps.running('a', 'search')).to.equal(1);
    third();
    expect(caps.running('a', 'search')).to.equal(0);
  });

  describe('busy time per organization', () => {
    const settings = { limits: { search: 4, batch_ingest: 4, trend: 4, analytics: 4 }, queueDepth: 4, maxWaitMs: 60_000, busyMsPerSecond: 100, burstMs: 50 };

    it('paces an organization that spent its budget while another organization is present, and starts its waiting operation once the debt is repaid', async () => {
      let now = 0;
      const caps = new ConcurrencyCaps(settings, () => now);
      const heavy = await caps.acquire(A, 'search');
      now += 250; // 250 ms busy against a 50 ms burst: 200 ms in debt
      heavy();
      expect(caps.balance('org-a')).to.equal(-200);
      caps.noteActivity('org-b');
      let started = false;
      const next = caps.acquire(A, 'search').then((release) => ((started = true), release));
      await turn();
      expect(started).to.equal(false);
      expect(caps.waiting('a', 'search')).to.equal(1);
      // The other organization is never held back by org-a's debt.
      (await caps.acquire(B, 'search'))();
      // 100 ms of budget a second repays 200 ms of debt in 2 s; the wake-up timer fires on the real clock.
      now += 2000;
      caps.noteActivity('org-b');
      // The wake-up timer runs on the real clock (about 2 s): awaiting the operation waits for it,
      // bounded by this test's timeout.
      (await next)();
      expect(started).to.equal(true);
    }).timeout(5000);

    it('never paces an organization alone on the server, however much it spends (work-conserving)', async () => {
      let now = 0;
      const caps = new ConcurrencyCaps(settings, () => now);
      for (let i = 0; i < 5; i++) {
        const release = await caps.acquire(A, 'batch_ingest');
        now += 500;
        release();
      }
      expect(caps.balance('org-a')).to.be.below(-2000);
      const release = await caps.acquire(A, 'batch_ingest');
      release();
      // Another organization last seen more than a second ago no longer counts as present.
      caps.noteActivity('org-b');
      now += 1001;
      (await caps.acquire(A, 'batch_ingest'))();
    });

    it('refuses at once, without queueing, when the budget is in debt and there is no queue', async () => {
      let now = 0;
      const caps = new ConcurrencyCaps({ ...settings, queueDepth: 0 }, () => now);
      const release = await caps.acquire(A, 'trend');
      now += 100;
      release();
      caps.noteActivity('org-b');
      expect((await refusalOf(caps.acquire(A, 'trend'))).code).to.equal('PUBLIC_API_CONCURRENCY_LIMITED');
    });
  });
});

forEachAdapter((adapter) => {
  describe('fair share: per-credential caps on expensive operations', () => {
    let server: TestServer;
    let listener: Server;
    let port: number;

    before(async () => {
      server = await startTestServer(adapter, {
        env: {
          CONCURRENCY_BATCH_INGEST_PER_CREDENTIAL: '1',
          CONCURRENCY_SEARCH_PER_CREDENTIAL: '1',
          CONCURRENCY_TREND_PER_CREDENTIAL: '1',
          CONCURRENCY_ANALYTICS_PER_CREDENTIAL: '1',
          // The refusals first; queueing has its own server below.
          CONCURRENCY_QUEUE_PER_CREDENTIAL: '0',
          DETECTION_WORKER_ENABLED: 'false',
        },
      });
      listener = http.createServer(server.app);
      await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
      port = (listener.address() as AddressInfo).port;
    });
    after(async () => {
      listener.closeAllConnections();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
      await server.close();
    });

    describe('POST /api/v1/public/traces/batch', () => {
      it('refuses a second batch of the same credential while one is in flight (429, Retry-After: 1), admits other credentials, and admits it again once the first finished', async () => {
        const held = halfSentBatch(port, server.tenant.apiKey, JSON.stringify(batchOf('held')));
        await slotTaken(server, server.tenant.project.id);
        const second = await server.request().post('/api/v1/public/traces/batch').set('x-api-key', server.tenant.apiKey).send(batchOf('second'));
        const body = expectProblem(second, 429, 'PUBLIC_API_CONCURRENCY_LIMITED');
        expect(body.retryable).to.equal(true);
        expect(second.headers['retry-after']).to.equal('1');
        expect(body.detail).to.equal('At most 1 batch ingests may run at once per credential; retry when one in flight has finished.');

        // Another tenant, and another credential of the same organization, each have their own slot.
        expectEnvelope(await server.request().post('/api/v1/public/traces/batch').set('x-api-key', server.other.apiKey).send(batchOf('other')), 201);
        expectEnvelope(await server.request().post('/api/v1/public/traces/batch').set('x-api-key', server.tenant.orgApiKey).set('x-project-id', server.tenant.project.id).send(batchOf('org-key')), 201);

        expect(await held.finish()).to.equal(201);
        expectEnvelope(await server.request().post('/api/v1/public/traces/batch').set('x-api-key', server.tenant.apiKey).send(batchOf('after')), 201);
      });

      it('counts an OTLP export (POST /v1/traces) in the same batch-ingest slot: refused with an OTLP 429 while a native batch holds it', async () => {
        const held = halfSentBatch(port, server.tenant.apiKey, JSON.stringify(batchOf('held-for-otlp')));
        await slotTaken(server, server.tenant.project.id);
        const refused = await server.request().post('/v1/traces').set('x-api-key', server.tenant.apiKey).set('content-type', 'application/json').send({ resourceSpans: [] });
        expect(refused.status).to.equal(429);
        expect(refused.headers['retry-after']).to.equal('1');
        expect(refused.body.message).to.equal('At most 1 batch ingests may run at once per credential; retry when one in flight has finished.');
        expect(await held.finish()).to.equal(201);
        expect((await server.request().post('/v1/traces').set('x-api-key', server.tenant.apiKey).set('content-type', 'application/json').send({ resourceSpans: [] })).status).to.equal(200);
      });

      it('frees the slot when the client goes away mid-body', async () => {
        const bytes = Buffer.from(JSON.stringify(batchOf('abandoned')));
        const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/v1/public/traces/batch', headers: { 'x-api-key': server.tenant.apiKey, 'content-type': 'application/json', 'content-length': bytes.length } });
        req.on('error', () => undefined);
        req.write(bytes.subarray(0, 10));
        const credentialId = await slotTaken(server, server.tenant.project.id);
        req.destroy();
        await eventually(() => server.runtime.services.fairShare.running(credentialId, 'batch_ingest') === 0, { what: 'the abandoned batch gave its slot back' });
        expectEnvelope(await server.request().post('/api/v1/public/traces/batch').set('x-api-key', server.tenant.apiKey).send(batchOf('after-abandon')), 201);
      });
    });

    describe('POST /api/v1/public/traces/batch with a queue (CONCURRENCY_QUEUE_PER_CREDENTIAL)', () => {
      it('holds a batch over the cap until the slot frees and then stores it; refuses one beyond the queue with 429', async () => {
        const queued = await startTestServer(adapter, {
          env: { CONCURRENCY_BATCH_INGEST_PER_CREDENTIAL: '1', CONCURRENCY_QUEUE_PER_CREDENTIAL: '1', CONCURRENCY_QUEUE_WAIT_MS: '30000', DETECTION_WORKER_ENABLED: 'false' },
        });
        const queuedListener = http.createServer(queued.app);
        await new Promise<void>((resolve) => queuedListener.listen(0, '127.0.0.1', resolve));
        const queuedPort = (queuedListener.address() as AddressInfo).port;
        try {
          const caps = queued.runtime.services.fairShare;
          const held = halfSentBatch(queuedPort, queued.tenant.apiKey, JSON.stringify(batchOf('held')));
          const credentialId = await slotTaken(queued, queued.tenant.project.id);
          const waiting = queued.request().post('/api/v1/public/traces/batch').set('x-api-key', queued.tenant.apiKey).send(batchOf('waiting')).then((res) => res);
          await eventually(() => caps.waiting(credentialId, 'batch_ingest') === 1, { what: 'the second batch waiting in the queue' });
          // The queue (one place) is full: the next is refused at once.
          expectProblem(await queued.request().post('/api/v1/public/traces/batch').set('x-api-key', queued.tenant.apiKey).send(batchOf('refused')), 429, 'PUBLIC_API_CONCURRENCY_LIMITED');
          expect(await held.finish()).to.equal(201);
          expectEnvelope(await waiting, 201);
          expect((await queued.request().get('/api/v1/public/traces/waiting-0').set('x-api-key', queued.tenant.apiKey)).status).to.equal(200);
        } finally {
          queuedListener.closeAllConnections();
          await new Promise<void>((resolve) => queuedListener.close(() => resolve()));
          await queued.close();
        }
      });
    });

    describe('busy time per organization (FAIR_SHARE_BUSY_MS_PER_SECOND)', () => {
      it('while another organization is present, holds back an organization in debt — its next batch waits and is refused after CONCURRENCY_QUEUE_WAIT_MS — and serves the other at once', async () => {
        const paced = await startTestServer(adapter, {
          // 1 ms of budget a second and no burst: one batch puts its organization in debt for many seconds.
          env: { FAIR_SHARE_BUSY_MS_PER_SECOND: '1', FAIR_SHARE_BURST_MS: '0', CONCURRENCY_QUEUE_PER_CREDENTIAL: '1', CONCURRENCY_QUEUE_WAIT_MS: '300', DETECTION_WORKER_ENABLED: 'false' },
        });
        try {
          const send = (apiKey: string, prefix: string) => paced.request().post('/api/v1/public/traces/batch').set('x-api-key', apiKey).send(batchOf(prefix));
          // Alone on the server, the first organization is never held back.
          expectEnvelope(await send(paced.tenant.apiKey, 'alone-1'), 201);
          expectEnvelope(await send(paced.tenant.apiKey, 'alone-2'), 201);
          expect(paced.runtime.services.fairShare.balance(paced.tenant.organization.id)).to.be.below(0);
          // The other organization arrives and is served at once, though the first is in debt and present;
          // the first now waits its turn.
          expectEnvelope(await send(paced.other.apiKey, 'other-1'), 201);
          const started = process.hrtime.bigint();
          const refused = await send(paced.tenant.apiKey, 'in-debt');
          const waitedMs = Number(process.hrtime.bigint() - started) / 1e6;
          expectProblem(refused, 429, 'PUBLIC_API_CONCURRENCY_LIMITED');
          expect(refused.headers['retry-after']).to.equal('1');
          expect(waitedMs).to.be.at.least(250);
          expect((await paced.request().get('/api/v1/public/traces/in-debt-0').set('x-api-key', paced.tenant.apiKey)).status).to.equal(404);
        } finally {
          await paced.close();
        }
      });
    });

    describe('tools search_traces and get_detection_trend', () => {
      it('refuse a call over the credential cap with 429 and run it once the slot is free', async () => {
        const tools = buildToolRegistry(buildHandlers(server.runtime.services, server.clock), server.config);
        const context = toolContext(server, server.tenant);
        const caps = server.runtime.services.fairShare;
        await server.runtime.services.detections.create(server.tenant.project.id, { slug: 'errors', displayName: 'Errors', type: 'regex', config: { pattern: 'error' } });

        const payer = payerOf(context.principal);
        const release = await caps.acquire(payer, 'search');
        await expectToolProblem(tool(tools, 'search_traces').handler({ query: 'agent' }, context), 429, 'PUBLIC_API_CONCURRENCY_LIMITED');
        // Another tenant's credential is not held back.
        await tool(tools, 'search_traces').handler({ query: 'agent' }, toolContext(server, server.other));
        release();
        await tool(tools, 'search_traces').handler({ query: 'agent' }, context);

        const trendRelease = await caps.acquire(payer, 'trend');
        await expectToolProblem(tool(tools, 'get_detection_trend').handler({ detection_name: 'errors' }, context), 429, 'PUBLIC_API_CONCURRENCY_LIMITED');
        trendRelease();
        await tool(tools, 'get_detection_trend').handler({ detection_name: 'errors' }, context);
        expect(caps.running(context.principal.credentialId, 'trend')).to.equal(0);
      });
    });

    describe('analytics reads: query_metrics, list_sessions, list_users', () => {
      it('share one analytics slot per credential: each is refused with 429 while it is held and runs once it is free', async () => {
        const tools = buildToolRegistry(buildHandlers(server.runtime.services, server.clock), server.config);
        const context = toolContext(server, server.tenant);
        const caps = server.runtime.services.fairShare;
        const payer = payerOf(context.principal);
        const calls: [string, Record<string, unknown>][] = [
          ['query_metrics', { measures: ['traceCount'], from: '2026-10-01T00:00:00Z', to: '2026-11-02T00:00:00Z' }],
          ['list_sessions', {}],
          ['list_users', {}],
        ];
        for (const [name, args] of calls) {
          const held = await caps.acquire(payer, 'analytics');
          await expectToolProblem(tool(tools, name).handler(args, context), 429, 'PUBLIC_API_CONCURRENCY_LIMITED');
          // Another tenant's credential is not held back.
          await tool(tools, name).handler(args, toolContext(server, server.other));
          held();
          await tool(tools, name).handler(args, context);
        }
        expect(caps.running(context.principal.credentialId, 'analytics')).to.equal(0);
      });
    });

    if (adapter === 'postgres') {
      describe('search statement timeout (PostgreSQL)', () => {
        it('cancels a search that runs past SEARCH_STATEMENT_TIMEOUT_MS and answers 503 PUBLIC_API_SEARCH_TIMEOUT with Retry-After, then searches normally', async () => {
          const timed = await startTestServer('postgres', { env: { SEARCH_STATEMENT_TIMEOUT_MS: '200', DETECTION_WORKER_ENABLED: 'false' } });
          const admin = knexFactory({ client: 'pg', connection: POSTGRES_URL, pool: { min: 1, max: 1 } });
          try {
            const tools = buildToolRegistry(buildHandlers(timed.runtime.services, timed.clock), timed.config);
            const context = toolContext(timed, timed.tenant);
            const schema = (timed.runtime.database.knex.client.config.searchPath as string[])[0];
            // Another session holds the traces table: the search waits on the lock, and statement_timeout counts that wait.
            const locked = admin.transaction();
            const trx = await locked;
            await trx.raw('LOCK TABLE ??.traces IN ACCESS EXCLUSIVE MODE', [schema]);
            const started = process.hrtime.bigint();
            const error = await expectToolProblem(tool(tools, 'search_traces').handler({ query: 'agent' }, context), 503, 'PUBLIC_API_SEARCH_TIMEOUT');
            const waitedMs = Number(process.hrtime.bigint() - started) / 1e6;
            await trx.rollback();
            expect(error.headers).to.deep.equal({ 'Retry-After': '5' });
            expect(error.retryable).to.equal(true);
            expect(error.detail).to.match(/^The search ran longer than 200 ms and was cancelled/);
            // Cancelled by the bound, not by the lock going away: well before the lock holder would have given up.
            expect(waitedMs / 200).to.be.within(0.9, 25);
            const result = (await tool(tools, 'search_traces').handler({ query: 'agent' }, context)) as { total_count: number };
            expect(result.total_count).to.equal(0);
            // The bound was SET LOCAL: it did not stay on the pooled connection.
            const { rows } = await timed.runtime.database.knex.raw('SHOW statement_timeout');
            expect(rows[0].statement_timeout).to.equal('0');
          } finally {
            await admin.destroy();
            await timed.close();
          }
        });
      });
    }
  });
});
