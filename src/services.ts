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

import type { DetectionService } from './domain/detections/detection-service.js';
import type { DetectionEvaluation } from './domain/detections/detection-evaluation.js';
import type { FixService } from './domain/fixes/fix-service.js';
import { createDetectionServices } from './domain/detections/detection-services.js';
import { filterLanguageRuleEvaluator } from './domain/detections/rule-language.js';

import { SavedFilterService } from './domain/saved-filters/saved-filter-service.js';
import { compileTraceFilter } from './domain/filters/index.js';
import { TRACE_LIST_ALIAS } from './ports/traces.js';

import { IdentityProvisioning } from './domain/identity/identity-provisioning.js';
import { OAuthServer } from './domain/identity/oauth-server.js';
import { SecurityLifecycleBucket } from './domain/identity/security-lifecycle-bucket.js';
import { ServiceAccountService } from './domain/identity/service-account-service.js';
import { GuestTokenService } from './domain/identity/guest-token-service.js';

import { WebhookOutboxPublisher } from './domain/webhooks/outbox-publisher.js';
import { CapabilityGuard } from './domain/capabilities/capability-guard.js';
import { createWebhookServices, type WebhookServices } from './domain/webhooks/webhook-services.js';

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

  detections: DetectionService;
  fixes: FixService;
  /** The evaluation outbox: the ingest hook (`enqueueTraceEvaluation`) and what the worker runs. */
  detectionEvaluation: DetectionEvaluation;

  savedFilters: SavedFilterService;

  identityProvisioning: IdentityProvisioning;
  oauth: OAuthServer;
  serviceAccounts: ServiceAccountService;
  guestTokens: GuestTokenService;

  /** Deployment capabilities, e.g. `public-api-mutations` (checked for every REST mutation). */
  capabilities: CapabilityGuard;
  idempotency: WebhookServices['idempotency'];
  webhooks: WebhookServices['webhooks'];
  webhookDispatcher: WebhookServices['webhookDispatcher'];
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
  // conditional / trace_rules detections run on the saved-filter rule language.
  const detection = createDetectionServices({ store, clock, config, events, cursors, ruleEvaluator: filterLanguageRuleEvaluator });
  const savedFilters = new SavedFilterService(store, clock, cursors);
  const guestTokens = new GuestTokenService(store, clock);
  // A fix can be shared with a guest reviewer when it exists in the project.
  guestTokens.registerResourceCheck('fix', async (projectId, fixId) => (await store.fixes.findById(projectId, fixId)) !== null);
  return {
    events,
    cursors,
    profiles: new ProfileService(store, clock),
    projects: new ProjectService(store),
    provisioning: new Provisioning(store, clock),
    // Every stored trace is queued for detection in its own ingest transaction (the outbox).
    traceIngestion: new TraceIngestionService(store, clock, {
      maxConcurrentWrites: config.ingestConcurrency,
      afterStore: [(tx, traces) => detection.detectionEvaluation.enqueueTraceEvaluation(tx, traces.map((t) => ({ projectId: t.projectId, traceId: t.id })))],
    }),
    traceList: new TraceListService(store, cursors, async (projectId, savedFilterId) =>
      compileTraceFilter((await savedFilters.get(projectId, savedFilterId)).filters, store.dialect, { table: TRACE_LIST_ALIAS }),
    ),
    traceContext: new TraceContextService(store),
    traceSearch: new TraceSearchService(store, clock, { countLimit: config.searchCountLimit }),

    ...detection,

    savedFilters,

    identityProvisioning: new IdentityProvisioning(store, clock),
    oauth: new OAuthServer(store, clock, config.publicBaseUrl, {
      accessTokenSeconds: config.oauthAccessTokenTtlSeconds,
      refreshTokenSeconds: config.oauthRefreshTokenTtlSeconds,
    }),
    serviceAccounts: new ServiceAccountService(store, clock, cursors, new SecurityLifecycleBucket(store, clock)),
    guestTokens,

    capabilities: new CapabilityGuard({ 'public-api-mutations': config.publicApiMutationsEnabled }),
    ...createWebhookServices({ store, clock, config, cursors, outbox: events }),
  };
}
