import { readInteger, readSetting, type Env } from '../../settings/read-setting.js';

/** Evaluator settings from the environment; src/settings/catalog.ts declares each variable. */
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

export function loadEvaluationSettings(env: Env): EvaluationSettings {
  const given = readSetting(env, 'EVALUATOR_WORKER_ENABLED');
  const enabled = (given ?? 'true').toLowerCase();
  if (enabled !== 'true' && enabled !== 'false') throw new Error(`EVALUATOR_WORKER_ENABLED must be true or false; got ${given}`);
  return {
    workerEnabled: enabled === 'true',
    pollMs: readInteger(env, 'EVALUATOR_WORKER_POLL_MS'),
    leaseMs: readInteger(env, 'EVALUATOR_JOB_LEASE_MS'),
    batchSize: readInteger(env, 'EVALUATOR_WORKER_BATCH_SIZE'),
    maxAttempts: readInteger(env, 'EVALUATOR_MAX_ATTEMPTS'),
    timeoutMs: readInteger(env, 'EVALUATOR_TIMEOUT_MS'),
    retryBaseMs: readInteger(env, 'EVALUATOR_RETRY_BASE_MS'),
  };
}
