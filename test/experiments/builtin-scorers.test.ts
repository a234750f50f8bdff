import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { compileScorers, type ScorerSpec } from '../../src/domain/experiments/scorers/builtin-scorers.js';
import { levenshtein, normalizedEditSimilarity } from '../../src/domain/experiments/scorers/edit-similarity.js';
import { ProblemError } from '../../src/errors.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';

const one = (spec: Omit<ScorerSpec, 'name'>) => compileScorers([{ name: 's', ...spec }])[0]!;
const problemOf = (spec: Omit<ScorerSpec, 'name'>): ProblemError => {
  try {
    one(spec);
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error('expected the scorer to be refused');
};

describe('built-in scorers', () => {
  it('levenshtein: the textbook kitten → sitting is 3, and flaw → lawn is 2', () => {
    // Wikipedia's "Levenshtein distance" examples: kitten → sitting (k→s, e→i, insert g); flaw → lawn (delete f, insert n).
    expect(levenshtein('kitten', 'sitting')).to.equal(3);
    expect(levenshtein('flaw', 'lawn')).to.equal(2);
    expect(levenshtein('', 'abc')).to.equal(3);
  });

  it('edit_similarity is 1 − distance / longer length, 1 for two empty texts, and cuts each side at 2,000 characters', () => {
    expect(normalizedEditSimilarity('kitten', 'sitting')).to.equal(1 - 3 / 7);
    expect(normalizedEditSimilarity('', '')).to.equal(1);
    expect(normalizedEditSimilarity('a'.repeat(5000), `${'a'.repeat(2000)}b`)).to.equal(1);
    expect(one({ kind: 'edit_similarity' }).score('kitten', 'sitting')).to.equal(1 - 3 / 7);
  });

  it('exact_match compares strings as they are and other JSON canonically; caseSensitive false folds case', () => {
    expect(one({ kind: 'exact_match' }).score({ b: 1, a: 2 }, { a: 2, b: 1 })).to.equal(true);
    expect(one({ kind: 'exact_match' }).score('Paris', 'paris')).to.equal(false);
    expect(one({ kind: 'exact_match', caseSensitive: false }).score('Paris', 'paris')).to.equal(true);
    expect(one({ kind: 'exact_match' }).score('x', null)).to.equal(null);
  });

  it('contains, regex, valid_json, json_schema and numeric_tolerance', () => {
    expect(one({ kind: 'contains' }).score('The capital is Paris.', 'Paris')).to.equal(true);
    expect(one({ kind: 'regex', pattern: '^\\d{3}-\\d{4}$' }).score('555-1234', null)).to.equal(true);
    expect(one({ kind: 'regex', pattern: 'paris', caseSensitive: false }).score('PARIS', null)).to.equal(true);
    expect(one({ kind: 'valid_json' }).score('{"a":1}', null)).to.equal(true);
    expect(one({ kind: 'valid_json' }).score('{a:1}', null)).to.equal(false);
    const schema = one({ kind: 'json_schema', schema: { type: 'object', required: ['answer'], properties: { answer: { type: 'string' } } } });
    expect(schema.score('{"answer":"yes"}', null)).to.equal(true);
    expect(schema.score({ answer: 1 }, null)).to.equal(false);
    expect(one({ kind: 'numeric_tolerance', tolerance: 0.01 }).score('3.141', 3.14159)).to.equal(true);
    expect(one({ kind: 'numeric_tolerance', tolerance: 0.0001 }).score(3.141, '3.14159')).to.equal(false);
    expect(one({ kind: 'numeric_tolerance' }).score('n/a', 3)).to.equal(false);
  });

  it('refuses a backtracking-only or broken pattern, an uncompilable or oversized schema, at their paths', () => {
    expect(problemOf({ kind: 'regex', pattern: '(a+)+\\1' }).errors![0]!.path).to.equal('/body/scorers/0/pattern');
    expect(problemOf({ kind: 'regex', pattern: '(' }).errors![0]!.path).to.equal('/body/scorers/0/pattern');
    expect(problemOf({ kind: 'regex' }).errors![0]).to.include({ code: 'required', path: '/body/scorers/0/pattern' });
    expect(problemOf({ kind: 'json_schema', schema: { type: 'no-such-type' } }).errors![0]).to.include({ code: 'schema', path: '/body/scorers/0/schema' });
    const huge = { enum: Array.from({ length: 10_000 }, (_, i) => `value-${i}`) };
    expect(problemOf({ kind: 'json_schema', schema: huge }).errors![0]).to.include({ code: 'max_bytes', path: '/body/scorers/0/schema' });
  });
});

forEachAdapter((adapter) => {
  describe('POST /api/v1/public/datasets/{id}/runs/{runId}/score (scoreExperimentRun)', function () {
    this.timeout(60_000);
    let server: TestServer;
    const DATASETS = '/api/v1/public/datasets';
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    it('writes one evaluator score per result and scorer, replacing an earlier one of that name, and skips items without an expected output', async () => {
      const projectId = server.tenant.project.id;
      const { datasets, experimentRuns } = server.runtime.services;
      const datasetId = (await datasets.create(projectId, { name: `ds-${randomUUID()}` })).dataset.id;
      const paris = await datasets.createItem(projectId, datasetId, { input: 'capital of France?', expectedOutput: 'Paris' });
      server.clock.advance(1);
      const open = await datasets.createItem(projectId, datasetId, { input: 'say anything' });
      const { run } = await experimentRuns.create(projectId, datasetId, { name: 'r' });
      await experimentRuns.recordResults(projectId, datasetId, run.id, 'user:seed', [
        { itemId: paris.id, output: 'paris' },
        { itemId: open.id, output: 'hello' },
      ]);
      const score = (scorers: object[]) => server.request().post(`${DATASETS}/${datasetId}/runs/${run.id}/score`).set('x-api-key', server.tenant.apiKey).send({ scorers });
      expect(expectEnvelope(await score([{ name: 'exact', kind: 'exact_match' }, { name: 'similar', kind: 'edit_similarity' }]))).to.deep.equal({ results: 2, scores: 2 });
      expect(expectEnvelope(await score([{ name: 'exact', kind: 'exact_match', caseSensitive: false }]))).to.deep.equal({ results: 2, scores: 1 });
      const listed = expectEnvelope<{ results: { itemId: string; scores: { name: string; value: unknown; source: string; author: string }[] }[] }>(
        await server.request().get(`${DATASETS}/${datasetId}/runs/${run.id}/results`).set('x-api-key', server.tenant.apiKey),
      );
      const parisScores = listed.results.find((r) => r.itemId === paris.id)!.scores.map((s) => [s.name, s.value, s.source, s.author]);
      // 'paris' vs 'Paris': one substitution in five characters.
      expect(parisScores).to.have.deep.members([
        ['similar', 1 - 1 / 5, 'evaluator', 'scorer:edit_similarity'],
        ['exact', true, 'evaluator', 'scorer:exact_match'],
      ]);
      expect(listed.results.find((r) => r.itemId === open.id)!.scores).to.deep.equal([]);
    });

    it('refuses a bad pattern at its path and writes nothing; 404 for another project', async () => {
      const projectId = server.tenant.project.id;
      const datasetId = (await server.runtime.services.datasets.create(projectId, { name: `ds-${randomUUID()}` })).dataset.id;
      const { run } = await server.runtime.services.experimentRuns.create(projectId, datasetId, { name: 'r' });
      const url = `${DATASETS}/${datasetId}/runs/${run.id}/score`;
      const body = expectProblem(await server.request().post(url).set('x-api-key', server.tenant.apiKey).send({ scorers: [{ name: 'ok', kind: 'valid_json' }, { name: 'bad', kind: 'regex', pattern: '(?=x)' }] }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect((body.errors as { path: string }[])[0]!.path).to.equal('/body/scorers/1/pattern');
      expectProblem(await server.request().post(url).set('x-api-key', server.other.apiKey).send({ scorers: [{ name: 'ok', kind: 'valid_json' }] }), 404, 'PUBLIC_API_NOT_FOUND');
    });
  });
});
