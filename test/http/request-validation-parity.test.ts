import { expect } from 'chai';
import fc from 'fast-check';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContractModel, type OperationSpec } from '../../conformance/contract-model.js';
import { mutationOf, valueOf } from '../../conformance/schema-arbitrary.js';
import { checkedJsonBody } from '../../src/http/checked-json-body.js';
import { contractValidator, loadOperationValidators, loadRequestValidationIndex } from '../../src/http/contract-validator.js';
import { openApiValidator } from '../../src/http/openapi-validator.js';
import { toProblem } from '../../src/http/problem-response.js';
import { precompiledRequestValidator } from '../../src/http/request-validation/precompiled-request-validator.js';
import { outsidePublicApi } from '../../src/http/request-validation/public-api-paths.js';

interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}
interface Answer {
  status: number;
  body: unknown;
}

/**
 * An app as the server is built around its request validation: the extended query parser, the
 * public API's JSON body reader, the validator, a route per operation (so route parameters go through
 * app.param as they do in the server) and an error handler answering the Problem the server would.
 * The routes echo what a handler would read: parameters, query, body and the headers it validates.
 */
function appWith(validator: express.RequestHandler | express.Router, operations: readonly OperationSpec[]): Express {
  const app = express();
  app.set('query parser', 'extended');
  app.use('/api/v1/public', checkedJsonBody(1024 * 1024));
  app.use(validator);
  // As text: where answers are checked too (VALIDATE_RESPONSES), the validator checks what res.json sends.
  const echo = (req: Request, res: Response) => {
    res.status(200).type('text/plain').send(JSON.stringify({ params: req.params, query: req.query, body: req.body as unknown, projectId: req.headers['x-project-id'] ?? null }));
  };
  for (const op of operations) {
    const method = op.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    app[method](op.pathTemplate.replace(/\{([^}]+)\}/g, ':$1'), echo);
  }
  app.use((req: Request, res: Response) => void res.status(299).json({ unrouted: req.path }));
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const problem = toProblem(error, req.method);
    res.status(problem.status).json({ code: problem.code, detail: problem.detail, errors: problem.errors ?? null });
  });
  return app;
}

function send(port: number, request: RawRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // A body is framed by its length: node sends a DELETE's body unframed otherwise.
    const headers = request.body === undefined ? request.headers : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) };
    const req = http.request({ host: '127.0.0.1', port, method: request.method, path: request.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // a non-JSON answer is compared as text
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer within 10 s to ${request.method} ${request.path}`)));
    req.end(request.body);
  });
}

async function listen(app: Express): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const odd = fc.constantFrom('', 'abc', '-1', '0', '1.5', '1e309', 'true', 'null', '[]', '{}', '%00', '%E0%A4%A', '%2C', 'a,b', 'a+b', ' ', 'x'.repeat(300));

/**
 * The server's request validation is compiled ahead of time (scripts/request-validators.ts) from
 * express-openapi-validator's own construction. This holds the two to the same behaviour: for every
 * operation of the contract, generated requests — valid and mutated parameters and bodies, undeclared
 * and bracketed query names, repeated names, odd escapes, media types, wrong methods, letter cases —
 * get the same status and Problem (code, detail, field errors) from both, and where they pass, the
 * handler reads the same parameters, query, body and headers (coercion and defaults included) — with
 * requests checked alone, and with answers checked too (the server's router against the one validator doing both).
 */
describe('request validation: the precompiled validators answer as express-openapi-validator does', function () {
  this.timeout(600_000);
  const contract = ContractModel.load();
  const operations = contract.operations.filter((op) => op.pathTemplate.startsWith('/api/v1/public'));
  // Two pairs: requests alone, and with answers checked too (as tests and development run the server).
  const pairs: { name: string; reference: Awaited<ReturnType<typeof listen>>; precompiled: Awaited<ReturnType<typeof listen>> }[] = [];

  before(async () => {
    pairs.push({
      name: 'requests checked',
      reference: await listen(appWith(openApiValidator({ validateRequests: true, validateResponses: false }), operations)),
      precompiled: await listen(appWith(precompiledRequestValidator({ index: loadRequestValidationIndex(), validators: loadOperationValidators, ignores: outsidePublicApi }), operations)),
    });
    pairs.push({
      name: 'answers checked too',
      reference: await listen(appWith(openApiValidator({ validateRequests: true, validateResponses: true }), operations)),
      precompiled: await listen(appWith(await contractValidator({ validateResponses: true }), operations)),
    });
  });
  after(async () => {
    for (const pair of pairs) {
      await pair.reference.close();
      await pair.precompiled.close();
    }
  });

  const expectSameAnswer = async (request: RawRequest): Promise<void> => {
    if (process.env.PARITY_TRACE) console.error(JSON.stringify(request).slice(0, 400));
    for (const pair of pairs) {
      const [expected, actual] = [await send(pair.reference.port, request), await send(pair.precompiled.port, request)];
      // Compared as text: a failing deep-equal of a megabyte body would spend minutes on its diff.
      const [want, got] = [JSON.stringify(expected), JSON.stringify(actual)];
      if (want !== got) {
        expect.fail(`${pair.name}: ${request.method} ${request.path} ${JSON.stringify(request.headers)} ${request.body?.slice(0, 300) ?? ''}\nexpected ${want.slice(0, 1500)}\nactual   ${got.slice(0, 1500)}`);
      }
    }
  };

  function requestsFor(op: OperationSpec): fc.Arbitrary<RawRequest> {
    const pathParams = op.parameters.filter((p) => p.in === 'path');
    const queryParams = op.parameters.filter((p) => p.in === 'query');
    const headerParams = op.parameters.filter((p) => p.in === 'header');
    const pathValue = (schema: Record<string, unknown>) => fc.oneof({ weight: 3, arbitrary: valueOf(contract, schema).map(String) }, { weight: 1, arbitrary: odd });
    const undeclared = fc.tuple(fc.constantFrom('unknown', 'a[b]', 'a[]', 'limit[x]', 'filter[', 'q]'), odd.map((v) => [v]));
    const declared = queryParams.length
      ? fc.constantFrom(...queryParams).chain((p) => fc.tuple(fc.constant(p.name), fc.oneof({ weight: 3, arbitrary: valueOf(contract, p.schema).map((v) => (Array.isArray(v) ? v.map(String) : [String(v)])) }, { weight: 1, arbitrary: odd.map((v) => [v]) })))
      : undefined;
    // Mostly declared names (or none, where the operation declares none), so that most requests reach the validators.
    const queryEntries = declared
      ? fc.array(fc.oneof({ weight: 8, arbitrary: declared }, { weight: 1, arbitrary: undeclared }), { maxLength: 4 })
      : fc.oneof({ weight: 6, arbitrary: fc.constant([] as [string, string[]][]) }, { weight: 1, arbitrary: fc.array(undeclared, { minLength: 1, maxLength: 2 }) });
    const query = queryEntries.map((entries) =>
      entries.flatMap(([name, values]) => values.map((value) => `${encodeURIComponent(name).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${/^%|^$/.test(value) ? value : encodeURIComponent(value)}`)).join('&'),
    );
    const headers = fc.record(
      // Header values as HTTP carries them: printable ASCII (node refuses to send anything else).
      Object.fromEntries(headerParams.map((p) => [p.name.toLowerCase(), fc.oneof({ weight: 3, arbitrary: valueOf(contract, p.schema).map((v) => String(v).replace(/[^\x20-\x7e]/g, '?')) }, { weight: 1, arbitrary: fc.constantFrom('', 'not-a-uuid', '00000000-0000-0000-0000-000000000000') })])),
      { requiredKeys: [] },
    );
    const mediaType = fc.constantFrom<string | undefined>('application/json', 'application/json', 'application/json; charset=utf-8', 'application/JSON', undefined, 'text/plain', 'application/merge-patch+json', 'multipart/form-data; boundary=x');
    const body = op.body
      ? fc.oneof({ weight: 3, arbitrary: valueOf(contract, op.body.schema) }, { weight: 2, arbitrary: fc.tuple(valueOf(contract, op.body.schema), mutationOf).map(([value, mutation]) => mutation.apply(value)) }, { weight: 1, arbitrary: fc.constant(undefined) })
      : fc.option(fc.constant({ unexpected: true }), { freq: 4 });
    const method = fc.oneof({ weight: 8, arbitrary: fc.constant(op.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS') });
    const pathShape = fc.constantFrom('as is', 'as is', 'as is', 'trailing slash', 'upper case');
    return fc
      .record({ values: fc.tuple(...pathParams.map((p) => pathValue(p.schema))), query, headers, mediaType, body, method, pathShape })
      .map(({ values, query: queryString, headers: headerValues, mediaType: type, body: bodyValue, method: verb, pathShape: shape }) => {
        let path = op.pathTemplate;
        pathParams.forEach((p, position) => {
          const value = (values as string[])[position];
          path = path.replace(`{${p.name}}`, /^%/.test(value) ? value : encodeURIComponent(value));
        });
        if (shape === 'trailing slash') path += '/';
        if (shape === 'upper case') path = path.replace('/api/v1/public', '/API/v1/public');
        const requestHeaders: Record<string, string> = { ...(headerValues as Record<string, string>) };
        const text = bodyValue === undefined || verb === 'GET' || verb === 'HEAD' ? undefined : JSON.stringify(bodyValue);
        if (text !== undefined && type) requestHeaders['content-type'] = type;
        return { method: verb, path: queryString ? `${path}?${queryString}` : path, headers: requestHeaders, body: text };
      });
  }

  for (const op of operations) {
    it(`${op.operationId} (${op.method} ${op.pathTemplate}): generated requests get the same answer`, async () => {
      await fc.assert(
        fc.asyncProperty(requestsFor(op), async (request) => {
          await expectSameAnswer(request);
        }),
        { numRuns: Number(process.env.PARITY_RUNS ?? 40), seed: 20261201, endOnFailure: true },
      );
    });
  }

  it('answers paths that are no operation alike: unknown paths, a path below an operation, malformed escapes, paths outside the API', async () => {
    for (const path of ['/api/v1/public/nope', '/api/v1/public', '/api/v1/public/', '/api/v1/public/traces/%E0%A4%A', '/api/v1/public/project/extra', '/api/v1/publicity', '/elsewhere', '/api/v1/public/traces?x=1&x=2']) {
      for (const method of ['GET', 'POST', 'DELETE']) await expectSameAnswer({ method, path, headers: {} });
    }
  });
});
