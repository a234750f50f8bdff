import type { operations } from '../generated/openapi.js';

/**
 * The contract operations the SDK calls, with their method and path template. The request and
 * response types come from the generated contract types, so a contract change that breaks the SDK
 * fails its typecheck.
 */
export const OPERATIONS = {
  getPrompt: { method: 'GET', path: '/api/v1/public/prompts/{name}' },
  createScore: { method: 'POST', path: '/api/v1/public/scores' },
  createDataset: { method: 'POST', path: '/api/v1/public/datasets' },
  importDatasetItems: { method: 'POST', path: '/api/v1/public/datasets/{id}/items/import' },
  getDataset: { method: 'GET', path: '/api/v1/public/datasets/{id}' },
  listDatasetItems: { method: 'GET', path: '/api/v1/public/datasets/{id}/items' },
  listExperimentRuns: { method: 'GET', path: '/api/v1/public/datasets/{id}/runs' },
  createExperimentRun: { method: 'POST', path: '/api/v1/public/datasets/{id}/runs' },
  recordExperimentResults: { method: 'POST', path: '/api/v1/public/datasets/{id}/runs/{runId}/results' },
  updateExperimentRun: { method: 'PATCH', path: '/api/v1/public/datasets/{id}/runs/{runId}' },
  compareExperimentRuns: { method: 'GET', path: '/api/v1/public/datasets/{id}/runs/compare' },
} as const satisfies Partial<Record<keyof operations, { method: string; path: string }>>;

export type OperationId = keyof typeof OPERATIONS;

type Params<Op extends OperationId> = operations[Op]['parameters'];
type PathOf<Op extends OperationId> = Params<Op> extends { path: infer P } ? P : never;
type QueryOf<Op extends OperationId> = Params<Op> extends { query?: infer Q } ? Q : never;
type BodyOf<Op extends OperationId> = operations[Op] extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : operations[Op] extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B
    : never;
type Responses<Op extends OperationId> = operations[Op]['responses'];
type Ok<R> = R extends { 200: { content: { 'application/json': infer J } } }
  ? J
  : R extends { 201: { content: { 'application/json': infer J } } }
    ? J
    : never;

/** What a call needs: the path parameters, the query, the JSON body, extra headers. */
export interface CallInput<Op extends OperationId> {
  path?: PathOf<Op>;
  query?: QueryOf<Op>;
  body?: BodyOf<Op>;
  headers?: Record<string, string>;
}

/** The success envelope's `data`. */
export type OperationData<Op extends OperationId> = Ok<Responses<Op>> extends { data: infer D } ? D : never;
