import type { components } from '../../../generated/openapi.js';
import type { Store } from '../../ports/store.js';

/** The event types of the spec (without the `*` wildcard, which only subscriptions use). */
export type EventType = Exclude<components['schemas']['EventType'], '*'>;

export interface DomainEvent {
  type: EventType;
  projectId: string;
  /** The event's own payload, e.g. the detection, trace and score of a firing. */
  data: Record<string, unknown>;
  occurredAt: Date;
}

/**
 * Where features announce what happened. `publish` runs inside the caller's transaction (`tx`), so
 * an event is recorded exactly when the change that caused it commits (the transactional outbox).
 */
export interface EventPublisher {
  publish(tx: Store, event: DomainEvent): Promise<void>;
}
