import type { FilterNode } from '../domain/filters/filter-types.js';

export interface SavedFilterSummaryRecord {
  id: string;
  projectId: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface SavedFilterRecord extends SavedFilterSummaryRecord {
  /** The normalized tree. */
  filters: FilterNode[];
}

/** Keyset position of the newest-first list: the last item's createdAt (epoch ms) and id. */
export interface SavedFilterPosition {
  createdAt: number;
  id: string;
}

export interface SavedFilterRepository {
  insert(record: SavedFilterRecord): Promise<void>;
  find(projectId: string, id: string): Promise<SavedFilterRecord | null>;
  /** Newest first, strictly after `after` when given; at most `limit` rows. */
  listSummaries(projectId: string, limit: number, after: SavedFilterPosition | null): Promise<SavedFilterSummaryRecord[]>;
  update(projectId: string, id: string, changes: { name?: string; filters?: FilterNode[]; updatedAt: Date }): Promise<boolean>;
  delete(projectId: string, id: string): Promise<boolean>;
}
