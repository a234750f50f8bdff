import type { DomainEvent, EventPublisher } from '../../src/domain/events/event-publisher.js';
import { createDetectionServices, type DetectionServices } from '../../src/domain/detections/detection-services.js';
import { filterLanguageRuleEvaluator } from '../../src/domain/detections/rule-language.js';
import type { TestServer } from './harness.js';

/** Keeps what was published, to assert which events a transaction announced. */
export class RecordingPublisher implements EventPublisher {
  readonly events: DomainEvent[] = [];
  async publish(_tx: unknown, event: DomainEvent): Promise<void> {
    this.events.push(event);
  }
}

/** The detection services over the test server's store, with a recording publisher and the saved-filter rule language. */
export function detectionServicesFor(server: TestServer, events = new RecordingPublisher()): DetectionServices & { published: RecordingPublisher } {
  const services = createDetectionServices({
    store: server.runtime.store,
    clock: server.clock,
    config: server.config,
    events,
    cursors: server.runtime.services.cursors,
    ruleEvaluator: filterLanguageRuleEvaluator,
  });
  return { ...services, published: events };
}
