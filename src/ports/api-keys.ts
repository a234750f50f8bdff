export interface ApiKeyRecord {
  id: string;
  organizationId: string;
  /** null for an organization-wide key */
  projectId: string | null;
  name: string;
  /** The first characters of the key, safe to show (e.g. tw_pk_ab12). */
  displayPrefix: string;
  createdByUserId: string | null;
  createdAt: Date;
  revokedAt: Date | null;
  /** null: never expires */
  expiresAt: Date | null;
  /** A read-only key may call GET operations only. */
  readOnly: boolean;
  lastUsedAt: Date | null;
}

export type NewApiKey = Omit<ApiKeyRecord, 'revokedAt' | 'lastUsedAt' | 'expiresAt' | 'readOnly'> & {
  keyHash: string;
  expiresAt?: Date | null;
  readOnly?: boolean;
};

export interface ApiKeyRepository {
  create(input: NewApiKey): Promise<ApiKeyRecord>;
  findByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  findById(organizationId: string, id: string): Promise<ApiKeyRecord | null>;
  /**
   * Newest first (createdAt desc, id desc), keyset-paginated: the organization's keys of `projectIds`
   * (null in the list selects organization-wide keys).
   */
  list(organizationId: string, projectIds: (string | null)[], limit: number, after: { createdAt: number; id: string } | null): Promise<ApiKeyRecord[]>;
  revoke(id: string, now: Date): Promise<boolean>;
  /** Records a use; a no-op when the recorded use is newer than `unlessAfter`. */
  touch(id: string, now: Date, unlessAfter: Date): Promise<void>;
}
