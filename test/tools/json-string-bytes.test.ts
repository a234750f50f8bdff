import { expect } from 'chai';
import type { Response } from 'express';
import { jsonStringBytes } from '../../src/tools/json-string-bytes.js';
import { sendRpc } from '../../src/tools/rpc-response.js';
import { successResult } from '../../src/tools/tool-result.js';

/** Values whose JSON text holds every kind of character quoting must handle. */
const AWKWARD = {
  quote: 'say "hi"',
  backslash: 'C:\\path\\to',
  escapes: 'line\nbreak\ttab\u0001control',
  unicode: 'café ✓ 🙂 \u2028 \u2029',
  loneSurrogate: 'half \ud800 pair',
  nested: { text: '{"already":"json"}', list: [1, null, true, 'x'] },
};

describe('jsonStringBytes (a JSON text quoted as a JSON string, in UTF-8 bytes)', () => {
  it('gives exactly the bytes of JSON.stringify(text) for texts with quotes, backslashes, escapes, non-ASCII and escaped lone surrogates', () => {
    for (const value of [AWKWARD, ...Object.values(AWKWARD), '', 'plain']) {
      const text = JSON.stringify(value);
      expect(jsonStringBytes(Buffer.from(text, 'utf8')).toString('utf8')).to.equal(JSON.stringify(text));
    }
  });

  it('quotes an empty text as ""', () => {
    expect(jsonStringBytes(Buffer.alloc(0)).toString('utf8')).to.equal('""');
  });
});

/** A response that records what sendRpc writes. */
function recordingResponse() {
  const written: Buffer[] = [];
  const headers: Record<string, unknown> = {};
  let statusCode = 0;
  const res = {
    status(code: number) {
      statusCode = code;
      return res;
    },
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = value;
      return res;
    },
    write(chunk: Buffer | string) {
      written.push(Buffer.from(chunk));
      return true;
    },
    end(chunk?: Buffer | string) {
      if (chunk !== undefined) written.push(Buffer.from(chunk));
      return res;
    },
  };
  return { res: res as unknown as Response, body: () => Buffer.concat(written), headers, status: () => statusCode };
}

describe('sendRpc (a JSON-RPC response on the wire)', () => {
  const bigResult = () => successResult({ spans: Array.from({ length: 2000 }, (_, i) => ({ id: `s${i}`, ...AWKWARD })) }, 10_000_000, true);

  it('writes a large tool result, its text quoted from bytes and its structuredContent spliced in, as JSON.stringify would, with its byte length', () => {
    const response = { jsonrpc: '2.0', id: 9, result: bigResult() };
    const { res, body, headers, status } = recordingResponse();
    sendRpc(res, 200, response);
    const expected = Buffer.from(JSON.stringify(response), 'utf8');
    expect(body().length).to.be.greaterThan(64 * 1024);
    expect(body().equals(expected)).to.equal(true);
    expect(status()).to.equal(200);
    expect(headers['content-length']).to.equal(expected.length);
    expect(headers['content-type']).to.equal('application/json; charset=utf-8');
  });

  it('writes a batch holding large results as JSON.stringify would', () => {
    const batch = [
      { jsonrpc: '2.0', id: 1, result: bigResult() },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } },
      { jsonrpc: '2.0', id: 3, result: bigResult() },
    ];
    const { res, body, headers } = recordingResponse();
    sendRpc(res, 200, batch);
    const expected = Buffer.from(JSON.stringify(batch), 'utf8');
    expect(body().equals(expected)).to.equal(true);
    expect(headers['content-length']).to.equal(expected.length);
  });

  it('writes a small tool result (under 64 KB) as JSON.stringify would, as one buffer with its byte length', () => {
    const response = { jsonrpc: '2.0', id: 11, result: successResult({ traces: Array.from({ length: 20 }, (_, i) => ({ id: `t${i}`, ...AWKWARD })) }, 10_000_000, true) };
    const { res, headers, status } = recordingResponse();
    const chunks: unknown[] = [];
    const { write, end } = res as unknown as { write: (c: Buffer) => boolean; end: (c?: Buffer) => unknown };
    Object.assign(res, { write: (c: Buffer) => (chunks.push(c), write(c)), end: (c?: Buffer) => (chunks.push(c), end(c)) });
    sendRpc(res, 200, response);
    const expected = Buffer.from(JSON.stringify(response), 'utf8');
    expect(expected.length).to.be.lessThan(64 * 1024);
    expect(chunks).to.have.length(1);
    expect(Buffer.isBuffer(chunks[0]) && (chunks[0] as Buffer).equals(expected)).to.equal(true);
    expect(status()).to.equal(200);
    expect(headers['content-length']).to.equal(expected.length);
  });

  it('writes a large result whose text item was replaced after it was made as JSON.stringify would (the text is not reused)', () => {
    const result = bigResult();
    result.content[0] = { type: 'text', text: 'replaced' };
    const response = { jsonrpc: '2.0', id: 10, result };
    const { res, body } = recordingResponse();
    sendRpc(res, 200, response);
    expect(body().toString('utf8')).to.equal(JSON.stringify(response));
  });
});
