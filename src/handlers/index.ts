import type { OperationHandlers } from '../http/operation-types.js';
import type { Services } from '../services.js';
import { AccountHandlers } from './account-handlers.js';
import { ProjectHandlers } from './project-handlers.js';
// (traces: handler imports go here)

// (tools: handler imports go here)

// (detections: handler imports go here)

// (saved-filters: handler imports go here)

import { ServiceAccountHandlers } from './service-account-handlers.js';
import { SharingHandlers } from './sharing-handlers.js';
// (identity: handler imports go here)

// (webhooks: handler imports go here)

/** Every REST handler, keyed by the contract's operationId. */
export function buildHandlers(services: Services): Partial<OperationHandlers> {
  return {
    ...new AccountHandlers(services.profiles),
    ...new ProjectHandlers(services.projects),
    // (traces: handlers go here)

    // (tools: handlers go here)

    // (detections: handlers go here)

    // (saved-filters: handlers go here)

    ...new ServiceAccountHandlers(services.serviceAccounts),
    ...new SharingHandlers(services.guestTokens),
    // (identity: handlers go here)

    // (webhooks: handlers go here)
  };
}
