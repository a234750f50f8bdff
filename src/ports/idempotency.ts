/** Who may replay a key: the same credential in the same project. */
export interface IdempotencyScope {
  credentialId: string;
  projectId: string;
  key: string;
}

export interface IdempotencyRecord {
  fingerprint: string;
  responseStatus: number;
  responseBody: unknown;
  createdAt: Date;
  expiresAt: Date;
}

export interface IdempotencyRepository {
  /** Drops the scope's record when it has expired, so the key can be used afresh. */
  deleteExpired(scope: IdempotencyScope, now: Date): Promise<void>;
  /**
   * Inserts the record unless one exists for the scope (then returns false and writes nothing). On
   * PostgreSQL an insert racing a concurrent uncommitted one waits for it to commit first.
   */
  claim(scope: IdempotencyScope, claim: Pick<IdempotencyRecord, 'fingerprint' | 'createdAt' | 'expiresAt'>): Promise<boolean>;
  /** Stores the response of a claimed key (in the same transaction as the claim). */
  complete(scope: IdempotencyScope, responseStatus: number, responseBody: unknown): Promise<void>;
  find(scope: IdempotencyScope): Promise<IdempotencyRecord | null>;
}
