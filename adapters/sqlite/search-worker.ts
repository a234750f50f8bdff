import { parentPort, workerData } from 'node:worker_threads';
import Database from './driver.js';
import type { SearchJob } from './search-run.js';
import { SearchRun } from './search-run.js';

/**
 * A SQLite search reader thread: its own read-only connection to the server's database file
 * (WAL: it reads beside the writer and never blocks it), so a long full-text search never holds
 * the server's event loop. The pool terminates the thread if a search passes its time bound.
 */
const { file, busyTimeoutMs } = workerData as { file: string; busyTimeoutMs: number };
const db = new Database(file, { readonly: true, fileMustExist: true });
db.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
const run = new SearchRun(db);

parentPort!.on('message', (message: { id: number; job: SearchJob }) => {
  try {
    parentPort!.postMessage({ id: message.id, result: run.search(message.job) });
  } catch (error) {
    const { message: text, code } = error as { message?: string; code?: string };
    parentPort!.postMessage({ id: message.id, error: text ?? String(error), code });
  }
});

parentPort!.postMessage({ ready: true });
