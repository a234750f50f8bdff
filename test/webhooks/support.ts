import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import type { TestServer } from '../support/harness.js';

/** A request the receiver got: headers and the raw body, exactly as sent. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP endpoint on 127.0.0.1 that records every request and answers with the next scripted
 * status (the last one repeats).
 */
export class Receiver {
  readonly received: Received[] = [];
  private statuses: number[] = [200];
  private server: Server | null = null;

  respondWith(...statuses: number[]): this {
    this.statuses = statuses;
    return this;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const status = this.statuses.length > 1 ? this.statuses.shift()! : this.statuses[0];
        res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/hooks`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/** A strong idempotency key, as a client would make one. */
export const newKey = (): string => randomUUID();
export const newBase64urlKey = (): string => randomBytes(24).toString('base64url');

export interface Caller {
  token: string;
  projectId: string;
}

export async function writerOf(server: TestServer, scopes = ['configuration:write', 'configuration:read']): Promise<Caller> {
  // Valid for a week: idempotency tests move the clock past the 24-hour key lifetime.
  return { token: await server.oauthToken(server.tenant.user.id, scopes, { expiresInMs: 7 * 86_400_000 }), projectId: server.tenant.project.id };
}

export const createRequest = (server: TestServer, caller: Caller, body: unknown, key: string = newKey()) =>
  server
    .request()
    .post('/api/v1/public/webhooks')
    .set('authorization', `Bearer ${caller.token}`)
    .set('x-project-id', caller.projectId)
    .set('idempotency-key', key)
    .send(body as object);

export async function countRows(server: TestServer, table: string): Promise<number> {
  const row = await server.runtime.database.knex(table).count<{ n: number }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}
