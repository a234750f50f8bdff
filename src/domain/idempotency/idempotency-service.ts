import { createHash } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { ProblemError } from '../../errors.js';
import { canonicalJson } from '../../pagination/cursor.js';
import type { IdempotencyRecord, IdempotencyScope } from '../../ports/idempotency.js';
import type { Store } from '../../ports/store.js';
import { assertStrongIdempotencyKey } from './idempotency-key.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotentResponse<T> {
  status: number;
  body: T;
  /** true when this is the stored first response to the key. */
  replayed: boolean;
}

export interface IdempotentRequest {
  scope: IdempotencyScope;
  /** The operation the key was first used with: the same key on another operation is a reuse. */
  operationId: string;
  body: unknown;
}

/**
 * Stripe-style idempotency for any mutation. The key is claimed, the work done and the response
 * stored in ONE transaction, so they commit together or not at all: a failed request leaves no
 * record (retry it with the same key), and of concurrent requests with one key exactly one does
 * the work — the others wait on the key's unique index, then replay the committed response.
 */
export class IdempotencyService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /** sha256 over the operation and the canonical JSON of the body (key order does not matter). */
  static fingerprint(operationId: string, body: unknown): string {
    return createHash('sha256').update(`${operationId}\n${canonicalJson(body)}`).digest('hex');
  }

  /**
   * `prepare` runs once the key is known to be new, outside the transaction: slow checks (DNS) go
   * there so they neither hold a transaction open nor stand between a retry and its replay.
   */
  async run<T>(
    request: IdempotentRequest,
    work: (tx: Store) => Promise<{ status: number; body: T }>,
    prepare: () => Promise<void> = async () => undefined,
  ): Promise<IdempotentResponse<T>> {
    assertStrongIdempotencyKey(request.scope.key);
    const fingerprint = IdempotencyService.fingerprint(request.operationId, request.body);
    const earlier = await this.store.idempotencyKeys.find(request.scope);
    if (earlier && earlier.expiresAt.getTime() > this.clock.now().getTime()) return this.replay<T>(earlier, fingerprint);
    await prepare();
    return this.store.transaction(async (tx) => {
      const now = this.clock.now();
      await tx.idempotencyKeys.deleteExpired(request.scope, now);
      const claimed = await tx.idempotencyKeys.claim(request.scope, {
        fingerprint,
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      });
      if (!claimed) return this.replay<T>(await tx.idempotencyKeys.find(request.scope), fingerprint);
      const response = await work(tx);
      await tx.idempotencyKeys.complete(request.scope, response.status, response.body);
      return { ...response, replayed: false };
    });
  }

  private replay<T>(record: IdempotencyRecord | null, fingerprint: string): IdempotentResponse<T> {
    if (!record) throw new ProblemError(409, 'PUBLIC_API_IDEMPOTENCY_KEY_IN_USE', 'A request with this idempotency-key is in progress; retry shortly.', { retryable: true });
    if (record.fingerprint !== fingerprint) {
      throw new ProblemError(409, 'PUBLIC_API_IDEMPOTENCY_KEY_REUSED', 'This idempotency-key was already used with a different request body or operation; use a new key.');
    }
    return { status: record.responseStatus, body: record.responseBody as T, replayed: true };
  }
}
