/** A project whose search documents are being rebuilt from its stored spans (docs/search.md). */
export interface SearchReindexRecord {
  projectId: string;
  /** Names this rebuild in scheduler slots: a later rebuild of the same project gets a new one. */
  generation: string;
  /** Batches done so far: the next batch's number. */
  batches: number;
  /** Traces rebuilt so far. */
  processed: number;
  /** Id of the last trace rebuilt (traces go by id); null before the first batch. */
  cursorTraceId: string | null;
  createdAt: Date;
}

export interface SearchReindexRepository {
  /** Starts (or restarts from the beginning) the rebuild of a project's documents. */
  enqueue(projectId: string, now: Date): Promise<void>;
  /** Rebuilds in progress, oldest first. */
  running(limit: number): Promise<SearchReindexRecord[]>;
  find(projectId: string): Promise<SearchReindexRecord | null>;
  /** Records batch number `batch` (only if it is the next one): false when another run recorded it. */
  advance(projectId: string, batch: number, progress: { processed: number; cursorTraceId: string }, now: Date): Promise<boolean>;
  /** Ends the rebuild after batch number `batch` (only if it is still the next one). */
  finish(projectId: string, batch: number): Promise<boolean>;
  /** The project's trace ids after `afterId` in id order, at most `limit`. */
  nextTraceIds(projectId: string, afterId: string | null, limit: number): Promise<string[]>;
}
