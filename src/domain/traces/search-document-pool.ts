import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ThreadPool } from '../background/thread-pool.js';
import { documentOfTexts } from './search-document.js';

/** Turns each trace's texts (searchTextsOf) into its search document (documentOfTexts), wherever it likes. */
export interface SearchDocumentBuilder {
  documentsOf(textsOfTraces: string[][]): Promise<string[]>;
  close(): Promise<void>;
}

/** Builds documents on the caller's event loop: tests, scripts and INGEST_DOCUMENT_THREADS=0. */
export const inThreadDocuments: SearchDocumentBuilder = {
  documentsOf: async (textsOfTraces) => textsOfTraces.map(documentOfTexts),
  close: async () => undefined,
};

export interface SearchDocumentPoolSettings {
  /** Threads; 0 builds every document on the caller's event loop. */
  workers: number;
  /** Texts of fewer characters than this are split on the caller's loop: a thread's round trip would cost more. */
  inThreadBelowChars?: number;
  /** An idle thread is stopped after this long (and started again on the next job). */
  idleMs?: number;
}

/**
 * Where a thread starts to pay (measured on prose, compiled, on the 2-core machine): splitting
 * 16,000 characters takes about 110 µs on the loop, as long as a thread's round trip with them;
 * 4,000 take 26 µs against a 54 µs round trip, 64,000 take 600 µs against 400. Below it a trace
 * (a log_trace call, a short OTLP export) is split on the loop; a bench batch of 20 traces goes.
 */
const DEFAULT_IN_THREAD_BELOW_CHARS = 16_384;
const DEFAULT_IDLE_MS = 5 * 60_000;

const EXTENSION = path.extname(fileURLToPath(import.meta.url));
const WORKER_FILE = new URL(`./search-document-worker${EXTENSION}`, import.meta.url);

/**
 * Search documents built on worker threads. Ingest's request loop does everything else a write
 * needs (parsing, validation, rows, the transaction); splitting inputs and outputs into words was
 * the largest part of its JavaScript (a tenth of the loop's time in HTTP batch ingest on SQLite,
 * where the loop also runs the database). A thread that fails or exits is not a failed ingest:
 * the documents are then built on the loop, as without threads.
 */
export class SearchDocumentPool implements SearchDocumentBuilder {
  /** A job is one text per trace: its texts joined by a line break (see documentsOf). */
  private readonly pool: ThreadPool<string[], string[]> | null;
  private readonly inThreadBelowChars: number;
  /** Batches built on a thread, and batches a thread failed and the loop built instead (observable in tests). */
  readonly stats = { threadJobs: 0, fallbacks: 0 };

  constructor(settings: SearchDocumentPoolSettings) {
    this.inThreadBelowChars = settings.inThreadBelowChars ?? DEFAULT_IN_THREAD_BELOW_CHARS;
    this.pool =
      settings.workers > 0
        ? new ThreadPool<string[], string[]>({
            name: 'search document',
            workerFile: WORKER_FILE,
            workers: settings.workers,
            idleMs: settings.idleMs ?? DEFAULT_IDLE_MS,
            // Linear in the texts, which a trace's 1 MB bounds: no deadline to enforce.
            deadlineMs: () => null,
            overrun: () => new Error('unreachable: search document jobs have no deadline'),
          })
        : null;
  }

  /** Worker threads alive now. */
  get liveWorkers(): number {
    return this.pool?.liveWorkers ?? 0;
  }

  async documentsOf(textsOfTraces: string[][]): Promise<string[]> {
    if (!this.pool || charsOf(textsOfTraces) < this.inThreadBelowChars) return textsOfTraces.map(documentOfTexts);
    try {
      // One string per trace: a thread gets each string copied, and copying thousands of short
      // ones (names, metadata keys) cost a structured clone more than splitting them did. A line
      // break separates words as the texts' own boundaries do, so the words are the same.
      const documents = await this.pool.run(textsOfTraces.map((texts) => texts.join('\n')));
      this.stats.threadJobs += 1;
      return documents;
    } catch {
      this.stats.fallbacks += 1;
      return textsOfTraces.map(documentOfTexts);
    }
  }

  close(): Promise<void> {
    return this.pool?.close() ?? Promise.resolve();
  }
}

function charsOf(textsOfTraces: string[][]): number {
  let chars = 0;
  for (const texts of textsOfTraces) for (const text of texts) chars += text.length;
  return chars;
}
