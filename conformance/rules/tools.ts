import { randomUUID } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020.js';
import { describeExchange, type Exchange } from '../http-client.js';
import { RULES } from '../response-checks.js';
import type { Session } from '../session.js';

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The spec's tools: the result members each names, and an input for a success and a documented failure. */
const TOOLS: { name: string; input: (s: Session) => Json; result: string[]; failure?: { input: Json; status: number } }[] = [
  { name: 'ping', input: () => ({}), result: ['status', 'server_time'] },
  { name: 'whoami', input: () => ({}), result: ['project_id', 'org_id', 'project_name'] },
  { name: 'search_traces', input: () => ({ query: 'conformance', limit: 5 }), result: ['traces', 'total_count', 'has_more'], failure: { input: {}, status: 400 } },
  {
    name: 'get_trace_context',
    input: (s) => ({ trace_id: s.ids.get('/api/v1/public/traces') ?? 'missing' }),
    result: ['trace_id', 'name', 'status', 'created_at', 'span_count'],
    failure: { input: { trace_id: `missing-${randomUUID()}` }, status: 404 },
  },
  { name: 'list_detections', input: () => ({}), result: ['detections', 'total_count', 'active_count'] },
  {
    name: 'get_detection_trend',
    input: () => ({ detection_name: `missing-${randomUUID().slice(0, 8)}` }),
    result: [],
    failure: { input: { detection_name: `missing-${randomUUID().slice(0, 8)}` }, status: 404 },
  },
  {
    name: 'log_trace',
    input: (s) => ({ name: `${s.runTag} tool trace`, spans: [{ span_id: 's1', name: 'root', span_type: 'AGENT', status: 'success' }] }),
    result: ['trace_id', 'span_count', 'status', 'url'],
    failure: { input: { spans: [] }, status: 400 },
  },
  { name: 'triage_list', input: () => ({ limit: 5 }), result: ['fixes', 'total_count', 'has_more'] },
  { name: 'triage_get', input: () => ({ fix_id: randomUUID() }), result: [], failure: { input: { fix_id: randomUUID() }, status: 404 } },
];

/** JSON-RPC over POST /mcp, session header kept. */
class ToolClient {
  sessionId: string | undefined;
  private id = 0;
  calls: number[] = [];
  constructor(private readonly session: Session) {}

  /** `paced`: within the tool budget (paced, 429 waited out); false only where the budget is exceeded on purpose. */
  async rpc(method: string, params: Json = {}, paced = true): Promise<Exchange> {
    this.calls.push(Date.now());
    const exchange = await this.session.client.send({
      ...(paced ? { budget: 'key:tools' } : {}),
      method: 'POST',
      url: '/mcp',
      headers: {
        'x-api-key': this.session.options.apiKey,
        accept: 'application/json, text/event-stream',
        ...(this.session.options.project ? { 'x-project-id': this.session.options.project } : {}),
        ...(this.sessionId ? { 'mcp-session-id': this.sessionId } : {}),
      },
      body: { jsonrpc: '2.0', id: ++this.id, method, params },
    });
    this.session.book.check('tools:request-id', 'Every tool-server answer carries X-Request-Id.', /^req_[0-9a-f]{32}$/.test(exchange.headers['x-request-id'] ?? '') ? undefined : 'missing or malformed X-Request-Id', () => describeExchange(exchange));
    return exchange;
  }
}

/** The result JSON a tools/call carries in result.content[0].text. */
function toolPayload(exchange: Exchange): { isError: boolean; payload: unknown; problem?: string } {
  const body = exchange.json as Json | undefined;
  const result = body?.result as Json | undefined;
  if (!isRecord(result)) return { isError: false, payload: undefined, problem: 'no result' };
  const content = result.content as unknown[];
  if (!Array.isArray(content) || !isRecord(content[0]) || content[0].type !== 'text' || typeof content[0].text !== 'string') {
    return { isError: Boolean(result.isError), payload: undefined, problem: 'result.content is not [{type: "text", text}]' };
  }
  try {
    return { isError: Boolean(result.isError), payload: JSON.parse(content[0].text as string) };
  } catch {
    return { isError: Boolean(result.isError), payload: undefined, problem: 'result.content[0].text is not JSON' };
  }
}

/**
 * A documented tool failure: an `isError` result whose JSON has the status and a code, or, for
 * invalid arguments (400), a JSON-RPC error (-32602) whose data.error says what is wrong.
 */
function toolFailureProblem(res: Exchange, status: number): string | undefined {
  const error = (res.json as Json | undefined)?.error as Json | undefined;
  if (isRecord(error)) {
    if (status !== 400) return `JSON-RPC error ${JSON.stringify(error.code)} where the spec gives status ${status}`;
    if (error.code !== -32602) return `JSON-RPC error code ${JSON.stringify(error.code)}, expected -32602 Invalid params`;
    return typeof (error.data as Json | undefined)?.error === 'string' ? undefined : 'error.data.error is not a string';
  }
  const { isError, payload, problem } = toolPayload(res);
  if (problem) return problem;
  if (!isError) return 'a failure is not isError: true';
  const got = isRecord(payload) ? payload.status : undefined;
  if (got !== status) return `status ${JSON.stringify(got)}, expected ${status}`;
  return typeof (payload as Json).code === 'string' ? undefined : 'no code';
}

/** The tool-server rules of the spec: initialize, tools/list, each tool's result shape and error statuses, the 60/min budget. */
export async function toolRules(session: Session): Promise<void> {
  const tools = new ToolClient(session);
  const init = await tools.rpc('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'tracewell-conformance', version: '1' } });
  const initResult = (init.json as Json | undefined)?.result as Json | undefined;
  session.expect(
    'tools:initialize',
    'initialize answers a JSON-RPC 2.0 result with protocolVersion, serverInfo and a tools capability.',
    init,
    init.status !== 200
      ? `status ${init.status}`
      : (init.json as Json).jsonrpc !== '2.0'
        ? 'jsonrpc is not "2.0"'
        : !isRecord(initResult) || typeof initResult.protocolVersion !== 'string' || !isRecord(initResult.serverInfo) || !isRecord((initResult.capabilities as Json | undefined)?.tools)
          ? 'result lacks protocolVersion, serverInfo or capabilities.tools'
          : undefined,
  );
  if (init.status !== 200) return;
  tools.sessionId = init.headers['mcp-session-id'];
  await tools.rpc('notifications/initialized').catch(() => undefined);

  const list = await tools.rpc('tools/list');
  const listed = ((list.json as Json | undefined)?.result as { tools?: Json[] } | undefined)?.tools ?? [];
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  const schemaProblems = listed.flatMap((tool) => {
    if (typeof tool.name !== 'string' || !isRecord(tool.inputSchema) || tool.inputSchema.type !== 'object') return [`${String(tool.name)}: no object inputSchema`];
    try {
      ajv.compile(tool.inputSchema);
      return [];
    } catch (error) {
      return [`${tool.name}: inputSchema does not compile: ${(error as Error).message}`];
    }
  });
  session.expect('tools:list', 'tools/list names every tool with an inputSchema that is a valid JSON Schema of type object.', list, list.status !== 200 || !listed.length ? `status ${list.status}, ${listed.length} tools` : schemaProblems[0]);
  const names = new Set(listed.map((t) => t.name));

  for (const tool of TOOLS) {
    const id = `tools:${tool.name}`;
    const text = `${tool.name} answers result.content [{type: "text"}] whose JSON has ${tool.result.join(', ') || 'the documented shape'}${tool.failure ? `, and a documented failure as isError with status ${tool.failure.status}` : ''}.`;
    if (!names.has(tool.name)) {
      session.book.skip(id, text, 'not listed by tools/list (disabled on this deployment)');
      continue;
    }
    if (tool.result.length) {
      const res = await tools.rpc('tools/call', { name: tool.name, arguments: tool.input(session) });
      const { isError, payload, problem } = toolPayload(res);
      const missing = isRecord(payload) ? tool.result.filter((k) => !(k in payload)) : tool.result;
      session.expect(id, text, res, problem ?? (isError ? `isError: ${JSON.stringify(payload)}` : missing.length ? `result lacks ${missing.join(', ')}` : undefined));
    }
    if (tool.failure) {
      const res = await tools.rpc('tools/call', { name: tool.name, arguments: tool.failure.input });
      session.expect(id, text, res, toolFailureProblem(res, tool.failure.status));
    }
  }

  const budgetId = 'tools:rate-limit';
  const budgetText = 'The tool server allows 60 requests per minute per API key; the next is HTTP 429 with Retry-After and a JSON-RPC error whose data.status is 429.';
  if (!session.options.includeRateLimit) {
    session.book.skip(budgetId, budgetText, 'run with --include-rate-limit (uses up the key’s tool budget for a minute)');
    return;
  }
  let limited: Exchange | undefined;
  for (let i = 0; i < 70 && !limited; i += 1) {
    const res = await tools.rpc('tools/call', { name: 'ping', arguments: {} }, false);
    if (res.status === 429) limited = res;
  }
  const inWindow = tools.calls.filter((t) => t > Date.now() - 60_000).length - 1;
  if (!limited) session.book.fail(budgetId, budgetText, `no 429 after ${inWindow} requests within a minute`);
  else {
    const data = ((limited.json as Json | undefined)?.error as Json | undefined)?.data as Json | undefined;
    const retry = limited.headers['retry-after'];
    session.expect(...RULES.retryAfter, limited, retry && /^[1-9]\d*$/.test(retry) ? undefined : `Retry-After is ${JSON.stringify(retry)}`);
    session.expect(
      budgetId,
      budgetText,
      limited,
      inWindow < 60 ? `429 after only ${inWindow} requests in the minute` : !/^[1-9]\d*$/.test(limited.headers['retry-after'] ?? '') ? 'no Retry-After' : data?.status !== 429 ? `error.data.status is ${JSON.stringify(data?.status)}` : undefined,
    );
  }
}
