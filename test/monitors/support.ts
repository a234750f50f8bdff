import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { registeredTraces } from '../support/trace-fixtures.js';
import type { TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { createRequest, type Receiver, writerOf } from '../webhooks/support.js';

export const BASE = '/api/v1/public/monitors';
export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
export const MINUTE = 60_000;
/** The harness clock's start, a multiple of every window length used here. */
export const T0 = Date.parse('2026-11-01T12:00:00.000Z');

/** Limits high enough for suites that create many monitors. */
export const SERVER_ENV = {
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*',
  RATE_LIMIT_READ_PER_MINUTE: '1000000',
  RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
  RATE_LIMIT_INGEST_PER_MINUTE: '1000000',
};

export interface SeedTrace {
  id: string;
  at: number;
  status?: 'success' | 'error';
  latencyMs?: number;
  cost?: number;
  tokens?: number;
  framework?: string | null;
  agentName?: string | null;
  sessionId?: string | null;
  userId?: string | null;
  metadata?: Record<string, unknown>;
}

/** Writes trace rows (migrations 002 and 015) directly: the seeded data the metrics are computed over. */
export async function seedTraces(knex: Knex, projectId: string, traces: SeedTrace[]): Promise<void> {
  if (!traces.length) return;
  await knex('traces').insert(
    await registeredTraces(
      knex,
      traces.map((t) => ({
        project_id: projectId,
        id: t.id,
        name: `trace ${t.id}`,
        status: t.status ?? 'success',
        created_at: t.at,
        latency_ms: t.latencyMs ?? 100,
        cost: t.cost ?? 0,
        span_count: 0,
        total_tokens: t.tokens ?? 0,
        framework: t.framework ?? null,
        agent_name: t.agentName ?? null,
        session_id: t.sessionId ?? null,
        user_id: t.userId ?? null,
        metadata: JSON.stringify(t.metadata ?? {}),
      })),
    ),
  );
}

/** `count` traces spread over [from, from + spanMs). */
export const spread = (prefix: string, count: number, from: number, spanMs: number, extra: Partial<SeedTrace> = {}): SeedTrace[] =>
  Array.from({ length: count }, (_, i) => ({ id: `${prefix}-${i}`, at: from + Math.floor((i * spanMs) / count), ...extra }));

export async function createMonitor(server: TestServer, body: Record<string, unknown>): Promise<{ id: string } & Record<string, unknown>> {
  const res = await server.request().post(BASE).set('x-api-key', server.tenant.apiKey).send(body);
  return expectEnvelope<{ id: string } & Record<string, unknown>>(res, 201);
}

export async function patchMonitor(server: TestServer, id: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  return expectEnvelope(await server.request().patch(`${BASE}/${id}`).set('x-api-key', server.tenant.apiKey).send(body), 200);
}

export async function incidentsOf(server: TestServer, query: Record<string, string> = {}): Promise<Record<string, unknown>[]> {
  const res = await server.request().get('/api/v1/public/incidents').query(query).set('x-api-key', server.tenant.apiKey);
  return expectEnvelope<{ incidents: Record<string, unknown>[] }>(res).incidents;
}

/** Subscribes a signed webhook of the tenant to `eventTypes`, delivering to `receiver`. */
export async function subscribe(server: TestServer, receiver: Receiver, eventTypes: string[] = ['*']): Promise<string> {
  const caller = await writerOf(server);
  return expectEnvelope<{ id: string }>(await createRequest(server, caller, { name: `hook-${Math.random()}`, destinationUrl: receiver.url, eventTypes, secret: SECRET }), 201).id;
}

/**
 * Checks a Standard Webhooks signature with the reference library: its signer, given the delivery's
 * webhook-id and webhook-timestamp, must produce one of the header's signatures. (Its `verify` also
 * compares the timestamp with the wall clock, which the ManualClock of these tests is not.)
 */
export function verifies(secret: string, headers: Record<string, string | string[] | undefined>, body: string): boolean {
  const expected = new Webhook(secret).sign(String(headers['webhook-id']), new Date(Number(headers['webhook-timestamp']) * 1000), body);
  return String(headers['webhook-signature']).split(' ').includes(expected);
}

export interface DeliveredEvent {
  type: string;
  data: Record<string, unknown>;
}

/** Sends the pending deliveries and returns what the receiver got since `from`, each signature checked. */
export async function delivered(server: TestServer, receiver: Receiver, from = 0): Promise<DeliveredEvent[]> {
  await server.runtime.services.webhookDispatcher.drain();
  const events = receiver.received.slice(from).map(({ headers, body }) => {
    expect(verifies(SECRET, headers, body), 'signature').to.equal(true);
    const payload = JSON.parse(body) as { type: string; data: Record<string, unknown> };
    return { type: payload.type, data: payload.data };
  });
  // Deliveries are sent concurrently, so arrival order is not event order: sort by window, then monitor.
  const key = (e: DeliveredEvent) => `${String(e.data.windowEnd)}|${String(e.data.monitorName)}`;
  return events.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Moves the clock to `at` and runs one scheduler tick (the monitors task's due slots). */
export async function tickAt(server: TestServer, at: number): Promise<void> {
  server.clock.set(new Date(at));
  await server.runtime.scheduler.tick();
}

export interface SeedScore {
  name: string;
  /** A number (numeric), a boolean (stored as 1/0) or a string (categorical). */
  value: number | boolean | string;
  traceId: string | null;
  target?: 'trace' | 'span' | 'session';
  at?: number;
}

/** Writes score rows (migration 019) directly, as the score service stores them. */
export async function seedScores(knex: Knex, projectId: string, scores: SeedScore[]): Promise<void> {
  await knex('scores').insert(
    scores.map((s) => ({
      id: randomUUID(),
      project_id: projectId,
      name: s.name,
      data_type: typeof s.value === 'number' ? 'numeric' : typeof s.value === 'boolean' ? 'boolean' : 'categorical',
      numeric_value: typeof s.value === 'number' ? s.value : typeof s.value === 'boolean' ? (s.value ? 1 : 0) : null,
      string_value: typeof s.value === 'string' ? s.value : null,
      target: s.target ?? (s.traceId ? 'trace' : 'session'),
      trace_id: s.traceId,
      span_id: s.target === 'span' ? 'span-1' : null,
      session_id: s.traceId ? null : 's-1',
      source: 'api',
      author: null,
      comment: null,
      evaluator_id: null,
      created_at: s.at ?? T0,
    })),
  );
}
