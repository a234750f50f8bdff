import type { AuditLog } from '../domain/audit/audit-log.js';
import type { Store } from '../ports/store.js';
import type { OperationMeta } from '../http/contract.js';
import type { HandledOperationId, OperationHandler, OperationHandlers } from '../http/operation-types.js';

/** What audited operations need: the (ambient) store to open their transaction on, and the log. */
export interface AuditBinding {
  store: Store;
  log: AuditLog;
  /** Opens the transaction the operation and its record share (the runtime's ambient one). */
  transact: <T>(store: Store, work: (tx: Store) => Promise<T>) => Promise<T>;
}

const dotted = (value: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), value);

/**
 * The handler table with every `x-audit` operation running in one transaction with its audit
 * record: both commit, or neither. It wraps the handler itself, so a REST request and an agent tool
 * mapped onto the same operation leave the same record.
 */
export function withAuditTrail(handlers: OperationHandlers, operations: readonly OperationMeta[], binding: AuditBinding): OperationHandlers {
  const audited: OperationHandlers = { ...handlers };
  for (const operation of operations) {
    const spec = operation.audit;
    const operationId = operation.operationId as HandledOperationId;
    const inner = handlers[operationId] as OperationHandler<HandledOperationId> | undefined;
    if (!spec || !inner) continue;
    const wrapped: OperationHandler<HandledOperationId> = (input) =>
      binding.transact(binding.store, async (tx) => {
        const result = await inner(input);
        const body = input.body as Record<string, unknown> | undefined;
        const targetId = spec.id ? dotted({ path: input.path, response: result.data, body }, spec.id) : undefined;
        // A detail is a body field, or a path parameter when the body has none of that name (a DELETE's subject).
        const params = input.path as Record<string, unknown> | undefined;
        const detail = (name: string): unknown => body?.[name] ?? params?.[name];
        const details = Object.fromEntries((spec.details ?? []).filter((name) => detail(name) !== undefined).map((name) => [name, detail(name)]));
        await binding.log.record(tx, input.ctx.principal, input.ctx.requestId, {
          action: spec.action,
          targetType: spec.target,
          targetId: typeof targetId === 'string' ? targetId : null,
          organizationId: (dotted(result.data, 'organizationId') as string | undefined) ?? null,
          details,
        });
        return result;
      });
    (audited as Record<string, unknown>)[operationId] = wrapped;
  }
  return audited;
}
