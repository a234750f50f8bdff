/**
 * Types derived from the generated contract, so a handler's inputs and outputs are exactly the
 * contract's. A handler class implements `Pick<OperationHandlers, 'opA' | 'opB'>`.
 */
import type { operations } from '../../generated/openapi.js';
import type { Response as ExpressResponse } from 'express';
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
export type QueryOf<Op extends OperationId> = Params<Op> extends { query?: infer Q } ? ([NonNullable<Q>] extends [never] ? Record<string, never> : NonNullable<Q>) : Record<string, never>;
export type PathOf<Op extends OperationId> = Params<Op> extends { path: infer P } ? ([NonNullable<P>] extends [never] ? Record<string, never> : NonNullable<P>) : Record<string, never>;
export type HeadersOf<Op extends OperationId> = Params<Op> extends { header?: infer H } ? ([NonNullable<H>] extends [never] ? Record<string, never> : NonNullable<H>) : Record<string, never>;
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

/**
 * Operations whose bodies are not envelopes, answered by their own routers before the enveloping
 * pipeline, so they have no handler here: the served contract (contract router, no credential) and
 * the OTLP/HTTP export (protobuf or OTLP JSON in and out, OTLP router).
 */
export const SELF_SERVED_OPERATIONS = ['getContractJson', 'getContractYaml', 'exportOtlpTraces', 'receiveGithubWebhook'] as const satisfies readonly OperationId[];
export type SelfServedOperationId = (typeof SELF_SERVED_OPERATIONS)[number];

/** Operations that write their own body as they go (JSON Lines exports, the playground's Server-Sent Events), answered by a StreamingHandler. */
export const STREAMING_OPERATIONS = ['exportTraces', 'runPlayground', 'exportDatasetItems'] as const satisfies readonly OperationId[];
export type StreamingOperationId = (typeof STREAMING_OPERATIONS)[number];

/** A streamed response: the handler writes status, headers and body itself. */
export type StreamingHandler<Op extends StreamingOperationId = StreamingOperationId> = (input: OperationInput<Op>, res: ExpressResponse) => Promise<void>;
export type StreamingHandlers = { [Op in StreamingOperationId]: StreamingHandler<Op> };

/** The operations an enveloping handler answers: every one but the self-served and the streams. */
export type HandledOperationId = Exclude<OperationId, SelfServedOperationId | StreamingOperationId>;

/** One handler per enveloped contract operation: a new operation without one fails to compile. */
export type OperationHandlers = { [Op in HandledOperationId]: OperationHandler<Op> };
