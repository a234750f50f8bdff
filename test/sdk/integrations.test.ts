import { expect } from 'chai';
import OpenAI from 'openai';
import { generateText, jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { MockLanguageModelV3, simulateReadableStream } from 'ai/test';
import { Tracewell } from '@tracewell/sdk';
import { forEachAdapter } from '../support/adapters.js';
import { flatten, startOtlpServer, type OtlpServer, type SpanView } from '../otlp/support.js';
import { STAND_IN_ANSWER, STAND_IN_CHAT_USAGE, STAND_IN_RESPONSES_USAGE, startOpenAIStandIn, type StandIn } from '../../sdk/typescript/examples/support/openai-stand-in.js';

const WEATHER_TOOL = { type: 'function' as const, function: { name: 'weather', description: 'Weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } };

forEachAdapter((adapter) => {
  let otlp: OtlpServer;
  let standIn: StandIn;
  let tw: Tracewell;
  let openai: OpenAI;
  before(async function () {
    this.timeout(120_000);
    otlp = await startOtlpServer(adapter);
    standIn = await startOpenAIStandIn();
    tw = new Tracewell({ baseUrl: otlp.baseUrl, apiKey: otlp.server.tenant.apiKey, flushOnExit: false, serviceName: 'weather-bot' });
    openai = tw.wrapOpenAI(new OpenAI({ apiKey: 'sk-test', baseURL: standIn.baseURL }));
  });
  after(async () => {
    await tw.shutdown();
    await standIn.close();
    await otlp.close();
  });

  /** Runs `work` under a root span, exports, and reads the trace back through the REST API. */
  async function traced(work: () => Promise<unknown>): Promise<SpanView[]> {
    const traceId = await tw.span('root', async (root) => {
      await work();
      return root!.traceId;
    });
    await tw.flush();
    expect(tw.stats().failedExports).to.equal(0);
    return flatten((await otlp.getTrace(traceId)).spans);
  }

  const llm = (spans: SpanView[]) => spans.filter((s) => s.spanType === 'LLM');

  describe('wrapOpenAI: chat.completions.create', () => {
    it('records model, messages, answer and token usage of a call; the answer is the real one', async () => {
      let answer: string | null | undefined;
      const spans = await traced(async () => {
        const completion = await openai.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Weather in Paris?' }] });
        answer = completion.choices[0].message.content;
      });
      expect(answer).to.equal(STAND_IN_ANSWER);
      const [span] = llm(spans);
      expect(span.name).to.equal('chat gpt-4o');
      expect(span.metadata).to.deep.include({ model: 'gpt-4o-2025-01-01', provider: 'openai', input_tokens: 21, output_tokens: 9, cache_read_input_tokens: 4, reasoning_tokens: 2, tokens_used: 30 });
      expect(JSON.stringify(span.input)).to.contain('Weather in Paris?');
      expect(JSON.stringify(span.output)).to.contain(STAND_IN_ANSWER);
    });

    it('streamed: the caller gets every chunk, usage is asked for and recorded, tool calls are assembled', async () => {
      const pieces: string[] = [];
      const spans = await traced(async () => {
        const stream = await openai.chat.completions.create({ model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: 'Weather?' }] });
        for await (const chunk of stream) pieces.push(chunk.choices[0]?.delta?.content ?? '');
        const toolStream = await openai.chat.completions.create({ model: 'gpt-4o', stream: true, tools: [WEATHER_TOOL], messages: [{ role: 'user', content: 'Weather?' }] });
        for await (const _chunk of toolStream) void _chunk;
      });
      expect(pieces.join('')).to.equal(STAND_IN_ANSWER);
      expect(standIn.requests.at(-1)?.body.stream_options).to.deep.equal({ include_usage: true });
      // Two calls one after the other may start in the same millisecond: told apart by their answers.
      const text = llm(spans).find((s) => JSON.stringify(s.output).includes(STAND_IN_ANSWER))!;
      const toolCall = llm(spans).find((s) => s !== text)!;
      expect(text.metadata).to.deep.include({ input_tokens: STAND_IN_CHAT_USAGE.prompt_tokens, output_tokens: STAND_IN_CHAT_USAGE.completion_tokens });
      expect(JSON.stringify(text.output)).to.contain(STAND_IN_ANSWER);
      expect(JSON.stringify(toolCall.output)).to.contain('weather').and.contain('Paris');
    });

    it("a failing call fails its span and the caller gets openai's own error", async () => {
      const broken = tw.wrapOpenAI(new OpenAI({ apiKey: 'sk-test', baseURL: `${standIn.baseURL}/missing`, maxRetries: 0 }));
      let caught: unknown;
      const spans = await traced(async () => {
        await broken.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => (caught = e));
      });
      expect(caught).to.be.instanceOf(OpenAI.NotFoundError);
      expect(llm(spans)[0].status).to.equal('error');
    });

    it('keeps the rest of the client and withResponse() working', async () => {
      const { data, response } = await openai.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }).withResponse();
      expect(response.status).to.equal(200);
      expect(data.choices[0].message.content).to.equal(STAND_IN_ANSWER);
      expect(openai.baseURL).to.equal(standIn.baseURL);
    });
  });

  describe('wrapOpenAI: responses.create', () => {
    it('records instructions, input, output and usage of a call', async () => {
      let text = '';
      const spans = await traced(async () => {
        const response = await openai.responses.create({ model: 'gpt-4.1', instructions: 'Be brief.', input: 'Weather in Paris?' });
        text = response.output_text;
      });
      expect(text).to.equal(STAND_IN_ANSWER);
      const [span] = llm(spans);
      expect(span.name).to.equal('responses gpt-4.1');
      expect(span.metadata).to.deep.include({ model: 'gpt-4.1-2025-01-01', input_tokens: STAND_IN_RESPONSES_USAGE.input_tokens, output_tokens: STAND_IN_RESPONSES_USAGE.output_tokens });
      expect(JSON.stringify(span.output)).to.contain(STAND_IN_ANSWER);
    });

    it('streamed: events pass through, the completed response gives the usage', async () => {
      const types: string[] = [];
      const spans = await traced(async () => {
        const stream = await openai.responses.create({ model: 'gpt-4.1', input: 'Weather?', stream: true });
        for await (const event of stream) types.push(event.type);
      });
      expect(types).to.deep.equal(['response.created', 'response.output_text.delta', 'response.output_text.delta', 'response.output_text.delta', 'response.completed']);
      expect(llm(spans)[0].metadata).to.deep.include({ input_tokens: 17, output_tokens: 7 });
    });
  });

  describe('aiSdkTelemetry()', () => {
    it("one line gives the AI SDK's spans to Tracewell: framework, session, user, model and usage mapped", async () => {
      const model = new MockLanguageModelV3({
        provider: 'openai.chat',
        modelId: 'gpt-4o-mini',
        doGenerate: async (options) => {
          const toolDone = options.prompt.some((m) => m.role === 'tool');
          return {
            content: toolDone ? [{ type: 'text', text: 'Sunny.' }] : [{ type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: '{"city":"Paris"}' }],
            finishReason: toolDone ? { unified: 'stop', raw: 'stop' } : { unified: 'tool-calls', raw: 'tool_calls' },
            usage: { inputTokens: { total: 50, noCache: 50, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 10, text: 10, reasoning: 0 } },
            warnings: [],
          };
        },
      });
      const result = await generateText({
        model,
        prompt: 'Weather in Paris?',
        tools: { weather: tool({ inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }), execute: async () => ({ celsius: 18 }) }) },
        stopWhen: stepCountIs(3),
        experimental_telemetry: tw.aiSdkTelemetry({ functionId: 'weather', sessionId: 'sess-ai', userId: 'user-ai' }),
      });
      expect(result.text).to.equal('Sunny.');
      await tw.flush();
      const page = await otlp.server.request().get('/api/v1/public/traces?sessionId=sess-ai').set('x-api-key', otlp.server.tenant.apiKey);
      expect(page.status).to.equal(200);
      const [summary] = page.body.data.traces as { id: string }[];
      const trace = await otlp.getTrace(summary.id);
      expect(trace).to.deep.include({ framework: 'vercel-ai-sdk', sessionId: 'sess-ai', userId: 'user-ai' });
      const spans = flatten(trace.spans);
      expect(spans.filter((s) => s.spanType === 'LLM')).to.have.length(2);
      expect(spans.filter((s) => s.spanType === 'TOOL').map((s) => s.name)).to.have.length(1);
      expect(spans.find((s) => s.spanType === 'LLM')?.metadata).to.deep.include({ input_tokens: 50, output_tokens: 10 });
    });

    it('works for streamText too', async () => {
      const model = new MockLanguageModelV3({
        doStream: async () => ({
          stream: simulateReadableStream({
            chunks: [
              { type: 'text-start', id: 't' },
              { type: 'text-delta', id: 't', delta: 'Hel' },
              { type: 'text-delta', id: 't', delta: 'lo' },
              { type: 'text-end', id: 't' },
              { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 5, noCache: 5, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 2, text: 2, reasoning: 0 } } },
            ],
          }),
        }),
      });
      const result = streamText({ model, prompt: 'Hi', experimental_telemetry: tw.aiSdkTelemetry({ sessionId: 'sess-stream' }) });
      expect(await result.text).to.equal('Hello');
      await tw.flush();
      const page = await otlp.server.request().get('/api/v1/public/traces?sessionId=sess-stream').set('x-api-key', otlp.server.tenant.apiKey);
      const trace = await otlp.getTrace((page.body.data.traces as { id: string }[])[0].id);
      expect(flatten(trace.spans).find((s) => s.spanType === 'LLM')?.metadata).to.deep.include({ input_tokens: 5, output_tokens: 2 });
    });
  });
});
