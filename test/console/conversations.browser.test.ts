import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { context, trace } from '@opentelemetry/api';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import {
  LLM_INPUT_MESSAGES,
  LLM_MODEL_NAME,
  LLM_OUTPUT_MESSAGES,
  MESSAGE_CONTENT,
  MESSAGE_ROLE,
  MESSAGE_TOOL_CALLS,
  OpenInferenceSpanKind,
  SemanticConventions,
  TOOL_CALL_FUNCTION_ARGUMENTS_JSON,
  TOOL_CALL_FUNCTION_NAME,
} from '@arizeai/openinference-semantic-conventions';
import { forEachAdapter } from '../support/adapters.js';
import { startOtlpServer, type OtlpServer } from '../otlp/support.js';
import { ensureConsoleBuilt, launchBrowser, type RunningBrowser } from './browser.js';

/** A message as a person reads it: its role label and the rest of its visible text. */
interface Seen {
  role: string;
  text: string;
}

const usage = (input: number, output: number) => ({
  inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: output, text: output, reasoning: 0 },
});

/**
 * Each source the ingest maps, sent by its real producer (the OpenTelemetry JS SDK with GenAI
 * attributes current and deprecated, OpenInference attributes, the AI SDK's mock model, the REST
 * ingest) and read on the trace page as a person would: the messages' roles and text, in order.
 */
forEachAdapter((adapter) => {
  describe('console conversations (Chromium)', function () {
    this.timeout(180_000);
    let otlp: OtlpServer;
    let chrome: RunningBrowser;
    let page: Page;

    const providerFor = (serviceName: string, exporter: ProtoExporter | JsonExporter) =>
      new BasicTracerProvider({ resource: resourceFromAttributes({ 'service.name': serviceName }), spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const exporter = () => new JsonExporter({ url: `${otlp.baseUrl}/v1/traces`, headers: { 'x-api-key': otlp.server.tenant.apiKey }, timeoutMillis: 60_000 });

    /** Opens a span of a trace by its deep link and waits for its panel. */
    const openSpan = async (traceId: string, spanId: string) => {
      await page.goto(`${otlp.baseUrl}/traces/${traceId}?span=${spanId}`);
      await page.getByRole('complementary', { name: 'Selected span' }).getByRole('region', { name: 'Input' }).waitFor();
    };

    /** The messages shown in the panel's Input or Output section, top to bottom. */
    const conversation = async (section: 'Input' | 'Output'): Promise<Seen[]> => {
      const region = page.getByRole('complementary', { name: 'Selected span' }).getByRole('region', { name: section, exact: true });
      const roles = await region.locator('li.message > .role').allTextContents();
      const texts = await region.locator('li.message').allInnerTexts();
      // innerText starts with the role label (upper-cased by CSS); what follows is the message, one
      // line per block (paragraph margins add empty lines, which are dropped).
      return roles.map((role, i) => ({ role, text: texts[i].split('\n').slice(1).filter((line) => line.trim() !== '').join('\n').trim() }));
    };

    before(async () => {
      ensureConsoleBuilt();
      otlp = await startOtlpServer(adapter);
      chrome = await launchBrowser();
      page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
      await page.goto(`${otlp.baseUrl}/sign-in`);
      await page.getByLabel('API key', { exact: true }).fill(otlp.server.tenant.apiKey);
      await page.getByRole('button', { name: 'Use API key' }).click();
      await page.waitForURL(/\/traces$/);
    });
    after(async () => {
      await chrome?.close();
      await otlp?.close();
    });

    it('OpenTelemetry GenAI (current): system instructions, parts text, tool call with its result, Markdown', async () => {
      const provider = providerFor('weather-agent', exporter());
      const tracer = provider.getTracer('weather-app');
      const chat = tracer.startSpan('chat gpt-4o', {
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.provider.name': 'openai',
          'gen_ai.request.model': 'gpt-4o',
          'gen_ai.system_instructions': JSON.stringify([{ type: 'text', content: 'You are a **weather** assistant.' }]),
          'gen_ai.input.messages': JSON.stringify([
            { role: 'user', parts: [{ type: 'text', content: 'Weather in Paris?' }] },
            { role: 'assistant', parts: [{ type: 'tool_call', id: 'call_w1', name: 'get_weather', arguments: { location: 'Paris' } }] },
            { role: 'tool', parts: [{ type: 'tool_call_response', id: 'call_w1', response: 'rainy, 57°F' }] },
          ]),
          'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'It is *rainy* in Paris.\n\n- 57°F\n- <b>bring</b> an umbrella' }], finish_reason: 'stop' }]),
        },
      });
      chat.end();
      await provider.forceFlush();
      await provider.shutdown();
      await openSpan(chat.spanContext().traceId, chat.spanContext().spanId);

      expect(await conversation('Input')).to.deep.equal([
        { role: 'system', text: 'You are a weather assistant.' },
        { role: 'user', text: 'Weather in Paris?' },
        { role: 'assistant', text: 'Tool call get_weather · call_w1\nArguments\n▾ {\nlocation: "Paris"\n}\nResult\nrainy, 57°F' },
        { role: 'tool', text: 'Result of get_weather · call_w1\nrainy, 57°F' },
      ]);
      expect(await conversation('Output')).to.deep.equal([{ role: 'assistant', text: 'It is rainy in Paris.\n57°F\n<b>bring</b> an umbrella' }]);
      const panel = page.getByRole('complementary', { name: 'Selected span' });
      expect(await panel.locator('li.role-system strong').allTextContents()).to.deep.equal(['weather']);
      expect(await panel.locator('.role-assistant em').allTextContents()).to.deep.equal(['rainy']);
      expect(await panel.locator('b').count()).to.equal(0); // raw HTML is shown as text, never as markup
    });

    it('the JSON view is one click away and back', async () => {
      const input = page.getByRole('complementary', { name: 'Selected span' }).getByRole('region', { name: 'Input', exact: true });
      await input.getByRole('button', { name: 'JSON' }).click();
      expect(await input.locator('li.message').count()).to.equal(0);
      expect(await input.locator('.json-key').first().textContent()).to.equal('system_instructions: ');
      await input.getByRole('button', { name: 'Conversation' }).click();
      expect(await input.locator('li.message').count()).to.equal(4);
    });

    it('OpenTelemetry GenAI (deprecated): message events and gen_ai.choice; indexed gen_ai.prompt.N / gen_ai.completion.N', async () => {
      const provider = providerFor('legacy-agent', exporter());
      const tracer = provider.getTracer('legacy-app');
      const root = tracer.startSpan('legacy chat');
      const inRoot = trace.setSpan(context.active(), root);
      const evented = tracer.startSpan('chat gpt-4o-mini', { attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-4o-mini' } }, inRoot);
      evented.addEvent('gen_ai.system.message', { content: 'Answer in one word.' });
      evented.addEvent('gen_ai.user.message', { content: 'Capital of Italy?' });
      evented.addEvent('gen_ai.choice', { index: 0, finish_reason: 'stop', message: JSON.stringify({ content: 'Rome' }) });
      evented.end();
      const indexed = tracer.startSpan(
        'openai.chat',
        {
          attributes: {
            'gen_ai.system': 'openai',
            'gen_ai.request.model': 'gpt-4o-mini',
            'gen_ai.prompt.0.role': 'system',
            'gen_ai.prompt.0.content': 'Be kind.',
            'gen_ai.prompt.1.role': 'user',
            'gen_ai.prompt.1.content': 'Say hi',
            'gen_ai.completion.0.role': 'assistant',
            'gen_ai.completion.0.content': 'Hi **there**',
          },
        },
        inRoot,
      );
      indexed.end();
      root.end();
      await provider.forceFlush();
      await provider.shutdown();
      const traceId = root.spanContext().traceId;

      await openSpan(traceId, evented.spanContext().spanId);
      expect(await conversation('Input')).to.deep.equal([
        { role: 'system', text: 'Answer in one word.' },
        { role: 'user', text: 'Capital of Italy?' },
      ]);
      expect(await conversation('Output')).to.deep.equal([{ role: 'assistant', text: 'Rome' }]);

      await openSpan(traceId, indexed.spanContext().spanId);
      expect(await conversation('Input')).to.deep.equal([
        { role: 'system', text: 'Be kind.' },
        { role: 'user', text: 'Say hi' },
      ]);
      expect(await conversation('Output')).to.deep.equal([{ role: 'assistant', text: 'Hi there' }]);
    });

    it('OpenInference: llm.input_messages roles and content, llm.output_messages tool calls with arguments', async () => {
      const provider = providerFor('oi-agent', exporter());
      const tracer = provider.getTracer('@arizeai/openinference-instrumentation-langchain', '4.1.1');
      const llm = tracer.startSpan('ChatAnthropic', {
        attributes: {
          [SemanticConventions.OPENINFERENCE_SPAN_KIND]: OpenInferenceSpanKind.LLM,
          [LLM_MODEL_NAME]: 'claude-sonnet-4-5-20250929',
          [`${LLM_INPUT_MESSAGES}.0.${MESSAGE_ROLE}`]: 'system',
          [`${LLM_INPUT_MESSAGES}.0.${MESSAGE_CONTENT}`]: 'Answer briefly.',
          [`${LLM_INPUT_MESSAGES}.1.${MESSAGE_ROLE}`]: 'user',
          [`${LLM_INPUT_MESSAGES}.1.${MESSAGE_CONTENT}`]: 'capital of France?',
          [`${LLM_OUTPUT_MESSAGES}.0.${MESSAGE_ROLE}`]: 'assistant',
          [`${LLM_OUTPUT_MESSAGES}.0.${MESSAGE_TOOL_CALLS}.0.${TOOL_CALL_FUNCTION_NAME}`]: 'search',
          [`${LLM_OUTPUT_MESSAGES}.0.${MESSAGE_TOOL_CALLS}.0.${TOOL_CALL_FUNCTION_ARGUMENTS_JSON}`]: '{"q":"France capital"}',
        },
      });
      llm.end();
      await provider.forceFlush();
      await provider.shutdown();
      await openSpan(llm.spanContext().traceId, llm.spanContext().spanId);
      expect(await conversation('Input')).to.deep.equal([
        { role: 'system', text: 'Answer briefly.' },
        { role: 'user', text: 'capital of France?' },
      ]);
      expect(await conversation('Output')).to.deep.equal([{ role: 'assistant', text: 'Tool call search\nArguments\n▾ {\nq: "France capital"\n}' }]);
    });

    describe('the AI SDK (generateText with a system prompt and a tool, mock model, OTLP protobuf)', () => {
      let traceId: string;
      let steps: { spanId: string }[];
      before(() => context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable()));
      after(() => context.disable());
      before(async () => {
        const provider = providerFor('order-assistant', new ProtoExporter({ url: `${otlp.baseUrl}/v1/traces`, headers: { 'x-api-key': otlp.server.tenant.apiKey }, timeoutMillis: 60_000 }));
        let calls = 0;
        const model = new MockLanguageModelV3({
          provider: 'openai.chat',
          modelId: 'gpt-4o-mini',
          doGenerate: async () => {
            calls += 1;
            const response = { id: `resp-${calls}`, modelId: 'gpt-4o-mini', timestamp: new Date('2026-11-01T12:00:00Z') };
            if (calls === 1) {
              return { content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'lookupOrder', input: '{"id":17}' }], finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage: usage(100, 20), warnings: [], response };
            }
            return { content: [{ type: 'text', text: 'Order **17** ships today.' }], finishReason: { unified: 'stop', raw: 'stop' }, usage: usage(150, 30), warnings: [], response };
          },
        });
        const result = await generateText({
          model,
          system: 'You help with orders.',
          prompt: 'Where is order 17?',
          tools: {
            lookupOrder: tool({
              description: 'Find an order',
              inputSchema: jsonSchema<{ id: number }>({ type: 'object', properties: { id: { type: 'number' } }, required: ['id'] }),
              execute: async ({ id }) => ({ id, status: 'shipping' }),
            }),
          },
          stopWhen: stepCountIs(3),
          experimental_telemetry: { isEnabled: true, tracer: provider.getTracer('ai'), functionId: 'support-chat' },
        });
        expect(result.text).to.equal('Order **17** ships today.');
        await provider.forceFlush();
        await provider.shutdown();
        const [row] = await otlp.server.runtime.database.knex('traces').where({ project_id: otlp.server.tenant.project.id, agent_name: 'order-assistant' }).select('id');
        traceId = row.id as string;
        const spans = (await otlp.server.runtime.store.traces.findWithSpans(otlp.server.tenant.project.id, traceId))!.spans;
        steps = spans.filter((s) => s.name === 'ai.generateText.doGenerate').sort((a, b) => (a.input!.messages as unknown[]).length - (b.input!.messages as unknown[]).length);
      });

      it('the first model call: system and user text (not a JSON array), its tool call with the result from the tool span', async () => {
        await openSpan(traceId, steps[0].spanId);
        expect(await conversation('Input')).to.deep.equal([
          { role: 'system', text: 'You help with orders.' },
          { role: 'user', text: 'Where is order 17?' },
        ]);
        expect(await conversation('Output')).to.deep.equal([
          { role: 'assistant', text: 'Tool call lookupOrder · call-1\nArguments\n▾ {\nid: 17\n}\nResult\n▾ {\nid: 17\nstatus: "shipping"\n}' },
        ]);
      });

      it('the second model call: the tool exchange in the input, the Markdown answer in the output', async () => {
        await openSpan(traceId, steps[1].spanId);
        const input = await conversation('Input');
        expect(input.map((m) => m.role)).to.deep.equal(['system', 'user', 'assistant', 'tool']);
        expect(input[3].text).to.equal('Result of lookupOrder · call-1\n▾ {\nid: 17\nstatus: "shipping"\n}');
        expect(await conversation('Output')).to.deep.equal([{ role: 'assistant', text: 'Order 17 ships today.' }]);
        const output = page.getByRole('complementary', { name: 'Selected span' }).getByRole('region', { name: 'Output', exact: true });
        expect(await output.locator('strong').allTextContents()).to.deep.equal(['17']);
      });
    });

    it('native spans: a bare {role, content} output, OpenAI content parts with a data image, a remote image shown on request', async () => {
      const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
      await otlp.server.runtime.services.traceIngestion.ingestBatch(otlp.server.tenant.project.id, [
        {
          trace_id: 'native-chat',
          name: 'native chat',
          spans: [
            {
              span_id: 'llm',
              name: 'describe image',
              span_type: 'LLM',
              status: 'success',
              input: {
                messages: [
                  { role: 'user', content: [{ type: 'text', text: 'What is in these?' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } }, { type: 'image_url', image_url: { url: 'https://images.example.com/cat.png' } }] },
                ],
              },
              output: { role: 'assistant', content: 'A single pixel and a cat.' },
            },
          ],
        },
      ]);
      await openSpan('native-chat', 'llm');
      expect(await conversation('Output')).to.deep.equal([{ role: 'assistant', text: 'A single pixel and a cat.' }]);
      const input = page.getByRole('complementary', { name: 'Selected span' }).getByRole('region', { name: 'Input', exact: true });
      expect(await input.getByRole('img').evaluateAll((images) => images.map((i) => i.getAttribute('src')))).to.deep.equal([`data:image/png;base64,${png}`]);
      await input.getByRole('button', { name: 'Show image from images.example.com' }).click();
      expect(await input.getByRole('img', { name: 'Image from images.example.com' }).getAttribute('src')).to.equal('https://images.example.com/cat.png');
    });
  });
});
