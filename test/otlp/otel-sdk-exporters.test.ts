import { expect } from 'chai';
import { context, trace, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import { BasicTracerProvider, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { forEachAdapter } from '../support/adapters.js';
import { flatten, startOtlpServer, withEnv, type OtlpServer } from './support.js';

/**
 * An agent run instrumented with the OpenTelemetry GenAI conventions: a root, a chat call with
 * cached and reasoning tokens and message content, and a failing execute_tool call. Ends spans
 * child-first, so the SimpleSpanProcessor sends the children before their parent (split delivery).
 */
function agentRun(tracer: Tracer): string {
  const root = tracer.startSpan('support run', { attributes: { 'session.id': 'sess-42', 'user.id': 'user-7' } });
  const inRoot = trace.setSpan(context.active(), root);
  const chat = tracer.startSpan(
    'chat gpt-4o',
    {
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'openai',
        'gen_ai.request.model': 'gpt-4o',
        'gen_ai.response.model': 'gpt-4o-2024-08-06',
        'gen_ai.usage.input_tokens': 1000,
        'gen_ai.usage.output_tokens': 200,
        'gen_ai.usage.cache_read.input_tokens': 400,
        'gen_ai.usage.reasoning.output_tokens': 50,
        'gen_ai.system_instructions': JSON.stringify([{ type: 'text', content: 'You are a support agent.' }]),
        'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: 'Where is order 17?' }] }]),
        'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'tool_call', id: 'call_1', name: 'lookup_order', arguments: { id: 17 } }], finish_reason: 'tool_call' }]),
        'gen_ai.conversation.id': 'conv-9',
      },
    },
    inRoot,
  );
  chat.end();
  const tool = tracer.startSpan(
    'execute_tool lookup_order',
    {
      attributes: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'lookup_order',
        'gen_ai.tool.call.id': 'call_1',
        'gen_ai.tool.call.arguments': '{"id":17}',
      },
    },
    inRoot,
  );
  tool.recordException(new TypeError('orders_api timed out'));
  tool.setStatus({ code: SpanStatusCode.ERROR, message: 'orders_api timed out' });
  tool.end();
  root.end();
  return root.spanContext().traceId;
}

async function exportRun(exporter: SpanExporter): Promise<string> {
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'support-bot', 'deployment.environment': 'test' }),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const traceId = agentRun(provider.getTracer('opentelemetry.instrumentation.openai', '1.2.3'));
  await provider.forceFlush();
  await provider.shutdown();
  return traceId;
}

forEachAdapter((adapter) => {
  let otlp: OtlpServer;
  before(async () => {
    otlp = await startOtlpServer(adapter);
  });
  after(async () => otlp.close());

  const exporters: [string, () => SpanExporter][] = [
    ['@opentelemetry/exporter-trace-otlp-proto (protobuf)', () => new ProtoExporter()],
    ['@opentelemetry/exporter-trace-otlp-http (JSON)', () => new JsonExporter()],
  ];

  for (const [label, make] of exporters) {
    describe(`POST /v1/traces from ${label}`, () => {
      let traceId: string;
      before(async () => {
        // Configured only through the standard variables, as a deployed agent would be.
        traceId = await withEnv(
          { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.baseUrl, OTEL_EXPORTER_OTLP_HEADERS: `x-api-key=${otlp.server.tenant.apiKey}`, OTEL_EXPORTER_OTLP_TIMEOUT: '60000' },
          () => exportRun(make()),
        );
      });

      it('assembles the spans of three exports into one trace: tree, types, agent, framework, session, user', async () => {
        const view = await otlp.getTrace(traceId);
        expect(view).to.deep.include({
          id: traceId,
          name: 'support run',
          status: 'error',
          spanCount: 3,
          agentName: 'support-bot',
          framework: 'openai',
          errorMessage: 'orders_api timed out',
          sessionId: 'sess-42',
          userId: 'user-7',
        });
        expect(view.metadata.otel_resource).to.deep.include({ 'service.name': 'support-bot', 'deployment.environment': 'test' });
        expect(view.spans).to.have.length(1);
        const [root] = view.spans;
        expect(root).to.deep.include({ name: 'support run', spanType: 'WORKFLOW', status: 'success', parentSpanId: null });
        // Siblings keep arrival order, and the exporter's batches may arrive in either order.
        expect(root.children.map((c) => [c.name, c.spanType, c.status]).sort()).to.deep.equal([
          ['chat gpt-4o', 'LLM', 'success'],
          ['execute_tool lookup_order', 'TOOL', 'error'],
        ]);
      });

      it('maps the chat span: model, provider, tokens incl. cached and reasoning, priced from the table, content', async () => {
        const chat = flatten((await otlp.getTrace(traceId)).spans).find((s) => s.spanType === 'LLM')!;
        expect(chat.metadata).to.deep.include({
          model: 'gpt-4o-2024-08-06',
          provider: 'openai',
          operation: 'chat',
          input_tokens: 1000,
          output_tokens: 200,
          tokens_used: 1200,
          cache_read_input_tokens: 400,
          reasoning_tokens: 50,
          cost_source: 'price_table',
          priced_as: 'gpt-4o',
          framework: 'openai',
        });
        // 600 uncached × $2.50 + 400 cached × $1.25 + 150 output × $10 + 50 reasoning × $10, per million.
        expect(chat.metadata.cost).to.be.closeTo(0.004, 1e-12);
        expect(chat.input).to.deep.equal({
          system_instructions: [{ type: 'text', content: 'You are a support agent.' }],
          messages: [{ role: 'user', parts: [{ type: 'text', content: 'Where is order 17?' }] }],
        });
        expect(chat.output).to.deep.equal({
          messages: [{ role: 'assistant', parts: [{ type: 'tool_call', id: 'call_1', name: 'lookup_order', arguments: { id: 17 } }], finish_reason: 'tool_call' }],
        });
        // Every attribute was mapped; the conversation id is the span's session (the root's session.id names the trace's).
        expect(chat.metadata).to.not.have.property('attributes');
        expect(chat.metadata.session_id).to.equal('conv-9');
        expect(chat.metadata.otel).to.deep.equal({ kind: 'internal', scope: { name: 'opentelemetry.instrumentation.openai', version: '1.2.3' }, status_code: 'unset', service: 'support-bot' });
      });

      it('maps the tool span: name, call id, arguments, status and exception event', async () => {
        const tool = flatten((await otlp.getTrace(traceId)).spans).find((s) => s.spanType === 'TOOL')!;
        expect(tool).to.deep.include({ status: 'error', error: 'orders_api timed out', input: { arguments: { id: 17 } }, output: null });
        expect(tool.metadata).to.deep.include({ tool_name: 'lookup_order', tool_call_id: 'call_1', operation: 'execute_tool' });
        expect((tool.metadata.exceptions as { type: string; message: string }[])[0]).to.deep.include({ type: 'TypeError', message: 'orders_api timed out' });
        expect(tool.metadata).to.not.have.property('input_tokens');
      });

      it('derives the trace totals: cost of the priced call, tokens, latency of the root', async () => {
        const record = (await otlp.server.runtime.store.traces.findById(otlp.server.tenant.project.id, traceId))!;
        expect(record.cost).to.be.closeTo(0.004, 1e-12);
        expect(record.totalTokens).to.equal(1200);
        const view = await otlp.getTrace(traceId);
        expect(record.latencyMs).to.equal(view.spans[0].latencyMs);
      });

      it('reads back the same tree through the get_trace_context tool', async () => {
        const result = await otlp.traceContextTool(traceId);
        expect(result).to.deep.include({ trace_id: traceId, name: 'support run', status: 'error', span_count: 3 });
        const root = result.root_span as { span_id: string; span_type: string; children: { span_type: string; name: string }[] };
        expect(root.span_type).to.equal('WORKFLOW');
        expect(root.children.map((c) => c.span_type).sort()).to.deep.equal(['LLM', 'TOOL']);
        expect(result.total_cost).to.be.closeTo(0.004, 1e-12);
      });
    });
  }
});
