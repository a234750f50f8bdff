import { expect } from 'chai';
import { gzipSync } from 'node:zlib';
import { connect } from 'node:net';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { declaredBody } from '../../src/http/declared-body.js';

const LIMIT = 64;

interface Served {
  server: Server;
  port: number;
  /** Per request: who read the body ('direct' or 'parser') and what the handler got. */
  log: string[];
  close: () => Promise<void>;
}

/** An app reading every POST with declaredBody (express.raw behind it, recorded) and echoing what it read. */
async function serve(): Promise<Served> {
  const log: string[] = [];
  const raw = express.raw({ type: () => true, limit: LIMIT });
  const parser = (req: Request, res: Response, next: NextFunction) => {
    log.push('parser');
    raw(req, res, next);
  };
  const app = express();
  app.post('/', declaredBody(LIMIT, parser), (req, res) => {
    log.push(`body ${Buffer.isBuffer(req.body) ? `buffer ${req.body.toString('utf8')}` : typeof req.body}`);
    res.status(200).send('read');
  });
  app.use((error: { status?: number; type?: string }, _req: Request, res: Response, _next: NextFunction) => {
    log.push(`error ${error.status} ${error.type}`);
    res.status(error.status ?? 500).send(error.type);
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    log,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** Sends a POST with the given headers, writing `parts` one after another (a pause between them). */
async function post(port: number, headers: Record<string, string | number>, parts: (string | Buffer)[]): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    const write = (i: number): void => {
      if (i === parts.length) return void req.end();
      req.write(parts[i]);
      setTimeout(() => write(i + 1), 20);
    };
    write(0);
  });
}

describe('declaredBody (a length-framed body read without body-parser)', () => {
  let served: Served;
  beforeEach(async () => (served = await serve()));
  afterEach(async () => served.close());

  it('reads a declared body whole into req.body as a Buffer, across the chunks it arrives in', async () => {
    const answer = await post(served.port, { 'content-length': 11, 'content-type': 'text/plain' }, ['hello', ' world']);
    expect(answer).to.deep.equal({ status: 200, text: 'read' });
    expect(served.log).to.deep.equal(['body buffer hello world']);
  });

  it('reads a body of exactly the limit itself', async () => {
    const body = 'x'.repeat(LIMIT);
    const answer = await post(served.port, { 'content-length': LIMIT }, [body]);
    expect([answer.status, served.log]).to.deep.equal([200, [`body buffer ${body}`]]);
  });

  it('leaves a body over the limit to the parser, which refuses it (413) before reading it', async () => {
    const answer = await post(served.port, { 'content-length': LIMIT + 1 }, ['x'.repeat(LIMIT + 1)]);
    expect(answer).to.deep.equal({ status: 413, text: 'entity.too.large' });
    expect(served.log).to.deep.equal(['parser', 'error 413 entity.too.large']);
  });

  it('leaves chunked, encoded and empty bodies to the parser', async () => {
    const chunked = await post(served.port, { 'transfer-encoding': 'chunked' }, ['chunk', 'ed']);
    const zipped = gzipSync('zipped');
    const encoded = await post(served.port, { 'content-encoding': 'gzip', 'content-length': zipped.length }, [zipped]);
    const empty = await post(served.port, { 'content-length': 0 }, []);
    expect([chunked.status, encoded.status, empty.status]).to.deep.equal([200, 200, 200]);
    expect(served.log).to.deep.equal(['parser', 'body buffer chunked', 'parser', 'body buffer zipped', 'parser', 'body buffer ']);
  });

  it('hands nothing on when the client goes away before the end of its body, and keeps no listener on the request', async () => {
    let listeners: number[] = [];
    served.server.prependListener('request', (req) => {
      req.once('close', () => setImmediate(() => (listeners = ['data', 'end', 'close', 'error'].map((name) => req.listenerCount(name)))));
    });
    const socket = connect(served.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 20\r\n\r\nonly part');
    await new Promise((later) => setTimeout(later, 50));
    socket.destroy();
    await new Promise((later) => setTimeout(later, 50));
    expect(served.log).to.deep.equal([]);
    expect(listeners).to.deep.equal([0, 0, 0, 0]);
  });
});
