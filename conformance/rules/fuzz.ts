import fc from 'fast-check';
import type { OperationSpec } from '../contract-model.js';
import { excerpt, type Exchange } from '../http-client.js';
import { mutationOf, valueOf } from '../schema-arbitrary.js';
import { dataOf, type Session } from '../session.js';

/** Never fuzzed: deletions would remove the kit's own fixtures, lifecycle operations spend a scarce bucket. */
const EXCLUDED = new Set(['createServiceAccount', 'bindServiceAccount', 'unbindServiceAccount', 'createServiceAccountToken', 'revokeServiceAccountToken', 'rotateServiceAccountToken', 'testWebhook']);

/** How long one operation's generated requests may take, rate-limit waits planned ahead excluded. */
const FUZZ_TIME_LIMIT_MS = 60_000;

interface GeneratedRequest {
  query: Record<string, string | undefined>;
  body?: unknown;
  mutation?: string;
}

function requestsFor(session: Session, op: OperationSpec): fc.Arbitrary<GeneratedRequest> {
  const queryParams = op.parameters.filter((p) => p.in === 'query' && p.name !== 'cursor');
  const queryRecord: Record<string, fc.Arbitrary<string>> = {};
  for (const p of queryParams) {
    queryRecord[p.name] = fc.oneof(
      { weight: 4, arbitrary: valueOf(session.contract, p.schema).map((v) => String(v)) },
      { weight: 1, arbitrary: fc.constantFrom('', 'abc', '-1', '1e309', '\u0000', 'x'.repeat(3000), '[]', 'true') },
    );
  }
  const query = fc.record(queryRecord, { requiredKeys: [] });
  if (!op.body) return query.map((q) => ({ query: q }));
  const valid = valueOf(session.contract, op.body.schema);
  return fc.tuple(query, valid, fc.option(mutationOf, { freq: 2 })).map(([q, body, mutation]) => ({
    query: q,
    body: mutation ? mutation.apply(body) : body,
    mutation: mutation?.kind,
  }));
}

/** What every answer to a generated request must satisfy, beyond the checker's rules: a documented status. */
async function sendGenerated(session: Session, op: OperationSpec, request: GeneratedRequest, path: Record<string, string>): Promise<Exchange> {
  const headers: Record<string, string> = op.parameters.some((p) => p.name === 'idempotency-key') ? { 'idempotency-key': crypto.randomUUID() } : {};
  return session.call(op, { path, query: request.query, body: request.body, headers });
}

/** A fingerprint of what the read operations show, to prove reads changed nothing. */
async function snapshot(session: Session): Promise<string> {
  const parts: string[] = [];
  for (const op of session.contract.operations.filter((o) => o.method === 'GET' && !o.pathTemplate.includes('{') && o.parameters.some((p) => p.name === 'limit'))) {
    if (!session.credentialFor(op)) continue;
    const credential = session.credentialFor(op)!;
    const res = await session.client.send({ method: 'GET', url: session.urlOf(op, { query: { limit: 50 } }), headers: session.credentialHeaders(credential), budget: session.budgetOf(credential, op) });
    const data = dataOf(res);
    const list = data ? Object.values(data).find(Array.isArray) : undefined;
    parts.push(`${op.operationId}:${res.status}:${JSON.stringify(list ?? null)}`);
  }
  return parts.join('\n');
}

/** The first list that differs between two snapshots, and its text either side of the first character that does. */
export function whereTheyDiffer(before: string, after: string): string {
  const beforeLines = before.split('\n');
  const afterLines = after.split('\n');
  const line = beforeLines.findIndex((text, index) => text !== afterLines[index]);
  const at = line < 0 ? beforeLines.length : line;
  const was = beforeLines[at] ?? '';
  const is = afterLines[at] ?? '';
  let column = 0;
  while (column < was.length && was[column] === is[column]) column++;
  const list = (was || is).split(':')[0];
  const around = (text: string) => `${column > 80 ? '…' : ''}${excerpt(text.slice(Math.max(0, column - 80)))}`;
  return `${list}, from character ${column}:\nbefore: ${around(was)}\nafter: ${around(is)}`;
}

/**
 * Property-based fuzzing from the contract's schemas: for each operation, requests with valid and
 * mutated inputs (wrong types, boundary lengths, unknown properties, huge bodies, odd unicode, deep
 * nesting). Every answer must be documented, never 500, a valid Problem when it fails and valid
 * against the contract when it succeeds; read operations must change nothing.
 */
export async function fuzzRules(session: Session): Promise<void> {
  const runs = session.options.fuzzRuns;
  const seed = session.options.seed;
  const ops = session.contract.operations.filter((op) => !EXCLUDED.has(op.operationId) && op.method !== 'DELETE');
  const reads = ops.filter((op) => op.readOnly);
  const writes = ops.filter((op) => !op.readOnly);
  session.log(`fuzz: seed ${seed}, ${runs} runs per operation (replay with --seed ${seed})`);

  const readRule = ['fuzz:read-only', 'Read operations change nothing: every list shows the same items before and after the generated reads.'] as const;
  if (runs === 0) {
    session.book.skip(...readRule, 'fuzzing off (--fuzz-runs 0)');
    return;
  }
  const before = await snapshot(session);
  for (const [index, op] of [...reads, ...writes].entries()) {
    if (op === writes[0]) {
      const after = await snapshot(session);
      if (before === after) session.book.pass(...readRule);
      else session.book.fail(...readRule, `lists differ after ${reads.length} read operations were fuzzed\n${whereTheyDiffer(before, after)}`);
    }
    const id = `fuzz:${op.operationId}`;
    const text = `${op.method} ${op.pathTemplate}: generated requests (valid and mutated) are never 500, fail as valid Problems and succeed as the contract says.`;
    const credential = session.credentialFor(op);
    if (!credential) {
      session.book.skip(id, text, 'no credential for this operation; pass --token');
      continue;
    }
    const path: Record<string, string> = {};
    for (const p of op.parameters.filter((q) => q.in === 'path')) {
      const collection = op.pathTemplate.slice(0, op.pathTemplate.indexOf(`/{${p.name}}`));
      path[p.name] = session.ids.get(collection) ?? crypto.randomUUID();
    }
    // The time limit bounds the deployment's work, not the kit's pacing: a window about to run out
    // is waited for before the clock starts (a full window is as long as the limit itself).
    await session.pacer.reserve(session.budgetOf(credential, op), runs);
    const waitedBefore = session.pacer.waited;
    const opSeed = seed + index;
    // The last failing request, kept while shrinking runs more (passing) requests.
    let failing: { exchange: Exchange; broken: string[] } | undefined;
    const result = await fc.check(
      fc.asyncProperty(requestsFor(session, op), async (request) => {
        const failuresBefore = session.book.failureCount();
        const exchange = await sendGenerated(session, op, request, path);
        const broken = session.book.failuresSince(failuresBefore);
        if (broken.length) failing = { exchange, broken };
        return broken.length === 0;
      }),
      { seed: opSeed, numRuns: runs, endOnFailure: false, maxSkipsPerRun: 10, interruptAfterTimeLimit: FUZZ_TIME_LIMIT_MS },
    );
    if (result.failed && result.interrupted && !failing) {
      const waited = (session.pacer.waited - waitedBefore) / 1000;
      session.book.fail(id, text, `no request completed within the time limit of ${FUZZ_TIME_LIMIT_MS / 1000} s (${waited.toFixed(1)} s of it waiting for rate-limit windows); seed ${result.seed}\nreplay: npm run conformance -- … --seed ${seed}`);
      continue;
    }
    if (result.failed) {
      const counterexample = result.counterexample?.[0] as GeneratedRequest | undefined;
      session.book.fail(
        id,
        text,
        [
          `seed ${result.seed}, path ${result.counterexamplePath ?? '-'}, after ${result.numRuns} runs and ${result.numShrinks} shrinks`,
          `shrunk counterexample: ${excerpt(JSON.stringify(counterexample ?? null))}${counterexample?.mutation ? ` (${counterexample.mutation})` : ''}`,
          failing ? `answer: ${failing.exchange.status} ${excerpt(failing.exchange.text)}` : `error: ${excerpt(String((result.errorInstance as Error | undefined)?.stack ?? result.errorInstance))}`,
          ...(failing?.broken ?? []).map((b) => `broke ${b.split('\n').slice(0, 2).join(' — ')}`),
          `replay: npm run conformance -- … --seed ${seed}`,
        ].join('\n'),
      );
    } else {
      session.book.pass(id, text);
    }
  }
}
