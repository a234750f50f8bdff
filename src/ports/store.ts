import type { OrganizationRepository } from './organizations.js';
import type { ProjectRepository } from './projects.js';
import type { UserRepository } from './users.js';
import type { ApiKeyRepository } from './api-keys.js';
import type { OAuthAccessTokenRepository } from './oauth-tokens.js';
import type { TraceRepository } from './traces.js';

export type Dialect = 'sqlite' | 'postgres';

/**
 * Every repository, bound to one connection or one transaction. `transaction` runs `work` with a
 * store whose repositories all share one database transaction: it commits when `work` resolves and
 * rolls back when it throws, so multi-row writes are all-or-nothing.
 */
export interface Store {
  readonly dialect: Dialect;
  readonly organizations: OrganizationRepository;
  readonly projects: ProjectRepository;
  readonly users: UserRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly oauthTokens: OAuthAccessTokenRepository;
  readonly traces: TraceRepository;
  // (traces: repositories go here)

  // (tools: repositories go here)

  // (detections: repositories go here)

  // Imported inline: this file has no import marker, so parallel branches merge cleanly.
  readonly savedFilters: import('./saved-filters.js').SavedFilterRepository;
  // (saved-filters: repositories go here)

  // (identity: repositories go here)

  readonly webhooks: import('./webhooks.js').WebhookRepository;
  readonly webhookDeliveries: import('./webhooks.js').DeliveryRepository;
  readonly idempotencyKeys: import('./idempotency.js').IdempotencyRepository;
  // (webhooks: repositories go here)
  transaction<T>(work: (store: Store) => Promise<T>): Promise<T>;
}
