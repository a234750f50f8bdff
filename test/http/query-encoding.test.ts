import { expect } from 'chai';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'supertest';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import type { TraceInput } from '../traces/fixtures.js';
import { loadContract, validationContract } from '../../src/http/contract.js';

/**
 * Query strings as clients really send them: HTML forms and URLSearchParams write a space as `+`,
 * curl and typed URLs leave `*`, `:`, `/`, `"` … unencoded. The request target is written byte for
 * byte with node:http (fetch and supertest would percent-encode it first).
 */
interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

function rawGet(port: number, target: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: 'GET', path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The raw answer in the shape the shared envelope and Problem assertions read. */
const asResponse = (raw: RawResponse) => raw as unknown as Response;

/** A trace of one span, created (its span started) at `minute` past 10:00 on 2026-11-01. */
const trace = (id: string, minute: number, name: string, metadata: Record<string, unknown> = {}): TraceInput => ({
  trace_id: id,
  name,
  metadata,
  spans: [{ span_id: 'root', name: 'step', span_type: 'AGENT', status: 'success', start_time: `2026-11-01T10:${String(minute).padStart(2, '0')}:00.000Z` }],
});

/** Every character RFC 3986 allows raw in a query, and a raw `"`, in one label. */
const RESERVED_LABEL = `chat:42/a?b@c!d$e'f(g)h*i,j;k=l"m"`;

const CORPUS: TraceInput[] = [
  trace('rate', 1, 'rate limit hit'),
  trace('limit-rate', 2, 'limit of rate'),
  trace('rate-card', 3, 'rate card'),
  trace('timeout', 4, 'timeout reached'),
  trace('timed', 5, 'timed out'),
  trace('spaced-agent', 6, 'agent one', { agent_name: 'support bot' }),
  trace('plus-agent', 7, 'agent two', { agent_name: 'support+bot' }),
  trace('reserved-session', 8, 'agent three', { session_id: RESERVED_LABEL }),
];

/** Every query parameter of a contract document, as `<operationId or path>.<name>` → its allowReserved and format. */
function queryParameters(document: Record<string, unknown>): Map<string, { allowReserved: unknown; format: string | undefined }> {
  type Parameter = { in?: string; name?: string; allowReserved?: unknown; $ref?: string; schema?: { format?: string } };
  const shared = ((document.components as { parameters?: Record<string, Parameter> }).parameters ?? {});
  const found = new Map<string, { allowReserved: unknown; format: string | undefined }>();
  const add = (where: string, parameters: Parameter[] = []) => {
    for (const p of parameters) {
      const parameter = p.$ref ? shared[p.$ref.split('/').pop()!] : p;
      if (parameter.in === 'query') found.set(`${where}.${parameter.name}`, { allowReserved: parameter.allowReserved, format: parameter.schema?.format });
    }
  };
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, { operationId?: string; parameters?: Parameter[] }>>)) {
    add(path, item.parameters as unknown as Parameter[]);
    for (const [method, operation] of Object.entries(item)) if (method !== 'parameters') add(operation.operationId ?? `${method} ${path}`, operation.parameters);
  }
  return found;
}

describe('the contract the request validator reads', () => {
  it('marks every query parameter of every operation allowReserved, and the served contract none', () => {
    const validated = queryParameters(validationContract());
    const served = queryParameters(loadContract());
    expect(validated.size).to.be.above(80);
    expect([...validated.keys()]).to.deep.equal([...served.keys()]);
    expect([...validated].filter(([, p]) => p.allowReserved !== true)).to.deep.equal([]);
    expect([...served].filter(([, p]) => p.allowReserved !== undefined)).to.deep.equal([]);
  });

  it('keeps every query date-time the date-time format (the validator reads it as an instant Date.parse reads)', () => {
    const validated = queryParameters(validationContract());
    const dateTimes = [...queryParameters(loadContract())].filter(([, p]) => p.format === 'date-time').map(([key]) => key);
    expect(dateTimes).to.include.members(['listTraces.from', 'listAuditEvents.to', 'getDigest.at']);
    expect(dateTimes.map((key) => validated.get(key)?.format)).to.deep.equal(dateTimes.map(() => 'date-time'));
  });
});

forEachAdapter((adapter) => {
  describe('query strings as clients encode them', () => {
    let server: TestServer;
    let listener: Server;
    let port: number;
    const get = async (target: string, headers: Record<string, string> = { 'x-api-key': server.tenant.apiKey }) => asResponse(await rawGet(port, target, headers));
    const ids = async (target: string) => expectEnvelope<{ traces: { id: string }[] }>(await get(target)).traces.map((t) => t.id);
    const search = (query: string) => ids(`/api/v1/public/search/traces?${query}&sort=recency`);

    before(async () => {
      server = await startTestServer(adapter);
      expectEnvelope(await server.request().post('/api/v1/public/traces/batch').set('x-api-key', server.tenant.apiKey).send({ traces: CORPUS }), 201);
      listener = server.app.listen(0, '127.0.0.1');
      await new Promise<void>((resolve) => listener.once('listening', resolve));
      port = (listener.address() as AddressInfo).port;
    });
    after(async () => {
      listener.closeAllConnections();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
      await server.close();
    });

    describe('GET /api/v1/public/search/traces', () => {
      it('reads + as a space (q=rate+limit finds what q=rate%20limit finds) and %2B as a plus (rate+limit, an identifier: its words in order)', async () => {
        expect(await search('q=rate%20limit')).to.deep.equal(['limit-rate', 'rate']);
        expect(await search('q=rate+limit')).to.deep.equal(['limit-rate', 'rate']);
        expect(await search('q=rate%2Blimit')).to.deep.equal(['rate']);
      });

      it('takes a raw * as a prefix: q=time*', async () => {
        expect(await search('q=time*')).to.deep.equal(['timed', 'timeout']);
        expect(await search('q=time%2A')).to.deep.equal(['timed', 'timeout']);
      });

      it('takes a phrase with its quotes encoded or raw: %22rate+limit%22, "rate+limit", "rate%20limit"', async () => {
        for (const q of ['%22rate+limit%22', '"rate+limit"', '"rate%20limit"', '%22rate%20limit%22']) {
          expect(await search(`q=${q}`), q).to.deep.equal(['rate']);
        }
      });

      it('takes an exclusion after a + space: q=rate+-limit', async () => {
        expect(await search('q=rate+-limit')).to.deep.equal(['rate-card']);
        expect(await search('q=rate+-%22rate+limit%22')).to.deep.equal(['rate-card', 'limit-rate']);
      });

      it('takes : and / raw in a filter value: dateRange=<start>/<end>', async () => {
        expect(await search('q=rate&dateRange=2026-11-01T00:00:00Z/2026-11-02T00:00:00Z')).to.deep.equal(['rate-card', 'limit-rate', 'rate']);
        expect(await search('q=rate&dateRange=2026-10-30T00:00:00Z/2026-10-31T00:00:00Z')).to.deep.equal([]);
      });
    });

    describe('GET /api/v1/public/traces', () => {
      it('reads + as a space and %2B as a plus in a filter value (agentName)', async () => {
        expect(await ids('/api/v1/public/traces?agentName=support+bot')).to.deep.equal(['spaced-agent']);
        expect(await ids('/api/v1/public/traces?agentName=support%20bot')).to.deep.equal(['spaced-agent']);
        expect(await ids('/api/v1/public/traces?agentName=support%2Bbot')).to.deep.equal(['plus-agent']);
      });

      it(`takes every character RFC 3986 allows raw in a query, and a raw ", in a filter value: sessionId=${RESERVED_LABEL}`, async () => {
        expect(await ids(`/api/v1/public/traces?sessionId=${RESERVED_LABEL}`)).to.deep.equal(['reserved-session']);
        expect(await ids(`/api/v1/public/traces?sessionId=${encodeURIComponent(RESERVED_LABEL)}`)).to.deep.equal(['reserved-session']);
      });

      it('answers 400 naming /query/from for a date-time Date.parse cannot read: a leap second, an hour-only offset (colons encoded or raw)', async () => {
        for (const from of ['2026-12-31T23%3A59%3A60Z', '2026-12-31T23:59:60Z', '2026-11-01T11%3A07%3A00%2B01', '2026-11-01T11:07:00%2B01']) {
          const body = expectProblem(await get(`/api/v1/public/traces?from=${from}`), 400, 'PUBLIC_API_VALIDATION_FAILED');
          expect((body.errors as { path: string }[]).map((e) => e.path), from).to.deep.equal(['/query/from']);
        }
      });

      it('reads a zone offset sent as %2B01:00 (raw colons); a raw + is a space, so that date-time is 400 naming /query/from', async () => {
        // 11:07+01:00 is 10:07Z: the last two traces from it on, the first one before 10:02Z.
        expect(await ids('/api/v1/public/traces?from=2026-11-01T11:07:00%2B01:00')).to.deep.equal(['reserved-session', 'plus-agent']);
        expect(await ids('/api/v1/public/traces?to=2026-11-01T11:02:00%2B01:00')).to.deep.equal(['rate']);
        const body = expectProblem(await get('/api/v1/public/traces?from=2026-11-01T11:07:00+01:00'), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((body.errors as { path: string }[]).map((e) => e.path)).to.deep.equal(['/query/from']);
      });
    });

    describe('GET /api/v1/public/audit-events', () => {
      it('takes raw colons and a %2B offset in from/to, and reserved characters raw in actor', async () => {
        server.clock.advance(1000);
        await server.request().post('/api/v1/public/saved-filters').set('x-api-key', server.tenant.apiKey).send({ name: 'q', filters: [{ id: 'r1', field: 'status', operator: 'is', value: 'error' }] }).expect(201);
        const names = async (target: string) =>
          expectEnvelope<{ auditEvents: { details: { name?: string } }[] }>(await get(target, { 'x-api-key': server.tenant.orgApiKey, 'x-project-id': server.tenant.project.id })).auditEvents.map((e) => e.details.name);
        expect(await names('/api/v1/public/audit-events?action=saved_filter.created&from=2026-11-01T13:00:01%2B01:00')).to.deep.equal(['q']);
        expect(await names('/api/v1/public/audit-events?action=saved_filter.created&to=2026-11-01T12:00:01Z')).to.deep.equal([]);
        expect(await names(`/api/v1/public/audit-events?actor=${RESERVED_LABEL}`)).to.deep.equal([]);
      });
    });
  });
});
