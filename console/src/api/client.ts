import { ApiProblem } from './problem';
import type { BodyOf, OperationId, QueryOf, Schemas, SuccessData } from './operation-types';
import { readEventStream } from './event-stream';
import type { PlaygroundStreamEvent } from './playground-events';

/**
 * The one module that talks to the service. Every page calls these typed methods, so when an
 * endpoint moves (e.g. a path or a parameter renamed) only this file changes.
 */

export type Credential = { kind: 'apiKey'; key: string } | { kind: 'oauth'; accessToken: string };

export interface ClientOptions {
  credential: () => Credential | null;
  projectId: () => string | null;
  /** Called once on a 401 for an OAuth token; resolves true when a fresh token is now in place. */
  refresh?: () => Promise<boolean>;
}

/** A repeated parameter (`candidate=a&candidate=b`) is an array. */
type QueryValue = string | number | boolean | undefined | null | readonly string[];
const API = '/api/v1/public';

export class ApiClient {
  constructor(private readonly options: ClientOptions) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const credential = this.options.credential();
    const headers: Record<string, string> = { accept: 'application/json', ...extra };
    if (credential?.kind === 'apiKey') headers['x-api-key'] = credential.key;
    if (credential?.kind === 'oauth') headers.authorization = `Bearer ${credential.accessToken}`;
    const projectId = this.options.projectId();
    if (projectId) headers['x-project-id'] = projectId;
    return headers;
  }

  private async send(url: string, init: RequestInit & { headers?: Record<string, string> }, retried = false): Promise<Response> {
    const response = await fetch(url, { ...init, headers: this.headers(init.headers) });
    if (response.status === 401 && !retried && this.options.credential()?.kind === 'oauth' && this.options.refresh && (await this.options.refresh())) {
      return this.send(url, init, true);
    }
    return response;
  }

  /** `idempotencyKey` goes out as the `idempotency-key` header, for operations whose contract requires one. */
  private async rest<T>(method: string, path: string, query?: Record<string, QueryValue>, body?: unknown, idempotencyKey?: string): Promise<T> {
    const url = new URL(`${API}${path}`, location.origin);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (Array.isArray(value)) for (const entry of value as readonly string[]) url.searchParams.append(name, entry);
      else if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
    }
    const response = await this.send(url.pathname + url.search, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      throw new ApiProblem(response.status, `HTTP ${response.status}`, 'The service answered without JSON.', response.headers.get('x-request-id'), null);
    }
    if (!response.ok) throw ApiProblem.fromProblem(response.status, (parsed ?? {}) as Record<string, never>, response.headers.get('x-request-id'));
    return (parsed as { data: T }).data;
  }

  // ---- REST (typed by the contract) -------------------------------------------------------------
  listProjects = () => this.rest<SuccessData<'listProjects'>>('GET', '/projects');
  updateProject = (body: BodyOf<'updateProject'>) => this.rest<SuccessData<'updateProject'>>('PATCH', '/project', undefined, body);
  getProject = () => this.rest<SuccessData<'getProject'>>('GET', '/project');
  listTraces = (query: QueryOf<'listTraces'>) => this.rest<SuccessData<'listTraces'>>('GET', '/traces', query);
  searchTraces = (query: QueryOf<'searchTraces'>) => this.rest<SuccessData<'searchTraces'>>('GET', '/search/traces', query);
  getTrace = (traceId: string) => this.rest<SuccessData<'getTrace'>>('GET', `/traces/${encodeURIComponent(traceId)}`);
  listTraceSpans = (traceId: string, query: QueryOf<'listTraceSpans'>) =>
    this.rest<SuccessData<'listTraceSpans'>>('GET', `/traces/${encodeURIComponent(traceId)}/spans`, query);
  listTraceScores = (traceId: string) => this.rest<SuccessData<'listScores'>>('GET', '/scores', { traceId, limit: 100 });
  listTraceDetections = (traceId: string) => this.rest<SuccessData<'listTraceDetections'>>('GET', `/traces/${encodeURIComponent(traceId)}/detections`);
  ingestTrace = (body: BodyOf<'ingestTrace'>) => this.rest<SuccessData<'ingestTrace'>>('POST', '/traces', undefined, body);

  listDetections = (query: QueryOf<'listDetections'>) => this.rest<SuccessData<'listDetections'>>('GET', '/detections', query);
  getDetectionTrend = (query: QueryOf<'getDetectionTrend'>) => this.rest<SuccessData<'getDetectionTrend'>>('GET', '/detections/trend', query);
  getDetection = (id: string) => this.rest<SuccessData<'getDetection'>>('GET', `/detections/${id}`);
  createDetection = (body: BodyOf<'createDetection'>) => this.rest<SuccessData<'createDetection'>>('POST', '/detections', undefined, body);
  updateDetection = (id: string, body: BodyOf<'updateDetection'>) => this.rest<SuccessData<'updateDetection'>>('PATCH', `/detections/${id}`, undefined, body);

  listDashboards = (query: QueryOf<'listDashboards'>) => this.rest<SuccessData<'listDashboards'>>('GET', '/dashboards', query);
  getDashboard = (id: string) => this.rest<SuccessData<'getDashboard'>>('GET', `/dashboards/${encodeURIComponent(id)}`);
  createDashboard = (body: BodyOf<'createDashboard'>) => this.rest<SuccessData<'createDashboard'>>('POST', '/dashboards', undefined, body);
  updateDashboard = (id: string, body: BodyOf<'updateDashboard'>) => this.rest<SuccessData<'updateDashboard'>>('PATCH', `/dashboards/${encodeURIComponent(id)}`, undefined, body);
  deleteDashboard = (id: string) => this.rest<SuccessData<'deleteDashboard'>>('DELETE', `/dashboards/${encodeURIComponent(id)}`);
  queryMetrics = (body: BodyOf<'queryMetrics'>) => this.rest<SuccessData<'queryMetrics'>>('POST', '/metrics/query', undefined, body);
  listDetectionModels = (id: string) => this.rest<SuccessData<'listDetectionModels'>>('GET', `/detections/${id}/models`, { limit: 100 });
  trainDetection = (id: string) => this.rest<SuccessData<'trainDetection'>>('POST', `/detections/${id}/trainings`, undefined, {});
  activateDetectionModel = (id: string, version: number) => this.rest<SuccessData<'activateDetectionModel'>>('POST', `/detections/${id}/models/${version}/activate`, undefined, {});
  listFailureClusters = (query: QueryOf<'listFailureClusters'>) => this.rest<SuccessData<'listFailureClusters'>>('GET', '/clusters', query);
  getFailureCluster = (id: string, query: QueryOf<'getFailureCluster'>) => this.rest<SuccessData<'getFailureCluster'>>('GET', `/clusters/${id}`, query);
  listFailureClusterTraces = (id: string, query: QueryOf<'listFailureClusterTraces'>) => this.rest<SuccessData<'listFailureClusterTraces'>>('GET', `/clusters/${id}/traces`, query);
  createFailureClusterFix = (id: string, body: BodyOf<'createFailureClusterFix'>) => this.rest<SuccessData<'createFailureClusterFix'>>('POST', `/clusters/${id}/fix`, undefined, body);
  mergeFailureCluster = (id: string, body: BodyOf<'mergeFailureCluster'>) => this.rest<SuccessData<'mergeFailureCluster'>>('POST', `/clusters/${id}/merge`, undefined, body);
  splitFailureCluster = (id: string, body: BodyOf<'splitFailureCluster'>) => this.rest<SuccessData<'splitFailureCluster'>>('POST', `/clusters/${id}/split`, undefined, body);

  listSessions = (query: QueryOf<'listSessions'>) => this.rest<SuccessData<'listSessions'>>('GET', '/sessions', query);
  getSession = (sessionId: string, query: QueryOf<'getSession'>) => this.rest<SuccessData<'getSession'>>('GET', `/sessions/${encodeURIComponent(sessionId)}`, query);
  listEndUsers = (query: QueryOf<'listEndUsers'>) => this.rest<SuccessData<'listEndUsers'>>('GET', '/users', query);
  getEndUser = (userId: string, query: QueryOf<'getEndUser'>) => this.rest<SuccessData<'getEndUser'>>('GET', `/users/${encodeURIComponent(userId)}`, query);

  listDatasets = (query: QueryOf<'listDatasets'>) => this.rest<SuccessData<'listDatasets'>>('GET', '/datasets', query);
  createDataset = (body: BodyOf<'createDataset'>) => this.rest<SuccessData<'createDataset'>>('POST', '/datasets', undefined, body);
  getDataset = (id: string) => this.rest<SuccessData<'getDataset'>>('GET', `/datasets/${encodeURIComponent(id)}`);
  listDatasetItems = (id: string, query: QueryOf<'listDatasetItems'>) => this.rest<SuccessData<'listDatasetItems'>>('GET', `/datasets/${encodeURIComponent(id)}/items`, query);
  createDatasetItem = (id: string, body: BodyOf<'createDatasetItem'>) => this.rest<SuccessData<'createDatasetItem'>>('POST', `/datasets/${encodeURIComponent(id)}/items`, undefined, body);
  importDatasetItems = (id: string, body: BodyOf<'importDatasetItems'>) => this.rest<SuccessData<'importDatasetItems'>>('POST', `/datasets/${encodeURIComponent(id)}/items/import`, undefined, body);
  updateDatasetItem = (id: string, itemId: string, body: BodyOf<'updateDatasetItem'>) =>
    this.rest<SuccessData<'updateDatasetItem'>>('PATCH', `/datasets/${encodeURIComponent(id)}/items/${encodeURIComponent(itemId)}`, undefined, body);
  listExperimentRuns = (id: string, query: QueryOf<'listExperimentRuns'>) => this.rest<SuccessData<'listExperimentRuns'>>('GET', `/datasets/${encodeURIComponent(id)}/runs`, query);
  createExperimentRun = (id: string, body: BodyOf<'createExperimentRun'>) => this.rest<SuccessData<'createExperimentRun'>>('POST', `/datasets/${encodeURIComponent(id)}/runs`, undefined, body);
  updateExperimentRun = (id: string, runId: string, body: BodyOf<'updateExperimentRun'>) =>
    this.rest<SuccessData<'updateExperimentRun'>>('PATCH', `/datasets/${encodeURIComponent(id)}/runs/${encodeURIComponent(runId)}`, undefined, body);
  listExperimentResults = (id: string, runId: string, query: QueryOf<'listExperimentResults'>) =>
    this.rest<SuccessData<'listExperimentResults'>>('GET', `/datasets/${encodeURIComponent(id)}/runs/${encodeURIComponent(runId)}/results`, query);
  compareExperimentRuns = (id: string, query: QueryOf<'compareExperimentRuns'>) =>
    this.rest<SuccessData<'compareExperimentRuns'>>('GET', `/datasets/${encodeURIComponent(id)}/runs/compare`, query);

  listSavedFilters = (query: QueryOf<'listSavedFilters'>) => this.rest<SuccessData<'listSavedFilters'>>('GET', '/saved-filters', query);
  createSavedFilter = (body: BodyOf<'createSavedFilter'>) => this.rest<SuccessData<'createSavedFilter'>>('POST', '/saved-filters', undefined, body);
  deleteSavedFilter = (id: string) => this.rest<SuccessData<'deleteSavedFilter'>>('DELETE', `/saved-filters/${id}`, undefined, { confirmation: id });

  listFixes = (query: QueryOf<'listFixes'>) => this.rest<SuccessData<'listFixes'>>('GET', '/fixes', query);
  getFix = (id: string) => this.rest<SuccessData<'getFix'>>('GET', `/fixes/${id}`);
  updateFix = (id: string, body: BodyOf<'updateFix'>) => this.rest<SuccessData<'updateFix'>>('PATCH', `/fixes/${id}`, undefined, body);
  acceptFix = (id: string) => this.rest<SuccessData<'acceptFix'>>('POST', `/fixes/${id}/accept`);
  dismissFix = (id: string, body: BodyOf<'dismissFix'>) => this.rest<SuccessData<'dismissFix'>>('POST', `/fixes/${id}/dismiss`, undefined, body);
  updateFixStatus = (id: string, body: BodyOf<'updateFixStatus'>) => this.rest<SuccessData<'updateFixStatus'>>('POST', `/fixes/${id}/status`, undefined, body);
  listFixSteps = (id: string, query: QueryOf<'listFixSteps'>) => this.rest<SuccessData<'listFixSteps'>>('GET', `/fixes/${id}/steps`, query);
  createFixComment = (id: string, body: BodyOf<'createFixComment'>) => this.rest<SuccessData<'createFixComment'>>('POST', `/fixes/${id}/comments`, undefined, body);

  listAnnotationQueues = (query: QueryOf<'listAnnotationQueues'>) => this.rest<SuccessData<'listAnnotationQueues'>>('GET', '/annotation-queues', query);
  listMyAnnotationItems = (query: QueryOf<'listMyAnnotationItems'>) => this.rest<SuccessData<'listMyAnnotationItems'>>('GET', '/annotation-items', query);
  getAnnotationQueue = (id: string) => this.rest<SuccessData<'getAnnotationQueue'>>('GET', `/annotation-queues/${encodeURIComponent(id)}`);
  getAnnotationBatch = (queueId: string, batchId: string) =>
    this.rest<SuccessData<'getAnnotationBatch'>>('GET', `/annotation-queues/${encodeURIComponent(queueId)}/batches/${encodeURIComponent(batchId)}`);
  submitAnnotationResponse = (queueId: string, batchId: string, itemId: string, body: BodyOf<'submitAnnotationResponse'>) =>
    this.rest<SuccessData<'submitAnnotationResponse'>>(
      'POST',
      `/annotation-queues/${encodeURIComponent(queueId)}/batches/${encodeURIComponent(batchId)}/items/${encodeURIComponent(itemId)}/response`,
      undefined,
      body,
    );

  listWebhooks = (query: QueryOf<'listWebhooks'> = {}) => this.rest<SuccessData<'listWebhooks'>>('GET', '/webhooks', query);
  /** The contract requires an idempotency key: the form passes one per submission (api/idempotency.ts). */
  createWebhook = (body: BodyOf<'post_api_v1_public_webhooks'>, idempotencyKey: string) =>
    this.rest<SuccessData<'post_api_v1_public_webhooks'>>('POST', '/webhooks', undefined, body, idempotencyKey);
  getWebhook = (id: string) => this.rest<SuccessData<'getWebhook'>>('GET', `/webhooks/${encodeURIComponent(id)}`);
  updateWebhook = (id: string, body: BodyOf<'updateWebhook'>) => this.rest<SuccessData<'updateWebhook'>>('PATCH', `/webhooks/${encodeURIComponent(id)}`, undefined, body);
  deleteWebhook = (id: string) => this.rest<SuccessData<'deleteWebhook'>>('DELETE', `/webhooks/${encodeURIComponent(id)}`);
  testWebhook = (id: string) => this.rest<SuccessData<'testWebhook'>>('POST', `/webhooks/${encodeURIComponent(id)}/test`);
  listWebhookDeliveries = (id: string, query: QueryOf<'listWebhookDeliveries'> = {}) =>
    this.rest<SuccessData<'listWebhookDeliveries'>>('GET', `/webhooks/${encodeURIComponent(id)}/deliveries`, query);
  listChannels = (query: QueryOf<'listChannels'> = {}) => this.rest<SuccessData<'listChannels'>>('GET', '/channels', query);
  createChannel = (body: BodyOf<'createChannel'>) => this.rest<SuccessData<'createChannel'>>('POST', '/channels', undefined, body);
  updateChannel = (id: string, body: BodyOf<'updateChannel'>) => this.rest<SuccessData<'updateChannel'>>('PATCH', `/channels/${encodeURIComponent(id)}`, undefined, body);
  testChannel = (id: string) => this.rest<SuccessData<'testChannel'>>('POST', `/channels/${encodeURIComponent(id)}/test`);
  listChannelDeliveries = (id: string, query: QueryOf<'listChannelDeliveries'> = {}) =>
    this.rest<SuccessData<'listChannelDeliveries'>>('GET', `/channels/${encodeURIComponent(id)}/deliveries`, query);

  listMonitors = (query: QueryOf<'listMonitors'>) => this.rest<SuccessData<'listMonitors'>>('GET', '/monitors', query);
  getMonitor = (id: string) => this.rest<SuccessData<'getMonitor'>>('GET', `/monitors/${encodeURIComponent(id)}`);
  createMonitor = (body: BodyOf<'createMonitor'>) => this.rest<SuccessData<'createMonitor'>>('POST', '/monitors', undefined, body);
  updateMonitor = (id: string, body: BodyOf<'updateMonitor'>) => this.rest<SuccessData<'updateMonitor'>>('PATCH', `/monitors/${encodeURIComponent(id)}`, undefined, body);
  deleteMonitor = (id: string) => this.rest<SuccessData<'deleteMonitor'>>('DELETE', `/monitors/${encodeURIComponent(id)}`, undefined, { confirmation: id });
  listIncidents = (query: QueryOf<'listIncidents'>) => this.rest<SuccessData<'listIncidents'>>('GET', '/incidents', query);
  getIncident = (id: string) => this.rest<SuccessData<'getIncident'>>('GET', `/incidents/${encodeURIComponent(id)}`);

  listModelConnections = (query: QueryOf<'listModelConnections'>) => this.rest<SuccessData<'listModelConnections'>>('GET', '/model-connections', query);
  createModelConnection = (body: BodyOf<'createModelConnection'>) => this.rest<SuccessData<'createModelConnection'>>('POST', '/model-connections', undefined, body);
  updateModelConnection = (id: string, body: BodyOf<'updateModelConnection'>) => this.rest<SuccessData<'updateModelConnection'>>('PATCH', `/model-connections/${encodeURIComponent(id)}`, undefined, body);
  deleteModelConnection = (id: string) => this.rest<SuccessData<'deleteModelConnection'>>('DELETE', `/model-connections/${encodeURIComponent(id)}`);
  listEvaluators = (query: QueryOf<'listEvaluators'>) => this.rest<SuccessData<'listEvaluators'>>('GET', '/evaluators', query);
  getEvaluator = (id: string) => this.rest<SuccessData<'getEvaluator'>>('GET', `/evaluators/${encodeURIComponent(id)}`);
  createEvaluator = (body: BodyOf<'createEvaluator'>) => this.rest<SuccessData<'createEvaluator'>>('POST', '/evaluators', undefined, body);
  updateEvaluator = (id: string, body: BodyOf<'updateEvaluator'>) => this.rest<SuccessData<'updateEvaluator'>>('PATCH', `/evaluators/${encodeURIComponent(id)}`, undefined, body);
  deleteEvaluator = (id: string) => this.rest<SuccessData<'deleteEvaluator'>>('DELETE', `/evaluators/${encodeURIComponent(id)}`);
  listEvaluatorRuns = (id: string, query: QueryOf<'listEvaluatorRuns'>) => this.rest<SuccessData<'listEvaluatorRuns'>>('GET', `/evaluators/${encodeURIComponent(id)}/runs`, query);
  getEvaluationBudget = () => this.rest<SuccessData<'getEvaluationBudget'>>('GET', '/evaluation-budget');
  setEvaluationBudget = (body: BodyOf<'setEvaluationBudget'>) => this.rest<SuccessData<'setEvaluationBudget'>>('PUT', '/evaluation-budget', undefined, body);

  listNotifications = (query: QueryOf<'listNotifications'>) => this.rest<SuccessData<'listNotifications'>>('GET', '/notifications', query);
  markNotificationRead = (id: string) => this.rest<SuccessData<'markNotificationRead'>>('POST', `/notifications/${encodeURIComponent(id)}/read`);
  markAllNotificationsRead = () => this.rest<SuccessData<'markAllNotificationsRead'>>('POST', '/notifications/read-all');
  getEmailPreferences = () => this.rest<SuccessData<'getEmailPreferences'>>('GET', '/account/email-preferences');
  updateEmailPreferences = (body: BodyOf<'updateEmailPreferences'>) => this.rest<SuccessData<'updateEmailPreferences'>>('PATCH', '/account/email-preferences', undefined, body);
  getNotificationSettings = () => this.rest<SuccessData<'getNotificationSettings'>>('GET', '/project/notification-settings');
  updateNotificationSettings = (body: BodyOf<'updateNotificationSettings'>) =>
    this.rest<SuccessData<'updateNotificationSettings'>>('PATCH', '/project/notification-settings', undefined, body);
  getDigest = (kind: 'daily' | 'weekly') => this.rest<SuccessData<'getDigest'>>('GET', `/project/digests/${kind}`);

  listApiKeys = (query: QueryOf<'listApiKeys'>) => this.rest<SuccessData<'listApiKeys'>>('GET', '/api-keys', query);
  createApiKey = (body: BodyOf<'createApiKey'>) => this.rest<SuccessData<'createApiKey'>>('POST', '/api-keys', undefined, body);
  revokeApiKey = (id: string) => this.rest<SuccessData<'revokeApiKey'>>('DELETE', `/api-keys/${id}`);
  listMembers = () => this.rest<SuccessData<'listMembers'>>('GET', '/members');
  updateMember = (userId: string, body: BodyOf<'updateMember'>) => this.rest<SuccessData<'updateMember'>>('PATCH', `/members/${userId}`, undefined, body);
  removeMember = (userId: string) => this.rest<SuccessData<'removeMember'>>('DELETE', `/members/${userId}`);
  listInvitations = () => this.rest<SuccessData<'listInvitations'>>('GET', '/invitations');
  createInvitation = (body: BodyOf<'createInvitation'>) => this.rest<SuccessData<'createInvitation'>>('POST', '/invitations', undefined, body);
  revokeInvitation = (id: string) => this.rest<SuccessData<'revokeInvitation'>>('DELETE', `/invitations/${id}`);
  listAuditEvents = (query: QueryOf<'listAuditEvents'>) => this.rest<SuccessData<'listAuditEvents'>>('GET', '/audit-events', query);
  // Single sign-on and SCIM provisioning (organization owners; docs/sso.md).
  listSsoConnections = () => this.rest<SuccessData<'listSsoConnections'>>('GET', '/sso-connections');
  createSsoConnection = (body: BodyOf<'createSsoConnection'>) => this.rest<SuccessData<'createSsoConnection'>>('POST', '/sso-connections', undefined, body);
  replaceSsoConnection = (id: string, body: BodyOf<'replaceSsoConnection'>) => this.rest<SuccessData<'replaceSsoConnection'>>('PUT', `/sso-connections/${encodeURIComponent(id)}`, undefined, body);
  deleteSsoConnection = (id: string) => this.rest<SuccessData<'deleteSsoConnection'>>('DELETE', `/sso-connections/${encodeURIComponent(id)}`);
  getScimConnection = () => this.rest<SuccessData<'getScimConnection'>>('GET', '/scim-connection');
  updateScimConnection = (body: BodyOf<'updateScimConnection'>) => this.rest<SuccessData<'updateScimConnection'>>('PUT', '/scim-connection', undefined, body);
  rotateScimToken = () => this.rest<SuccessData<'rotateScimToken'>>('POST', '/scim-connection/token');
  listServiceAccounts = (query: QueryOf<'listServiceAccounts'> = {}) => this.rest<SuccessData<'listServiceAccounts'>>('GET', '/service-accounts', query);

  // Annotation queues: setup (members, batches) besides answering.
  createAnnotationQueue = (body: BodyOf<'createAnnotationQueue'>) => this.rest<SuccessData<'createAnnotationQueue'>>('POST', '/annotation-queues', undefined, body);
  addAnnotationQueueMember = (id: string, body: BodyOf<'addAnnotationQueueMember'>) =>
    this.rest<SuccessData<'addAnnotationQueueMember'>>('POST', `/annotation-queues/${encodeURIComponent(id)}/members`, undefined, body);
  removeAnnotationQueueMember = (id: string, userId: string) =>
    this.rest<SuccessData<'removeAnnotationQueueMember'>>('DELETE', `/annotation-queues/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}`);
  listAnnotationBatches = (id: string, query: QueryOf<'listAnnotationBatches'>) =>
    this.rest<SuccessData<'listAnnotationBatches'>>('GET', `/annotation-queues/${encodeURIComponent(id)}/batches`, query);
  createAnnotationBatch = (id: string, body: BodyOf<'createAnnotationBatch'>) =>
    this.rest<SuccessData<'createAnnotationBatch'>>('POST', `/annotation-queues/${encodeURIComponent(id)}/batches`, undefined, body);

  // Service accounts and their tokens.
  createServiceAccount = (body: BodyOf<'createServiceAccount'>) => this.rest<SuccessData<'createServiceAccount'>>('POST', '/service-accounts', undefined, body);
  bindServiceAccount = (id: string, body: BodyOf<'bindServiceAccount'>) => this.rest<SuccessData<'bindServiceAccount'>>('PUT', `/service-accounts/${id}/binding`, undefined, body);
  unbindServiceAccount = (id: string) => this.rest<SuccessData<'unbindServiceAccount'>>('DELETE', `/service-accounts/${id}/binding`);
  listServiceAccountTokens = (id: string) => this.rest<SuccessData<'listServiceAccountTokens'>>('GET', `/service-accounts/${id}/tokens`);
  createServiceAccountToken = (id: string, body: BodyOf<'createServiceAccountToken'>) =>
    this.rest<SuccessData<'createServiceAccountToken'>>('POST', `/service-accounts/${id}/tokens`, undefined, body);
  revokeServiceAccountToken = (id: string, tokenId: string) => this.rest<SuccessData<'revokeServiceAccountToken'>>('DELETE', `/service-accounts/${id}/tokens/${tokenId}`);
  rotateServiceAccountToken = (id: string, tokenId: string) => this.rest<SuccessData<'rotateServiceAccountToken'>>('POST', `/service-accounts/${id}/tokens/${tokenId}/rotate`);

  // Model price overrides: the list is replaced as a whole.
  listModelPrices = () => this.rest<SuccessData<'listModelPrices'>>('GET', '/project/model-prices');
  replaceModelPrices = (body: BodyOf<'replaceModelPrices'>) => this.rest<SuccessData<'replaceModelPrices'>>('PUT', '/project/model-prices', undefined, body);

  // A fix's assignee and dispatch.
  assignFix = (id: string, body: BodyOf<'assignFix'>) => this.rest<SuccessData<'assignFix'>>('PUT', `/fixes/${id}/assignee`, undefined, body);
  getFixDispatch = (id: string) => this.rest<SuccessData<'getFixDispatch'>>('GET', `/fixes/${id}/dispatch`);
  actOnFixDispatch = (id: string, body: BodyOf<'actOnFixDispatch'>) => this.rest<SuccessData<'actOnFixDispatch'>>('POST', `/fixes/${id}/dispatch`, undefined, body);
  decideFixDispatch = (id: string, body: BodyOf<'decideFixDispatch'>) => this.rest<SuccessData<'decideFixDispatch'>>('POST', `/fixes/${id}/dispatch/approval`, undefined, body);
  getGithubTarget = () => this.rest<SuccessData<'getGithubTarget'>>('GET', '/integrations/github');
  setGithubTarget = (body: BodyOf<'setGithubTarget'>) => this.rest<SuccessData<'setGithubTarget'>>('PUT', '/integrations/github', undefined, body);
  deleteGithubTarget = () => this.rest<SuccessData<'deleteGithubTarget'>>('DELETE', '/integrations/github');


  // Prompt names hold `/` (folders): a path carries the name encoded whole (`a%2Fb`).
  listPrompts = (query: QueryOf<'listPrompts'>) => this.rest<SuccessData<'listPrompts'>>('GET', '/prompts', query);
  getPromptVersion = (name: string, version: number) => this.rest<SuccessData<'getPrompt'>>('GET', `/prompts/${encodeURIComponent(name)}`, { version });
  listPromptVersions = (name: string, query: QueryOf<'listPromptVersions'>) =>
    this.rest<SuccessData<'listPromptVersions'>>('GET', `/prompts/${encodeURIComponent(name)}/versions`, query);
  createPromptVersion = (body: BodyOf<'createPromptVersion'>) => this.rest<SuccessData<'createPromptVersion'>>('POST', '/prompts', undefined, body);
  setPromptVersionLabels = (name: string, version: number, body: BodyOf<'setPromptVersionLabels'>) =>
    this.rest<SuccessData<'setPromptVersionLabels'>>('PATCH', `/prompts/${encodeURIComponent(name)}/versions/${version}`, undefined, body);
  getPromptUsage = (name: string, query: QueryOf<'getPromptUsage'>) => this.rest<SuccessData<'getPromptUsage'>>('GET', `/prompts/${encodeURIComponent(name)}/usage`, query);
  getPromptProtectedLabels = () => this.rest<SuccessData<'getPromptProtectedLabels'>>('GET', '/project/prompt-protected-labels');

  /**
   * POST /playground/runs, read as it streams: each Server-Sent Event goes to `onEvent` as it
   * arrives. A refusal before the stream (a Problem) is thrown as an ApiProblem, like every call.
   */
  async runPlayground(body: BodyOf<'runPlayground'>, onEvent: (event: PlaygroundStreamEvent) => void, signal?: AbortSignal): Promise<void> {
    const response = await this.send(`${API}/playground/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal,
    });
    if (!response.ok || !response.body) {
      const text = await response.text();
      let parsed: unknown = {};
      try {
        parsed = text ? JSON.parse(text) : {};
      } catch {
        // not JSON: the status says it
      }
      throw ApiProblem.fromProblem(response.status, parsed as Record<string, never>, response.headers.get('x-request-id'));
    }
    await readEventStream(response.body, (event) => onEvent({ event: event.event, data: JSON.parse(event.data) } as PlaygroundStreamEvent));
  }

  /** Every span of a trace, page by page (the trace context stops at 1000). */
  /**
   * Every span of a trace. The first page is small (1,000) so a big trace can be shown while the rest
   * (5,000 a page, the contract's maximum) arrives; `onPage` gets the spans so far after each page.
   */
  async allSpans(traceId: string, onPage?: (loaded: number, soFar: readonly Schemas['FlatSpan'][], more: boolean) => void): Promise<Schemas['FlatSpan'][]> {
    const spans: Schemas['FlatSpan'][] = [];
    let cursor: string | undefined;
    do {
      const page = await this.listTraceSpans(traceId, { limit: spans.length === 0 ? 1000 : 5000, cursor });
      spans.push(...page.spans);
      cursor = page.page.nextCursor ?? undefined;
      onPage?.(spans.length, spans, cursor !== undefined);
    } while (cursor);
    return spans;
  }
}
