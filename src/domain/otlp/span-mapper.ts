import type { SpanRecord } from '../../ports/traces.js';
import { AttributeReader, parsedJson, unflatten, type AttributeValue, type Attributes } from './otlp-attributes.js';
import type { Int64, OtlpEvent, OtlpScopeSpans, OtlpSpan, OtlpTraceRequest } from './otlp-request.js';
import { OTEL_SPAN_METADATA } from '../traces/search-document.js';
import { MODEL_CALL_TYPES, frameworkOfScope, spanTypeOf } from './span-types.js';
import { SPAN_TRACE_TAGS, tagsOfAttribute, unionOfTags } from '../traces/trace-tags.js';

/** What a span says about its trace; the trace row takes it from the root span first. */
export interface TraceHints {
  agentName: string | null;
  framework: string | null;
  sessionId: string | null;
  userId: string | null;
  /** Resource attributes of the exporting process (service.name, telemetry.sdk.*, …). */
  resource: Attributes;
}

export interface MappedSpan {
  traceId: string;
  span: SpanRecord;
  hints: TraceHints;
}

export interface MappingResult {
  spans: MappedSpan[];
  /** Spans refused one by one (OTLP partial success), with why, the first few kept. */
  rejected: number;
  reasons: string[];
}

const STATUS_OK = 1;
const STATUS_ERROR = 2;
const MAX_NAME = 1000;
const MAX_ERROR = 10_000;
const MAX_LABEL = 255;
/** Prompt versions are 32-bit positive integers (the contract's bound). */
const MAX_PROMPT_VERSION = 2_147_483_647;
const SPAN_KINDS = ['unspecified', 'internal', 'server', 'client', 'producer', 'consumer'];

const allZero = (id: string): boolean => /^0*$/.test(id);
const label = (value: string | undefined): string | null => (value ? value.slice(0, MAX_LABEL) : null);

/** 2^32, the weight of a 64-bit integer's high half. */
const HIGH = 4294967296;

/**
 * Epoch nanoseconds → milliseconds, exact to the microsecond (what is below a microsecond is
 * dropped); null for zero (unset), a negative value or anything that is not an integer.
 */
function nanosToMs(value: Int64 | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') {
    if (!value.unsigned && value.high < 0) return null;
    return bitsToMs(value.high >>> 0, value.low >>> 0);
  }
  const text = String(value);
  if (!/^\d{1,20}$/.test(text) || /^0+$/.test(text)) return null;
  // Whole microseconds (the digits before the last three), parsed as a Number while that is exact
  // (below 2^53 µs: until the year 2255), else through BigInt.
  const micros = text.length > 3 ? text.slice(0, -3) : '0';
  const exact = Number(micros);
  return (Number.isSafeInteger(exact) ? exact : Number(BigInt(micros))) / 1000;
}

/**
 * The same from the two halves a decoder reads (high·2^32 + low ns), without text or BigInt: with
 * high = 1000·q + r, the whole microseconds are q·2^32 + ⌊(r·2^32 + low) / 1000⌋, each part exact
 * in a double. Past 2^53 µs, through BigInt as the decimal path does.
 */
function bitsToMs(high: number, low: number): number | null {
  if (high === 0 && low === 0) return null;
  const q = Math.floor(high / 1000);
  const micros = q * HIGH + Math.floor(((high - q * 1000) * HIGH + low) / 1000);
  if (Number.isSafeInteger(micros)) return micros / 1000;
  return Number(((BigInt(high) << 32n) | BigInt(low)) / 1000n) / 1000;
}

/** OpenInference message objects (`{message: {role, content, tool_calls: [{tool_call: …}]}}`) made plain. */
function plainMessage(item: AttributeValue): AttributeValue {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
  const message = (item.message ?? item) as Record<string, AttributeValue>;
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return item;
  const out: Record<string, AttributeValue> = { ...message };
  for (const [from, to] of [['tool_calls', 'tool_calls'], ['contents', 'contents']] as const) {
    const list = message[from];
    if (Array.isArray(list)) {
      out[to] = list.map((entry) => {
        if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return entry;
        const inner = (entry.tool_call ?? entry.message_content ?? entry) as Record<string, AttributeValue>;
        if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return entry;
        const fn = inner.function as Record<string, AttributeValue> | undefined;
        if (fn && typeof fn === 'object' && !Array.isArray(fn)) {
          return { ...(inner.id !== undefined ? { id: inner.id } : {}), name: fn.name ?? null, arguments: parsedJson(fn.arguments) ?? null };
        }
        return inner;
      });
    }
  }
  return out;
}

/** Older OpenLLMetry-style indexed attributes `gen_ai.prompt.N.role` → messages. */
function indexedMessages(reader: AttributeReader, prefix: string): AttributeValue[] | undefined {
  const entries = reader.withPrefix(prefix).filter(([path]) => /^\d+\./.test(path));
  if (entries.length === 0) return undefined;
  return unflatten(entries).map((m) => {
    if (m === null || typeof m !== 'object' || Array.isArray(m)) return m;
    return { ...m, ...(m.content !== undefined ? { content: parsedJson(m.content) ?? null } : {}) };
  });
}

/** Events-based GenAI content: the operation-details event, or the older per-message events. */
function eventContent(events: OtlpEvent[]): { input: AttributeValue[]; output: AttributeValue[]; system?: AttributeValue; outputMessages?: AttributeValue } {
  const input: AttributeValue[] = [];
  const output: AttributeValue[] = [];
  let system: AttributeValue | undefined;
  let outputMessages: AttributeValue | undefined;
  for (const event of events) {
    const name = event.name ?? '';
    const attributes = event.attributes ?? {};
    if (name === 'gen_ai.client.inference.operation.details') {
      const messages = parsedJson(attributes['gen_ai.input.messages']);
      if (Array.isArray(messages)) input.push(...messages);
      system = parsedJson(attributes['gen_ai.system_instructions']) ?? system;
      outputMessages = parsedJson(attributes['gen_ai.output.messages']) ?? outputMessages;
    } else if (/^gen_ai\.(system|user|assistant|tool)\.message$/.test(name)) {
      const role = name.split('.')[1];
      input.push({ role: (attributes.role as string | undefined) ?? role, ...pick(attributes, ['content', 'tool_calls', 'id']) });
    } else if (name === 'gen_ai.choice') {
      output.push(pick(attributes, ['index', 'finish_reason', 'message', 'content', 'tool_calls']));
    }
  }
  return { input, output, system, outputMessages };
}

function pick(attributes: Attributes, keys: string[]): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const key of keys) if (attributes[key] !== undefined) out[key] = parsedJson(attributes[key]) ?? null;
  return out;
}

/** input.value / output.value with their mime type: JSON is parsed, text kept. */
function valueWithMime(reader: AttributeReader, valueKey: string, mimeKey: string): AttributeValue | undefined {
  const value = reader.raw(valueKey);
  const mime = reader.string(mimeKey);
  if (value === undefined) return undefined;
  return mime === 'application/json' || mime === undefined ? parsedJson(value) : value;
}

function compact(entries: Record<string, AttributeValue | undefined>): Record<string, unknown> | null {
  let out: Record<string, unknown> | null = null;
  for (const key in entries) {
    const value = entries[key];
    if (value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0)) (out ??= {})[key] = value;
  }
  return out;
}

interface ExceptionInfo {
  type: string | null;
  message: string | null;
  stacktrace: string | null;
}

function exceptionsOf(events: OtlpEvent[]): ExceptionInfo[] {
  return events
    .filter((e) => e.name === 'exception')
    .map((e) => {
      const a = e.attributes ?? {};
      const text = (key: string, max: number) => (typeof a[key] === 'string' ? (a[key] as string).slice(0, max) : null);
      return { type: text('exception.type', 500), message: text('exception.message', MAX_ERROR), stacktrace: text('exception.stacktrace', 4000) };
    });
}

/**
 * One OTLP span as a stored span (the mapping table is docs/opentelemetry.md). Returns a reason
 * string instead when the span cannot be stored (bad ids).
 */
export function mapSpan(span: OtlpSpan, scope: OtlpScopeSpans['scope'], resource: Attributes, framework = frameworkOfScope(scope?.name)): MappedSpan | string {
  const traceId = span.traceId ?? '';
  const spanId = span.spanId ?? '';
  const parent = span.parentSpanId ?? '';
  if (traceId.length !== 32 || allZero(traceId)) return 'trace_id must be 16 bytes, not all zero';
  if (spanId.length !== 16 || allZero(spanId)) return 'span_id must be 8 bytes, not all zero';
  if (parent !== '' && (parent.length !== 16 || allZero(parent))) return 'parent_span_id must be empty or 8 bytes, not all zero';
  if (parent === spanId) return 'a span cannot be its own parent';

  const reader = new AttributeReader(span.attributes ?? {});
  const events = span.events ?? [];
  const name = (span.name ?? '').slice(0, MAX_NAME) || '(unnamed span)';

  // --- kind ------------------------------------------------------------------------------------
  const openInferenceKind = reader.string('openinference.span.kind');
  const operation = reader.string('gen_ai.operation.name');
  const aiSdkOperation = reader.string('ai.operationId') ?? (name.startsWith('ai.') ? name : undefined);
  const model = reader.string('gen_ai.response.model', 'gen_ai.request.model', 'llm.model_name', 'ai.response.model', 'ai.model.id', 'embedding.model_name');
  const usageKeys = ['gen_ai.usage.input_tokens', 'gen_ai.usage.prompt_tokens', 'llm.token_count.prompt', 'ai.usage.inputTokens', 'ai.usage.promptTokens'];
  const spanType = spanTypeOf({
    openInferenceKind,
    genAiOperation: operation,
    aiSdkOperation,
    looksLikeModelCall: reader.has('gen_ai.request.model') || reader.has('llm.model_name') || usageKeys.some((k) => reader.has(k)),
    hasParent: parent !== '',
  });
  const modelCall = MODEL_CALL_TYPES.has(spanType);

  const metadata: Record<string, unknown> = {};
  const set = (key: string, value: unknown) => {
    if (value !== undefined && value !== null) metadata[key] = value;
  };
  set('model', model?.slice(0, MAX_LABEL));
  set('provider', reader.string('gen_ai.provider.name', 'gen_ai.system', 'llm.provider', 'llm.system', 'ai.model.provider')?.slice(0, MAX_LABEL));
  set('operation', operation);
  if (model) reader.string('gen_ai.request.model', 'llm.model_name', 'ai.model.id'); // the request model is read too

  // --- tokens and cost: only a model call's own usage counts (an AI SDK outer span repeats it) ---
  if (modelCall) {
    set('input_tokens', reader.count(...usageKeys));
    set('output_tokens', reader.count('gen_ai.usage.output_tokens', 'gen_ai.usage.completion_tokens', 'llm.token_count.completion', 'ai.usage.outputTokens', 'ai.usage.completionTokens'));
    set('cache_read_input_tokens', reader.count('gen_ai.usage.cache_read.input_tokens', 'gen_ai.usage.cache_read_input_tokens', 'llm.token_count.prompt_details.cache_read', 'ai.usage.cachedInputTokens', 'ai.usage.inputTokenDetails.cacheReadTokens'));
    set('cache_creation_input_tokens', reader.count('gen_ai.usage.cache_creation.input_tokens', 'gen_ai.usage.cache_creation_input_tokens', 'llm.token_count.prompt_details.cache_write', 'ai.usage.inputTokenDetails.cacheWriteTokens'));
    set('reasoning_tokens', reader.count('gen_ai.usage.reasoning.output_tokens', 'gen_ai.usage.reasoning_tokens', 'llm.token_count.completion_details.reasoning', 'ai.usage.reasoningTokens', 'ai.usage.outputTokenDetails.reasoningTokens'));
    const total = reader.count('llm.token_count.total', 'gen_ai.usage.total_tokens', 'ai.usage.totalTokens');
    const summed = (metadata.input_tokens as number | undefined ?? 0) + (metadata.output_tokens as number | undefined ?? 0);
    set('tokens_used', total ?? (metadata.input_tokens !== undefined || metadata.output_tokens !== undefined ? summed : undefined));
    const reportedTotal = reader.amount('llm.cost.total', 'gen_ai.usage.cost');
    const prompt = reader.amount('llm.cost.prompt');
    const completion = reader.amount('llm.cost.completion');
    const reported = reportedTotal ?? (prompt !== undefined || completion !== undefined ? (prompt ?? 0) + (completion ?? 0) : undefined);
    if (reported !== undefined) {
      set('cost', reported);
      set('cost_source', 'reported');
    }
  }

  // --- tools -------------------------------------------------------------------------------------
  set('tool_name', reader.string('gen_ai.tool.name', 'tool.name', 'ai.toolCall.name')?.slice(0, MAX_LABEL));
  set('tool_call_id', reader.string('gen_ai.tool.call.id', 'tool_call.id', 'ai.toolCall.id')?.slice(0, MAX_LABEL));
  set('agent_name', reader.string('gen_ai.agent.name', 'agent.name')?.slice(0, MAX_LABEL));

  // --- content -------------------------------------------------------------------------------------
  const fromEvents = eventContent(events);
  const oiInput = reader.withPrefix('llm.input_messages.');
  const oiOutput = reader.withPrefix('llm.output_messages.');
  const inputMessages =
    parsedJson(reader.raw('gen_ai.input.messages')) ??
    (oiInput.length ? unflatten(oiInput).map(plainMessage) : undefined) ??
    indexedMessages(reader, 'gen_ai.prompt.') ??
    parsedJson(reader.raw('ai.prompt.messages')) ??
    (fromEvents.input.length ? fromEvents.input : undefined);
  const outputMessages =
    parsedJson(reader.raw('gen_ai.output.messages')) ??
    (oiOutput.length ? unflatten(oiOutput).map(plainMessage) : undefined) ??
    indexedMessages(reader, 'gen_ai.completion.') ??
    fromEvents.outputMessages ??
    (fromEvents.output.length ? fromEvents.output : undefined);
  const input = compact({
    system_instructions: parsedJson(reader.raw('gen_ai.system_instructions')) ?? fromEvents.system,
    messages: inputMessages,
    value: valueWithMime(reader, 'input.value', 'input.mime_type') ?? reader.raw('gen_ai.prompt') ?? parsedJson(reader.raw('ai.prompt')),
    arguments: parsedJson(reader.raw('gen_ai.tool.call.arguments', 'ai.toolCall.args', 'tool.parameters')),
    tools: parsedJson(reader.raw('gen_ai.tool.definitions')) ?? (() => {
      const tools = reader.withPrefix('llm.tools.');
      return tools.length ? unflatten(tools) : undefined;
    })(),
  });
  const output = compact({
    messages: outputMessages,
    value: valueWithMime(reader, 'output.value', 'output.mime_type') ?? reader.raw('gen_ai.completion'),
    text: reader.raw('ai.response.text'),
    object: parsedJson(reader.raw('ai.response.object')),
    tool_calls: parsedJson(reader.raw('ai.response.toolCalls')),
    finish_reason: parsedJson(reader.raw('gen_ai.response.finish_reasons', 'ai.response.finishReason')),
    result: parsedJson(reader.raw('gen_ai.tool.call.result', 'ai.toolCall.result')),
  });

  // --- the prompt version the span ran with (docs/prompts.md#linked-spans) ----------------------------
  // Ours first, then Langfuse's, so spans instrumented for either are linked alike.
  set('prompt_name', reader.string('tracewell.prompt.name', 'langfuse.observation.prompt.name')?.slice(0, MAX_LABEL));
  const promptVersion = reader.count('tracewell.prompt.version', 'langfuse.observation.prompt.version');
  set('prompt_version', promptVersion !== undefined && promptVersion >= 1 && promptVersion <= MAX_PROMPT_VERSION ? promptVersion : undefined);

  // --- session, user, framework, agent -------------------------------------------------------------
  const sessionId = label(reader.string('session.id', 'gen_ai.conversation.id', 'ai.telemetry.metadata.sessionId'));
  const userId = label(reader.string('user.id', 'enduser.id', 'ai.telemetry.metadata.userId'));
  set('session_id', sessionId);
  set('user_id', userId);
  // Trace tags, ours and Langfuse's (docs/opentelemetry.md#tags): kept on the span, the trace's are
  // the union over its spans (TraceFieldsFold), so a later span adds its tags to the trace.
  const tags = unionOfTags([tagsOfAttribute(reader.raw('tracewell.trace.tags')), tagsOfAttribute(reader.raw('langfuse.trace.tags'))]);
  if (tags.length > 0) metadata[SPAN_TRACE_TAGS] = tags;
  set('framework', framework);
  const service = typeof resource['service.name'] === 'string' ? (resource['service.name'] as string) : undefined;
  const agentName = service && !service.startsWith('unknown_service') ? service.slice(0, MAX_LABEL) : null;

  // --- status and errors ------------------------------------------------------------------------
  const exceptions = exceptionsOf(events);
  const code = span.status?.code ?? 0;
  const failed = code === STATUS_ERROR || (code !== STATUS_OK && exceptions.length > 0);
  const firstException = exceptions[0];
  const exceptionText = firstException ? [firstException.type, firstException.message].filter(Boolean).join(': ') : '';
  const error = failed ? (span.status?.message || exceptionText || 'error').slice(0, MAX_ERROR) : null;
  if (exceptions.length > 0) metadata.exceptions = exceptions.slice(0, 10);

  const startMs = nanosToMs(span.startTimeUnixNano);
  const endMs = nanosToMs(span.endTimeUnixNano);
  metadata[OTEL_SPAN_METADATA] = {
    kind: SPAN_KINDS[span.kind ?? 0] ?? 'unspecified',
    scope: scope?.name ? { name: scope.name, ...(scope.version ? { version: scope.version } : {}) } : null,
    status_code: code === STATUS_ERROR ? 'error' : code === STATUS_OK ? 'ok' : 'unset',
    ...(agentName ? { service: agentName } : {}),
  };
  const rest = reader.rest();
  if (rest) metadata.attributes = rest;

  return {
    traceId,
    span: {
      spanId,
      parentSpanId: parent === '' ? null : parent,
      position: 0,
      name,
      spanType,
      status: failed ? 'error' : 'success',
      latencyMs: startMs !== null && endMs !== null && endMs >= startMs ? Math.round((endMs - startMs) * 1000) / 1000 : null,
      cost: typeof metadata.cost === 'number' ? metadata.cost : null,
      startTime: startMs !== null ? new Date(Math.floor(startMs)) : null,
      input,
      output,
      error,
      metadata,
    },
    hints: { agentName, framework, sessionId, userId, resource },
  };
}

/** Every span of a request, mapped; unmappable spans are counted and described (partial success). */
export function mapTraceRequest(request: OtlpTraceRequest): MappingResult {
  const result: MappingResult = { spans: [], rejected: 0, reasons: [] };
  for (const resourceSpans of request.resourceSpans ?? []) {
    const resource = resourceSpans.resource?.attributes ?? {};
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
      const framework = frameworkOfScope(scopeSpans.scope?.name);
      for (const span of scopeSpans.spans ?? []) {
        const mapped = mapSpan(span, scopeSpans.scope, resource, framework);
        if (typeof mapped === 'string') {
          result.rejected += 1;
          if (result.reasons.length < 5) result.reasons.push(`span ${span.name ? JSON.stringify(span.name.slice(0, 80)) : '(unnamed)'}: ${mapped}`);
        } else {
          result.spans.push(mapped);
        }
      }
    }
  }
  return result;
}
