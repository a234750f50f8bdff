import type { components } from '../../../generated/openapi.js';

/** The event types of the spec (without the `*` wildcard, which only subscriptions use). */
export type EventType = Exclude<components['schemas']['EventType'], '*'>;
