import type { OperationHandlers } from '../http/operation-types.js';
import type { Services } from '../services.js';
import { AccountHandlers } from './account-handlers.js';
import { ProjectHandlers } from './project-handlers.js';
import { TraceHandlers } from './trace-handlers.js';
// (traces: handler imports go here)

// (tools: handler imports go here)

// (detections: handler imports go here)

import { SavedFilterHandlers } from './saved-filter-handlers.js';
// (saved-filters: handler imports go here)

// (identity: handler imports go here)

import { WebhookHandlers } from './webhook-handlers.js';
// (webhooks: handler imports go here)

/** Every REST handler, keyed by the contract's operationId. */
export function buildHandlers(services: Services): Partial<OperationHandlers> {
  return {
    ...new AccountHandlers(services.profiles),
    ...new ProjectHandlers(services.projects),
    ...new TraceHandlers(services.traceIngestion, services.traceList, services.traceContext),
    // (traces: handlers go here)

    // (tools: handlers go here)

    // (detections: handlers go here)

    ...new SavedFilterHandlers(services.savedFilters),
    // (saved-filters: handlers go here)

    // (identity: handlers go here)

    ...new WebhookHandlers(services.webhooks),
    // (webhooks: handlers go here)
  };
}
