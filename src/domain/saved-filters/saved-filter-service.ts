import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { ProblemError, problems } from '../../errors.js';
import type { CursorBinding, CursorCodec, Page } from '../../pagination/cursor.js';
import type { SavedFilterPosition, SavedFilterRecord, SavedFilterSummaryRecord } from '../../ports/saved-filters.js';
import type { Store } from '../../ports/store.js';
import { validateFilterTree } from '../filters/filter-validation.js';

/** Saved filters arrive as request bodies (REST, or a tool passing the same shape), so errors point into `/body`. */
const BODY = '/body';

export const SAVED_FILTER_PAGE = { min: 1, max: 100, default: 20 } as const;

export interface SavedFilterListRequest {
  projectId: string;
  /** The credential and operation the cursor chain is bound to. */
  credentialId: string;
  endpoint: string;
  limit?: number;
  cursor?: string;
}

function trimmedName(name: unknown): string {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (trimmed.length < 1 || trimmed.length > 255) {
    throw problems.validation('The name is invalid; see errors.', [{ code: 'min_length', message: 'must have 1 to 255 characters after trimming', path: `${BODY}/name` }]);
  }
  return trimmed;
}

/**
 * Named filter trees of a project. Trees are validated and normalized here (not by the contract),
 * so every error names the node at fault. Another project's filter is indistinguishable from none.
 */
export class SavedFilterService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly cursors: CursorCodec,
  ) {}

  async create(projectId: string, input: { name: unknown; filters: unknown }): Promise<SavedFilterRecord> {
    const name = trimmedName(input.name);
    const filters = validateFilterTree(input.filters, { path: `${BODY}/filters` });
    const now = this.clock.now();
    const record: SavedFilterRecord = { id: randomUUID(), projectId, name, filters, createdAt: now, updatedAt: now };
    await this.store.savedFilters.insert(record);
    return record;
  }

  /** The filter, or 404 — also for a filter of another project. The trace list applies its rules as a TraceCondition. */
  async get(projectId: string, id: string): Promise<SavedFilterRecord> {
    const record = await this.store.savedFilters.find(projectId, id);
    if (!record) throw problems.notFound('The saved filter');
    return record;
  }

  async list(request: SavedFilterListRequest): Promise<{ items: SavedFilterSummaryRecord[]; page: Page }> {
    const limit = request.limit ?? SAVED_FILTER_PAGE.default;
    if (!Number.isInteger(limit) || limit < SAVED_FILTER_PAGE.min || limit > SAVED_FILTER_PAGE.max) {
      throw problems.validation('limit is out of range.', [{ code: 'maximum', message: 'must be 1 to 100', path: '/query/limit' }]);
    }
    const binding: CursorBinding = {
      credentialId: request.credentialId,
      projectId: request.projectId,
      endpoint: request.endpoint,
      filters: {},
      sort: 'createdAt:desc,id:desc',
    };
    const decoded = request.cursor ? this.cursors.decode<SavedFilterPosition>(request.cursor, binding) : null;
    const rows = await this.store.savedFilters.listSummaries(request.projectId, limit + 1, decoded?.position ?? null);
    const items = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    const last = items[items.length - 1];
    const nextCursor =
      hasMore && last ? this.cursors.encode(binding, { createdAt: last.createdAt.getTime(), id: last.id } satisfies SavedFilterPosition, decoded?.chainStartedAt) : null;
    return { items, page: { hasMore, limit, nextCursor } };
  }

  async update(projectId: string, id: string, input: { name?: unknown; filters?: unknown }): Promise<SavedFilterRecord> {
    if (input.name === undefined && input.filters === undefined) {
      throw problems.validation('Send at least one of name and filters.', [{ code: 'min_properties', message: 'must have at least 1 property', path: BODY }]);
    }
    const changes = {
      name: input.name === undefined ? undefined : trimmedName(input.name),
      filters: input.filters === undefined ? undefined : validateFilterTree(input.filters, { path: `${BODY}/filters` }),
      updatedAt: this.clock.now(),
    };
    if (!(await this.store.savedFilters.update(projectId, id, changes))) throw problems.notFound('The saved filter');
    return this.get(projectId, id);
  }

  async delete(projectId: string, id: string, confirmation: string): Promise<void> {
    if (confirmation !== id) {
      throw new ProblemError(400, 'PUBLIC_API_CONFIRMATION_MISMATCH', 'confirmation must equal the id of the saved filter to delete.', {
        errors: [{ code: 'confirmation_mismatch', message: 'must equal the saved filter id in the path', path: `${BODY}/confirmation` }],
      });
    }
    if (!(await this.store.savedFilters.delete(projectId, id))) throw problems.notFound('The saved filter');
  }
}
