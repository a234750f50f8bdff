import { expect } from 'chai';
import type { Knex } from 'knex';
import { WEEK_MS, weekStart } from '../../adapters/postgres/time-partitions.js';
import { parseSearchQuery } from '../../src/domain/traces/search-query.js';
import type { SearchQuery } from '../../src/ports/traces.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { moveToWeek } from '../administration/week-fixtures.js';

const DAY = 24 * 3600_000;

/** A trace whose words, tag, model and span names are its own: `word` in its name, `tag`, `model` on its LLM span. */
const tracePayload = (id: string, startMs: number, word: string, tag: string, model: string) => ({
  trace_id: id,
  name: `${word} run`,
  tags: [tag],
  metadata: { framework: 'langgraph', agent_name: 'planner' },
  spans: [
    { span_id: `${word}-root`, name: `${word} plan`, span_type: 'AGENT', status: 'success', latency_ms: 40, start_time: new Date(startMs).toISOString() },
    { span_id: `${word}-llm`, parent_span_id: `${word}-root`, name: `${word} call`, span_type: 'LLM', status: 'success', start_time: new Date(startMs + 5).toISOString(), metadata: { model } },
  ],
});

const query = (text: string): SearchQuery => parseSearchQuery(text) as SearchQuery;

/**
 * PostgreSQL: a trace released by retention (its registry row deleted, docs/partitioning.md step 2)
 * keeps its rows in a week that stays until the batch path reaches them; a trace stored anew under its
 * id since is another trace. Reads of many traces by id name `stored_at`, so neither meets the
 * other's rows.
 */
describe('[postgres] reads of an id stored anew beside its released trace\'s rows', function () {
  this.timeout(60_000);
  let server: TestServer;
  let knex: Knex;
  let projectId: string;
  const pastWeek = weekStart(Date.now()) - 3 * WEEK_MS;

  before(async () => {
    server = await startTestServer('postgres', { env: { DETECTION_WORKER_ENABLED: 'false' } });
    knex = server.runtime.database.knex;
    const project = expectEnvelope<{ id: string }>(await server.request().post('/api/v1/public/projects').set('x-api-key', server.tenant.orgApiKey).send({ name: 'Twins' }), 201);
    projectId = project.id;
    await server.request().patch('/api/v1/public/project').set({ 'x-api-key': server.tenant.orgApiKey, 'x-project-id': projectId }).send({ retentionDays: 7 }).expect(200);
    const now = server.clock.now().getTime();
    await server.runtime.services.traceIngestion.ingestBatch(projectId, [tracePayload('twin', now - 30 * DAY, 'tulip', 'weekly', 'gpt')]);
    await moveToWeek(knex, projectId, ['twin'], pastWeek);
    // Released as the drop path releases a trace whose week then stays (another trace of it moved later).
    await knex('trace_ids').where({ project_id: projectId, id: 'twin' }).delete();
    await server.runtime.services.traceIngestion.ingestBatch(projectId, [tracePayload('twin', now, 'daisy', 'fresh', 'claude')]);
    // Both traces' rows are there: the reads below must tell them apart.
    expect((await knex('spans').where({ project_id: projectId, trace_id: 'twin' }).orderBy('span_id').pluck('span_id'))).to.deep.equal(['daisy-llm', 'daisy-root', 'tulip-llm', 'tulip-root']);
    expect((await knex('trace_search').where({ project_id: projectId, trace_id: 'twin' }).count({ n: '*' }).first().then((r) => Number(r?.n)))).to.equal(2);
  });
  after(async () => server.close());

  it('spansOfTraces returns the new trace\'s spans only', async () => {
    const spans = await server.runtime.store.traces.spansOfTraces(projectId, ['twin']);
    expect([...spans.entries()].map(([id, list]) => [id, list.map((s) => s.spanId)])).to.deep.equal([['twin', ['daisy-root', 'daisy-llm']]]);
  });

  it('rootSpansOf returns the new trace\'s root only', async () => {
    const roots = await server.runtime.store.traces.rootSpansOf(projectId, ['twin']);
    expect([...roots.entries()].map(([id, list]) => [id, list.map((s) => s.name)])).to.deep.equal([['twin', ['daisy plan']]]);
  });

  it('the search joins each search row to its own trace row, by relevance and by recency (no filter: both traces\' rows are read as stored)', async () => {
    const names = async (text: string, sort: 'relevance' | 'recency') =>
      (await server.runtime.store.traces.search({ projectId, query: query(text), sort, filters: {}, limit: 10, offset: 0, countLimit: 100, rankLimit: 100 })).traces.map((t) => t.name);
    for (const sort of ['relevance', 'recency'] as const) {
      expect(await names('daisy', sort), `daisy ${sort}`).to.deep.equal(['daisy run']);
      expect(await names('tulip', sort), `tulip ${sort}`).to.deep.equal(['tulip run']);
      expect(await names('"tulip plan"', sort), `phrase ${sort}`).to.deep.equal(['tulip run']);
    }
  });

  it('the search service (retention as a filter joined to the trace rows) finds the new trace by its own words only', async () => {
    const ids = async (text: string, sort: 'relevance' | 'recency') => (await server.runtime.services.traceSearch.search(projectId, { query: text, sort })).traces.map((t) => [t.id, t.name]);
    for (const sort of ['relevance', 'recency'] as const) {
      expect(await ids('daisy', sort), `daisy ${sort}`).to.deep.equal([['twin', 'daisy run']]);
      expect(await ids('tulip', sort), `tulip ${sort}`).to.deep.equal([]);
    }
  });

  it('the list\'s span filter and a tag rule test the new trace\'s own spans and tags', async () => {
    const names = async (filters: Parameters<typeof server.runtime.store.traces.list>[0]['filters'], tag?: string) =>
      (
        await server.runtime.store.traces.list({
          projectId,
          filters,
          limit: 10,
          ...(tag ? { extraCondition: { kind: 'filter' as const, rules: [{ id: 'r', field: 'tag', operator: 'is' as const, value: tag }] } } : {}),
        })
      ).map((t) => t.name);
    expect(await names({ span: { model: 'claude' } })).to.deep.equal(['daisy run']);
    expect(await names({ span: { model: 'gpt' } })).to.deep.equal(['tulip run']);
    expect(await names({}, 'fresh')).to.deep.equal(['daisy run']);
    expect(await names({}, 'weekly')).to.deep.equal(['tulip run']);
  });
});
