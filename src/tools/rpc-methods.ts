import {
  JSONRPCErrorException,
  createInvalidRequestResponse,
  createJSONRPCErrorResponse,
  createJSONRPCSuccessResponse,
  createMethodNotFoundResponse,
  isJSONRPCRequest,
  type JSONRPCID,
  type JSONRPCParams,
  type JSONRPCRequest,
  type JSONRPCResponse,
} from 'json-rpc-2.0';
import { RpcCode } from './protocol.js';

/** One method: its params and the request's context in, its result (or a promise of it) out. */
export type RpcMethod<Context> = (params: JSONRPCParams | undefined, context: Context) => unknown;

/** A method's failure as its error response: a JSONRPCErrorException as it says, anything else -32603. */
function errorResponse(id: JSONRPCID, error: unknown): JSONRPCResponse {
  if (error instanceof JSONRPCErrorException) return createJSONRPCErrorResponse(id, error.code, error.message, error.data);
  return createJSONRPCErrorResponse(id, RpcCode.internalError, 'Internal error');
}

/**
 * The server's JSON-RPC methods by name, answering one message with json-rpc-2.0's own request
 * check and response constructors, in a native async function.
 *
 * Why not json-rpc-2.0's JSONRPCServer.receive: its published build runs every request through
 * TypeScript's ES5 generator helper, which gives each call's generator object a function property
 * after creating it (`g[Symbol.iterator] = function () {…}`). On Node 20 an object given a function
 * property after creation keeps everything its calls' scopes reach alive through each
 * young-generation collection until the next full one — here the method's whole answer. A
 * 1,000-span get_trace_context had ~4 MB survive every scavenge (5 ms pauses, the tail of the
 * call); dispatched here, 20 KB (1.1–1.4 ms). docs/benchmarks.md, 2026-11-27 (afternoon).
 */
export class RpcMethods<Context> {
  private readonly methods = new Map<string, RpcMethod<Context>>();

  addMethod(name: string, method: RpcMethod<Context>): void {
    this.methods.set(name, method);
  }

  /** The response to one message: null for a notification (no id), whatever happened. */
  async receive(message: JSONRPCRequest, context: Context): Promise<JSONRPCResponse | null> {
    if (!isJSONRPCRequest(message)) return createInvalidRequestResponse(message);
    const { id } = message;
    const method = this.methods.get(message.method);
    if (!method) return id === undefined ? null : createMethodNotFoundResponse(id);
    try {
      const result = await method(message.params, context);
      return id === undefined ? null : createJSONRPCSuccessResponse(id, result);
    } catch (error) {
      return id === undefined ? null : errorResponse(id, error);
    }
  }
}
