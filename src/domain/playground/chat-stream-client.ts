import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { OpenedConnection } from '../evaluations/model-connection-service.js';
import { SseParser } from './sse-parser.js';

/** One chat message as OpenAI's `chat.completions` takes it. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The request parameters the playground passes through, named as OpenAI names them. */
export interface ChatParameters {
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  presence_penalty?: number;
  frequency_penalty?: number;
  seed?: number;
  stop?: string[];
}

export interface ChatStreamRequest {
  connection: OpenedConnection;
  model: string;
  messages: ChatMessage[];
  parameters: ChatParameters;
  /** The longest the endpoint may stay silent (before its answer, or between two chunks). */
  timeoutMs: number;
  /** Aborting ends the call (the caller has what it wanted, or no longer wants it). */
  signal?: AbortSignal;
}

/** How a streamed completion ended. */
export type ChatStreamEnd =
  | { kind: 'done'; promptTokens: number | null; completionTokens: number | null; finishReason: string | null }
  | { kind: 'failed'; code: 'model_error' | 'model_unreachable' | 'model_timeout'; detail: string };

/** What the caller hears as the stream goes: each piece of text, then exactly one end. */
export interface ChatStreamListener {
  delta(content: string): void;
}

export type ChatStreamClient = (request: ChatStreamRequest, listener: ChatStreamListener) => Promise<ChatStreamEnd>;

/** An error body (non-2xx) is read for its message up to this size. */
const MAX_ERROR_BYTES = 65_536;
/** A stream that sends more than this is cut: a playground answer is text for a person to read. */
const MAX_STREAM_BYTES = 8 * 1_048_576;

const count = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);

/** The `error.message` of an OpenAI error object, or a fallback. */
function errorMessage(body: unknown, fallback: string): string {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' && message.length > 0 ? message.slice(0, 500) : fallback;
}

/**
 * POSTs a streamed chat completion (`stream: true`, `stream_options.include_usage`) to an
 * OpenAI-compatible endpoint and reads its Server-Sent Events: `chat.completion.chunk` objects whose
 * `choices[0].delta.content` is the next text, a final chunk with `usage`, then `data: [DONE]`. A chunk
 * carrying `error` (as OpenAI's SDK reads mid-stream failures), a non-2xx answer, a broken connection
 * or a silence past the deadline ends it as failed. Like the judge client, the socket connects to the
 * address the SSRF guard vetted and redirects are not followed.
 */
export const httpChatStreamClient: ChatStreamClient = ({ connection, model, messages, parameters, timeoutMs, signal }, listener) =>
  new Promise((resolve) => {
    const { url, address } = connection.destination;
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) callback(null, [{ address: address.address, family: address.family }]);
      else callback(null, address.address, address.family);
    };
    const body = JSON.stringify({ model, messages, ...parameters, stream: true, stream_options: { include_usage: true } });
    let settled = false;
    let promptTokens: number | null = null;
    let completionTokens: number | null = null;
    let finishReason: string | null = null;
    const finish = (end: ChatStreamEnd) => {
      if (settled) return;
      settled = true;
      if (silence) clearTimeout(silence);
      resolve(end);
      request.destroy();
    };
    // A silent model is cut after timeoutMs without a byte, not after timeoutMs in all: a long answer
    // that keeps streaming is still an answer.
    let silence: NodeJS.Timeout | undefined;
    const rearm = () => {
      if (settled) return;
      if (silence) clearTimeout(silence);
      silence = setTimeout(() => finish({ kind: 'failed', code: 'model_timeout', detail: `the model endpoint sent nothing for ${timeoutMs} ms` }), timeoutMs);
    };

    const onEvent = (data: string): void => {
      if (data === '[DONE]') {
        finish({ kind: 'done', promptTokens, completionTokens, finishReason });
        return;
      }
      let chunk: unknown;
      try {
        chunk = JSON.parse(data);
      } catch {
        finish({ kind: 'failed', code: 'model_error', detail: 'the model endpoint sent an event that is not JSON' });
        return;
      }
      if (typeof chunk !== 'object' || chunk === null) return;
      const record = chunk as { error?: unknown; choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[]; usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null };
      if (record.error !== undefined && record.error !== null) {
        finish({ kind: 'failed', code: 'model_error', detail: errorMessage(chunk, 'the model endpoint sent an error') });
        return;
      }
      const choice = Array.isArray(record.choices) ? record.choices[0] : undefined;
      const content = choice?.delta?.content;
      if (typeof content === 'string' && content.length > 0) listener.delta(content);
      if (typeof choice?.finish_reason === 'string') finishReason = choice.finish_reason;
      if (record.usage) {
        promptTokens = count(record.usage.prompt_tokens) ?? promptTokens;
        completionTokens = count(record.usage.completion_tokens) ?? completionTokens;
      }
    };

    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${connection.apiKey}`,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          accept: 'text/event-stream',
        },
        lookup: pinned,
        agent: false,
      },
      (response) => {
        rearm();
        const status = response.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            rearm();
            if (size < MAX_ERROR_BYTES) chunks.push(chunk);
            size += chunk.length;
          });
          response.on('end', () => {
            let parsed: unknown = null;
            try {
              parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              // not JSON: the status alone says what happened
            }
            finish({ kind: 'failed', code: 'model_error', detail: `the model endpoint answered HTTP ${status}: ${errorMessage(parsed, 'no error message')}` });
          });
          return;
        }
        const parser = new SseParser((event) => {
          if (event.event === 'error') finish({ kind: 'failed', code: 'model_error', detail: errorMessage(safeJson(event.data), 'the model endpoint sent an error event') });
          else onEvent(event.data);
        });
        let size = 0;
        response.setEncoding('utf8');
        response.on('data', (text: string) => {
          rearm();
          size += Buffer.byteLength(text);
          if (size > MAX_STREAM_BYTES) {
            finish({ kind: 'failed', code: 'model_error', detail: 'the model endpoint streamed more than 8 MB' });
            return;
          }
          parser.push(text);
        });
        response.on('end', () => {
          parser.end();
          // Some compatible servers close after the last chunk without `[DONE]`; a finish reason says it ended.
          if (finishReason !== null) finish({ kind: 'done', promptTokens, completionTokens, finishReason });
          else finish({ kind: 'failed', code: 'model_unreachable', detail: 'the model endpoint closed the stream before it finished' });
        });
        response.on('error', (error) => finish({ kind: 'failed', code: 'model_unreachable', detail: `the connection broke: ${error.message}` }));
        response.on('aborted', () => finish({ kind: 'failed', code: 'model_unreachable', detail: 'the model endpoint closed the stream before it finished' }));
      },
    );
    rearm();
    signal?.addEventListener('abort', () => finish({ kind: 'failed', code: 'model_error', detail: 'the call was stopped' }), { once: true });
    request.on('error', (error) => finish({ kind: 'failed', code: 'model_unreachable', detail: `the connection failed: ${error.message}` }));
    request.end(body);
  });

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
