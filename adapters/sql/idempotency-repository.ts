import type { Knex } from 'knex';
import type { IdempotencyRecord, IdempotencyRepository, IdempotencyScope } from '../../src/ports/idempotency.js';
import { fromMillis, parseJson, toMillis } from './columns.js';

const keyOf = (scope: IdempotencyScope) => ({
  credential_id: scope.credentialId,
  project_id: scope.projectId,
  idempotency_key: scope.key,
});

export class SqlIdempotencyRepository implements IdempotencyRepository {
  constructor(private readonly db: Knex) {}

  async deleteExpired(scope: IdempotencyScope, now: Date): Promise<void> {
    await this.db('idempotency_keys').where(keyOf(scope)).andWhere('expires_at', '<=', toMillis(now)).delete();
  }

  async claim(scope: IdempotencyScope, claim: Pick<IdempotencyRecord, 'fingerprint' | 'createdAt' | 'expiresAt'>): Promise<boolean> {
    // ON CONFLICT DO NOTHING: no error that would abort a PostgreSQL transaction, and a racing
    // insert waits for the other transaction's outcome before deciding.
    const inserted = await this.db('idempotency_keys')
      .insert({ ...keyOf(scope), fingerprint: claim.fingerprint, created_at: toMillis(claim.createdAt), expires_at: toMillis(claim.expiresAt) })
      .onConflict(['credential_id', 'project_id', 'idempotency_key'])
      .ignore()
      .returning('idempotency_key');
    return inserted.length === 1;
  }

  async complete(scope: IdempotencyScope, responseStatus: number, responseBody: unknown): Promise<void> {
    await this.db('idempotency_keys').where(keyOf(scope)).update({ response_status: responseStatus, response_body: JSON.stringify(responseBody) });
  }

  async find(scope: IdempotencyScope): Promise<IdempotencyRecord | null> {
    const row = await this.db('idempotency_keys').where(keyOf(scope)).first();
    if (!row) return null;
    return {
      fingerprint: row.fingerprint as string,
      responseStatus: Number(row.response_status),
      responseBody: parseJson<unknown>(row.response_body, null),
      createdAt: fromMillis(row.created_at as number),
      expiresAt: fromMillis(row.expires_at as number),
    };
  }
}
