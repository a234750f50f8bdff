import { expect } from 'chai';
import { JSONRPCErrorException, type JSONRPCRequest } from 'json-rpc-2.0';
import { RpcMethods } from '../../src/tools/rpc-methods.js';

interface Context {
  calls: string[];
}

const methods = () => {
  const rpc = new RpcMethods<Context>();
  rpc.addMethod('echo', (params, context) => {
    context.calls.push('echo');
    return { echoed: params };
  });
  rpc.addMethod('later', async () => ({ done: true }));
  rpc.addMethod('refuse', () => {
    throw new JSONRPCErrorException('Invalid params', -32602, { error: 'name is required' });
  });
  rpc.addMethod('crash', () => {
    throw new Error('secret detail');
  });
  return rpc;
};

const request = (method: string, extra: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', method, ...extra }) as unknown as JSONRPCRequest;

describe('RpcMethods (the MCP methods’ JSON-RPC dispatch)', () => {
  it('answers a request with its method’s result under the request’s id, passing params and the context', async () => {
    const context: Context = { calls: [] };
    expect(await methods().receive(request('echo', { id: 7, params: { a: 1 } }), context)).to.deep.equal({ jsonrpc: '2.0', id: 7, result: { echoed: { a: 1 } } });
    expect(context.calls).to.deep.equal(['echo']);
  });

  it('waits for a method that answers with a promise, and keeps a string id as it is', async () => {
    expect(await methods().receive(request('later', { id: 'a-1' }), { calls: [] })).to.deep.equal({ jsonrpc: '2.0', id: 'a-1', result: { done: true } });
  });

  it('answers an unknown method with -32601 Method not found', async () => {
    expect(await methods().receive(request('nope', { id: 3 }), { calls: [] })).to.deep.equal({ jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found' } });
  });

  it('answers a message that is not a request (no jsonrpc "2.0") with -32600 Invalid Request', async () => {
    const answer = await methods().receive({ id: 4, method: 'echo' } as unknown as JSONRPCRequest, { calls: [] });
    expect(answer).to.deep.equal({ jsonrpc: '2.0', id: 4, error: { code: -32600, message: 'Invalid Request' } });
  });

  it('answers a JSONRPCErrorException with its code, message and data', async () => {
    expect(await methods().receive(request('refuse', { id: 5 }), { calls: [] })).to.deep.equal({
      jsonrpc: '2.0',
      id: 5,
      error: { code: -32602, message: 'Invalid params', data: { error: 'name is required' } },
    });
  });

  it('answers any other failure with -32603 Internal error, never its message', async () => {
    expect(await methods().receive(request('crash', { id: 6 }), { calls: [] })).to.deep.equal({ jsonrpc: '2.0', id: 6, error: { code: -32603, message: 'Internal error' } });
  });

  it('answers nothing (null) to a notification, whether its method ran, failed or is unknown', async () => {
    const context: Context = { calls: [] };
    const rpc = methods();
    expect(await rpc.receive(request('echo'), context)).to.equal(null);
    expect(await rpc.receive(request('crash'), context)).to.equal(null);
    expect(await rpc.receive(request('nope'), context)).to.equal(null);
    expect(context.calls).to.deep.equal(['echo']);
  });
});
