import { credentialHeaders, type Connection } from '../config.js';
import { OPERATIONS, type CallInput, type OperationData, type OperationId } from './operations.js';

/** A Problem document the server answered with, or a network failure (status 0). */
export class TracewellApiError extends Error {
  override readonly name = 'TracewellApiError';
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly problem?: unknown,
  ) {
    super(message);
  }
}

export interface CallResult<Op extends OperationId> {
  status: number;
  /** Absent on 304. */
  data: OperationData<Op> | undefined;
  headers: Headers;
}

/** A small typed wrapper over fetch for the contract operations the SDK uses. */
export class ApiClient {
  constructor(readonly connection: Connection) {}

  async call<Op extends OperationId>(operationId: Op, input: CallInput<Op> = {}): Promise<CallResult<Op>> {
    const operation = OPERATIONS[operationId];
    const url = new URL(this.connection.baseUrl + expandPath(operation.path, (input.path ?? {}) as Record<string, unknown>));
    for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(one));
    }
    const headers: Record<string, string> = { accept: 'application/json', ...credentialHeaders(this.connection), ...input.headers };
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await this.connection.fetch(url, {
        method: operation.method,
        headers,
        body: input.body === undefined ? undefined : JSON.stringify(input.body),
        signal: AbortSignal.timeout(this.connection.requestTimeoutMs),
      });
    } catch (error) {
      throw new TracewellApiError(0, undefined, `${operation.method} ${url.pathname} failed: ${(error as Error).message}`);
    }
    if (response.status === 304) return { status: 304, data: undefined, headers: response.headers };
    const text = await response.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const problem = json as { code?: string; detail?: string; title?: string; errors?: { path?: string; message?: string }[] } | undefined;
      const where = problem?.errors?.[0] ? ` (${problem.errors[0].path ?? ''}: ${problem.errors[0].message ?? ''})` : '';
      throw new TracewellApiError(response.status, problem?.code, `${operation.method} ${url.pathname} answered ${response.status}: ${problem?.detail ?? problem?.title ?? text.slice(0, 200)}${where}`, problem);
    }
    return { status: response.status, data: (json as { data: OperationData<Op> } | undefined)?.data, headers: response.headers };
  }
}

function expandPath(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new TypeError(`missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
