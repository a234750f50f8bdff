import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';

/**
 * A deliberately non-conforming deployment for the kit's own test. Each break is one rule:
 * - the success envelope has `ok` instead of `success`            → envelope
 * - Problem bodies lack `retryable`                                → problem-details
 * - the trace list accepts any cursor, tampered or not            → cursor:listTraces:tamper
 * - X-Service-RateLimit-Version is 2                               → rate-limit-headers
 * Everything else answers as the contract says, so only these rules fail.
 */
export const BROKEN_RULES = ['envelope', 'problem-details', 'cursor:listTraces:tamper', 'rate-limit-headers'] as const;

const API_KEY = 'tw_pk_fixture';

export interface FixtureServer {
  baseUrl: string;
  apiKey: string;
  close(): Promise<void>;
}

export async function startNonConformingServer(): Promise<FixtureServer> {
  const app = express();
  const projectId = randomUUID();
  const traces = [0, 1, 2].map((i) => ({
    id: `fixture-${i}`,
    name: `Fixture ${i}`,
    status: 'success',
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 10 - i)).toISOString(),
    latencyMs: 5,
    cost: 0,
    spanCount: 1,
    framework: null,
    agentName: null,
    errorMessage: null,
    url: `/api/v1/public/traces/fixture-${i}`,
  }));

  app.use((_req, res, next) => {
    res.setHeader('X-Request-Id', `req_${randomBytes(16).toString('hex')}`);
    next();
  });
  const problem = (req: Request, res: Response, status: number, code: string) => {
    res
      .status(status)
      .type('application/problem+json')
      // Break: `retryable` is missing.
      .send(JSON.stringify({ type: 'urn:service:problem:fixture', title: 'Fixture problem', status, code, detail: 'Fixture.', instance: req.path, requestId: res.getHeader('X-Request-Id') }));
  };
  const rateHeaders = (res: Response) => {
    res.setHeader('RateLimit-Limit', '100');
    res.setHeader('RateLimit-Remaining', '99');
    res.setHeader('RateLimit-Reset', String(Math.floor(Date.now() / 1000) + 60));
    res.setHeader('X-Service-RateLimit-Limit', '100');
    res.setHeader('X-Service-RateLimit-Remaining', '99');
    res.setHeader('X-Service-RateLimit-Reset-After', '60');
    res.setHeader('X-Service-RateLimit-Policy', 'read;w=60;q=100');
    res.setHeader('X-Service-RateLimit-Degraded', 'false');
    res.setHeader('X-Service-RateLimit-Version', '2'); // Break: the contract says 1.
  };
  app.use('/api/v1/public', (req, res, next) => {
    if (req.path.startsWith('/openapi.')) return next();
    if (req.headers['x-api-key'] !== API_KEY) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="fixture"');
      return problem(req, res, 401, 'PUBLIC_API_UNAUTHENTICATED');
    }
    rateHeaders(res);
    next();
  });
  const envelope = (res: Response, status: number, data: unknown) =>
    // Break: `ok` instead of `success`.
    res.status(status).json({ ok: true, data, requestId: res.getHeader('X-Request-Id') });

  app.get('/api/v1/public/project', (_req, res) =>
    envelope(res, 200, { id: projectId, name: 'Fixture', organizationId: randomUUID(), organizationName: 'Fixture Org', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' }),
  );
  app.get('/api/v1/public/traces', (req, res) => {
    const limit = Number(req.query.limit ?? 20);
    if (!Number.isInteger(limit) || limit < 1 || limit > 50) return problem(req, res, 400, 'PUBLIC_API_VALIDATION_FAILED');
    // Break: any cursor is accepted; an unreadable one restarts at 0.
    const offset = typeof req.query.cursor === 'string' ? Number(Buffer.from(req.query.cursor, 'base64url').toString()) || 0 : 0;
    const page = traces.slice(offset, offset + limit);
    const hasMore = offset + limit < traces.length;
    envelope(res, 200, { traces: page, page: { hasMore, limit, nextCursor: hasMore ? Buffer.from(String(offset + limit)).toString('base64url') : null } });
  });
  app.use((req, res) => problem(req, res, 404, 'PUBLIC_API_ROUTE_NOT_FOUND'));

  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey: API_KEY,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
