import type { Knex } from 'knex';
import type { Dialect, Store } from '../src/ports/store.js';
import {
  SqlApiKeyRepository,
  SqlOAuthAccessTokenRepository,
  SqlOrganizationRepository,
  SqlProjectRepository,
  SqlUserRepository,
} from './sql/foundation-repositories.js';
import { SqlTraceRepository } from './sql/trace-repository.js';
import { SqlTimePartitionRepository } from './sql/time-partition-repository.js';
import { sqliteTraceTextIndex } from './sqlite/trace-text-index.js';
import type { SqliteSearchReader } from './sqlite/search-reader.js';
import { groupCommitOf } from './sqlite/group-commit.js';
import { postgresTraceTextIndex } from './postgres/trace-text-index.js';

import { SqlDetectionEventRepository, SqlDetectionRepository } from './sql/detection-repositories.js';
import { SqlDetectionJobRepository } from './sql/detection-job-repository.js';
import { SqlEvaluationTraceReader } from './sql/evaluation-trace-reader.js';
import { SqlFixRepository } from './sql/fix-repository.js';

import { SqlSavedFilterRepository } from './sql/saved-filter-repository.js';
import { SqlDashboardRepository } from './sql/dashboard-repository.js';

import { SqlProjectMemberRepository, SqlSecurityBucketRepository, SqlUserPasswordRepository } from './sql/identity-repositories.js';
import { SqlOAuthClientRepository, SqlOAuthGrantRepository } from './sql/oauth-server-repositories.js';
import { SqlServiceAccountRepository } from './sql/service-account-repository.js';
import { SqlGuestTokenRepository } from './sql/guest-token-repository.js';

import { SqlDeliveryRepository, SqlWebhookRepository } from './sql/webhook-repositories.js';
import { SqlChannelDeliveryRepository, SqlChannelRepository } from './sql/channel-repositories.js';
import { SqlIdempotencyRepository } from './sql/idempotency-repository.js';
import { SqlModelPriceRepository } from './sql/model-price-repository.js';

import { SqlAccountLinkRepository, SqlAuditEventRepository, SqlInvitationRepository, SqlWorkerLeaseRepository } from './sql/administration-repositories.js';
import { SqlDataLifecycleRepository } from './sql/data-lifecycle-repository.js';
import { SqlScheduledRunRepository } from './sql/scheduled-run-repository.js';
import { SqlMonitorRepository } from './sql/monitor-repository.js';
import { SqlMonitorMetricReader } from './sql/monitor-metric-reader.js';
import { SqlNotificationRepository } from './sql/notification-repository.js';
import { SqlGitHubRepository } from './sql/github-repository.js';
import { SqlFixDispatchRepository } from './sql/fix-dispatch-repository.js';
import { SqlDigestRepository } from './sql/digest-repository.js';
import { SqlDetectionBackfillRepository } from './sql/detection-backfill-repository.js';
import { SqlSearchReindexRepository } from './sql/search-reindex-repository.js';
import * as evaluations from './sql/evaluation-repositories.js';
import { SqlPromptRepository } from './sql/prompt-repository.js';
import { SqlScimRepository } from './sql/scim-repository.js';
import { SqlSsoRepository } from './sql/sso-repository.js';
import { SqlDetectionModelRepository } from './sql/detection-model-repository.js';
import { SqlFailureClusterRepository } from './sql/failure-cluster-repository.js';
import { SqlDatasetRepository, SqlExperimentRepository } from './sql/dataset-repositories.js';
import { SqlExperimentCallRepository, SqlExperimentJobRepository } from './sql/experiment-job-repository.js';
import { SqlPromptUsageReader } from './sql/prompt-usage-reader.js';
import { SqlSessionActivityReader } from './sql/session-activity-reader.js';
import { SqlMetricsReader } from './sql/metrics-reader.js';
import { SqlMailOutboxRepository, SqlMailPreferenceRepository } from './sql/mail-outbox-repository.js';
import { SqlRollupMetricsReader } from './sql/metrics-rollup-reader.js';
import { SqlMetricsRollupWriter } from './sql/metrics-rollup-writer.js';

/** Builds every repository over one knex connection or transaction. */
export function createStore(knex: Knex, dialect: Dialect, options: { searchReader?: SqliteSearchReader; storedAtClock?: () => number } = {}): Store {
  const textIndex = dialect === 'sqlite' ? sqliteTraceTextIndex : postgresTraceTextIndex;
  const store: Store = {
    dialect,
    organizations: new SqlOrganizationRepository(knex),
    projects: new SqlProjectRepository(knex),
    users: new SqlUserRepository(knex),
    apiKeys: new SqlApiKeyRepository(knex),
    oauthTokens: new SqlOAuthAccessTokenRepository(knex),
    traces: new SqlTraceRepository(knex, dialect, textIndex, options.searchReader, options.storedAtClock),

    detections: new SqlDetectionRepository(knex),
    detectionEvents: new SqlDetectionEventRepository(knex),
    detectionJobs: new SqlDetectionJobRepository(knex, dialect),
    evaluationTraces: new SqlEvaluationTraceReader(knex),
    fixes: new SqlFixRepository(knex),

    savedFilters: new SqlSavedFilterRepository(knex),
    dashboards: new SqlDashboardRepository(knex),

    projectMembers: new SqlProjectMemberRepository(knex),
    userPasswords: new SqlUserPasswordRepository(knex),
    oauthClients: new SqlOAuthClientRepository(knex),
    oauthGrants: new SqlOAuthGrantRepository(knex),
    serviceAccounts: new SqlServiceAccountRepository(knex),
    guestTokens: new SqlGuestTokenRepository(knex),
    securityBuckets: new SqlSecurityBucketRepository(knex, dialect),

    webhooks: new SqlWebhookRepository(knex),
    webhookDeliveries: new SqlDeliveryRepository(knex),
    channels: new SqlChannelRepository(knex),
    channelDeliveries: new SqlChannelDeliveryRepository(knex),
    idempotencyKeys: new SqlIdempotencyRepository(knex),

    accountLinks: new SqlAccountLinkRepository(knex),
    invitations: new SqlInvitationRepository(knex),
    auditEvents: new SqlAuditEventRepository(knex),
    dataLifecycle: new SqlDataLifecycleRepository(knex, dialect, textIndex),
    workerLeases: new SqlWorkerLeaseRepository(knex),
    modelPrices: new SqlModelPriceRepository(knex),
    scheduledRuns: new SqlScheduledRunRepository(knex),
    timePartitions: new SqlTimePartitionRepository(knex, dialect),
    monitors: new SqlMonitorRepository(knex, dialect),
    monitorMetrics: new SqlMonitorMetricReader(knex, dialect),
    notifications: new SqlNotificationRepository(knex),
    fixDispatch: new SqlFixDispatchRepository(knex),
    github: new SqlGitHubRepository(knex),
    digests: new SqlDigestRepository(knex),
    detectionBackfills: new SqlDetectionBackfillRepository(knex),
    searchReindexes: new SqlSearchReindexRepository(knex),

    scores: new evaluations.SqlScoreRepository(knex),
    modelConnections: new evaluations.SqlModelConnectionRepository(knex),
    evaluators: new evaluations.SqlEvaluatorRepository(knex),
    evaluationJobs: new evaluations.SqlEvaluationJobRepository(knex, dialect),
    evaluationRuns: new evaluations.SqlEvaluationRunRepository(knex),
    annotations: new evaluations.SqlAnnotationRepository(knex),
    evaluationBudgets: new evaluations.SqlEvaluationBudgetRepository(knex),

    prompts: new SqlPromptRepository(knex, dialect),
    playgroundRuns: new evaluations.SqlPlaygroundRunRepository(knex),
    datasets: new SqlDatasetRepository(knex, dialect),
    experiments: new SqlExperimentRepository(knex),
    experimentJobs: new SqlExperimentJobRepository(knex, dialect),
    experimentCalls: new SqlExperimentCallRepository(knex),
    promptUsage: new SqlPromptUsageReader(knex, dialect),
    scim: new SqlScimRepository(knex, dialect),
    sso: new SqlSsoRepository(knex),
    detectionModels: new SqlDetectionModelRepository(knex),
    failureClusters: new SqlFailureClusterRepository(knex),
    sessionActivity: new SqlSessionActivityReader(knex, dialect),
    mailOutbox: new SqlMailOutboxRepository(knex),
    mailPreferences: new SqlMailPreferenceRepository(knex),
    metrics: new SqlRollupMetricsReader(knex, dialect, new SqlMetricsReader(knex, dialect), options.searchReader),
    metricsRollups: new SqlMetricsRollupWriter(knex, dialect),
    transaction<T>(work: (tx: Store) => Promise<T>): Promise<T> {
      // A transaction store nested in another joins it rather than opening a second one.
      if ((knex as Knex.Transaction).isTransaction) return work(store);
      return knex.transaction((trx) => work(createStore(trx, dialect, { storedAtClock: options.storedAtClock })));
    },
    groupedTransaction<T>(work: (tx: Store) => Promise<T>): Promise<T> {
      if ((knex as Knex.Transaction).isTransaction || dialect !== 'sqlite') return store.transaction(work);
      return groupCommitOf(knex).run((savepoint) => work(createStore(savepoint, dialect, { storedAtClock: options.storedAtClock })));
    },
  };
  return store;
}
