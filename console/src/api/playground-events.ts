/** The events of POST /playground/runs, as its contract description lists them. */
export type PlaygroundStreamEvent =
  | { event: 'run'; data: { traceId: string } }
  | { event: 'delta'; data: { content: string } }
  | { event: 'done'; data: { traceId: string; output: string; promptTokens: number; completionTokens: number; costUsd: number; latencyMs: number; finishReason: string | null } }
  | { event: 'error'; data: { traceId: string; code: string; detail: string; output: string } };
