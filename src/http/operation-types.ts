/**
 * Types derived from the generated contract, so a handler's inputs and outputs are exactly the
 * contract's. A handler class implements `Pick<OperationHandlers, 'opA' | 'opB'>`.
 */
import type { operations } from '../../generated/openapi.js';
import type { RequestContext } from './request-context.js';

export type OperationId = keyof operations;

type JsonContent<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type SuccessResponses<Op extends OperationId> = operations[Op]['responses'];
type SuccessBody<Op extends OperationId> =
  | (200 extends keyof SuccessResponses<Op> ? JsonContent<SuccessResponses<Op>[200]> : never)
  | (201 extends keyof SuccessResponses<Op> ? JsonContent<SuccessResponses<Op>[201]> : never);

/** The `data` of the operation's success envelope. */
export type SuccessData<Op extends OperationId> = SuccessBody<Op> extends { data: infer D } ? D : never;

export type SuccessStatus<Op extends OperationId> = Extract<keyof SuccessResponses<Op>, 200 | 201>;

type Params<Op extends OperationId> = operations[Op]['parameters'];
export type QueryOf<Op extends OperationId> = Params<Op> extends { query?: infer Q } ? ([Q] extends [never] ? Record<string, never> : NonNullable<Q>) : Record<string, never>;
export type PathOf<Op extends OperationId> = Params<Op> extends { path: infer P } ? ([P] extends [never] ? Record<string, never> : NonNullable<P>) : Record<string, never>;
export type HeadersOf<Op extends OperationId> = Params<Op> extends { header?: infer H } ? ([H] extends [never] ? Record<string, never> : NonNullable<H>) : Record<string, never>;
export type BodyOf<Op extends OperationId> = operations[Op] extends { requestBody: infer B }
  ? JsonContent<B>
  : operations[Op] extends { requestBody?: infer B }
    ? [B] extends [never] ? undefined : JsonContent<NonNullable<B>> | undefined
    : undefined;

export interface OperationInput<Op extends OperationId> {
  ctx: RequestContext;
  path: PathOf<Op>;
  query: QueryOf<Op>;
  headers: HeadersOf<Op>;
  body: BodyOf<Op>;
}

export interface OperationReply<Op extends OperationId> {
  status: SuccessStatus<Op>;
  data: SuccessData<Op>;
  /** Extra response headers, e.g. an idempotent replay marker. */
  headers?: Record<string, string>;
}

export type OperationHandler<Op extends OperationId> = (input: OperationInput<Op>) => Promise<OperationReply<Op>>;

export type OperationHandlers = { [Op in OperationId]: OperationHandler<Op> };
