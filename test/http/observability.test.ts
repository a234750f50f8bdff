import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { LATEST_PROTOCOL_VERSION } from '../../src/tools/protocol.js';
import { createLogger, prettyLine } from '../../src/observability/logger.js';
import { forEachAdapter } from '../support/adapters.js';
import { WEEK_MS, weekStart, weekStored } from '../../adapters/postgres/time-partitions.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { REQUEST_ID } from '../support/problem.js';
import { sampleTrace } from '../traces/fixtures.js';
import { startToolServer, type ToolServerFixture } from '../tools/tool-server.js';

const METRICS_TOKEN = 'metrics-token-for-tests';

/** The value of one series in Prometheus text (0 when absent), matched on name and exact label set. */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(/,(?=[a-zA-Z_]+=")/).filter(Boolean).sort().join(',');
    if (have === wanted) return Number(match[3]);
  }
  return 0;
}

/** Log lines a test can read: what the runtime's logger wrote, one parsed object per line. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger({ level: 'info', destination, pretty: false }) };
}

forEachAdapter((adapter) => {
  describe('GET /healthz', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    it('answers 200 {status: ok} without credentials, with a request id and no caching', async () => {
      const res = await server.request().get('/healthz');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ status: 'ok' });
      expect(res.headers['x-request-id']).to.match(REQUEST_ID);
      expect(res.headers['cache-control']).to.equal('no-store');
    });

    it('still answers 200 while draining: the process is alive', async () => {
      server.runtime.lifecycle.startDraining();
      const res = await server.request().get('/healthz');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ status: 'ok' });
    });
  });

  describe('GET /readyz', () => {
    // The partitions check is PostgreSQL's only: SQLite's storage is not partitioned.
    const partitionsOk = adapter === 'postgres' ? { partitions: { status: 'ok' } } : {};
    let server: TestServer;
    beforeEach(async () => {
      server = await startTestServer(adapter);
    });
    afterEach(async () => server.close());

    it('answers 200 ready with each check when the database answers and every migration ran', async () => {
      const res = await server.request().get('/readyz');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        status: 'ready',
        checks: { database: { status: 'ok' }, migrations: { status: 'ok' }, ...partitionsOk, draining: { status: 'ok' } },
      });
    });

    if (adapter === 'postgres') {
      it("answers 503 when next week's partition of a partitioned table is missing, naming the week and the table", async () => {
        const knex = server.runtime.database.knex;
        const next = weekStart(Date.now()) + WEEK_MS;
        // Right after migration 053 the legacy partition covers next week (it ends the week after):
        // made to end at next week, as if the weeks had passed with the scheduler stopped.
        expect(await weekStored(knex, 'spans', next)).to.equal(true);
        await knex.raw('ALTER TABLE spans DETACH PARTITION spans_legacy');
        await knex.raw(`ALTER TABLE spans ATTACH PARTITION spans_legacy FOR VALUES FROM (MINVALUE) TO (${next})`);
        const res = await server.request().get('/readyz');
        expect(res.status).to.equal(503);
        expect(res.body.checks.partitions).to.deep.equal({
          status: 'failing',
          detail: `no partition for the week of ${new Date(next).toISOString().slice(0, 10)} in spans: is the scheduler's time-partitions task running?`,
        });
      });
    }

    it('answers 503 not_ready while draining, saying so', async () => {
      server.runtime.lifecycle.startDraining();
      const res = await server.request().get('/readyz');
      expect(res.status).to.equal(503);
      expect(res.body).to.deep.equal({
        status: 'not_ready',
        checks: { database: { status: 'ok' }, migrations: { status: 'ok' }, ...partitionsOk, draining: { status: 'failing', detail: 'the process is shutting down' } },
      });
    });

    it('answers 503 when the database is behind the code (a migration not applied)', async () => {
      const knex = server.runtime.database.knex;
      const last = (await knex('knex_migrations').orderBy('id', 'desc').first('name')) as { name: string };
      await knex('knex_migrations').where('name', last.name).delete();
      const res = await server.request().get('/readyz');
      expect(res.status).to.equal(503);
      expect(res.body.status).to.equal('not_ready');
      expect(res.body.checks.migrations).to.deep.equal({ status: 'failing', detail: `1 migration(s) not applied: ${last.name}` });
      expect(res.body.checks.database).to.deep.equal({ status: 'ok' });
    });

    it('answers 503 when the database cannot be reached', async () => {
      await server.runtime.database.knex.destroy();
      const res = await server.request().get('/readyz');
      expect(res.status).to.equal(503);
      expect(res.body.checks.database.status).to.equal('failing');
      expect(res.body.checks.migrations).to.deep.equal({ status: 'failing', detail: 'database unreachable' });
    });
  });

  describe('GET /readyz with REDIS_URL', () => {
    it('checks Redis: ok when it answers', async () => {
      const server = await startTestServer(adapter, { env: { REDIS_URL: 'redis://127.0.0.1:6379' } });
      try {
        const res = await server.request().get('/readyz');
        expect(res.status).to.equal(200);
        expect(res.body.checks.redis).to.deep.equal({ status: 'ok' });
      } finally {
        await server.close();
      }
    });

    it('answers 503 when Redis does not answer, while requests still run on the local fallback', async () => {
      const server = await startTestServer(adapter, { env: { REDIS_URL: 'redis://127.0.0.1:1' } });
      try {
        const res = await server.request().get('/readyz');
        expect(res.status).to.equal(503);
        expect(res.body.checks.redis.status).to.equal('failing');
        expect(res.body.checks.database).to.deep.equal({ status: 'ok' });
      } finally {
        await server.close();
      }
    });
  });

  describe('GET /metrics', () => {
    let fixture: ToolServerFixture;
    let server: TestServer;
    const scrape = async (): Promise<string> => {
      const res = await fixture.http().get('/metrics').set('authorization', `Bearer ${METRICS_TOKEN}`);
      expect(res.status).to.equal(200);
      return res.text;
    };
    before(async () => {
      fixture = await startToolServer(adapter, { env: { METRICS_TOKEN } });
      server = fixture.server;
    });
    after(async () => fixture.close());

    it('answers 401 with WWW-Authenticate without the token or with a wrong one', async () => {
      for (const header of [undefined, 'Bearer wrong', METRICS_TOKEN]) {
        const request = fixture.http().get('/metrics');
        const res = header ? await request.set('authorization', header) : await request;
        expect(res.status).to.equal(401);
        expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
        expect(res.headers['www-authenticate']).to.equal('Bearer realm="metrics"');
        expect(res.body).to.deep.include({ status: 401, code: 'PUBLIC_API_UNAUTHENTICATED', instance: '/metrics', detail: 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.' });
        expect(res.text).to.not.contain('tracewell_');
      }
    });

    it('answers Prometheus text with the token', async () => {
      const res = await fixture.http().get('/metrics').set('authorization', `Bearer ${METRICS_TOKEN}`);
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.equal('text/plain; version=0.0.4; charset=utf-8');
      expect(res.text).to.contain('# TYPE tracewell_http_request_duration_seconds histogram');
      expect(res.text).to.contain('# TYPE tracewell_queue_depth gauge');
      expect(res.text).to.contain('tracewell_process_resident_memory_bytes');
    });

    it('counts ingested traces and spans, and times the request by operation and status', async () => {
      const before = await scrape();
      const res = await server.request().post('/api/v1/public/traces').set('x-api-key', server.tenant.apiKey).send(sampleTrace({ trace_id: 'metrics-1' }));
      expect(res.status).to.equal(201);
      const after = await scrape();
      expect(metricValue(after, 'tracewell_ingested_traces_total') - metricValue(before, 'tracewell_ingested_traces_total')).to.equal(1);
      expect(metricValue(after, 'tracewell_ingested_spans_total') - metricValue(before, 'tracewell_ingested_spans_total')).to.equal(3);
      const labels = { operation: 'ingestTrace', status: '201' };
      expect(metricValue(after, 'tracewell_http_request_duration_seconds_count', labels) - metricValue(before, 'tracewell_http_request_duration_seconds_count', labels)).to.equal(1);
    });

    it('reports the pending detection jobs of the shared queue with their age', async () => {
      const text = await scrape();
      // The harness runs no worker: the job the ingest above enqueued is still waiting.
      const pending = Number(((await server.runtime.database.knex('detection_jobs').where('status', 'pending').count('* as n')) as { n: number | string }[])[0].n);
      expect(pending).to.be.greaterThan(0);
      expect(metricValue(text, 'tracewell_queue_depth', { queue: 'detections' })).to.equal(pending);
      expect(metricValue(text, 'tracewell_queue_depth', { queue: 'webhooks' })).to.equal(0);
      expect(metricValue(text, 'tracewell_queue_oldest_age_seconds', { queue: 'webhooks' })).to.equal(0);
      expect(text).to.match(/^tracewell_db_pool_connections\{state="max"\} [1-9]\d*$/m);
    });

    it('counts tool calls by tool and outcome', async () => {
      const headers = { 'x-api-key': server.tenant.apiKey, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
      const init = await fixture.http().post('/mcp').set(headers).send(
        JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'm', version: '1' } } }),
      );
      const session = { ...headers, 'mcp-session-id': init.headers['mcp-session-id'] as string, 'mcp-protocol-version': LATEST_PROTOCOL_VERSION };
      const call = (id: number, name: string, args: Record<string, unknown>) =>
        fixture.http().post('/mcp').set(session).send(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }));
      const before = await scrape();
      expect((await call(1, 'echo', { query: 'x' })).status).to.equal(200);
      expect((await call(2, 'fail_with', { status: 404 })).status).to.equal(200);
      await call(3, 'echo', {});
      await call(4, 'no_such_tool', {});
      const after = await scrape();
      const delta = (labels: Record<string, string>) => metricValue(after, 'tracewell_tool_calls_total', labels) - metricValue(before, 'tracewell_tool_calls_total', labels);
      expect(delta({ tool: 'echo', outcome: 'ok' })).to.equal(1);
      expect(delta({ tool: 'fail_with', outcome: 'tool_error' })).to.equal(1);
      // Arguments outside the schema are a tool error since MCP 2025-11-25, not a rejected call.
      expect(delta({ tool: 'echo', outcome: 'tool_error' })).to.equal(1);
      expect(delta({ tool: 'unknown', outcome: 'rejected' })).to.equal(1);
      expect(after).to.not.contain('no_such_tool');
    });
  });

  describe('GET /metrics: rate-limit rejections', () => {
    it('counts each 429 by operation', async () => {
      const server = await startTestServer(adapter, { env: { METRICS_TOKEN, RATE_LIMIT_READ_PER_MINUTE: '1' } });
      try {
        const scrape = async () => (await server.request().get('/metrics').set('authorization', `Bearer ${METRICS_TOKEN}`)).text;
        const labels = { operation: 'getProject' };
        const before = metricValue(await scrape(), 'tracewell_rate_limit_rejections_total', labels);
        const read = () => server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.apiKey);
        expect([(await read()).status, (await read()).status, (await read()).status]).to.deep.equal([200, 429, 429]);
        expect(metricValue(await scrape(), 'tracewell_rate_limit_rejections_total', labels) - before).to.equal(2);
      } finally {
        await server.close();
      }
    });
  });

  describe('GET /metrics: webhook delivery attempts', () => {
    it('counts each recorded attempt by the status it left the delivery in', async () => {
      const receiver = createServer((req, res) => {
        req.resume();
        req.on('end', () => res.writeHead(req.url === '/ok' ? 200 : 500).end());
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      const { port } = receiver.address() as AddressInfo;
      const server = await startTestServer(adapter, { env: { METRICS_TOKEN, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      try {
        const { store, services, clock } = server.runtime;
        for (const name of ['ok', 'fail']) {
          await store.webhooks.create({
            id: randomUUID(),
            projectId: server.tenant.project.id,
            name,
            destinationUrl: `http://127.0.0.1:${port}/${name}`,
            secretCiphertext: null,
            enabled: true,
            eventTypes: ['alert.per_event_match'],
            createdAt: clock.now(),
            updatedAt: clock.now(),
          });
        }
        await store.transaction((tx) =>
          services.events.publish(tx, { type: 'alert.per_event_match', projectId: server.tenant.project.id, occurredAt: clock.now(), data: { traceId: 't-1' } }),
        );
        const scrape = async () => (await server.request().get('/metrics').set('authorization', `Bearer ${METRICS_TOKEN}`)).text;
        const name = 'tracewell_webhook_delivery_attempts_total';
        const before = await scrape();
        expect(await services.webhookDispatcher.runOnce()).to.equal(2);
        const after = await scrape();
        expect(metricValue(after, name, { outcome: 'succeeded' }) - metricValue(before, name, { outcome: 'succeeded' })).to.equal(1);
        expect(metricValue(after, name, { outcome: 'pending' }) - metricValue(before, name, { outcome: 'pending' })).to.equal(1);
        expect(metricValue(after, 'tracewell_queue_depth', { queue: 'webhooks' })).to.equal(1);
      } finally {
        await server.close();
        receiver.close();
      }
    });
  });

  describe('GET /metrics without METRICS_TOKEN', () => {
    it('answers 404: metrics are off unless a token protects them', async () => {
      const server = await startTestServer(adapter);
      try {
        const res = await server.request().get('/metrics').set('authorization', 'Bearer anything');
        expect(res.status).to.equal(404);
        expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
        expect(res.body).to.deep.include({ status: 404, code: 'PUBLIC_API_ROUTE_NOT_FOUND', instance: '/metrics', detail: 'Metrics are off on this server; set METRICS_TOKEN to serve them.' });
      } finally {
        await server.close();
      }
    });
  });

  describe('request log lines', () => {
    it('writes one JSON line per request: request id, operation, status, duration and project; never the key or the body', async () => {
      const { lines, logger } = capturedLogger();
      const server = await startTestServer(adapter, { logger });
      try {
        const res = await server.request().post('/api/v1/public/traces').set('x-api-key', server.tenant.apiKey).send(sampleTrace({ trace_id: 'logged-1' }));
        expect(res.status).to.equal(201);
        await server.request().get('/api/v1/public/nowhere');
        const requests = lines.filter((line) => line.msg === 'request');
        expect(requests).to.have.length(2);
        const [ingest, missing] = requests;
        expect(Object.keys(ingest).sort()).to.deep.equal(['durationMs', 'level', 'method', 'msg', 'operation', 'pid', 'project', 'reqId', 'status', 'time']);
        expect(ingest).to.include({ level: 'info', reqId: res.headers['x-request-id'], method: 'POST', operation: 'ingestTrace', status: 201, project: server.tenant.project.id });
        expect(ingest.durationMs).to.be.a('number').at.least(0);
        expect(missing).to.include({ operation: 'public_api_unmatched', status: 404 });
        expect(missing).to.not.have.property('project');
        const text = JSON.stringify(lines);
        expect(text).to.not.contain(server.tenant.apiKey);
        expect(text).to.not.contain('support agent run');
      } finally {
        await server.close();
      }
    });

    it('LOG_REQUESTS=false keeps metrics but writes no request line', async () => {
      const { lines, logger } = capturedLogger();
      const server = await startTestServer(adapter, { logger, env: { LOG_REQUESTS: 'false' } });
      try {
        expect((await server.request().get('/healthz')).status).to.equal(200);
        expect(lines.filter((line) => line.msg === 'request')).to.deep.equal([]);
      } finally {
        await server.close();
      }
    });
  });
});

describe('log line format', () => {
  it('prettyLine renders a JSON line as time, level, message and fields for a terminal', () => {
    const line = JSON.stringify({ level: 'info', time: Date.UTC(2026, 10, 1, 12, 3, 4), pid: 1, msg: 'request', status: 200, operation: 'getProject' });
    expect(prettyLine(line)).to.equal('12:03:04 INFO  request status=200 operation=getProject\n');
  });

  it('prettyLine passes a line that is not JSON through unchanged', () => {
    expect(prettyLine('plain words')).to.equal('plain words');
  });

  it('createLogger writes JSON lines when its destination is not a terminal', () => {
    const { lines, logger } = capturedLogger();
    logger.warn({ setting: 'PORT' }, 'hello');
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include({ level: 'warn', msg: 'hello', setting: 'PORT' });
  });
});
