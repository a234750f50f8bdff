import type { OperationMeta } from '../http/contract.js';
import type { OperationHandlers } from '../http/operation-types.js';
import type { Runtime } from '../runtime.js';
import { withAuditTrail } from './audited.js';
import { buildHandlers } from './index.js';

/**
 * The one handler table a running service serves: REST routes and agent tools both call it, so the
 * concurrency caps and the audit trail apply to an operation whichever face it is reached through.
 */
export function servedHandlers(runtime: Runtime, operations: readonly OperationMeta[]): OperationHandlers {
  return withAuditTrail(buildHandlers(runtime.services, runtime.clock), operations, {
    store: runtime.store,
    log: runtime.services.audit,
    transact: runtime.transact,
  });
}
