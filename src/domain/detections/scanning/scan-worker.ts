import { parentPort } from 'node:worker_threads';
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

// Start-up (loading, and under tsx compiling) is done: the pool starts timing jobs from here.
parentPort!.postMessage({ ready: true });
