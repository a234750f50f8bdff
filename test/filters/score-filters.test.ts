import { expect } from 'chai';
import { checkFilterTree, evaluateFilter, type FilterNode } from '../../src/domain/filters/index.js';
import { traceToolMappings } from '../../src/tools/trace-tools.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { toolContext, toolsOver } from '../support/tool-context.js';
import { ingest } from '../evaluations/support.js';

const rule = (field: string, operator: string, value: unknown): FilterNode => ({ id: 'r', field, operator, value }) as FilterNode;

describe('scores.<name> filter fields (in memory)', () => {
  const record = { name: 'x', scores: [{ name: 'grade', dataType: 'numeric', numericValue: 0.9 }, { name: 'ok', dataType: 'boolean', numericValue: 1 }, { name: 'mood', dataType: 'categorical', numericValue: null }] };

  it('matches when some numeric or boolean score of that name satisfies the rule', () => {
    expect(evaluateFilter([rule('scores.grade', 'greater_than', 0.5)], record)).to.equal(true);
    expect(evaluateFilter([rule('scores.grade', 'less_than', 0.5)], record)).to.equal(false);
    expect(evaluateFilter([rule('scores.grade', 'is_within_range', [0.8, 1])], record)).to.equal(true);
    expect(evaluateFilter([rule('scores.ok', 'is', true)], record)).to.equal(true);
    expect(evaluateFilter([rule('scores.ok', 'equals', 1)], record)).to.equal(true);
    expect(evaluateFilter([rule('scores.grade', 'is', true)], record)).to.equal(false);
    expect(evaluateFilter([rule('scores.mood', 'is_not_empty', null)], record)).to.equal(false);
    expect(evaluateFilter([rule('scores.missing', 'is_empty', null)], record)).to.equal(true);
    expect(evaluateFilter([rule('scores.grade', 'greater_than', 0)], { name: 'no scores' })).to.equal(false);
  });

  it('refuses a bad score name and text operators with field paths', () => {
    const { errors } = checkFilterTree([rule('scores. bad', 'greater_than', 1), rule('scores.grade', 'contains', 'x'), rule('scores.grade', 'greater_than', 'high')]);
    expect(errors.map((e) => ({ code: e.code, path: e.path }))).to.deep.equal([
      { code: 'unknown_field', path: '/filters/0/field' },
      { code: 'invalid_operator', path: '/filters/1/operator' },
      { code: 'invalid_operand', path: '/filters/2/value' },
    ]);
  });
});

forEachAdapter((adapter) => {
  describe('score filters over REST and tools', () => {
    let server: TestServer;
    let key: string;
    let tools: Record<string, ToolDefinition>;
    const score = async (body: Record<string, unknown>) => expectEnvelope(await server.request().post('/api/v1/public/scores').set('x-api-key', key).send(body), 201);
    const saveFilter = (filters: unknown) => server.request().post('/api/v1/public/saved-filters').set('x-api-key', key).send({ name: 'graded', filters });
    const listIds = async (query: Record<string, string | number>) =>
      expectEnvelope<{ traces: { id: string }[] }>(await server.request().get('/api/v1/public/traces').set('x-api-key', key).query(query)).traces.map((t) => t.id).sort();
    const search = (query: Record<string, string | number>) => server.request().get('/api/v1/public/search/traces').set('x-api-key', key).query(query);

    before(async () => {
      server = await startTestServer(adapter);
      key = server.tenant.apiKey;
      tools = Object.fromEntries(toolsOver(server, traceToolMappings(server.config)).map((t) => [t.name, t]));
      for (const id of ['graded-low', 'graded-high', 'judged-yes', 'ungraded']) await ingest(server, key, { trace_id: id, name: 'zephyrrun', spans: [{ span_id: 'root' }] });
      await score({ name: 'grade', dataType: 'numeric', value: 0.2, traceId: 'graded-low' });
      await score({ name: 'grade', dataType: 'numeric', value: 0.9, traceId: 'graded-high' });
      await score({ name: 'grade', dataType: 'numeric', value: 0.95, traceId: 'ungraded', spanId: 'root' }); // a span score is not the trace's
      await score({ name: 'helpful', dataType: 'boolean', value: true, traceId: 'judged-yes' });
      await score({ name: 'helpful', dataType: 'boolean', value: false, traceId: 'graded-low' });
    });
    after(async () => server.close());

    describe('GET /api/v1/public/traces?savedFilterId= (listTraces with a saved score filter)', () => {
      it('lists the traces with a trace-level score satisfying each rule', async () => {
        const cases: [unknown[], string[]][] = [
          [[rule('scores.grade', 'greater_than', 0.5)], ['graded-high']],
          [[rule('scores.grade', 'less_than', 0.5)], ['graded-low']],
          [[rule('scores.grade', 'is_within_range', [0, 1])], ['graded-high', 'graded-low']],
          [[rule('scores.grade', 'equals', 0.9)], ['graded-high']],
          [[rule('scores.grade', 'is_empty', null)], ['judged-yes', 'ungraded']],
          [[rule('scores.grade', 'is_not_empty', null)], ['graded-high', 'graded-low']],
          [[rule('scores.helpful', 'is', true)], ['judged-yes']],
          [[rule('scores.helpful', 'is', false)], ['graded-low']],
          [[rule('scores.helpful', 'is_not', true)], ['graded-high', 'graded-low', 'ungraded']],
          [[{ id: 'g', type: 'group', logicalOperator: 'Or', rules: [rule('scores.grade', 'greater_than', 0.5), rule('scores.helpful', 'is', true)] }], ['graded-high', 'judged-yes']],
          [[rule('scores.grade', 'greater_than', 0.5), rule('name', 'is', 'zephyrrun')], ['graded-high']],
        ];
        // The same trace-level scores as in-memory records: evaluateFilter must agree with the SQL.
        const records = {
          'graded-low': [{ name: 'grade', dataType: 'numeric', numericValue: 0.2 }, { name: 'helpful', dataType: 'boolean', numericValue: 0 }],
          'graded-high': [{ name: 'grade', dataType: 'numeric', numericValue: 0.9 }],
          'judged-yes': [{ name: 'helpful', dataType: 'boolean', numericValue: 1 }],
          ungraded: [],
        };
        for (const [filters, expected] of cases) {
          const saved = expectEnvelope<{ id: string; filters: FilterNode[] }>(await saveFilter(filters), 201);
          expect(await listIds({ savedFilterId: saved.id }), JSON.stringify(filters)).to.deep.equal(expected);
          const inMemory = Object.entries(records).filter(([, scores]) => evaluateFilter(saved.filters, { name: 'zephyrrun', scores })).map(([id]) => id).sort();
          expect(inMemory, `in memory: ${JSON.stringify(filters)}`).to.deep.equal(expected);
        }
      });
    });

    describe('POST /api/v1/public/saved-filters with score rules', () => {
      it('answers 400 with paths at a bad score name, a text operator and a text operand', async () => {
        const body = expectProblem(
          await saveFilter([rule('scores.-bad', 'greater_than', 1), rule('scores.grade', 'starts_with', 'x'), rule('scores.grade', 'less_than', 'low')]),
          400,
          'PUBLIC_API_VALIDATION_FAILED',
        );
        expect(body.errors).to.deep.equal([
          {
            code: 'unknown_field',
            message: 'not a known field (the fields are listed in docs/saved-filters.md)',
            path: '/body/filters/0/field',
          },
          { code: 'invalid_operator', message: 'starts_with applies to text fields, not scores.grade', path: '/body/filters/1/operator' },
          { code: 'invalid_operand', message: 'less_than on scores.grade needs a number', path: '/body/filters/2/value' },
        ]);
      });
    });

    describe('GET /api/v1/public/search/traces with scoreName, minScore, maxScore (searchTraces)', () => {
      const ids = async (query: Record<string, string | number>) => expectEnvelope<{ traces: { id: string }[] }>(await search({ q: 'zephyrrun', ...query })).traces.map((t) => t.id).sort();

      it('finds the matching traces with a trace-level score of that name, within the bounds', async () => {
        expect(await ids({})).to.deep.equal(['graded-high', 'graded-low', 'judged-yes', 'ungraded']);
        expect(await ids({ scoreName: 'grade' })).to.deep.equal(['graded-high', 'graded-low']);
        expect(await ids({ scoreName: 'grade', minScore: 0.5 })).to.deep.equal(['graded-high']);
        expect(await ids({ scoreName: 'grade', maxScore: 0.5 })).to.deep.equal(['graded-low']);
        expect(await ids({ scoreName: 'helpful', minScore: 1 })).to.deep.equal(['judged-yes']);
      });

      it('refuses a bound without scoreName, and a malformed scoreName, with 400', async () => {
        const bound = expectProblem(await search({ q: 'zephyrrun', minScore: 0.5 }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(bound.errors).to.deep.equal([{ code: 'dependent_required', message: 'min_score needs score_name', path: '/filters/min_score' }]);
        const name = expectProblem(await search({ q: 'zephyrrun', scoreName: ' bad' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((name.errors as { path: string }[])[0].path).to.equal('/query/scoreName');
      });
    });

    describe('search_traces tool (searchTraces) with score filters', () => {
      const call = (input: Record<string, unknown>) => tools.search_traces.handler(input, toolContext(server, server.tenant));

      it('filters by score_name and min_score/max_score', async () => {
        const result = (await call({ query: 'zephyrrun', filters: { score_name: 'grade', min_score: 0.5, max_score: 1 } })) as { traces: { trace_id: string }[] };
        expect(result.traces.map((t) => t.trace_id)).to.deep.equal(['graded-high']);
      });

      it('refuses max_score without score_name at /filters/max_score', async () => {
        let error: unknown;
        try {
          await call({ query: 'zephyrrun', filters: { max_score: 1 } });
        } catch (caught) {
          error = caught;
        }
        expect(error).to.have.nested.property('errors[0].path', '/filters/max_score');
      });
    });
  });
});
