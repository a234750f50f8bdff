import { expect } from 'chai';
import { Random } from '../../scripts/bench/prng.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { hexId, otlpJson } from '../otlp/otlp-bodies.js';
import { randomUUID } from 'node:crypto';
import { migrateToLatest } from '../../adapters/database.js';
import { onDatabaseThrough, organizationRow } from '../support/migrated-store.js';
import { ordered, rawTraces, referenceSessions, referenceUsers, type RawTrace, type ReferenceSession, type ReferenceUser } from './activity-reference.js';

const DAY = 24 * 3600_000;
/** The harness clock's instant: traces are spread over the 12 days before it. */
const NOW = Date.parse('2026-11-01T12:00:00.000Z');
// Ids that differ by case, space, slash and non-ASCII: their order must be byte order on both databases.
const SESSIONS = ['sess-a', 'sess-b', 'Sess-B', 'sess b', 'sess/α', 'chat-1', 'chat-2', 'chat-3', 'z', 'sess-a2'];
const USERS = ['user-1', 'user-2', 'User-2', 'ümit', 'u/3'];

/**
 * Seeded random traces: a session (or none), a user (or none), a start in the last 12 days, a
 * latency, a status and spans whose costs are multiples of 1/1024 dollar — sums of those are exact in
 * binary floating point whatever order a database adds them in, so both adapters and the reference
 * agree to the last bit, and any difference is a real one.
 */
function seededTraces(seed: number, count: number) {
  const random = new Random(seed);
  return Array.from({ length: count }, (_, i) => {
    const start = NOW - random.int(0, 12 * DAY - 1);
    const session = random.chance(0.85) ? random.pick(SESSIONS) : null;
    const user = random.chance(0.8) ? random.pick(USERS) : null;
    const failed = random.chance(0.2);
    const spans = Array.from({ length: random.int(1, 3) }, (_, s) => ({
      span_id: `s${s}`,
      ...(s > 0 ? { parent_span_id: 's0' } : {}),
      name: s === 0 ? 'agent' : `call ${s}`,
      span_type: s === 0 ? 'AGENT' : 'LLM',
      status: failed && s === 0 ? 'error' : 'success',
      ...(failed && s === 0 ? { error: 'tool timed out' } : {}),
      latency_ms: s === 0 ? random.int(10, 90_000) : random.int(1, 500),
      start_time: new Date(start + s).toISOString(),
      // LLM spans state input and output tokens (most of them), the agent span only a total: the
      // sessions' input/output figures are then sums over some spans of each trace, not all.
      metadata: {
        cost: random.int(0, 4096) / 1024,
        tokens_used: random.int(0, 5000),
        ...(s > 0 && random.chance(0.8) ? { input_tokens: random.int(0, 3000), output_tokens: random.int(0, 1500) } : {}),
      },
    }));
    return {
      trace_id: `t${String(i).padStart(3, '0')}`,
      name: `run ${i}`,
      metadata: { ...(session ? { session_id: session } : {}), ...(user ? { user_id: user } : {}) },
      spans,
    };
  });
}

const SESSION_SORTS = { lastSeenAt: (s: ReferenceSession) => Date.parse(s.lastSeenAt), cost: (s: ReferenceSession) => s.cost, traceCount: (s: ReferenceSession) => s.traceCount, durationMs: (s: ReferenceSession) => s.durationMs };
const USER_SORTS = {
  lastSeenAt: (u: ReferenceUser) => Date.parse(u.lastSeenAt),
  cost: (u: ReferenceUser) => u.cost,
  traceCount: (u: ReferenceUser) => u.traceCount,
  sessionCount: (u: ReferenceUser) => u.sessionCount,
  totalTokens: (u: ReferenceUser) => u.totalTokens,
};

forEachAdapter((adapter) => {
  describe('sessions and end users', function () {
    this.timeout(120_000);
    let server: TestServer;
    let key: string;
    const projectId = () => server.tenant.project.id;
    const get = (path: string, query: Record<string, string | number | boolean> = {}) => server.request().get(path).query(query).set('x-api-key', key);
    const raw = async (): Promise<RawTrace[]> => rawTraces(server.runtime.database.knex, projectId());

    /** Every page of a list at `limit`, following nextCursor. */
    async function allPages<T>(path: string, field: string, query: Record<string, string | number | boolean>): Promise<T[]> {
      const out: T[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 100; pages++) {
        const res = await get(path, { ...query, ...(cursor ? { cursor } : {}) });
        const data = expectEnvelope<Record<string, unknown> & { page: { nextCursor: string | null; hasMore: boolean } }>(res);
        out.push(...(data[field] as T[]));
        cursor = data.page.nextCursor;
        if (!cursor) return out;
      }
      throw new Error('more than 100 pages');
    }

    /** The whole session and user lists, in every order, equal the reference over `traces`. */
    async function expectListsMatch(traces: RawTrace[]): Promise<void> {
      for (const [field, value] of Object.entries(SESSION_SORTS)) {
        for (const direction of ['desc', 'asc'] as const) {
          const listed = await allPages<ReferenceSession>('/api/v1/public/sessions', 'sessions', { limit: 3, sort: `${field}:${direction}` });
          expect(listed, `sessions ${field}:${direction}`).to.deep.equal(ordered(referenceSessions(traces), value, direction));
        }
      }
      for (const [field, value] of Object.entries(USER_SORTS)) {
        for (const direction of ['desc', 'asc'] as const) {
          const listed = await allPages<ReferenceUser>('/api/v1/public/users', 'users', { limit: 2, sort: `${field}:${direction}` });
          expect(listed, `users ${field}:${direction}`).to.deep.equal(ordered(referenceUsers(traces), value, direction));
        }
      }
    }

    before(async () => {
      server = await startTestServer(adapter, { env: { DETECTION_WORKER_ENABLED: 'false' } });
      key = server.tenant.apiKey;
      await server.runtime.services.traceIngestion.ingestBatch(projectId(), seededTraces(56, 90));
      // Another project's traces with the same session and user ids must never count.
      await server.runtime.services.traceIngestion.ingestBatch(server.other.project.id, seededTraces(7, 20));
    });
    after(async () => server.close());

    describe('GET /api/v1/public/sessions', () => {
      it('lists each session with figures equal to a recomputation from the raw trace rows, in every order, page by page', async () => {
        const traces = await raw();
        expect(referenceSessions(traces)).to.have.length(SESSIONS.length);
        // The input/output figures are proven on sessions that have them, and differ from the totals.
        expect(referenceSessions(traces).every((s) => s.inputTokens > 0 && s.outputTokens > 0 && s.inputTokens + s.outputTokens !== s.totalTokens)).to.equal(true);
        await expectListsMatch(traces);
      });

      it('is newest-seen first by default, 20 a page', async () => {
        const data = expectEnvelope<{ sessions: ReferenceSession[]; page: { limit: number; hasMore: boolean } }>(await get('/api/v1/public/sessions'));
        expect(data.sessions).to.deep.equal(ordered(referenceSessions(await raw()), SESSION_SORTS.lastSeenAt, 'desc'));
        expect(data.page).to.include({ limit: 20, hasMore: false });
      });

      it('counts only the traces created in [from, to)', async () => {
        const from = NOW - 8 * DAY;
        const to = NOW - 3 * DAY;
        const inWindow = (await raw()).filter((t) => t.createdAt >= from && t.createdAt < to);
        const listed = await allPages<ReferenceSession>('/api/v1/public/sessions', 'sessions', { limit: 4, sort: 'cost:desc', from: new Date(from).toISOString(), to: new Date(to).toISOString() });
        expect(listed).to.deep.equal(ordered(referenceSessions(inWindow), SESSION_SORTS.cost, 'desc'));
      });

      it('keeps the sessions with a trace of userId, with every trace of theirs counted', async () => {
        const sessions = referenceSessions(await raw()).filter((s) => s.id !== '');
        const traces = await raw();
        const expected = sessions.filter((s) => traces.some((t) => t.sessionId === s.id && t.userId === 'User-2'));
        expect(expected.length).to.be.greaterThan(0);
        expect(await allPages('/api/v1/public/sessions', 'sessions', { userId: 'User-2', sort: 'traceCount:desc' })).to.deep.equal(ordered(expected, SESSION_SORTS.traceCount, 'desc'));
      });

      it('keeps the sessions with errors (hasErrors=true) or without (false)', async () => {
        const sessions = referenceSessions(await raw());
        expect(await allPages('/api/v1/public/sessions', 'sessions', { hasErrors: true })).to.deep.equal(ordered(sessions.filter((s) => s.errorCount > 0), SESSION_SORTS.lastSeenAt, 'desc'));
        expect(await allPages('/api/v1/public/sessions', 'sessions', { hasErrors: false })).to.deep.equal(ordered(sessions.filter((s) => s.errorCount === 0), SESSION_SORTS.lastSeenAt, 'desc'));
      });

      it('keeps the sessions costing at least minCost', async () => {
        const sessions = referenceSessions(await raw());
        const minCost = ordered(sessions, SESSION_SORTS.cost, 'desc')[4].cost;
        const listed = await allPages<ReferenceSession>('/api/v1/public/sessions', 'sessions', { minCost });
        expect(listed.map((s) => s.id).sort()).to.deep.equal(sessions.filter((s) => s.cost >= minCost).map((s) => s.id).sort());
        expect(listed.length).to.be.at.least(5);
      });

      it('keeps the session ids starting with idPrefix, case-sensitively', async () => {
        const listed = await allPages<ReferenceSession>('/api/v1/public/sessions', 'sessions', { idPrefix: 'sess' });
        expect(listed.map((s) => s.id).sort()).to.deep.equal(['sess b', 'sess-a', 'sess-a2', 'sess-b', 'sess/α']);
        const upper = await allPages<ReferenceSession>('/api/v1/public/sessions', 'sessions', { idPrefix: 'Sess' });
        expect(upper.map((s) => s.id)).to.deep.equal(['Sess-B']);
      });

      it('binds the cursor to the sort and filters: another sort is 400 PUBLIC_API_INVALID_CURSOR', async () => {
        const first = expectEnvelope<{ page: { nextCursor: string } }>(await get('/api/v1/public/sessions', { limit: 2, sort: 'cost:desc' }));
        expectProblem(await get('/api/v1/public/sessions', { limit: 2, sort: 'cost:asc', cursor: first.page.nextCursor }), 400, 'PUBLIC_API_INVALID_CURSOR');
        expectProblem(await get('/api/v1/public/sessions', { limit: 2, sort: 'cost:desc', hasErrors: true, cursor: first.page.nextCursor }), 400, 'PUBLIC_API_INVALID_CURSOR');
      });

      it('refuses an unknown sort, a negative minCost and an empty idPrefix with the field path', async () => {
        const paths = async (query: Record<string, string | number>) => (expectProblem(await get('/api/v1/public/sessions', query), 400, 'PUBLIC_API_VALIDATION_FAILED').errors as { path: string }[]).map((e) => e.path);
        expect(await paths({ sort: 'name:asc' })).to.include('/query/sort');
        expect(await paths({ minCost: -1 })).to.include('/query/minCost');
        expect(await paths({ idPrefix: '' })).to.include('/query/idPrefix');
      });
    });

    describe('GET /api/v1/public/sessions/{sessionId}', () => {
      it('answers the session summary and its traces oldest first, paged', async () => {
        const traces = await raw();
        const session = referenceSessions(traces).find((s) => s.id === 'sess/α')!;
        const members = traces.filter((t) => t.sessionId === 'sess/α').sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
        const path = `/api/v1/public/sessions/${encodeURIComponent('sess/α')}`;
        const ids: string[] = [];
        let cursor: string | null = null;
        do {
          const data: { session: ReferenceSession; traces: { id: string; sessionId: string }[]; page: { nextCursor: string | null } } = expectEnvelope(await get(path, { limit: 2, ...(cursor ? { cursor } : {}) }));
          expect(data.session).to.deep.equal(session);
          ids.push(...data.traces.map((t) => t.id));
          cursor = data.page.nextCursor;
        } while (cursor);
        expect(ids).to.deep.equal(members.map((t) => t.id));
      });

      it('is 404 for a session id no trace of the project carries', async () => {
        expectProblem(await get('/api/v1/public/sessions/nobody'), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('GET /api/v1/public/users', () => {
      it('lists each end user with figures equal to a recomputation, filtered by hasErrors, minCost and idPrefix', async () => {
        const users = referenceUsers(await raw());
        expect(users).to.have.length(USERS.length);
        expect(await allPages('/api/v1/public/users', 'users', { hasErrors: true, sort: 'cost:asc' })).to.deep.equal(ordered(users.filter((u) => u.errorCount > 0), USER_SORTS.cost, 'asc'));
        const minCost = ordered(users, USER_SORTS.cost, 'desc')[2].cost;
        expect(await allPages('/api/v1/public/users', 'users', { minCost })).to.deep.equal(ordered(users.filter((u) => u.cost >= minCost), USER_SORTS.lastSeenAt, 'desc'));
        expect((await allPages<ReferenceUser>('/api/v1/public/users', 'users', { idPrefix: 'user' })).map((u) => u.id).sort()).to.deep.equal(['user-1', 'user-2']);
      });
    });

    describe('GET /api/v1/public/users/{userId}', () => {
      it("answers the user's summary and their sessions, most recently seen first", async () => {
        const traces = await raw();
        const user = referenceUsers(traces).find((u) => u.id === 'ümit')!;
        const theirs = referenceSessions(traces).filter((s) => traces.some((t) => t.sessionId === s.id && t.userId === 'ümit'));
        const data = expectEnvelope<{ user: ReferenceUser; sessions: ReferenceSession[] }>(await get(`/api/v1/public/users/${encodeURIComponent('ümit')}`, { limit: 100 }));
        expect(data.user).to.deep.equal(user);
        expect(data.sessions).to.deep.equal(ordered(theirs, SESSION_SORTS.lastSeenAt, 'desc'));
        expect(user.sessionCount).to.equal(theirs.length);
      });

      it('is 404 for a user no trace carries', async () => {
        expectProblem(await get('/api/v1/public/users/nobody'), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('exact after every change to the traces', () => {
      it('after an OTLP append to an existing trace (a failing span, tokens, a later end)', async () => {
        const otlpTrace = hexId(0x7a, 16);
        const send = async (spans: Parameters<typeof otlpJson>[0]) =>
          expect((await server.request().post('/v1/traces').set('x-api-key', key).set('content-type', 'application/json').send(JSON.stringify(otlpJson(spans)))).status).to.equal(200);
        await send([{ traceId: otlpTrace, spanId: hexId(0x01, 8), name: 'turn', durationMs: 100, attributes: { 'gen_ai.conversation.id': 'chat-2', 'user.id': 'user-1', 'gen_ai.usage.input_tokens': 10, 'gen_ai.usage.output_tokens': 5 } }]);
        const before = referenceSessions(await raw()).find((s) => s.id === 'chat-2')!;
        await send([{ traceId: otlpTrace, spanId: hexId(0x02, 8), parentSpanId: hexId(0x01, 8), name: 'tool', startMs: 50, durationMs: 4000, status: { code: 2, message: 'boom' }, attributes: { 'gen_ai.usage.input_tokens': 100, 'gen_ai.usage.output_tokens': 50 } }]);
        const traces = await raw();
        const after = referenceSessions(traces).find((s) => s.id === 'chat-2')!;
        expect(after.totalTokens).to.be.greaterThan(before.totalTokens);
        expect(after.errorCount).to.equal(before.errorCount + 1);
        // The appended span's tokens, known here, move the session's input and output figures by exactly them.
        expect(after.inputTokens).to.equal(before.inputTokens + 100);
        expect(after.outputTokens).to.equal(before.outputTokens + 50);
        await expectListsMatch(traces);
      });

      it('after DELETE /traces/{traceId}', async () => {
        const victim = (await raw()).find((t) => t.sessionId === 'sess-b')!;
        await server.request().delete(`/api/v1/public/traces/${victim.id}`).set('x-api-key', key).expect(200);
        const traces = await raw();
        expect(traces.some((t) => t.id === victim.id)).to.equal(false);
        await expectListsMatch(traces);
      });

      it('after a retention change (hidden at once) and after the lifecycle deleted the expired traces', async () => {
        await server.request().patch('/api/v1/public/project').set('x-api-key', key).send({ retentionDays: 5 }).expect(200);
        const floor = NOW - 5 * DAY;
        const kept = (await raw()).filter((t) => t.createdAt >= floor);
        expect(kept.length).to.be.lessThan((await raw()).length);
        await expectListsMatch(kept);
        for (let i = 0; i < 200; i++) if (!(await server.runtime.services.dataLifecycle.runOnce(`test-${i}`)).more) break;
        const traces = await raw();
        expect(traces).to.have.length(kept.length);
        await expectListsMatch(traces);
      });

      it('after a project purge: the purged project has no session or user left', async () => {
        const other = server.other;
        // A tagged trace in the purged project: its tag rows go with it (migration 049's delete trigger fires for the cascade).
        await server.runtime.services.traceIngestion.ingest(other.project.id, { trace_id: 'tagged-purged', name: 'tagged', tags: ['gone'], spans: [] });
        const tagRows = async () => Number((await server.runtime.database.knex('trace_tags').where({ project_id: other.project.id }).count({ n: '*' }))[0].n);
        expect(await tagRows()).to.equal(1);
        expect(await server.runtime.store.sessionActivity.sessions({ projectId: other.project.id, filters: {}, order: { field: 'cost', direction: 'desc' }, after: null, limit: 100 })).to.not.be.empty;
        await server.request().delete('/api/v1/public/project').set('x-api-key', other.apiKey).send({ confirmation: other.project.id }).expect(200);
        for (let i = 0; i < 200; i++) if (!(await server.runtime.services.dataLifecycle.runOnce(`purge-${i}`)).more) break;
        expect(await server.runtime.store.sessionActivity.sessions({ projectId: other.project.id, filters: {}, order: { field: 'cost', direction: 'desc' }, after: null, limit: 100 })).to.deep.equal([]);
        expect(await server.runtime.store.sessionActivity.endUsers({ projectId: other.project.id, filters: {}, order: { field: 'cost', direction: 'desc' }, after: null, limit: 100 })).to.deep.equal([]);
        expect(await tagRows()).to.equal(0);
      });
    });
  });

  describe('migration 049 (per-trace input and output tokens)', () => {
    it('fills the traces stored before it from their spans: numbers summed, other JSON types and missing keys adding nothing', async () => {
      const spans: Record<string, Record<string, unknown>[]> = {
        a: [{ input_tokens: 120, output_tokens: 30, tokens_used: 150 }, { input_tokens: 7, output_tokens: 3 }, { tokens_used: 40 }],
        b: [{ input_tokens: '12', output_tokens: null, tokens_used: 5 }, { input_tokens: [1], output_tokens: 2.5, tokens_used: 5 }],
        c: [{ model: 'gpt-4o' }],
        // A stated total of 0 does not hide the input and output a span names.
        d: [{ tokens_used: 0, input_tokens: 4, output_tokens: 1 }],
      };
      // What spanTokens reads, recomputed here: a key counts when it holds a JSON number.
      const expected = Object.fromEntries(Object.entries(spans).map(([id, list]) => {
        const sum = (key: string) => list.reduce((total, m) => total + (typeof m[key] === 'number' ? (m[key] as number) : 0), 0);
        return [id, { input: sum('input_tokens'), output: sum('output_tokens') }];
      }));
      await onDatabaseThrough(adapter, '048-dashboards', async (database) => {
        const knex = database.knex;
        const organizationId = await organizationRow(knex, 0);
        const projectId = randomUUID();
        await knex('projects').insert({ id: projectId, organization_id: organizationId, name: 'P', created_at: 0, updated_at: 0 });
        for (const [id, list] of Object.entries(spans)) {
          const total = list.reduce((sum, m) => sum + (typeof m.tokens_used === 'number' ? m.tokens_used : 0), 0);
          await knex('traces').insert({ project_id: projectId, id, name: id, status: 'success', created_at: 1000, total_tokens: total, metadata: '{}' });
          await knex('spans').insert(list.map((metadata, i) => ({ project_id: projectId, trace_id: id, span_id: `s${i}`, position: i, name: 's', span_type: 'LLM', status: 'success', metadata: JSON.stringify(metadata) })));
        }
        await migrateToLatest(database);
        const rows = await knex('traces').where({ project_id: projectId }).orderBy('id').select('id', 'input_tokens', 'output_tokens', 'tags');
        expect(rows.map((r: Record<string, unknown>) => [r.id, Number(r.input_tokens), Number(r.output_tokens), r.tags])).to.deep.equal(
          Object.entries(expected).map(([id, e]) => [id, e.input, e.output, '[]']),
        );
        expect(expected).to.deep.equal({ a: { input: 127, output: 33 }, b: { input: 0, output: 2.5 }, c: { input: 0, output: 0 }, d: { input: 4, output: 1 } });
        expect(Number((await knex('trace_tags').count({ n: '*' }))[0].n)).to.equal(0);
      });
    });
  });
});
