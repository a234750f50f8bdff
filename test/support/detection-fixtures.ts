import type { DomainEvent, EventPublisher } from '../../src/domain/events/event-publisher.js';
import { createDetectionServices, type DetectionServices } from '../../src/domain/detections/detection-services.js';
import type { FilterNode } from '../../src/domain/detections/detection-types.js';
import type { TraceRuleEvaluator, TraceRuleSubject } from '../../src/domain/detections/trace-rule-evaluator.js';
import type { TestServer } from './harness.js';

/** Keeps what was published, to assert which events a transaction announced. */
export class RecordingPublisher implements EventPublisher {
  readonly events: DomainEvent[] = [];
  async publish(_tx: unknown, event: DomainEvent): Promise<void> {
    this.events.push(event);
  }
}

/**
 * A test double of the saved-filters evaluator, understanding just flat rules with greater_than and
 * equals, joined with And — enough to prove that rule detections hand the right subject to the port.
 */
export const stubRuleEvaluator: TraceRuleEvaluator = {
  matches(rules: FilterNode[], subject: TraceRuleSubject): boolean {
    return rules.every((node) => {
      if (!('operator' in node)) throw new Error('the stub evaluates rules only');
      const actual = subject[node.field];
      if (node.operator === 'greater_than') return typeof actual === 'number' && actual > Number(node.value);
      if (node.operator === 'equals') return actual === node.value;
      throw new Error(`the stub does not know ${node.operator}`);
    });
  },
};

/** The detection services over the test server's store, with a recording publisher and the stub rule evaluator. */
export function detectionServicesFor(server: TestServer, events = new RecordingPublisher()): DetectionServices & { published: RecordingPublisher } {
  const services = createDetectionServices({
    store: server.runtime.store,
    clock: server.clock,
    config: server.config,
    events,
    cursors: server.runtime.services.cursors,
    ruleEvaluator: stubRuleEvaluator,
  });
  return { ...services, published: events };
}
