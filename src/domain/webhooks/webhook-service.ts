import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/openapi.js';
import type { Principal } from '../../auth/principal.js';
import type { Clock } from '../../clock.js';
import { ProblemError, problems } from '../../errors.js';
import type { CursorCodec, Page } from '../../pagination/cursor.js';
import type { ProjectRecord } from '../../ports/projects.js';
import type { Store } from '../../ports/store.js';
import type { KeysetPosition, WebhookChanges, WebhookRecord } from '../../ports/webhooks.js';
import type { IdempotencyService, IdempotentResponse } from '../idempotency/idempotency-service.js';
import type { DestinationGuard } from './destination-guard.js';
import type { WebhookOutboxPublisher } from './outbox-publisher.js';
import type { SecretBox } from './secret-box.js';
import { toDeliveryView, toWebhookView, type DeliveryView, type WebhookView } from './webhook-views.js';

export type WebhookCreateInput = components['schemas']['WebhookCreateRequest'];
export type WebhookUpdateInput = components['schemas']['WebhookUpdateRequest'];

/** Who asks and where: the credential, the selected project and the operation (for cursors and keys). */
export interface WebhookCaller {
  principal: Principal;
  project: ProjectRecord;
  operationId: string;
}

export interface ListRequest {
  limit: number;
  cursor?: string;
}

const SORT = 'createdAt:desc,id:desc';

const nameConflict = (name: string) => problems.conflict('PUBLIC_API_WEBHOOK_CONFLICT', `A webhook named "${name}" already exists in this project.`);

export interface WebhookServiceDependencies {
  store: Store;
  clock: Clock;
  cursors: CursorCodec;
  idempotency: IdempotencyService;
  destinations: DestinationGuard;
  secrets: SecretBox;
  outbox: WebhookOutboxPublisher;
}

/** Webhook configuration: the rules of create, change, delete, test and the delivery log. */
export class WebhookService {
  constructor(private readonly deps: WebhookServiceDependencies) {}

  async create(caller: WebhookCaller, idempotencyKey: string, input: WebhookCreateInput): Promise<IdempotentResponse<WebhookView>> {
    const { idempotency, destinations, secrets, clock } = this.deps;
    return idempotency.run<WebhookView>(
      {
        scope: { credentialId: caller.principal.credentialId, projectId: caller.project.id, key: idempotencyKey },
        operationId: caller.operationId,
        body: input,
      },
      async (tx) => {
        const now = clock.now();
        const id = randomUUID();
        const created = await tx.webhooks.create({
          id,
          projectId: caller.project.id,
          name: input.name,
          destinationUrl: input.destinationUrl,
          secretCiphertext: typeof input.secret === 'string' ? secrets.seal(input.secret, id) : null,
          enabled: true,
          eventTypes: [...new Set(input.eventTypes)],
          createdAt: now,
          updatedAt: now,
        });
        if (!created) throw nameConflict(input.name);
        return { status: 201, body: toWebhookView(created) };
      },
      async () => {
        await destinations.vet(input.destinationUrl);
      },
    );
  }

  async get(project: ProjectRecord, webhookId: string): Promise<WebhookView> {
    return toWebhookView(await this.find(this.deps.store, project, webhookId));
  }

  async list(caller: WebhookCaller, request: ListRequest): Promise<{ webhooks: WebhookView[]; page: Page }> {
    const { items, page } = await this.page(caller, request, {}, (limit, after) => this.deps.store.webhooks.listPage(caller.project.id, limit, after));
    return { webhooks: items.map(toWebhookView), page };
  }

  async update(project: ProjectRecord, webhookId: string, input: WebhookUpdateInput): Promise<WebhookView> {
    const { destinations, secrets, store, clock } = this.deps;
    await this.find(store, project, webhookId);
    if (input.destinationUrl !== undefined) await destinations.vet(input.destinationUrl);
    const changes: WebhookChanges = {
      name: input.name,
      destinationUrl: input.destinationUrl,
      enabled: input.enabled,
      eventTypes: input.eventTypes ? [...new Set(input.eventTypes)] : undefined,
      secretCiphertext: input.secret === undefined ? undefined : input.secret === null ? null : secrets.seal(input.secret, webhookId),
    };
    const updated = await store.webhooks.update(project.id, webhookId, changes, clock.now());
    if (updated === 'name_taken') throw nameConflict(input.name ?? '');
    if (!updated) throw problems.notFound('The webhook');
    return toWebhookView(updated);
  }

  async delete(project: ProjectRecord, webhookId: string): Promise<{ id: string; deleted: true }> {
    if (!(await this.deps.store.webhooks.delete(project.id, webhookId))) throw problems.notFound('The webhook');
    return { id: webhookId, deleted: true };
  }

  /** Enqueues a `webhook.test` delivery; the worker sends it like any other. */
  async sendTest(project: ProjectRecord, webhookId: string): Promise<DeliveryView> {
    const { store, outbox } = this.deps;
    return store.transaction(async (tx) => {
      const webhook = await this.find(tx, project, webhookId);
      if (!webhook.enabled) throw new ProblemError(409, 'PUBLIC_API_WEBHOOK_DISABLED', 'The webhook is disabled; enable it before sending a test event.');
      return toDeliveryView(await outbox.publishTest(tx, webhook), []);
    });
  }

  async listDeliveries(caller: WebhookCaller, webhookId: string, request: ListRequest): Promise<{ deliveries: DeliveryView[]; page: Page }> {
    const { store } = this.deps;
    await this.find(store, caller.project, webhookId);
    const { items, page } = await this.page(caller, request, { webhookId }, (limit, after) => store.webhookDeliveries.listPage(webhookId, limit, after));
    const attempts = await store.webhookDeliveries.attemptsOf(items.map((delivery) => delivery.id));
    return { deliveries: items.map((delivery) => toDeliveryView(delivery, attempts.filter((a) => a.deliveryId === delivery.id))), page };
  }

  private async find(store: Store, project: ProjectRecord, webhookId: string): Promise<WebhookRecord> {
    const webhook = await store.webhooks.findById(project.id, webhookId);
    if (!webhook) throw problems.notFound('The webhook');
    return webhook;
  }

  /** Keyset paging shared by both lists: fetch one extra row to know whether more follow. */
  private async page<T extends { id: string; createdAt: Date }>(
    caller: WebhookCaller,
    request: ListRequest,
    filters: Record<string, string>,
    fetch: (limit: number, after: KeysetPosition | null) => Promise<T[]>,
  ): Promise<{ items: T[]; page: Page }> {
    const binding = { credentialId: caller.principal.credentialId, projectId: caller.project.id, endpoint: caller.operationId, filters, sort: SORT };
    const decoded = request.cursor ? this.deps.cursors.decode<KeysetPosition>(request.cursor, binding) : null;
    const rows = await fetch(request.limit + 1, decoded?.position ?? null);
    const items = rows.slice(0, request.limit);
    const last = items[items.length - 1];
    const hasMore = rows.length > request.limit;
    const nextCursor = hasMore && last ? this.deps.cursors.encode(binding, { createdAt: last.createdAt.getTime(), id: last.id }, decoded?.chainStartedAt) : null;
    return { items, page: { hasMore, limit: request.limit, nextCursor } };
  }
}
