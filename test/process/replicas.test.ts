import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { spawnServer, type ServerProcess } from '../../scripts/bench/server-process.js';
import { loadConfig } from '../../src/config.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { LATEST_PROTOCOL_VERSION } from '../../src/tools/protocol.js';
import { ADAPTERS, POSTGRES_URL } from '../support/adapters.js';
import { eventually } from '../support/eventually.js';
import { outputMatch } from '../support/server-output.js';

/**
 * Several replicas on one PostgreSQL and one Redis, as compose.yaml runs them: three server
 * processes share the queues (detection jobs, webhook deliveries), the rate-limit budget and the
 * data, and a rolling restart under load loses no acknowledged write. PostgreSQL only: SQLite is
 * one file for one process.
 */
const RUN = randomBytes(4).toString('hex');
const DATABASE = `tracewell_replicas_${RUN}`;
const READ_LIMIT = 240;
const MATCH = 'cannot help';
const DAY_MS = 24 * 3600_000;

/** One series' value in Prometheus text (0 when absent). */
function seriesValue(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

interface Replica {
  process: ServerProcess;
  /** An MCP session opened on this replica (sessions live in the process that opened them). */
  session: string;
}

interface Pool {
  pick(): Replica;
  markDown(replica: Replica): void;
}

interface Counters {
  ok: number;
  retried: number;
  /** Refused with 429: the load's one credential spent its shared read budget (READ_LIMIT) — a documented refusal, not a failure. */
  throttled: number;
  failed: number;
}

describe('three replicas on one PostgreSQL and one Redis', function () {
  if (!ADAPTERS.includes('postgres')) return;
  this.timeout(400_000);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'tracewell-replicas-'));
  const databaseUrl = (() => {
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${DATABASE}`;
    return url.toString();
  })();
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: 'redis://127.0.0.1:6379',
    DATA_DIR: dataDir,
    SERVER_SECRET: `replicas-test-secret-${RUN}`,
    WEBHOOK_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*', // the receiver listens on a port of its own; a bare host allows only 80/443
    WEBHOOK_POLL_INTERVAL_MS: '200',
    DETECTION_WORKER_POLL_MS: '100',
    RATE_LIMIT_READ_PER_MINUTE: String(READ_LIMIT),
    RATE_LIMIT_INGEST_PER_MINUTE: '100000',
    TOOL_RATE_LIMIT_PER_MINUTE: '100000',
    // One credential drives every client here; fair share per credential is not under test.
    CONCURRENCY_BATCH_INGEST_PER_CREDENTIAL: '100',
    CONCURRENCY_SEARCH_PER_CREDENTIAL: '100',
    DRAIN_TIMEOUT_SECONDS: '10',
    LOG_LEVEL: 'warn',
    PG_POOL_MAX: '6',
    // The data-lifecycle worker polls often and deletes in small batches, so the retention and
    // purge case below is many short runs that the three replicas contend for.
    LIFECYCLE_WORKER_POLL_MS: '150',
    LIFECYCLE_BATCH_SIZE: '4',
    METRICS_TOKEN: `replicas-metrics-${RUN}`,
  };

  let admin: Knex;
  let db: Knex;
  let seeding: Runtime | undefined;
  const replicas: Replica[] = [];
  /** Every process started, so after() stops one that a failed test never added to `replicas`. */
  const started: ServerProcess[] = [];
  let apiKey: string;
  let receiver: Server;
  const received = new Map<string, number>();
  const acknowledged = new Set<string>();
  const matching = new Set<string>();
  const throughput: { replicas: number; opsPerSecond: number; ingestTracesPerSecond: number; failed: number }[] = [];

  const headers = () => ({ 'x-api-key': apiKey, 'content-type': 'application/json' });

  /**
   * initialize on one replica. A replica just started on a saturated machine can time out taking its
   * first database connections (KnexTimeoutError → 500): the client tries again, as MCP clients do.
   */
  async function openSession(baseUrl: string, output: () => string = () => ''): Promise<string> {
    let last = '';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const res = await fetch(`${baseUrl}/mcp`, {
        method: 'POST',
        headers: { ...headers(), accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'replicas', version: '1' } } }),
      });
      last = `${res.status} ${await res.text()}`;
      if (res.status === 200) return res.headers.get('mcp-session-id')!;
      expect(res.status, last).to.equal(500);
      // A client's back-off before its retry (behaviour under test: the retry succeeds), not a wait for state.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    throw new Error(`initialize failed three times: ${last}\n${output()}`);
  }

  async function startReplica(): Promise<Replica> {
    const process = await spawnServer({ entry: 'src/main.ts', env, startTimeoutMs: 150_000 });
    started.push(process);
    return { process, session: apiKey ? await openSession(process.baseUrl, process.output) : '' };
  }

  before(async () => {
    admin = knexFactory({ client: 'pg', connection: POSTGRES_URL, pool: { min: 0, max: 1 } });
    await admin.raw('CREATE DATABASE ??', [DATABASE]);
    db = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 2 } });

    receiver = createServer((req, res) => {
      const id = String(req.headers['webhook-id']);
      received.set(id, (received.get(id) ?? 0) + 1);
      req.resume();
      req.on('end', () => res.writeHead(200).end('ok'));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));

    // The first replica migrates and provisions the dev project; the others find both done.
    const first = await startReplica();
    [, apiKey] = await outputMatch(first.process, /API key:\s+(tw_pk_[A-Za-z0-9_-]+)/);
    first.session = await openSession(first.process.baseUrl);
    replicas.push(first);

    const post = (route: string, body: unknown) => fetch(`${first.process.baseUrl}/api/v1/public${route}`, { method: 'POST', headers: headers(), body: JSON.stringify(body) });
    const detection = await post('/detections', {
      slug: 'refusals',
      displayName: 'Refusals',
      type: 'regex',
      groupName: 'Quality',
      issueSemantics: { schema_version: 'detector-issue-semantics-v1', polarity: 'problem', truth_role: 'label' },
      config: { pattern: MATCH },
    });
    expect(detection.status, await detection.clone().text()).to.equal(201);
    const { port } = receiver.address() as AddressInfo;
    // Webhooks are managed by users (OAuth), not API keys: written through the repository of an
    // in-process runtime on the same database, as an owner's request would.
    seeding = await createRuntime(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { log: () => undefined });
    const projectId = /project:\s+([0-9a-f-]{36})/.exec(first.process.output())![1];
    const now = new Date();
    const created = await seeding.store.webhooks.create({
      id: randomUUID(),
      projectId,
      name: 'receiver',
      destinationUrl: `http://127.0.0.1:${port}/hook`,
      secretCiphertext: null,
      enabled: true,
      eventTypes: ['alert.per_event_match'],
      createdAt: now,
      updatedAt: now,
    });
    expect(created).to.not.equal(null);
  });

  after(async () => {
    for (const process of started) await process.stop();
    await seeding?.close();
    await db?.destroy();
    receiver?.close();
    await admin?.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [DATABASE]).catch(() => undefined);
    await admin?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let sequence = 0;
  /** Five traces, every third one carrying the detection's phrase. */
  function batch(): { traces: unknown[]; ids: string[] } {
    const ids: string[] = [];
    const traces = Array.from({ length: 5 }, () => {
      const id = `replica-${RUN}-${(sequence += 1)}`;
      ids.push(id);
      const text = sequence % 3 === 0 ? `sorry, I ${MATCH} with that` : 'here is your refund';
      if (sequence % 3 === 0) matching.add(id);
      return {
        trace_id: id,
        name: 'replica load',
        spans: [{ span_id: 'root', name: 'agent', span_type: 'AGENT', status: 'success', latency_ms: 20, output: { text } }],
      };
    });
    return { traces, ids };
  }

  /**
   * One operation of the mix; on a draining replica (503) or a closed connection the client backs
   * off and tries the next replica in the pool, up to five times, as it would behind the proxy. An ingest whose
   * first answer was lost may have committed: the retry's 409 (trace exists) acknowledges it.
   */
  async function operate(kind: number, pool: Pool, counters: Counters): Promise<number> {
    const ingest = kind % 5 < 2 ? batch() : null;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      // The client's back-off between tries, as behind a proxy: part of the load, not synchronisation.
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      const replica = pool.pick();
      const base = replica.process.baseUrl;
      try {
        let res: Response;
        if (ingest) {
          res = await fetch(`${base}/api/v1/public/traces/batch`, { method: 'POST', headers: headers(), body: JSON.stringify({ traces: ingest.traces }) });
        } else if (kind % 5 === 2) {
          res = await fetch(`${base}/api/v1/public/traces?limit=20`, { headers: headers() });
        } else {
          const name = kind % 5 === 3 ? 'search_traces' : 'list_detections';
          const args = name === 'search_traces' ? { query: 'refund', limit: 10 } : {};
          res = await fetch(`${base}/mcp`, {
            method: 'POST',
            headers: { ...headers(), accept: 'application/json, text/event-stream', 'mcp-session-id': replica.session, 'mcp-protocol-version': LATEST_PROTOCOL_VERSION },
            body: JSON.stringify({ jsonrpc: '2.0', id: kind, method: 'tools/call', params: { name, arguments: args } }),
          });
        }
        const body = await res.text();
        if (res.status === 503) {
          pool.markDown(replica); // draining: leave it out, as the proxy's health check does
          counters.retried += 1;
          continue;
        }
        if (res.status === 429) {
          counters.throttled += 1; // an ingest refused here was never acknowledged, so nothing can be lost
          return 0;
        }
        if (ingest && (res.status === 201 || (attempt > 0 && res.status === 409))) {
          for (const id of ingest.ids) acknowledged.add(id);
          counters.ok += 1;
          return ingest.ids.length;
        }
        expect(res.status, body).to.equal(200);
        if (!ingest) expect(body).to.not.contain('"isError":true');
        counters.ok += 1;
        return 0;
      } catch (error) {
        if ((error as Error).name === 'AssertionError') throw error;
        pool.markDown(replica); // connection refused or reset by a replica that just exited
        counters.retried += 1;
      }
    }
    counters.failed += 1;
    return 0;
  }

  /** `clients` loops of the mix across the live replicas until `until()` says stop. */
  async function drive(clients: number, until: () => boolean, counters: Counters = { ok: 0, retried: 0, throttled: 0, failed: 0 }): Promise<{ ops: number; traces: number; seconds: number; counters: Counters }> {
    let next = 0;
    let traces = 0;
    const started = performance.now();
    // Round-robin over the replicas not seen failing (passive health checking, as a proxy does).
    const down = new Set<string>();
    const pool: Pool = {
      pick() {
        for (let tried = 0; tried < replicas.length; tried += 1) {
          const replica = replicas[next++ % replicas.length];
          if (!down.has(replica.process.baseUrl)) return replica;
        }
        return replicas[next++ % replicas.length];
      },
      markDown: (replica) => down.add(replica.process.baseUrl),
    };
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        for (let i = client; !until(); i += 1) traces += await operate(i, pool, counters);
      }),
    );
    return { ops: counters.ok, traces, seconds: (performance.now() - started) / 1000, counters };
  }

  async function measure(count: number): Promise<void> {
    const deadline = Date.now() + 3000;
    const run = await drive(6, () => Date.now() > deadline);
    throughput.push({ replicas: count, opsPerSecond: run.ops / run.seconds, ingestTracesPerSecond: run.traces / run.seconds, failed: run.counters.failed });
  }

  /** What the rolling restart saw: each old replica's exit code and output, and the clients' counters. */
  const restart: { exits: { code: number | null; output: string }[]; counters?: Counters } = { exits: [] };

  // The scenario every rule below reads: mixed load on 1, 2 and 3 replicas, then a rolling restart
  // under load. It runs once, before any `it`, so each `it` (run alone with --grep, or in any order)
  // finds the same history; the `it`s only judge what it left.
  before(async () => {
    // Replicas 2 and 3 start together (start-up is most of this scenario's time on two cores) and
    // join the client's pool one after the other.
    const joining = await Promise.all([startReplica(), startReplica()]);
    await measure(1);
    replicas.push(joining[0]);
    await measure(2);
    replicas.push(joining[1]);
    await measure(3);

    // The replacements start first (a surge, as a Deployment's maxSurge does), then each old
    // replica gets SIGTERM in turn while the clients keep sending to whatever is in the pool.
    let restarting = true;
    const progress: Counters = { ok: 0, retried: 0, throttled: 0, failed: 0 };
    const load = drive(4, () => !restarting, progress);
    try {
      const replacements = await Promise.all([startReplica(), startReplica(), startReplica()]);
      for (const replacement of replacements) {
        const old = replicas[0];
        restart.exits.push({ code: await old.process.stop(), output: old.process.output() });
        replicas.shift();
        replicas.push(replacement);
        // The clients work against the new pool for a while before the next replica goes.
        const before = progress.ok;
        await eventually(() => progress.ok >= before + 20, { timeoutMs: 60_000, what: '20 more acknowledged operations' });
      }
    } finally {
      restarting = false;
    }
    restart.counters = (await load).counters;
  });

  it('serves mixed load (ingest, list, search and tools) on 1, 2 and 3 replicas', () => {
    console.log(
      `      throughput (6 clients, mixed load; 2 operations in 5 ingest 5-trace batches):\n${throughput
        .map((t) => `        ${t.replicas} replica(s): ${t.opsPerSecond.toFixed(1)} operations/s, ${t.ingestTracesPerSecond.toFixed(1)} traces/s`)
        .join('\n')}`,
    );
    expect(throughput.map((t) => [t.replicas, t.failed])).to.deep.equal([[1, 0], [2, 0], [3, 0]]);
    for (const t of throughput) expect(t.opsPerSecond, `${t.replicas} replica(s)`).to.be.greaterThan(0);
  });

  it('loses no acknowledged write through a rolling restart (SIGTERM each replica in turn under load)', async () => {
    expect(restart.exits.map((exit) => exit.code)).to.deep.equal([0, 0, 0]);
    for (const exit of restart.exits) expect(exit.output).to.contain('Drained; database closed.');
    expect(restart.counters?.failed, JSON.stringify(restart.counters)).to.equal(0);

    const stored = new Set(((await db('traces').select('id')) as { id: string }[]).map((row) => row.id));
    const lost = [...acknowledged].filter((id) => !stored.has(id));
    expect(lost).to.deep.equal([]);
    expect(acknowledged.size).to.be.greaterThan(0);
  });

  it('evaluates every detection job exactly once across the replicas', async () => {
    const settled = async () => Number(((await db('detection_jobs').where('status', 'pending').count('* as n')) as { n: string }[])[0].n) === 0;
    await eventually(settled, { timeoutMs: 90_000, intervalMs: 200, what: 'no detection job pending' });
    const jobs = (await db('detection_jobs').select('trace_id', 'status', 'attempts', 'lease_owner', 'last_error')) as {
      trace_id: string;
      status: string;
      attempts: number;
      lease_owner: string;
      last_error: string | null;
    }[];
    const storedTraces = Number(((await db('traces').count('* as n')) as { n: string }[])[0].n);
    expect(jobs).to.have.length(storedTraces);
    // Each job done, and claimed once — or again only after its earlier attempt failed and was
    // released with its error (a retry, not a second worker evaluating it at the same time).
    expect(jobs.filter((job) => job.status !== 'done' || (job.attempts !== 1 && job.last_error === null))).to.deep.equal([]);
    expect(new Set(jobs.map((job) => job.trace_id)).size).to.equal(jobs.length);
    // The work was shared: more than one worker claimed jobs.
    expect(new Set(jobs.map((job) => job.lease_owner)).size).to.be.greaterThan(1);

    const events = ((await db('detection_events').select('trace_id')) as { trace_id: string }[]).map((row) => row.trace_id);
    const evaluated = new Set(jobs.map((job) => job.trace_id));
    expect(events.sort()).to.deep.equal([...matching].filter((id) => evaluated.has(id)).sort());
  });

  it('attempts every webhook delivery once per attempt record, and the receiver saw each exactly that often', async () => {
    // Deliveries follow detection events: every job done first, so no event (and delivery) is still to come.
    const noJobPending = async () => Number(((await db('detection_jobs').where('status', 'pending').count('* as n')) as { n: string }[])[0].n) === 0;
    await eventually(noJobPending, { timeoutMs: 90_000, intervalMs: 200, what: 'no detection job pending' });
    const settled = async () => Number(((await db('webhook_deliveries').where('status', 'pending').count('* as n')) as { n: string }[])[0].n) === 0;
    await eventually(settled, { timeoutMs: 90_000, intervalMs: 200, what: 'no webhook delivery pending' });
    const deliveries = (await db('webhook_deliveries').select('id', 'status', 'attempts')) as { id: string; status: string; attempts: number }[];
    const attempts = (await db('webhook_delivery_attempts').select('delivery_id', 'attempt', 'status_code')) as { delivery_id: string; attempt: number; status_code: number }[];
    const events = Number(((await db('detection_events').count('* as n')) as { n: string }[])[0].n);
    expect(deliveries).to.have.length(events);
    expect(deliveries.filter((delivery) => delivery.status !== 'succeeded' || delivery.attempts !== 1)).to.deep.equal([]);
    const recorded = new Map<string, number>();
    for (const attempt of attempts) recorded.set(attempt.delivery_id, (recorded.get(attempt.delivery_id) ?? 0) + 1);
    for (const delivery of deliveries) {
      expect(received.get(delivery.id) ?? 0, delivery.id).to.equal(recorded.get(delivery.id) ?? 0);
      expect(recorded.get(delivery.id)).to.equal(1);
    }
    expect(received.size).to.equal(deliveries.length);
  });

  it('shares one rate-limit budget: in a window that saw 429, exactly the limit was allowed across all replicas', async () => {
    // A credential of its own, so the load above spent none of its budget.
    const { provisioning } = seeding!.services;
    const organization = await provisioning.createOrganization('Limits Org');
    const project = await provisioning.createProject(organization.id, 'Limits Project');
    const key = (await provisioning.issueApiKey({ organizationId: organization.id, projectId: project.id, name: 'limits', createdByUserId: null })).key;

    // Fixed one-minute windows aligned to the clock (this machine's, like the servers'). A request
    // that started and ended in one window was counted by its replica in that window. One that
    // straddled a boundary was counted in one of the two, which this side cannot tell: each window
    // keeps how many allowed requests straddled into or out of it, and the rule below allows for them.
    const windows = new Map<number, { allowed: number; rejected: number; straddledAllowed: number }>();
    const entryFor = (window: number) => {
      const entry = windows.get(window) ?? { allowed: 0, rejected: 0, straddledAllowed: 0 };
      windows.set(window, entry);
      return entry;
    };
    let next = 0;
    let rejected = 0;
    const hit = async () => {
      const replica = replicas[next++ % replicas.length];
      const sentAt = Date.now();
      const res = await fetch(`${replica.process.baseUrl}/api/v1/public/project`, { headers: { 'x-api-key': key } });
      await res.arrayBuffer();
      expect(res.headers.get('x-service-ratelimit-degraded')).to.equal('false');
      if (res.status !== 200) {
        expect(res.status).to.equal(429);
        rejected += 1;
      }
      const started = Math.floor(sentAt / 60_000);
      const ended = Math.floor(Date.now() / 60_000);
      if (started !== ended) {
        if (res.status === 200) for (let window = started; window <= ended; window += 1) entryFor(window).straddledAllowed += 1;
        return;
      }
      const entry = entryFor(started);
      if (res.status === 200) entry.allowed += 1;
      else entry.rejected += 1;
    };
    for (let sent = 0; rejected < 30 && sent < READ_LIMIT * 4; sent += 6) await Promise.all(Array.from({ length: 6 }, hit));
    const limited = [...windows.values()].filter((window) => window.rejected > 0);
    expect(limited.length).to.be.greaterThan(0);
    // A window that refused someone had spent the whole shared budget, and no more: exactly
    // READ_LIMIT allowed, give or take only the allowed requests this side could not place.
    for (const window of limited) {
      expect(window.allowed).to.be.at.most(READ_LIMIT);
      expect(window.allowed + window.straddledAllowed).to.be.at.least(READ_LIMIT);
      if (window.straddledAllowed === 0) expect(window.allowed).to.equal(READ_LIMIT);
    }
  });
  it('runs each data-lifecycle window once: expired traces deleted once, a deleted project purged once', async () => {
    const { provisioning } = seeding!.services;
    const organization = await provisioning.createOrganization('Lifecycle Org');
    const kept = await provisioning.createProject(organization.id, 'Retention Project');
    const doomed = await provisioning.createProject(organization.id, 'Doomed Project');
    const keys = {
      kept: (await provisioning.issueApiKey({ organizationId: organization.id, projectId: kept.id, name: 'lifecycle', createdByUserId: null })).key,
      doomed: (await provisioning.issueApiKey({ organizationId: organization.id, projectId: doomed.id, name: 'lifecycle', createdByUserId: null })).key,
    };
    // Retention reads a trace's createdAt: its earliest span start_time, else the time it arrived.
    const old = new Date(Date.now() - 30 * DAY_MS).toISOString();
    const traces = (prefix: string, count: number, startTime?: string) =>
      Array.from({ length: count }, (_, i) => ({
        trace_id: `${prefix}-${RUN}-${i}`,
        name: 'lifecycle',
        spans: [{ span_id: 'root', name: 'agent', span_type: 'AGENT', status: 'success', latency_ms: 5, ...(startTime ? { start_time: startTime } : {}) }],
      }));
    let next = 0;
    const call = async (key: string, method: string, route: string, body: unknown, status: number) => {
      const res = await fetch(`${replicas[next++ % replicas.length].process.baseUrl}/api/v1/public${route}`, {
        method,
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, await res.text()).to.equal(status);
    };
    const expired = traces('expired', 60, old);
    const fresh = traces('fresh', 10);
    for (let i = 0; i < expired.length; i += 20) await call(keys.kept, 'POST', '/traces/batch', { traces: expired.slice(i, i + 20) }, 201);
    await call(keys.kept, 'POST', '/traces/batch', { traces: fresh }, 201);
    for (let i = 0; i < 40; i += 20) await call(keys.doomed, 'POST', '/traces/batch', { traces: traces('doomed', 40, old).slice(i, i + 20) }, 201);

    const scrape = async () =>
      Promise.all(
        replicas.map(async (replica) => {
          const res = await fetch(`${replica.process.baseUrl}/metrics`, { headers: { authorization: `Bearer ${env.METRICS_TOKEN}` } });
          expect(res.status).to.equal(200);
          return res.text();
        }),
      );
    const total = (texts: string[], name: string, labels = '') => texts.reduce((sum, text) => sum + seriesValue(text, name, labels), 0);
    const before = await scrape();

    await call(keys.kept, 'PATCH', '/project', { retentionDays: 7 }, 200);
    await call(keys.doomed, 'DELETE', '/project', { confirmation: doomed.id }, 200);

    const count = async (table: string, projectId: string) => Number(((await db(table).where({ project_id: projectId }).count('* as n')) as { n: string }[])[0].n);
    const done = async () => (await count('traces', doomed.id)) === 0 && (await db('projects').where({ id: doomed.id }).first()) === undefined && (await count('traces', kept.id)) === fresh.length;
    await eventually(done, { timeoutMs: 25_000, intervalMs: 100, what: 'the expired traces deleted and the doomed project purged' });
    // A marker: one more expired trace, deleted only by a later lifecycle batch. The lease lets one
    // replica run batches at a time, so once it is gone every batch before it has committed and
    // counted: a second purge of the same work would show in the counts below (not a fixed wait).
    const marker = traces('marker', 1, old);
    await call(keys.kept, 'POST', '/traces/batch', { traces: marker }, 201);
    await eventually(async () => (await db('traces').where({ id: marker[0].trace_id }).first()) === undefined, { timeoutMs: 25_000, intervalMs: 100, what: 'the marker trace deleted' });

    const left = ((await db('traces').where({ project_id: kept.id }).select('id')) as { id: string }[]).map((row) => row.id).sort();
    expect(left).to.deep.equal(fresh.map((trace) => trace.trace_id).sort());
    expect(await count('spans', kept.id)).to.equal(fresh.length);
    for (const table of ['traces', 'spans', 'detection_jobs', 'trace_search']) expect(await count(table, doomed.id), table).to.equal(0);
    expect(await db('projects').where({ id: doomed.id }).first()).to.equal(undefined);
    const audit = (await db('audit_events').where({ target_id: doomed.id }).orderBy('created_at').select('action')) as { action: string }[];
    expect(audit.map((event) => event.action)).to.deep.equal(['project.deleted', 'project.purged']);

    // Deletions counted where they committed, summed over the replicas: each trace once, one purge.
    const after = await scrape();
    const deleted = (reason: string) => total(after, 'tracewell_lifecycle_deleted_traces_total', `reason="${reason}"`) - total(before, 'tracewell_lifecycle_deleted_traces_total', `reason="${reason}"`);
    expect({ retention: deleted('retention'), project_deleted: deleted('project_deleted') }).to.deep.equal({ retention: expired.length + marker.length, project_deleted: 40 });
    expect(total(after, 'tracewell_lifecycle_purged_projects_total') - total(before, 'tracewell_lifecycle_purged_projects_total')).to.equal(1);
    // PostgreSQL lets a second DELETE of the same rows pass with nothing deleted, so a batch two
    // replicas both chose shows only here: as traces a batch chose and found already gone.
    expect(total(after, 'tracewell_lifecycle_already_deleted_traces_total') - total(before, 'tracewell_lifecycle_already_deleted_traces_total')).to.equal(0);
    for (const replica of replicas) expect(replica.process.output()).to.not.contain('data lifecycle:');
  });
});
