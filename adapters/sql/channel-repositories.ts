import type { Knex } from 'knex';
import type {
  ChannelAttemptOutcome,
  ChannelChanges,
  ChannelDeliveryRecord,
  ChannelDeliveryRepository,
  ChannelKind,
  ChannelRecord,
  ChannelRepository,
} from '../../src/ports/channels.js';
import type { DeliveryStatus, KeysetPosition, Subscription } from '../../src/ports/webhooks.js';
import { fromMillis, fromMillisOrNull, parseJson, toBoolean, toMillis } from './columns.js';
import { findDueDeliveries, leaseDelivery } from './leased-deliveries.js';
import { isUniqueViolation } from './unique-violation.js';

type Row = Record<string, unknown>;

const toChannel = (row: Row): ChannelRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  name: row.name as string,
  kind: row.kind as ChannelKind,
  enabled: toBoolean(row.enabled),
  eventTypes: parseJson<Subscription[]>(row.event_types, []),
  secretCiphertext: (row.secret_ciphertext as string | null) ?? null,
  recipients: row.recipients === null || row.recipients === undefined ? null : parseJson<string[]>(row.recipients, []),
  webhookId: (row.webhook_id as string | null) ?? null,
  eventsUrl: (row.events_url as string | null) ?? null,
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

/** Newest first, id as the tiebreak: `(created_at, id) < (position)`. */
function afterPosition(query: Knex.QueryBuilder, after: KeysetPosition | null): Knex.QueryBuilder {
  if (!after) return query;
  return query.where((q) => q.where('created_at', '<', after.createdAt).orWhere((same) => same.where('created_at', after.createdAt).andWhere('id', '<', after.id)));
}

const newestFirst = [
  { column: 'created_at', order: 'desc' as const },
  { column: 'id', order: 'desc' as const },
];

export class SqlChannelRepository implements ChannelRepository {
  constructor(private readonly db: Knex) {}

  async create(record: ChannelRecord): Promise<ChannelRecord | null> {
    try {
      await this.db('channels').insert({
        id: record.id,
        project_id: record.projectId,
        name: record.name,
        kind: record.kind,
        enabled: record.enabled,
        event_types: JSON.stringify(record.eventTypes),
        secret_ciphertext: record.secretCiphertext,
        recipients: record.recipients === null ? null : JSON.stringify(record.recipients),
        webhook_id: record.webhookId,
        events_url: record.eventsUrl,
        created_at: toMillis(record.createdAt),
        updated_at: toMillis(record.updatedAt),
      });
      return record;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async findById(projectId: string, id: string): Promise<ChannelRecord | null> {
    const row = await this.db('channels').where({ project_id: projectId, id }).first();
    return row ? toChannel(row) : null;
  }

  async listPage(projectId: string, limit: number, after: KeysetPosition | null): Promise<ChannelRecord[]> {
    const rows = await afterPosition(this.db('channels').where({ project_id: projectId }), after).orderBy(newestFirst).limit(limit);
    return rows.map(toChannel);
  }

  async listEnabled(projectId: string): Promise<ChannelRecord[]> {
    const rows = await this.db('channels').where({ project_id: projectId, enabled: true }).orderBy('id');
    return rows.map(toChannel);
  }

  async update(projectId: string, id: string, changes: ChannelChanges, now: Date): Promise<ChannelRecord | null | 'name_taken'> {
    const update: Row = { updated_at: toMillis(now) };
    if (changes.name !== undefined) update.name = changes.name;
    if (changes.enabled !== undefined) update.enabled = changes.enabled;
    if (changes.eventTypes !== undefined) update.event_types = JSON.stringify(changes.eventTypes);
    if (changes.secretCiphertext !== undefined) update.secret_ciphertext = changes.secretCiphertext;
    if (changes.recipients !== undefined) update.recipients = changes.recipients === null ? null : JSON.stringify(changes.recipients);
    if (changes.webhookId !== undefined) update.webhook_id = changes.webhookId;
    if (changes.eventsUrl !== undefined) update.events_url = changes.eventsUrl;
    try {
      const count = await this.db('channels').where({ project_id: projectId, id }).update(update);
      return count === 0 ? null : this.findById(projectId, id);
    } catch (error) {
      if (isUniqueViolation(error)) return 'name_taken';
      throw error;
    }
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    return (await this.db('channels').where({ project_id: projectId, id }).delete()) > 0;
  }
}

const toDelivery = (row: Row): ChannelDeliveryRecord => ({
  id: row.id as string,
  channelId: row.channel_id as string,
  projectId: row.project_id as string,
  eventId: row.event_id as string,
  eventType: row.event_type as string,
  body: row.body as string,
  status: row.status as DeliveryStatus,
  attempts: Number(row.attempts),
  lastError: (row.last_error as string | null) ?? null,
  responseCode: row.response_code === null || row.response_code === undefined ? null : Number(row.response_code),
  nextAttemptAt: fromMillisOrNull(row.next_attempt_at as number | null),
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

/** Rows per INSERT (SQLite caps a compound SELECT at 500 terms). */
const CHUNK = 500;

export class SqlChannelDeliveryRepository implements ChannelDeliveryRepository {
  constructor(private readonly db: Knex) {}

  async enqueue(deliveries: ChannelDeliveryRecord[]): Promise<void> {
    for (let start = 0; start < deliveries.length; start += CHUNK) {
      await this.db('channel_deliveries').insert(
        deliveries.slice(start, start + CHUNK).map((d) => ({
          id: d.id,
          channel_id: d.channelId,
          project_id: d.projectId,
          event_id: d.eventId,
          event_type: d.eventType,
          body: d.body,
          status: d.status,
          attempts: d.attempts,
          last_error: d.lastError,
          response_code: d.responseCode,
          next_attempt_at: d.nextAttemptAt ? toMillis(d.nextAttemptAt) : null,
          lease_owner: null,
          lease_until: null,
          created_at: toMillis(d.createdAt),
          updated_at: toMillis(d.updatedAt),
        })),
      );
    }
  }

  async findById(id: string): Promise<ChannelDeliveryRecord | null> {
    const row = await this.db('channel_deliveries').where({ id }).first();
    return row ? toDelivery(row) : null;
  }

  async listPage(channelId: string, limit: number, after: KeysetPosition | null): Promise<ChannelDeliveryRecord[]> {
    const rows = await afterPosition(this.db('channel_deliveries').where({ channel_id: channelId }), after).orderBy(newestFirst).limit(limit);
    return rows.map(toDelivery);
  }

  async earlierPendingDueAt(delivery: Pick<ChannelDeliveryRecord, 'id' | 'channelId' | 'createdAt'>): Promise<Date | null> {
    const created = toMillis(delivery.createdAt);
    const row = (await this.db('channel_deliveries')
      .where({ channel_id: delivery.channelId, status: 'pending' })
      .andWhere((q) => q.where('created_at', '<', created).orWhere((same) => same.where('created_at', created).andWhere('id', '<', delivery.id)))
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .first('next_attempt_at')) as Row | undefined;
    if (!row) return null;
    return row.next_attempt_at === null || row.next_attempt_at === undefined ? delivery.createdAt : fromMillis(row.next_attempt_at as number);
  }

  async findDue(now: Date, limit: number): Promise<string[]> {
    return findDueDeliveries(this.db, 'channel_deliveries', now, limit, ['next_attempt_at', 'created_at', 'id']);
  }

  async lease(id: string, owner: string, now: Date, leaseUntil: Date): Promise<boolean> {
    return leaseDelivery(this.db, 'channel_deliveries', id, owner, now, leaseUntil);
  }

  async recordAttempt(id: string, owner: string, outcome: ChannelAttemptOutcome, now: Date): Promise<boolean> {
    const count = await this.db('channel_deliveries')
      .where({ id, lease_owner: owner, status: 'pending' })
      .update({
        status: outcome.status,
        attempts: outcome.attempts,
        last_error: outcome.lastError === null ? null : outcome.lastError.slice(0, 500),
        response_code: outcome.responseCode,
        next_attempt_at: outcome.nextAttemptAt ? toMillis(outcome.nextAttemptAt) : null,
        lease_owner: null,
        lease_until: null,
        updated_at: toMillis(now),
      });
    return count === 1;
  }
}
