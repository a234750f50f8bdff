import type { HandledOperationId, OperationHandlers, OperationId, OperationInput, SuccessData } from '../http/operation-types.js';
import { uuidParametersOfOperation, withLowerCaseUuids } from '../http/uuid-parameters.js';
import { loadContract } from '../http/contract.js';
import type { JsonSchema, ToolAnnotations, ToolContext, ToolDefinition } from './tool-definition.js';
import type { ToolField } from './contract-fields.js';
import { deriveField } from './tool-schema-derivation.js';
import { extended } from '../extended.js';

/** The operation input a tool builds from its arguments; the request context is added by the adapter. */
export type ToolOperationInput<Op extends OperationId> = Omit<OperationInput<Op>, 'ctx'> & {
  /** Where a list starts (the tool's offset input); see RequestContext.startOffset. */
  startOffset?: number;
};

/**
 * How one agent tool rides one contract operation: the spec's tool input (snake_case, validated
 * against the schema derived from `input` with its defaults applied) becomes the operation's typed
 * input, and the operation's `data` becomes the spec's tool result. Input and output are declared
 * field by field onto contract fields (contract-fields.ts); their JSON Schemas are derived from the
 * contract at start, so a constraint is written once. The access policy is the operation's, read
 * from the contract; there is nothing about scopes or roles here.
 */
export interface ToolMapping<Op extends OperationId> {
  name: string;
  description: string;
  /** The tool's input, field by field onto the contract (tools/list publishes the derived inputSchema). */
  input: ToolField;
  /** The result, field by field onto the contract's response schemas (2025-06-18 structured output); every result is checked against it in tests. */
  output?: ToolField;
  annotations?: ToolAnnotations;
  timeoutMs?: number;
  operationId: Op;
  toOperation(input: Record<string, unknown>, context: ToolContext): ToolOperationInput<Op>;
  toResult(data: SuccessData<Op>, input: Record<string, unknown>): unknown;
}

/** One entry of a tool table: naming an operation the contract lacks, or mis-typing its data, fails to compile. */
export type AnyToolMapping = { [Op in HandledOperationId]: ToolMapping<Op> }[HandledOperationId];

export const mapTool = <Op extends HandledOperationId>(mapping: ToolMapping<Op>): AnyToolMapping => mapping as unknown as AnyToolMapping;

/** The input and output schemas tools/list publishes for a mapping, derived from `contract`. */
export function toolSchemas(entry: AnyToolMapping, contract: Record<string, unknown> = loadContract()): { inputSchema: JsonSchema; outputSchema?: JsonSchema } {
  return { inputSchema: deriveField(contract, entry.input).schema, outputSchema: entry.output && deriveField(contract, entry.output).schema };
}

/**
 * The ToolDefinition of a mapping: it calls the operation's handler, the same object REST routes to.
 * Its schemas are derived from `contract` (the served one unless a test passes a changed copy).
 */
export function operationTool(entry: AnyToolMapping, handlers: OperationHandlers, contract: Record<string, unknown> = loadContract()): ToolDefinition {
  // Each entry was type-checked against its own operation by mapTool; here one shape serves them all.
  type Op = HandledOperationId;
  const mapping = entry as ToolMapping<Op>;
  const handler = handlers[mapping.operationId] as unknown as (input: OperationInput<Op>) => Promise<{ data: SuccessData<Op> }>;
  // The handler is called directly, past REST binding: the same uuid normalisation, from the same contract metadata.
  const uuids = uuidParametersOfOperation(mapping.operationId);
  return {
    name: mapping.name,
    description: mapping.description,
    ...toolSchemas(entry, contract),
    annotations: mapping.annotations,
    timeoutMs: mapping.timeoutMs,
    operationId: mapping.operationId,
    async handler(input, context) {
      const { startOffset, ...operationInput } = mapping.toOperation(input, context);
      const reply = await handler(
        extended(withLowerCaseUuids(operationInput, uuids), {
          // The session's project is the one the operation works in (the invoker checked they agree).
          ctx: { requestId: context.requestId, principal: extended(context.principal, { project: context.project }), operationId: mapping.operationId, startOffset },
        }) as unknown as OperationInput<Op>,
      );
      return mapping.toResult(reply.data, input);
    },
  };
}
