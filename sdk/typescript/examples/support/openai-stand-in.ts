import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible server for the examples and tests: chat completions and the responses
 * API, streamed (server-sent events) or not, in the shapes the openai package parses
 * (openai-node src/resources/chat/completions, src/resources/responses). Its answers are fixed so
 * tests can assert them: when tools are offered and no tool result has come back yet, it calls the
 * first tool with `{"city":"Paris"}`; otherwise it answers STAND_IN_ANSWER.
 */
export const STAND_IN_ANSWER = 'It is 18°C in Paris.';
export const STAND_IN_CHAT_USAGE = { prompt_tokens: 21, completion_tokens: 9, total_tokens: 30, prompt_tokens_details: { cached_tokens: 4 }, completion_tokens_details: { reasoning_tokens: 2 } };
export const STAND_IN_RESPONSES_USAGE = { input_tokens: 17, output_tokens: 7, total_tokens: 24, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } };

export interface StandIn {
  /** e.g. http://127.0.0.1:41234/v1 — the openai client's baseURL. */
  baseURL: string;
  /** Request bodies received, in order. */
  requests: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

export async function startOpenAIStandIn(): Promise<StandIn> {
  const requests: StandIn['requests'] = [];
  const server: Server = createServer((req, res) => {
    void handle(req, res, requests).catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, requests: StandIn['requests']): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
  const path = (req.url ?? '').split('?')[0];
  requests.push({ path, body });
  if (req.method === 'POST' && path === '/v1/chat/completions') return chat(body, res);
  if (req.method === 'POST' && path === '/v1/responses') return responses(body, res);
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
}

function wantsTool(body: Record<string, unknown>, resultSeen: boolean): string | undefined {
  const tools = body.tools as { function?: { name?: string }; name?: string }[] | undefined;
  if (!tools?.length || resultSeen) return undefined;
  return tools[0].function?.name ?? tools[0].name;
}

function chat(body: Record<string, unknown>, res: ServerResponse): void {
  const messages = (body.messages as { role: string }[]) ?? [];
  const tool = wantsTool(body, messages.some((m) => m.role === 'tool'));
  const model = `${String(body.model)}-2025-01-01`;
  const message = tool
    ? { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: tool, arguments: '{"city":"Paris"}' } }], refusal: null }
    : { role: 'assistant', content: STAND_IN_ANSWER, refusal: null };
  const finish = tool ? 'tool_calls' : 'stop';
  if (body.stream !== true) {
    json(res, { id: 'chatcmpl-1', object: 'chat.completion', created: 1, model, choices: [{ index: 0, message, finish_reason: finish, logprobs: null }], usage: STAND_IN_CHAT_USAGE });
    return;
  }
  const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model };
  const events: unknown[] = [];
  if (tool) {
    events.push({ ...base, choices: [{ index: 0, delta: { role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: tool, arguments: '' } }] }, finish_reason: null }] });
    events.push({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"city":"Paris"}' } }] }, finish_reason: null }] });
  } else {
    events.push({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    for (const piece of ['It is ', '18°C ', 'in Paris.']) events.push({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
  }
  events.push({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }] });
  if ((body.stream_options as { include_usage?: boolean } | undefined)?.include_usage) events.push({ ...base, choices: [], usage: STAND_IN_CHAT_USAGE });
  sse(res, events.map((data) => ({ data })), true);
}

function responses(body: Record<string, unknown>, res: ServerResponse): void {
  const input = Array.isArray(body.input) ? (body.input as { type?: string }[]) : [];
  const tool = wantsTool(body, input.some((i) => i.type === 'function_call_output'));
  const model = `${String(body.model)}-2025-01-01`;
  const output = tool
    ? [{ type: 'function_call', id: 'fc_1', call_id: 'call_1', name: tool, arguments: '{"city":"Paris"}', status: 'completed' }]
    : [{ type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: STAND_IN_ANSWER, annotations: [] }] }];
  const response = { id: 'resp_1', object: 'response', created_at: 1, status: 'completed', model, output, usage: STAND_IN_RESPONSES_USAGE, error: null, incomplete_details: null, instructions: body.instructions ?? null, metadata: {}, parallel_tool_calls: true, temperature: 1, tool_choice: 'auto', tools: body.tools ?? [], top_p: 1 };
  if (body.stream !== true) {
    json(res, response);
    return;
  }
  const events: { event: string; data: unknown }[] = [{ event: 'response.created', data: { type: 'response.created', sequence_number: 0, response: { ...response, status: 'in_progress', output: [], usage: null } } }];
  if (!tool) {
    for (const [i, piece] of ['It is ', '18°C ', 'in Paris.'].entries()) {
      events.push({ event: 'response.output_text.delta', data: { type: 'response.output_text.delta', sequence_number: i + 1, item_id: 'msg_1', output_index: 0, content_index: 0, delta: piece, logprobs: [] } });
    }
  }
  events.push({ event: 'response.completed', data: { type: 'response.completed', sequence_number: 9, response } });
  sse(res, events, false);
}

function json(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sse(res: ServerResponse, events: { event?: string; data: unknown }[], done: boolean): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const e of events) res.write(`${e.event ? `event: ${e.event}\n` : ''}data: ${JSON.stringify(e.data)}\n\n`);
  if (done) res.write('data: [DONE]\n\n');
  res.end();
}
