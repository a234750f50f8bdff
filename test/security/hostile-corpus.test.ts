import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Response } from 'supertest';
import { ADAPTERS } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { operationIndex, type OperationMeta } from '../../src/http/contract.js';
import { SELF_SERVED_OPERATIONS } from '../../src/http/operation-types.js';
import { SCOPES } from '../../src/auth/scopes.js';
import { hashToken, issueToken } from '../../src/auth/tokens.js';
import type { Dialect } from '../../src/ports/store.js';
import { nestedJson, openMcpSession } from './support.js';

/**
 * The hostile-input corpus: every class of the input-hygiene findings, plus fast-check generated
 * variations, sent to every operation of the contract and every tool, on every adapter at once.
 * Each request goes to both servers (same seed, same order, so same state); the answers must agree
 * in status, and none may be a 500 / -32603 or anything but a Problem / JSON-RPC error.
 * HOSTILE_SEED=<n> replays a run; HOSTILE_RUNS=<n> widens the generated part.
 */
const SEED = Number(process.env.HOSTILE_SEED ?? Date.now() % 2_147_483_647);
const GENERATED_RUNS = Number(process.env.HOSTILE_RUNS ?? 3);
const PROBLEM_CODE = /^[A-Z][A-Z0-9_]*$/;
const HIGH_LIMITS = {
  RATE_LIMIT_READ_PER_MINUTE: '1000000',
  RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
  RATE_LIMIT_INGEST_PER_MINUTE: '1000000',
  RATE_LIMIT_SEARCH_PER_MINUTE: '1000000',
  TOOL_RATE_LIMIT_PER_MINUTE: '1000000',
};

interface HostileRequest {
  label: string;
  /** Path with its templated segments already filled (raw, percent-encoding kept). */
  path: string;
  /** Raw query string without `?`, or ''. */
  query: string;
  /** Raw body text, or undefined for none. */
  body?: string;
  headers?: Record<string, string>;
}

const FIELD_NAMES = ['name', 'description', 'filters', 'metadata', 'spans', 'role', 'scopes', 'eventTypes', 'destinationUrl', 'body', 'title', 'status', 'expiresInSeconds', 'limit', 'offset', 'query', 'trace_id', 'confirmation', 'resourceType', 'resourceId', 'value', 'field', 'operator', 'id', 'pattern', 'enabled', 'traces'];

/** Strings of every UTF-16 unit (NUL, lone surrogates), numbers of every size, nested structures. */
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.string({ unit: fc.constantFrom('\u0000', '\ud800', '\udc00', 'a', '\u00e9', '😀'), maxLength: 6 }),
    fc.double(),
    fc.integer(),
    fc.constantFrom(1e20, -1e20, 9007199254740993, 2 ** 63, 1e308, '2026-12-31T23:59:60Z', '2026-02-30T00:00:00Z', randomUUID().toUpperCase(), ''),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie('value'), { maxKeys: 4 }),
  ),
})).value;
const hostileObject = fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { minKeys: 1, maxKeys: 6 });

/** Fixed classes of the findings: each a body text that a checked parser must refuse or survive. */
const BODY_CLASSES: [string, string][] = [
  ['nesting 10,000', nestedJson(10_000)],
  ['nesting 1,100 in a field', `{"name":"x","metadata":${nestedJson(1_100)}}`],
  ['NUL in a string', '{"name":"a\\u0000b","title":"t\\u0000","body":"\\u0000"}'],
  ['lone surrogate', '{"name":"\\ud800","body":"\\udfff"}'],
  ['unsafe numbers', '{"name":"x","limit":1e20,"expiresInSeconds":1e400}'],
  ['leap second', '{"name":"x","spans":[{"span_id":"s","name":"s","span_type":"LLM","status":"success","start_time":"2026-12-31T23:59:60Z"}]}'],
  ['null', 'null'],
  ['a bare string', '"x"'],
  ['truncated', '{"name":'],
  ['an array', '[1,2,3]'],
  ['__proto__ member', '{"name":"x","__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'],
];

/** Content-Encoding headers on a plain JSON body: a coding the body is not in, and codings no route reads. */
const CODING_CLASSES: [string, string][] = [
  ['br header on a plain body', 'br'],
  ['deflate header on a plain body', 'deflate'],
  ['an unknown coding (zstd)', 'zstd'],
  ['a list of codings', 'gzip, br'],
];

const QUERY_CLASSES: [string, string][] = [
  ['NUL in a value', 'framework=%00&cursor=%00'],
  ['lone surrogate as CESU-8', 'agentName=%ED%A0%80'],
  ['bad percent escape', 'q=%E0%A4%A'],
  ['repeated parameters', 'limit=1&limit=2&status=error&status=success'],
  ['unsafe numbers', 'limit=1e400&minLatencyMs=1e20&offset=1e20'],
  ['leap second', 'from=2026-12-31T23:59:60Z&to=2026-12-31T23:59:60Z'],
  ['nested objects', 'limit[a][b]=1&filters[0][x]=%00&__proto__[admin]=1'],
  ['uppercase uuid', `savedFilterId=${randomUUID().toUpperCase()}&groupId=${randomUUID().toUpperCase()}`],
];

const PATH_CLASSES: [string, string][] = [
  ['NUL', 'a%00b'],
  ['bad percent escape', '%E0%A4%A'],
  ['lone surrogate as CESU-8', '%ED%A0%80'],
  ['uppercase uuid', randomUUID().toUpperCase()],
  ['300 characters', 'x'.repeat(300)],
  ['emoji', '%F0%9F%98%80'],
  ['dot segment', '..%2F..'],
];

const fill = (operation: OperationMeta, value: (name: string) => string): string => operation.pathTemplate.replace(/\{([^}]+)\}/g, (_m, name: string) => value(name));
const hasBody = (operation: OperationMeta): boolean => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method);

function corpusFor(operation: OperationMeta, generated: Record<string, unknown>[]): HostileRequest[] {
  const someId = randomUUID();
  const plainPath = fill(operation, () => someId);
  // Query strings matter most to reads; writes get the two classes that reached the database.
  const queries = operation.method === 'GET' ? QUERY_CLASSES : QUERY_CLASSES.slice(0, 2);
  const requests: HostileRequest[] = queries.map(([label, query]) => ({ label: `query: ${label}`, path: plainPath, query }));
  if (/\{/.test(operation.pathTemplate)) {
    // Writes share their path parameters with the reads of the same resource: three classes suffice.
    const segments = operation.method === 'GET' ? PATH_CLASSES : PATH_CLASSES.slice(0, 3);
    for (const [label, segment] of segments) requests.push({ label: `path: ${label}`, path: fill(operation, () => segment), query: '' });
  }
  if (hasBody(operation)) {
    for (const [label, body] of BODY_CLASSES) requests.push({ label: `body: ${label}`, path: plainPath, query: '', body });
    requests.push({ label: 'body: gzip header on a plain body', path: plainPath, query: '', body: '{"name":"x"}', headers: { 'content-encoding': 'gzip' } });
    for (const [label, coding] of CODING_CLASSES) requests.push({ label: `body: ${label}`, path: plainPath, query: '', body: '{"name":"x"}', headers: { 'content-encoding': coding } });
    requests.push({ label: 'body: latin-1 charset', path: plainPath, query: '', body: '{"name":"x"}', headers: { 'content-type': 'application/json; charset=latin1' } });
    generated.forEach((value, index) => requests.push({ label: `body: generated #${index} ${JSON.stringify(value).slice(0, 80)}`, path: plainPath, query: '', body: JSON.stringify(value) }));
  }
  return requests;
}

interface Party {
  adapter: Dialect;
  server: TestServer;
  owner: string;
  guest: string;
  mcp: Awaited<ReturnType<typeof openMcpSession>>;
}

function send(party: Party, operation: OperationMeta, request: HostileRequest): Promise<Response> {
  const method = operation.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  const url = `${request.path}${request.query ? `?${request.query}` : ''}`;
  let call = party.server.request()[method](url);
  call = operation.security.some((entry) => entry.scheme === 'oauth2')
    ? call.set('authorization', `Bearer ${party.owner}`).set('x-project-id', party.server.tenant.project.id)
    : call.set('authorization', `ServiceGuest ${party.guest}`);
  call = call.set('idempotency-key', randomUUID());
  if (request.body === undefined) return call;
  return call.set('content-type', 'application/json').set(request.headers ?? {}).send(request.body);
}

function expectSoundAnswer(res: Response, where: string): void {
  expect(res.status, `${where}: ${res.text.slice(0, 300)}`).to.not.equal(500);
  if (res.status < 400) return;
  expect(res.headers['content-type'], where).to.match(/^application\/problem\+json/);
  expect(res.body.status, where).to.equal(res.status);
  expect(res.body.code, where).to.match(PROBLEM_CODE);
  expect(res.body.detail, where).to.be.a('string').with.length.within(1, 512);
  for (const error of (res.body.errors ?? []) as { path: string; code: string }[]) {
    expect(error.path, where).to.be.a('string').with.length.at.most(160);
    expect(error.code, where).to.match(/^[a-z0-9_]{1,64}$/);
  }
}

function expectSoundRpcAnswer(res: Response, where: string): { status: number; outcome: string } {
  expect(res.status, `${where}: ${res.text.slice(0, 300)}`).to.not.equal(500);
  if (res.status === 202) return { status: 202, outcome: 'accepted' };
  expect(res.headers['content-type'], where).to.match(/^application\/json/);
  expect(res.body.jsonrpc, where).to.equal('2.0');
  if (res.body.error) {
    expect(res.body.error.code, `${where}: ${res.text.slice(0, 300)}`).to.be.a('number').and.not.equal(-32603);
    expect(res.body.error.message, where).to.be.a('string');
    return { status: res.status, outcome: `error ${res.body.error.code}` };
  }
  expect(res.body.result, where).to.be.an('object');
  return { status: res.status, outcome: res.body.result.isError ? 'tool error' : 'result' };
}

describe(`hostile-input corpus on ${ADAPTERS.join(' and ')} (seed ${SEED})`, function () {
  this.timeout(180_000);
  const parties: Party[] = [];
  let generated: Record<string, unknown>[] = [];

  before(async () => {
    // The seed is printed so a failure can be replayed with HOSTILE_SEED.
    console.log(`      hostile corpus: HOSTILE_SEED=${SEED}`);
    generated = fc.sample(hostileObject, { seed: SEED, numRuns: GENERATED_RUNS });
    for (const adapter of ADAPTERS) {
      const server = await startTestServer(adapter, { env: HIGH_LIMITS });
      const owner = await server.oauthToken(server.tenant.user.id, [...SCOPES], { expiresInMs: 86_400_000 });
      const guest = issueToken('guestReview');
      await server.runtime.store.guestTokens.create({
        id: randomUUID(), tokenHash: hashToken(guest), organizationId: server.tenant.organization.id, projectId: server.tenant.project.id, resourceType: 'trace',
        resourceId: 'none', createdByCredentialId: 'corpus', expiresAt: new Date(server.clock.now().getTime() + 86_400_000), revokedAt: null, createdAt: server.clock.now(),
      });
      parties.push({ adapter, server, owner, guest, mcp: await openMcpSession(server) });
    }
  });
  after(async () => Promise.all(parties.map((party) => party.server.close())));

  describe('every REST operation', () => {
    // OTLP/HTTP answers in its own protocol (google.rpc.Status, not Problems); its hostile bodies —
    // undecodable payloads, bombs, oversize, deep nesting, huge exports — are in
    // test/otlp/export-protocol.test.ts and test/otlp/hostile-exports.test.ts.
    const selfServed: ReadonlySet<string> = new Set(SELF_SERVED_OPERATIONS);
    for (const operation of operationIndex().filter((op) => !selfServed.has(op.operationId))) {
      it(`${operation.method} ${operation.pathTemplate}: no 500, Problems only, same status on every adapter`, async () => {
        for (const request of corpusFor(operation, generated)) {
          // The adapters answer in parallel; each server still sees the corpus in the same order.
          const answers = await Promise.all(
            parties.map(async (party) => {
              const res = await send(party, operation, request);
              expectSoundAnswer(res, `[${party.adapter}] ${operation.operationId} ${request.label}`);
              return `${res.status} ${res.body?.code ?? ''}`;
            }),
          );
          expect(new Set(answers).size, `${operation.operationId} ${request.label}: ${answers.join(' vs ')}`).to.equal(1);
        }
      });
    }
  });

  describe('every body-reading route outside the contract, before any credential', () => {
    // The Content-Encoding findings: these answered 500 / -32603 with a logged stack to anyone.
    const ROUTES: [string, string, string][] = [
      ['/mcp', 'application/json', '{"jsonrpc":"2.0","id":1,"method":"ping"}'],
      ['/oauth/register', 'application/json', '{"redirect_uris":["http://127.0.0.1/cb"]}'],
      ['/oauth/token', 'application/x-www-form-urlencoded', 'grant_type=authorization_code&code=x'],
      ['/oauth/revoke', 'application/x-www-form-urlencoded', 'token=x'],
      ['/account/password', 'application/x-www-form-urlencoded', 'token=x&password=y'],
      ['/account/invitation', 'application/json', '{"token":"x"}'],
    ];
    for (const [path, contentType, body] of ROUTES) {
      it(`POST ${path}: every coding class answers a 4xx Problem (JSON-RPC error on /mcp), never 500, alike on every adapter`, async () => {
        for (const [label, coding] of CODING_CLASSES) {
          const answers = await Promise.all(
            parties.map(async (party) => {
              const res = await party.server.request().post(path).set('content-type', contentType).set('content-encoding', coding).send(body);
              const where = `[${party.adapter}] ${path} ${label}`;
              expect(res.status, `${where}: ${res.text.slice(0, 300)}`).to.be.within(400, 499);
              if (path === '/mcp') expectSoundRpcAnswer(res, where);
              else expectSoundAnswer(res, where);
              return res.status;
            }),
          );
          expect(new Set(answers).size, `${path} ${label}: ${answers.join(' vs ')}`).to.equal(1);
        }
      });
    }
  });

  describe('every tool (POST /mcp, tools/call in a session)', () => {
    it('answers every hostile argument set with a JSON-RPC error or a tool error, never -32603, alike on every adapter', async () => {
      const listed = await parties[0].mcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      const tools = listed.body.result.tools as { name: string; inputSchema: { properties?: Record<string, { type?: string }> } }[];
      expect(tools.length).to.be.greaterThan(5);
      const argumentSets = (tool: (typeof tools)[number]): [string, string][] => {
        const properties = Object.entries(tool.inputSchema.properties ?? {});
        const each = (value: (type: string | undefined) => string) => `{${properties.map(([name, schema]) => `${JSON.stringify(name)}:${value(schema.type)}`).join(',')}}`;
        return [
          ['NUL in every string', each((type) => (type === 'string' ? '"a\\u0000"' : '"\\u0000"'))],
          ['lone surrogate everywhere', each(() => '"\\ud800"')],
          ['1e20 everywhere', each(() => '1e20')],
          ['leap second everywhere', each(() => '"2026-12-31T23:59:60Z"')],
          ['uppercase uuid everywhere', each(() => `"${randomUUID().toUpperCase()}"`)],
          ['nesting 10,000', nestedJson(10_000)],
          ['null arguments', 'null'],
          ['array arguments', '[]'],
          ...generated.map((value, index): [string, string] => [`generated #${index}`, JSON.stringify(Object.fromEntries(properties.map(([name], i) => [name, Object.values(value)[i % Object.values(value).length]])))]),
        ];
      };
      let id = 100;
      for (const tool of tools) {
        for (const [label, args] of argumentSets(tool)) {
          id += 1;
          const message = `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":${JSON.stringify(tool.name)},"arguments":${args}}}`;
          const outcomes = await Promise.all(parties.map(async (party) => expectSoundRpcAnswer(await party.mcp(message), `[${party.adapter}] ${tool.name} ${label}`)));
          expect(new Set(outcomes.map((o) => `${o.status} ${o.outcome}`)).size, `${tool.name} ${label}: ${JSON.stringify(outcomes)}`).to.equal(1);
        }
      }
    });

    it('refuses transport-level junk (null, gzip header, nesting, NUL method) without -32603', async () => {
      for (const [label, body] of [
        ['null', 'null'],
        ['a number', '1e400'],
        ['NUL in the method', '{"jsonrpc":"2.0","id":1,"method":"tools/\\u0000call"}'],
        ['nesting 10,000', nestedJson(10_000)],
        ['empty batch', '[]'],
        ['lone surrogate id', '{"jsonrpc":"2.0","id":"\\ud800","method":"ping"}'],
      ]) {
        const outcomes = [];
        for (const party of parties) outcomes.push(expectSoundRpcAnswer(await party.mcp(body), `[${party.adapter}] ${label}`));
        expect(new Set(outcomes.map((o) => `${o.status} ${o.outcome}`)).size, label).to.equal(1);
      }
    });
  });
});
