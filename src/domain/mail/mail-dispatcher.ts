import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { MailDeliveryError, type MailTransport } from '../../ports/mail-transport.js';
import type { MailAttemptOutcome, MailOutboxRepository, OutgoingMailRecord } from '../../ports/mail-outbox.js';
import { retryDelayMs } from '../webhooks/retry-schedule.js';

export interface MailDispatcherDependencies {
  outbox: MailOutboxRepository;
  transport: MailTransport;
  clock: Clock;
  /** Deadline of one SMTP conversation; the lease outlasts it. */
  timeoutMs: number;
  /** Jitter source, [0, 1). */
  random?: () => number;
  log?: (message: string) => void;
}

const BATCH_SIZE = 10;
const MAX_DRAIN_ROUNDS = 100;

/**
 * Delivers the mail outbox. Each message is leased (compare-and-set on its row) before an attempt,
 * so two workers never send it at once; the outcome is recorded only while the lease is held. A
 * refusal with a 5xx reply is final (the server will refuse it again); anything else — a 4xx such
 * as 451, a timeout, a dropped connection — is retried on the webhook schedule (30 s × 4^n, 8
 * attempts over about 15 hours) and then given up.
 */
export class MailDispatcher {
  private readonly owner = `mail_${randomUUID()}`;
  private readonly leaseMs: number;
  private readonly random: () => number;
  private readonly log: (message: string) => void;

  constructor(private readonly deps: MailDispatcherDependencies) {
    this.leaseMs = deps.timeoutMs + 30_000;
    this.random = deps.random ?? Math.random;
    this.log = deps.log ?? (() => undefined);
  }

  /** One round: attempts every message due now (up to a batch). Returns how many were attempted. */
  async runOnce(): Promise<number> {
    const { outbox, clock } = this.deps;
    const now = clock.now();
    const leased: string[] = [];
    for (const id of await outbox.findDue(now, BATCH_SIZE)) {
      if (await outbox.lease(id, this.owner, now, new Date(now.getTime() + this.leaseMs))) leased.push(id);
    }
    // One at a time: a mail server throttles a sender that opens many conversations at once.
    for (const id of leased) await this.attempt(id);
    return leased.length;
  }

  /** Rounds until nothing is due at the current time (retries scheduled later wait for the clock). */
  async drain(): Promise<number> {
    let total = 0;
    for (let round = 0; round < MAX_DRAIN_ROUNDS; round += 1) {
      const attempted = await this.runOnce();
      if (attempted === 0) break;
      total += attempted;
    }
    return total;
  }

  private async attempt(id: string): Promise<void> {
    const { outbox, clock } = this.deps;
    try {
      const mail = await outbox.findById(id);
      if (!mail) return;
      const outcome = await this.send(mail);
      if (!(await outbox.settle(id, this.owner, outcome, clock.now()))) this.log(`mail ${id}: lease lost before attempt ${outcome.attempts} was recorded`);
    } catch (error) {
      // The lease lapses and the message is attempted again; never log its content.
      this.log(`mail ${id} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async send(mail: OutgoingMailRecord): Promise<MailAttemptOutcome> {
    const attempts = mail.attempts + 1;
    try {
      await this.deps.transport.send({ to: [mail.recipient], subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
      return { status: 'sent', attempts, nextAttemptAt: null, lastError: null, sentAt: this.deps.clock.now() };
    } catch (error) {
      if (!(error instanceof MailDeliveryError)) throw error;
      const delay = error.permanent ? null : retryDelayMs(attempts, this.random);
      const lastError = `${error.responseCode ?? 'no reply code'}: ${error.message}`.slice(0, 500);
      if (delay === null) return { status: 'failed', attempts, nextAttemptAt: null, lastError, sentAt: null };
      return { status: 'pending', attempts, nextAttemptAt: new Date(this.deps.clock.now().getTime() + delay), lastError, sentAt: null };
    }
  }
}
