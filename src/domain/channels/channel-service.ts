import { randomUUID } from 'node:crypto';
import type { components } from '../../../generated/openapi.js';
import type { Principal } from '../../auth/principal.js';
import type { Clock } from '../../clock.js';
import { isProblemError, ProblemError, problems } from '../../errors.js';
import type { CursorCodec, Page } from '../../pagination/cursor.js';
import type { ChannelChanges, ChannelKind, ChannelRecord } from '../../ports/channels.js';
import type { ProjectRecord } from '../../ports/projects.js';
import type { Store } from '../../ports/store.js';
import type { KeysetPosition } from '../../ports/webhooks.js';
import type { DestinationGuard } from '../webhooks/destination-guard.js';
import type { SecretBox } from '../webhooks/secret-box.js';
import type { ChannelDispatcher } from './channel-dispatcher.js';
import { CHANNEL_TEST_EVENT_TYPE } from './channel-event.js';
import type { ChannelOutboxPublisher } from './channel-outbox.js';
import { toChannelDeliveryView, toChannelView, type ChannelDeliveryView, type ChannelView } from './channel-views.js';

export type ChannelCreateInput = components['schemas']['ChannelCreateRequest'];
export type ChannelUpdateInput = components['schemas']['ChannelUpdateRequest'];

export interface ChannelCaller {
  principal: Principal;
  project: ProjectRecord;
  operationId: string;
}

export interface ChannelListRequest {
  limit: number;
  cursor?: string;
}

export interface ChannelServiceDependencies {
  store: Store;
  clock: Clock;
  cursors: CursorCodec;
  destinations: DestinationGuard;
  secrets: SecretBox;
  outbox: ChannelOutboxPublisher;
  dispatcher: ChannelDispatcher;
  /** Whether the deployment sends mail (SMTP_URL): email channels need it. */
  mailConfigured: boolean;
  defaultEventsUrl: string;
}

type KindField = 'slackWebhookUrl' | 'routingKey' | 'eventsUrl' | 'recipients' | 'webhookId';

/** The destination fields each kind takes; the first is required on creation. */
const FIELDS_OF: Record<ChannelKind, readonly KindField[]> = {
  slack: ['slackWebhookUrl'],
  pagerduty: ['routingKey', 'eventsUrl'],
  email: ['recipients'],
  webhook: ['webhookId'],
};
const ALL_FIELDS: readonly KindField[] = ['slackWebhookUrl', 'routingKey', 'eventsUrl', 'recipients', 'webhookId'];

const SORT = 'createdAt:desc,id:desc';

const nameConflict = (name: string) => problems.conflict('PUBLIC_API_CHANNEL_CONFLICT', `A channel named "${name}" already exists in this project.`);
const mailNotConfigured = () =>
  problems.conflict('PUBLIC_API_CHANNEL_MAIL_NOT_CONFIGURED', 'This deployment sends no mail: set SMTP_URL (and SMTP_FROM) before creating an email channel.');

/** Notification channels: create, change, delete, route, test, and the delivery log. */
export class ChannelService {
  constructor(private readonly deps: ChannelServiceDependencies) {}

  async create(caller: ChannelCaller, input: ChannelCreateInput): Promise<ChannelView> {
    const { store, clock, secrets } = this.deps;
    this.checkFields(input.kind, input, true);
    if (input.kind === 'email' && !this.deps.mailConfigured) throw mailNotConfigured();
    await this.vetDestinations(input);
    if (input.webhookId !== undefined) await this.checkWebhook(store, caller.project, input.webhookId);
    const id = randomUUID();
    const now = clock.now();
    const secret = input.kind === 'slack' ? input.slackWebhookUrl : input.kind === 'pagerduty' ? input.routingKey : undefined;
    const created = await store.channels.create({
      id,
      projectId: caller.project.id,
      name: input.name,
      kind: input.kind,
      enabled: true,
      eventTypes: [...new Set(input.eventTypes)],
      secretCiphertext: secret === undefined ? null : secrets.seal(secret, id),
      recipients: input.recipients ? [...new Set(input.recipients)] : null,
      webhookId: input.webhookId ?? null,
      eventsUrl: input.eventsUrl ?? null,
      createdAt: now,
      updatedAt: now,
    });
    if (!created) throw nameConflict(input.name);
    return this.view(created);
  }

  async get(project: ProjectRecord, channelId: string): Promise<ChannelView> {
    return this.view(await this.find(this.deps.store, project, channelId));
  }

  async list(caller: ChannelCaller, request: ChannelListRequest): Promise<{ channels: ChannelView[]; page: Page }> {
    const { items, page } = await this.page(caller, request, {}, (limit, after) => this.deps.store.channels.listPage(caller.project.id, limit, after));
    return { channels: items.map((channel) => this.view(channel)), page };
  }

  async update(project: ProjectRecord, channelId: string, input: ChannelUpdateInput): Promise<ChannelView> {
    const { store, clock, secrets } = this.deps;
    const channel = await this.find(store, project, channelId);
    this.checkFields(channel.kind, input, false);
    await this.vetDestinations(input);
    if (input.webhookId !== undefined) await this.checkWebhook(store, project, input.webhookId);
    const secret = input.slackWebhookUrl ?? input.routingKey;
    const changes: ChannelChanges = {
      name: input.name,
      enabled: input.enabled,
      eventTypes: input.eventTypes ? [...new Set(input.eventTypes)] : undefined,
      secretCiphertext: secret === undefined ? undefined : secrets.seal(secret, channelId),
      recipients: input.recipients ? [...new Set(input.recipients)] : undefined,
      webhookId: input.webhookId,
      eventsUrl: input.eventsUrl,
    };
    const updated = await store.channels.update(project.id, channelId, changes, clock.now());
    if (updated === 'name_taken') throw nameConflict(input.name ?? '');
    if (!updated) throw problems.notFound('The channel');
    return this.view(updated);
  }

  async delete(project: ProjectRecord, channelId: string): Promise<{ id: string; deleted: true }> {
    if (!(await this.deps.store.channels.delete(project.id, channelId))) throw problems.notFound('The channel');
    return { id: channelId, deleted: true };
  }

  /** Sends a `channel.test` message now, once, and answers the settled delivery. */
  async sendTest(project: ProjectRecord, channelId: string): Promise<ChannelDeliveryView> {
    const { store, outbox, dispatcher, clock } = this.deps;
    const deliveryId = await store.transaction(async (tx) => {
      const channel = await this.find(tx, project, channelId);
      if (!channel.enabled) throw new ProblemError(409, 'PUBLIC_API_CHANNEL_DISABLED', 'The channel is disabled; enable it before sending a test message.');
      const delivery = outbox.deliveryOf(channel, {
        id: randomUUID(),
        type: CHANNEL_TEST_EVENT_TYPE,
        createdAt: clock.now().toISOString(),
        projectId: project.id,
        data: { channelId: channel.id, channelName: channel.name, message: `A test message for the channel "${channel.name}", sent on request.` },
      });
      await tx.channelDeliveries.enqueue([delivery]);
      // Leased before it commits: the background worker never sees it unleased, so only this request attempts it.
      await dispatcher.lease(delivery.id, tx);
      return delivery.id;
    });
    const settled = await dispatcher.attemptNow(deliveryId);
    if (!settled) throw problems.notFound('The channel');
    return toChannelDeliveryView(settled);
  }

  async listDeliveries(caller: ChannelCaller, channelId: string, request: ChannelListRequest): Promise<{ deliveries: ChannelDeliveryView[]; page: Page }> {
    const { store } = this.deps;
    await this.find(store, caller.project, channelId);
    const { items, page } = await this.page(caller, request, { channelId }, (limit, after) => store.channelDeliveries.listPage(channelId, limit, after));
    return { deliveries: items.map(toChannelDeliveryView), page };
  }

  private view(channel: ChannelRecord): ChannelView {
    return toChannelView(channel, this.deps.defaultEventsUrl);
  }

  /** A field of another kind is refused at its path; on creation the kind's destination is required. */
  private checkFields(kind: ChannelKind, input: Partial<Record<KindField, unknown>>, creating: boolean): void {
    const allowed = FIELDS_OF[kind];
    const foreign = ALL_FIELDS.filter((field) => input[field] !== undefined && !allowed.includes(field));
    if (foreign.length > 0) {
      throw problems.validation(
        `${foreign.join(', ')} ${foreign.length === 1 ? 'does' : 'do'} not apply to a ${kind} channel.`,
        foreign.map((field) => ({ code: 'not_for_kind', message: `not a field of a ${kind} channel`, path: `/body/${field}` })),
      );
    }
    const required = allowed[0];
    if (creating && input[required] === undefined) {
      throw problems.validation(`A ${kind} channel needs ${required}.`, [{ code: 'required', message: `required for a ${kind} channel`, path: `/body/${required}` }]);
    }
  }

  /** Slack and PagerDuty URLs pass the webhook SSRF policy, refused at their own field's path. */
  private async vetDestinations(input: { slackWebhookUrl?: string; eventsUrl?: string | null }): Promise<void> {
    for (const field of ['slackWebhookUrl', 'eventsUrl'] as const) {
      const url = input[field];
      if (typeof url !== 'string') continue;
      try {
        await this.deps.destinations.vet(url);
      } catch (error) {
        if (!isProblemError(error)) throw error;
        throw new ProblemError(error.status, error.code, error.detail, { errors: [{ code: 'destination_forbidden', message: 'the destination is not a public http(s) address', path: `/body/${field}` }] });
      }
    }
  }

  private async checkWebhook(store: Store, project: ProjectRecord, webhookId: string): Promise<void> {
    if (!(await store.webhooks.findById(project.id, webhookId))) {
      throw problems.validation('webhookId names no webhook of this project.', [{ code: 'unknown_webhook', message: 'no webhook of this project has this id', path: '/body/webhookId' }]);
    }
  }

  private async find(store: Store, project: ProjectRecord, channelId: string): Promise<ChannelRecord> {
    const channel = await store.channels.findById(project.id, channelId);
    if (!channel) throw problems.notFound('The channel');
    return channel;
  }

  private async page<T extends { id: string; createdAt: Date }>(
    caller: ChannelCaller,
    request: ChannelListRequest,
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
