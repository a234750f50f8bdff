import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { OpenedConnection } from './model-connection-service.js';

/** What one chat-completions call came to. */
export type JudgeReply =
  | { kind: 'answer'; content: string; promptTokens: number; completionTokens: number }
  /** 429, 5xx, a timeout or a broken connection: worth another attempt later (Retry-After honoured). */
  | { kind: 'retryable'; reason: string; retryAfterMs: number | null }
  /** Any other answer (4xx, not JSON, no message): another attempt would get the same. */
  | { kind: 'failed'; reason: string };

/**
 * A judgement (`system` + `prompt`, answered as a JSON object at temperature 0), or any chat
 * (`messages` with `parameters` passed through, e.g. a server-side experiment run's task).
 */
export type JudgeRequest = { connection: OpenedConnection; timeoutMs: number } & (
  | { system: string; prompt: string }
  | { messages: readonly { role: string; content: string }[]; parameters: Readonly<Record<string, unknown>> }
);

function bodyOf(request: JudgeRequest): string {
  if ('messages' in request) return JSON.stringify({ ...request.parameters, model: request.connection.model, messages: request.messages });
  return JSON.stringify({
    model: request.connection.model,
    temperature: 0,
    response_format: { type: 'json_object' },
    messages: [
      { role: 'system', content: request.system },
      { role: 'user', content: request.prompt },
    ],
  });
}

export type JudgeClient = (request: JudgeRequest) => Promise<JudgeReply>;

const MAX_RESPONSE_BYTES = 1_048_576;

function retryAfterMs(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 3600) * 1000 : null;
}

function readReply(status: number, body: string, retryAfter: number | null): JudgeReply {
  if (status === 429 || status >= 500) return { kind: 'retryable', reason: `the model endpoint answered HTTP ${status}`, retryAfterMs: retryAfter };
  if (status < 200 || status >= 300) return { kind: 'failed', reason: `the model endpoint answered HTTP ${status}` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { kind: 'failed', reason: 'the model endpoint answered with a body that is not JSON' };
  }
  const reply = parsed as { choices?: { message?: { content?: unknown } }[]; usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } };
  const content = reply.choices?.[0]?.message?.content;
  if (typeof content !== 'string') return { kind: 'failed', reason: 'the model endpoint answered without choices[0].message.content' };
  const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0);
  return { kind: 'answer', content, promptTokens: count(reply.usage?.prompt_tokens), completionTokens: count(reply.usage?.completion_tokens) };
}

/**
 * POSTs one chat completion to an OpenAI-compatible endpoint. The socket connects to the address the
 * SSRF guard vetted (no DNS rebinding), redirects are not followed, the whole exchange has one
 * deadline and the answer is read up to 1 MB. Retrying is the caller's: the evaluation outbox releases
 * the job with a back-off, so no process sleeps.
 */
export const httpJudgeClient: JudgeClient = (call) =>
  new Promise((resolve) => {
    const { connection, timeoutMs } = call;
    const { url, address } = connection.destination;
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) callback(null, [{ address: address.address, family: address.family }]);
      else callback(null, address.address, address.family);
    };
    const body = bodyOf(call);
    let settled = false;
    const finish = (reply: JudgeReply) => {
      if (settled) return;
      settled = true;
      resolve(reply);
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
          accept: 'application/json',
        },
        lookup: pinned,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) {
            finish({ kind: 'failed', reason: 'the model endpoint answered with more than 1 MB' });
            request.destroy();
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => finish(readReply(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'), retryAfterMs(response.headers['retry-after']))));
        response.on('error', (error) => finish({ kind: 'retryable', reason: `the connection broke: ${error.message}`, retryAfterMs: null }));
      },
    );
    const deadline = setTimeout(() => {
      finish({ kind: 'retryable', reason: `the model endpoint did not answer within ${timeoutMs} ms`, retryAfterMs: null });
      request.destroy();
    }, timeoutMs);
    request.on('error', (error) => finish({ kind: 'retryable', reason: `the connection failed: ${error.message}`, retryAfterMs: null }));
    request.on('close', () => clearTimeout(deadline));
    request.end(body);
  });
