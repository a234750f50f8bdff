import type { Attributes, AttributeValue } from '@opentelemetry/api';

/**
 * Attribute names the Tracewell server maps (docs/opentelemetry.md): OpenInference's span kind and
 * input/output values, the OpenTelemetry GenAI conventions for model, tokens and messages, and
 * Tracewell's own prompt link. Everything else is kept by the server under the span's
 * `metadata.attributes`, searchable.
 */
export const ATTR = {
  spanKind: 'openinference.span.kind',
  inputValue: 'input.value',
  inputMime: 'input.mime_type',
  outputValue: 'output.value',
  outputMime: 'output.mime_type',
  sessionId: 'session.id',
  userId: 'user.id',
  tags: 'tracewell.tags',
  metadataPrefix: 'tracewell.metadata.',
  environment: 'tracewell.environment',
  release: 'tracewell.release',
  promptName: 'tracewell.prompt.name',
  promptVersion: 'tracewell.prompt.version',
  operation: 'gen_ai.operation.name',
  provider: 'gen_ai.provider.name',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  cacheReadTokens: 'gen_ai.usage.cache_read.input_tokens',
  reasoningTokens: 'gen_ai.usage.reasoning.output_tokens',
  cost: 'gen_ai.usage.cost',
  systemInstructions: 'gen_ai.system_instructions',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  finishReasons: 'gen_ai.response.finish_reasons',
  responseId: 'gen_ai.response.id',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
} as const;

/** What a span is, as the server's span types name it. */
export type SpanType = 'span' | 'generation' | 'agent' | 'tool' | 'chain' | 'retriever' | 'embedding' | 'evaluator' | 'guardrail' | 'reranker';

const KINDS: Record<SpanType, string | undefined> = {
  span: undefined,
  generation: 'LLM',
  agent: 'AGENT',
  tool: 'TOOL',
  chain: 'CHAIN',
  retriever: 'RETRIEVER',
  embedding: 'EMBEDDING',
  evaluator: 'EVALUATOR',
  guardrail: 'GUARDRAIL',
  reranker: 'RERANKER',
};

export function spanKindOf(type: SpanType | undefined): string | undefined {
  return type ? KINDS[type] : undefined;
}

/** Values longer than this are cut when the SDK serializes them (inputs, outputs, messages). */
export const DEFAULT_MAX_VALUE_LENGTH = 64 * 1024;

/**
 * JSON text of any value, cut to `max` characters. Never throws: cycles, BigInts and functions
 * become descriptive text, since an unserializable argument must not fail the caller's call.
 */
export function serialize(value: unknown, max = DEFAULT_MAX_VALUE_LENGTH): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else {
    try {
      const seen = new WeakSet<object>();
      text =
        JSON.stringify(value, (_key, v: unknown) => {
          if (typeof v === 'bigint') return v.toString();
          if (typeof v === 'function') return `[function ${(v as { name?: string }).name || 'anonymous'}]`;
          if (v instanceof Error) return { name: v.name, message: v.message };
          if (typeof v === 'object' && v !== null) {
            if (seen.has(v)) return '[circular]';
            seen.add(v);
          }
          return v;
        }) ?? 'undefined';
    } catch (error) {
      text = `[unserializable: ${(error as Error).message}]`;
    }
  }
  return text.length > max ? text.slice(0, max) : text;
}

/** A metadata value as an attribute value: primitives as they are, anything else as JSON text. */
export function attributeValue(value: unknown): AttributeValue {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return serialize(value);
}

/** Chat messages in the shape most SDKs use (OpenAI's). */
export interface ChatMessage {
  role: string;
  content?: unknown;
  tool_calls?: { id?: string; function?: { name?: string; arguments?: unknown }; name?: string; arguments?: unknown }[];
  tool_call_id?: string;
  name?: string;
}

/** Messages in the GenAI conventions' `{role, parts}` shape (gen_ai.input.messages). */
export function genAiMessages(messages: readonly ChatMessage[]): unknown[] {
  return messages.map((message) => {
    const parts: unknown[] = [];
    if (message.role === 'tool') {
      parts.push({ type: 'tool_call_response', id: message.tool_call_id, response: message.content });
    } else if (typeof message.content === 'string') {
      parts.push({ type: 'text', content: message.content });
    } else if (Array.isArray(message.content)) {
      for (const part of message.content as { type?: string; text?: string }[]) {
        parts.push(typeof part?.text === 'string' ? { type: 'text', content: part.text } : part);
      }
    }
    for (const call of message.tool_calls ?? []) {
      parts.push({ type: 'tool_call', id: call.id, name: call.function?.name ?? call.name, arguments: parseMaybe(call.function?.arguments ?? call.arguments) });
    }
    return { role: message.role, parts };
  });
}

function parseMaybe(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Token usage as the GenAI conventions count it (cached tokens part of input, reasoning part of output). */
export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
  cacheReadTokens?: number;
  reasoningTokens?: number;
}

/** The generation fields a span can carry. */
export interface GenerationUpdate {
  model?: string;
  responseModel?: string;
  provider?: string;
  usage?: Usage;
  /** Dollars, when the caller knows them (else the server prices the tokens). */
  cost?: number;
  system?: string;
  inputMessages?: readonly ChatMessage[];
  outputMessages?: readonly ChatMessage[];
  finishReasons?: string[];
  responseId?: string;
}

export function generationAttributes(update: GenerationUpdate, max = DEFAULT_MAX_VALUE_LENGTH): Attributes {
  const a: Attributes = {};
  if (update.model) a[ATTR.requestModel] = update.model;
  if (update.responseModel) a[ATTR.responseModel] = update.responseModel;
  if (update.provider) a[ATTR.provider] = update.provider;
  const usage = update.usage ?? {};
  if (isCount(usage.inputTokens)) a[ATTR.inputTokens] = usage.inputTokens;
  if (isCount(usage.outputTokens)) a[ATTR.outputTokens] = usage.outputTokens;
  if (isCount(usage.cacheReadTokens)) a[ATTR.cacheReadTokens] = usage.cacheReadTokens;
  if (isCount(usage.reasoningTokens)) a[ATTR.reasoningTokens] = usage.reasoningTokens;
  if (typeof update.cost === 'number' && Number.isFinite(update.cost) && update.cost >= 0) a[ATTR.cost] = update.cost;
  if (update.system !== undefined) a[ATTR.systemInstructions] = serialize([{ type: 'text', content: update.system }], max);
  if (update.inputMessages) a[ATTR.inputMessages] = serialize(genAiMessages(update.inputMessages), max);
  if (update.outputMessages) a[ATTR.outputMessages] = serialize(genAiMessages(update.outputMessages), max);
  if (update.finishReasons) a[ATTR.finishReasons] = update.finishReasons;
  if (update.responseId) a[ATTR.responseId] = update.responseId;
  return a;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
