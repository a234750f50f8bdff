import type { OperationHandlers } from '../http/operation-types.js';
import type { Services } from '../services.js';
import { AccountHandlers } from './account-handlers.js';
import { ProjectHandlers } from './project-handlers.js';
import { TraceHandlers } from './trace-handlers.js';

import { DetectionHandlers } from './detection-handlers.js';
import { FixHandlers } from './fix-handlers.js';

import { SavedFilterHandlers } from './saved-filter-handlers.js';

import { ServiceAccountHandlers } from './service-account-handlers.js';
import { SharingHandlers } from './sharing-handlers.js';

import { WebhookHandlers } from './webhook-handlers.js';

/** Every REST handler, keyed by the contract's operationId. */
export function buildHandlers(services: Services): Partial<OperationHandlers> {
  return {
    ...new AccountHandlers(services.profiles),
    ...new ProjectHandlers(services.projects),
    ...new TraceHandlers(services.traceIngestion, services.traceList, services.traceContext),

    ...new DetectionHandlers(services.detections),
    ...new FixHandlers(services.fixes),

    ...new SavedFilterHandlers(services.savedFilters),

    ...new ServiceAccountHandlers(services.serviceAccounts),
    ...new SharingHandlers(services.guestTokens),

    ...new WebhookHandlers(services.webhooks),
  };
}
