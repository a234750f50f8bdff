import { expect } from 'chai';
import { existsSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { loadConfig } from '../../src/config.js';
import { createHttpServer } from '../../src/http/http-server.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';

/** Short limits so a run takes seconds; the checks are ratios to them, not absolute waits. */
const LIMITS = { HTTP_HEADERS_TIMEOUT_MS: '400', HTTP_REQUEST_TIMEOUT_MS: '800', HTTP_KEEP_ALIVE_TIMEOUT_MS: '300', HTTP_TIMEOUT_CHECK_INTERVAL_MS: '50' };
/**
 * Cut no earlier than 90 % of the limit and no later than 5× it: the limit, Node's check interval,
 * and a loaded machine (the test and the server share one event loop on 2 shared cores).
 */
const EARLIEST = 0.9;
const LATEST = 5;
/** Node keeps an idle keep-alive socket about 1 s past keepAliveTimeout, so clients honouring the advertised timeout close first. */
const NODE_KEEP_ALIVE_BUFFER_MS = 1000;

interface RawExchange {
  /** Milliseconds from connecting to the server closing the socket. */
  closedAfterMs: number;
  /** Milliseconds from connecting to the server's first byte (null: it sent nothing). */
  firstByteAfterMs: number | null;
  /** Everything the server sent. */
  received: string;
}

/**
 * Opens a raw socket, sends `first`, then `drip` every `dripMs` until the server closes the
 * connection (or `giveUpMs` passes, which fails the test).
 */
function rawExchange(port: number, first: string, options: { drip?: string; dripMs?: number; giveUpMs?: number } = {}): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let firstByteAfterMs: number | null = null;
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    let dripper: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      clearInterval(dripper);
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${options.giveUpMs ?? 10_000} ms; received: ${received}`));
    }, options.giveUpMs ?? 10_000);
    socket.on('connect', () => {
      socket.write(first);
      if (options.drip) dripper = setInterval(() => socket.writable && socket.write(options.drip!), options.dripMs ?? 100);
    });
    socket.on('data', (chunk) => {
      firstByteAfterMs ??= elapsed();
      received += chunk.toString('latin1');
    });
    socket.on('error', () => undefined); // a reset is also a cut
    socket.on('close', () => {
      clearInterval(dripper);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: elapsed(), firstByteAfterMs, received });
    });
  });
}

forEachAdapter((adapter) => {
  describe('connection limits (HTTP server timeouts)', () => {
    let server: TestServer;
    let http: Server;
    let port: number;

    before(async () => {
      server = await startTestServer(adapter, { env: LIMITS });
      http = createHttpServer(server.app, server.config.connections);
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      port = (http.address() as AddressInfo).port;
    });
    after(async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await server.close();
    });

    it('reads the limits from the environment and applies them to the server', () => {
      expect(server.config.connections).to.deep.equal({ headersTimeoutMs: 400, requestTimeoutMs: 800, keepAliveTimeoutMs: 300, checkIntervalMs: 50 });
      expect(http.headersTimeout).to.equal(400);
      expect(http.requestTimeout).to.equal(800);
      expect(http.keepAliveTimeout).to.equal(300);
    });

    it('defaults to 10 s for headers, 30 s for a whole request and 5 s of keep-alive, and refuses a headers limit above the request limit', () => {
      expect(loadConfig({ DATA_DIR: server.config.dataDir, SERVER_SECRET: 'connection-limits-test-secret' }).connections).to.deep.equal({
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 30_000,
        keepAliveTimeoutMs: 5_000,
        checkIntervalMs: 1_000,
      });
      expect(() => loadConfig({ DATA_DIR: server.config.dataDir, SERVER_SECRET: 'connection-limits-test-secret', HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' })).to.throw(
        'HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS',
      );
    });

    it('cuts a client that drips headers without ever finishing them (slowloris) at the headers limit', async () => {
      const { closedAfterMs, received } = await rawExchange(port, 'GET /api/v1/public/project HTTP/1.1\r\nHost: localhost\r\n', { drip: 'X-Slow: 1\r\n', dripMs: 100 });
      expect(closedAfterMs / 400).to.be.within(EARLIEST, LATEST);
      expect(received).to.match(/^(HTTP\/1\.1 408 |$)/);
    });

    it('cuts a client that declares a longer body than it sends, with 408, at the request limit', async () => {
      const head = [
        'POST /api/v1/public/traces HTTP/1.1',
        'Host: localhost',
        `x-api-key: ${server.tenant.apiKey}`,
        'Content-Type: application/json',
        'Content-Length: 100000',
        '',
        '',
      ].join('\r\n');
      const { closedAfterMs, received } = await rawExchange(port, `${head}{"traces":[`, { drip: ' ', dripMs: 100 });
      expect(closedAfterMs / 800).to.be.within(EARLIEST, LATEST);
      expect(received).to.match(/^HTTP\/1\.1 408 /);
    });

    it('closes an idle keep-alive connection after the keep-alive limit', async () => {
      const request = `GET /api/v1/public/project HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${server.tenant.apiKey}\r\n\r\n`;
      const { closedAfterMs, firstByteAfterMs, received } = await rawExchange(port, request);
      expect(received).to.match(/^HTTP\/1\.1 200 /);
      expect(received).to.match(/\r\nConnection: keep-alive\r\n/i);
      expect((closedAfterMs - firstByteAfterMs!) / (300 + NODE_KEEP_ALIVE_BUFFER_MS)).to.be.within(EARLIEST, LATEST);
    });

    if (adapter === 'sqlite') {
      it('creates the SQLite database and its WAL and shared-memory files readable by their owner only (0600)', async () => {
        await server.request().get('/api/v1/public/project').set('x-api-key', server.tenant.apiKey).expect(200);
        const file = server.runtime.database.knex.client.config.connection.filename as string;
        for (const path of [file, `${file}-wal`, `${file}-shm`]) {
          expect(existsSync(path), path).to.equal(true);
          expect((statSync(path).mode & 0o777).toString(8), path).to.equal('600');
        }
        expect((statSync(server.config.dataDir).mode & 0o077).toString(8)).to.equal('0');
      });
    }
  });
});
