import type { Capability } from '../domain/capabilities/capability-guard.js';
import type { OperationMeta } from './contract.js';

/**
 * Mutations of the public API (every non-GET operation except trace ingestion, the data plane, and the
 * POSTs the contract marks `x-tracewell-read-only`, which change nothing) need
 * the deployment's `public-api-mutations` capability; checked before the body is read, so nothing
 * is written when it is off. REST and the agent tools both ask here, so a tool follows its operation.
 */
export const needsMutationCapability = (operation: OperationMeta): boolean => operation.method !== 'GET' && !operation.readsOnly && operation.rateClass !== 'ingest';

/** The capabilities an operation needs, from its contract metadata. */
export const capabilitiesOf = (operation: OperationMeta): Capability[] => (needsMutationCapability(operation) ? ['public-api-mutations'] : []);
