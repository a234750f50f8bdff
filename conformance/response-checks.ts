import type { ContractModel, Json, OperationSpec } from './contract-model.js';
import { describeExchange, type Exchange } from './http-client.js';
import type { Rulebook } from './rulebook.js';

export const RULES = {
  requestId: ['x-request-id', 'Every response carries X-Request-Id: req_ followed by 32 lowercase hex characters.'],
  envelope: ['envelope', 'Every success body is the envelope {success: true, data, requestId} with requestId equal to X-Request-Id.'],
  problem: [
    'problem-details',
    'Every failure is application/problem+json matching the Problem schema, with status equal to the HTTP status, requestId equal to X-Request-Id and instance the request path.',
  ],
  rateLimit: [
    'rate-limit-headers',
    'Every 200 and 429 of a rate-limited operation carries RateLimit-Limit/-Remaining/-Reset and the X-Service-RateLimit-* headers, valid and consistent (X- copies equal, Remaining ≤ Limit, Version 1).',
  ],
  retryAfter: ['retry-after', 'Every 429 and 503 carries Retry-After: an integer ≥ 1.'],
  wwwAuthenticate: ['www-authenticate', 'Every 401 carries a WWW-Authenticate Bearer challenge (RFC 6750).'],
  no500: ['no-500', 'No request, however malformed, is answered 500.'],
} as const satisfies Record<string, readonly [string, string]>;

const operationRule = (op: OperationSpec): [string, string] => [
  `responses:${op.operationId}`,
  `${op.method} ${op.pathTemplate}: every answer has a documented status, its media type, and a body and headers valid against the contract.`,
];

const RATE_HEADERS = [
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-service-ratelimit-limit',
  'x-service-ratelimit-remaining',
  'x-service-ratelimit-reset-after',
  'x-service-ratelimit-policy',
  'x-service-ratelimit-degraded',
  'x-service-ratelimit-version',
];

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Header values arrive as text; the contract types integers and booleans, so coerce before validating. */
function headerValue(raw: string, schema: Json): unknown {
  if ((schema.type === 'integer' || schema.type === 'number') && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  return raw;
}

/**
 * Checks one exchange against everything the contract and spec say about it. Called for every
 * response the kit provokes, so the cross-cutting rules (envelope, Problem, headers) see them all.
 */
export class ResponseChecker {
  /** Statuses seen per operation, to say which documented ones this run never provoked. */
  readonly observed = new Map<string, Set<string>>();

  constructor(
    private readonly contract: ContractModel,
    private readonly book: Rulebook,
  ) {
    for (const [id, text] of Object.values(RULES)) book.declare(id, text);
  }

  declareOperation(op: OperationSpec): void {
    const [id, text] = operationRule(op);
    this.book.declare(id, text);
  }

  check(op: OperationSpec | undefined, exchange: Exchange): void {
    const evidence = () => describeExchange(exchange);
    const book = this.book;
    const requestId = exchange.headers['x-request-id'];
    book.check(...RULES.requestId, requestId !== undefined && /^req_[0-9a-f]{32}$/.test(requestId) ? undefined : `X-Request-Id is ${JSON.stringify(requestId)}`, evidence);
    book.check(...RULES.no500, exchange.status === 500 ? 'answered 500' : undefined, evidence);
    const mediaType = (exchange.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();

    if (exchange.status >= 400) {
      const body = exchange.json;
      const problems: string[] = [];
      // The spec allows one exception: a draining backend may answer 503 {"error": "Backend is draining"}.
      const drainingException = exchange.status === 503 && mediaType === 'application/json' && isRecord(body) && body.error === 'Backend is draining';
      if (!drainingException) {
        if (mediaType !== 'application/problem+json') problems.push(`content-type is ${JSON.stringify(exchange.headers['content-type'])}`);
        const invalid = this.contract.validate(this.contract.schema('Problem'), body);
        if (invalid) problems.push(`body is not a Problem: ${invalid}`);
        if (isRecord(body)) {
          if (body.status !== exchange.status) problems.push(`status member ${JSON.stringify(body.status)} ≠ HTTP ${exchange.status}`);
          if (body.requestId !== requestId) problems.push(`requestId member ${JSON.stringify(body.requestId)} ≠ X-Request-Id ${requestId}`);
          const path = exchange.url.split('?')[0];
          if (path.startsWith('/api/') && body.instance !== path) problems.push(`instance ${JSON.stringify(body.instance)} ≠ request path ${path}`);
        }
      }
      book.check(...RULES.problem, problems.length ? problems.join('; ') : undefined, evidence);
    }

    if (exchange.status === 401) {
      const challenge = exchange.headers['www-authenticate'];
      book.check(...RULES.wwwAuthenticate, challenge && /^Bearer\b/i.test(challenge) ? undefined : `WWW-Authenticate is ${JSON.stringify(challenge)}`, evidence);
    }
    if (exchange.status === 429 || exchange.status === 503) {
      const retry = exchange.headers['retry-after'];
      book.check(...RULES.retryAfter, retry && /^[1-9]\d*$/.test(retry) ? undefined : `Retry-After is ${JSON.stringify(retry)}`, evidence);
    }

    if (!op) return;
    let seen = this.observed.get(op.operationId);
    if (!seen) this.observed.set(op.operationId, (seen = new Set()));
    seen.add(String(exchange.status));
    const rateLimited = op.security.length > 0;
    if (rateLimited && (exchange.status === 200 || exchange.status === 429)) {
      book.check(...RULES.rateLimit, this.rateLimitProblem(exchange.headers), evidence);
    }

    const response = op.responses.get(String(exchange.status));
    const [opRule, opText] = operationRule(op);
    if (exchange.status === 304 && response) return book.pass(opRule, opText);
    if (!response) {
      book.fail(opRule, opText, `status ${exchange.status} is not documented (documented: ${[...op.responses.keys()].join(', ')})\n${evidence()}`);
      return;
    }
    const problems: string[] = [];
    const schemaPointer = response.content[mediaType];
    if (Object.keys(response.content).length && !schemaPointer) {
      problems.push(`content-type ${JSON.stringify(exchange.headers['content-type'])} is not one of ${Object.keys(response.content).join(', ')}`);
    } else if (schemaPointer) {
      // JSON Lines (application/x-ndjson) is text: one JSON document a line, described as a string.
      const value = mediaType === 'application/json' || mediaType.endsWith('+json') ? exchange.json : exchange.text;
      const invalid = this.contract.validate(schemaPointer, value);
      if (invalid) problems.push(`body: ${invalid}`);
      const schema = this.contract.resolve(schemaPointer).node;
      const isEnvelope = Array.isArray(schema.required) && ['success', 'data', 'requestId'].every((k) => (schema.required as string[]).includes(k));
      if (isEnvelope) {
        const body = exchange.json;
        const envelopeProblem = !isRecord(body)
          ? 'body is not an object'
          : body.success !== true
            ? `success is ${JSON.stringify(body.success)}`
            : !('data' in body)
              ? 'data is missing'
              : body.requestId !== requestId
                ? `requestId ${JSON.stringify(body.requestId)} ≠ X-Request-Id ${requestId}`
                : undefined;
        book.check(...RULES.envelope, envelopeProblem, evidence);
      }
    }
    for (const [name, pointer] of Object.entries(response.headers)) {
      const raw = exchange.headers[name];
      if (raw === undefined) continue; // presence of the required ones is its own rule above
      const invalid = this.contract.validate(pointer, headerValue(raw, this.contract.resolve(pointer).node));
      if (invalid) problems.push(`header ${name}: ${JSON.stringify(raw)} ${invalid}`);
    }
    book.check(opRule, opText, problems.length ? problems.join('; ') : undefined, evidence);
  }

  /** Documented statuses no answer had, per operation: checked by the same rules when they do occur. */
  unprovoked(operations: readonly OperationSpec[]): string[] {
    return operations.flatMap((op) => {
      const seen = this.observed.get(op.operationId) ?? new Set<string>();
      const missing = [...op.responses.keys()].filter((s) => !seen.has(s));
      return missing.length ? [`${op.operationId}: ${missing.join(' ')}`] : [];
    });
  }

  private rateLimitProblem(headers: Record<string, string>): string | undefined {
    const missing = RATE_HEADERS.filter((h) => headers[h] === undefined);
    if (missing.length) return `missing ${missing.join(', ')}`;
    const int = (h: string) => (/^\d+$/.test(headers[h]) ? Number(headers[h]) : NaN);
    const problems: string[] = [];
    if (!(int('ratelimit-limit') >= 1)) problems.push(`RateLimit-Limit ${headers['ratelimit-limit']} is not an integer ≥ 1`);
    if (!(int('ratelimit-remaining') >= 0)) problems.push(`RateLimit-Remaining ${headers['ratelimit-remaining']} is not an integer ≥ 0`);
    if (!(int('ratelimit-reset') >= 0)) problems.push(`RateLimit-Reset ${headers['ratelimit-reset']} is not an integer ≥ 0`);
    if (!(int('x-service-ratelimit-reset-after') >= 1)) problems.push(`X-Service-RateLimit-Reset-After ${headers['x-service-ratelimit-reset-after']} is not an integer ≥ 1`);
    if (int('ratelimit-remaining') > int('ratelimit-limit')) problems.push('RateLimit-Remaining exceeds RateLimit-Limit');
    if (headers['x-service-ratelimit-limit'] !== headers['ratelimit-limit']) problems.push('X-Service-RateLimit-Limit ≠ RateLimit-Limit');
    if (headers['x-service-ratelimit-remaining'] !== headers['ratelimit-remaining']) problems.push('X-Service-RateLimit-Remaining ≠ RateLimit-Remaining');
    if (!['true', 'false'].includes(headers['x-service-ratelimit-degraded'])) problems.push(`X-Service-RateLimit-Degraded is ${headers['x-service-ratelimit-degraded']}`);
    if (headers['x-service-ratelimit-version'] !== '1') problems.push(`X-Service-RateLimit-Version is ${headers['x-service-ratelimit-version']}`);
    if (!headers['x-service-ratelimit-policy']) problems.push('X-Service-RateLimit-Policy is empty');
    return problems.length ? problems.join('; ') : undefined;
  }
}
