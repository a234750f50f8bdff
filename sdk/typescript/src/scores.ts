import type { ApiClient } from './api/client.js';
import type { components } from './generated/openapi.js';

export type Score = components['schemas']['Score'];
export type ScoreValue = components['schemas']['ScoreValue'];

/** A score for a trace, a span of a trace, or a session (exactly one target: `traceId`, `traceId` + `spanId`, or `sessionId`). */
export type ScoreInput = {
  name: string;
  value: ScoreValue;
  dataType?: components['schemas']['ScoreDataType'];
  comment?: string;
} & ({ traceId: string; spanId?: string; sessionId?: never } | { sessionId: string; traceId?: never; spanId?: never });

/** Records a score through `POST /scores` (`createScore`); the server's refusal is thrown as a TracewellApiError. */
export async function createScore(api: ApiClient, input: ScoreInput): Promise<Score> {
  const { name, value, dataType, comment, traceId, spanId, sessionId } = input as ScoreInput & { traceId?: string; spanId?: string; sessionId?: string };
  const result = await api.call('createScore', { body: { name, value, dataType, comment, traceId, spanId, sessionId } });
  return result.data as Score;
}
