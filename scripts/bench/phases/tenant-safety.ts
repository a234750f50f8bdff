import { systemClock } from '../../../src/clock.js';
import { Provisioning } from '../../../src/domain/bootstrap/provisioning.js';
import { load, type LoadResult } from '../load.js';
import { openMcpSession, toolCallBody } from '../mcp-client.js';
import type { Latency } from '../latency.js';
import { spawnServer } from '../server-process.js';
import { COMMON_TERM } from '../word-lists.js';
import type { PhaseContext } from './phase-context.js';

/** Another organization: the tenant whose reads must not suffer from the attacker's load. */
async function createTenant(context: PhaseContext, name: string): Promise<{ projectId: string; apiKey: string }> {
  const provisioning = new Provisioning(context.db.store, systemClock);
  const organization = await provisioning.createOrganization(`${name} Organization`);
  const project = await provisioning.createProject(organization.id, `${name} Project`);
  const { key } = await provisioning.issueApiKey({ organizationId: organization.id, projectId: project.id, name: 'bench' });
  return { projectId: project.id, apiKey: key };
}

const latencyOf = (result: LoadResult): Latency => ({ p50Ms: result.p50Ms, p99Ms: result.p99Ms, requests: result.requests, failed: result.failed });
/** during p99 ÷ idle p99; null when the tenant got no answer at all under load (a miss, reported as such). */
const ratio = (during: LoadResult, idle: LoadResult): number | null => (during.ok === 0 || idle.p99Ms <= 0 ? null : Math.round((during.p99Ms / idle.p99Ms) * 100) / 100);

export interface HostileDetectionsResult {
  idle: Latency;
  attack: Latency;
  /** attack p99 ÷ idle p99 of the other tenant's `GET /project` (null: no answer during the attack). */
  attackToIdleP99: number | null;
  attackBatches: { requests: number; failed: number };
  /** Attacker traces ingested, and evaluated (jobs done) by the end of the phase. */
  tracesIngested: number;
  tracesEvaluated: number;
  /** Seconds from the end of the attack until its evaluation backlog was done (null: not within 60 s). */
  backlogSeconds: number | null;
  firings: number;
  /** Firings whose evidence records a budget cut. */
  firingsWithCut: number;
}

/** Traces crafted against the detections: the former quadratic and exponential inputs, each 40,000 characters. */
function hostileBatch(prefix: string, index: number): string {
  const traces = Array.from({ length: 5 }, (_, i) => ({
    trace_id: `${prefix}-${index}-${i}`,
    name: 'hostile',
    spans: [
      { span_id: 'a', name: `${'a'.repeat(28)}b`, span_type: 'LLM', status: 'success', input: { text: 'a'.repeat(40_000) }, output: { text: `a@b${'.a'.repeat(20_000)}` } },
      { span_id: 'b', name: `${'x'.repeat(28)}`, span_type: 'TOOL', status: 'success', input: { text: '1 '.repeat(20_000) }, output: { text: 'sk-'.repeat(13_000) } },
    ],
  }));
  return JSON.stringify({ traces });
}

/**
 * "Hostile detections": one organization's project has a pii detection and catastrophic-backtracking
 * regexes, and keeps ingesting traces crafted against them; another organization's `GET /project`
 * is measured idle and during the attack (ingest and evaluation).
 */
async function measureHostileDetections(context: PhaseContext, base: string): Promise<HostileDetectionsResult> {
  const knex = context.db.database.knex;
  const victim = await createTenant(context, 'Victim');
  const attacker = await createTenant(context, 'Attacker');
  const detections = [
    { slug: 'pii', displayName: 'PII', type: 'pii' },
    { slug: 'nested', displayName: 'Nested', type: 'regex', config: { pattern: '^(a+)+$', fields: ['name', 'input', 'output'] } },
    { slug: 'nested-x', displayName: 'Nested x', type: 'regex', config: { pattern: '(x+x+)+y', fields: ['name', 'input', 'output'] } },
  ];
  for (const detection of detections) {
    const res = await fetch(`${base}/api/v1/public/detections`, { method: 'POST', headers: { 'x-api-key': attacker.apiKey, 'content-type': 'application/json' }, body: JSON.stringify(detection) });
    if (res.status !== 201) throw new Error(`creating detection ${detection.slug} answered ${res.status}: ${await res.text()}`);
  }
  const victimRead = { url: `${base}/api/v1/public/project`, connections: 1, durationSeconds: context.durationSeconds, warmupRequests: context.warmupRequests, headers: { 'x-api-key': victim.apiKey } };
  context.log('hostile detections: the other tenant idle…');
  const idle = await load(victimRead);
  context.log('hostile detections: the other tenant during the attack…');
  let batch = 0;
  const attack = load({
    url: `${base}/api/v1/public/traces/batch`,
    method: 'POST',
    connections: 2,
    durationSeconds: context.durationSeconds,
    headers: { 'x-api-key': attacker.apiKey, 'content-type': 'application/json' },
    nextBody: () => hostileBatch('hostile', batch++),
  });
  // Evaluation lags the ingest: the victim is measured over twice the attack, while both run.
  const during = await load({ ...victimRead, durationSeconds: context.durationSeconds * 2, warmupRequests: 0 });
  const attackResult = await attack;
  const count = async (status?: string) =>
    Number((await knex('detection_jobs').where({ project_id: attacker.projectId, ...(status ? { status } : {}) }).count({ n: '*' }).first())?.n ?? 0);
  const attackEnded = Date.now();
  let backlogSeconds: number | null = null;
  while (Date.now() - attackEnded < 60_000) {
    if ((await count('pending')) === 0) {
      backlogSeconds = Math.round((Date.now() - attackEnded) / 100) / 10;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const events = await knex('detection_events').where({ project_id: attacker.projectId }).select('evidence');
  const firingsWithCut = events.filter((e) => JSON.stringify(e.evidence).includes('"budget"')).length;
  if (idle.failed || during.failed) context.notes.push(`hostile detections: the other tenant's reads failed (${JSON.stringify({ ...idle.statusCodes, ...during.statusCodes })}).`);
  return {
    idle: latencyOf(idle),
    attack: latencyOf(during),
    attackToIdleP99: ratio(during, idle),
    attackBatches: { requests: attackResult.requests, failed: attackResult.failed },
    tracesIngested: await count(),
    tracesEvaluated: await count('done'),
    backlogSeconds,
    firings: events.length,
    firingsWithCut,
  };
}

export interface FairShareResult {
  idle: Latency;
  flood: Latency;
  /** flood p99 ÷ idle p99 of the other tenant's `GET /traces` (null: no answer during the flood). */
  floodToIdleP99: number | null;
  searches: { requests: number; requestsPerSecond: number };
  batches: { requests: number; created: number; refused: number };
}

/**
 * "Fair share": one project floods common-word `search_traces` calls (8 connections) and batch
 * ingests (4 connections) through one credential while another organization lists its traces;
 * the per-credential caps refuse what is over them (429) instead of letting it queue for the
 * database.
 */
/** One request of each kind first: a fresh server compiles the contract validator on its first requests, which is not what is measured. */
async function warmUp(context: PhaseContext, base: string): Promise<void> {
  const tenant = await createTenant(context, 'Warm-up');
  const headers = { 'x-api-key': tenant.apiKey, 'content-type': 'application/json' };
  const trace = { trace_id: 'warm-up', name: 'warm up', spans: [{ span_id: 's', name: 'step', span_type: 'LLM', status: 'success' }] };
  await fetch(`${base}/api/v1/public/traces/batch`, { method: 'POST', headers, body: JSON.stringify({ traces: [trace] }) });
  await fetch(`${base}/api/v1/public/traces?limit=50`, { headers });
  await fetch(`${base}/api/v1/public/project`, { headers });
  const session = await openMcpSession(base, tenant.apiKey);
  try {
    await session.callTool('search_traces', { query: 'warm', limit: 50 });
  } finally {
    await session.close();
  }
}

/**
 * Both tenant-safety phases, on a server of their own: the per-credential caps at their defaults
 * (the main bench server lifts them, as it lifts rate limits) and the detection worker on (the main
 * server keeps it off). The bulk load's evaluation backlog is marked done first, so the worker
 * evaluates only what these phases ingest.
 */
export async function measureTenantSafety(
  context: PhaseContext,
  floodProjectId: string,
  serverEnv: Record<string, string>,
  /** Extra node flags for this phase's server (the run's --cpu-prof). */
  nodeArgs: string[] = [],
): Promise<{ fairShare: FairShareResult; hostileDetections: HostileDetectionsResult }> {
  const { CONCURRENCY_SEARCH_PER_CREDENTIAL: _s, CONCURRENCY_BATCH_INGEST_PER_CREDENTIAL: _b, CONCURRENCY_TREND_PER_CREDENTIAL: _t, FAIR_SHARE_BUSY_MS_PER_SECOND: _f, ...defaults } = serverEnv;
  await context.db.database.knex('detection_jobs').where({ status: 'pending' }).update({ status: 'done' });
  const server = await spawnServer({ entry: context.serverEntry, env: { ...defaults, DETECTION_WORKER_ENABLED: 'true', DETECTION_WORKER_POLL_MS: '20' }, nodeArgs });
  try {
    await warmUp(context, server.baseUrl);
    const fairShare = await floodAgainstList(context, server.baseUrl, floodProjectId);
    const hostileDetections = await measureHostileDetections(context, server.baseUrl);
    return { fairShare, hostileDetections };
  } finally {
    await server.stop();
  }
}

async function floodAgainstList(context: PhaseContext, base: string, floodProjectId: string): Promise<FairShareResult> {
  const victim = await createTenant(context, 'Listing tenant');
  const seed = Array.from({ length: 100 }, (_, i) => ({ trace_id: `victim-${i}`, name: `victim trace ${i}`, spans: [{ span_id: 's', name: 'step', span_type: 'LLM', status: 'success' }] }));
  const seeded = await fetch(`${base}/api/v1/public/traces/batch`, { method: 'POST', headers: { 'x-api-key': victim.apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ traces: seed }) });
  if (seeded.status !== 201) throw new Error(`seeding the listing tenant answered ${seeded.status}: ${await seeded.text()}`);
  const victimList = { url: `${base}/api/v1/public/traces?limit=50`, connections: 1, durationSeconds: context.durationSeconds, warmupRequests: context.warmupRequests, headers: { 'x-api-key': victim.apiKey } };
  context.log('fair share: the other tenant listing, idle…');
  const idle = await load(victimList);

  const floodKey = await context.db.issueApiKey(floodProjectId);
  const session = await openMcpSession(base, floodKey);
  try {
    context.log('fair share: the other tenant listing during a search and batch-ingest flood…');
    let batch = 0;
    const floodBatch = () =>
      JSON.stringify({
        traces: Array.from({ length: 20 }, (_, i) => ({
          trace_id: `flood-${process.pid}-${batch}-${i}`,
          name: `customer flood ${batch++}`,
          spans: [{ span_id: 's', name: 'customer lookup', span_type: 'TOOL', status: 'success', input: { text: 'customer '.repeat(50) } }],
        })),
      });
    const searches = load({ url: session.url, method: 'POST', connections: 8, durationSeconds: context.durationSeconds, warmupRequests: 0, headers: session.headers, body: toolCallBody('search_traces', { query: COMMON_TERM, limit: 50 }) });
    const batches = load({ url: `${base}/api/v1/public/traces/batch`, method: 'POST', connections: 4, durationSeconds: context.durationSeconds, headers: { 'x-api-key': floodKey, 'content-type': 'application/json' }, nextBody: floodBatch });
    const flood = await load({ ...victimList, warmupRequests: 0 });
    const [searchResult, batchResult] = await Promise.all([searches, batches]);
    if (idle.failed || flood.failed) context.notes.push(`fair share: the other tenant's list failed (${JSON.stringify({ ...idle.statusCodes, ...flood.statusCodes })}).`);
    return {
      idle: latencyOf(idle),
      flood: latencyOf(flood),
      floodToIdleP99: ratio(flood, idle),
      searches: { requests: searchResult.requests, requestsPerSecond: searchResult.requestsPerSecond },
      batches: { requests: batchResult.requests, created: batchResult.ok, refused: batchResult.statusCodes['429'] ?? 0 },
    };
  } finally {
    await session.close();
  }
}
