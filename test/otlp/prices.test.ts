import { expect } from 'chai';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PriceTable, candidateNames, costOf, loadPriceFile } from '../../src/domain/pricing/price-table.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { hexId, otlpJson } from './otlp-bodies.js';

describe('model price table', () => {
  const table = new PriceTable();

  it('matches exact names, provider prefixes and dated or versioned names to the table entry', () => {
    expect(table.find('gpt-4o')!.name).to.equal('gpt-4o');
    expect(table.find('GPT-4o-2024-08-06')!.name).to.equal('gpt-4o');
    expect(table.find('openai/gpt-4o-mini')!.name).to.equal('gpt-4o-mini');
    expect(table.find('claude-sonnet-4-5-20250929')!.name).to.equal('claude-sonnet-4-5');
    expect(table.find('us.anthropic.claude-sonnet-4-5-20250929-v1:0')!.name).to.equal('claude-sonnet-4-5');
    expect(table.find('models/gemini-2.5-flash')!.name).to.equal('gemini-2.5-flash');
    expect(table.find('claude-3-5-sonnet@20240620')!.name).to.equal('claude-3-5-sonnet');
    expect(table.find('my-finetune')).to.equal(null);
  });

  it('lists the candidate names most specific first', () => {
    expect(candidateNames('openai/gpt-4o-2024-08-06')).to.deep.equal(['openai/gpt-4o-2024-08-06', 'gpt-4o-2024-08-06', 'openai/gpt-4o', 'gpt-4o']);
  });

  it('prices cached reads, cache writes and reasoning at their own rates, never twice', () => {
    const price = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, reasoning: 20 };
    // 1000 input of which 500 read from cache and 200 written; 400 output of which 100 reasoning.
    const cost = costOf(price, { input: 1000, output: 400, cacheRead: 500, cacheWrite: 200, reasoning: 100 });
    expect(cost).to.be.closeTo((300 * 3 + 500 * 0.3 + 200 * 3.75 + 300 * 15 + 100 * 20) / 1e6, 1e-12);
    // Missing cache/reasoning prices fall back to input/output.
    expect(costOf({ input: 1, output: 2 }, { input: 10, output: 10, cacheRead: 5, reasoning: 5 })).to.be.closeTo(30 / 1e6, 1e-15);
  });

  it('takes deployment overrides from a price file, and refuses a malformed one', () => {
    const file = path.join(tmpdir(), `prices-${process.pid}.json`);
    writeFileSync(file, JSON.stringify({ models: { 'gpt-4o': { input: 1, output: 1 }, 'house-model': { input: 5, output: 6 } } }));
    const custom = new PriceTable(loadPriceFile(file));
    expect(custom.find('gpt-4o-2024-08-06')!.price).to.deep.equal({ input: 1, output: 1 });
    expect(custom.find('house-model')!.price.output).to.equal(6);
    writeFileSync(file, JSON.stringify({ models: { bad: { input: -1, output: 1 } } }));
    expect(() => loadPriceFile(file)).to.throw(/models\.bad: input must be a number/);
  });
});

forEachAdapter((adapter) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(adapter);
  });
  after(async () => server.close());

  const key = () => ({ 'x-api-key': server.tenant.apiKey });
  const put = (body: unknown) => server.request().put('/api/v1/public/project/model-prices').set(key()).send(body as object);

  describe('GET/PUT /api/v1/public/project/model-prices', () => {
    it('starts empty, replaces the list (names lowercased) and reads it back', async () => {
      expect(expectEnvelope(await server.request().get('/api/v1/public/project/model-prices').set(key()), 200)).to.deep.equal({ prices: [] });
      const data = expectEnvelope(await put({ prices: [{ model: 'GPT-4o', input: 1, output: 2, cacheRead: 0.5 }, { model: 'house', input: 3, output: 4 }] }), 200);
      expect(data).to.deep.equal({ prices: [{ model: 'gpt-4o', input: 1, output: 2, cacheRead: 0.5 }, { model: 'house', input: 3, output: 4 }] });
      expect(expectEnvelope(await server.request().get('/api/v1/public/project/model-prices').set(key()), 200)).to.deep.equal(data);
    });

    it('answers 400 with field paths for a duplicate model and a bad price, changing nothing', async () => {
      const res = await put({ prices: [{ model: 'a', input: 1, output: 1 }, { model: 'A', input: 1, output: 1 }] });
      const body = expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect(body.errors).to.deep.equal([{ path: '/prices/1/model', code: 'duplicate_model', message: 'a appears twice' }]);
      expectProblem(await put({ prices: [{ model: 'a', input: -1, output: 1 }] }), 400, 'PUBLIC_API_VALIDATION_FAILED');
      expect((expectEnvelope<{ prices: unknown[] }>(await server.request().get('/api/v1/public/project/model-prices').set(key()), 200)).prices).to.have.length(2);
    });
  });

  describe('pricing at ingest (native and OTLP share the table)', () => {
    it('native POST /traces prices a span with model and tokens but no cost, and keeps a sent cost', async () => {
      await put({ prices: [] });
      const res = await server.request().post('/api/v1/public/traces').set(key()).send({
        trace_id: 'priced-native',
        name: 'native',
        spans: [
          { span_id: 'a', name: 'call', span_type: 'LLM', status: 'success', metadata: { model: 'gpt-4o-mini-2024-07-18', input_tokens: 1000, output_tokens: 100, cache_read_input_tokens: 600 } },
          { span_id: 'b', name: 'paid', span_type: 'LLM', status: 'success', metadata: { model: 'gpt-4o', input_tokens: 10, output_tokens: 10, cost: 0.5 } },
        ],
      });
      expectEnvelope(res, 201);
      const [a, b] = await server.runtime.store.traces.spansOf(server.tenant.project.id, 'priced-native');
      // 400 × 0.15 + 600 × 0.075 + 100 × 0.6 per million
      expect(a.cost).to.be.closeTo(0.000165, 1e-12);
      expect(a.metadata).to.deep.include({ cost_source: 'price_table', priced_as: 'gpt-4o-mini' });
      expect(b.cost).to.equal(0.5);
      expect((await server.runtime.store.traces.findById(server.tenant.project.id, 'priced-native'))!.cost).to.be.closeTo(0.500165, 1e-12);
    });

    it('a project override wins for the spans ingested after it, dated names included', async () => {
      await put({ prices: [{ model: 'gpt-4o', input: 10, output: 100, cacheRead: 1, reasoning: 200 }] });
      const traceId = hexId(0x77, 16);
      const res = await server.request().post('/v1/traces').set(key()).set('content-type', 'application/json').send(JSON.stringify(otlpJson([{
        traceId,
        spanId: hexId(0x78, 8),
        name: 'chat',
        attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.response.model': 'gpt-4o-2024-11-20', 'gen_ai.usage.input_tokens': 1000, 'gen_ai.usage.cache_read.input_tokens': 500, 'gen_ai.usage.output_tokens': 100, 'gen_ai.usage.reasoning.output_tokens': 40 },
      }])));
      expect(res.status).to.equal(200);
      const [span] = await server.runtime.store.traces.spansOf(server.tenant.project.id, traceId);
      // 500 × 10 + 500 × 1 + 60 × 100 + 40 × 200 per million
      expect(span.cost).to.be.closeTo(0.0195, 1e-12);
      expect(span.metadata.priced_as).to.equal('gpt-4o');
    });
  });
});
