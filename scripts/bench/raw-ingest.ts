import { loadConfig } from '../../src/config.js';
import { systemClock } from '../../src/clock.js';
import { createServices } from '../../src/services.js';
import type { BenchDatabase } from './bench-database.js';
import type { RawIngestor } from './dataset.js';
import type { Store } from '../../src/ports/store.js';

/**
 * The raw limit: the server's own trace ingestion service, wired exactly as the server wires it
 * (createServices, so after-store hooks run too), called in-process over the same adapter. It does
 * what a batch request does after HTTP — validate, summarize, one transaction per batch — without
 * sockets, JSON parsing, authentication, rate limiting and contract validation.
 */
export function createRawIngestor(db: BenchDatabase, store: Store = db.store): RawIngestor {
  const services = createServices({ store, clock: systemClock, config: loadConfig(db.serverEnv) });
  return {
    async ingestBatch(projectId, traces) {
      await services.traceIngestion.ingestBatch(projectId, traces);
    },
  };
}
