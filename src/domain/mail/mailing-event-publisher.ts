import type { DomainEvent, EventOutbox, EventPublisher } from '../events/event-publisher.js';
import type { ProductMail } from './product-mail.js';

/**
 * Events that concern people (mentions, approvals, digests, annotation work) become mail as well
 * as webhook deliveries, in the same transaction: the publisher every feature already calls is
 * where both outboxes are filled, so no feature needs to know about mail.
 */
export class MailingEventPublisher implements EventPublisher {
  constructor(
    private readonly inner: EventPublisher,
    private readonly mail: ProductMail,
  ) {}

  async publish(tx: EventOutbox, event: DomainEvent): Promise<void> {
    await this.inner.publish(tx, event);
    await this.mail.onEvent(tx, event);
  }
}
