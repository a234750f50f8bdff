import type { OperationHandlers } from '../http/operation-types.js';
import type { Services } from '../services.js';
import { AccountHandlers } from './account-handlers.js';
import { ProjectHandlers } from './project-handlers.js';
import { TraceHandlers } from './trace-handlers.js';
// (traces: handler imports go here)

// (tools: handler imports go here)

import { DetectionHandlers } from './detection-handlers.js';
import { FixHandlers } from './fix-handlers.js';
// (detections: handler imports go here)

import { SavedFilterHandlers } from './saved-filter-handlers.js';
// (saved-filters: handler imports go here)

import { ServiceAccountHandlers } from './service-account-handlers.js';
import { SharingHandlers } from './sharing-handlers.js';
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

    ...new DetectionHandlers(services.detections),
    ...new FixHandlers(services.fixes),
    // (detections: handlers go here)

    ...new SavedFilterHandlers(services.savedFilters),
    // (saved-filters: handlers go here)

    ...new ServiceAccountHandlers(services.serviceAccounts),
    ...new SharingHandlers(services.guestTokens),
    // (identity: handlers go here)

    ...new WebhookHandlers(services.webhooks),
    // (webhooks: handlers go here)
  };
}
