export type SharedResourceType = 'trace' | 'fix';

export interface GuestTokenRecord {
  id: string;
  organizationId: string;
  projectId: string;
  resourceType: SharedResourceType;
  resourceId: string;
  createdByCredentialId: string;
  expiresAt: Date;
  revokedAt: Date | null;
  createdAt: Date;
}

export interface GuestTokenRepository {
  create(input: GuestTokenRecord & { tokenHash: string }): Promise<GuestTokenRecord>;
  findByHash(tokenHash: string): Promise<GuestTokenRecord | null>;
  findById(id: string): Promise<GuestTokenRecord | null>;
  /** Whether a trace exists in the project; shares are only issued for what exists. */
  traceExists(projectId: string, traceId: string): Promise<boolean>;
}
