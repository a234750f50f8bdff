import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Store } from './ports/store.js';
import { CursorCodec } from './pagination/cursor.js';
import { ProfileService } from './domain/account/profile-service.js';
import { ProjectService } from './domain/projects/project-service.js';
import { Provisioning } from './domain/bootstrap/provisioning.js';
import type { EventPublisher } from './domain/events/event-publisher.js';
// (traces: service imports go here)

// (tools: service imports go here)

// (detections: service imports go here)

// (saved-filters: service imports go here)

import { IdentityProvisioning } from './domain/identity/identity-provisioning.js';
import { OAuthServer } from './domain/identity/oauth-server.js';
import { SecurityLifecycleBucket } from './domain/identity/security-lifecycle-bucket.js';
import { ServiceAccountService } from './domain/identity/service-account-service.js';
import { GuestTokenService } from './domain/identity/guest-token-service.js';
// (identity: service imports go here)

// (webhooks: service imports go here)

/** The domain services: REST handlers and tools both call these, never the repositories. */
export interface Services {
  cursors: CursorCodec;
  profiles: ProfileService;
  projects: ProjectService;
  provisioning: Provisioning;
  /** Announces domain events; webhook delivery subscribes through it. */
  events: EventPublisher;
  // (traces: services go here)

  // (tools: services go here)

  // (detections: services go here)

  // (saved-filters: services go here)

  identityProvisioning: IdentityProvisioning;
  oauth: OAuthServer;
  serviceAccounts: ServiceAccountService;
  guestTokens: GuestTokenService;
  // (identity: services go here)

  // (webhooks: services go here)
}

export interface ServiceDependencies {
  store: Store;
  clock: Clock;
  config: Config;
}

export function createServices({ store, clock, config }: ServiceDependencies): Services {
  const cursors = new CursorCodec(config.serverSecret, clock);
  // Until a subscriber (webhooks) is wired, events have nowhere to go and are dropped by design.
  const events: EventPublisher = { publish: async () => undefined };
  return {
    events,
    cursors,
    profiles: new ProfileService(store, clock),
    projects: new ProjectService(store),
    provisioning: new Provisioning(store, clock),
    // (traces: services go here)

    // (tools: services go here)

    // (detections: services go here)

    // (saved-filters: services go here)

    identityProvisioning: new IdentityProvisioning(store, clock),
    oauth: new OAuthServer(store, clock, config.publicBaseUrl, {
      accessTokenSeconds: config.oauthAccessTokenTtlSeconds,
      refreshTokenSeconds: config.oauthRefreshTokenTtlSeconds,
    }),
    serviceAccounts: new ServiceAccountService(store, clock, cursors, new SecurityLifecycleBucket(store, clock)),
    guestTokens: new GuestTokenService(store, clock),
    // (identity: services go here)

    // (webhooks: services go here)
  };
}
