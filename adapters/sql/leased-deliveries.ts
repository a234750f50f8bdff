import type { Knex } from 'knex';
import { toMillis } from './columns.js';

/**
 * The lease protocol of the delivery outboxes (`webhook_deliveries`, `channel_deliveries`,
 * `mail_outbox`): rows with `status`, `next_attempt_at`, `lease_owner` and `lease_until`, where a
 * worker first lists what is due, then takes each row with a conditional UPDATE that only one worker
 * can win. One implementation, so every outbox leases the same way on both databases; how an attempt
 * is recorded differs per outbox and stays with its repository.
 */
export type DeliveryOutboxTable = 'webhook_deliveries' | 'channel_deliveries' | 'mail_outbox';

/** A pending row whose attempt is due and whose lease (if any) has run out. */
function dueAndUnleased(query: Knex.QueryBuilder, at: number): Knex.QueryBuilder {
  return query
    .where('status', 'pending')
    .andWhere('next_attempt_at', '<=', at)
    .andWhere((q) => q.whereNull('lease_until').orWhere('lease_until', '<=', at));
}

/** Ids of up to `limit` due rows, in `order` (the outbox's fairness: earliest due first, then its tie-breakers). */
export async function findDueDeliveries(db: Knex, table: DeliveryOutboxTable, now: Date, limit: number, order: readonly string[]): Promise<string[]> {
  const rows = await dueAndUnleased(db(table), toMillis(now))
    .orderBy(order.map((column) => ({ column })))
    .limit(limit)
    .select('id');
  return rows.map((row: { id: string }) => row.id);
}

/** Takes row `id` for `owner` until `leaseUntil`; false when it is no longer due or another worker holds it. */
export async function leaseDelivery(db: Knex, table: DeliveryOutboxTable, id: string, owner: string, now: Date, leaseUntil: Date): Promise<boolean> {
  const count = await dueAndUnleased(db(table).where({ id }), toMillis(now)).update({ lease_owner: owner, lease_until: toMillis(leaseUntil) });
  return count === 1;
}
