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
}

export interface ApiKeyRepository {
  create(input: Omit<ApiKeyRecord, 'revokedAt'> & { keyHash: string }): Promise<ApiKeyRecord>;
  findByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  revoke(id: string, now: Date): Promise<boolean>;
}
