import type { Clock } from '../clock.js';
import type { OperationHandlers, StreamingHandlers } from '../http/operation-types.js';
import type { Services } from '../services.js';
import { AccountHandlers } from './account-handlers.js';
import { TraceSpanHandlers } from './trace-span-handlers.js';
import { TraceDetectionHandlers } from './trace-detection-handlers.js';
import { DetectionHandlers } from './detection-handlers.js';
import { FixHandlers } from './fix-handlers.js';
import { HealthHandlers } from './health-handlers.js';
import { ProjectHandlers } from './project-handlers.js';
import { SavedFilterHandlers } from './saved-filter-handlers.js';
import { ServiceAccountHandlers } from './service-account-handlers.js';
import { SharingHandlers } from './sharing-handlers.js';
import { TraceHandlers } from './trace-handlers.js';
import { WebhookHandlers } from './webhook-handlers.js';
import { ChannelHandlers } from './channel-handlers.js';
import { withConcurrencyCaps } from './concurrency-capped.js';
import { AdministrationHandlers } from './administration-handlers.js';
import { exportTracesHandler, TraceDeletionHandlers } from './trace-lifecycle-handlers.js';
import { ModelPriceHandlers } from './model-price-handlers.js';
import { MonitorHandlers } from './monitor-handlers.js';
import { NotificationHandlers } from './notification-handlers.js';
import { DispatchHandlers } from './dispatch-handlers.js';
import { GitHubHandlers } from './github-handlers.js';
import { BackfillHandlers } from './backfill-handlers.js';
import { DetectionModelHandlers } from './detection-model-handlers.js';
import { FailureClusterHandlers } from './failure-cluster-handlers.js';
import { EvaluationHandlers } from './evaluation-handlers.js';
import { AnnotationHandlers } from './annotation-handlers.js';
import { PromptHandlers } from './prompt-handlers.js';
import { SessionHandlers } from './session-handlers.js';
import { MetricsHandlers } from './metrics-handlers.js';
import { DashboardHandlers } from './dashboard-handlers.js';
import { runPlaygroundHandler } from './playground-handlers.js';
import { DatasetHandlers, exportDatasetItemsHandler } from './dataset-handlers.js';
import { ExperimentHandlers } from './experiment-handlers.js';
import { ScimConnectionHandlers } from './scim-connection-handlers.js';
import { SsoConnectionHandlers } from './sso-connection-handlers.js';

/**
 * Every handler, keyed by the contract's operationId. The return type is the complete
 * `OperationHandlers`: after a new operation and `npm run generate`, `npm run typecheck` names the
 * operation this object lacks. REST routes and the agent tools both dispatch through it.
 */
export function buildHandlers(services: Services, clock: Clock): OperationHandlers {
  const handlers: OperationHandlers = {
    ...new AccountHandlers(services.profiles, services.mailPreferences),
    ...new HealthHandlers(clock),
    ...new ProjectHandlers(services.projects),
    ...new TraceHandlers(services.traceIngestion, services.traceList, services.traceContext, services.traceSearch),
    ...new TraceSpanHandlers(services.traceSpans),
    ...new TraceDetectionHandlers(services.traceFirings),
    ...new DetectionHandlers(services.detections),
    ...new FixHandlers(services.fixes),
    ...new SavedFilterHandlers(services.savedFilters),
    ...new ServiceAccountHandlers(services.serviceAccounts),
    ...new SharingHandlers(services.guestTokens),
    ...new WebhookHandlers(services.webhooks),
    ...new ChannelHandlers(services.channels),
    ...new AdministrationHandlers(services.apiKeys, services.members, services.invitations, services.audit),
    ...new TraceDeletionHandlers(services.dataLifecycle),
    ...new ModelPriceHandlers(services.modelPrices),
    ...new MonitorHandlers(services.monitors),
    ...new NotificationHandlers(services.notifications, services.digests),
    ...new DispatchHandlers(services.dispatch),
    ...new GitHubHandlers(services.githubTargets),
    ...new BackfillHandlers(services.backfills),
    ...new DetectionModelHandlers(services.trainings),
    ...new FailureClusterHandlers(services.clusters, services.fixes),
    ...new EvaluationHandlers(services.scores, services.modelConnections, services.evaluators, services.evaluationBudgets),
    ...new AnnotationHandlers(services.annotations),
    ...new PromptHandlers(services.prompts, services.promptUsage),
    ...new SessionHandlers(services.sessions),
    ...new MetricsHandlers(services.metrics),
    ...new DashboardHandlers(services.dashboards),
    ...new DatasetHandlers(services.datasets),
    ...new ExperimentHandlers(services.experimentRuns),
    ...new ScimConnectionHandlers(services.scimConnections),
    ...new SsoConnectionHandlers(services.sso.connections),
  };
  return withConcurrencyCaps(handlers, services.fairShare);
}

/** Operations that write their own (streamed) response body. */
export function buildStreamingHandlers(services: Services): StreamingHandlers {
  return { exportTraces: exportTracesHandler(services.traceExport), runPlayground: runPlaygroundHandler(services.playground), exportDatasetItems: exportDatasetItemsHandler(services.datasets) };
}
