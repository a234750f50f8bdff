import { operationIndex, type OperationMeta } from './contract.js';
import { extended } from '../extended.js';

/** The path and query parameters an operation's contract declares `format: uuid` (read with the operation index). */
export type UuidParameters = OperationMeta['uuidParameters'];

/** The contract's operations by id, indexed once: each tool looked its operation up in a fresh index (~2 ms each, 0.25 s of start-up). */
let byId: Map<string, OperationMeta> | undefined;

/** The uuid parameters of the operation named `operationId` (for callers without its OperationMeta, such as agent tools). */
export function uuidParametersOfOperation(operationId: string): UuidParameters {
  byId ??= new Map(operationIndex().map((operation) => [operation.operationId, operation]));
  const operation = byId.get(operationId);
  if (!operation) throw new Error(`The contract has no operation ${operationId}.`);
  return operation.uuidParameters;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Uuid parameters in lower case, so `ABC…` and `abc…` name one resource on SQLite (text ids) as on PostgreSQL (uuid ids). */
function lowerCaseUuids<T>(values: T, names: ReadonlySet<string>): T {
  if (names.size === 0 || values === null || typeof values !== 'object') return values;
  const result = { ...values } as Record<string, unknown>;
  for (const name of names) {
    const value = result[name];
    if (typeof value === 'string' && UUID.test(value)) result[name] = value.toLowerCase();
  }
  return result as T;
}

/**
 * An operation input's path and query with the contract's uuid parameters lower-cased: the one
 * normalisation that REST binding and agent tools (which call the handlers directly) both apply.
 */
export function withLowerCaseUuids<T extends { path?: unknown; query?: unknown }>(input: T, uuids: UuidParameters): T {
  // Most operations have none: their input goes on as it is, not copied (every tool call of them made one).
  if (uuids.path.size === 0 && uuids.query.size === 0) return input;
  return extended(input, { path: lowerCaseUuids(input.path, uuids.path), query: lowerCaseUuids(input.query, uuids.query) }) as T;
}
