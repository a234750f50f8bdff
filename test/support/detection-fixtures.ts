import type { Principal } from '../../src/auth/principal.js';
import type { DomainEvent, EventPublisher } from '../../src/domain/events/event-publisher.js';
import { createDetectionServices, type DetectionServices } from '../../src/domain/detections/detection-services.js';
import type { FilterNode } from '../../src/domain/detections/detection-types.js';
import type { TraceRuleEvaluator, TraceRuleSubject } from '../../src/domain/detections/trace-rule-evaluator.js';
import type { ToolContext, ToolDefinition } from '../../src/tools/tool-definition.js';
import type { TenantSeed, TestServer } from './harness.js';

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

export function toolContext(tenant: TenantSeed): ToolContext {
  const principal: Principal = {
    kind: 'api_key',
    scheme: 'apiKey',
    credentialId: `key-${tenant.project.id}`,
    organizationId: tenant.organization.id,
    userId: tenant.user.id,
    scopes: null,
    project: tenant.project,
    grant: null,
  };
  return { principal, project: tenant.project, signal: new AbortController().signal };
}

export function tool(tools: ToolDefinition[], name: string): ToolDefinition {
  const found = tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}
