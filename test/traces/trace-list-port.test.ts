import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { TraceCondition, TraceFilters, TraceKeyset } from '../../src/ports/traces.js';
import { forEachPortAdapter } from '../support/adapters.js';
import { TraceTable } from '../filters/trace-table.js';
import { seedScores, seedTraces, T0, type SeedTrace } from '../monitors/support.js';
import { ofRegisteredTraces } from '../support/trace-fixtures.js';

const S = 1000;

/** Five traces of the project (c and d created at the same instant) and one of another project. */
const TRACES: SeedTrace[] = [
  { id: 'a', at: T0, status: 'success', framework: 'langchain', agentName: 'planner', latencyMs: 100, cost: 0.5, sessionId: 's1', userId: 'alice' },
  { id: 'b', at: T0 + S, status: 'error', framework: 'crewai', agentName: 'writer', latencyMs: 200, cost: 1, sessionId: 's1', userId: 'bob' },
  { id: 'c', at: T0 + 2 * S, status: 'success', framework: 'langchain', agentName: 'writer', latencyMs: 300, cost: 2, sessionId: 's2', userId: null },
  { id: 'd', at: T0 + 2 * S, status: 'error', framework: null, agentName: null, latencyMs: 50, cost: 0, sessionId: null, userId: 'alice' },
  { id: 'e', at: T0 + 3 * S, status: 'success', framework: 'crewai', agentName: 'planner', latencyMs: 1000, cost: 0.25, sessionId: 's2', userId: 'bob' },
];

const rules = (...nodes: { field: string; operator: string; value: unknown }[]): TraceCondition =>
  ({ kind: 'filter', rules: nodes.map((node, i) => ({ id: `r${i}`, ...node })) }) as TraceCondition;

/** [description, filters, condition, expected ids newest first] — written out by hand. */
const CASES: [string, TraceFilters, TraceCondition | undefined, string[]][] = [
  ['no filter lists newest first, ties by id descending', {}, undefined, ['e', 'd', 'c', 'b', 'a']],
  ['status', { status: 'error' }, undefined, ['d', 'b']],
  ['framework never matches a missing one', { framework: 'langchain' }, undefined, ['c', 'a']],
  ['agentName', { agentName: 'planner' }, undefined, ['e', 'a']],
  ['fromMs is inclusive, toMs exclusive', { fromMs: T0 + S, toMs: T0 + 2 * S }, undefined, ['b']],
  ['fromMs alone', { fromMs: T0 + 2 * S }, undefined, ['e', 'd', 'c']],
  ['latency bounds are inclusive', { minLatencyMs: 200, maxLatencyMs: 300 }, undefined, ['c', 'b']],
  ['cost bounds are inclusive', { minCost: 0.5, maxCost: 1 }, undefined, ['b', 'a']],
  ['sessionId', { sessionId: 's2' }, undefined, ['e', 'c']],
  ['userId', { userId: 'alice' }, undefined, ['d', 'a']],
  ['a score of the name on the trace itself, of any type', { score: { name: 'grade' } }, undefined, ['c', 'b', 'a']],
  ['a score bound leaves out scores without a number', { score: { name: 'grade', min: 0.5 } }, undefined, ['a']],
  ['a score upper bound', { score: { name: 'grade', max: 0.5 } }, undefined, ['b']],
  ['every filter must hold', { status: 'success', framework: 'crewai' }, undefined, ['e']],
  ['a condition alone', {}, rules({ field: 'scores.grade', operator: 'greater_than', value: 0.5 }), ['a']],
  ['scores.<name> is_empty: no numeric or boolean trace-level score (a categorical or span score is none)', {}, rules({ field: 'scores.grade', operator: 'is_empty', value: null }), ['e', 'd', 'c']],
  ['scores.<name> is_not_empty', {}, rules({ field: 'scores.grade', operator: 'is_not_empty', value: null }), ['b', 'a']],
  ['scores.<name> is a boolean', {}, rules({ field: 'scores.helpful', operator: 'is', value: true }), ['d']],
  ['scores.<name> within a range', {}, rules({ field: 'scores.grade', operator: 'is_within_range', value: [0.1, 0.5] }), ['b']],
  ['a condition and filters together (is_not keeps a missing agent)', { status: 'error' }, rules({ field: 'agentName', operator: 'is_not', value: 'writer' }), ['d']],
  ['a span of the model', { span: { model: 'gpt-4o' } }, undefined, ['c', 'a']],
  ['a span of the provider; a number is no provider', { span: { provider: 'openai' } }, undefined, ['b', 'a']],
  ['a span of the type, case-sensitive', { span: { spanType: 'TOOL' } }, undefined, ['b']],
  ['model and provider on one span (b has each, on two spans)', { span: { model: 'claude-3', provider: 'openai' } }, undefined, []],
  ['model and provider on one span', { span: { model: 'gpt-4o', provider: 'openai' } }, undefined, ['a']],
  ['a span value and filters together', { span: { spanType: 'LLM' }, status: 'success' }, undefined, ['c', 'a']],
  ['a condition on metadata-free traces', {}, rules({ field: 'metadata.tier', operator: 'is_empty', value: null }), ['e', 'd', 'c', 'b', 'a']],
];

/**
 * The trace list port's behaviour table (filters, conditions, order and keyset pages), run against
 * both SQL adapters and the in-memory adapter over the same seeded rows.
 */
forEachPortAdapter((adapter) => {
  describe('TraceListReader.list', () => {
    let table: TraceTable;
    before(async () => {
      table = await TraceTable.open(adapter);
      const { organization_id: organizationId } = await table.knex('projects').where({ id: table.projectId }).first();
      const otherProject = randomUUID();
      await table.knex('projects').insert({ id: otherProject, organization_id: organizationId, name: 'Other', created_at: 0, updated_at: 0 });
      await seedTraces(table.knex, table.projectId, TRACES);
      await seedTraces(table.knex, otherProject, [{ id: 'x', at: T0 + S, status: 'error', framework: 'crewai', userId: 'alice' }]);
      // Spans of a, b, c (d and e have none); x of the other project has a gpt-4o span too.
      const span = (projectId: string, traceId: string, spanId: string, spanType: string, metadata: Record<string, unknown>, position: number) => ({
        project_id: projectId, trace_id: traceId, span_id: spanId, position, name: spanId, span_type: spanType, status: 'success', metadata: JSON.stringify(metadata),
      });
      await table.knex('spans').insert(await ofRegisteredTraces(table.knex, [
        span(table.projectId, 'a', 's1', 'LLM', { model: 'gpt-4o', provider: 'openai' }, 0),
        span(table.projectId, 'b', 's1', 'LLM', { model: 'claude-3', provider: 'anthropic' }, 0),
        span(table.projectId, 'b', 's2', 'TOOL', { provider: 'openai' }, 1),
        span(table.projectId, 'c', 's1', 'LLM', { model: 'gpt-4o', provider: 7 }, 0),
        span(table.projectId, 'c', 's2', 'tool', {}, 1),
        span(otherProject, 'x', 's1', 'LLM', { model: 'gpt-4o', provider: 'openai' }, 0),
      ]));
      await seedScores(table.knex, table.projectId, [
        { name: 'grade', value: 0.9, traceId: 'a' },
        { name: 'grade', value: 0.2, traceId: 'b' },
        { name: 'grade', value: 'meh', traceId: 'c' },
        { name: 'grade', value: 0.95, traceId: 'e', target: 'span' }, // a span's score is not the trace's
        { name: 'helpful', value: true, traceId: 'd' },
      ]);
    });
    after(async () => table.close());

    const list = async (filters: TraceFilters, extraCondition?: TraceCondition, page: { limit?: number; after?: TraceKeyset } = {}) =>
      (await (await table.reader()).list({ projectId: table.projectId, filters, extraCondition, limit: page.limit ?? 100, after: page.after })).map((t) => t.id);

    for (const [description, filters, condition, expected] of CASES) {
      it(`${description}: ${expected.join(', ')}`, async () => {
        expect(await list(filters, condition)).to.deep.equal(expected);
      });
    }

    it('pages by keyset: after (createdAt, id), never repeating or skipping a trace created at the same instant', async () => {
      expect(await list({}, undefined, { limit: 2 })).to.deep.equal(['e', 'd']);
      expect(await list({}, undefined, { limit: 2, after: { value: T0 + 2 * S, id: 'd' } })).to.deep.equal(['c', 'b']);
      expect(await list({}, undefined, { limit: 2, after: { value: T0 + S, id: 'b' } })).to.deep.equal(['a']);
    });

    it('returns the whole record of each trace', async () => {
      const [trace] = await (await table.reader()).list({ projectId: table.projectId, filters: { userId: 'bob', framework: 'crewai', status: 'error' }, limit: 1 });
      expect(trace).to.deep.equal({
        projectId: table.projectId,
        id: 'b',
        name: 'trace b',
        status: 'error',
        createdAt: new Date(T0 + S),
        latencyMs: 200,
        cost: 1,
        spanCount: 0,
        totalTokens: 0,
        framework: 'crewai',
        agentName: 'writer',
        errorMessage: null,
        metadata: {},
        sessionId: 's1',
        userId: 'bob',
        environment: null,
        release: null,
        inputTokens: 0,
        outputTokens: 0,
        tags: [],
      });
    });
  });
});
