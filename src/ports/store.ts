import type { OrganizationRepository } from './organizations.js';
import type { ProjectRepository } from './projects.js';
import type { UserRepository } from './users.js';
import type { ApiKeyRepository } from './api-keys.js';
import type { OAuthAccessTokenRepository } from './oauth-tokens.js';
import type { TraceRepository } from './traces.js';
import type { ProjectMemberRepository } from './project-members.js';
import type { UserPasswordRepository } from './user-passwords.js';
import type { OAuthClientRepository, OAuthGrantRepository } from './oauth-server.js';
import type { ServiceAccountRepository } from './service-accounts.js';
import type { GuestTokenRepository } from './guest-tokens.js';
import type { SecurityBucketRepository } from './security-buckets.js';
import type { DetectionRepository } from './detections.js';
import type { DetectionEventRepository } from './detection-events.js';
import type { DetectionJobRepository } from './detection-jobs.js';
import type { EvaluationTraceReader } from './evaluation-traces.js';
import type { FixRepository } from './fixes.js';

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

  readonly detections: DetectionRepository;
  readonly detectionEvents: DetectionEventRepository;
  readonly detectionJobs: DetectionJobRepository;
  /** The detections area's read access to traces and spans (evaluation, trends). */
  readonly evaluationTraces: EvaluationTraceReader;
  readonly fixes: FixRepository;

  // Imported inline: this file has no import marker, so parallel branches merge cleanly.
  readonly savedFilters: import('./saved-filters.js').SavedFilterRepository;
  readonly dashboards: import('./dashboards.js').DashboardRepository;

  readonly projectMembers: ProjectMemberRepository;
  readonly userPasswords: UserPasswordRepository;
  readonly oauthClients: OAuthClientRepository;
  readonly oauthGrants: OAuthGrantRepository;
  readonly serviceAccounts: ServiceAccountRepository;
  readonly guestTokens: GuestTokenRepository;
  readonly securityBuckets: SecurityBucketRepository;

  readonly webhooks: import('./webhooks.js').WebhookRepository;
  readonly webhookDeliveries: import('./webhooks.js').DeliveryRepository;
  readonly idempotencyKeys: import('./idempotency.js').IdempotencyRepository;
  readonly channels: import('./channels.js').ChannelRepository;
  readonly channelDeliveries: import('./channels.js').ChannelDeliveryRepository;

  readonly accountLinks: import('./account-links.js').AccountLinkRepository;
  readonly invitations: import('./invitations.js').InvitationRepository;
  readonly auditEvents: import('./audit-events.js').AuditEventRepository;
  readonly dataLifecycle: import('./data-lifecycle.js').DataLifecycleRepository;
  readonly workerLeases: import('./data-lifecycle.js').WorkerLeaseRepository;
  readonly modelPrices: import('./model-prices.js').ModelPriceRepository;
  readonly scheduledRuns: import('./scheduled-runs.js').ScheduledRunRepository;
  readonly timePartitions: import('./time-partitions.js').TimePartitionRepository;
  readonly monitors: import('./monitors.js').MonitorRepository;
  readonly monitorMetrics: import('./monitors.js').MonitorMetricReader;
  readonly notifications: import('./notifications.js').NotificationRepository;
  readonly fixDispatch: import('./fix-dispatch.js').FixDispatchRepository;
  readonly github: import('./github.js').GitHubRepository;
  readonly digests: import('./digests.js').DigestRepository;
  readonly detectionBackfills: import('./detection-backfills.js').DetectionBackfillRepository;
  readonly searchReindexes: import('./search-reindexes.js').SearchReindexRepository;

  readonly scores: import('./evaluations.js').ScoreRepository;
  readonly modelConnections: import('./evaluations.js').ModelConnectionRepository;
  readonly evaluators: import('./evaluations.js').EvaluatorRepository;
  readonly evaluationJobs: import('./evaluations.js').EvaluationJobRepository;
  readonly evaluationRuns: import('./evaluations.js').EvaluationRunRepository;
  readonly annotations: import('./evaluations.js').AnnotationRepository;
  readonly evaluationBudgets: import('./evaluations.js').EvaluationBudgetRepository;

  readonly prompts: import('./prompts.js').PromptRepository;
  readonly playgroundRuns: import('./playground-runs.js').PlaygroundRunRepository;
  readonly datasets: import('./datasets.js').DatasetRepository;
  readonly experiments: import('./datasets.js').ExperimentRepository;
  readonly experimentJobs: import('./experiment-jobs.js').ExperimentJobRepository;
  readonly experimentCalls: import('./experiment-jobs.js').ExperimentCallRepository;
  readonly promptUsage: import('./prompt-usage.js').PromptUsageReader;
  readonly scim: import('./scim.js').ScimRepository;
  readonly sso: import('./sso.js').SsoRepository;
  readonly detectionModels: import('./detection-models.js').DetectionModelRepository;
  readonly failureClusters: import('./failure-clusters.js').FailureClusterRepository;
  readonly sessionActivity: import('./session-activity.js').SessionActivityReader;
  readonly metrics: import('./metrics.js').MetricsReader;
  readonly mailOutbox: import('./mail-outbox.js').MailOutboxRepository;
  readonly mailPreferences: import('./mail-outbox.js').MailPreferenceRepository;
  readonly metricsRollups: import('./metrics-rollups.js').MetricsRollupWriter;
  transaction<T>(work: (store: Store) => Promise<T>): Promise<T>;
  /**
   * As `transaction` — `work` is stored entirely or not at all — but the database may commit it
   * together with other writes running at the same time, each in its own savepoint: one that
   * throws is rolled back alone. Resolves only after the commit. For frequent small writes from
   * many requests (ingest); SQLite commits them as a group, PostgreSQL runs a plain transaction.
   */
  groupedTransaction<T>(work: (store: Store) => Promise<T>): Promise<T>;
}
