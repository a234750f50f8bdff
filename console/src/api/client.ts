import { ApiProblem } from './problem';
import type { BodyOf, OperationId, QueryOf, Schemas, SuccessData } from './operation-types';

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

  private async rest<T>(method: string, path: string, query?: Record<string, QueryValue>, body?: unknown): Promise<T> {
    const url = new URL(`${API}${path}`, location.origin);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (Array.isArray(value)) for (const entry of value as readonly string[]) url.searchParams.append(name, entry);
      else if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
    }
    const response = await this.send(url.pathname + url.search, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
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

  listDatasets = (query: QueryOf<'listDatasets'>) => this.rest<SuccessData<'listDatasets'>>('GET', '/datasets', query);
  createDataset = (body: BodyOf<'createDataset'>) => this.rest<SuccessData<'createDataset'>>('POST', '/datasets', undefined, body);
  getDataset = (id: string) => this.rest<SuccessData<'getDataset'>>('GET', `/datasets/${encodeURIComponent(id)}`);
  listDatasetItems = (id: string, query: QueryOf<'listDatasetItems'>) => this.rest<SuccessData<'listDatasetItems'>>('GET', `/datasets/${encodeURIComponent(id)}/items`, query);
  createDatasetItem = (id: string, body: BodyOf<'createDatasetItem'>) => this.rest<SuccessData<'createDatasetItem'>>('POST', `/datasets/${encodeURIComponent(id)}/items`, undefined, body);
  importDatasetItems = (id: string, body: BodyOf<'importDatasetItems'>) => this.rest<SuccessData<'importDatasetItems'>>('POST', `/datasets/${encodeURIComponent(id)}/items/import`, undefined, body);
  updateDatasetItem = (id: string, itemId: string, body: BodyOf<'updateDatasetItem'>) =>
    this.rest<SuccessData<'updateDatasetItem'>>('PATCH', `/datasets/${encodeURIComponent(id)}/items/${encodeURIComponent(itemId)}`, undefined, body);
  listExperimentRuns = (id: string, query: QueryOf<'listExperimentRuns'>) => this.rest<SuccessData<'listExperimentRuns'>>('GET', `/datasets/${encodeURIComponent(id)}/runs`, query);
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

  listWebhooks = () => this.rest<SuccessData<'listWebhooks'>>('GET', '/webhooks');
  createWebhook = (body: BodyOf<'post_api_v1_public_webhooks'>) => this.rest<SuccessData<'post_api_v1_public_webhooks'>>('POST', '/webhooks', undefined, body);
  testWebhook = (id: string) => this.rest<SuccessData<'testWebhook'>>('POST', `/webhooks/${id}/test`);
  listWebhookDeliveries = (id: string) => this.rest<SuccessData<'listWebhookDeliveries'>>('GET', `/webhooks/${id}/deliveries`);
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
  listServiceAccounts = () => this.rest<SuccessData<'listServiceAccounts'>>('GET', '/service-accounts');

  /** Every span of a trace, page by page (the trace context stops at 1000). */
  async allSpans(traceId: string, onPage?: (loaded: number) => void): Promise<Schemas['FlatSpan'][]> {
    const spans: Schemas['FlatSpan'][] = [];
    let cursor: string | undefined;
    do {
      const page = await this.listTraceSpans(traceId, { limit: 5000, cursor });
      spans.push(...page.spans);
      onPage?.(spans.length);
      cursor = page.page.nextCursor ?? undefined;
    } while (cursor);
    return spans;
  }
}
