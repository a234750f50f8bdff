import { parentPort } from 'node:worker_threads';
import { re2 } from './re2-engine.js';
import { runScan, type ScanJob } from './scan-job.js';

/**
 * A scan worker thread: runs the CPU-bound part of text detections (user patterns, PII
 * recognizers) so a large or crafted trace never holds the server's event loop.
 */
parentPort!.on('message', (message: { id: number; job: ScanJob }) => {
  try {
    parentPort!.postMessage({ id: message.id, result: runScan(message.job) });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: (error as Error).message ?? String(error) });
  }
});

// The pattern engine loads here, not in the first job: a job is timed from `ready`, and loading
// RE2JS on a busy machine (a niced thread, several processes on two cores) could take the whole
// deadline, so the worker would be stopped and a matching trace passed over without a firing.
re2();

// Start-up (loading, and under tsx compiling) is done: the pool starts timing jobs from here.
parentPort!.postMessage({ ready: true });
