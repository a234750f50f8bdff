import { expect } from 'chai';
import { context, trace, SpanStatusCode } from '@opentelemetry/api';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import {
  INPUT_MIME_TYPE,
  INPUT_VALUE,
  LLM_COST_TOTAL,
  LLM_INPUT_MESSAGES,
  LLM_MODEL_NAME,
  LLM_OUTPUT_MESSAGES,
  LLM_PROVIDER,
  LLM_TOKEN_COUNT_COMPLETION,
  LLM_TOKEN_COUNT_PROMPT,
  LLM_TOKEN_COUNT_TOTAL,
  MESSAGE_CONTENT,
  MESSAGE_ROLE,
  MESSAGE_TOOL_CALLS,
  OUTPUT_MIME_TYPE,
  OUTPUT_VALUE,
  OpenInferenceSpanKind,
  SemanticConventions,
  SESSION_ID,
  TOOL_CALL_FUNCTION_ARGUMENTS_JSON,
  TOOL_CALL_FUNCTION_NAME,
  TOOL_NAME,
  TOOL_PARAMETERS,
  USER_ID,
} from '@arizeai/openinference-semantic-conventions';
import { forEachAdapter } from '../support/adapters.js';
import { flatten, startOtlpServer, type OtlpServer } from './support.js';

const usage = (input: number, cacheRead: number, output: number, reasoning: number) => ({
  inputTokens: { total: input, noCache: input - cacheRead, cacheRead, cacheWrite: 0 },
  outputTokens: { total: output, text: output - reasoning, reasoning },
});

forEachAdapter((adapter) => {
  let otlp: OtlpServer;
  before(async () => {
    otlp = await startOtlpServer(adapter);
  });
  after(async () => otlp.close());

  const providerFor = (serviceName: string, exporter: ProtoExporter | JsonExporter) =>
    new BasicTracerProvider({ resource: resourceFromAttributes({ 'service.name': serviceName }), spanProcessors: [new SimpleSpanProcessor(exporter)] });

  describe('POST /v1/traces from the Vercel AI SDK (generateText with a tool, experimental_telemetry)', () => {
    let traceId: string;
    // The AI SDK finds a span's parent in the active context, as in an instrumented service.
    before(() => context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable()));
    after(() => context.disable());
    before(async () => {
      const exporter = new ProtoExporter({ url: `${otlp.baseUrl}/v1/traces`, headers: { 'x-api-key': otlp.server.tenant.apiKey }, timeoutMillis: 60_000 });
      const provider = providerFor('order-assistant', exporter);
      let calls = 0;
      const model = new MockLanguageModelV3({
        provider: 'openai.chat',
        modelId: 'gpt-4o-mini',
        doGenerate: async () => {
          calls += 1;
          const response = { id: `resp-${calls}`, modelId: 'gpt-4o-mini-2024-07-18', timestamp: new Date('2026-11-01T12:00:00Z') };
          if (calls === 1) {
            return {
              content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'lookupOrder', input: '{"id":17}' }],
              finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
              usage: usage(100, 40, 20, 0),
              warnings: [],
              response,
            };
          }
          return {
            content: [{ type: 'text', text: 'Order 17 ships today.' }],
            finishReason: { unified: 'stop', raw: 'stop' },
            usage: usage(150, 0, 30, 10),
            warnings: [],
            response,
          };
        },
      });
      const tracer = provider.getTracer('ai');
      const result = await generateText({
        model,
        prompt: 'Where is order 17?',
        tools: {
          lookupOrder: tool({
            description: 'Find an order',
            inputSchema: jsonSchema<{ id: number }>({ type: 'object', properties: { id: { type: 'number' } }, required: ['id'] }),
            execute: async ({ id }) => ({ id, status: 'shipping' }),
          }),
        },
        stopWhen: stepCountIs(3),
        experimental_telemetry: { isEnabled: true, tracer, functionId: 'support-chat', metadata: { sessionId: 'chat-1', userId: 'u-1' } },
      });
      expect(result.text).to.equal('Order 17 ships today.');
      await provider.forceFlush();
      await provider.shutdown();
      const [row] = await otlp.server.runtime.database.knex('traces').where({ project_id: otlp.server.tenant.project.id, agent_name: 'order-assistant' }).select('id');
      traceId = row.id as string;
    });

    it('stores one trace: ai.generateText (CHAIN) over two doGenerate (LLM) spans and the ai.toolCall (TOOL)', async () => {
      const view = await otlp.getTrace(traceId);
      expect(view).to.deep.include({ name: 'ai.generateText', status: 'success', spanCount: 4, framework: 'vercel-ai-sdk', agentName: 'order-assistant', sessionId: 'chat-1', userId: 'u-1' });
      expect(view.spans.map((s) => s.spanType)).to.deep.equal(['CHAIN']);
      // One export request per span, racing each other: siblings keep arrival order, so compare as a multiset.
      expect(view.spans[0].children.map((c) => [c.name, c.spanType]).sort()).to.deep.equal([
        ['ai.generateText.doGenerate', 'LLM'],
        ['ai.generateText.doGenerate', 'LLM'],
        ['ai.toolCall', 'TOOL'],
      ]);
    });

    it('maps ai.* attributes: model, provider, tokens with cached and reasoning detail, prompt, response, tool call', async () => {
      const spans = flatten((await otlp.getTrace(traceId)).spans);
      const [first, second] = spans.filter((s) => s.spanType === 'LLM');
      expect(first.metadata).to.deep.include({ model: 'gpt-4o-mini-2024-07-18', provider: 'openai.chat', input_tokens: 100, output_tokens: 20, cache_read_input_tokens: 40, priced_as: 'gpt-4o-mini' });
      expect(second.metadata).to.deep.include({ input_tokens: 150, output_tokens: 30, reasoning_tokens: 10 });
      expect(first.input!.messages).to.be.an('array').with.length.greaterThan(0);
      expect(first.output).to.deep.include({ tool_calls: [{ toolCallId: 'call-1', toolName: 'lookupOrder', input: '{"id":17}' }] });
      expect(second.output).to.deep.include({ text: 'Order 17 ships today.' });
      const toolSpan = spans.find((s) => s.spanType === 'TOOL')!;
      expect(toolSpan.metadata).to.deep.include({ tool_name: 'lookupOrder', tool_call_id: 'call-1' });
      expect(toolSpan.input).to.deep.equal({ arguments: { id: 17 } });
      expect(toolSpan.output).to.deep.equal({ result: { id: 17, status: 'shipping' } });
      const root = spans.find((s) => s.spanType === 'CHAIN')!;
      expect(root.output).to.deep.include({ text: 'Order 17 ships today.' });
      expect(root.metadata).to.not.have.property('input_tokens'); // the outer span repeats the steps' usage
    });

    it('counts and prices each model call once: tokens 300, cost from the gpt-4o-mini entry', async () => {
      const record = (await otlp.server.runtime.store.traces.findById(otlp.server.tenant.project.id, traceId))!;
      expect(record.totalTokens).to.equal(300);
      // (60×0.15 + 40×0.075 + 20×0.6) + (150×0.15 + 20×0.6 + 10×0.6) dollars per million tokens
      expect(record.cost).to.be.closeTo(0.0000645, 1e-12);
    });
  });

  describe('POST /v1/traces with OpenInference semantic conventions (AGENT, LLM, TOOL)', () => {
    let traceId: string;
    before(async () => {
      const exporter = new JsonExporter({ url: `${otlp.baseUrl}/v1/traces`, headers: { 'x-api-key': otlp.server.tenant.apiKey }, timeoutMillis: 60_000 });
      const provider = providerFor('unknown_service:node', exporter);
      const tracer = provider.getTracer('@arizeai/openinference-instrumentation-langchain', '4.1.1');
      const agent = tracer.startSpan('research agent', {
        attributes: {
          [SemanticConventions.OPENINFERENCE_SPAN_KIND]: OpenInferenceSpanKind.AGENT,
          [INPUT_VALUE]: '{"question":"capital of France?"}',
          [INPUT_MIME_TYPE]: 'application/json',
          [OUTPUT_VALUE]: 'Paris',
          [OUTPUT_MIME_TYPE]: 'text/plain',
          [SESSION_ID]: 'oi-session',
          [USER_ID]: 'oi-user',
        },
      });
      const inAgent = trace.setSpan(context.active(), agent);
      const llm = tracer.startSpan(
        'ChatAnthropic',
        {
          attributes: {
            [SemanticConventions.OPENINFERENCE_SPAN_KIND]: OpenInferenceSpanKind.LLM,
            [LLM_MODEL_NAME]: 'claude-sonnet-4-5-20250929',
            [LLM_PROVIDER]: 'anthropic',
            [LLM_TOKEN_COUNT_PROMPT]: 500,
            [LLM_TOKEN_COUNT_COMPLETION]: 40,
            [LLM_TOKEN_COUNT_TOTAL]: 540,
            [LLM_COST_TOTAL]: 0.0123,
            [`${LLM_INPUT_MESSAGES}.0.${MESSAGE_ROLE}`]: 'system',
            [`${LLM_INPUT_MESSAGES}.0.${MESSAGE_CONTENT}`]: 'Answer briefly.',
            [`${LLM_INPUT_MESSAGES}.1.${MESSAGE_ROLE}`]: 'user',
            [`${LLM_INPUT_MESSAGES}.1.${MESSAGE_CONTENT}`]: 'capital of France?',
            [`${LLM_OUTPUT_MESSAGES}.0.${MESSAGE_ROLE}`]: 'assistant',
            [`${LLM_OUTPUT_MESSAGES}.0.${MESSAGE_TOOL_CALLS}.0.${TOOL_CALL_FUNCTION_NAME}`]: 'search',
            [`${LLM_OUTPUT_MESSAGES}.0.${MESSAGE_TOOL_CALLS}.0.${TOOL_CALL_FUNCTION_ARGUMENTS_JSON}`]: '{"q":"France capital"}',
          },
        },
        inAgent,
      );
      llm.end();
      const search = tracer.startSpan(
        'search',
        { attributes: { [SemanticConventions.OPENINFERENCE_SPAN_KIND]: OpenInferenceSpanKind.TOOL, [TOOL_NAME]: 'search', [TOOL_PARAMETERS]: '{"q":"France capital"}', [OUTPUT_VALUE]: 'Paris is the capital.' } },
        inAgent,
      );
      search.setStatus({ code: SpanStatusCode.OK });
      search.end();
      agent.end();
      traceId = agent.spanContext().traceId;
      await provider.forceFlush();
      await provider.shutdown();
    });

    it('types the spans AGENT → LLM, TOOL; takes session and user; no agent name from an unknown_service', async () => {
      const view = await otlp.getTrace(traceId);
      expect(view).to.deep.include({ name: 'research agent', spanCount: 3, framework: 'langchain', agentName: null, sessionId: 'oi-session', userId: 'oi-user' });
      expect(view.spans[0].spanType).to.equal('AGENT');
      // Each span is its own export request and those race: siblings keep arrival order, so compare as a set.
      expect(view.spans[0].children.map((c) => c.spanType).sort()).to.deep.equal(['LLM', 'TOOL']);
      expect(view.spans[0].input).to.deep.equal({ value: { question: 'capital of France?' } });
      expect(view.spans[0].output).to.deep.equal({ value: 'Paris' });
    });

    it('maps the LLM span: model, reported cost kept, flattened messages and tool calls rebuilt', async () => {
      const llm = flatten((await otlp.getTrace(traceId)).spans).find((s) => s.spanType === 'LLM')!;
      expect(llm.metadata).to.deep.include({ model: 'claude-sonnet-4-5-20250929', provider: 'anthropic', input_tokens: 500, output_tokens: 40, tokens_used: 540, cost: 0.0123, cost_source: 'reported' });
      expect(llm.input).to.deep.equal({ messages: [{ role: 'system', content: 'Answer briefly.' }, { role: 'user', content: 'capital of France?' }] });
      expect(llm.output).to.deep.equal({ messages: [{ role: 'assistant', tool_calls: [{ name: 'search', arguments: { q: 'France capital' } }] }] });
    });

    it('maps the TOOL span: name, parameters as arguments, output value', async () => {
      const toolSpan = flatten((await otlp.getTrace(traceId)).spans).find((s) => s.spanType === 'TOOL')!;
      expect(toolSpan).to.deep.include({ status: 'success', input: { arguments: { q: 'France capital' } }, output: { value: 'Paris is the capital.' } });
      expect(toolSpan.metadata.tool_name).to.equal('search');
      const record = (await otlp.server.runtime.store.traces.findById(otlp.server.tenant.project.id, traceId))!;
      expect(record.cost).to.be.closeTo(0.0123, 1e-12);
    });
  });
});
