import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Store } from './ports/store.js';
import { CursorCodec } from './pagination/cursor.js';
import { ProfileService } from './domain/account/profile-service.js';
import { ProjectService } from './domain/projects/project-service.js';
import { Provisioning } from './domain/bootstrap/provisioning.js';
import type { EventPublisher } from './domain/events/event-publisher.js';
import { TraceIngestionService } from './domain/traces/trace-ingestion-service.js';
import { TraceListService } from './domain/traces/trace-list-service.js';
import { TraceContextService } from './domain/traces/trace-context-service.js';
import { TraceSearchService } from './domain/traces/trace-search-service.js';
// (traces: service imports go here)

// (tools: service imports go here)

import type { DetectionService } from './domain/detections/detection-service.js';
import type { DetectionEvaluation } from './domain/detections/detection-evaluation.js';
import type { FixService } from './domain/fixes/fix-service.js';
import { createDetectionServices } from './domain/detections/detection-services.js';
// (detections: service imports go here)

import { SavedFilterService } from './domain/saved-filters/saved-filter-service.js';
// (saved-filters: service imports go here)

import { IdentityProvisioning } from './domain/identity/identity-provisioning.js';
import { OAuthServer } from './domain/identity/oauth-server.js';
import { SecurityLifecycleBucket } from './domain/identity/security-lifecycle-bucket.js';
import { ServiceAccountService } from './domain/identity/service-account-service.js';
import { GuestTokenService } from './domain/identity/guest-token-service.js';
// (identity: service imports go here)

import { WebhookOutboxPublisher } from './domain/webhooks/outbox-publisher.js';
import { createWebhookServices, type WebhookServices } from './domain/webhooks/webhook-services.js';
// (webhooks: service imports go here)

/** The domain services: REST handlers and tools both call these, never the repositories. */
export interface Services {
  cursors: CursorCodec;
  profiles: ProfileService;
  projects: ProjectService;
  provisioning: Provisioning;
  /** Announces domain events; webhook delivery subscribes through it. */
  events: EventPublisher;
  /** Stores traces (REST and log_trace); after-store hooks run in its transaction. */
  traceIngestion: TraceIngestionService;
  traceList: TraceListService;
  traceContext: TraceContextService;
  traceSearch: TraceSearchService;
  // (traces: services go here)

  // (tools: services go here)

  detections: DetectionService;
  fixes: FixService;
  /** The evaluation outbox: the ingest hook (`enqueueTraceEvaluation`) and what the worker runs. */
  detectionEvaluation: DetectionEvaluation;
  // (detections: services go here)

  savedFilters: SavedFilterService;
  // (saved-filters: services go here)

  identityProvisioning: IdentityProvisioning;
  oauth: OAuthServer;
  serviceAccounts: ServiceAccountService;
  guestTokens: GuestTokenService;
  // (identity: services go here)

  capabilities: WebhookServices['capabilities'];
  idempotency: WebhookServices['idempotency'];
  webhooks: WebhookServices['webhooks'];
  webhookDispatcher: WebhookServices['webhookDispatcher'];
  // (webhooks: services go here)
}

export interface ServiceDependencies {
  store: Store;
  clock: Clock;
  config: Config;
}

export function createServices({ store, clock, config }: ServiceDependencies): Services {
  const cursors = new CursorCodec(config.serverSecret, clock);
  // The transactional outbox: an event becomes webhook deliveries in the publisher's transaction.
  const events = new WebhookOutboxPublisher(clock);
  return {
    events,
    cursors,
    profiles: new ProfileService(store, clock),
    projects: new ProjectService(store),
    provisioning: new Provisioning(store, clock),
    traceIngestion: new TraceIngestionService(store, clock, { afterStore: [] }),
    traceList: new TraceListService(store, cursors),
    traceContext: new TraceContextService(store),
    traceSearch: new TraceSearchService(store, clock),
    // (traces: services go here)

    // (tools: services go here)

    // ruleEvaluator: the saved-filters evaluator, wired at merge; until then rule detections are stored only.
    ...createDetectionServices({ store, clock, config, events, cursors, ruleEvaluator: null }),
    // (detections: services go here)

    savedFilters: new SavedFilterService(store, clock, cursors),
    // (saved-filters: services go here)

    identityProvisioning: new IdentityProvisioning(store, clock),
    oauth: new OAuthServer(store, clock, config.publicBaseUrl, {
      accessTokenSeconds: config.oauthAccessTokenTtlSeconds,
      refreshTokenSeconds: config.oauthRefreshTokenTtlSeconds,
    }),
    serviceAccounts: new ServiceAccountService(store, clock, cursors, new SecurityLifecycleBucket(store, clock)),
    guestTokens: new GuestTokenService(store, clock),
    // (identity: services go here)

    ...createWebhookServices({ store, clock, config, cursors, outbox: events }),
    // (webhooks: services go here)
  };
}
