import { randomUUID } from 'node:crypto';
import type { OperationSpec, ParameterSpec } from '../contract-model.js';
import { dataOf, expectStatus, type Session } from '../session.js';
import { knownGoodBody, traceBody } from './operations.js';

const INVALID = 'PUBLIC_API_INVALID_CURSOR';
const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** A value the parameter's schema accepts, different from "absent": what a changed filter looks like. */
function boundValue(session: Session, p: ParameterSpec): string | undefined {
  const s = p.schema;
  // A value other than the default: sending the default is the first request's own choice, not a change.
  if (Array.isArray(s.enum)) {
    const other = s.enum.find((value) => value !== s.default);
    return other === undefined ? undefined : String(other);
  }
  if (s.format === 'date-time') return '2020-01-01T00:00:00.000Z';
  if (s.format === 'uuid') return session.ids.get('/api/v1/public/saved-filters') ?? randomUUID();
  if (s.type === 'number' || s.type === 'integer') return String(typeof s.minimum === 'number' ? s.minimum : 0);
  if (s.type === 'boolean') return 'true';
  if (s.type === 'string') return 'conformance';
  return undefined;
}

const nextCursorOf = (data: Record<string, unknown> | undefined): string | undefined => {
  const page = data?.page as { nextCursor?: unknown } | undefined;
  return typeof page?.nextCursor === 'string' ? page.nextCursor : undefined;
};

/** Flips one character in the middle of the cursor to another of the base64url alphabet. */
export function tamper(cursor: string): string {
  const i = Math.floor(cursor.length / 2);
  const replacement = cursor[i] === 'A' ? 'B' : 'A';
  return `${cursor.slice(0, i)}${replacement}${cursor.slice(i + 1)}`;
}

/**
 * The spec's cursor rules on every cursor-paginated list the kit can fill: a cursor is copied
 * unchanged, bound to the credential, project, endpoint, filters and sort of the first request;
 * the limit may change; a chain lives 15 minutes from its first cursor.
 */
export async function cursorRules(session: Session): Promise<void> {
  const ingest = session.op('ingestTrace');
  if (session.credentialFor(ingest)) {
    for (let i = 0; i < 3; i += 1) await session.call(ingest, { body: traceBody(`${session.runTag}-c${i}-${randomUUID().slice(0, 6)}`, session.runTag) });
  }
  // Lists the kit can page without knowing a query (a search needs its `q`, which it does not invent).
  const lists = session.contract.operations.filter(
    (op) => op.method === 'GET' && op.parameters.some((p) => p.name === 'cursor') && !op.pathTemplate.includes('{') && !op.parameters.some((p) => p.in === 'query' && p.required),
  );
  const others = (op: OperationSpec) => lists.filter((o) => o !== op && session.credentialFor(o));
  for (const op of lists) {
    const name = op.operationId;
    const rule = (id: string, text: string) => [`cursor:${name}:${id}`, `${op.method} ${op.pathTemplate}: ${text}`] as const;
    const follow = rule('follow', 'nextCursor copied unchanged returns the next page (200).');
    const credential = session.credentialFor(op);
    if (!credential) {
      session.book.skip(...follow, 'no credential for this list; pass --token');
      continue;
    }
    // Two items make a second page: create them where the list has a create operation the kit can fill.
    const create = session.contract.operations.find((o) => o.method === 'POST' && o.pathTemplate === op.pathTemplate && o.operationId !== 'ingestTrace');
    if (create && session.credentialFor(create) && !['createServiceAccount'].includes(create.operationId)) {
      for (let i = 0; i < 2; i += 1) {
        const headers: Record<string, string> = create.parameters.some((p) => p.name === 'idempotency-key') ? { 'idempotency-key': randomUUID() } : {};
        await session.call(create, { body: knownGoodBody(session, create), headers });
      }
    }
    const first = await session.call(op, { query: { limit: 1 } });
    const cursor = nextCursorOf(dataOf(first));
    if (!cursor) {
      session.book.skip(...follow, `fewer than 2 items in the list (status ${first.status}), so no cursor to check`);
      continue;
    }
    const next = await session.call(op, { query: { limit: 1, cursor } });
    session.expect(...follow, next, expectStatus(next, 200));

    const limitChange = await session.call(op, { query: { limit: 2, cursor } });
    session.expect(...rule('limit-change', 'changing limit between pages is allowed (200).'), limitChange, expectStatus(limitChange, 200));

    const tampered = await session.call(op, { query: { limit: 1, cursor: tamper(cursor) } });
    session.expect(...rule('tamper', `a cursor with one character changed is 400 ${INVALID}.`), tampered, expectStatus(tampered, 400, INVALID));
    const garbage = await session.call(op, { query: { limit: 1, cursor: 'not-a-cursor' } });
    session.expect(...rule('garbage', `a string that was never a cursor is 400 ${INVALID}.`), garbage, expectStatus(garbage, 400, INVALID));

    for (const p of op.parameters.filter((q) => q.in === 'query' && q.name !== 'limit' && q.name !== 'cursor' && q.cursorBound)) {
      const value = boundValue(session, p);
      if (value === undefined) continue;
      const res = await session.call(op, { query: { limit: 1, cursor, [p.name]: value } });
      session.expect(...rule(`bound:${p.name}`, `adding the filter ${p.name} to a cursor's request is 400 ${INVALID} (filters are bound).`), res, expectStatus(res, 400, INVALID));
    }

    const endpointRule = rule('endpoint', `the cursor on another list endpoint is 400 ${INVALID}.`);
    const other = others(op)[0];
    if (other) {
      const res = await session.call(other, { query: { limit: 1, cursor } });
      session.expect(...endpointRule, res, expectStatus(res, 400, INVALID));
    } else session.book.skip(...endpointRule, 'no second list the kit can call');

    const credentialRule = rule('credential', `the cursor with another credential is 400 ${INVALID}.`);
    const otherCredential = credential === 'key' && session.options.token && op.security.some((s) => s.scheme === 'oauth2' || s.scheme === 'serviceAccount') ? 'token' : undefined;
    if (otherCredential) {
      const res = await session.call(op, { query: { limit: 1, cursor }, credential: otherCredential });
      session.expect(...credentialRule, res, expectStatus(res, 400, INVALID));
    } else session.book.skip(...credentialRule, 'needs a second credential for the same project (--token)');

    const expiryRule = rule('expiry', `a cursor chain is valid 15 minutes from its first cursor; after that 400 ${INVALID}.`);
    if (session.options.advanceClock) {
      const fresh = nextCursorOf(dataOf(await session.call(op, { query: { limit: 1 } })));
      await session.advanceClock(FIFTEEN_MINUTES - 5_000);
      const stillValid = await session.call(op, { query: { limit: 1, cursor: fresh } });
      session.expect(...rule('expiry-within', 'a cursor chain is still valid just before 15 minutes (200).'), stillValid, expectStatus(stillValid, 200));
      const followOn = nextCursorOf(dataOf(stillValid));
      await session.advanceClock(10_000);
      const expired = await session.call(op, { query: { limit: 1, cursor: followOn ?? fresh } });
      session.expect(...expiryRule, expired, expectStatus(expired, 400, INVALID));
    } else if (session.options.cursorLifetimeSeconds) {
      const fresh = nextCursorOf(dataOf(await session.call(op, { query: { limit: 1 } })));
      await new Promise((resolve) => setTimeout(resolve, (session.options.cursorLifetimeSeconds! + 1) * 1000));
      const expired = await session.call(op, { query: { limit: 1, cursor: fresh } });
      session.expect(...rule('expiry', `a cursor chain past the deployment's lifetime (${session.options.cursorLifetimeSeconds} s) is 400 ${INVALID}.`), expired, expectStatus(expired, 400, INVALID));
    } else session.book.skip(...expiryRule, 'the deployment exposes no test clock to this run and no --cursor-lifetime-seconds was given (15 minutes not waited out)');
  }
}
