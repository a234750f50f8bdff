/** Evaluator settings from the environment; the README lists each variable. */
export interface EvaluationSettings {
  /** Run the evaluator worker in this process (EVALUATOR_WORKER_ENABLED). */
  workerEnabled: boolean;
  pollMs: number;
  leaseMs: number;
  batchSize: number;
  maxAttempts: number;
  timeoutMs: number;
  retryBaseMs: number;
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min}; got ${raw}`);
  return value;
}

export function loadEvaluationSettings(env: Env): EvaluationSettings {
  const enabled = (env.EVALUATOR_WORKER_ENABLED ?? 'true').toLowerCase();
  if (enabled !== 'true' && enabled !== 'false') throw new Error(`EVALUATOR_WORKER_ENABLED must be true or false; got ${env.EVALUATOR_WORKER_ENABLED}`);
  return {
    workerEnabled: enabled === 'true',
    pollMs: integer(env, 'EVALUATOR_WORKER_POLL_MS', 1000, 10),
    leaseMs: integer(env, 'EVALUATOR_JOB_LEASE_MS', 120_000, 1000),
    batchSize: integer(env, 'EVALUATOR_WORKER_BATCH_SIZE', 5, 1),
    maxAttempts: integer(env, 'EVALUATOR_MAX_ATTEMPTS', 4, 1),
    timeoutMs: integer(env, 'EVALUATOR_TIMEOUT_MS', 30_000, 100),
    retryBaseMs: integer(env, 'EVALUATOR_RETRY_BASE_MS', 2000, 1),
  };
}
