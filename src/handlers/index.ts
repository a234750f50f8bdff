import type { OperationHandlers } from '../http/operation-types.js';
import type { Services } from '../services.js';
import { AccountHandlers } from './account-handlers.js';
import { ProjectHandlers } from './project-handlers.js';
// (handlers: further imports go here)

/** Every REST handler, keyed by the contract's operationId. */
export function buildHandlers(services: Services): Partial<OperationHandlers> {
  return {
    ...new AccountHandlers(services.profiles),
    ...new ProjectHandlers(services.projects),
    // (handlers: further handler classes go here)
  };
}
