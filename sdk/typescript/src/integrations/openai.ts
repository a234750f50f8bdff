import { context } from '@opentelemetry/api';
import type { ChatMessage, GenerationUpdate } from '../tracing/attributes.js';
import { startSpanIn, type TracerSource } from '../tracing/observe.js';
import type { SpanHandle } from '../tracing/span-handle.js';

/**
 * The openai package's shapes this wrapper reads, written structurally so the SDK does not depend on
 * the package (openai-node v5/v6: src/resources/chat/completions, src/resources/responses).
 */
interface ChatUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number } | null;
  completion_tokens_details?: { reasoning_tokens?: number } | null;
}
interface ChatCompletion {
  id?: string;
  model?: string;
  choices?: { message?: ChatMessage; finish_reason?: string | null }[];
  usage?: ChatUsage | null;
}
interface ChatChunk {
  id?: string;
  model?: string;
  choices?: { index?: number; delta?: { role?: string; content?: string | null; tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[] }; finish_reason?: string | null }[];
  usage?: ChatUsage | null;
}
interface ResponsesUsage {
  input_tokens?: number;
  output_tokens?: number;
  input_tokens_details?: { cached_tokens?: number } | null;
  output_tokens_details?: { reasoning_tokens?: number } | null;
}
interface ResponseObject {
  id?: string;
  model?: string;
  status?: string;
  output?: { type?: string; role?: string; content?: { type?: string; text?: string }[]; call_id?: string; name?: string; arguments?: string }[];
  usage?: ResponsesUsage | null;
}
interface ResponseEvent {
  type?: string;
  response?: ResponseObject;
}

type Create = (this: unknown, body: Record<string, unknown>, ...rest: unknown[]) => unknown;

export interface WrapOpenAIOptions {
  /** Ask for the usage chunk on streamed chat completions when the caller did not (default true); its `choices` is empty. */
  streamUsage?: boolean;
  /** The span's provider (default `openai`; e.g. `azure.ai.openai` for Azure). */
  provider?: string;
}

/**
 * The client with `chat.completions.create` and `responses.create` traced: one generation span per
 * call with the model, the messages, the answer and the token usage, streamed or not. Everything
 * else on the client is untouched, and the client itself is not modified (a proxy is returned).
 */
export function wrapOpenAIWith<T extends object>(source: TracerSource, client: T, options: WrapOpenAIOptions = {}): T {
  return proxyPath(client, ['chat', 'completions', 'create'], (create) => tracedCreate(source, create, 'chat', options), () =>
    proxyPath(client, ['responses', 'create'], (create) => tracedCreate(source, create, 'responses', options)),
  );
}

/** A proxy of `root` whose method at `path` is replaced; `inner` chains the other replacement. */
function proxyPath<T extends object>(root: T, path: string[], replace: (original: Create) => Create, inner?: () => T): T {
  const base = inner ? inner() : root;
  const wrapAt = (target: object, depth: number): object =>
    new Proxy(target, {
      get(obj, prop, receiver) {
        const value = Reflect.get(obj, prop, receiver);
        if (prop !== path[depth] || value === undefined || value === null) return value;
        if (depth === path.length - 1) return typeof value === 'function' ? replace((value as Create).bind(obj)) : value;
        return typeof value === 'object' ? wrapAt(value as object, depth + 1) : value;
      },
    });
  // The outer replacement wraps the proxy that already carries the inner one.
  return wrapAt(base, 0) as T;
}

function tracedCreate(source: TracerSource, create: Create, api: 'chat' | 'responses', options: WrapOpenAIOptions): Create {
  return function traced(this: unknown, body: Record<string, unknown>, ...rest: unknown[]): unknown {
    let started: ReturnType<typeof startSpanIn>;
    let request = body;
    try {
      const model = typeof body?.model === 'string' ? body.model : undefined;
      started = startSpanIn(source, `${api === 'chat' ? 'chat' : 'responses'} ${model ?? ''}`.trim(), {
        type: 'generation',
        update: { model, provider: options.provider ?? 'openai', ...(api === 'chat' ? chatInput(body) : responsesInput(body)) },
      });
      started?.handle.otelSpan.setAttribute('gen_ai.operation.name', 'chat');
      if (started && api === 'chat' && body?.stream === true && body.stream_options === undefined && options.streamUsage !== false) {
        request = { ...body, stream_options: { include_usage: true } };
      }
    } catch {
      started = undefined;
    }
    if (!started) return create(body, ...rest);
    const { handle, ctx } = started;
    let promise: unknown;
    try {
      promise = context.with(ctx, () => create(request, ...rest));
    } catch (error) {
      handle.fail(error);
      handle.end();
      throw error;
    }
    const onResult = (result: unknown): unknown => {
      if (request.stream === true && isAsyncIterable(result)) return tracedStream(result, handle, api);
      handle.end(api === 'chat' ? chatOutput(result as ChatCompletion) : responsesOutput(result as ResponseObject));
      return result;
    };
    const onError = (error: unknown) => {
      handle.fail(error);
      handle.end();
    };
    // openai's APIPromise keeps `.withResponse()` through `_thenUnwrap`; a plain promise is chained.
    const apiPromise = promise as { _thenUnwrap?: (f: (data: unknown) => unknown) => PromiseLike<unknown> };
    if (apiPromise && typeof apiPromise._thenUnwrap === 'function') {
      const wrapped = apiPromise._thenUnwrap(onResult);
      wrapped.then(undefined, onError);
      return wrapped;
    }
    return Promise.resolve(promise).then(onResult, (error: unknown) => {
      onError(error);
      throw error;
    });
  };
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';
}

/**
 * The stream as given, with its iteration observed: chunks are passed through unchanged, and the
 * span ends with the assembled answer when the stream ends, fails, or is abandoned.
 */
function tracedStream<S extends AsyncIterable<unknown>>(stream: S, handle: SpanHandle, api: 'chat' | 'responses'): S {
  const assembler = api === 'chat' ? new ChatStreamAssembler() : new ResponsesStreamAssembler();
  let ended = false;
  const finish = (error?: unknown) => {
    if (ended) return;
    ended = true;
    try {
      if (error !== undefined) handle.fail(error);
      handle.end(assembler.result());
    } catch {
      // Never surfaces.
    }
  };
  return new Proxy(stream, {
    get(target, prop, receiver) {
      if (prop !== Symbol.asyncIterator) return Reflect.get(target, prop, receiver);
      return () => {
        const iterator = target[Symbol.asyncIterator]();
        return {
          async next() {
            let step: IteratorResult<unknown>;
            try {
              step = await iterator.next();
            } catch (error) {
              finish(error);
              throw error;
            }
            if (step.done) finish();
            else {
              try {
                assembler.add(step.value);
              } catch {
                // A chunk the assembler does not understand is still passed on.
              }
            }
            return step;
          },
          async return(value?: unknown) {
            finish();
            return iterator.return ? iterator.return(value) : { done: true as const, value };
          },
          async throw(error?: unknown) {
            finish(error);
            if (iterator.throw) return iterator.throw(error);
            throw error;
          },
          [Symbol.asyncIterator]() {
            return this;
          },
        };
      };
    },
  });
}

class ChatStreamAssembler {
  private id: string | undefined;
  private model: string | undefined;
  private content = '';
  private finish: string | undefined;
  private usage: ChatUsage | undefined;
  private readonly calls = new Map<number, { id?: string; name: string; arguments: string }>();

  add(chunk: unknown): void {
    const c = chunk as ChatChunk;
    this.id ??= c.id;
    this.model ??= c.model;
    if (c.usage) this.usage = c.usage;
    for (const choice of c.choices ?? []) {
      if ((choice.index ?? 0) !== 0) continue;
      if (typeof choice.delta?.content === 'string') this.content += choice.delta.content;
      for (const call of choice.delta?.tool_calls ?? []) {
        const entry = this.calls.get(call.index) ?? { name: '', arguments: '' };
        entry.id ??= call.id;
        entry.name += call.function?.name ?? '';
        entry.arguments += call.function?.arguments ?? '';
        this.calls.set(call.index, entry);
      }
      if (choice.finish_reason) this.finish = choice.finish_reason;
    }
  }

  result(): GenerationUpdate & { output?: unknown } {
    const message: ChatMessage = { role: 'assistant', content: this.content };
    if (this.calls.size > 0) message.tool_calls = [...this.calls.values()].map((c) => ({ id: c.id, function: { name: c.name, arguments: c.arguments } }));
    return chatOutput({ id: this.id, model: this.model, usage: this.usage, choices: [{ message, finish_reason: this.finish ?? null }] });
  }
}

class ResponsesStreamAssembler {
  private final: ResponseObject | undefined;
  private text = '';

  add(event: unknown): void {
    const e = event as ResponseEvent & { delta?: string };
    if (e.type === 'response.output_text.delta' && typeof e.delta === 'string') this.text += e.delta;
    if ((e.type === 'response.completed' || e.type === 'response.incomplete' || e.type === 'response.failed') && e.response) this.final = e.response;
  }

  result(): GenerationUpdate & { output?: unknown } {
    if (this.final) return responsesOutput(this.final);
    return { outputMessages: [{ role: 'assistant', content: this.text }] };
  }
}

function chatInput(body: Record<string, unknown>): GenerationUpdate {
  const messages = Array.isArray(body?.messages) ? (body.messages as ChatMessage[]) : [];
  return { inputMessages: messages };
}

function chatOutput(completion: ChatCompletion): GenerationUpdate {
  const choice = completion?.choices?.[0];
  return {
    responseModel: completion?.model,
    responseId: completion?.id,
    outputMessages: choice?.message ? [choice.message] : undefined,
    finishReasons: choice?.finish_reason ? [choice.finish_reason] : undefined,
    usage: completion?.usage
      ? {
          inputTokens: completion.usage.prompt_tokens,
          outputTokens: completion.usage.completion_tokens,
          cacheReadTokens: completion.usage.prompt_tokens_details?.cached_tokens,
          reasoningTokens: completion.usage.completion_tokens_details?.reasoning_tokens,
        }
      : undefined,
  };
}

function responsesInput(body: Record<string, unknown>): GenerationUpdate {
  const input = body?.input;
  const messages: ChatMessage[] = [];
  if (typeof input === 'string') messages.push({ role: 'user', content: input });
  else if (Array.isArray(input)) {
    for (const item of input as Record<string, unknown>[]) {
      if (item?.type === 'function_call_output') messages.push({ role: 'tool', tool_call_id: item.call_id as string, content: item.output });
      else if (item?.type === 'function_call') messages.push({ role: 'assistant', tool_calls: [{ id: item.call_id as string, function: { name: item.name as string, arguments: item.arguments } }] });
      else if (typeof item?.role === 'string') messages.push({ role: item.role, content: textOf(item.content) });
    }
  }
  return { inputMessages: messages, ...(typeof body?.instructions === 'string' ? { system: body.instructions } : {}) };
}

function textOf(content: unknown): unknown {
  if (!Array.isArray(content)) return content;
  return (content as { text?: string }[]).map((part) => part?.text ?? '').join('');
}

function responsesOutput(response: ResponseObject): GenerationUpdate {
  const messages: ChatMessage[] = [];
  for (const item of response?.output ?? []) {
    if (item.type === 'message') messages.push({ role: item.role ?? 'assistant', content: textOf(item.content) });
    else if (item.type === 'function_call') messages.push({ role: 'assistant', tool_calls: [{ id: item.call_id, function: { name: item.name, arguments: item.arguments } }] });
  }
  return {
    responseModel: response?.model,
    responseId: response?.id,
    outputMessages: messages,
    finishReasons: response?.status ? [response.status] : undefined,
    usage: response?.usage
      ? {
          inputTokens: response.usage.input_tokens,
          outputTokens: response.usage.output_tokens,
          cacheReadTokens: response.usage.input_tokens_details?.cached_tokens,
          reasoningTokens: response.usage.output_tokens_details?.reasoning_tokens,
        }
      : undefined,
  };
}
