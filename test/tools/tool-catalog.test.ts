import { expect } from 'chai';
import { loadConfig } from '../../src/config.js';
import { ToolCatalog } from '../../src/tools/tool-catalog.js';
import { buildToolRegistry } from '../../src/tools/registry.js';
import type { OperationHandlers } from '../../src/http/operation-types.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { successResult } from '../../src/tools/tool-result.js';

const settings = loadConfig({ SERVER_SECRET: 'catalog-test', DATA_DIR: '/tmp/tracewell-catalog-test' }).tools;
const tool = (name: string, inputSchema: Record<string, unknown> = { type: 'object' }): ToolDefinition => ({
  name,
  description: `The ${name} tool.`,
  inputSchema,
  operationId: 'ping',
  handler: async () => ({}),
});

describe('ToolCatalog', () => {
  it('refuses two tools of one name at start', () => {
    expect(() => new ToolCatalog([tool('ping'), tool('ping')], settings, () => undefined)).to.throw('Two tools are named ping.');
  });

  it('refuses an inputSchema that is not an object schema at start', () => {
    expect(() => new ToolCatalog([tool('ping', { type: 'string' })], settings, () => undefined)).to.throw('The inputSchema of tool ping must be an object schema.');
  });

  it('logs names in TOOLS_ENABLED / TOOLS_DISABLED that no tool has', () => {
    const logs: string[] = [];
    new ToolCatalog([tool('ping')], { ...settings, disabled: ['pnig'] }, (message) => logs.push(message));
    expect(logs).to.deep.equal(['tool server: TOOLS_ENABLED/TOOLS_DISABLED name pnig, which is no tool of this server']);
  });

  it('takes a tool timeout from TOOL_TIMEOUTS first, then the tool, then TOOL_TIMEOUT_MS', () => {
    const catalog = new ToolCatalog(
      [{ ...tool('a'), timeoutMs: 2000 }, { ...tool('b'), timeoutMs: 2000 }, tool('c')],
      { ...settings, timeoutMs: 9000, timeouts: { a: 500 } },
      () => undefined,
    );
    expect(['a', 'b', 'c'].map((name) => (catalog.lookup(name) as { timeoutMs: number }).timeoutMs)).to.deep.equal([500, 2000, 9000]);
  });

  it('validates a copy of the arguments, leaving the caller’s object unchanged', () => {
    const catalog = new ToolCatalog([tool('t', { type: 'object', properties: { limit: { type: 'integer', default: 50 } } })], settings, () => undefined);
    const args = {};
    expect(catalog.checkArguments(catalog.list()[0], args)).to.deep.equal({ valid: true, input: { limit: 50 } });
    expect(args).to.deep.equal({});
  });

  it('compiles the argument schema of every registry tool (compiled on first call, so a broken schema fails here, not a call)', () => {
    const config = loadConfig({ SERVER_SECRET: 'catalog-test', DATA_DIR: '/tmp/tracewell-catalog-test' });
    const catalog = new ToolCatalog(buildToolRegistry({} as OperationHandlers, config), config.tools, () => undefined);
    expect(catalog.list().length).to.be.greaterThan(40);
    for (const served of catalog.list()) expect(() => catalog.checkArguments(served, {}), served.name).not.to.throw();
  });
});

describe('successResult', () => {
  it('keeps a truncated result within the limit and valid JSON even when escaping inflates it', () => {
    const limit = 4096;
    const result = successResult({ text: '"\n\u0001é'.repeat(5000) }, limit);
    const text = result.content[0].text;
    expect(Buffer.byteLength(text)).to.be.at.most(limit);
    const body = JSON.parse(text) as { truncated: boolean; partial: string };
    expect(body.truncated).to.equal(true);
    expect(body.partial.startsWith('{"text":"\\"\\n\\u0001é')).to.equal(true);
    expect(body.partial).not.to.contain('\uFFFD');
  });

  it('counts UTF-8 bytes, not characters, once a text passes a third of the limit', () => {
    const limit = 4096;
    // 2,100 two-byte characters: 2,111 characters of JSON, within the limit; 4,211 bytes, past it.
    const over = successResult({ text: 'é'.repeat(2100) }, limit);
    expect(JSON.parse(over.content[0].text)).to.include({ truncated: true, original_bytes: 4211, limit_bytes: limit });
    const within = successResult({ text: 'é'.repeat(2000) }, limit);
    expect(JSON.parse(within.content[0].text)).to.deep.equal({ text: 'é'.repeat(2000) });
  });
});

describe('serializeRpc', () => {
  // Above REMEMBERED_FROM_CHARS, so its text is remembered and spliced into the response.
  const structured = () => successResult({ name: 'a "quoted" \u2028 name', spans: [{ id: 's1', input: { text: 'x'.repeat(300) } }], note: null }, 1_000_000, true);

  it('writes a response whose structuredContent was serialized once exactly as JSON.stringify would', async () => {
    const { serializeRpc } = await import('../../src/tools/rpc-response.js');
    const response = { jsonrpc: '2.0', id: 7, result: structured() };
    expect(serializeRpc(response)).to.equal(JSON.stringify(response));
  });

  it('writes batches, results without structuredContent and errors as JSON.stringify would', async () => {
    const { serializeRpc } = await import('../../src/tools/rpc-response.js');
    const batch = [
      { jsonrpc: '2.0', id: 1, result: structured() },
      { jsonrpc: '2.0', id: 2, result: successResult(['plain'], 1000) },
      { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found' } },
    ];
    expect(serializeRpc(batch)).to.equal(JSON.stringify(batch));
  });

  it('keeps the text out of sight: structuredContent holds exactly the tool’s keys for JSON, spreads and deep equality', () => {
    const result = structured();
    const plain = { name: 'a "quoted" \u2028 name', spans: [{ id: 's1', input: { text: 'x'.repeat(300) } }], note: null };
    expect(result.structuredContent).to.deep.equal(plain);
    expect({ ...result.structuredContent }).to.deep.equal(plain);
    expect(JSON.stringify(result.structuredContent)).to.equal(JSON.stringify(plain));
  });

  it('serializes a frozen result, and one changed after it was serialized, as JSON.stringify would', async () => {
    const { serializeRpc } = await import('../../src/tools/rpc-response.js');
    const frozen = { jsonrpc: '2.0', id: 8, result: successResult(Object.freeze({ a: 1, b: ['x'] }), 1_000_000, true) };
    expect(serializeRpc(frozen)).to.equal(JSON.stringify(frozen));
    const replaced = { jsonrpc: '2.0', id: 9, result: successResult({ a: 'x'.repeat(300) }, 1_000_000, true) };
    replaced.result.structuredContent = { a: 2 };
    expect(serializeRpc(replaced)).to.equal(JSON.stringify(replaced));
  });

  it('serializes a small structured result (under REMEMBERED_FROM_CHARS) plainly, exactly as JSON.stringify would', async () => {
    const { REMEMBERED_FROM_CHARS, serializeRpc } = await import('../../src/tools/rpc-response.js');
    const ping = successResult({ status: 'ok', server_time: '2026-11-01T12:00:00.000Z' }, 1_000_000, true);
    expect(ping.content[0].text.length).to.be.below(REMEMBERED_FROM_CHARS);
    expect(Object.getOwnPropertySymbols(ping.structuredContent)).to.deep.equal([]);
    const response = { jsonrpc: '2.0', id: 10, result: ping };
    expect(serializeRpc(response)).to.equal(JSON.stringify(response));
    expect(Object.getOwnPropertySymbols(structured().structuredContent)).to.have.length(1);
  });
});
