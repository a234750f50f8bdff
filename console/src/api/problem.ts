import type { Problem } from './operation-types';

/** A failed call, carrying what the Problem body said so the page can show title, detail and request id. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly requestId: string | null,
    readonly code: string | null,
    readonly fieldErrors: { path: string; message: string }[] = [],
  ) {
    super(`${title}: ${detail}`);
  }

  static fromProblem(status: number, body: Partial<Problem>, requestIdHeader: string | null): ApiProblem {
    return new ApiProblem(
      status,
      body.title ?? `HTTP ${status}`,
      body.detail ?? 'The service answered without details.',
      body.requestId ?? requestIdHeader,
      body.code ?? null,
      (body.errors ?? []).map((e) => ({ path: e.path, message: e.message })),
    );
  }
}
