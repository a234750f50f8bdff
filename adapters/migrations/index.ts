import type { Migration } from './migration.js';
import { foundation } from './001-foundation.js';
import { traces } from './002-traces.js';
import { traceSearch } from './003-trace-search.js';
import { detections } from './003-detections.js';
import { savedFilters } from './006-saved-filters.js';
import { identity } from './007-identity.js';
import { webhooks } from './009-webhooks.js';
import { traceChildrenKeys } from './010-trace-children-keys.js';
import { administration } from './014-administration.js';
import { otlpIngest } from './015-otlp-ingest.js';
import { scheduledRuns } from './016-scheduled-runs.js';
import { monitors } from './017-monitors.js';
import { notificationsDispatch } from './018-notifications-dispatch.js';
import { evaluations } from './019-evaluations.js';
import { searchSyntax } from './020-search-syntax.js';
import { mcpAuthorization } from './021-mcp-authorization.js';
import { monitorScoreName } from './022-monitor-score-name.js';
import { searchReindex } from './023-search-reindex.js';
import { searchStoreOrder } from './024-search-store-order.js';
import { searchStoreBlocks } from './025-search-store-blocks.js';
import { searchFacets } from './026-search-facets.js';
import { detectionJobKeys } from './027-detection-job-keys.js';
import { sqliteSearchFacets } from './028-sqlite-search-facets.js';
import { searchProjectOrder } from './029-search-project-order.js';
import { searchProjectIndex } from './030-search-project-index.js';
import { traceSortIndexes } from './031-trace-sort-indexes.js';
import { spanPromptIndex } from './036-span-prompt-index.js';
import { experimentServerRuns } from './037-experiment-server-runs.js';
import { traceEnvironmentRelease } from './038-trace-environment-release.js';
import { scim } from './040-scim.js';
import { detectionModels } from './041-detection-models.js';
import { channels } from './042-channels.js';
import { mailOutbox } from './043-mail-outbox.js';
import { githubTargets } from './044-github-targets.js';
import { ssoConnections } from './045-sso-connections.js';
import { failureClusters } from './046-failure-clusters.js';
import { metricsRollups } from './047-metrics-rollups.js';
import { prompts } from './032-prompts.js';
import { playgroundRuns } from './033-playground-runs.js';
import { datasets } from './034-datasets.js';
import { experimentAlpha } from './035-experiment-alpha.js';
import { sessionActivityIndexes } from './039-session-activity-indexes.js';
import { dashboards } from './048-dashboards.js';
import { traceTagsTokens } from './049-trace-tags-tokens.js';
import { metricsDailyRollups } from './050-metrics-daily-rollups.js';
import { metricsMarksVacuum } from './051-metrics-marks-vacuum.js';
import { traceRegistry } from './052-trace-registry.js';
import { timePartitions } from './053-time-partitions.js';
import { traceIdsWeekOrder } from './054-trace-ids-week-order.js';
import { metricsRollupPartitions } from './055-metrics-rollup-partitions.js';

/** Every migration, in order. Append; never reorder or edit one that has shipped. */
export const migrations: readonly Migration[] = [
  foundation,
  traces,
  traceSearch,
  detections,
  savedFilters,
  identity,
  webhooks,
  traceChildrenKeys,
  administration,
  otlpIngest,
  scheduledRuns,
  monitors,
  notificationsDispatch,
  evaluations,
  searchSyntax,
  mcpAuthorization,
  monitorScoreName,
  searchReindex,
  searchStoreOrder,
  searchStoreBlocks,
  searchFacets,
  detectionJobKeys,
  sqliteSearchFacets,
  searchProjectOrder,
  searchProjectIndex,
  traceSortIndexes,
  prompts,
  playgroundRuns,
  datasets,
  experimentAlpha,
  spanPromptIndex,
  experimentServerRuns,
  traceEnvironmentRelease,
  sessionActivityIndexes,
  scim,
  detectionModels,
  channels,
  mailOutbox,
  githubTargets,
  ssoConnections,
  failureClusters,
  metricsRollups,
  dashboards,
  traceTagsTokens,
  metricsDailyRollups,
  metricsMarksVacuum,
  traceRegistry,
  timePartitions,
  traceIdsWeekOrder,
  metricsRollupPartitions,
];
