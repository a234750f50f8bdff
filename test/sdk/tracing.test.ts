import { expect } from 'chai';
import { context, trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { Tracewell, flush, init, observe, setSession } from '@tracewell/sdk';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { startOtlpSink } from '../../scripts/bench/otlp-sink.js';
import { byName, memoryClient, SwitchableExporter } from './sdk-fixtures.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

describe('SDK tracing: observe()', () => {
  it('makes one span per call named after the function, with the arguments as input and the result as output', async () => {
    const { tw, spans } = memoryClient();
    const add = tw.observe(async function add(a: number, b: number) {
      return { sum: a + b };
    });
    expect(await add(2, 3)).to.deep.equal({ sum: 5 });
    await tw.flush();
    const span = byName(spans(), 'add');
    expect(span.attributes['input.value']).to.equal('[2,3]');
    expect(span.attributes['output.value']).to.equal('{"sum":5}');
    expect(span.attributes['output.mime_type']).to.equal('application/json');
  });

  it('nests observed calls through AsyncLocalStorage, across awaits and concurrent calls', async () => {
    const { tw, spans } = memoryClient();
    const leaf = tw.observe(async (n: number) => {
      await new Promise((r) => setTimeout(r, 5 * (3 - n)));
      return n;
    }, { name: 'leaf', type: 'tool' });
    const root = tw.observe(async () => Promise.all([leaf(1), leaf(2)]), { name: 'root', type: 'agent' });
    await Promise.all([root(), root()]);
    await tw.flush();
    const roots = spans().filter((s) => s.name === 'root');
    expect(roots).to.have.length(2);
    for (const r of roots) {
      const children = spans().filter((s) => s.parentSpanContext?.spanId === r.spanContext().spanId);
      expect(children.map((c) => c.name)).to.deep.equal(['leaf', 'leaf']);
      expect(children.every((c) => c.spanContext().traceId === r.spanContext().traceId)).to.equal(true);
      expect(r.attributes['openinference.span.kind']).to.equal('AGENT');
      expect(children[0].attributes['openinference.span.kind']).to.equal('TOOL');
    }
    expect(roots[0].spanContext().traceId).to.not.equal(roots[1].spanContext().traceId);
  });

  it("records the function's exception on the span and gives it to the caller unchanged", async () => {
    const { tw, spans } = memoryClient();
    const failing = tw.observe(async function failing() {
      throw new RangeError('out of stock');
    });
    let caught: unknown;
    await failing().catch((e: unknown) => (caught = e));
    expect(caught).to.be.instanceOf(RangeError);
    const syncFailing = tw.observe(function syncFailing() {
      throw new TypeError('bad');
    });
    expect(() => syncFailing()).to.throw(TypeError, 'bad');
    await tw.flush();
    expect(byName(spans(), 'failing').status).to.deep.equal({ code: 2, message: 'out of stock' });
    expect(byName(spans(), 'failing').events[0].name).to.equal('exception');
    expect(byName(spans(), 'syncFailing').status.code).to.equal(2);
  });

  it('keeps `this` and works as a decorator on class methods', async () => {
    const { tw, spans } = memoryClient();
    class Agent {
      prefix = 'hi ';
      @tw.observed({ type: 'agent' })
      async greet(name: string) {
        return this.prefix + name;
      }
    }
    expect(await new Agent().greet('Ada')).to.equal('hi Ada');
    await tw.flush();
    expect(byName(spans(), 'greet').attributes['output.value']).to.equal('hi Ada');
  });

  it('serializes inputs it cannot turn into JSON without failing the call (cycles, BigInt, functions)', async () => {
    const { tw, spans } = memoryClient();
    const cyclic: Record<string, unknown> = { n: 10n, f: () => 1 };
    cyclic.self = cyclic;
    const fn = tw.observe((value: unknown) => 'ok', { name: 'odd' });
    expect(fn(cyclic)).to.equal('ok');
    await tw.flush();
    expect(byName(spans(), 'odd').attributes['input.value']).to.equal('{"n":"10","f":"[function f]","self":"[circular]"}');
  });

  it('cuts serialized values to maxValueLength', async () => {
    const { tw, spans } = memoryClient({ maxValueLength: 10 });
    tw.observe((s: string) => s, { name: 'long' })('x'.repeat(100));
    await tw.flush();
    expect(byName(spans(), 'long').attributes['input.value']).to.equal('x'.repeat(10));
  });
});

describe('SDK tracing: manual spans and GenAI attributes', () => {
  it('span() makes an active span; startSpan() one the caller ends', async () => {
    const { tw, spans } = memoryClient();
    await tw.span('outer', async (outer) => {
      const inner = tw.startSpan('inner', { type: 'retriever' });
      inner?.end({ output: ['doc1'] });
      outer?.update({ metadata: { step: 1 } });
    });
    await tw.flush();
    const outer = byName(spans(), 'outer');
    expect(byName(spans(), 'inner').parentSpanContext?.spanId).to.equal(outer.spanContext().spanId);
    expect(outer.attributes['tracewell.metadata.step']).to.equal(1);
  });

  it('writes model, provider, token usage and messages with the GenAI semantic-convention names', async () => {
    const { tw, spans } = memoryClient();
    tw.span('chat gpt-4o', (s) =>
      s?.update({
        model: 'gpt-4o',
        responseModel: 'gpt-4o-2024-08-06',
        provider: 'openai',
        usage: { inputTokens: 100, outputTokens: 20, cacheReadTokens: 40, reasoningTokens: 5 },
        system: 'Be brief.',
        inputMessages: [{ role: 'user', content: 'Weather?' }],
        outputMessages: [{ role: 'assistant', tool_calls: [{ id: 'c1', function: { name: 'weather', arguments: '{"city":"Paris"}' } }] }],
      }),
      { type: 'generation' },
    );
    await tw.flush();
    expect(byName(spans(), 'chat gpt-4o').attributes).to.deep.include({
      'openinference.span.kind': 'LLM',
      'gen_ai.request.model': 'gpt-4o',
      'gen_ai.response.model': 'gpt-4o-2024-08-06',
      'gen_ai.provider.name': 'openai',
      'gen_ai.usage.input_tokens': 100,
      'gen_ai.usage.output_tokens': 20,
      'gen_ai.usage.cache_read.input_tokens': 40,
      'gen_ai.usage.reasoning.output_tokens': 5,
      'gen_ai.system_instructions': '[{"type":"text","content":"Be brief."}]',
      'gen_ai.input.messages': '[{"role":"user","parts":[{"type":"text","content":"Weather?"}]}]',
      'gen_ai.output.messages': '[{"role":"assistant","parts":[{"type":"tool_call","id":"c1","name":"weather","arguments":{"city":"Paris"}}]}]',
    });
  });
});

describe('SDK tracing: trace-wide setters', () => {
  it('session, user, tags, metadata, environment and release land on the active span and on every later span of the trace', async () => {
    const { tw, spans } = memoryClient();
    await tw.span('root', async () => {
      await tw.span('first', async () => {
        tw.setSession('sess-1');
        tw.setUser('user-1');
        tw.setTags(['beta', 'eu']);
        tw.setMetadata({ plan: 'pro', limits: { rpm: 10 } });
        tw.setEnvironment('staging');
        tw.setRelease('1.4.2');
      });
      await tw.span('second', async () => undefined);
    });
    await tw.flush();
    const expected = { 'session.id': 'sess-1', 'user.id': 'user-1', 'tracewell.tags': ['beta', 'eu'], 'tracewell.metadata.plan': 'pro', 'tracewell.metadata.limits': '{"rpm":10}', 'tracewell.environment': 'staging', 'tracewell.release': '1.4.2' };
    expect(byName(spans(), 'first').attributes).to.deep.include(expected);
    expect(byName(spans(), 'second').attributes).to.deep.include(expected);
  });

  it('environment and release given as options are on every span', async () => {
    const { tw, spans } = memoryClient({ environment: 'production', release: 'abc123' });
    tw.span('one', () => undefined);
    await tw.flush();
    expect(byName(spans(), 'one').attributes).to.deep.include({ 'tracewell.environment': 'production', 'tracewell.release': 'abc123' });
    expect(byName(spans(), 'one').resource.attributes).to.deep.include({ 'deployment.environment.name': 'production', 'service.version': 'abc123' });
  });

  it('a setter outside any span changes nothing, logs once and does not throw', () => {
    const { tw, logs } = memoryClient();
    tw.setSession('s');
    tw.setSession('s');
    expect(logs).to.have.length(1);
    expect(logs[0]).to.contain('session.id was set outside any span');
  });
});

describe('SDK tracing: beside an application\'s own OpenTelemetry setup', () => {
  it('never replaces the global provider unless registerGlobal is set', () => {
    const before = trace.getTracerProvider();
    memoryClient();
    expect(trace.getTracerProvider()).to.equal(before);
  });

  it('registers its provider globally when asked, so tracers taken from the global API export to Tracewell', async () => {
    const { tw, spans } = memoryClient({ registerGlobal: true });
    trace.getTracer('some-library').startSpan('library span').end();
    await tw.flush();
    expect(spans().map((s) => s.name)).to.deep.equal(['library span']);
  });

  it("with the application's provider, observed spans go to the application's processors and, through tracewell.spanProcessor, to Tracewell; they nest under the application's spans", async () => {
    const appExporter = new InMemorySpanExporter();
    const twExporter = new InMemorySpanExporter();
    // The processor must exist before the provider (OpenTelemetry JS 2.x takes processors at construction).
    let tw: Tracewell | undefined;
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(appExporter), { onStart: (s, c) => tw?.spanProcessor.onStart(s, c), onEnd: (s) => tw?.spanProcessor.onEnd(s), forceFlush: async () => tw?.spanProcessor.forceFlush(), shutdown: async () => undefined }] });
    tw = new Tracewell({ baseUrl: 'http://127.0.0.1:9', flushOnExit: false, exporter: twExporter, tracerProvider: provider });
    const appSpan = provider.getTracer('app').startSpan('http request');
    await context.with(trace.setSpan(context.active(), appSpan), () => tw!.observe(async () => 'done', { name: 'agent' })());
    appSpan.end();
    await tw.flush();
    expect(appExporter.getFinishedSpans().map((s) => s.name)).to.deep.equal(['agent', 'http request']);
    expect(twExporter.getFinishedSpans().map((s) => s.name)).to.deep.equal(['agent', 'http request']);
    expect(byName(twExporter.getFinishedSpans(), 'agent').parentSpanContext?.spanId).to.equal(appSpan.spanContext().spanId);
  });
});

describe('SDK tracing: export', () => {
  it('batches: nothing is sent until a batch is full, the interval passes, or flush() is called', async () => {
    const exporter = new SwitchableExporter();
    exporter.up = true;
    const { tw } = memoryClient({ exporter, maxExportBatchSize: 3, flushIntervalMs: 60_000 });
    tw.span('a', () => undefined);
    tw.span('b', () => undefined);
    expect(exporter.calls).to.equal(0);
    tw.span('c', () => undefined);
    await new Promise((r) => setImmediate(r));
    expect(exporter.calls).to.equal(1);
    tw.span('d', () => undefined);
    await tw.flush();
    expect(exporter.received.map((s) => s.name)).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(tw.stats()).to.deep.include({ exportedSpans: 4, queuedSpans: 0 });
  });

  it('holds at most maxQueueSize spans and counts the ones it drops', async () => {
    const exporter = new SwitchableExporter();
    const { tw } = memoryClient({ exporter, maxQueueSize: 10, maxExportBatchSize: 10, flushIntervalMs: 60_000 });
    for (let i = 0; i < 25; i++) tw.span(`s${i}`, () => undefined);
    await tw.flush();
    const stats = tw.stats();
    expect(stats.queuedSpans).to.be.at.most(10);
    expect(stats.droppedQueueFull).to.be.at.least(15);
  });

  it('an exporter failure is logged once, counted, retried, and never reaches the caller', async () => {
    const exporter = new SwitchableExporter();
    const { tw, logs } = memoryClient({ exporter, maxExportBatchSize: 10, flushIntervalMs: 60_000 });
    for (let i = 0; i < 5; i++) tw.span(`s${i}`, () => undefined);
    await tw.flush();
    await tw.flush();
    expect(tw.stats().failedExports).to.equal(2);
    expect(logs.filter((l) => l.includes('exporting spans failed'))).to.have.length(1);
    exporter.up = true;
    await tw.flush();
    expect(exporter.received).to.have.length(5);
    expect(tw.stats()).to.deep.include({ exportedSpans: 5, droppedAfterFailure: 0 });
  });

  it('drops a batch after maxExportAttempts failures and counts its spans', async () => {
    const exporter = new SwitchableExporter();
    const { tw } = memoryClient({ exporter, flushIntervalMs: 60_000 });
    for (let i = 0; i < 4; i++) tw.span(`s${i}`, () => undefined);
    for (let i = 0; i < 3; i++) await tw.flush();
    expect(tw.stats()).to.deep.include({ failedExports: 3, droppedAfterFailure: 4, queuedSpans: 0 });
  });

  it('an exporter that throws is a failure like any other', async () => {
    const { tw } = memoryClient({ exporter: { export: () => { throw new Error('boom'); }, shutdown: async () => undefined }, flushIntervalMs: 60_000 });
    tw.span('x', () => undefined);
    await tw.flush();
    expect(tw.stats().failedExports).to.equal(1);
  });

  it('runs the masking hook before export, and drops (never sends unmasked) a span the hook fails on', async () => {
    const { tw, spans, logs } = memoryClient({
      mask: (attributes, span) => {
        if (span.name === 'bad') throw new Error('mask bug');
        return Object.fromEntries(Object.entries(attributes).map(([k, v]) => [k, typeof v === 'string' ? v.replace(/\b\d{16}\b/g, '[card]') : v]));
      },
    });
    tw.observe((card: string) => 'charged', { name: 'pay' })('4111111111111111');
    tw.span('bad', () => undefined);
    await tw.flush();
    expect(byName(spans(), 'pay').attributes['input.value']).to.equal('[card]');
    expect(spans().map((s) => s.name)).to.deep.equal(['pay']);
    expect(tw.stats().droppedMaskFailure).to.equal(1);
    expect(logs.some((l) => l.includes('masking hook threw'))).to.equal(true);
  });

  it('samples whole traces by trace id at sampleRate', async () => {
    const { tw, spans } = memoryClient({ sampleRate: 0.25, maxQueueSize: 100_000 });
    for (let i = 0; i < 4000; i++) tw.span('root', () => tw.span('child', () => undefined));
    await tw.flush();
    const roots = spans().filter((s) => s.name === 'root');
    const kept = new Set(roots.map((s) => s.spanContext().traceId));
    // Binomial(4000, 0.25): mean 1000, sd ≈ 27.4; ±5 sd.
    expect(roots.length).to.be.within(863, 1137);
    expect(spans().filter((s) => s.name === 'child').every((s) => kept.has(s.spanContext().traceId))).to.equal(true);
    expect(tw.stats().sampledOut).to.equal(8000 - spans().length);
  });

  it('spans made after shutdown are not sent, and calls still run', async () => {
    const { tw, spans } = memoryClient();
    await tw.shutdown();
    expect(tw.observe(() => 7, { name: 'late' })()).to.equal(7);
    expect(spans()).to.have.length(0);
  });

  it('with tracing disabled, observed functions run untouched', () => {
    const { tw, spans } = memoryClient({ enabled: false });
    expect(tw.observe((a: number) => a * 2)(4)).to.equal(8);
    expect(tw.aiSdkTelemetry()).to.deep.equal({ isEnabled: false });
    expect(spans()).to.have.length(0);
  });
});

describe('SDK tracing: flush on process exit', () => {
  it('a process that ends without calling flush() still delivers its spans (beforeExit)', async function () {
    this.timeout(120_000);
    const sink = await startOtlpSink();
    try {
      const script = "import { init, observe } from '@tracewell/sdk';\ninit({ serviceName: 'exit-test', flushIntervalMs: 600000 });\nobserve((n) => n * 2, { name: 'last words' })(21);\n";
      await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, env: { ...process.env, TRACEWELL_BASE_URL: sink.url, TRACEWELL_API_KEY: 'k' } });
      expect(sink.spans()).to.equal(1);
    } finally {
      await sink.close();
    }
  });
});

describe('SDK top-level functions (init and the default client)', () => {
  it('a function observed before init() sends through the client init() makes; the setters and flush() use it too', async () => {
    const early = observe(async (n: number) => {
      setSession('top-level');
      return n + 1;
    }, { name: 'early' });
    const exporter = new InMemorySpanExporter();
    const tw = init({ baseUrl: 'http://127.0.0.1:9', flushOnExit: false, exporter });
    expect(await early(1)).to.equal(2);
    await flush();
    expect(byName(exporter.getFinishedSpans(), 'early').attributes['session.id']).to.equal('top-level');
    await tw.shutdown();
  });
});
