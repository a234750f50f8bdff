import type { ProjectRole } from '../auth/roles.js';

export interface ServiceAccountRecord {
  id: string;
  organizationId: string;
  name: string;
  description: string | null;
  createdByUserId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ServiceAccountBindingRecord {
  serviceAccountId: string;
  projectId: string;
  role: ProjectRole;
  createdAt: Date;
  updatedAt: Date;
}

export interface ServiceAccountTokenRecord {
  id: string;
  serviceAccountId: string;
  displayPrefix: string;
  scopes: string[];
  rotatedFromId: string | null;
  expiresAt: Date;
  revokedAt: Date | null;
  createdAt: Date;
}

export interface ServiceAccountRepository {
  create(record: ServiceAccountRecord): Promise<ServiceAccountRecord>;
  findById(id: string): Promise<ServiceAccountRecord | null>;
  /**
   * Keyset page, newest first: rows strictly after `after` in (createdAt desc, id desc); with
   * `boundToProjectId`, only accounts bound to that project.
   */
  listByOrganization(
    organizationId: string,
    limit: number,
    after: { createdAt: number; id: string } | null,
    boundToProjectId?: string | null,
  ): Promise<ServiceAccountRecord[]>;

  upsertBinding(input: { serviceAccountId: string; projectId: string; role: ProjectRole; now: Date }): Promise<ServiceAccountBindingRecord>;
  removeBinding(serviceAccountId: string, projectId: string): Promise<boolean>;
  findBinding(serviceAccountId: string, projectId: string): Promise<ServiceAccountBindingRecord | null>;
  listBindings(serviceAccountIds: string[]): Promise<ServiceAccountBindingRecord[]>;

  createToken(input: ServiceAccountTokenRecord & { tokenHash: string }): Promise<ServiceAccountTokenRecord>;
  findTokenByHash(tokenHash: string): Promise<ServiceAccountTokenRecord | null>;
  findToken(serviceAccountId: string, tokenId: string): Promise<ServiceAccountTokenRecord | null>;
  /** Unrevoked tokens that expire after `now`, newest first. */
  listActiveTokens(serviceAccountId: string, now: Date): Promise<ServiceAccountTokenRecord[]>;
  revokeToken(id: string, now: Date): Promise<boolean>;
}
