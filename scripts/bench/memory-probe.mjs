/**
 * Preloaded into a measured server (`node --expose-gc --import ./memory-probe.mjs …`) by
 * scripts/bench/otlp-memory.ts. Plain JavaScript because the server it measures is the compiled
 * one (no TypeScript loader, whose own memory would be counted).
 *
 * Samples process.memoryUsage() every 5 ms, so the heap peak is the highest value seen between two
 * ticks of the event loop (a lower bound: a synchronous stretch is seen at its end). On SIGUSR2 it
 * prints one line, `memory-probe {...}` in MB: the peaks since the last report, the values now,
 * and the values after a full garbage collection; then the peaks start again from there.
 */
const MB = 1024 * 1024;
const KEYS = ['rss', 'heapUsed', 'heapTotal', 'external', 'arrayBuffers'];
const inMb = (usage) => Object.fromEntries(KEYS.map((key) => [key, Math.round((usage[key] / MB) * 10) / 10]));
let peak = process.memoryUsage();

function sample() {
  const usage = process.memoryUsage();
  for (const key of KEYS) if (usage[key] > peak[key]) peak[key] = usage[key];
  return usage;
}

setInterval(sample, 5).unref();
process.on('SIGUSR2', () => {
  const now = sample();
  const reportedPeak = { ...peak };
  if (typeof globalThis.gc === 'function') globalThis.gc();
  const afterGc = process.memoryUsage();
  console.log(`memory-probe ${JSON.stringify({ peak: inMb(reportedPeak), now: inMb(now), afterGc: inMb(afterGc) })}`);
  peak = afterGc;
});
