import { expect } from 'chai';
import type { Dialect } from '../../src/ports/store.js';
import { SPAN_DIMENSIONS, type MetricsDimension, type MetricsScope, type RankMeasure, type TotalsField } from '../../src/ports/metrics.js';
import { ADAPTERS, forEachAdapter } from '../support/adapters.js';
import type { SearchRun } from '../../adapters/sqlite/search-run.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { ingest } from '../traces/fixtures.js';
import { otlpJson } from '../otlp/otlp-bodies.js';
import { createdAt, reference, type Dim, type RawTrace, type Rank } from './metrics-reference.js';
import { FROM, TO, generate, nativeInput } from './metrics-fixtures.js';

const QUERY = '/api/v1/public/metrics/query';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const UTC_DAYS = [FROM, FROM + DAY, FROM + 2 * DAY];
/** Europe/Berlin local midnights of 24–27 Oct 2026 (the 25th is 25 hours), from Python's zoneinfo. */
const BERLIN_DAYS = ['2026-10-23T22:00:00.000Z', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z', '2026-10-26T23:00:00.000Z'].map(Date.parse);
/** Asia/Kolkata (+05:30, no DST) local midnights: 18:30 UTC the day before. */
const KOLKATA_DAYS = ['2026-10-23T18:30:00.000Z', '2026-10-24T18:30:00.000Z', '2026-10-25T18:30:00.000Z', '2026-10-26T18:30:00.000Z'].map(Date.parse);
const SUMS = ['traceCount', 'spanCount', 'errorRate', 'costSum', 'costAvg', 'inputTokens', 'outputTokens', 'totalTokens'];
/** Every sum of a group's totals, for comparing the one statement with the parts field by field. */
const ALL_SUMS: TotalsField[] = ['units', 'traces', 'spans', 'errors', 'cost', 'inputTokens', 'outputTokens', 'totalTokens'];
const PERCENTILES = ['latencyP50', 'latencyP90', 'latencyP95', 'latencyP99'];
/** The sketch's relative accuracy (adapters/sql/latency-sketch.ts; DDSketch, Masson et al. 2019). */
const ALPHA = 0.01;

interface Case {
  name: string;
  from?: number;
  to?: number;
  bucketStarts?: number[];
  timeZone?: string;
  dimension?: { name: Dim; top: number };
  rankBy?: Rank;
  measures: string[];
}

/** The four dashboard queries of issue #56 and the cases around them: whole hours, edges, zones. */
const CASES: Case[] = [
  { name: 'daily UTC, every measure', bucketStarts: UTC_DAYS, timeZone: 'UTC', measures: [...SUMS, ...PERCENTILES] },
  { name: 'daily cost by model (Europe/Berlin)', bucketStarts: BERLIN_DAYS, timeZone: 'Europe/Berlin', dimension: { name: 'model', top: 3 }, rankBy: 'costSum', measures: ['costSum', 'spanCount', 'errorRate'] },
  { name: 'daily p95 latency by model', bucketStarts: UTC_DAYS, timeZone: 'UTC', dimension: { name: 'model', top: 4 }, measures: ['latencyP95', 'latencyP50'] },
  { name: 'daily error rate by agent', bucketStarts: UTC_DAYS, timeZone: 'UTC', dimension: { name: 'agent', top: 3 }, measures: ['errorRate', 'traceCount'] },
  { name: 'tokens by user, top 3, from and to off the hour', from: FROM + 90 * 60_000, to: TO - 17 * 60_000, dimension: { name: 'user', top: 3 }, rankBy: 'totalTokens', measures: ['totalTokens', 'inputTokens', 'outputTokens', 'traceCount'] },
  { name: 'a +05:30 zone: days start at :30, the half hours read raw', bucketStarts: KOLKATA_DAYS, timeZone: 'Asia/Kolkata', dimension: { name: 'provider', top: 2 }, measures: ['costSum', 'latencyP90', 'spanCount'] },
  { name: 'traceCount by model: the other group counts distinct traces (read raw)', dimension: { name: 'model', top: 2 }, measures: ['traceCount', 'costSum'] },
  { name: 'by span type, by status', dimension: { name: 'spanType', top: 5 }, measures: ['spanCount', 'costSum', 'latencyP99'] },
  // Tags are not rolled up (a trace counts in each of its tags' groups, a rollup row per hour and tag
  // would not add up): always read raw, exact whatever the settler has done.
  { name: 'daily cost by tag, top 3 (read raw)', bucketStarts: UTC_DAYS, timeZone: 'UTC', dimension: { name: 'tag', top: 3 }, rankBy: 'costSum', measures: [...SUMS, 'latencyP95'] },
];

type Answer = { rows: { bucketStart?: string; groups: unknown[]; values: Record<string, number | null> }[] };
const answers = new Map<string, Map<Dialect, unknown>>();

/** Sums and counts equal; percentiles within α of the exact nearest-rank value (or exact when read raw). */
function expectClose(actual: Answer['rows'], expected: Answer['rows'], name: string): void {
  expect(actual.map((r) => [r.bucketStart, r.groups]), name).to.deep.equal(expected.map((r) => [r.bucketStart, r.groups]));
  actual.forEach((row, i) => {
    for (const [measure, value] of Object.entries(expected[i].values)) {
      const got = row.values[measure];
      if (PERCENTILES.includes(measure) && value !== null && got !== null) expect(Math.abs(got - value), `${name} row ${i} ${measure}: ${got} vs ${value}`).to.be.at.most(ALPHA * value + 1e-9);
      else expect(got, `${name} row ${i} ${measure}`).to.equal(value);
    }
  });
}

forEachAdapter((adapter) => {
  describe('queryMetrics over rollups (migration 047)', function () {
    this.timeout(180_000);
    let server: TestServer;
    let key: string;
    let rows: RawTrace[];
    const knex = () => server.runtime.database.knex;
    const settle = () => server.runtime.services.metricsRollups.settleAll();
    const count = async (table: string) => Number((await knex()(table).count({ n: '*' }))[0].n);
    const run = async (c: Case, label: string) => {
      const from = c.from ?? FROM;
      const to = c.to ?? TO;
      const body = {
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        measures: c.measures,
        ...(c.bucketStarts ? { time: { bucket: 'day', timeZone: c.timeZone } } : {}),
        ...(c.dimension ? { dimensions: [c.dimension] } : {}),
        ...(c.rankBy ? { rankBy: c.rankBy } : {}),
      };
      const data = expectEnvelope<Answer>(await server.request().post(QUERY).set('x-api-key', key).send(body));
      const expected = reference(rows, { from, to, bucketStarts: c.bucketStarts, dimensions: c.dimension ? [c.dimension] : [], rankBy: c.rankBy ?? 'traceCount', measures: c.measures }) as Answer['rows'];
      expect(expected.length, c.name).to.be.greaterThan(0);
      expectClose(data.rows, expected, `${label}: ${c.name}`);
      if (!answers.has(`${label}: ${c.name}`)) answers.set(`${label}: ${c.name}`, new Map());
      answers.get(`${label}: ${c.name}`)!.set(adapter, data);
      return data;
    };
    const runAll = async (label: string) => {
      for (const c of CASES) await run(c, label);
    };

    before(async () => {
      server = await startTestServer(adapter);
      key = server.tenant.apiKey;
      rows = generate(4701, 220);
      await ingest(server, server.tenant, ...rows.map(nativeInput));
      await ingest(server, server.other, ...generate(47, 20).map(nativeInput));
    });
    after(async () => server.close());

    it('marks every hour an ingest writes, in its transaction, and reads marked hours raw: exact answers before any settling', async () => {
      const hours = new Set(rows.map((t) => createdAt(t) - (createdAt(t) % HOUR)));
      const marked = await knex()('metrics_dirty_hours').where({ project_id: server.tenant.project.id }).distinct('hour_ms');
      expect(new Set(marked.map((m: { hour_ms: unknown }) => Number(m.hour_ms)))).to.deep.equal(hours);
      await runAll('unsettled');
    });

    it('settles every marked hour into rollups, clearing the marks; every answer still equals the recomputation', async () => {
      await settle();
      expect(await count('metrics_dirty_hours')).to.equal(0);
      expect(await count('metrics_rollups')).to.be.greaterThan(0);
      await runAll('settled');
    });

    /** The trace count of [from, to) in one bucket, as the API answers it. */
    const traceCount = async (from: number, to: number) =>
      expectEnvelope<Answer>(await server.request().post(QUERY).set('x-api-key', key).send({ from: new Date(from).toISOString(), to: new Date(to).toISOString(), measures: ['traceCount'] })).rows[0]
        .values.traceCount;
    /** Adds `n` to one stored row's unit and trace counts (day rows and hour rows alike). */
    const nudge = async (table: 'metrics_rollups' | 'metrics_daily_rollups', at: number, n: number) => {
      const column = table === 'metrics_rollups' ? 'hour_ms' : 'day_ms';
      const changed = await knex()(table)
        .where({ project_id: server.tenant.project.id, dimension: '', [column]: at })
        .update({ units: knex().raw('units + ?', [n]), traces: knex().raw('traces + ?', [n]) });
      expect(changed, `${table} ${new Date(at).toISOString()}`).to.equal(1);
    };

    /** The hours of the second day holding traces, in order (the fixture leaves some hours empty). */
    const busyHours = () => [...new Set(rows.map((t) => createdAt(t) - (createdAt(t) % HOUR)))].filter((h) => h >= FROM + DAY && h < FROM + 2 * DAY).sort((a, b) => a - b);

    it('reads a whole UTC day from its day row (a day row changed by hand changes the answer, its hour rows do not)', async () => {
      const before = (await run(CASES[0], 'probe')).rows;
      const hour = busyHours()[0];
      await nudge('metrics_daily_rollups', FROM + DAY, 1000);
      await nudge('metrics_rollups', hour, 100);
      expect(await traceCount(FROM, TO)).to.equal(rows.length + 1000);
      await nudge('metrics_daily_rollups', FROM + DAY, -1000);
      await nudge('metrics_rollups', hour, -100);
      expect((await run(CASES[0], 'probe-restored')).rows).to.deep.equal(before);
    });

    it('reads the whole hours of a part of a day from hour rows, and the partial hours raw', async () => {
      // From half past a busy hour of the second day: that half hour raw, the day's later whole hours
      // from hour rows, the third day from its day row.
      const [partial, whole] = busyHours().slice(1);
      const from = partial + HOUR / 2;
      const expected = rows.filter((t) => createdAt(t) >= from && createdAt(t) < TO).length;
      await nudge('metrics_rollups', partial, 100); // the hour read raw: not counted
      await nudge('metrics_rollups', whole, 10);
      await nudge('metrics_daily_rollups', FROM + 2 * DAY, 1);
      expect(await traceCount(from, TO)).to.equal(expected + 11);
      await nudge('metrics_rollups', partial, -100);
      await nudge('metrics_rollups', whole, -10);
      await nudge('metrics_daily_rollups', FROM + 2 * DAY, -1);
      expect(await traceCount(from, TO)).to.equal(expected);
    });

    it('reads a day with a marked hour from its other hours\' rows and the marked hour raw, not from its day row', async () => {
      const [marked, other] = busyHours().slice(2);
      await knex()('metrics_dirty_hours').insert({ project_id: server.tenant.project.id, hour_ms: marked });
      await nudge('metrics_daily_rollups', FROM + DAY, 1000);
      await nudge('metrics_rollups', marked, 100);
      await nudge('metrics_rollups', other, 10);
      expect(await traceCount(FROM, TO)).to.equal(rows.length + 10);
      await nudge('metrics_daily_rollups', FROM + DAY, -1000);
      await nudge('metrics_rollups', marked, -100);
      await nudge('metrics_rollups', other, -10);
      // Settling the marked hour rebuilds its day from the (restored) hour rows: the same answer.
      await settle();
      expect(await count('metrics_dirty_hours')).to.equal(0);
      await runAll('marked-day-settled');
    });

    it('keeps each day row equal to the sum of its hour rows, sketches merged', async () => {
      const projectId = server.tenant.project.id;
      const sums = async (table: string, time: string) =>
        (
          await knex()(table)
            .where({ project_id: projectId })
            .select('dimension', 'value', knex().raw(`${time} - ${time} % ${DAY} AS day`), knex().raw('SUM(units) AS units'), knex().raw('SUM(traces) AS traces'), knex().raw('SUM(total_tokens) AS tokens'))
            .groupByRaw(`dimension, value, ${time} - ${time} % ${DAY}`)
        )
          .map((r: Record<string, unknown>) => JSON.stringify([r.dimension, r.value, Number(r.day), Number(r.units), Number(r.traces), Number(r.tokens)]))
          .sort();
      const days = await sums('metrics_daily_rollups', 'day_ms');
      expect(days.length).to.be.greaterThan(3);
      expect(days).to.deep.equal(await sums('metrics_rollups', 'hour_ms'));
    });

    /** The statements a request sends that read the metrics tables. */
    /**
     * The statements a request sends that read the metrics tables: through knex, or (SQLite on a
     * file) run on the request thread's own connection, recorded as 'in place'.
     */
    const metricsStatements = async (work: () => Promise<unknown>): Promise<string[]> => {
      const seen: string[] = [];
      const listener = (query: { sql: string }) => {
        if (/metrics_/.test(query.sql)) seen.push(query.sql);
      };
      const reader = server.runtime.database.searchReader;
      const readInPlace = reader?.readInPlace;
      if (reader && readInPlace) {
        reader.readInPlace = <T>(read: (run: SearchRun) => T | null): T | null => {
          const answer = readInPlace.call(reader, read) as T | null;
          if (answer !== null) seen.push('in place');
          return answer;
        };
      }
      knex().on('query', listener);
      try {
        await work();
      } finally {
        knex().removeListener('query', listener);
        if (reader && readInPlace) reader.readInPlace = readInPlace;
      }
      return seen;
    };

    /** Settling a marked hour of each day rebuilds the day rows from the hour rows (after a test changed them by hand). */
    const settleDaysAgain = async () => {
      await knex()('metrics_dirty_hours').insert(UTC_DAYS.map((day) => ({ project_id: server.tenant.project.id, hour_ms: day })));
      await settle();
    };

    /** The dashboard shapes: every value kept (top 10), one end-user dimension. */
    const DASHBOARD: Case[] = [
      CASES[0],
      { ...CASES[2], name: 'daily p95 latency by model, top 10', dimension: { name: 'model', top: 10 } },
      { ...CASES[3], name: 'daily error rate by agent, top 10', dimension: { name: 'agent', top: 10 } },
      { name: 'daily tokens by user, top 3', bucketStarts: UTC_DAYS, timeZone: 'UTC', dimension: { name: 'user', top: 3 }, rankBy: 'totalTokens', measures: ['totalTokens', 'errorRate'] },
    ];

    it('answers a query over settled whole UTC days in one statement: marks, ranking, folding, totals and sketches together', async () => {
      for (const c of DASHBOARD) expect(await metricsStatements(() => run(c, 'one statement')), c.name).to.have.length(1);
    });

    it('runs that statement on the request thread\'s own SQLite connection when the scope holds at most 2,000 rollup rows, through the SQLite thread beyond', async () => {
      const projectId = server.tenant.project.id;
      const scope: MetricsScope = { projectId, unit: 'trace', fromMs: FROM, toMs: TO, rules: [], buckets: UTC_DAYS.map((startMs, index) => ({ index, startMs, endMs: startMs + DAY })) };
      const query = { dimension: { name: 'user' as const, top: 3 }, rankBy: 'totalTokens' as const, totals: { inputOutputTokens: false, traceCount: false }, sums: ALL_SUMS, percentiles: [] };
      const read = () => server.runtime.store.metrics.answerFromAggregates(scope, query);
      const statements = async () => (await metricsStatements(read)).map((s) => (s === 'in place' ? s : 'thread'));
      const before = await read();
      expect(before).to.not.equal(null);
      expect(await statements()).to.deep.equal([adapter === 'sqlite' ? 'in place' : 'thread']);
      // 2,001 day rows of users with no traces (the top 3 by tokens stay; these fold into each day's other).
      const filler = Array.from({ length: 2001 }, (_, i) => ({ project_id: projectId, dimension: 'user', day_ms: UTC_DAYS[i % 3], value: `filler-${String(i).padStart(4, '0')}`, units: 0, traces: 0, spans: 0, errors: 0, cost: 0, input_tokens: 0, output_tokens: 0, total_tokens: 0, latency_sketch: Buffer.alloc(0) }));
      await knex().batchInsert('metrics_daily_rollups', filler, 500);
      try {
        expect(await statements()).to.deep.equal(['thread']);
        expect((await read())!.groupings).to.deep.equal(before!.groupings);
      } finally {
        await knex()('metrics_daily_rollups').where({ project_id: projectId, dimension: 'user' }).where('value', 'like', 'filler-%').delete();
      }
    });

    it('reads the parts when that statement finds a marked hour in the scope, with the same answer', async () => {
      const [marked] = busyHours();
      await knex()('metrics_dirty_hours').insert({ project_id: server.tenant.project.id, hour_ms: marked });
      // The one statement, then the marks, the top values and the totals.
      expect(await metricsStatements(() => run(DASHBOARD[2], 'marked: parts'))).to.have.length(4);
      await settle();
      expect(await metricsStatements(() => run(DASHBOARD[2], 'settled again'))).to.have.length(1);
    });

    it('reads again with the database ranking and folding when the (day, value) groups outnumber days × (top + 1)', async () => {
      // Six models and spans without one: seven groups a day, more than 3 × (4 + 1) over three days.
      const [c] = [CASES[2]];
      expect(c.dimension).to.deep.equal({ name: 'model', top: 4 });
      expect(await metricsStatements(() => run(c, 'folded by the database'))).to.have.length(2);
    });

    it('ranks and folds in the reader when the groups fit but the values outnumber the top, as the parts answer', async () => {
      const projectId = server.tenant.project.id;
      const metrics = server.runtime.store.metrics;
      // One agent a day, a different one each day: three groups (≤ 3 × (1 + 1)) and three values for a top of one.
      const agents = (await knex()('metrics_daily_rollups').where({ project_id: projectId, dimension: 'agent' }).whereNotNull('value').distinct('value').orderBy('value')).map(
        (r: { value: string }) => r.value,
      );
      expect(agents.length).to.be.greaterThan(2);
      for (const [i, day] of UTC_DAYS.entries()) {
        await knex()('metrics_daily_rollups').where({ project_id: projectId, dimension: 'agent', day_ms: day }).where((q) => q.whereNot({ value: agents[i] }).orWhereNull('value')).delete();
      }
      const scope: MetricsScope = { projectId, unit: 'trace', fromMs: FROM, toMs: TO, rules: [], buckets: UTC_DAYS.map((startMs, index) => ({ index, startMs, endMs: startMs + DAY })) };
      const totals = { inputOutputTokens: true, traceCount: true };
      let whole: Awaited<ReturnType<typeof metrics.answerFromAggregates>> = null;
      expect(await metricsStatements(async () => (whole = await metrics.answerFromAggregates(scope, { dimension: { name: 'agent', top: 1 }, rankBy: 'traceCount', totals, sums: ALL_SUMS, percentiles: [95] })))).to.have.length(1);
      const keep = await metrics.topValues(scope, 'agent', 'traceCount', 1);
      expect(whole!.groupings).to.deep.equal([{ dimension: 'agent', keep }]);
      const byKey = <T extends { bucket: number; values: unknown[] }>(list: T[]) => [...list].sort((a, b) => JSON.stringify([a.bucket, a.values]).localeCompare(JSON.stringify([b.bucket, b.values])));
      const parts = await metrics.totals(scope, whole!.groupings, totals);
      expect(parts.filter((t) => t.values[0].other)).to.have.length(2);
      expect(byKey(whole!.totals)).to.deep.equal(byKey(parts));
      expect(byKey(whole!.latencies)).to.deep.equal(byKey(await metrics.latencies(scope, whole!.groupings, [95])));
      // Only the sums asked for are read; the others are 0.
      const costOnly = await metrics.answerFromAggregates(scope, { dimension: { name: 'agent', top: 1 }, rankBy: 'traceCount', totals, sums: ['cost'], percentiles: [] });
      expect(byKey(costOnly!.totals).map((t) => [t.cost, t.units, t.traces, t.totalTokens])).to.deep.equal(byKey(parts).map((t) => [t.cost, 0, 0, 0]));
      await settleDaysAgain();
    });

    it('ranks, folds and adds up as the parts do, ties in byte order, for every rolled-up dimension, top and exact rank', async () => {
      const projectId = server.tenant.project.id;
      // Every value of every dimension the same per day: each ranking is all ties.
      await knex()('metrics_daily_rollups').where({ project_id: projectId }).whereNot({ dimension: '' }).update({ traces: 3, spans: 5, input_tokens: 2, output_tokens: 2, total_tokens: 4 });
      const metrics = server.runtime.store.metrics;
      const dimensions: MetricsDimension[] = ['framework', 'agent', 'status', 'user', 'environment', 'release', 'model', 'provider', 'spanType', 'promptName'];
      const ranks: RankMeasure[] = ['traceCount', 'spanCount', 'inputTokens', 'outputTokens', 'totalTokens'];
      let compared = 0;
      for (const name of dimensions) {
        const unit = SPAN_DIMENSIONS.has(name) ? 'span' : 'trace';
        const scope: MetricsScope = { projectId, unit, fromMs: FROM, toMs: TO, rules: [], buckets: UTC_DAYS.map((startMs, index) => ({ index, startMs, endMs: startMs + DAY })) };
        const totals = { inputOutputTokens: true, traceCount: unit === 'trace' };
        for (const rankBy of ranks) {
          for (const top of [1, 2, 5]) {
            const whole = await metrics.answerFromAggregates(scope, { dimension: { name, top }, rankBy, totals, sums: ALL_SUMS, percentiles: [50, 95] });
            expect(whole, `${name} ${rankBy} ${top}`).to.not.equal(null);
            const keep = await metrics.topValues(scope, name, rankBy, top);
            const groupings = [{ dimension: name, keep }];
            const byKey = <T extends { bucket: number; values: unknown[] }>(list: T[]) => [...list].sort((a, b) => JSON.stringify([a.bucket, a.values]).localeCompare(JSON.stringify([b.bucket, b.values])));
            expect(whole!.groupings, `${name} ${rankBy} ${top}`).to.deep.equal(groupings);
            expect(byKey(whole!.totals), `${name} ${rankBy} ${top}`).to.deep.equal(byKey(await metrics.totals(scope, groupings, totals)));
            expect(byKey(whole!.latencies), `${name} ${rankBy} ${top}`).to.deep.equal(byKey(await metrics.latencies(scope, groupings, [50, 95])));
            if (keep.length > 1) compared++;
          }
        }
      }
      expect(compared).to.be.greaterThan(30);
      await settleDaysAgain();
      await runAll('ties restored');
    });

    it('leaves to the parts what the stored aggregates do not answer exactly: a cost ranking, prompt versions, a span dimension counting traces, a filter, an edge hour', async () => {
      const projectId = server.tenant.project.id;
      const metrics = server.runtime.store.metrics;
      const days = { fromMs: FROM, toMs: TO, buckets: UTC_DAYS.map((startMs, index) => ({ index, startMs, endMs: startMs + DAY })) };
      const plain = { inputOutputTokens: false, traceCount: false };
      const none = (scope: MetricsScope, query: Parameters<typeof metrics.answerFromAggregates>[1]) => metrics.answerFromAggregates(scope, query).then((answer) => expect(answer).to.equal(null));
      await none({ projectId, unit: 'trace', rules: [], ...days }, { dimension: { name: 'agent', top: 3 }, rankBy: 'costSum', totals: plain, sums: ALL_SUMS, percentiles: [] });
      await none({ projectId, unit: 'span', rules: [], ...days }, { dimension: { name: 'promptVersion', top: 3 }, rankBy: 'spanCount', totals: plain, sums: ALL_SUMS, percentiles: [] });
      await none({ projectId, unit: 'span', rules: [], ...days }, { dimension: { name: 'model', top: 3 }, rankBy: 'spanCount', totals: { ...plain, traceCount: true }, sums: ALL_SUMS, percentiles: [] });
      await none({ projectId, unit: 'trace', rules: [{ field: 'status', operator: 'eq', value: 'error' }] as unknown as MetricsScope['rules'], ...days }, { dimension: null, rankBy: 'traceCount', totals: plain, sums: ALL_SUMS, percentiles: [] });
      await none({ projectId, unit: 'trace', rules: [], fromMs: FROM + 60_000, toMs: TO, buckets: [{ index: 0, startMs: FROM + 60_000, endMs: TO }] }, { dimension: null, rankBy: 'traceCount', totals: plain, sums: ALL_SUMS, percentiles: [] });
    });

    it('follows an OTLP append to a settled trace: its hour is marked by the update, read raw, then settled again', async () => {
      const traceId = 'ab'.repeat(16);
      const base = FROM + 30 * HOUR + 12 * 60_000;
      const spans: RawTrace['spans'] = [
        { spanId: '01'.repeat(8), parentSpanId: null, type: 'LLM', status: 'success', latencyMs: 120, startMs: base, cost: 0.5, model: 'gpt-4o', inputTokens: 10, outputTokens: 20 },
        { spanId: '02'.repeat(8), parentSpanId: '01'.repeat(8), type: 'LLM', status: 'error', latencyMs: 40, startMs: base - 2 * HOUR, cost: 0.25, model: 'llama-3', inputTokens: 7, outputTokens: 3 },
      ];
      const send = async (span: RawTrace['spans'][number]) => {
        const now = Date.parse('2026-11-01T11:00:00.000Z'); // otlpJson's start times are relative to it
        const body = otlpJson([
          {
            traceId,
            spanId: span.spanId,
            ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
            name: 'chat',
            startMs: span.startMs - now,
            durationMs: span.latencyMs,
            attributes: { 'gen_ai.request.model': span.model as string, 'gen_ai.usage.input_tokens': span.inputTokens as number, 'gen_ai.usage.output_tokens': span.outputTokens as number, 'gen_ai.usage.cost': span.cost },
            ...(span.status === 'error' ? { status: { code: 2, message: 'boom' } } : {}),
          },
        ]);
        expect((await server.request().post('/v1/traces').set('x-api-key', key).set('content-type', 'application/json').send(JSON.stringify(body))).status).to.equal(200);
      };
      // OTLP names the agent after the resource's service.name (otlpJson's is 'svc').
      const otlp: RawTrace = { id: traceId, agent: 'svc', spans: [spans[0]], quality: [] };
      rows.push(otlp);
      await send(spans[0]);
      await settle();
      await runAll('otlp-first');
      // The second span starts two hours earlier: the trace moves to another hour; both are marked.
      otlp.spans.push(spans[1]);
      await send(spans[1]);
      const marked = (await knex()('metrics_dirty_hours').where({ project_id: server.tenant.project.id }).distinct('hour_ms')).map((m: { hour_ms: unknown }) => Number(m.hour_ms));
      expect(marked.sort()).to.deep.equal([base - 2 * HOUR - ((base - 2 * HOUR) % HOUR), base - (base % HOUR)]);
      await runAll('otlp-appended');
      await settle();
      await runAll('otlp-appended-settled');
    });

    it('follows deletes: the deleted traces\' hours are marked, read raw, then settled without them', async () => {
      const victims = rows.slice(0, 15);
      for (const victim of victims) expectEnvelope(await server.request().delete(`/api/v1/public/traces/${victim.id}`).set('x-api-key', key));
      rows = rows.slice(15);
      await runAll('deleted');
      await settle();
      await runAll('deleted-settled');
    });

    it('follows the retention: the floor\'s partial hour is read raw, and the lifecycle\'s deletes are settled', async () => {
      expectEnvelope(await server.request().patch('/api/v1/public/project').set('x-api-key', key).send({ retentionDays: 7 }));
      // The clock is 2026-11-01T12:00Z: 7 days keep what was created from 2026-10-25T12:00Z on.
      const floor = Date.parse('2026-10-25T12:00:00.000Z');
      const kept = rows.filter((t) => createdAt(t) >= floor);
      const all = rows;
      rows = kept;
      await runAll('retained');
      while ((await server.runtime.services.dataLifecycle.runOnce('rollups-test')).more);
      await settle();
      await runAll('retained-settled');
      expect(kept.length).to.be.lessThan(all.length);
      expectEnvelope(await server.request().patch('/api/v1/public/project').set('x-api-key', key).send({ retentionDays: null }));
    });

    it('a project whose traces are all deleted (as a purge deletes them) leaves no rollups or marks once settled; the other organization\'s rollups stay', async () => {
      const projectId = server.tenant.project.id;
      expect(Number((await knex()('trace_tags').where({ project_id: projectId }).count({ n: '*' }))[0].n)).to.be.greaterThan(0);
      await knex()('traces').where({ project_id: projectId }).delete();
      // The tag rows went with their traces (migration 049's delete trigger), the other organization's stay.
      expect(Number((await knex()('trace_tags').where({ project_id: projectId }).count({ n: '*' }))[0].n)).to.equal(0);
      expect(await count('trace_tags')).to.be.greaterThan(0);
      await settle();
      expect(Number((await knex()('metrics_rollups').where({ project_id: projectId }).count({ n: '*' }))[0].n)).to.equal(0);
      expect(Number((await knex()('metrics_daily_rollups').where({ project_id: projectId }).count({ n: '*' }))[0].n)).to.equal(0);
      expect(await count('metrics_dirty_hours')).to.equal(0);
      expect(await count('metrics_rollups')).to.be.greaterThan(0);
      expect(await count('metrics_daily_rollups')).to.be.greaterThan(0);
    });

    if (adapter === ADAPTERS.at(-1) && ADAPTERS.length > 1) {
      it('answers the same rows on every adapter', () => {
        for (const [name, byAdapter] of answers) {
          expect([...byAdapter.keys()], name).to.deep.equal([...ADAPTERS]);
          for (const other of ADAPTERS) expect(byAdapter.get(other), `${name} on ${other}`).to.deep.equal(byAdapter.get(adapter));
        }
      });
    }
  });
});
