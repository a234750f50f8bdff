import type { components, operations } from '../../../generated/openapi';

/** Types of the contract (generated/): an API change breaks the console's build, not its users. */
export type Schemas = components['schemas'];
export type OperationId = keyof operations;

type Responses<Op extends OperationId> = operations[Op]['responses'];
type SuccessBody<Op extends OperationId> = {
  [S in keyof Responses<Op>]: S extends 200 | 201 ? (Responses<Op>[S] extends { content: { 'application/json': infer B } } ? B : never) : never;
}[keyof Responses<Op>];
export type SuccessData<Op extends OperationId> = SuccessBody<Op> extends { data: infer D } ? D : never;

type Params<Op extends OperationId> = operations[Op]['parameters'];
export type QueryOf<Op extends OperationId> = Params<Op> extends { query?: infer Q } ? NonNullable<Q> : never;
export type BodyOf<Op extends OperationId> = operations[Op] extends { requestBody?: infer B }
  ? NonNullable<B> extends { content: { 'application/json': infer J } }
    ? J
    : never
  : never;

export type TraceSummary = Schemas['TraceSummary'];
export type FlatSpan = Schemas['FlatSpan'];
export type Problem = Schemas['Problem'];
