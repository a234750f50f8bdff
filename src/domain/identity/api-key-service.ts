import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Principal } from '../../auth/principal.js';
import { displayPrefix, hashToken, issueToken } from '../../auth/tokens.js';
import { problems } from '../../errors.js';
import type { CursorCodec, Page } from '../../pagination/cursor.js';
import type { ApiKeyRecord } from '../../ports/api-keys.js';
import type { Store } from '../../ports/store.js';
import { keysetPage } from '../keyset-page.js';
import { hasOrganizationReach, organizationAuthority } from './organization-authority.js';

export interface ApiKeyCreateInput {
  name: string;
  scope?: 'project' | 'organization';
  expiresAt?: string;
  readOnly?: boolean;
}

export interface IssuedKey {
  key: string;
  record: ApiKeyRecord;
}

/**
 * Public API keys of the selected project, and organization-wide keys for credentials with
 * organization reach. The key is returned once at creation and stored as a SHA-256 hash.
 */
export class ApiKeyService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly cursors: CursorCodec,
  ) {}

  async list(principal: Principal, request: { limit: number; cursor?: string; operationId: string }): Promise<{ items: ApiKeyRecord[]; page: Page }> {
    const project = principal.project!;
    const scopes: (string | null)[] = (await hasOrganizationReach(this.store, principal, project.organizationId)) ? [project.id, null] : [project.id];
    return keysetPage(
      this.cursors,
      { credentialId: principal.credentialId, projectId: project.id, endpoint: request.operationId, filters: {}, sort: 'createdAt:desc,id:desc' },
      request,
      (after, limit) => this.store.apiKeys.list(project.organizationId, scopes, limit, after),
    );
  }

  async create(principal: Principal, input: ApiKeyCreateInput): Promise<IssuedKey> {
    const project = principal.project!;
    const name = input.name.trim();
    if (!name) throw problems.validation('The name is invalid.', [{ code: 'min_length', message: 'must not be blank', path: '/body/name' }]);
    let expiresAt: Date | null = null;
    if (input.expiresAt !== undefined) {
      expiresAt = new Date(input.expiresAt);
      if (!(expiresAt.getTime() > this.clock.now().getTime())) {
        throw problems.validation('expiresAt must be in the future.', [{ code: 'minimum', message: 'must be in the future', path: '/body/expiresAt' }]);
      }
    }
    const organizationWide = input.scope === 'organization';
    // A key for the whole organization reaches every project: only organization administrators issue one.
    if (organizationWide) await organizationAuthority(this.store, principal, project.organizationId);
    const key = issueToken('apiKey');
    const record = await this.store.apiKeys.create({
      id: randomUUID(),
      organizationId: project.organizationId,
      projectId: organizationWide ? null : project.id,
      name,
      displayPrefix: displayPrefix(key),
      keyHash: hashToken(key),
      createdByUserId: principal.userId,
      createdAt: this.clock.now(),
      expiresAt,
      readOnly: input.readOnly ?? false,
    });
    return { key, record };
  }

  /** Revokes a key of the selected project, or an organization-wide key (with organization reach). */
  async revoke(principal: Principal, apiKeyId: string): Promise<ApiKeyRecord> {
    const project = principal.project!;
    const key = await this.store.apiKeys.findById(project.organizationId, apiKeyId);
    const visible = key !== null && (key.projectId === project.id || (key.projectId === null && (await hasOrganizationReach(this.store, principal, project.organizationId))));
    if (!visible) throw problems.notFound('The API key');
    await this.store.apiKeys.revoke(key.id, this.clock.now());
    return (await this.store.apiKeys.findById(project.organizationId, apiKeyId))!;
  }
}
