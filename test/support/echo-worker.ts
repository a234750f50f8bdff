import { parentPort } from 'node:worker_threads';

/** A ThreadPool worker for tests: answers each job with the job itself, upper-cased when it is a string. */
parentPort!.on('message', (message: { id: number; job: unknown }) => {
  parentPort!.postMessage({ id: message.id, result: typeof message.job === 'string' ? message.job.toUpperCase() : message.job });
});

parentPort!.postMessage({ ready: true });
