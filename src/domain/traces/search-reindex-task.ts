import type { Store } from '../../ports/store.js';
import type { ScheduledTask } from '../scheduling/scheduler.js';
import { searchDocumentOf } from './search-document.js';

/**
 * Traces one batch rebuilds: a batch runs inside one scheduler slot's transaction, which on SQLite
 * holds the only writer lock, so it stays well under the time an ingest would wait for it.
 */
export const SEARCH_REINDEX_BATCH_SIZE = 200;

/** Projects whose next batch one scheduler pass may run. */
const PROJECTS_PER_PASS = 20;

/**
 * Rebuilds a project's search documents from its stored traces and spans (docs/search.md,
 * "Re-indexing"): after an upgrade whose documents carry more (migration 023 queues every project
 * that has traces, as documents written before 020 lack span inputs and outputs and the
 * identifier-aware words), and when a project turns its inputs-and-outputs switch. The slot of a
 * rebuild is its generation and next batch number, which the batch advances in the same transaction as the
 * documents it wrote, so each batch runs once and a restarted process continues where the last
 * stopped. Searches keep working throughout: each trace has its old document until its batch
 * replaces it.
 */
export class SearchReindexTask implements ScheduledTask {
  readonly name = 'search-reindex';

  constructor(
    private readonly store: Store,
    private readonly batchSize = SEARCH_REINDEX_BATCH_SIZE,
  ) {}

  async dueSlots(): Promise<string[]> {
    return (await this.store.searchReindexes.running(PROJECTS_PER_PASS)).map((r) => `${r.projectId}:${r.generation}:${r.batches}`);
  }

  async run(slot: string, now: Date): Promise<void> {
    const [projectId, generation, batchText] = slot.split(':');
    const batch = Number(batchText);
    const reindex = await this.store.searchReindexes.find(projectId);
    if (!reindex || reindex.generation !== generation || reindex.batches !== batch) return;
    const project = await this.store.projects.findById(projectId);
    // A deleted project is being purged: there is nothing to rebuild.
    if (!project) return void (await this.store.searchReindexes.finish(projectId, batch));
    const ids = await this.store.searchReindexes.nextTraceIds(projectId, reindex.cursorTraceId, this.batchSize);
    const spansByTrace = await this.store.traces.spansOfTraces(projectId, ids);
    const documents: { traceId: string; body: string }[] = [];
    for (const traceId of ids) {
      const trace = await this.store.traces.findById(projectId, traceId);
      if (!trace) continue;
      // The trace's own name, as ingest wrote it: a native trace's name need not be its root span's.
      const source = { name: trace.name, metadata: trace.metadata, spans: spansByTrace.get(traceId) ?? [] };
      documents.push({ traceId, body: searchDocumentOf(source, { inputsOutputs: project.searchInputsOutputs }) });
    }
    await this.store.traces.replaceSearchDocuments(projectId, documents);
    if (ids.length < this.batchSize) await this.store.searchReindexes.finish(projectId, batch);
    else await this.store.searchReindexes.advance(projectId, batch, { processed: reindex.processed + ids.length, cursorTraceId: ids[ids.length - 1] }, now);
  }
}
