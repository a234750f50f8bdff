import v8 from 'node:v8';
import { ConfigError } from '../settings/config-error.js';
import { readInteger, type Env } from '../settings/read-setting.js';

/** V8's own factor is at most 4× (300 %): a larger setting could only let the heap grow further. */
const MAX_PERCENT = 300;

/**
 * The V8 flag HEAP_GROWING_PERCENT asks for, or null for V8's own heap growing factor (0).
 *
 * Why: on a machine with memory to spare V8 lets the old generation grow by up to 4× what survived
 * its last full collection when allocation is fast, so a burst of requests (ingest at concurrency
 * 32, OTLP decode) left the server 100+ MB above what it keeps alive; a fixed factor keeps the next
 * collection close to the live heap (issue #61 item 1, docs/benchmarks.md).
 */
export function heapGrowingFlag(env: Env): string | null {
  const percent = readInteger(env, 'HEAP_GROWING_PERCENT');
  if (percent > MAX_PERCENT) throw new ConfigError(`HEAP_GROWING_PERCENT must be an integer from 0 to ${MAX_PERCENT}; got ${percent}`);
  return percent === 0 ? null : `--heap-growing-percent=${percent}`;
}

/**
 * Applies HEAP_GROWING_PERCENT to this process. V8 reads the flag at every full collection and its
 * flags are process-wide, so set at start it holds for the main heap and every worker thread's.
 */
export function applyHeapGrowth(env: Env, setFlags: (flags: string) => void = v8.setFlagsFromString): string | null {
  const flag = heapGrowingFlag(env);
  if (flag !== null) setFlags(flag);
  return flag;
}
