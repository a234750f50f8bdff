import type { OperationHandlers } from '../http/operation-types.js';
import type { Services } from '../services.js';
import { AccountHandlers } from './account-handlers.js';
import { ProjectHandlers } from './project-handlers.js';
// (traces: handler imports go here)

// (tools: handler imports go here)

import { DetectionHandlers } from './detection-handlers.js';
import { FixHandlers } from './fix-handlers.js';
// (detections: handler imports go here)

// (saved-filters: handler imports go here)

// (identity: handler imports go here)

// (webhooks: handler imports go here)

/** Every REST handler, keyed by the contract's operationId. */
export function buildHandlers(services: Services): Partial<OperationHandlers> {
  return {
    ...new AccountHandlers(services.profiles),
    ...new ProjectHandlers(services.projects),
    // (traces: handlers go here)

    // (tools: handlers go here)

    ...new DetectionHandlers(services.detections),
    ...new FixHandlers(services.fixes),
    // (detections: handlers go here)

    // (saved-filters: handlers go here)

    // (identity: handlers go here)

    // (webhooks: handlers go here)
  };
}
