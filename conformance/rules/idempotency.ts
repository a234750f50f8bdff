import { randomBytes, randomUUID } from 'node:crypto';
import { dataOf, expectStatus, type Session } from '../session.js';

/** The idempotency-key rules of every operation that requires the header. */
export async function idempotencyRules(session: Session): Promise<void> {
  const ops = session.contract.operations.filter((op) => op.parameters.some((p) => p.name === 'idempotency-key' && p.in === 'header'));
  for (const op of ops) {
    const rule = (id: string, text: string) => [`idempotency:${op.operationId}:${id}`, `${op.method} ${op.pathTemplate}: ${text}`] as const;
    const replay = rule('replay', 'the same key with the same body replays the first response: same status and data, Idempotent-Replayed: true.');
    if (!session.credentialFor(op)) {
      session.book.skip(...replay, `needs ${op.security.map((s) => s.scheme).join(' or ')}; pass --token`);
      continue;
    }
    const body = (suffix: string) => ({ name: `${session.runTag} idem ${suffix}`, destinationUrl: session.webhookUrl, eventTypes: ['*'] });

    const missing = await session.call(op, { body: body('missing') });
    session.expect(...rule('required', 'a request without idempotency-key is 400.'), missing, expectStatus(missing, 400));
    const short = await session.call(op, { body: body('short'), headers: { 'idempotency-key': randomBytes(16).toString('base64url').slice(0, 21) } });
    session.expect(...rule('too-short', 'a key of 21 characters is 400.'), short, expectStatus(short, 400));
    const weak = await session.call(op, { body: body('weak'), headers: { 'idempotency-key': 'a'.repeat(30) } });
    session.expect(...rule('weak', 'a low-entropy key is 400 PUBLIC_API_WEAK_IDEMPOTENCY_KEY.'), weak, expectStatus(weak, 400, 'PUBLIC_API_WEAK_IDEMPOTENCY_KEY'));

    const key = randomUUID();
    const first = await session.call(op, { body: body('replay'), headers: { 'idempotency-key': key } });
    const second = await session.call(op, { body: body('replay'), headers: { 'idempotency-key': key } });
    const same = JSON.stringify(dataOf(first)) === JSON.stringify(dataOf(second));
    session.expect(
      ...replay,
      second,
      first.status >= 300
        ? `the first request failed with ${first.status}`
        : second.status !== first.status
          ? `status ${second.status} ≠ first ${first.status}`
          : !same
            ? 'data differs from the first response'
            : second.headers['idempotent-replayed'] !== 'true'
              ? `Idempotent-Replayed is ${JSON.stringify(second.headers['idempotent-replayed'])}`
              : undefined,
    );
    const reused = await session.call(op, { body: body('other body'), headers: { 'idempotency-key': key } });
    session.expect(...rule('reused', 'the same key with a different body is 409 PUBLIC_API_IDEMPOTENCY_KEY_REUSED.'), reused, expectStatus(reused, 409, 'PUBLIC_API_IDEMPOTENCY_KEY_REUSED'));
    const base64 = await session.call(op, { body: body('base64url'), headers: { 'idempotency-key': randomBytes(32).toString('base64url').slice(0, 22) } });
    session.expect(...rule('base64url', 'a high-entropy base64url key of 22 characters is accepted.'), base64, base64.status < 300 ? undefined : `got ${base64.status}`);
  }
}
