import { expect } from 'chai';
import { mapSpan, mapTraceRequest, type MappedSpan } from '../../src/domain/otlp/span-mapper.js';
import { decodeTraceRequest } from '../../src/domain/otlp/otlp-request.js';
import { ExportTraceServiceRequest } from '../../src/domain/otlp/otlp-protocol.js';
import { frameworkOfScope } from '../../src/domain/otlp/span-types.js';
import type { OtlpEvent, OtlpKeyValue, OtlpSpan } from '../../src/domain/otlp/otlp-request.js';
import { attributesOf, type Attributes } from '../../src/domain/otlp/otlp-attributes.js';

const TRACE = '0af7651916cd43dd8448eb211c80319c';
const SPAN = 'b7ad6b7169203331';
const PARENT = '00f067aa0ba902b7';

/** Attributes as a decoder hands them to the mapper: each value converted from its OTLP AnyValue. */
const kv = (attributes: Record<string, string | number | boolean>): Attributes =>
  attributesOf(
    Object.entries(attributes).map(([key, v]): OtlpKeyValue => ({
      key,
      value: typeof v === 'string' ? { stringValue: v } : typeof v === 'boolean' ? { boolValue: v } : Number.isInteger(v) ? { intValue: String(v) } : { doubleValue: v },
    })),
  );

function map(attributes: Record<string, string | number | boolean>, extra: Partial<OtlpSpan> = {}, scope = 'x', resource: Record<string, string> = {}): MappedSpan {
  const mapped = mapSpan(
    { traceId: TRACE, spanId: SPAN, parentSpanId: PARENT, name: 'span', startTimeUnixNano: '1793530800000000000', endTimeUnixNano: '1793530800250500000', attributes: kv(attributes), ...extra },
    { name: scope },
    resource,
  );
  if (typeof mapped === 'string') throw new Error(mapped);
  return mapped;
}
const event = (name: string, attributes: Record<string, string | number | boolean> = {}): OtlpEvent => ({ name, attributes: kv(attributes) });

describe('OTLP span mapping (docs/opentelemetry.md)', () => {
  describe('ids, times, kind', () => {
    it('hex ids, parent, start time and latency from the nanosecond timestamps', () => {
      const { traceId, span } = map({});
      expect(traceId).to.equal('0af7651916cd43dd8448eb211c80319c');
      expect(span).to.deep.include({ spanId: 'b7ad6b7169203331', parentSpanId: '00f067aa0ba902b7', latencyMs: 250.5, spanType: 'SPAN', status: 'success' });
      expect(span.startTime!.toISOString()).to.equal('2026-11-01T11:00:00.000Z');
    });

    it('keeps timestamps exact to the microsecond, below and past 2^53 microseconds', () => {
      const at = (start: string, end: string) => {
        const { span } = map({}, { startTimeUnixNano: start, endTimeUnixNano: end });
        return { start: span.startTime?.getTime() ?? null, latencyMs: span.latencyMs };
      };
      expect(at('1793530800123456789', '1793530800123458999')).to.deep.equal({ start: 1793530800123, latencyMs: 0.002 });
      // Past 2^53 µs (9007199254740992) the digits go through BigInt; milliseconds that large are
      // coarser than a microsecond as a double anyway.
      expect(at('9007199254740993000', '9007199254741993000')).to.deep.equal({ start: 9007199254740, latencyMs: 1 });
      expect(at('999', '1000')).to.deep.equal({ start: 0, latencyMs: 0.001 });
      expect(at('0', '1000')).to.deep.equal({ start: null, latencyMs: null });
    });

    it('reads times and 64-bit integers as the protobuf decoder gives them (Long) exactly as their decimal text', () => {
      const times = [
        ['1793530800123456789', '1793530800123458999'],
        ['9007199254740993000', '9007199254741993000'],
        ['999', '1000'],
        ['0', '1000'],
        ['18446744073709551000', '18446744073709551615'],
      ];
      const integers = ['-5', '9007199254740991', '9007199254740993', '-9223372036854775808', '4294967296'];
      const request = {
        resourceSpans: [
          {
            scopeSpans: [
              {
                scope: { name: 'x' },
                spans: times.map(([start, end], i) => ({
                  traceId: Buffer.from(TRACE, 'hex'),
                  spanId: Buffer.from(`b7ad6b716920333${i}`, 'hex'),
                  name: `span ${i}`,
                  startTimeUnixNano: start,
                  endTimeUnixNano: end,
                  attributes: integers.map((value, j) => ({ key: `n${j}`, value: { intValue: value } })),
                })),
              },
            ],
          },
        ],
      };
      const body = Buffer.from(ExportTraceServiceRequest.encode(ExportTraceServiceRequest.fromObject(request)).finish());
      const decoded = mapTraceRequest(decodeTraceRequest(body, 'protobuf')).spans.map(({ span }) => ({ start: span.startTime?.getTime() ?? null, latencyMs: span.latencyMs, metadata: span.metadata }));
      const fromText = times.map(([start, end]) => {
        const { span } = mapSpan(
          { traceId: TRACE, spanId: SPAN, name: 'span', startTimeUnixNano: start, endTimeUnixNano: end, attributes: attributesOf(integers.map((value, j) => ({ key: `n${j}`, value: { intValue: value } }))) },
          { name: 'x' },
          {},
        ) as MappedSpan;
        return { start: span.startTime?.getTime() ?? null, latencyMs: span.latencyMs, metadata: span.metadata };
      });
      expect(decoded).to.deep.equal(fromText);
      expect(decoded[0]).to.deep.include({ start: 1793530800123, latencyMs: 0.002 });
      // The largest unsigned value: past 2^53 µs, as coarse as a double is there (the same on both paths).
      expect(decoded[4].start).to.equal(18446744073709);
      expect((decoded[0].metadata as { attributes: Record<string, unknown> }).attributes).to.deep.equal({ n0: -5, n1: 9007199254740991, n2: '9007199254740993', n3: '-9223372036854775808', n4: 4294967296 });
    });

    it('refuses bad ids with a reason', () => {
      const base = { traceId: TRACE, spanId: SPAN, name: 'x' };
      expect(mapSpan({ ...base, traceId: '00'.repeat(16) }, undefined, {})).to.equal('trace_id must be 16 bytes, not all zero');
      expect(mapSpan({ ...base, spanId: '01'.repeat(4) }, undefined, {})).to.equal('span_id must be 8 bytes, not all zero');
      expect(mapSpan({ ...base, parentSpanId: '01'.repeat(3) }, undefined, {})).to.equal('parent_span_id must be empty or 8 bytes, not all zero');
    });

    it('a root span without GenAI attributes is a WORKFLOW; names the OTel span kind', () => {
      const { span } = map({}, { parentSpanId: undefined, kind: 3 });
      expect(span.spanType).to.equal('WORKFLOW');
      expect((span.metadata.otel as Record<string, unknown>).kind).to.equal('client');
    });
  });

  describe('span types', () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ 'gen_ai.operation.name': 'chat' }, 'LLM'],
      [{ 'gen_ai.operation.name': 'text_completion' }, 'LLM'],
      [{ 'gen_ai.operation.name': 'generate_content' }, 'LLM'],
      [{ 'gen_ai.operation.name': 'embeddings' }, 'EMBEDDING'],
      [{ 'gen_ai.operation.name': 'execute_tool' }, 'TOOL'],
      [{ 'gen_ai.operation.name': 'invoke_agent' }, 'AGENT'],
      [{ 'gen_ai.operation.name': 'create_agent' }, 'AGENT'],
      [{ 'gen_ai.operation.name': 'retrieval' }, 'RETRIEVER'],
      [{ 'gen_ai.request.model': 'gpt-4o' }, 'LLM'],
      [{ 'openinference.span.kind': 'CHAIN' }, 'CHAIN'],
      [{ 'openinference.span.kind': 'RETRIEVER' }, 'RETRIEVER'],
      [{ 'openinference.span.kind': 'EMBEDDING' }, 'EMBEDDING'],
      [{ 'openinference.span.kind': 'RERANKER' }, 'RERANKER'],
      [{ 'openinference.span.kind': 'GUARDRAIL' }, 'GUARDRAIL'],
      [{ 'openinference.span.kind': 'EVALUATOR' }, 'EVALUATOR'],
      [{ 'openinference.span.kind': 'agent' }, 'AGENT'],
      [{ 'ai.operationId': 'ai.streamText.doStream' }, 'LLM'],
      [{ 'ai.operationId': 'ai.embedMany.doEmbed' }, 'EMBEDDING'],
      [{ 'ai.operationId': 'ai.streamObject' }, 'CHAIN'],
    ];
    for (const [attributes, type] of cases) {
      it(`${JSON.stringify(attributes)} → ${type}`, () => expect(map(attributes).span.spanType).to.equal(type));
    }
    it('OpenInference kind wins over the GenAI operation name', () => {
      expect(map({ 'openinference.span.kind': 'GUARDRAIL', 'gen_ai.operation.name': 'chat' }).span.spanType).to.equal('GUARDRAIL');
    });
  });

  describe('GenAI attributes, current and deprecated names', () => {
    it('gen_ai.system and prompt_tokens / completion_tokens (deprecated) give provider and tokens', () => {
      const { span } = map({ 'gen_ai.operation.name': 'chat', 'gen_ai.system': 'anthropic', 'gen_ai.request.model': 'claude-3-5-haiku', 'gen_ai.usage.prompt_tokens': 11, 'gen_ai.usage.completion_tokens': 4 });
      expect(span.metadata).to.deep.include({ provider: 'anthropic', model: 'claude-3-5-haiku', input_tokens: 11, output_tokens: 4, tokens_used: 15 });
    });

    it('gen_ai.provider.name wins over gen_ai.system; response model over request model', () => {
      const { span } = map({ 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': 'aws.bedrock', 'gen_ai.system': 'old', 'gen_ai.request.model': 'a', 'gen_ai.response.model': 'b' });
      expect(span.metadata).to.deep.include({ provider: 'aws.bedrock', model: 'b' });
      // The request model is read too; the deprecated name that lost stays visible as sent.
      expect(span.metadata.attributes).to.deep.equal({ 'gen_ai.system': 'old' });
    });

    it('cache_creation input tokens and a reported gen_ai.usage.cost', () => {
      const { span } = map({ 'gen_ai.operation.name': 'chat', 'gen_ai.usage.input_tokens': 100, 'gen_ai.usage.cache_creation.input_tokens': 60, 'gen_ai.usage.cost': 0.02 });
      expect(span.metadata).to.deep.include({ cache_creation_input_tokens: 60, cost: 0.02, cost_source: 'reported' });
      expect(span.cost).to.equal(0.02);
    });

    it('older indexed gen_ai.prompt.N.* / gen_ai.completion.N.* attributes become messages', () => {
      const { span } = map({
        'gen_ai.operation.name': 'chat',
        'gen_ai.prompt.0.role': 'system',
        'gen_ai.prompt.0.content': 'Be brief.',
        'gen_ai.prompt.1.role': 'user',
        'gen_ai.prompt.1.content': 'Hi',
        'gen_ai.completion.0.role': 'assistant',
        'gen_ai.completion.0.content': 'Hello',
        'gen_ai.completion.0.finish_reason': 'stop',
      });
      expect(span.input).to.deep.equal({ messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }] });
      expect(span.output).to.deep.equal({ messages: [{ role: 'assistant', content: 'Hello', finish_reason: 'stop' }] });
    });

    it('obsolete gen_ai.prompt / gen_ai.completion strings become input/output values', () => {
      const { span } = map({ 'gen_ai.operation.name': 'text_completion', 'gen_ai.prompt': 'Once upon', 'gen_ai.completion': 'a time' });
      expect(span.input).to.deep.equal({ value: 'Once upon' });
      expect(span.output).to.deep.equal({ value: 'a time' });
    });

    it('events-based content: per-message events and gen_ai.choice', () => {
      const { span } = map({ 'gen_ai.operation.name': 'chat' }, {
        events: [event('gen_ai.system.message', { content: 'Be brief.' }), event('gen_ai.user.message', { content: 'Hi' }), event('gen_ai.choice', { index: 0, finish_reason: 'stop', message: '{"role":"assistant","content":"Hello"}' })],
      });
      expect(span.input).to.deep.equal({ messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }] });
      expect(span.output).to.deep.equal({ messages: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Hello' } }] });
    });

    it('events-based content: the gen_ai.client.inference.operation.details event', () => {
      const { span } = map({ 'gen_ai.operation.name': 'chat' }, {
        events: [event('gen_ai.client.inference.operation.details', { 'gen_ai.input.messages': '[{"role":"user","parts":[{"type":"text","content":"Hi"}]}]', 'gen_ai.output.messages': '[{"role":"assistant","parts":[]}]', 'gen_ai.system_instructions': 'Be kind.' })],
      });
      expect(span.input).to.deep.equal({ system_instructions: 'Be kind.', messages: [{ role: 'user', parts: [{ type: 'text', content: 'Hi' }] }] });
      expect(span.output).to.deep.equal({ messages: [{ role: 'assistant', parts: [] }] });
    });

    it('execute_tool: gen_ai.tool.name, call id, arguments and result (JSON or text)', () => {
      const { span } = map({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'weather', 'gen_ai.tool.call.id': 'c1', 'gen_ai.tool.call.arguments': '{"city":"Paris"}', 'gen_ai.tool.call.result': 'sunny' });
      expect(span.metadata).to.deep.include({ tool_name: 'weather', tool_call_id: 'c1' });
      expect(span.input).to.deep.equal({ arguments: { city: 'Paris' } });
      expect(span.output).to.deep.equal({ result: 'sunny' });
    });

    it('gen_ai.conversation.id is the session; gen_ai.agent.name the span agent; a tool span carries no tokens', () => {
      const { span, hints } = map({ 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.conversation.id': 'conv-1', 'gen_ai.agent.name': 'planner', 'gen_ai.usage.input_tokens': 5 });
      expect(hints.sessionId).to.equal('conv-1');
      expect(span.metadata).to.deep.include({ session_id: 'conv-1', agent_name: 'planner' });
      expect(span.metadata).to.not.have.property('input_tokens');
      expect((span.metadata.attributes as Record<string, unknown>)['gen_ai.usage.input_tokens']).to.equal(5);
    });
  });

  describe('OpenInference attributes', () => {
    it('token counts with prompt and completion details; cost as prompt + completion', () => {
      const { span } = map({
        'openinference.span.kind': 'LLM',
        'llm.model_name': 'gpt-4.1',
        'llm.system': 'openai',
        'llm.token_count.prompt': 1000,
        'llm.token_count.completion': 300,
        'llm.token_count.prompt_details.cache_read': 200,
        'llm.token_count.prompt_details.cache_write': 100,
        'llm.token_count.completion_details.reasoning': 120,
        'llm.cost.prompt': 0.002,
        'llm.cost.completion': 0.0024,
      });
      expect(span.metadata).to.deep.include({ model: 'gpt-4.1', provider: 'openai', input_tokens: 1000, output_tokens: 300, cache_read_input_tokens: 200, cache_creation_input_tokens: 100, reasoning_tokens: 120, cost_source: 'reported' });
      expect(span.cost).to.be.closeTo(0.0044, 1e-12);
    });

    it('input.value with a text mime type stays text; llm.tools become input tools', () => {
      const { span } = map({ 'openinference.span.kind': 'LLM', 'input.value': '{not json', 'input.mime_type': 'text/plain', 'llm.tools.0.tool.json_schema': '{"name":"f"}' });
      expect(span.input).to.deep.equal({ value: '{not json', tools: [{ tool: { json_schema: '{"name":"f"}' } }] });
    });

    it('user.id and session.id; unknown attributes are kept under metadata.attributes', () => {
      const { span, hints } = map({ 'session.id': 's', 'user.id': 'u', 'custom.flag': true });
      expect(hints).to.deep.include({ sessionId: 's', userId: 'u' });
      expect(span.metadata.attributes).to.deep.equal({ 'custom.flag': true });
      expect(map({ 'session.id': 's' }).span.metadata).to.not.have.property('attributes');
    });
  });

  describe('Vercel AI SDK ai.* attributes', () => {
    it('ai.model.id / provider and the older promptTokens / completionTokens on a doGenerate span', () => {
      const { span } = map({ 'ai.operationId': 'ai.generateText.doGenerate', 'ai.model.id': 'gpt-4o', 'ai.model.provider': 'openai.chat', 'ai.usage.promptTokens': 9, 'ai.usage.completionTokens': 3, 'ai.response.text': 'ok', 'ai.prompt.messages': '[{"role":"user","content":"q"}]' });
      expect(span.metadata).to.deep.include({ model: 'gpt-4o', provider: 'openai.chat', input_tokens: 9, output_tokens: 3 });
      expect(span.input).to.deep.equal({ messages: [{ role: 'user', content: 'q' }] });
      expect(span.output).to.deep.equal({ text: 'ok' });
    });

    it('ai.toolCall: name, id, args, result; ai.telemetry.metadata.sessionId / userId', () => {
      const { span, hints } = map({ 'ai.operationId': 'ai.toolCall', 'ai.toolCall.name': 'f', 'ai.toolCall.id': 'c', 'ai.toolCall.args': '{"a":1}', 'ai.toolCall.result': '{"b":2}', 'ai.telemetry.metadata.sessionId': 'S', 'ai.telemetry.metadata.userId': 'U' });
      expect(span.metadata).to.deep.include({ tool_name: 'f', tool_call_id: 'c' });
      expect(span.input).to.deep.equal({ arguments: { a: 1 } });
      expect(span.output).to.deep.equal({ result: { b: 2 } });
      expect(hints).to.deep.include({ sessionId: 'S', userId: 'U' });
    });

    it('an outer ai.generateText span keeps its prompt and response but not the repeated usage', () => {
      const { span } = map({ 'ai.operationId': 'ai.generateText', 'ai.prompt': '{"prompt":"q"}', 'ai.response.text': 'a', 'ai.usage.inputTokens': 50 });
      expect(span.input).to.deep.equal({ value: { prompt: 'q' } });
      expect(span.metadata).to.not.have.property('input_tokens');
    });
  });

  describe('the prompt version a span ran with (docs/prompts.md#linked-spans)', () => {
    it('reads tracewell.prompt.name and .version into metadata.prompt_name and prompt_version', () => {
      const { span } = map({ 'tracewell.prompt.name': 'support/triage', 'tracewell.prompt.version': 3 });
      expect(span.metadata).to.deep.include({ prompt_name: 'support/triage', prompt_version: 3 });
      expect(span.metadata.attributes).to.equal(undefined);
    });

    it("reads Langfuse's langfuse.observation.prompt.* (a version sent as text too); ours win when both are sent", () => {
      expect(map({ 'langfuse.observation.prompt.name': 'lf/p', 'langfuse.observation.prompt.version': '7' }).span.metadata).to.deep.include({ prompt_name: 'lf/p', prompt_version: 7 });
      const both = map({ 'tracewell.prompt.name': 'ours', 'tracewell.prompt.version': 2, 'langfuse.observation.prompt.name': 'theirs', 'langfuse.observation.prompt.version': 9 }).span.metadata;
      expect([both.prompt_name, both.prompt_version]).to.deep.equal(['ours', 2]);
    });

    it('records no version outside 1 to 2^31-1', () => {
      for (const version of [0, 2_147_483_648]) expect(map({ 'tracewell.prompt.name': 'p', 'tracewell.prompt.version': version }).span.metadata, String(version)).to.not.have.property('prompt_version');
    });
  });

  describe('status, exceptions, resource and scope', () => {
    it('status ERROR with a message → error with that message', () => {
      expect(map({}, { status: { code: 2, message: 'boom' } }).span).to.deep.include({ status: 'error', error: 'boom' });
    });
    it('status ERROR without a message takes the exception event "type: message"', () => {
      const { span } = map({}, { status: { code: 2 }, events: [event('exception', { 'exception.type': 'ValueError', 'exception.message': 'bad', 'exception.stacktrace': 'at x' })] });
      expect(span).to.deep.include({ status: 'error', error: 'ValueError: bad' });
      expect(span.metadata.exceptions).to.deep.equal([{ type: 'ValueError', message: 'bad', stacktrace: 'at x' }]);
    });
    it('an exception event with status UNSET fails the span; with status OK it does not', () => {
      const exception = [event('exception', { 'exception.message': 'oops' })];
      expect(map({}, { events: exception }).span).to.deep.include({ status: 'error', error: 'oops' });
      expect(map({}, { events: exception, status: { code: 1 } }).span).to.deep.include({ status: 'success', error: null });
    });
    it('service.name is the agent (not unknown_service…); the scope names the framework', () => {
      expect(map({}, {}, '@arizeai/openinference-instrumentation-openai', { 'service.name': 'bot' }).hints).to.deep.include({ agentName: 'bot', framework: 'openai' });
      expect(map({}, {}, 'x', { 'service.name': 'unknown_service:node' }).hints.agentName).to.equal(null);
    });
    const scopes: [string, string | null][] = [
      ['ai', 'vercel-ai-sdk'],
      ['openinference.instrumentation.llama_index', 'llama-index'],
      ['@traceloop/instrumentation-anthropic', 'anthropic'],
      ['opentelemetry.instrumentation.openai_v2', 'openai-v2'],
      ['@opentelemetry/instrumentation-http', null],
      ['langchain', 'langchain'],
      ['my-app', null],
    ];
    for (const [scope, framework] of scopes) it(`scope ${scope} → framework ${framework}`, () => expect(frameworkOfScope(scope)).to.equal(framework));
  });
});
