import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The request shape of OpenAI's streamed chat completion, as openai-node types it
 * (`ChatCompletionCreateParamsStreaming`, src/resources/chat/completions/completions.ts) for the
 * fields the playground may send: every other key is refused, as a typed SDK call could not send it.
 */
export interface StreamingChatRequest {
  model: string;
  messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
  stream: true;
  stream_options?: { include_usage?: boolean };
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  presence_penalty?: number;
  frequency_penalty?: number;
  seed?: number;
  stop?: string | string[];
}

const NUMBER_RANGES: Record<string, [number, number]> = { temperature: [0, 2], top_p: [0, 1], presence_penalty: [-2, 2], frequency_penalty: [-2, 2] };

/** What is wrong with `body` as a StreamingChatRequest (empty when nothing is). */
export function streamingRequestViolations(body: unknown): string[] {
  const wrong: string[] = [];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return ['the body is not an object'];
  const b = body as Record<string, unknown>;
  const known = new Set(['model', 'messages', 'stream', 'stream_options', 'temperature', 'top_p', 'max_tokens', 'presence_penalty', 'frequency_penalty', 'seed', 'stop']);
  for (const key of Object.keys(b)) if (!known.has(key)) wrong.push(`unknown key ${key}`);
  if (typeof b.model !== 'string' || b.model === '') wrong.push('model must be a non-empty string');
  if (b.stream !== true) wrong.push('stream must be true');
  if (!Array.isArray(b.messages) || b.messages.length === 0) wrong.push('messages must be a non-empty array');
  else b.messages.forEach((m: unknown, i) => {
    const message = m as Record<string, unknown>;
    if (!['system', 'user', 'assistant'].includes(message?.role as string)) wrong.push(`messages[${i}].role`);
    if (typeof message?.content !== 'string') wrong.push(`messages[${i}].content`);
    if (Object.keys(message ?? {}).some((k) => k !== 'role' && k !== 'content')) wrong.push(`messages[${i}] has unknown keys`);
  });
  if (b.stream_options !== undefined && (typeof b.stream_options !== 'object' || typeof (b.stream_options as Record<string, unknown>).include_usage !== 'boolean')) wrong.push('stream_options.include_usage');
  for (const [key, [min, max]] of Object.entries(NUMBER_RANGES)) {
    if (b[key] !== undefined && !(typeof b[key] === 'number' && (b[key] as number) >= min && (b[key] as number) <= max)) wrong.push(`${key} out of range`);
  }
  for (const key of ['max_tokens', 'seed']) if (b[key] !== undefined && !Number.isInteger(b[key])) wrong.push(`${key} must be an integer`);
  if (b.stop !== undefined && !(typeof b.stop === 'string' || (Array.isArray(b.stop) && b.stop.length <= 4 && b.stop.every((s) => typeof s === 'string')))) wrong.push('stop');
  return wrong;
}

export interface StreamCall {
  path: string;
  headers: IncomingHttpHeaders;
  body: StreamingChatRequest;
  violations: string[];
}

/** The usage the stand-in reports for every finished answer. */
export const STAND_IN_USAGE = { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 };
/** The answer, in the pieces it is streamed in. */
export const STAND_IN_PIECES = ['Bonjour', ', ', 'Ada', '!'];

/**
 * A local stand-in for an OpenAI-compatible provider that streams `POST /v1/chat/completions` as
 * OpenAI's API reference documents it ("The chat completion chunk object"; Server-Sent Events of
 * `chat.completion.chunk` objects: the first delta carries the role, the last choice carries
 * `finish_reason`, with `stream_options.include_usage` one more chunk with empty `choices` and
 * `usage`, then `data: [DONE]`). Cues in the last message script failures:
 * - `FAIL_MID`: two pieces, then a `data: {"error": {...}}` event (how OpenAI reports a failure after
 *   the stream began; openai-node's Stream throws an APIError on it) and the end;
 * - `HTTP_429`: a 429 JSON error before any stream;
 * - `DROP`: one piece, then the socket is destroyed;
 * - `HOLD`: one piece, then nothing until `release()`.
 */
export class OpenAiStreamStandIn {
  readonly calls: StreamCall[] = [];
  private server: Server | null = null;
  private held: (() => void)[] = [];

  /** Lets every held answer go on. */
  release(): void {
    for (const go of this.held.splice(0)) go();
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as StreamingChatRequest;
        const violations = streamingRequestViolations(body);
        this.calls.push({ path: req.url ?? '', headers: req.headers, body, violations });
        if (req.url !== '/v1/chat/completions' || violations.length > 0) {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: violations.join('; ') || 'unknown path', type: 'invalid_request_error' } }));
          return;
        }
        const last = body.messages[body.messages.length - 1]!.content;
        if (last.includes('HTTP_429')) {
          res.writeHead(429, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Rate limit reached for gpt-4o-mini', type: 'requests', code: 'rate_limit_exceeded' } }));
          return;
        }
        void this.stream(res, body, last);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  private async stream(res: ServerResponse, body: StreamingChatRequest, last: string): Promise<void> {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const base = { id: 'chatcmpl-standin', object: 'chat.completion.chunk', created: 1764288000, model: body.model, system_fingerprint: 'fp_standin' };
    const send = (payload: unknown) => new Promise<void>((resolve) => res.write(`data: ${JSON.stringify(payload)}\n\n`, () => resolve()));
    const piece = (content: string, first: boolean) => send({ ...base, choices: [{ index: 0, delta: first ? { role: 'assistant', content } : { content }, logprobs: null, finish_reason: null }] });
    await piece(STAND_IN_PIECES[0]!, true);
    if (last.includes('DROP')) {
      res.socket?.destroy();
      return;
    }
    if (last.includes('HOLD')) await new Promise<void>((resolve) => this.held.push(resolve));
    if (last.includes('FAIL_MID')) {
      await piece(STAND_IN_PIECES[1]!, false);
      await send({ error: { message: 'The server had an error while processing your request. Sorry about that!', type: 'server_error', param: null, code: null } });
      res.end();
      return;
    }
    for (const content of STAND_IN_PIECES.slice(1)) await piece(content, false);
    await send({ ...base, choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }] });
    if (body.stream_options?.include_usage) await send({ ...base, choices: [], usage: STAND_IN_USAGE });
    res.write('data: [DONE]\n\n');
    res.end();
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.release();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
