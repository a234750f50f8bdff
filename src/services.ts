import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Store } from './ports/store.js';
import { ClientMetadataDocuments, httpsDocumentFetch } from './domain/identity/client-metadata-documents.js';
import { DestinationGuard } from './domain/webhooks/destination-guard.js';
import { CursorCodec } from './pagination/cursor.js';
import { ProfileService } from './domain/account/profile-service.js';
import { ProjectService } from './domain/projects/project-service.js';
import { Provisioning } from './domain/bootstrap/provisioning.js';
import type { EventPublisher } from './domain/events/event-publisher.js';
import { TraceIngestionService } from './domain/traces/trace-ingestion-service.js';
import { TraceListService } from './domain/traces/trace-list-service.js';
import { TraceSpanPageService } from './domain/traces/trace-span-pages.js';
import { TraceFiringService } from './domain/detections/trace-firings.js';
import { TraceContextService } from './domain/traces/trace-context-service.js';
import { TraceSearchService } from './domain/traces/trace-search-service.js';
import { ProjectRetention } from './domain/traces/retention.js';
import { ByteAdmission } from './domain/otlp/otlp-admission.js';
import { OtlpTraceExport } from './domain/otlp/otlp-trace-export.js';
import { PriceTable, loadPriceFile } from './domain/pricing/price-table.js';
import { SpanPricer } from './domain/pricing/span-pricer.js';
import { ModelPriceService } from './domain/pricing/model-price-service.js';
import type { MailTransport } from './ports/mail-transport.js';
import { mailTransportFor } from './domain/mail/smtp-transport.js';
import { ProductMail } from './domain/mail/product-mail.js';
import { MailingEventPublisher } from './domain/mail/mailing-event-publisher.js';
import { MailDispatcher } from './domain/mail/mail-dispatcher.js';
import { MailPreferenceService } from './domain/mail/mail-preferences.js';
import { UnsubscribeLinks } from './domain/mail/unsubscribe-links.js';

import type { DetectionService } from './domain/detections/detection-service.js';
import type { DetectionEvaluation } from './domain/detections/detection-evaluation.js';
import type { FixService } from './domain/fixes/fix-service.js';
import { createDetectionServices } from './domain/detections/detection-services.js';
import { ConcurrencyCaps } from './domain/fair-share/concurrency-caps.js';
import { filterLanguageRuleEvaluator } from './domain/detections/rule-language.js';

import { SavedFilterService } from './domain/saved-filters/saved-filter-service.js';
import { DashboardService } from './domain/dashboards/dashboard-service.js';

import { IdentityProvisioning } from './domain/identity/identity-provisioning.js';
import { OAuthServer } from './domain/identity/oauth-server.js';
import { SecurityLifecycleBucket } from './domain/identity/security-lifecycle-bucket.js';
import { ServiceAccountService } from './domain/identity/service-account-service.js';
import { GuestTokenService } from './domain/identity/guest-token-service.js';

import { WebhookOutboxPublisher } from './domain/webhooks/outbox-publisher.js';
import { CapabilityGuard } from './domain/capabilities/capability-guard.js';
import { createWebhookServices, type WebhookServices } from './domain/webhooks/webhook-services.js';
import { createChannelServices, type ChannelServices } from './domain/channels/channel-services.js';
import { ChannelOutboxPublisher } from './domain/channels/channel-outbox.js';
import { isUuid } from './domain/actor.js';
import { AccountLinks } from './domain/identity/account-links.js';
import { InvitationService } from './domain/identity/invitation-service.js';
import { ApiKeyService } from './domain/identity/api-key-service.js';
import { MemberService } from './domain/identity/member-service.js';
import { AuditLog } from './domain/audit/audit-log.js';
import { DataLifecycle } from './domain/lifecycle/data-lifecycle.js';
import { TraceExport } from './domain/traces/trace-export.js';
import { MonitorService } from './domain/monitors/monitor-service.js';
import { MonitorEvaluator } from './domain/monitors/monitor-evaluator.js';
import { NotificationService } from './domain/notifications/notification-service.js';
import { DigestService } from './domain/notifications/digest-service.js';
import { ActionItemService } from './domain/notifications/action-items.js';
import { DispatchService } from './domain/dispatch/dispatch-service.js';
import { createGitHubServices, type GitHubServices } from './domain/github/github-services.js';
import { BackfillService } from './domain/backfills/backfill-service.js';
import { TrainingService } from './domain/detections/learning/training-service.js';
import { ClusterService } from './domain/clusters/cluster-service.js';
import { DEFAULT_DRAIN } from './domain/clusters/drain-matching.js';
import { TrainingPool } from './domain/detections/learning/training-pool.js';
import { createEvaluationServices, type EvaluationServices } from './domain/evaluations/evaluation-services.js';
import { PromptUsageService } from './domain/prompts/prompt-usage-service.js';
import { SessionService } from './domain/sessions/session-service.js';
import { MetricsQueryService } from './domain/analytics/metrics-query-service.js';
import { MetricsRollupSettler } from './domain/analytics/metrics-rollup-settler.js';
import { PromptService } from './domain/prompts/prompt-service.js';
import { PlaygroundService } from './domain/playground/playground-service.js';
import { ScimConnections } from './domain/scim/scim-connections.js';
import { createSsoServices, type SsoServices } from './domain/sso/sso-services.js';
import { ScimService } from './domain/scim/scim-service.js';
import { httpChatStreamClient } from './domain/playground/chat-stream-client.js';
import { DatasetService } from './domain/experiments/dataset-service.js';
import { ExperimentRunService } from './domain/experiments/experiment-run-service.js';
import { ServerRunPipeline } from './domain/experiments/server-run-pipeline.js';
import { httpJudgeClient } from './domain/evaluations/judge-client.js';

/** The domain services: REST handlers and tools both call these, never the repositories. */
export interface Services extends EvaluationServices {
  cursors: CursorCodec;
  profiles: ProfileService;
  projects: ProjectService;
  provisioning: Provisioning;
  /** The deployment's SMTP server (SMTP_URL); null when none is configured and the service sends no mail. */
  mail: MailTransport | null;
  /** Delivers the mail outbox; null when no SMTP server is configured (nothing is queued then). */
  mailDispatcher: MailDispatcher | null;
  /** Users' email preferences and one-click unsubscribe links. */
  mailPreferences: MailPreferenceService;
  /** Announces domain events; webhook delivery subscribes through it. */
  events: EventPublisher;
  /** Stores traces (REST and log_trace); after-store hooks run in its transaction. */
  traceIngestion: TraceIngestionService;
  traceList: TraceListService;
  traceContext: TraceContextService;
  traceSpans: TraceSpanPageService;
  traceFirings: TraceFiringService;
  traceSearch: TraceSearchService;
  /** Per-credential caps on expensive operations (search, batch ingest, trend). */
  fairShare: ConcurrencyCaps;
  /** OTLP/HTTP trace export (POST /v1/traces), appending through traceIngestion. */
  otlpTraceExport: OtlpTraceExport;
  /** A project's model price overrides. */
  modelPrices: ModelPriceService;

  detections: DetectionService;
  fixes: FixService;
  /** The evaluation outbox: the ingest hook (`enqueueTraceEvaluation`) and what the worker runs. */
  detectionEvaluation: DetectionEvaluation;

  savedFilters: SavedFilterService;
  dashboards: DashboardService;

  identityProvisioning: IdentityProvisioning;
  oauth: OAuthServer;
  serviceAccounts: ServiceAccountService;
  guestTokens: GuestTokenService;

  /** Deployment capabilities, e.g. `public-api-mutations` (checked for every REST mutation). */
  capabilities: CapabilityGuard;
  idempotency: WebhookServices['idempotency'];
  webhooks: WebhookServices['webhooks'];
  webhookDispatcher: WebhookServices['webhookDispatcher'];
  /** Notification channels (Slack, PagerDuty, email, webhook) and their routing (docs/integrations.md#channels). */
  channels: ChannelServices['channels'];
  channelDispatcher: ChannelServices['channelDispatcher'];

  /** One-time password links (first-run setup, operator reset). */
  accountLinks: AccountLinks;
  invitations: InvitationService;
  apiKeys: ApiKeyService;
  members: MemberService;
  /** Administrative mutations, recorded in their own transaction (see bindOperations). */
  audit: AuditLog;
  /** Trace deletion, retention and project purges. */
  dataLifecycle: DataLifecycle;
  traceExport: TraceExport;
  /** Monitors and their incidents (docs/alerts.md). */
  monitors: MonitorService;
  /** Evaluates monitor windows; the scheduler's `monitors` task runs it. */
  monitorEvaluator: MonitorEvaluator;
  /** Stored per-user notifications (with their webhook events) and the project's notification settings. */
  notifications: NotificationService;
  digests: DigestService;
  actionItems: ActionItemService;
  /** Fix dispatch and its approval. */
  dispatch: DispatchService;
  /** Dispatch to GitHub: the target, the issue worker and the issues webhook (docs/integrations.md#github). */
  githubTargets: GitHubServices['githubTargets'];
  githubIssues: GitHubServices['githubIssues'];
  githubWebhooks: GitHubServices['githubWebhooks'];
  /** Detections run over historical traces on request, in scheduled batches. */
  backfills: BackfillService;
  /** Versioned prompts with labels (docs/prompts.md). */
  prompts: PromptService;
  /** Streamed prompt runs on a model connection, stored as traces, spending the evaluation budget. */
  playground: PlaygroundService;
  /** Versioned datasets and their items (docs/experiments.md). */
  datasets: DatasetService;
  /** Experiment runs on datasets, their results and paired comparisons. */
  experimentRuns: ExperimentRunService;
  /** Server-side experiment runs and judgements of run results, executed by the worker. */
  serverRunPipeline: ServerRunPipeline;
  promptUsage: PromptUsageService;
  /** SCIM 2.0 provisioning at /scim/v2 (docs/sso.md). */
  scim: ScimService;
  /** The owners' side of SCIM: mapping and bearer token. */
  scimConnections: ScimConnections;
  /** OpenID Connect single sign-on: the owners' connection, the sign-in and the require-SSO rule (docs/sso.md). */
  sso: SsoServices;
  /** Trainings and model versions of learned custom_trained detections (docs/detections-learning.md). */
  trainings: TrainingService;
  clusters: ClusterService;
  sessions: SessionService;
  metrics: MetricsQueryService;
  metricsRollups: MetricsRollupSettler;
}

export interface ServiceDependencies {
  store: Store;
  clock: Clock;
  config: Config;
}

export function createServices({ store, clock, config }: ServiceDependencies): Services {
  const cursors = new CursorCodec(config.serverSecret, clock);
  const mail = mailTransportFor(config.mail);
  const unsubscribeLinks = new UnsubscribeLinks(config.serverSecret, config.publicBaseUrl);
  // Without an SMTP server nothing is queued: links are shown to whoever made them, as before.
  const productMail = mail ? new ProductMail(clock, config.publicBaseUrl, unsubscribeLinks) : null;
  // The transactional outbox: an event becomes webhook and channel deliveries (and mail) in the publisher's transaction.
  const channelOutbox = new ChannelOutboxPublisher(clock);
  const webhookEvents = new WebhookOutboxPublisher(clock, [channelOutbox]);
  const events = productMail ? new MailingEventPublisher(webhookEvents, productMail) : webhookEvents;
  // conditional / trace_rules detections run on the saved-filter rule language.
  const detection = createDetectionServices({ store, clock, config, events, cursors, ruleEvaluator: filterLanguageRuleEvaluator });
  const savedFilters = new SavedFilterService(store, clock, cursors);
  const guestTokens = new GuestTokenService(store, clock);
  // A fix can be shared with a guest reviewer when it exists in the project. Fix ids are uuids; any
  // other id cannot name one (and PostgreSQL would reject it in a uuid comparison).
  guestTokens.registerResourceCheck('fix', async (projectId, fixId) => isUuid(fixId) && (await store.fixes.findById(projectId, fixId)) !== null);
  // One per process, shared by the services that apply a project's retention and the one that changes it.
  const retention = new ProjectRetention(store, clock, config.credentialCacheMs);
  const traceList = new TraceListService(
    store,
    cursors,
    async (projectId, savedFilterId) => ({ kind: 'filter', rules: (await savedFilters.get(projectId, savedFilterId)).filters }),
    clock,
    retention,
  );
  const audit = new AuditLog(store, clock, cursors);
  const notifications = new NotificationService(store, clock, events, cursors);
  detection.fixes.onComment((tx, fix, comment) => notifications.announceMentions(tx, fix, comment));
  // Failing traces join their failure cluster in the detection worker's transaction, after the firings (docs/detections-learning.md).
  const clusters = new ClusterService(store, clock, cursors, detection.fixes, DEFAULT_DRAIN);
  detection.detectionEvaluation.onEvaluated(clusters.assignEvaluated);
  // ... and so do traces a backfill or an evaluator-backed classifier fires on, in the transaction recording those firings.
  detection.detectionEvaluation.onFiredElsewhere(clusters.assignFired);
  const priceTable = new PriceTable(config.otlp.priceFile ? loadPriceFile(config.otlp.priceFile) : {});
  const evaluations = createEvaluationServices({ store, clock, config, cursors, events, detectionEvaluation: detection.detectionEvaluation, prices: priceTable });
  const datasets = new DatasetService(store, clock, cursors);
  const experimentRuns = new ExperimentRunService(store, clock, cursors, datasets, notifications, config.publicBaseUrl);
  const evaluationSettings = config.evaluations;
  const traceIngestion = new TraceIngestionService(store, clock, {
    maxConcurrentWrites: config.ingestConcurrency,
    pricer: new SpanPricer(priceTable),
    // Every stored trace is queued for detection in its own ingest transaction (the outbox).
    afterStore: [
      async (_store, traces) => (tx) => detection.detectionEvaluation.enqueueTraceEvaluation(tx, traces.map((t) => ({ projectId: t.projectId, traceId: t.id }))),
      // Sampled traces are queued for each active LLM-as-judge evaluator (docs/evaluations.md).
      (store, traces) => evaluations.evaluatorPipeline.enqueueNewTraces(store, traces.map((t) => ({ projectId: t.projectId, traceId: t.id }))),
    ],
    // A growing (OTLP) trace is evaluated once quiet for the settle time, and again after late spans.
    afterAppend: [
      async () => (tx, traces) => detection.detectionEvaluation.scheduleSettledEvaluation(tx, traces, config.otlp.settleMs),
      (store, projectId) => evaluations.evaluatorPipeline.scheduleSettledTraces(store, projectId, config.otlp.settleMs),
    ],
  });
  const dispatch = new DispatchService(store, clock, notifications, webhookEvents);
  return {
    events,
    mail,
    mailDispatcher: mail ? new MailDispatcher({ outbox: store.mailOutbox, transport: mail, clock, timeoutMs: config.mail.timeoutMs }) : null,
    mailPreferences: new MailPreferenceService(store, clock, unsubscribeLinks),
    cursors,
    prompts: new PromptService(store, clock, cursors, events),
    promptUsage: new PromptUsageService(store, clock),
    sessions: new SessionService(store, cursors, traceList, retention),
    metrics: new MetricsQueryService(store, retention),
    dashboards: new DashboardService(store, clock, cursors),
    // A few hours a round: on SQLite the round's transaction holds the writer ingest waits for.
    metricsRollups: new MetricsRollupSettler(store, 4),
    profiles: new ProfileService(store, clock),
    projects: new ProjectService(store, clock, retention),
    provisioning: new Provisioning(store, clock),
    traceIngestion,
    otlpTraceExport: new OtlpTraceExport(traceIngestion, new ByteAdmission(config.otlp.maxInFlightBytes)),
    modelPrices: new ModelPriceService(store, clock),
    traceList,
    traceContext: new TraceContextService(store, clock, retention),
    traceSpans: new TraceSpanPageService(store, cursors),
    traceFirings: new TraceFiringService(store),
    traceSearch: new TraceSearchService(store, clock, { countLimit: config.searchCountLimit, phraseCountLimit: config.searchPhraseCountLimit, statementTimeoutMs: config.searchStatementTimeoutMs }, cursors, retention),
    fairShare: new ConcurrencyCaps(config.fairShare),

    ...detection,

    savedFilters,

    identityProvisioning: new IdentityProvisioning(store, clock),
    oauth: new OAuthServer(store, clock, config.publicBaseUrl, {
      accessTokenSeconds: config.oauthAccessTokenTtlSeconds,
      refreshTokenSeconds: config.oauthRefreshTokenTtlSeconds,
    }, config.oauthDynamicClientIdleDays * 24 * 3600, new ClientMetadataDocuments(new DestinationGuard(config.oauthClientMetadataAllowedHosts), clock, httpsDocumentFetch(config.oauthClientMetadataCa))),
    serviceAccounts: new ServiceAccountService(store, clock, cursors, new SecurityLifecycleBucket(store, clock)),
    guestTokens,

    capabilities: new CapabilityGuard({ 'public-api-mutations': config.publicApiMutationsEnabled }),
    ...createWebhookServices({ store, clock, config, cursors, outbox: webhookEvents }),
    ...createChannelServices({ store, clock, config, cursors, mail, outbox: channelOutbox }),

    accountLinks: new AccountLinks(store, clock, config.publicBaseUrl, productMail),
    invitations: new InvitationService(store, clock, config.publicBaseUrl, productMail),
    apiKeys: new ApiKeyService(store, clock, cursors),
    members: new MemberService(store, clock),
    audit,
    dataLifecycle: new DataLifecycle(store, clock, audit, { batchSize: config.lifecycle.batchSize, releaseBatchSize: config.lifecycle.releaseBatchSize, batchesPerRun: 20, leaseMs: 60_000 }),
    traceExport: new TraceExport(store, traceList),
    monitors: new MonitorService(store, clock, cursors),
    monitorEvaluator: new MonitorEvaluator(store, clock, events, { maxWindowsPerRun: 100, maxDueMonitors: 200 }),
    notifications,
    digests: new DigestService(store, clock, notifications),
    actionItems: new ActionItemService(clock, notifications),
    dispatch,
    ...createGitHubServices({ store, clock, config, dispatch }),
    backfills: new BackfillService(store, clock, detection.detectionEvaluation, notifications),
    // One training thread, niced like the other background threads, its heap capped (docs/detections-learning.md).
    clusters,
    trainings: new TrainingService(store, clock, notifications, cursors, new TrainingPool({ workers: 1, maxHeapMb: 1024, graceMs: 5_000, niceness: config.backgroundThreadNiceness })),
    // The judge calls' deadline bounds a playground model's silence too: one setting for "a model is not answering".
    playground: new PlaygroundService(store, clock, evaluations.modelConnections, evaluations.evaluationBudgets, priceTable, traceIngestion, httpChatStreamClient, { timeoutMs: config.evaluations.timeoutMs }),
    ...evaluations,
    datasets,
    experimentRuns,
    // Server-side runs call models like the evaluators do: the same client, budget and EVALUATOR_* settings.
    serverRunPipeline: new ServerRunPipeline(store, clock, evaluations.modelConnections, priceTable, httpJudgeClient, evaluations.evaluationBudgets, experimentRuns, {
      leaseMs: evaluationSettings.leaseMs,
      batchSize: evaluationSettings.batchSize,
      maxAttempts: evaluationSettings.maxAttempts,
      timeoutMs: evaluationSettings.timeoutMs,
      retryBaseMs: evaluationSettings.retryBaseMs,
    }),
    scim: new ScimService(store, clock),
    scimConnections: new ScimConnections(store, clock, config.publicBaseUrl),
    sso: createSsoServices({ store, clock, config }),
  };
}
