import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A synchronous collection of the calling thread's V8 heap: all of it (the default), or only its young
 * generation (a scavenge, about a millisecond: it copies what survives, and little does).
 */
export type CollectGarbage = (generation?: 'whole' | 'young') => void;

type V8Gc = (options?: { type: 'minor' | 'major' }) => void;

const collectorOf = (gc: V8Gc): CollectGarbage => (generation = 'whole') => (generation === 'young' ? gc({ type: 'minor' }) : gc());

let exposed: CollectGarbage | null | undefined;

/**
 * V8's own `gc()` for the calling thread, or null where V8 does not give it.
 *
 * Why this way: node hands out `gc` only with the `--expose-gc` command-line flag, and the server
 * must be able to give memory back however it was launched (`npm start`, the image, `node
 * dist/src/main.js`). V8 installs `gc` in the contexts created while the flag is set, so one new
 * context is made with it set and the flag is cleared again at once: no later context (nor any
 * code a later feature might run in one) gets the function. The function collects the thread's
 * whole heap, not only that context's. Each thread asks for its own.
 */
export function exposedGarbageCollector(): CollectGarbage | null {
  if (exposed !== undefined) return exposed;
  const given = (globalThis as { gc?: unknown }).gc;
  if (typeof given === 'function') {
    exposed = collectorOf(given as V8Gc);
    return exposed;
  }
  v8.setFlagsFromString('--expose-gc');
  let gc: unknown;
  try {
    gc = runInNewContext('typeof gc === "function" ? gc : null');
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
  exposed = typeof gc === 'function' ? collectorOf(gc as V8Gc) : null;
  return exposed;
}
