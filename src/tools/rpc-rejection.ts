import type { Response } from 'express';
import type { ProblemError } from '../errors.js';
import { requestIdOf } from '../http/request-id.js';
import { RpcCode } from './protocol.js';

export type JsonRpcId = string | number | null;

/** A refusal before any method ran: the HTTP status tells transports, the JSON-RPC error tells clients. */
export class Rejection extends Error {
  constructor(
    readonly status: number,
    readonly rpcCode: number,
    message: string,
    readonly data: Record<string, unknown>,
    readonly id: JsonRpcId = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** This refusal answering `id`, unless it names one already. */
  withId(id: JsonRpcId): Rejection {
    return this.id !== null || id === null ? this : new Rejection(this.status, this.rpcCode, this.message, this.data, id, this.headers);
  }

  withHeaders(headers: Record<string, string>): Rejection {
    return new Rejection(this.status, this.rpcCode, this.message, this.data, this.id, { ...this.headers, ...headers });
  }

  static ofProblem(problem: ProblemError, id: JsonRpcId = null): Rejection {
    if (problem.status === 500) return new Rejection(500, RpcCode.internalError, 'Internal error', { status: 500, code: problem.code, error: problem.detail }, id);
    return new Rejection(problem.status, RpcCode.requestRejected, problem.title, { status: problem.status, code: problem.code, error: problem.detail }, id, problem.headers);
  }
}

const BAD_REQUEST_MESSAGES: Record<number, string> = {
  [RpcCode.requestRejected]: 'Bad Request',
  [RpcCode.parseError]: 'Parse error',
  [RpcCode.invalidRequest]: 'Invalid Request',
};

/** An HTTP 400 refusal; the JSON-RPC message is the standard one of `rpcCode`. */
export const badRequest = (code: string, detail: string, rpcCode: number = RpcCode.requestRejected, id: JsonRpcId = null): Rejection =>
  new Rejection(400, rpcCode, BAD_REQUEST_MESSAGES[rpcCode] ?? 'Bad Request', { status: 400, code, error: detail }, id);

export function sendRejection(res: Response, rejection: Rejection): void {
  for (const [name, value] of Object.entries(rejection.headers)) res.setHeader(name, value);
  res.status(rejection.status).json({
    jsonrpc: '2.0',
    id: rejection.id,
    error: { code: rejection.rpcCode, message: rejection.message, data: { ...rejection.data, request_id: requestIdOf(res) } },
  });
}
