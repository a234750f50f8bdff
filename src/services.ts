import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Store } from './ports/store.js';
import { CursorCodec } from './pagination/cursor.js';
import { ProfileService } from './domain/account/profile-service.js';
import { ProjectService } from './domain/projects/project-service.js';
import { Provisioning } from './domain/bootstrap/provisioning.js';
import type { EventPublisher } from './domain/events/event-publisher.js';
// (traces: service imports go here)

// (tools: service imports go here)

import type { DetectionService } from './domain/detections/detection-service.js';
import type { DetectionEvaluation } from './domain/detections/detection-evaluation.js';
import type { FixService } from './domain/fixes/fix-service.js';
import { createDetectionServices } from './domain/detections/detection-services.js';
// (detections: service imports go here)

// (saved-filters: service imports go here)

// (identity: service imports go here)

// (webhooks: service imports go here)

/** The domain services: REST handlers and tools both call these, never the repositories. */
export interface Services {
  cursors: CursorCodec;
  profiles: ProfileService;
  projects: ProjectService;
  provisioning: Provisioning;
  /** Announces domain events; webhook delivery subscribes through it. */
  events: EventPublisher;
  // (traces: services go here)

  // (tools: services go here)

  detections: DetectionService;
  fixes: FixService;
  /** The evaluation outbox: the ingest hook (`enqueueTraceEvaluation`) and what the worker runs. */
  detectionEvaluation: DetectionEvaluation;
  // (detections: services go here)

  // (saved-filters: services go here)

  // (identity: services go here)

  // (webhooks: services go here)
}

export interface ServiceDependencies {
  store: Store;
  clock: Clock;
  config: Config;
}

export function createServices({ store, clock, config }: ServiceDependencies): Services {
  const cursors = new CursorCodec(config.serverSecret, clock);
  // Until a subscriber (webhooks) is wired, events have nowhere to go and are dropped by design.
  const events: EventPublisher = { publish: async () => undefined };
  return {
    events,
    cursors,
    profiles: new ProfileService(store, clock),
    projects: new ProjectService(store),
    provisioning: new Provisioning(store, clock),
    // (traces: services go here)

    // (tools: services go here)

    // ruleEvaluator: the saved-filters evaluator, wired at merge; until then rule detections are stored only.
    ...createDetectionServices({ store, clock, config, events, cursors, ruleEvaluator: null }),
    // (detections: services go here)

    // (saved-filters: services go here)

    // (identity: services go here)

    // (webhooks: services go here)
  };
}
