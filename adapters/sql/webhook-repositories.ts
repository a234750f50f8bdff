import type { Knex } from 'knex';
import type {
  AttemptOutcome,
  AttemptRecord,
  DeliveryRecord,
  DeliveryRepository,
  DeliveryStatus,
  KeysetPosition,
  Subscription,
  WebhookChanges,
  WebhookRecord,
  WebhookRepository,
} from '../../src/ports/webhooks.js';
import { fromMillis, fromMillisOrNull, parseJson, toBoolean, toMillis } from './columns.js';
import { findDueDeliveries, leaseDelivery } from './leased-deliveries.js';
import { isUniqueViolation } from './unique-violation.js';

type Row = Record<string, unknown>;

const toWebhook = (row: Row): WebhookRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  name: row.name as string,
  destinationUrl: row.destination_url as string,
  secretCiphertext: (row.secret_ciphertext as string | null) ?? null,
  enabled: toBoolean(row.enabled),
  eventTypes: parseJson<Subscription[]>(row.event_types, []),
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

/** Newest first, id as the tiebreak: `(created_at, id) < (position)`. */
function afterPosition(query: Knex.QueryBuilder, after: KeysetPosition | null): Knex.QueryBuilder {
  if (!after) return query;
  return query.where((q) =>
    q.where('created_at', '<', after.createdAt).orWhere((same) => same.where('created_at', after.createdAt).andWhere('id', '<', after.id)),
  );
}

export class SqlWebhookRepository implements WebhookRepository {
  constructor(private readonly db: Knex) {}

  async create(record: WebhookRecord): Promise<WebhookRecord | null> {
    try {
      await this.db('webhooks').insert({
        id: record.id,
        project_id: record.projectId,
        name: record.name,
        destination_url: record.destinationUrl,
        secret_ciphertext: record.secretCiphertext,
        enabled: record.enabled,
        event_types: JSON.stringify(record.eventTypes),
        created_at: toMillis(record.createdAt),
        updated_at: toMillis(record.updatedAt),
      });
      return record;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async findById(projectId: string, id: string): Promise<WebhookRecord | null> {
    const row = await this.db('webhooks').where({ project_id: projectId, id }).first();
    return row ? toWebhook(row) : null;
  }

  async listPage(projectId: string, limit: number, after: KeysetPosition | null): Promise<WebhookRecord[]> {
    const rows = await afterPosition(this.db('webhooks').where({ project_id: projectId }), after)
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(limit);
    return rows.map(toWebhook);
  }

  async listEnabled(projectId: string): Promise<WebhookRecord[]> {
    const rows = await this.db('webhooks').where({ project_id: projectId, enabled: true }).orderBy('id');
    return rows.map(toWebhook);
  }

  async update(projectId: string, id: string, changes: WebhookChanges, now: Date): Promise<WebhookRecord | null | 'name_taken'> {
    const update: Row = { updated_at: toMillis(now) };
    if (changes.name !== undefined) update.name = changes.name;
    if (changes.destinationUrl !== undefined) update.destination_url = changes.destinationUrl;
    if (changes.secretCiphertext !== undefined) update.secret_ciphertext = changes.secretCiphertext;
    if (changes.enabled !== undefined) update.enabled = changes.enabled;
    if (changes.eventTypes !== undefined) update.event_types = JSON.stringify(changes.eventTypes);
    try {
      const count = await this.db('webhooks').where({ project_id: projectId, id }).update(update);
      return count === 0 ? null : this.findById(projectId, id);
    } catch (error) {
      if (isUniqueViolation(error)) return 'name_taken';
      throw error;
    }
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    return (await this.db('webhooks').where({ project_id: projectId, id }).delete()) > 0;
  }
}

const toDelivery = (row: Row): DeliveryRecord => ({
  id: row.id as string,
  webhookId: row.webhook_id as string,
  projectId: row.project_id as string,
  eventId: row.event_id as string,
  eventType: row.event_type as string,
  body: row.body as string,
  status: row.status as DeliveryStatus,
  attempts: Number(row.attempts),
  nextAttemptAt: fromMillisOrNull(row.next_attempt_at as number | null),
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

const toAttempt = (row: Row): AttemptRecord => ({
  deliveryId: row.delivery_id as string,
  attempt: Number(row.attempt),
  startedAt: fromMillis(row.started_at as number),
  durationMs: Number(row.duration_ms),
  statusCode: row.status_code === null || row.status_code === undefined ? null : Number(row.status_code),
  error: (row.error as string | null) ?? null,
});

/** Rows per delivery INSERT (SQLITE_MAX_COMPOUND_SELECT). */
const DELIVERY_CHUNK = 500;

export class SqlDeliveryRepository implements DeliveryRepository {
  constructor(private readonly db: Knex) {}

  async enqueue(deliveries: DeliveryRecord[]): Promise<void> {
    // knex writes a multi-row SQLite insert as one compound SELECT, which SQLite caps at 500 terms;
    // a project may subscribe more webhooks than that to one event.
    for (let start = 0; start < deliveries.length; start += DELIVERY_CHUNK) await this.insertChunk(deliveries.slice(start, start + DELIVERY_CHUNK));
  }

  private async insertChunk(deliveries: DeliveryRecord[]): Promise<void> {
    await this.db('webhook_deliveries').insert(
      deliveries.map((d) => ({
        id: d.id,
        webhook_id: d.webhookId,
        project_id: d.projectId,
        event_id: d.eventId,
        event_type: d.eventType,
        body: d.body,
        status: d.status,
        attempts: d.attempts,
        next_attempt_at: d.nextAttemptAt ? toMillis(d.nextAttemptAt) : null,
        lease_owner: null,
        lease_until: null,
        created_at: toMillis(d.createdAt),
        updated_at: toMillis(d.updatedAt),
      })),
    );
  }

  async findById(id: string): Promise<DeliveryRecord | null> {
    const row = await this.db('webhook_deliveries').where({ id }).first();
    return row ? toDelivery(row) : null;
  }

  async listPage(webhookId: string, limit: number, after: KeysetPosition | null): Promise<DeliveryRecord[]> {
    const rows = await afterPosition(this.db('webhook_deliveries').where({ webhook_id: webhookId }), after)
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(limit);
    return rows.map(toDelivery);
  }

  async attemptsOf(deliveryIds: string[]): Promise<AttemptRecord[]> {
    if (deliveryIds.length === 0) return [];
    const rows = await this.db('webhook_delivery_attempts').whereIn('delivery_id', deliveryIds).orderBy([{ column: 'delivery_id' }, { column: 'attempt' }]);
    return rows.map(toAttempt);
  }

  async findDue(now: Date, limit: number): Promise<string[]> {
    return findDueDeliveries(this.db, 'webhook_deliveries', now, limit, ['next_attempt_at', 'id']);
  }

  async lease(id: string, owner: string, now: Date, leaseUntil: Date): Promise<boolean> {
    return leaseDelivery(this.db, 'webhook_deliveries', id, owner, now, leaseUntil);
  }

  async recordAttempt(id: string, owner: string, outcome: AttemptOutcome, now: Date): Promise<boolean> {
    const count = await this.db('webhook_deliveries')
      .where({ id, lease_owner: owner, status: 'pending' })
      .update({
        status: outcome.status,
        attempts: outcome.attempt.attempt,
        next_attempt_at: outcome.nextAttemptAt ? toMillis(outcome.nextAttemptAt) : null,
        lease_owner: null,
        lease_until: null,
        updated_at: toMillis(now),
      });
    if (count !== 1) return false;
    const { attempt } = outcome;
    await this.db('webhook_delivery_attempts').insert({
      delivery_id: attempt.deliveryId,
      attempt: attempt.attempt,
      started_at: toMillis(attempt.startedAt),
      duration_ms: attempt.durationMs,
      status_code: attempt.statusCode,
      error: attempt.error,
    });
    return true;
  }

  async settle(id: string, owner: string, status: DeliveryStatus, now: Date): Promise<boolean> {
    const count = await this.db('webhook_deliveries')
      .where({ id, lease_owner: owner, status: 'pending' })
      .update({ status, next_attempt_at: null, lease_owner: null, lease_until: null, updated_at: toMillis(now) });
    return count === 1;
  }
}
