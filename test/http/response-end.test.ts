import { expect } from 'chai';
import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onResponseEnd } from '../../src/http/response-end.js';

/** A real server that hands each response to `handle`. */
async function serve(handle: (res: ServerResponse) => void): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => handle(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

describe('onResponseEnd', () => {
  it('runs every callback once, in the order added, with finished true when the response was sent', async () => {
    const calls: string[] = [];
    let listeners: number[] = [];
    const server = await serve((res) => {
      const before = [res.listenerCount('finish'), res.listenerCount('close')];
      for (const name of ['first', 'second', 'third']) onResponseEnd(res, (finished) => calls.push(`${name} ${finished}`));
      listeners = [res.listenerCount('finish') - before[0], res.listenerCount('close') - before[1]];
      res.end('ok');
    });
    try {
      const answer = await fetch(server.url);
      expect(await answer.text()).to.equal('ok');
      await new Promise((later) => setTimeout(later, 50)); // 'close' follows 'finish'
      expect(listeners, 'one close listener for all three, none on finish').to.deep.equal([0, 1]);
      expect(calls).to.deep.equal(['first true', 'second true', 'third true']);
    } finally {
      await server.close();
    }
  });

  it('answers finished false when the client went away before the response was sent', async () => {
    let gone: (finished: boolean) => void = () => undefined;
    const outcome = new Promise<boolean>((resolve) => (gone = resolve));
    const server = await serve((res) => onResponseEnd(res, gone)); // never answers
    const req = request(server.url);
    req.on('error', () => undefined);
    req.end();
    await new Promise((later) => setTimeout(later, 50));
    req.destroy();
    expect(await outcome).to.equal(false);
    await server.close();
  });
});
