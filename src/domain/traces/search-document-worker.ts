import { parentPort } from 'node:worker_threads';
import { documentOfTexts } from './search-document.js';

/**
 * A search-document thread: splits ingested traces' texts into their documents' words, the
 * CPU-heavy half of building a document, while the request event loop parses and stores others.
 */
parentPort!.on('message', (message: { id: number; job: string[] }) => {
  try {
    parentPort!.postMessage({ id: message.id, result: message.job.map((text) => documentOfTexts([text])) });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: (error as Error).message ?? String(error) });
  }
});

// Loaded (under tsx, compiled): the pool counts jobs from here.
parentPort!.postMessage({ ready: true });
