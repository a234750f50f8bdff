import type { Knex } from 'knex';
import type { MailAttemptOutcome, MailKind, MailOutboxRepository, MailPreferenceRepository, OutgoingMailRecord, OutgoingMailStatus } from '../../src/ports/mail-outbox.js';
import { fromMillis, fromMillisOrNull, parseJson, toMillis } from './columns.js';
import { findDueDeliveries, leaseDelivery } from './leased-deliveries.js';

type Row = Record<string, unknown>;

const toMail = (row: Row): OutgoingMailRecord => ({
  id: row.id as string,
  kind: row.kind as MailKind,
  recipient: row.recipient as string,
  userId: (row.user_id as string | null) ?? null,
  subject: row.subject as string,
  text: row.text_body as string,
  html: row.html_body as string,
  headers: parseJson<Record<string, string>>(row.headers, {}),
  status: row.status as OutgoingMailStatus,
  attempts: Number(row.attempts),
  nextAttemptAt: fromMillisOrNull(row.next_attempt_at as number | null),
  lastError: (row.last_error as string | null) ?? null,
  sentAt: fromMillisOrNull(row.sent_at as number | null),
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

/** Batches of inserts stay under SQLite's bound-variable limit (17 columns a row). */
const INSERT_CHUNK = 50;

export class SqlMailOutboxRepository implements MailOutboxRepository {
  constructor(private readonly db: Knex) {}

  async enqueue(mails: OutgoingMailRecord[]): Promise<void> {
    for (let i = 0; i < mails.length; i += INSERT_CHUNK) {
      await this.db('mail_outbox').insert(
        mails.slice(i, i + INSERT_CHUNK).map((m) => ({
          id: m.id,
          kind: m.kind,
          recipient: m.recipient,
          user_id: m.userId,
          subject: m.subject,
          text_body: m.text,
          html_body: m.html,
          headers: JSON.stringify(m.headers),
          status: m.status,
          attempts: m.attempts,
          next_attempt_at: m.nextAttemptAt ? toMillis(m.nextAttemptAt) : null,
          lease_owner: null,
          lease_until: null,
          last_error: m.lastError,
          sent_at: m.sentAt ? toMillis(m.sentAt) : null,
          created_at: toMillis(m.createdAt),
          updated_at: toMillis(m.updatedAt),
        })),
      );
    }
  }

  async findById(id: string): Promise<OutgoingMailRecord | null> {
    const row = await this.db('mail_outbox').where({ id }).first();
    return row ? toMail(row) : null;
  }

  async findDue(now: Date, limit: number): Promise<string[]> {
    return findDueDeliveries(this.db, 'mail_outbox', now, limit, ['next_attempt_at', 'id']);
  }

  async lease(id: string, owner: string, now: Date, leaseUntil: Date): Promise<boolean> {
    return leaseDelivery(this.db, 'mail_outbox', id, owner, now, leaseUntil);
  }

  async settle(id: string, owner: string, outcome: MailAttemptOutcome, now: Date): Promise<boolean> {
    // A settled message keeps its envelope and subject as a log, not its bodies: they may carry a
    // live invitation or reset link, which the database otherwise holds only as a hash.
    const bodies = outcome.status === 'pending' ? {} : { text_body: '', html_body: '' };
    const count = await this.db('mail_outbox')
      .where({ id, lease_owner: owner, status: 'pending' })
      .update({
        ...bodies,
        status: outcome.status,
        attempts: outcome.attempts,
        next_attempt_at: outcome.nextAttemptAt ? toMillis(outcome.nextAttemptAt) : null,
        last_error: outcome.lastError === null ? null : outcome.lastError.slice(0, 2000),
        sent_at: outcome.sentAt ? toMillis(outcome.sentAt) : null,
        lease_owner: null,
        lease_until: null,
        updated_at: toMillis(now),
      });
    return count === 1;
  }
}

export class SqlMailPreferenceRepository implements MailPreferenceRepository {
  constructor(private readonly db: Knex) {}

  async unsubscribed(userId: string): Promise<MailKind[]> {
    const rows = await this.db('mail_unsubscriptions').where({ user_id: userId }).orderBy('kind').select('kind');
    return rows.map((row: Row) => row.kind as MailKind);
  }

  async unsubscribedAmong(userIds: readonly string[], kind: MailKind): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db('mail_unsubscriptions').where({ kind }).whereIn('user_id', [...userIds]).select('user_id');
    return new Set(rows.map((row: Row) => row.user_id as string));
  }

  async set(userId: string, kind: MailKind, unsubscribed: boolean, now: Date): Promise<void> {
    if (!unsubscribed) {
      await this.db('mail_unsubscriptions').where({ user_id: userId, kind }).delete();
      return;
    }
    await this.db('mail_unsubscriptions').insert({ user_id: userId, kind, created_at: toMillis(now) }).onConflict(['user_id', 'kind']).ignore();
  }
}
